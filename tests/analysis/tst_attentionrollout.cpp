// attentionRollout against the numpy reference in tests/golden/analysis, plus traces whose
// rollout is known by hand.

#include <QJsonArray>
#include <QtTest>

#include "FloatRounding.h"
#include "GoldenFile.h"
#include "AnalysisTestData.h"
#include "analysis/AttentionRollout.h"

using headmap::MatrixF;
using headmap::testing::rolloutBound;
using headmap::testing::rolloutRowSumBound;

Q_DECLARE_METATYPE(MatrixF)

class TestAttentionRollout : public QObject {
    Q_OBJECT

private slots:
    void golden_data();
    void golden();
    void identityAttention_data();
    void identityAttention();
    void uniformHeads_data();
    void uniformHeads();
    void averagesHeadsBeforeResidual();
    void withoutHeads();
    void withoutLayersOrTokens();
};

void TestAttentionRollout::golden_data() {
    const QString error = analysistest::addGoldenRows();
    QVERIFY2(error.isEmpty(), qPrintable(error));
}

void TestAttentionRollout::golden() {
    QFETCH(QJsonObject, goldenCase);
    const headmap::AttentionTrace trace = analysistest::goldenTrace(goldenCase);
    const std::vector<MatrixF> rollout = headmap::attentionRollout(trace);
    const QJsonArray expected = goldenCase.value("rollout").toArray();
    QCOMPARE(qsizetype(rollout.size()), expected.size());
    for (qsizetype l = 0; l < expected.size(); ++l) {
        // float32 against float64 from the same weights: rolloutBound (FloatRounding.h).
        const int layers = int(l) + 1, t = trace.length();
        const QString what = QStringLiteral("rollout after layer %1").arg(l);
        const QString error = golden::compareMatrices(rollout[size_t(l)], golden::toMatrix(expected.at(l)),
                                                      rolloutBound(layers, trace.heads(), t), what);
        QVERIFY2(error.isEmpty(), qPrintable(error));
        const MatrixF rowSums = rollout[size_t(l)].rowwise().sum();  // (T, 1)
        QVERIFY2((rowSums.array() - 1.0f).abs().maxCoeff() <= rolloutRowSumBound(layers, t),
                 qPrintable(what + " has a row not summing to 1"));
    }
}

void TestAttentionRollout::identityAttention_data() {
    QTest::addColumn<int>("layers");
    QTest::addColumn<int>("heads");
    QTest::addColumn<int>("t");
    QTest::newRow("one layer, one token") << 1 << 1 << 1;
    QTest::newRow("three layers, two heads, T=5") << 3 << 2 << 5;
    QTest::newRow("twelve layers, T=16") << 12 << 4 << 16;
}

void TestAttentionRollout::identityAttention() {
    // Every token attends only to itself, so nothing ever mixes.
    QFETCH(int, layers);
    QFETCH(int, heads);
    QFETCH(int, t);
    const auto trace = analysistest::uniformTrace(layers, heads, MatrixF::Identity(t, t));
    const std::vector<MatrixF> rollout = headmap::attentionRollout(trace);
    QCOMPARE(int(rollout.size()), layers);
    for (const MatrixF& r : rollout) {
        const QString error =
            golden::compareMatrices(r, MatrixF::Identity(t, t), 0.0, QStringLiteral("rollout"));
        QVERIFY2(error.isEmpty(), qPrintable(error));
    }
}

void TestAttentionRollout::uniformHeads_data() {
    // T = 4, every head uniform: Â = 0.5·U + 0.5·I has 0.625 on the diagonal and 0.125 off it;
    // Â² has 0.625² + 3·0.125² = 0.4375 and 2·0.625·0.125 + 2·0.125² = 0.1875.
    QTest::addColumn<int>("layers");
    QTest::addColumn<float>("diagonal");
    QTest::addColumn<float>("offDiagonal");
    QTest::newRow("one layer") << 1 << 0.625f << 0.125f;
    QTest::newRow("two layers") << 2 << 0.4375f << 0.1875f;
}

void TestAttentionRollout::uniformHeads() {
    QFETCH(int, layers);
    QFETCH(float, diagonal);
    QFETCH(float, offDiagonal);
    const auto trace = analysistest::uniformTrace(layers, 3, analysistest::uniformHead(4));
    const MatrixF last = headmap::attentionRollout(trace).back();
    MatrixF expected = MatrixF::Constant(4, 4, offDiagonal);
    expected.diagonal().setConstant(diagonal);
    const QString error = golden::compareMatrices(last, expected, 1e-7, QStringLiteral("rollout"));
    QVERIFY2(error.isEmpty(), qPrintable(error));
}

void TestAttentionRollout::averagesHeadsBeforeResidual() {
    // Heads identity and previous-token: A = 0.5·I + 0.5·P, Â = 0.75·I + 0.25·P. Row 0 of P
    // is itself one-hot on token 0, so row 0 stays [1, 0, 0].
    auto trace = analysistest::zeroTrace(1, 2, 3);
    analysistest::setHead(trace, 0, 0, MatrixF::Identity(3, 3));
    analysistest::setHead(trace, 0, 1, analysistest::previousTokenHead(3));
    MatrixF expected(3, 3);
    expected << 1.0f, 0.0f, 0.0f,
                0.25f, 0.75f, 0.0f,
                0.0f, 0.25f, 0.75f;
    const QString error = golden::compareMatrices(headmap::attentionRollout(trace).front(),
                                                  expected, 1e-7, QStringLiteral("rollout"));
    QVERIFY2(error.isEmpty(), qPrintable(error));
}

void TestAttentionRollout::withoutHeads() {
    // No heads: no attention to mix in, only the residual path, so the rollout is I.
    const std::vector<MatrixF> rollout =
        headmap::attentionRollout(analysistest::zeroTrace(2, 0, 3));
    QCOMPARE(rollout.size(), size_t(2));
    const QString error = golden::compareMatrices(rollout[1], MatrixF::Identity(3, 3), 0.0,
                                                  QStringLiteral("rollout"));
    QVERIFY2(error.isEmpty(), qPrintable(error));
}

void TestAttentionRollout::withoutLayersOrTokens() {
    QVERIFY(headmap::attentionRollout(headmap::AttentionTrace()).empty());
    const std::vector<MatrixF> rollout =
        headmap::attentionRollout(analysistest::zeroTrace(3, 2, 0));
    QCOMPARE(rollout.size(), size_t(3));
    QCOMPARE(rollout[2].rows(), Eigen::Index(0));
    QCOMPARE(rollout[2].cols(), Eigen::Index(0));
}

QTEST_GUILESS_MAIN(TestAttentionRollout)
#include "tst_attentionrollout.moc"
