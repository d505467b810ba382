// layerMean/layerMax, keptTokens, withoutTokens, normaliseRowsByMax and difference: against the
// numpy reference in tests/golden/analysis and on small hand-made matrices.

#include <QJsonArray>
#include <QtTest>

#include "GoldenFile.h"
#include "AnalysisTestData.h"
#include "analysis/AttentionTransforms.h"
#include "core/HeadmapError.h"

using headmap::MatrixF;

Q_DECLARE_METATYPE(MatrixF)
Q_DECLARE_METATYPE(std::vector<bool>)
Q_DECLARE_METATYPE(std::vector<int>)

// QVERIFY2 with golden::compareMatrices' one-line report of the first differing entry.
#define COMPARE_MATRICES(actual, expected, tolerance, what)                                  \
    do {                                                                                     \
        const QString error_ = golden::compareMatrices(actual, expected, tolerance, what);   \
        QVERIFY2(error_.isEmpty(), qPrintable(error_));                                      \
    } while (false)

namespace {

MatrixF matrix(int rows, int cols, std::initializer_list<float> values) {
    MatrixF m(rows, cols);
    std::copy(values.begin(), values.end(), m.data());
    return m;
}

}  // namespace

class TestAttentionTransforms : public QObject {
    Q_OBJECT

private slots:
    void golden_data();
    void golden();
    void layerMeanAndMax();
    void layerOutOfRange_data();
    void layerOutOfRange();
    void keptTokens_data();
    void keptTokens();
    void withoutTokens_data();
    void withoutTokens();
    void withoutTokensRejectsOutsideIndex();
    void normaliseRowsByMax_data();
    void normaliseRowsByMax();
    void difference();
    void differenceOfMismatchedShapesThrows();
};

void TestAttentionTransforms::golden_data() {
    const QString error = analysistest::addGoldenRows();
    QVERIFY2(error.isEmpty(), qPrintable(error));
}

void TestAttentionTransforms::golden() {
    QFETCH(QJsonObject, goldenCase);
    const headmap::AttentionTrace trace = analysistest::goldenTrace(goldenCase);
    for (int l = 0; l < trace.layers(); ++l) {
        const QJsonValue mean = goldenCase.value("layer_mean").toArray().at(l);
        const QJsonValue max = goldenCase.value("layer_max").toArray().at(l);
        COMPARE_MATRICES(headmap::layerMean(trace, l), golden::toMatrix(mean), 1e-6,
                         QStringLiteral("layer %1 mean").arg(l));
        COMPARE_MATRICES(headmap::layerMax(trace, l), golden::toMatrix(max), 0.0,
                         QStringLiteral("layer %1 max").arg(l));
    }
    const std::vector<int> kept = headmap::keptTokens(trace.special());
    QCOMPARE(kept, golden::toIntVector(goldenCase.value("kept")));
    const MatrixF head0 = trace.head(0, 0);  // (T, T)
    COMPARE_MATRICES(headmap::withoutTokens(head0, kept, false),
                     golden::toMatrix(goldenCase.value("head0_without_special")), 0.0,
                     QStringLiteral("head 0 without special tokens"));
    COMPARE_MATRICES(headmap::withoutTokens(head0, kept, true),
                     golden::toMatrix(goldenCase.value("head0_without_special_renormalised")), 1e-6,
                     QStringLiteral("head 0 without special tokens, renormalised"));
    COMPARE_MATRICES(headmap::normaliseRowsByMax(head0),
                     golden::toMatrix(goldenCase.value("head0_rows_by_max")), 1e-6,
                     QStringLiteral("head 0 rows by max"));
}

void TestAttentionTransforms::layerMeanAndMax() {
    auto trace = analysistest::zeroTrace(2, 2, 2);
    analysistest::setHead(trace, 1, 0, matrix(2, 2, {0.5f, 0.5f, 1.0f, 0.0f}));
    analysistest::setHead(trace, 1, 1, matrix(2, 2, {0.25f, 0.75f, 0.0f, 1.0f}));
    COMPARE_MATRICES(headmap::layerMean(trace, 1), matrix(2, 2, {0.375f, 0.625f, 0.5f, 0.5f}), 0.0,
                     QStringLiteral("mean"));
    COMPARE_MATRICES(headmap::layerMax(trace, 1), matrix(2, 2, {0.5f, 0.75f, 1.0f, 1.0f}), 0.0,
                     QStringLiteral("max"));
    COMPARE_MATRICES(headmap::layerMean(trace, 0), MatrixF::Zero(2, 2), 0.0,
                     QStringLiteral("layer 0"));
    // No heads at all: zeros of the right shape rather than 0/0.
    const auto headless = analysistest::zeroTrace(1, 0, 3);
    COMPARE_MATRICES(headmap::layerMean(headless, 0), MatrixF::Zero(3, 3), 0.0,
                     QStringLiteral("mean"));
    COMPARE_MATRICES(headmap::layerMax(headless, 0), MatrixF::Zero(3, 3), 0.0,
                     QStringLiteral("max"));
}

void TestAttentionTransforms::layerOutOfRange_data() {
    QTest::addColumn<int>("layer");
    QTest::newRow("negative") << -1;
    QTest::newRow("one past the last") << 2;
}

void TestAttentionTransforms::layerOutOfRange() {
    QFETCH(int, layer);
    const auto trace = analysistest::zeroTrace(2, 1, 3);
    try {
        headmap::layerMean(trace, layer);
        QFAIL("layerMean accepted a layer that does not exist");
    } catch (const headmap::InputError& e) {
        QVERIFY2(e.message().contains(QString::number(layer)), e.what());
        QVERIFY2(e.message().contains(QLatin1String("2 layers")), e.what());
    }
    QVERIFY_THROWS_EXCEPTION(headmap::InputError, headmap::layerMax(trace, layer));
}

void TestAttentionTransforms::keptTokens_data() {
    QTest::addColumn<std::vector<bool>>("special");
    QTest::addColumn<std::vector<int>>("kept");
    QTest::newRow("no special tokens")
        << std::vector<bool>{false, false, false} << std::vector<int>{0, 1, 2};
    QTest::newRow("[CLS] and [SEP]")
        << std::vector<bool>{true, false, false, true} << std::vector<int>{1, 2};
    QTest::newRow("all special") << std::vector<bool>{true, true} << std::vector<int>{};
    QTest::newRow("no tokens") << std::vector<bool>{} << std::vector<int>{};
}

void TestAttentionTransforms::keptTokens() {
    QFETCH(std::vector<bool>, special);
    QFETCH(std::vector<int>, kept);
    QCOMPARE(headmap::keptTokens(special), kept);
}

void TestAttentionTransforms::withoutTokens_data() {
    QTest::addColumn<MatrixF>("weights");
    QTest::addColumn<std::vector<int>>("kept");
    QTest::addColumn<MatrixF>("kept_raw");
    QTest::addColumn<MatrixF>("kept_renormalised");
    // [CLS] and [SEP] take 0.5 of every row; the rest is spread over the words.
    const MatrixF withSpecial = matrix(4, 4, {0.4f, 0.2f, 0.3f, 0.1f,
                                              0.3f, 0.1f, 0.4f, 0.2f,
                                              0.25f, 0.25f, 0.25f, 0.25f,
                                              0.5f, 0.5f, 0.0f, 0.0f});
    QTest::newRow("hide [CLS] and [SEP]")
        << withSpecial << std::vector<int>{1, 2}
        << matrix(2, 2, {0.1f, 0.4f, 0.25f, 0.25f}) << matrix(2, 2, {0.2f, 0.8f, 0.5f, 0.5f});
    // Row 3 only attended to hidden tokens: it sums to 0 and stays 0 instead of NaN.
    QTest::newRow("row left empty")
        << withSpecial << std::vector<int>{2, 3}
        << matrix(2, 2, {0.25f, 0.25f, 0.0f, 0.0f}) << matrix(2, 2, {0.5f, 0.5f, 0.0f, 0.0f});
    QTest::newRow("kept order is the output order")
        << withSpecial << std::vector<int>{2, 0} << matrix(2, 2, {0.25f, 0.25f, 0.3f, 0.4f})
        << matrix(2, 2, {0.5f, 0.5f, 3.0f / 7, 4.0f / 7});
    QTest::newRow("nothing kept") << withSpecial << std::vector<int>{} << MatrixF() << MatrixF();
}

void TestAttentionTransforms::withoutTokens() {
    QFETCH(MatrixF, weights);
    QFETCH(std::vector<int>, kept);
    QFETCH(MatrixF, kept_raw);
    QFETCH(MatrixF, kept_renormalised);
    COMPARE_MATRICES(headmap::withoutTokens(weights, kept, false), kept_raw, 0.0,
                     QStringLiteral("raw"));
    const MatrixF renormalised = headmap::withoutTokens(weights, kept, true);
    COMPARE_MATRICES(renormalised, kept_renormalised, 1e-7, QStringLiteral("renormalised"));
    for (Eigen::Index r = 0; r < renormalised.rows(); ++r) {
        const float sum = renormalised.row(r).sum();
        QVERIFY2(qAbs(sum - 1.0f) <= 1e-6f || (sum == 0.0f && kept_raw.row(r).isZero(0.0f)),
                 qPrintable(QStringLiteral("row %1 sums to %2").arg(r).arg(sum)));
    }
}

void TestAttentionTransforms::withoutTokensRejectsOutsideIndex() {
    const MatrixF w = MatrixF::Identity(3, 3);
    QVERIFY_THROWS_EXCEPTION(headmap::InputError, headmap::withoutTokens(w, {0, 3}, false));
    QVERIFY_THROWS_EXCEPTION(headmap::InputError, headmap::withoutTokens(w, {-1}, true));
}

void TestAttentionTransforms::normaliseRowsByMax_data() {
    QTest::addColumn<MatrixF>("weights");
    QTest::addColumn<MatrixF>("expected");
    QTest::newRow("attention rows")
        << matrix(2, 3, {0.2f, 0.5f, 0.3f, 0.1f, 0.1f, 0.8f})
        << matrix(2, 3, {0.4f, 1.0f, 0.6f, 0.125f, 0.125f, 1.0f});
    QTest::newRow("all-zero row stays zero")
        << matrix(2, 2, {0.0f, 0.0f, 0.25f, 0.75f}) << matrix(2, 2, {0.0f, 0.0f, 1.0f / 3, 1.0f});
    // A difference matrix: divided by the largest magnitude, signs kept.
    QTest::newRow("signed row")
        << matrix(1, 3, {-0.4f, 0.2f, 0.1f}) << matrix(1, 3, {-1.0f, 0.5f, 0.25f});
    QTest::newRow("empty") << MatrixF() << MatrixF();
}

void TestAttentionTransforms::normaliseRowsByMax() {
    QFETCH(MatrixF, weights);
    QFETCH(MatrixF, expected);
    COMPARE_MATRICES(headmap::normaliseRowsByMax(weights), expected, 1e-7,
                     QStringLiteral("rows by max"));
}

void TestAttentionTransforms::difference() {
    const MatrixF a = matrix(2, 2, {0.5f, 0.5f, 1.0f, 0.0f});
    const MatrixF b = matrix(2, 2, {0.25f, 0.75f, 0.0f, 1.0f});
    COMPARE_MATRICES(headmap::difference(a, a), MatrixF::Zero(2, 2), 0.0, QStringLiteral("a − a"));
    COMPARE_MATRICES(headmap::difference(a, b), matrix(2, 2, {0.25f, -0.25f, 1.0f, -1.0f}), 0.0,
                     QStringLiteral("a − b"));
}

void TestAttentionTransforms::differenceOfMismatchedShapesThrows() {
    try {
        headmap::difference(MatrixF::Zero(2, 3), MatrixF::Zero(3, 2));
        QFAIL("difference accepted matrices of different shapes");
    } catch (const headmap::InputError& e) {
        QVERIFY2(e.message().contains(QLatin1String("2x3")), e.what());
        QVERIFY2(e.message().contains(QLatin1String("3x2")), e.what());
    }
}

QTEST_GUILESS_MAIN(TestAttentionTransforms)
#include "tst_attentiontransforms.moc"
