// computeHeadStatistics against the float64 reference in tests/golden/analysis (written from the
// definitions in numpy), plus heads whose statistics can be worked out by hand.

#include <cmath>

#include <QJsonArray>
#include <QSet>
#include <QtTest>

#include "AnalysisTestData.h"
#include "analysis/HeadStatistics.h"
#include "core/HeadmapError.h"

using headmap::HeadMetric;
using headmap::HeadStatistics;
using headmap::MatrixF;

Q_DECLARE_METATYPE(HeadStatistics)
Q_DECLARE_METATYPE(MatrixF)
Q_DECLARE_METATYPE(std::vector<bool>)

namespace {

struct NamedValue {
    const char* name;
    double HeadStatistics::*field;
};

// The golden file's key for each field.
const NamedValue kFields[] = {
    {"entropy", &HeadStatistics::entropy},
    {"max_weight", &HeadStatistics::maxWeight},
    {"first_token", &HeadStatistics::firstToken},
    {"special_tokens", &HeadStatistics::specialTokens},
    {"mean_distance", &HeadStatistics::meanDistance},
    {"previous_token", &HeadStatistics::previousToken},
    {"self_attention", &HeadStatistics::selfAttention},
};

// Empty when all seven fields agree; otherwise names the first that does not.
QString compareStatistics(const HeadStatistics& actual, const HeadStatistics& expected) {
    for (const NamedValue& f : kFields)
        if (!analysistest::closeTo(actual.*f.field, expected.*f.field))
            return QStringLiteral("layer %1 head %2 %3: actual %4, expected %5")
                .arg(actual.layer).arg(actual.head).arg(QLatin1String(f.name))
                .arg(actual.*f.field, 0, 'g', 12).arg(expected.*f.field, 0, 'g', 12);
    return QString();
}

HeadStatistics stats(double entropy, double maxWeight, double firstToken, double specialTokens,
                     double meanDistance, double previousToken, double selfAttention) {
    HeadStatistics s;
    s.entropy = entropy;
    s.maxWeight = maxWeight;
    s.firstToken = firstToken;
    s.specialTokens = specialTokens;
    s.meanDistance = meanDistance;
    s.previousToken = previousToken;
    s.selfAttention = selfAttention;
    return s;
}

}  // namespace

class TestHeadStatistics : public QObject {
    Q_OBJECT

private slots:
    void golden_data();
    void golden();
    void handChecked_data();
    void handChecked();
    void layerMajorOrder();
    void traceWithoutTokensOrLayers();
    void singleMatrixRejectsBadShapes();
    void metricValueReadsEachField();
    void metricNamesAndDescriptions();
    void crossAttention_data();
    void crossAttention();
    void metricsPerStack();
    void sinkMassIsWhatRowsMiss();
};

void TestHeadStatistics::golden_data() {
    const QString error = analysistest::addGoldenRows();
    QVERIFY2(error.isEmpty(), qPrintable(error));
}

void TestHeadStatistics::golden() {
    QFETCH(QJsonObject, goldenCase);
    const headmap::AttentionTrace trace = analysistest::goldenTrace(goldenCase);
    const std::vector<HeadStatistics> actual = headmap::computeHeadStatistics(trace);
    const QJsonArray expected = goldenCase.value("statistics").toArray();
    QCOMPARE(qsizetype(actual.size()), expected.size());
    for (qsizetype i = 0; i < expected.size(); ++i) {
        const QJsonObject e = expected.at(i).toObject();
        HeadStatistics want;
        want.layer = e.value("layer").toInt();
        want.head = e.value("head").toInt();
        for (const NamedValue& f : kFields)
            want.*f.field = e.value(QLatin1String(f.name)).toDouble();
        QCOMPARE(actual[size_t(i)].layer, want.layer);
        QCOMPARE(actual[size_t(i)].head, want.head);
        const QString error = compareStatistics(actual[size_t(i)], want);
        QVERIFY2(error.isEmpty(), qPrintable(error));
    }
}

void TestHeadStatistics::handChecked_data() {
    QTest::addColumn<MatrixF>("weights");
    QTest::addColumn<std::vector<bool>>("special");
    QTest::addColumn<HeadStatistics>("expected");
    using analysistest::causalUniformHead;
    using analysistest::previousTokenHead;
    using analysistest::uniformHead;
    const std::vector<bool> none;

    // Every row one-hot: entropy 0; rows 0 and 1 both attend to token 0; distance 1 but row 0.
    QTest::newRow("previous token, T=5")
        << previousTokenHead(5) << none << stats(0.0, 1.0, 2.0 / 5, 0.0, 4.0 / 5, 1.0, 1.0 / 5);
    // Row 0 spread over all 5 keys instead: only it has entropy (ln 5), and its distances
    // 0..4 average 2, so the mean distance is (2 + 4·1) / 5.
    MatrixF spreadFirst = previousTokenHead(5);
    spreadFirst.row(0).setConstant(0.2f);
    QTest::newRow("previous token, row 0 uniform, T=5")
        << spreadFirst << none
        << stats(std::log(5.0) / 5, (0.2 + 4) / 5, (0.2 + 1) / 5, 0.0, 6.0 / 5, 1.0, 0.2 / 5);
    // Σ_q Σ_k |q − k| = T(T² − 1)/3, so the mean distance is (T² − 1)/(3T) = 15/12.
    QTest::newRow("uniform, T=4")
        << uniformHead(4) << none << stats(std::log(4.0), 0.25, 0.25, 0.0, 1.25, 0.25, 0.25);
    QTest::newRow("uniform with [CLS] and [SEP], T=4")
        << uniformHead(4) << std::vector<bool>{true, false, false, true}
        << stats(std::log(4.0), 0.25, 0.25, 0.5, 1.25, 0.25, 0.25);
    // Row q spreads 1/(q+1) over keys 0..q: entropy ln(q+1), distance q/2.
    const double h = 1.0 + 1.0 / 2 + 1.0 / 3 + 1.0 / 4;  // Σ 1/(q+1)
    QTest::newRow("causal uniform, T=4")
        << causalUniformHead(4) << std::vector<bool>{true, false, false, false}
        << stats((std::log(2.0) + std::log(3.0) + std::log(4.0)) / 4, h / 4, h / 4, h / 4,
                 (0 + 0.5 + 1 + 1.5) / 4, (1.0 / 2 + 1.0 / 3 + 1.0 / 4) / 3, h / 4);
    QTest::newRow("identity, T=6")
        << MatrixF(MatrixF::Identity(6, 6)) << none << stats(0.0, 1.0, 1.0 / 6, 0.0, 0.0, 0.0, 1.0);
    QTest::newRow("single token")
        << MatrixF(MatrixF::Ones(1, 1)) << none << stats(0.0, 1.0, 1.0, 0.0, 0.0, 0.0, 1.0);
    QTest::newRow("single special token")
        << MatrixF(MatrixF::Ones(1, 1)) << std::vector<bool>{true}
        << stats(0.0, 1.0, 1.0, 1.0, 0.0, 0.0, 1.0);
}

void TestHeadStatistics::handChecked() {
    QFETCH(MatrixF, weights);
    QFETCH(std::vector<bool>, special);
    QFETCH(HeadStatistics, expected);
    // Through a trace (the views' path) and through the single-matrix overload.
    const auto trace = analysistest::uniformTrace(1, 1, weights, special);
    const std::vector<HeadStatistics> all = headmap::computeHeadStatistics(trace);
    QCOMPARE(all.size(), size_t(1));
    QString error = compareStatistics(all[0], expected);
    QVERIFY2(error.isEmpty(), qPrintable(error));
    error = compareStatistics(headmap::computeHeadStatistics(weights, special), expected);
    QVERIFY2(error.isEmpty(), qPrintable(error));
}

void TestHeadStatistics::layerMajorOrder() {
    // Head (l, h) mixes identity and uniform with its own share α, so selfAttention
    // = α + (1 − α)/T tells which head an entry came from.
    const int layers = 2, heads = 3, t = 4;
    auto trace = analysistest::zeroTrace(layers, heads, t);
    for (int l = 0; l < layers; ++l)
        for (int h = 0; h < heads; ++h) {
            const float alpha = float(l * heads + h) / 10.0f;
            analysistest::setHead(
                trace, l, h,
                alpha * MatrixF::Identity(t, t) + (1 - alpha) * analysistest::uniformHead(t));
        }
    const std::vector<HeadStatistics> all = headmap::computeHeadStatistics(trace);
    QCOMPARE(all.size(), size_t(layers * heads));
    for (int i = 0; i < layers * heads; ++i) {
        QCOMPARE(all[size_t(i)].layer, i / heads);
        QCOMPARE(all[size_t(i)].head, i % heads);
        const double alpha = double(float(i) / 10.0f);
        QVERIFY2(analysistest::closeTo(all[size_t(i)].selfAttention, alpha + (1 - alpha) / t),
                 qPrintable(QString::number(all[size_t(i)].selfAttention)));
    }
}

void TestHeadStatistics::traceWithoutTokensOrLayers() {
    QVERIFY(headmap::computeHeadStatistics(analysistest::zeroTrace(0, 4, 3)).empty());
    QVERIFY(headmap::computeHeadStatistics(headmap::AttentionTrace()).empty());
    // No tokens: the heads are still listed, with zeros rather than NaN means over no rows.
    const auto all = headmap::computeHeadStatistics(analysistest::zeroTrace(2, 2, 0));
    QCOMPARE(all.size(), size_t(4));
    for (const HeadStatistics& s : all)
        for (HeadMetric metric : headmap::allHeadMetrics())
            QCOMPARE(headmap::metricValue(s, metric), 0.0);
    QCOMPARE(all[3].layer, 1);
    QCOMPARE(all[3].head, 1);
}

void TestHeadStatistics::singleMatrixRejectsBadShapes() {
    QVERIFY_THROWS_EXCEPTION(headmap::InputError,
                             headmap::computeHeadStatistics(MatrixF::Zero(2, 3), {}));
    QVERIFY_THROWS_EXCEPTION(headmap::InputError,
                             headmap::computeHeadStatistics(MatrixF::Zero(3, 3), {true, false}));
}

void TestHeadStatistics::metricValueReadsEachField() {
    const HeadStatistics s = stats(1, 2, 3, 4, 5, 6, 7);
    const QList<HeadMetric> metrics = headmap::allHeadMetrics();
    QCOMPARE(metrics.size(), 7);
    for (int i = 0; i < metrics.size(); ++i) {
        QCOMPARE(int(metrics[i]), i);  // enum order, so tables and combo boxes agree
        QCOMPARE(headmap::metricValue(s, metrics[i]), double(i + 1));
    }
}

void TestHeadStatistics::metricNamesAndDescriptions() {
    QSet<QString> names;
    for (HeadMetric metric : headmap::allHeadMetrics()) {
        const QString name = headmap::metricName(metric);
        const QString description = headmap::metricDescription(metric);
        QVERIFY(!name.isEmpty());
        QVERIFY2(name.size() <= 24, qPrintable(name));  // fits a column header
        QVERIFY2(description.endsWith('.'), qPrintable(description));  // one full sentence
        names.insert(name);
    }
    QCOMPARE(names.size(), 7);
    QCOMPARE(headmap::metricName(HeadMetric::Entropy), QStringLiteral("Entropy (nats)"));
}

// Cross-attention (T×S, the keys a source sentence of their own): the end token's share and the
// argmax alignment's monotonicity, worked out by hand; positions of the two sentences are not
// compared (distance, previous token and self stay 0).
void TestHeadStatistics::crossAttention_data() {
    QTest::addColumn<MatrixF>("weights");  // (T, S)
    QTest::addColumn<double>("endToken");
    QTest::addColumn<double>("monotonicity");
    QTest::addColumn<double>("entropy");
    MatrixF inOrder = MatrixF::Zero(3, 4);  // target rows read source keys 0, 1, 3
    inOrder(0, 0) = inOrder(1, 1) = inOrder(2, 3) = 1.0f;
    QTest::newRow("aligned in order") << inOrder << 1.0 / 3.0 << 1.0 << 0.0;
    MatrixF reversed = MatrixF::Zero(3, 4);  // keys 3, 1, 0: every step goes back
    reversed(0, 3) = reversed(1, 1) = reversed(2, 0) = 1.0f;
    QTest::newRow("reversed") << reversed << 1.0 / 3.0 << 0.0 << 0.0;
    MatrixF mixed = MatrixF::Zero(4, 3);  // keys 0, 2, 1, 2: two of three steps forward
    mixed(0, 0) = 0.6f, mixed(0, 1) = 0.4f;
    mixed(1, 2) = 1.0f;
    mixed(2, 1) = 0.5f, mixed(2, 2) = 0.25f, mixed(2, 0) = 0.25f;
    mixed(3, 2) = 1.0f;
    const double mixedEntropy = (-(0.6 * std::log(0.6) + 0.4 * std::log(0.4)) - (0.5 * std::log(0.5) + 0.5 * std::log(0.25))) / 4;
    QTest::newRow("mixed") << mixed << (0.0 + 1.0 + 0.25 + 1.0) / 4 << 2.0 / 3.0 << mixedEntropy;
    // Ties go to the first key, as numpy's argmax: every row at key 0, never backwards.
    QTest::newRow("uniform") << MatrixF(MatrixF::Constant(2, 4, 0.25f)) << 0.25 << 1.0 << std::log(4.0);
    MatrixF one = MatrixF::Zero(1, 2);
    one(0, 1) = 1.0f;
    QTest::newRow("one target row") << one << 1.0 << 0.0 << 0.0;
}

void TestHeadStatistics::crossAttention() {
    QFETCH(MatrixF, weights);
    QFETCH(double, endToken);
    QFETCH(double, monotonicity);
    QFETCH(double, entropy);
    const int t = int(weights.rows()), s = int(weights.cols());
    headmap::ModelSummary model;
    model.layers = 1;
    model.heads = 1;
    QStringList targets, sources;
    for (int i = 0; i < t; ++i)
        targets << QStringLiteral("t%1").arg(i);
    for (int i = 0; i < s; ++i)
        sources << QStringLiteral("s%1").arg(i);
    headmap::AttentionTrace trace(model, std::vector<int>(size_t(t), 5), targets, targets);
    std::vector<bool> special(size_t(s), false);
    special.back() = true;  // the source's </s>
    trace.setKeyTokens(std::vector<int>(size_t(s), 6), sources, sources, special);
    std::copy(weights.data(), weights.data() + weights.size(), trace.headData(0, 0));
    const std::vector<HeadStatistics> all = headmap::computeHeadStatistics(trace);
    QCOMPARE(all.size(), size_t(1));
    const HeadStatistics& got = all[0];
    QVERIFY2(analysistest::closeTo(got.endToken, endToken), qPrintable(QString::number(got.endToken)));
    QVERIFY2(analysistest::closeTo(got.monotonicity, monotonicity), qPrintable(QString::number(got.monotonicity)));
    QVERIFY2(analysistest::closeTo(got.entropy, entropy), qPrintable(QString::number(got.entropy)));
    QVERIFY(analysistest::closeTo(got.specialTokens, endToken));  // the special key is the last
    QCOMPARE(got.meanDistance, 0.0);
    QCOMPARE(got.previousToken, 0.0);
    QCOMPARE(got.selfAttention, 0.0);
}

void TestHeadStatistics::metricsPerStack() {
    const QList<HeadMetric> cross = headmap::metricsFor(headmap::StackKind::Cross);
    QVERIFY(cross.contains(HeadMetric::EndToken) && cross.contains(HeadMetric::Monotonicity));
    QVERIFY(!cross.contains(HeadMetric::MeanDistance) && !cross.contains(HeadMetric::PreviousToken) &&
            !cross.contains(HeadMetric::SelfAttention));
    QCOMPARE(headmap::metricsFor(headmap::StackKind::Encoder), headmap::allHeadMetrics());
    QCOMPARE(headmap::metricsFor(headmap::StackKind::Decoder), headmap::allHeadMetrics());
    HeadStatistics s;
    s.endToken = 0.25;
    s.monotonicity = 0.75;
    QCOMPARE(headmap::metricValue(s, HeadMetric::EndToken), 0.25);
    QCOMPARE(headmap::metricValue(s, HeadMetric::Monotonicity), 0.75);
    for (HeadMetric metric : cross) {
        QVERIFY2(headmap::metricDescription(metric).endsWith('.'), qPrintable(headmap::metricName(metric)));
        QVERIFY(headmap::metricName(metric).size() <= 24);
    }
}

// gpt-oss's rows sum to less than one: the sink mass is the mean of 1 − each row's sum, worked
// out by hand, and only a model with sinks lists it.
void TestHeadStatistics::sinkMassIsWhatRowsMiss() {
    MatrixF w(3, 3);
    w << 0.5f, 0.0f, 0.0f,      // 1 − 0.5 = 0.5
         0.25f, 0.5f, 0.0f,     // 0.25
         0.25f, 0.25f, 0.25f;   // 0.25
    const HeadStatistics s = headmap::computeHeadStatistics(w, {});
    QVERIFY2(analysistest::closeTo(s.sinkMass, (0.5 + 0.25 + 0.25) / 3.0), qPrintable(QString::number(s.sinkMass)));
    QCOMPARE(headmap::metricValue(s, HeadMetric::SinkMass), s.sinkMass);
    QVERIFY(headmap::metricDescription(HeadMetric::SinkMass).endsWith('.'));
    QVERIFY(headmap::metricName(HeadMetric::SinkMass).size() <= 24);
    MatrixF softmaxRows(2, 2);
    softmaxRows << 1.0f, 0.0f, 0.5f, 0.5f;
    QVERIFY(std::abs(headmap::computeHeadStatistics(softmaxRows, {}).sinkMass) <= 1e-7);

    headmap::ModelSummary model;
    QCOMPARE(headmap::metricsFor(model, headmap::StackKind::Decoder), headmap::allHeadMetrics());
    model.attentionSinks = true;
    QCOMPARE(headmap::metricsFor(model, headmap::StackKind::Decoder), headmap::allHeadMetrics() << HeadMetric::SinkMass);
    QVERIFY(!headmap::allHeadMetrics().contains(HeadMetric::SinkMass));  // exports keep their columns
}

QTEST_GUILESS_MAIN(TestHeadStatistics)

#include "tst_headstatistics.moc"
