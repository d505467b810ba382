// The mask rule every layer's attention used, as the trace tells views and figures
// (ModelSummary::layerMasks, AttentionTrace::isMasked and cellMask): filled by the Hugging Face
// and GGUF loaders for the sliding-window families, equal to the rule the forward pass applied
// (every masked cell's weight is an exact 0), and mapped through derived traces: merged words
// (a word cell is masked iff every piece cell under it is) and a subset of the tokens (special
// tokens hidden).

#include <QtTest>

#include "FamilyCases.h"
#include "analysis/WordAggregation.h"
#include "core/AttentionTrace.h"

using namespace headmap;
using headmap::testing::inputOf;
using headmap::testing::loadCase;

namespace {

// "w4,c,w4": per layer a sliding window of 4 tokens or causal; "n": no mask.
QString describe(const AttentionTrace& trace) {
    QStringList parts;
    for (int l = 0; l < trace.layers(); ++l) {
        const MaskRule rule = trace.model().maskOfLayer(l);
        parts << (rule.kind == AttentionMask::SlidingWindow ? QStringLiteral("w%1").arg(rule.window)
                  : rule.kind == AttentionMask::Causal      ? QStringLiteral("c")
                                                            : QStringLiteral("n"));
    }
    return parts.join(QLatin1Char(','));
}

// Every cell of cellMask(layer) agrees with isMasked(layer, q, k) over the tokens `kept`.
bool cellMaskAgrees(const AttentionTrace& trace, int layer, const std::vector<int>& kept) {
    const CellMask mask = trace.cellMask(layer, kept);
    const int n = kept.empty() ? trace.length() : int(kept.size());
    for (int q = 0; q < n; ++q)
        for (int k = 0; k < n; ++k) {
            const int tq = kept.empty() ? q : kept[size_t(q)], tk = kept.empty() ? k : kept[size_t(k)];
            if (mask.isMasked(q, k) != trace.isMasked(layer, tq, tk)) {
                qWarning("layer %d, cell (%d, %d): cellMask %d, isMasked %d", layer, q, k, mask.isMasked(q, k),
                         trace.isMasked(layer, tq, tk));
                return false;
            }
        }
    return true;
}

}  // namespace

class LayerMasksTest : public QObject {
    Q_OBJECT
private slots:
    void loadersFillTheRule_data();
    void loadersFillTheRule();
    void wordsAreMaskedWhenEveryPieceIs();
    void genuineZeroIsNotMasked();
};

void LayerMasksTest::loadersFillTheRule_data() {
    QTest::addColumn<QString>("source");
    QTest::addColumn<QString>("rules");
    QTest::newRow("gemma2 (HF)") << "models/gemma2_f32" << "w4,c,w4";
    QTest::newRow("gemma2 (GGUF)") << "gguf/gemma2_f32.gguf|gemma2_f32" << "w4,c,w4";
    QTest::newRow("gemma3 (HF)") << "models/gemma3_text_bf16" << "w4,c,w4";
    QTest::newRow("gemma3 (GGUF)") << "gguf/gemma3_f32.gguf|gemma3_text_bf16" << "w4,w4,w4";
    QTest::newRow("mistral") << "models/mistral_f16" << "w4,w4";
    QTest::newRow("qwen2, sliding window") << "models/qwen2_bf16" << "c,w4,w4";
    QTest::newRow("phi3 (HF)") << "models/phi3_f32" << "w5,w5";
    QTest::newRow("phi3 (GGUF)") << "gguf/phi3_f32.gguf|phi3_f32" << "w5,w5";
    QTest::newRow("llama Q4_K_M (GGUF)") << "gguf/llama256_q4_k_m.gguf|llama_f32_tied" << "c,c";
    QTest::newRow("gpt2") << "models/gpt2_f32" << "c,c";
    QTest::newRow("bert") << "models/bert_f16_gamma" << "n,n";
}

void LayerMasksTest::loadersFillTheRule() {
    QFETCH(QString, source);
    QFETCH(QString, rules);
    const auto model = loadCase(source);
    const int t = 12;  // longer than every window: cells before the window are masked too
    const AttentionTrace trace = model->run(inputOf(*model, t)).trace;
    QCOMPARE(describe(trace).section(QLatin1Char(','), 0, rules.count(QLatin1Char(','))), rules);
    int windowCells = 0;
    for (int l = 0; l < trace.layers(); ++l) {
        const MaskRule rule = trace.model().maskOfLayer(l);
        QVERIFY(cellMaskAgrees(trace, l, {}));
        for (int h = 0; h < trace.heads(); ++h) {
            const HeadWeights w = trace.head(l, h);
            for (int q = 0; q < t; ++q)
                for (int k = 0; k < t; ++k) {
                    QCOMPARE(trace.isMasked(l, q, k), !rule.allows(q, k));
                    if (trace.isMasked(l, q, k)) {
                        // The forward pass applied the same rule: exp(−∞) = 0 exactly.
                        QCOMPARE(w(q, k), 0.0f);
                        windowCells += k < q;
                    }
                }
        }
    }
    QCOMPARE(windowCells > 0, rules.contains(QLatin1Char('w')));
}

void LayerMasksTest::wordsAreMaskedWhenEveryPieceIs() {
    const auto model = loadCase(QStringLiteral("models/gemma2_f32"));
    const AttentionTrace pieces = model->run(model->tokenizer().encode(QStringLiteral("the cat sat on the mat and looked around"), true)).trace;
    const AttentionTrace words = mergeIntoWords(pieces);
    QVERIFY(words.length() < pieces.length());
    // Which pieces each word stands for, from the derived trace's own positions.
    const auto& positions = words.modelPositions();
    QCOMPARE(int(positions.size()), words.length());
    for (int l = 0; l < words.layers(); ++l) {
        const MaskRule rule = pieces.model().maskOfLayer(l);
        for (int a = 0; a < words.length(); ++a)
            for (int b = 0; b < words.length(); ++b) {
                bool all = true;
                for (int q : positions[size_t(a)])
                    for (int k : positions[size_t(b)])
                        all = all && !rule.allows(q, k);
                QCOMPARE(words.isMasked(l, a, b), all);
            }
        QVERIFY(cellMaskAgrees(words, l, {}));
        // A subset of the words, as hiding special tokens keeps: the positions of those kept.
        QVERIFY(cellMaskAgrees(words, l, {0, 2, 3, 5}));
        QVERIFY(cellMaskAgrees(pieces, l, {1, 2, 4, 7, 8, 9}));
    }
    // Words of several pieces: some word cell covers masked and allowed piece cells alike and
    // is not masked; the sliding-window layer masks words before the window.
    const CellMask sliding = words.cellMask(0);
    QVERIFY(!sliding.isEmpty());
    bool before = false;
    for (int q = 0; q < words.length(); ++q)
        before = before || sliding.allowed(q).first > 0;
    QVERIFY(before);
}

void LayerMasksTest::genuineZeroIsNotMasked() {
    // An encoder's head whose weights are exact zeros above the diagonal is not masked: the
    // rule says which cells are, never the values.
    ModelSummary summary;
    summary.layers = 1;
    summary.heads = 1;
    AttentionTrace trace(summary, {1, 2, 3}, {"a", "b", "c"}, {"a", "b", "c"});
    float* w = trace.headData(0, 0);
    std::fill(w, w + 9, 0.0f);
    w[0] = 1;
    QVERIFY(!trace.isMasked(0, 0, 2));
    QVERIFY(trace.cellMask(0).isEmpty());
    // The same trace from a causal model: its cells above the diagonal are, whatever they hold.
    summary.causal = true;
    AttentionTrace causal(summary, {1, 2, 3}, {"a", "b", "c"}, {"a", "b", "c"});
    QVERIFY(causal.isMasked(0, 0, 2));
    QVERIFY(!causal.isMasked(0, 2, 0));
    QCOMPARE(causal.cellMask(0).count(), 3LL);
    // A sliding window of 2: (2, 0) is outside it.
    summary.layerMasks = {MaskRule{AttentionMask::SlidingWindow, 2}};
    AttentionTrace window(summary, {1, 2, 3}, {"a", "b", "c"}, {"a", "b", "c"});
    QVERIFY(window.isMasked(0, 2, 0));
    QVERIFY(!window.isMasked(0, 2, 1));
    QCOMPARE(window.cellMask(0).count(), 4LL);
}

QTEST_GUILESS_MAIN(LayerMasksTest)
#include "tst_layermasks.moc"
