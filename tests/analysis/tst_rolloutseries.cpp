// RolloutSeries: every layer it hands out has exactly attentionRollout's bits, whichever kept
// layer it was computed from and in whatever order the layers are asked for; it never keeps
// more layers than its budget allows; a cancelled computation returns nothing and loses
// nothing. Traces with stored heads (many layers, so the anchors matter) and with heads
// recomputed on demand from fixture models (tst_ondemandheads' families).

#include <atomic>
#include <cstring>
#include <random>

#include <QtTest>
#ifdef _OPENMP
#include <omp.h>
#endif

#include "FamilyCases.h"
#include "FloatRounding.h"
#include "AnalysisTestData.h"
#include "analysis/AttentionRollout.h"
#include "analysis/RolloutSeries.h"
#include "model/Model.h"

using namespace headmap;
using headmap::testing::gammaOf;
using headmap::testing::kUnitRoundoff;
using headmap::testing::scoreMagnitude;
using headmap::testing::rolloutRowSumBound;
using headmap::testing::softmaxRowSumBound;

Q_DECLARE_METATYPE(std::vector<int>)

namespace {

bool sameBits(const MatrixF& a, const MatrixF& b) {
    return a.rows() == b.rows() && a.cols() == b.cols() &&
           std::memcmp(a.data(), b.data(), size_t(a.size()) * sizeof(float)) == 0;
}

// Heads of random weights, each row summing to 1, stored in the trace.
std::shared_ptr<const AttentionTrace> randomTrace(int layers, int heads, int t) {
    AttentionTrace trace = analysistest::zeroTrace(layers, heads, t);
    std::mt19937 random(1234);
    std::uniform_real_distribution<float> weight(0.0f, 1.0f);
    for (int l = 0; l < layers; ++l)
        for (int h = 0; h < heads; ++h) {
            MatrixF w(t, t);
            for (Eigen::Index i = 0; i < w.size(); ++i)
                w.data()[i] = weight(random);
            w.array().colwise() /= w.rowwise().sum().array();
            analysistest::setHead(trace, l, h, w);
        }
    return std::make_shared<const AttentionTrace>(std::move(trace));
}

std::shared_ptr<const AttentionTrace> modelTrace(const QString& source, int length) {
    const auto model = testing::loadCase(source);
    return std::make_shared<const AttentionTrace>(model->run(testing::inputOf(*model, length), RunOptions()).trace);
}

qint64 layerBytes(int t) { return qint64(t) * t * qint64(sizeof(float)); }

}  // namespace

class TestRolloutSeries : public QObject {
    Q_OBJECT
private slots:
    void equalsAttentionRollout_data();
    void equalsAttentionRollout();
    void onDemandHeads_data();
    void onDemandHeads();
    void stepFromBandsEqualsWholeHeads_data();
    void stepFromBandsEqualsWholeHeads();
    void cancelledKeepsWhatWasComputed();
    void stepBitsDoNotDependOnThreads();
    void outOfRangeLayers();
    void bandedProductEqualsProduct_data();
    void bandedProductEqualsProduct();
};

void TestRolloutSeries::equalsAttentionRollout_data() {
    QTest::addColumn<int>("layers");
    QTest::addColumn<int>("t");
    QTest::addColumn<int>("budgetLayers");  // the budget, in layers' worth of bytes
    QTest::addColumn<int>("capacity");
    QTest::addColumn<std::vector<int>>("asked");  // layers asked for, in this order
    QTest::newRow("every layer fits, top first") << 6 << 9 << 100 << 6 << std::vector<int>{5, 0, 3, 3, 1};
    QTest::newRow("three kept of 24, upwards") << 24 << 7 << 3 << 3 << std::vector<int>{0, 1, 2, 3, 10, 23};
    QTest::newRow("three kept of 24, downwards") << 24 << 7 << 3 << 3 << std::vector<int>{23, 22, 16, 15, 8, 7, 0};
    QTest::newRow("three kept of 24, back and forth") << 24 << 7 << 3 << 3 << std::vector<int>{12, 5, 20, 5, 12, 23, 0, 14};
    QTest::newRow("five kept of 9") << 9 << 11 << 5 << 5 << std::vector<int>{8, 4, 6, 2, 7, 0};
    QTest::newRow("only the newest") << 7 << 5 << 1 << 1 << std::vector<int>{6, 2, 3, 6, 0};
    QTest::newRow("budget below one layer") << 4 << 16 << 0 << 1 << std::vector<int>{3, 1, 2};
    QTest::newRow("one layer") << 1 << 4 << 1 << 1 << std::vector<int>{0, 0};
}

void TestRolloutSeries::equalsAttentionRollout() {
    QFETCH(int, layers);
    QFETCH(int, t);
    QFETCH(int, budgetLayers);
    QFETCH(int, capacity);
    QFETCH(std::vector<int>, asked);
    const auto trace = randomTrace(layers, 3, t);
    const std::vector<MatrixF> reference = attentionRollout(*trace);
    const RolloutSeries series(trace, budgetLayers * layerBytes(t));
    QCOMPARE(series.capacity(), capacity);
    QCOMPARE(series.keepsEveryLayer(), capacity >= layers);
    for (int layer : asked) {
        const auto rollout = series.through(layer);
        QVERIFY(rollout);
        QVERIFY2(sameBits(*rollout, reference[size_t(layer)]), qPrintable(QStringLiteral("layer %1").arg(layer)));
        QCOMPARE(series.ifKept(layer), rollout);  // the layer asked for last stays
        QVERIFY2(int(series.keptLayers().size()) <= capacity,
                 qPrintable(QStringLiteral("%1 layers kept").arg(series.keptLayers().size())));
    }
    if (series.keepsEveryLayer()) {
        (void)series.through(layers - 1);
        for (int l = 0; l < layers; ++l)
            QVERIFY(series.ifKept(l));
    }
}

void TestRolloutSeries::onDemandHeads_data() {
    QTest::addColumn<QString>("source");
    QTest::addColumn<int>("budgetLayers");
    for (const QString source : {"builtin:teaching", "models/gemma2_f32", "models/qwen2_bf16", "models/bert_f32_prefixed"})
        for (int budget : {1, 2, 100})
            QTest::newRow(qPrintable(QStringLiteral("%1, budget %2").arg(source).arg(budget))) << source << budget;
}

void TestRolloutSeries::onDemandHeads() {
    QFETCH(QString, source);
    QFETCH(int, budgetLayers);
    const int t = 23;
    const auto trace = modelTrace(source, t);
    QVERIFY(trace->queriesKeys(0));  // heads are recomputed, not stored
    const std::vector<MatrixF> reference = attentionRollout(*trace);
    const RolloutSeries series(trace, budgetLayers * layerBytes(t));
    for (int layer = trace->layers() - 1; layer >= 0; --layer) {
        const auto rollout = series.through(layer);
        QVERIFY(rollout);
        QVERIFY2(sameBits(*rollout, reference[size_t(layer)]), qPrintable(QStringLiteral("layer %1").arg(layer)));
        QVERIFY((rollout->rowwise().sum().array() - 1.0f).abs().maxCoeff() <= rolloutRowSumBound(layer + 1, t));
    }
}

void TestRolloutSeries::stepFromBandsEqualsWholeHeads_data() {
    QTest::addColumn<QString>("source");
    QTest::addColumn<int>("length");
    // The fixtures have 64 positions, one band; the teaching model takes more.
    for (const QString source : {"models/gemma2_f32", "models/qwen2_bf16", "models/bert_f32_prefixed", "models/gpt2_f32",
                                 "models/mistral_f16"})
        for (int length : {5, 64})
            QTest::newRow(qPrintable(QStringLiteral("%1 T=%2").arg(source).arg(length))) << source << length;
    for (int length : {65, 150})  // a band and a bit, three bands
        QTest::newRow(qPrintable(QStringLiteral("builtin:teaching T=%1").arg(length))) << "builtin:teaching" << length;
}

void TestRolloutSeries::stepFromBandsEqualsWholeHeads() {
    // Heads made from queries and keys are summed in bands of rows: the same Â_l, to rounding, as
    // the mean of the whole heads the trace gives.
    QFETCH(QString, source);
    QFETCH(int, length);
    const auto trace = modelTrace(source, length);
    const int heads = trace->heads();
    for (int l = 0; l < trace->layers(); ++l) {
        // The bands' weights come from the layer's queries and keys, each score summed in another
        // order than the whole head's: δ = γ(Dh)·scoreMagnitude per weight (tst_attentionrow).
        // Then both sides sum the H heads (2·γ(H) + 2·u of the mean, which is <= 1), halve and add
        // 0.5 on the diagonal (2·u), and divide by the row's sum S: S is 1 to within the rows' own
        // softmaxRowSumBound(T) plus the H-sum's rounding, and summed in two orders (2·γ(T)); the
        // division adds 2·u. With every entry <= 1 and S >= 1 − that:
        //   δ/2 + softmaxRowSumBound(T) + 2·γ(T) + 2·(2·γ(H) + 2·u) + 6·u.
        QVERIFY(trace->queriesKeys(l));
        const LayerQueriesKeys& layer = *trace->queriesKeys(l);
        const double delta = gammaOf(layer.scoring.headDim) * scoreMagnitude(layer);
        const double bound = delta / 2 + softmaxRowSumBound(length) + 2 * gammaOf(length) +
                             2 * (2 * gammaOf(heads) + 2 * kUnitRoundoff) + 6 * kUnitRoundoff;
        MatrixF expected = MatrixF::Zero(length, length);
        for (int h = 0; h < trace->heads(); ++h)
            expected += trace->head(l, h);
        expected /= float(trace->heads());
        expected = 0.5f * expected + 0.5f * MatrixF::Identity(length, length);
        expected.array().colwise() /= expected.rowwise().sum().array();
        const MatrixF step = rolloutStep(*trace, l);
        QCOMPARE(step.rows(), Eigen::Index(length));
        const double worst = (step - expected).cwiseAbs().maxCoeff();
        QVERIFY2(worst <= bound, qPrintable(QStringLiteral("layer %1: largest difference %2 > bound %3").arg(l).arg(worst).arg(bound)));
        qInfo("layer %d: largest difference %.3g, %.3g of its bound", l, worst, worst / bound);
    }
}

void TestRolloutSeries::cancelledKeepsWhatWasComputed() {
    const int layers = 10, t = 8;
    const auto trace = randomTrace(layers, 4, t);
    const std::vector<MatrixF> reference = attentionRollout(*trace);
    const RolloutSeries series(trace, 3 * layerBytes(t));  // anchors 3 and 7, and the newest
    std::atomic<int> asked{0};
    // Stops after layer 6: each layer asks once before it and once per head (heads in threads).
    const auto stopLate = [&asked] { return ++asked > 7 * 5; };
    QVERIFY(!series.through(8, stopLate));
    const std::vector<int> kept = series.keptLayers();
    QVERIFY2(!kept.empty() && kept.back() >= 4 && kept.back() < 8,
             qPrintable(QStringLiteral("kept up to layer %1").arg(kept.empty() ? -1 : kept.back())));
    for (int layer : kept)
        QVERIFY(sameBits(*series.ifKept(layer), reference[size_t(layer)]));
    const auto rollout = series.through(8);
    QVERIFY(rollout && sameBits(*rollout, reference[8]));
    QVERIFY(!series.through(2, [] { return true; }));
    QVERIFY(!series.ifKept(2));
}

void TestRolloutSeries::stepBitsDoNotDependOnThreads() {
    const auto trace = modelTrace(QStringLiteral("builtin:teaching"), 300);  // five bands of rows
    const MatrixF many = rolloutStep(*trace, 1);
#ifdef _OPENMP
    const int threads = omp_get_max_threads();
    omp_set_num_threads(1);
    const MatrixF one = rolloutStep(*trace, 1);
    omp_set_num_threads(3);
    const MatrixF three = rolloutStep(*trace, 1);
    omp_set_num_threads(threads);
    QVERIFY(sameBits(one, many));
    QVERIFY(sameBits(three, many));
#endif
    QCOMPARE(many.rows(), Eigen::Index(300));
    QVERIFY((many.rowwise().sum().array() - 1.0f).abs().maxCoeff() <= rolloutRowSumBound(1, int(many.rows())));
}

void TestRolloutSeries::outOfRangeLayers() {
    const RolloutSeries series(randomTrace(3, 2, 4));
    QVERIFY(!series.through(-1));
    QVERIFY(!series.through(3));
    QVERIFY(!series.ifKept(0));
    const RolloutSeries empty(nullptr);
    QCOMPARE(empty.layers(), 0);
    QVERIFY(!empty.through(0));
}

void TestRolloutSeries::bandedProductEqualsProduct_data() {
    QTest::addColumn<int>("t");
    QTest::newRow("one band") << 300;
    QTest::newRow("a band and a bit") << 1025;
    QTest::newRow("three bands, the last short") << 2100;
}

void TestRolloutSeries::bandedProductEqualsProduct() {
    // multiplyRollout works in place, a band of rows at a time: the same numbers as one product.
    QFETCH(int, t);
    const MatrixF previous = MatrixF::Random(t, t).cwiseAbs();  // (T, T)
    MatrixF step = MatrixF::Random(t, t).cwiseAbs();             // (T, T)
    const Eigen::MatrixXd expected = step.cast<double>() * previous.cast<double>();
    multiplyRollout(step, previous);
    // Non-negative terms: each float32 entry is within γ(t) of its exact sum, relative to itself
    // (FloatRounding.h), so within γ(t) of the largest entry; double's own error is 2⁻²⁹ of that.
    const double worst = (step.cast<double>() - expected).cwiseAbs().maxCoeff() / expected.cwiseAbs().maxCoeff();
    QVERIFY2(worst <= gammaOf(t) * (1 + 1e-6), qPrintable(QStringLiteral("relative difference %1, bound %2").arg(worst).arg(gammaOf(t))));
}

QTEST_GUILESS_MAIN(TestRolloutSeries)
#include "tst_rolloutseries.moc"
