// One query's row of a head from the layer's queries and keys (attentionRowOfHead, through
// AttentionTrace::row), against the forward pass's full capture of that head (RunOptions::
// storeHead) for every architecture family the fixtures cover, as tst_ondemandheads: sliding
// windows (gemma2, gemma3, mistral, phi3), softcapping (gemma2), grouped-query attention and
// QK-norm. A (1, Dh)·(Dh, T) product sums in another order than the whole head's, so the rows
// agree to rounding, not bit for bit: each score by 2·γ(Dh)·scale·Σ|q_i k_i|, each weight by half
// the largest score difference of its row (tests/engine/FloatRounding.h), so by γ(Dh) times the
// layer's scoreMagnitude, taken from the same queries and keys. A row of a stored, cached or
// derived head is that head's row.

#include <cstring>

#include <QDir>
#include <QtTest>

#include "FamilyCases.h"
#include "FloatRounding.h"
#include "analysis/AttentionMeasure.h"
#include "core/AttentionRow.h"
#include "gguf/GgufModelLoader.h"
#include "hf/HfModelLoader.h"
#include "model/Model.h"
#include "model/ModelLoader.h"

using namespace headmap;
using headmap::testing::fixturesDir;
using headmap::testing::inputOf;
using headmap::testing::loadCase;
using headmap::testing::gammaOf;
using headmap::testing::scoreMagnitude;

namespace {

bool sameBits(const MatrixF& a, const MatrixF& b) {
    return a.rows() == b.rows() && a.cols() == b.cols() &&
           std::memcmp(a.data(), b.data(), size_t(a.size()) * sizeof(float)) == 0;
}

}  // namespace

class TestAttentionRow : public QObject {
    Q_OBJECT
private slots:
    void rowEqualsFullHead_data();
    void rowEqualsFullHead();
    void storedCachedAndDerivedRowsAreTheHeads();
};

void TestAttentionRow::rowEqualsFullHead_data() {
    QTest::addColumn<QString>("source");
    QTest::addColumn<int>("length");
    const QStringList sources{
        "builtin:teaching", "builtin:patterns",
        "models/bert_f32_prefixed", "models/distilbert_f32", "models/roberta_bf16",
        "models/gpt2_f32", "models/llama_f32_tied", "models/llama_f32_yarn", "models/mistral_f16",
        "models/qwen2_bf16", "models/qwen3_f32", "models/gemma2_f32", "models/gemma3_text_bf16",
        "models/phi3_f32", "models/phi3_longrope", "models/olmo2_f32", "models/gpt_neox_f16",
        "gguf/llama_f32.gguf|llama_f32_tied", "gguf/qwen3_q8_0.gguf|qwen3_f32", "gguf/gemma2_f32.gguf|gemma2_f32",
        "gguf/phi3_f32.gguf|phi3_f32"};
    for (const QString& source : sources) {
        const QString name = source.section(QLatin1Char('|'), 0, 0);
        for (int length : {9, 48})
            QTest::newRow(qPrintable(QStringLiteral("%1 T=%2").arg(name).arg(length))) << source << length;
    }
}

void TestAttentionRow::rowEqualsFullHead() {
    QFETCH(QString, source);
    QFETCH(int, length);
    const auto model = loadCase(source);
    const Encoding input = inputOf(*model, length);
    RunOptions full;
    full.storeHead = [](int, int) { return true; };
    const AttentionTrace reference = model->run(input, full).trace;
    const AttentionTrace trace = model->run(input, RunOptions()).trace;
    QCOMPARE(trace.length(), length);
    // Per layer: γ(Dh)·scoreMagnitude (the header above); the largest share of it is reported.
    std::vector<double> bound;
    for (int l = 0; l < trace.layers(); ++l) {
        QVERIFY(trace.queriesKeys(l) != nullptr);
        const LayerQueriesKeys& layer = *trace.queriesKeys(l);
        bound.push_back(gammaOf(layer.scoring.headDim) * scoreMagnitude(layer));
    }
    double worst = 0, share = 0;
    for (int l = 0; l < trace.layers(); ++l) {
        double worstOfLayer = 0;
        for (int h = 0; h < trace.heads(); ++h) {
            const HeadWeights head = reference.head(l, h);  // (T, T)
            for (int q = 0; q < length; ++q) {
                const MatrixF row = attentionRowOfHead(*trace.queriesKeys(l), h, q);  // (1, T)
                QCOMPARE(row.cols(), Eigen::Index(length));
                for (int k = 0; k < length; ++k) {
                    // The mask is exact: a key the query may not see is exactly 0 in both.
                    QCOMPARE(row(0, k) == 0.0f, head(q, k) == 0.0f);
                    worstOfLayer = std::max(worstOfLayer, std::abs(double(row(0, k)) - double(head(q, k))));
                }
            }
        }
        QVERIFY2(worstOfLayer <= bound[size_t(l)],
                 qPrintable(QStringLiteral("layer %1: largest difference %2 > bound %3").arg(l).arg(worstOfLayer).arg(bound[size_t(l)])));
        worst = std::max(worst, worstOfLayer);
        share = std::max(share, worstOfLayer / bound[size_t(l)]);
    }
    // A band of rows (the rollout reads heads so) is the same rows to the same bound.
    double worstBand = 0;
    const int first = length / 3, count = length - first - 1;
    for (int l = 0; l < trace.layers(); ++l)
        for (int h = 0; h < trace.heads(); ++h) {
            const MatrixF band = attentionRowsOfHead(*trace.queriesKeys(l), h, first, count);  // (count, T)
            QCOMPARE(band.rows(), Eigen::Index(count));
            const MatrixF expected = MatrixF(reference.head(l, h)).middleRows(first, count);
            QVERIFY(((band.array() == 0.0f) == (expected.array() == 0.0f)).all());  // the mask is exact
            const double difference = (band - expected).cwiseAbs().maxCoeff();
            QVERIFY2(difference <= bound[size_t(l)],
                     qPrintable(QStringLiteral("layer %1: largest difference in a band %2 > bound %3").arg(l).arg(difference).arg(bound[size_t(l)])));
            worstBand = std::max(worstBand, difference);
            share = std::max(share, difference / bound[size_t(l)]);
        }
    qInfo("largest difference %.3g (rows), %.3g (bands); largest share of a bound %.3g", worst, worstBand, share);
    // Through the trace, nothing is cached: a row never computes the whole head.
    (void)trace.row(0, 0, length - 1);
    QCOMPARE(trace.headCache().heads(), 0);
}

void TestAttentionRow::storedCachedAndDerivedRowsAreTheHeads() {
    const auto model = loadCase(QStringLiteral("models/gemma2_f32"));
    const Encoding input = inputOf(*model, 20);
    RunOptions options;
    options.valueNorms = true;
    options.storeHead = [](int layer, int head) { return layer == 0 && head == 1; };
    const AttentionTrace trace = model->run(input, options).trace;
    QVERIFY(trace.isStored(0, 1));
    QVERIFY(sameBits(trace.row(0, 1, 7), MatrixF(trace.head(0, 1)).row(7)));  // stored
    const HeadWeights cached = trace.head(1, 0);
    QVERIFY(sameBits(trace.row(1, 0, 19), MatrixF(cached).row(19)));  // cached
    const AttentionTrace weighted = weightedByValueNorm(trace);
    QVERIFY(sameBits(weighted.row(1, 1, 5), MatrixF(weighted.head(1, 1)).row(5)));  // derived
}

QTEST_GUILESS_MAIN(TestAttentionRow)
#include "tst_attentionrow.moc"
