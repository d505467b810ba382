// Prefix reuse (model/PrefixState.h, issue #10): a run that takes the shared first tokens from
// an earlier run's state equals a fresh run of the same input, for every decoder family in
// tests/fixtures/models (DecoderModel's and GPT-2) (whose fresh runs tst_decodermodel checks against PyTorch) and GGUF files
// that stream their layers. The reference here is the fresh run: prefix reuse must not change a
// single number beyond float32 rounding (bounds derived below, reuseBounds), and must actually
// have reused (RunResult::reusedTokens).

#include <QtTest>

#include <map>

#include "FloatRounding.h"
#include "ModelFixtures.h"
#include "gguf/GgufModelLoader.h"
#include "hf/HfModelLoader.h"
#include "model/PrefixState.h"

using namespace headmap;
using headmap::testing::gammaOf;
using headmap::testing::scoreMagnitude;

namespace {

using testsupport::maxDifference;

// How far a reused run may be from a fresh one: float32 rounding, derived below for each compared
// number from the reductions the two runs may sum in different orders (issue #36: a fitted 1e-6
// held on the machine it was fitted on and failed at 1.46e-6 with OpenBLAS's Haswell kernels).
//
// Two runs on one machine use one build and one OpenBLAS kernel set, but not always the same code
// for the same sum:
//  - the dense layers in torch.nn.Linear's layout (every family but GPT-2) go through
//    core/SkinnyProduct up to 32 rows, whose outputs do not depend on how many rows are
//    multiplied: the same bits in both runs on any processor (T <= 14 here, checked below);
//  - GPT-2's Conv1D layers (W stored (in, out)) go to OpenBLAS: sgemv for one new token, sgemm
//    for several, each with kernels that differ per processor (Haswell, SkylakeX, ...);
//  - the attention of the new rows (core/PrefixAttention) multiplies other shapes than the full
//    run (Eigen's products vs multiplySingleThreaded's sgemm for weights · V).
// A sum of n float32 terms computed in two orders differs by at most 2·γ(n)·Σ|terms|, with
// γ(n) = n·u / (1 − n·u) and u = 2⁻²⁴, whatever the order: vector width and kernel only choose
// the order (tests/engine/FloatRounding.h).
//
// Differences are measured relative to the scale of the values (the test's max(1, |fresh|)).
// Layer l's own rounding, ρ(l), is the sum of 2·γ(n) over its reductions that may be reordered:
//   every family: scores (n = head_dim) and weights · V (n = T);
//   GPT-2 also:   c_attn (n = d), attn.c_proj (n = d), mlp.c_fc (n = d), mlp.c_proj (n = 4·d).
// A layer's output is x + f(x): a difference already in x passes the residual unchanged and f once
// more, where linear maps keep it relative to the values' scale, norms rescale values and
// differences alike, softmax at most halves a score difference and GELU/SiLU have slopes <= 1.13;
// so a layer at most doubles what it is given (A = 2, conservative) and adds its own:
//   ε(l) = A·ε(l−1) + ρ(l), ε(−1) = 0.
// Compared numbers:
//   final hidden states  ε(L−1) (the final norm rescales values and differences alike);
//   logits               ε(L−1) + 2·γ(d) (the output head's sum over d);
//   value norms          of layer l: A·ε(l−1) + 2·γ(head_dim) (the head's block of W_O)
//                        + 2·γ(d) (the norm's sum of squares), + 2·γ(d) for GPT-2's c_attn;
//   attention weights    of layer l: a score s = scale·q·k with q and k each A·ε(l−1) off (+ 2·γ(d)
//                        for GPT-2's c_attn) and its own 2·γ(head_dim), times the score's
//                        Σ|terms| = scale·Σ|q_i k_i|, taken from the fresh run's queries and keys;
//                        softmax moves a weight by at most half the largest score difference
//                        (scoreMagnitude).
// Fixture sizes (tests/fixtures/models/*/config.json, gguf files alike): d <= 64, head_dim <= 16,
// L <= 3, GPT-2 d = 32, 4·d = 128, T <= 14. Largest bounds: GPT-2 hidden states
// ε(1) = 3·492·u ≈ 8.8e-5; other families ε(2) = 7·60·u ≈ 2.5e-5 (gemma, 3 layers); smallest
// llama_f16_linear's (1 layer) 40·u ≈ 2.4e-6 at T = 12. Measured (issue #36; the native AVX-512
// build and a -DHEADMAP_NATIVE=OFF SSE2 build, each under OPENBLAS_CORETYPE SkylakeX, Haswell,
// Zen, Sandybridge, Nehalem, Core2): worst 1.55e-6 attention weights (GPT-2), 9.3e-7 hidden
// states, 1.02e-6 logits, 2.7e-7 value norms; no difference above 0.15 of its bound (the
// one-layer llamas' hidden states). The test prints its worst differences and shares at the end.
constexpr double kLayerAmplification = 2;  // A above

// One model and input length's bounds (see above). Attention weights of layer l: half of
// scoreRelative[l] times the layer's scoreMagnitude.
struct ReuseBounds {
    std::vector<double> valueNorms;  // per layer, relative
    std::vector<double> scoreRelative;  // per layer: a score's difference / its Σ|terms|
    double hidden = 0;
    double logits = 0;
};

ReuseBounds reuseBounds(const ModelSummary& model, int t) {
    const bool gpt2 = model.architecture == QLatin1String("gpt2");
    const int d = model.dModel, dh = model.dHead;
    const double dense = gpt2 ? 2 * gammaOf(d) : 0.0;  // GPT-2's c_attn, before the scores and values
    const double own = 2 * gammaOf(dh) + 2 * gammaOf(t) + (gpt2 ? 2 * (3 * gammaOf(d) + gammaOf(4 * d)) : 0.0);
    ReuseBounds b;
    double before = 0;  // ε(l − 1)
    for (int l = 0; l < model.layers; ++l) {
        const double in = kLayerAmplification * before + dense;  // q, k and v of layer l
        b.scoreRelative.push_back(2 * in + 2 * gammaOf(dh));
        b.valueNorms.push_back(in + 2 * gammaOf(dh) + 2 * gammaOf(d));
        before = kLayerAmplification * before + own;
    }
    b.hidden = before;
    b.logits = before + 2 * gammaOf(d);
    return b;
}

const QStringList kFolders = {
    QStringLiteral("llama_f32_tied"),   QStringLiteral("llama_bf16_sharded"), QStringLiteral("llama_f16_linear"),
    QStringLiteral("llama_f32_dynamic"), QStringLiteral("llama_f32_yarn"),    QStringLiteral("mistral_f16"),
    QStringLiteral("qwen2_bf16"),       QStringLiteral("qwen3_f32"),          QStringLiteral("gemma2_f32"),
    QStringLiteral("gemma3_text_bf16"), QStringLiteral("phi3_f32"),           QStringLiteral("phi3_longrope"),
    QStringLiteral("olmo2_f32"),        QStringLiteral("gpt_neox_f16"),       QStringLiteral("gpt2_f32"),
    QStringLiteral("gpt2_bf16_sharded"), QStringLiteral("smollm3_f32"),  // smollm3: NoPE layers
};
// GGUF files convert on read, so their layers stream through DecoderModel's arena.
const QStringList kGgufFiles = {QStringLiteral("llama_q8_0.gguf"), QStringLiteral("qwen3_q8_0.gguf"),
                                QStringLiteral("gemma2_f32.gguf")};

std::unique_ptr<Model> loadFixture(const QString& name) {
    if (name.endsWith(QLatin1String(".gguf"))) {
        const QString path = QDir(QStringLiteral(HEADMAP_FIXTURES_DIR "/gguf/models")).filePath(name);
        // Only ids are fed, so any tokenizer whose vocabulary covers them will do.
        return loadGgufModel(path, name, loadHfTokenizerFolder(modelfixtures::modelFixture("llama_f32_tied"), {}).tokenizer);
    }
    return loadHfModelFolder(modelfixtures::modelFixture(name), name);
}

// Deterministic ids spread over the vocabulary (every decoder fixture has at least 256 entries).
std::vector<int> someIds(int count, int vocab = 251) {
    std::vector<int> ids;
    for (int i = 0; i < count; ++i)
        ids.push_back((37 * i + 11) % vocab);
    return ids;
}

Encoding encode(const Model& model, const std::vector<int>& ids) {
    return model.tokenizer().fromIds(ids);
}

// Largest |a - b| / max(1, |b|) over two matrices of the same shape; -1 when they differ.
double relativeDifference(const MatrixF& a, const MatrixF& b) {
    const double difference = maxDifference(a, b);
    if (difference <= 0)
        return difference;
    return difference / std::max(1.0, double(b.cwiseAbs().maxCoeff()));
}

// Largest difference over every head's weights (all within [0, 1]); -1 when the shapes differ.
double traceDifference(const AttentionTrace& a, const AttentionTrace& b) {
    if (a.length() != b.length() || a.layers() != b.layers() || a.heads() != b.heads() ||
        a.hasValueNorms() != b.hasValueNorms())
        return -1;
    double worst = 0;
    for (int l = 0; l < a.layers(); ++l)
        for (int h = 0; h < a.heads(); ++h)
            worst = std::max(worst, maxDifference(MatrixF(a.head(l, h)), MatrixF(b.head(l, h))));
    return worst;
}

// The worst difference seen per compared number, and its share of the bound (printed at the end:
// how much room each instruction set and OpenBLAS kernel set leaves).
struct Worst {
    double difference = 0, share = 0;
    QString where;  // the row with the largest share
};
std::map<QString, Worst> worstSeen;

#define CHECK_WITHIN(diff, bound, what)                                                                   \
    do {                                                                                                  \
        const double diff_ = (diff), bound_ = (bound);                                                    \
        Worst& worst_ = worstSeen[what];                                                                  \
        worst_.difference = std::max(worst_.difference, diff_);                                           \
        if (diff_ / bound_ > worst_.share) {                                                              \
            worst_.share = diff_ / bound_;                                                                \
            worst_.where = QString::fromLatin1(QTest::currentTestFunction()) + QLatin1Char('/') +         \
                           QString::fromLatin1(QTest::currentDataTag());                                 \
        }                                                                                                 \
        QVERIFY2(diff_ >= 0 && diff_ <= bound_,                                                           \
                 qPrintable(QStringLiteral("%1: max difference %2 > bound %3").arg(what).arg(diff_).arg(bound_))); \
    } while (false)

void compareWithFresh(const Model& model, const Encoding& input, const RunResult& reused, const RunOptions& freshOptions) {
    const RunResult fresh = model.run(input, freshOptions);
    const ModelSummary& summary = model.summary();
    const int t = input.size();
    // Bit-equal dense layers (SkinnyProduct) are what the bounds of all but GPT-2 rest on.
    QVERIFY2(t <= 32, "inputs longer than SkinnyProduct's 32 rows change the bounds");
    const ReuseBounds bounds = reuseBounds(summary, t);
    QCOMPARE(reused.trace.length(), fresh.trace.length());
    QCOMPARE(reused.trace.layers(), fresh.trace.layers());
    QCOMPARE(reused.trace.heads(), fresh.trace.heads());
    QCOMPARE(reused.trace.hasValueNorms(), fresh.trace.hasValueNorms());
    for (int l = 0; l < summary.layers; ++l) {
        QVERIFY2(fresh.trace.queriesKeys(l), "the fresh run kept no queries and keys to bound its scores by");
        const double magnitude = scoreMagnitude(*fresh.trace.queriesKeys(l));
        double weights = 0, norms = 0;
        for (int h = 0; h < summary.heads; ++h) {
            weights = std::max(weights, maxDifference(MatrixF(reused.trace.head(l, h)), MatrixF(fresh.trace.head(l, h))));
            if (fresh.trace.hasValueNorms())
                norms = std::max(norms, relativeDifference(reused.trace.valueNorms(l, h), fresh.trace.valueNorms(l, h)));
        }
        CHECK_WITHIN(weights, 0.5 * bounds.scoreRelative[size_t(l)] * magnitude, QStringLiteral("attention weights"));
        CHECK_WITHIN(norms, bounds.valueNorms[size_t(l)], QStringLiteral("value norms"));
    }
    CHECK_WITHIN(relativeDifference(reused.hidden, fresh.hidden), bounds.hidden, QStringLiteral("final hidden states"));
    QCOMPARE(reused.trace.tokenIds(), fresh.trace.tokenIds());
    if (model.hasOutputHead()) {
        const int last = input.size() - 1;
        const RowVectorF a = model.outputLogits(reused.hidden, last);
        const RowVectorF b = model.outputLogits(fresh.hidden, last);
        CHECK_WITHIN(relativeDifference(a, b), bounds.logits, QStringLiteral("logits at the last position"));
    }
}

}  // namespace

class PrefixReuseTest : public QObject {
    Q_OBJECT
private slots:
    void equalsFreshRun_data();
    void equalsFreshRun();
    void keepingStateChangesNothing_data() { addFixtureRows(); }
    void keepingStateChangesNothing();
    void optionsThatForbidReuseRunInFull_data();
    void optionsThatForbidReuseRunInFull();
    void anotherModelsStateIsNotReused();
    void encodersKeepNoState();
    void cleanupTestCase();

private:
    static void addFixtureRows();
};

void PrefixReuseTest::addFixtureRows() {
    QTest::addColumn<QString>("fixture");
    for (const QString& name : kFolders + kGgufFiles)
        QTest::newRow(qPrintable(name)) << name;
}

// first: the earlier run's tokens; then: the new run's tokens; reused: what it may take.
void PrefixReuseTest::equalsFreshRun_data() {
    QTest::addColumn<QString>("fixture");
    QTest::addColumn<std::vector<int>>("first");
    QTest::addColumn<std::vector<int>>("then");
    QTest::addColumn<int>("reused");
    const std::vector<int> twelve = someIds(12);
    auto prefix = [&](int count) { return std::vector<int>(twelve.begin(), twelve.begin() + count); };
    std::vector<int> edited = prefix(9);
    edited.back() = 250;  // the last word typed differently: the shared prefix is 8 tokens
    std::vector<int> other = twelve;
    other[0] = 249;       // not an extension: a full run
    for (const QString& name : kFolders + kGgufFiles) {
        // T = 12 is longer than the sliding windows (4, 5) of gemma, mistral, qwen2 and phi3.
        QTest::newRow(qPrintable(name + QStringLiteral("/one_new_token"))) << name << prefix(11) << twelve << 11;
        QTest::newRow(qPrintable(name + QStringLiteral("/several_new_tokens"))) << name << prefix(4) << twelve << 4;
        QTest::newRow(qPrintable(name + QStringLiteral("/last_token_edited"))) << name << prefix(9) << edited << 8;
        QTest::newRow(qPrintable(name + QStringLiteral("/shorter_input"))) << name << twelve << prefix(7) << 6;
        QTest::newRow(qPrintable(name + QStringLiteral("/same_input"))) << name << twelve << twelve << 11;
        QTest::newRow(qPrintable(name + QStringLiteral("/not_an_extension"))) << name << prefix(6) << other << 0;
    }
}

void PrefixReuseTest::equalsFreshRun() {
    QFETCH(QString, fixture);
    QFETCH(std::vector<int>, first);
    QFETCH(std::vector<int>, then);
    QFETCH(int, reused);
    const auto model = loadFixture(fixture);
    RunOptions keep;
    keep.keepState = true;
    const RunResult a = model->run(encode(*model, first), keep);
    QVERIFY(a.state);
    QCOMPARE(a.state->length(), int(first.size()));
    QCOMPARE(a.reusedTokens, 0);

    RunOptions next = keep;
    next.reuse = a.state;
    const Encoding input = encode(*model, then);
    const RunResult b = model->run(input, next);
    QCOMPARE(b.reusedTokens, reused);
    compareWithFresh(*model, input, b, {});

    // B's own state serves the next keystroke as well as a fresh run's would.
    QVERIFY(b.state);
    QCOMPARE(b.state->ids, then);
    std::vector<int> longer = then;
    longer.push_back(200);
    longer.push_back(7);
    next.reuse = b.state;
    const Encoding third = encode(*model, longer);
    const RunResult c = model->run(third, next);
    QCOMPARE(c.reusedTokens, int(then.size()));
    compareWithFresh(*model, third, c, {});
}

void PrefixReuseTest::keepingStateChangesNothing() {
    QFETCH(QString, fixture);
    const auto model = loadFixture(fixture);
    const Encoding input = encode(*model, someIds(9));
    RunOptions keep;
    keep.keepState = true;
    const RunResult kept = model->run(input, keep);
    const RunResult plain = model->run(input);
    QVERIFY(!plain.state);
    // Bit for bit: keeping the keys and values only copies them.
    QCOMPARE(traceDifference(kept.trace, plain.trace), 0.0);
    QCOMPARE(maxDifference(kept.hidden, plain.hidden), 0.0);
    // The state holds each layer's keys and values of every token, and the run's numbers.
    QCOMPARE(int(kept.state->layers.size()), model->summary().layers);
    const int kvWidth = model->summary().kvHeads * model->summary().dHead;
    for (const PrefixState::Layer& layer : kept.state->layers) {
        QCOMPARE(int(layer.keys.rows()), 9);
        QCOMPARE(int(layer.keys.cols()), kvWidth);
        QCOMPARE(int(layer.values.rows()), 9);
    }
    QCOMPARE(maxDifference(kept.state->hidden, plain.hidden), 0.0);
    QCOMPARE(traceDifference(kept.state->trace, plain.trace), 0.0);
}

// Ablations (a mean ablation averages over every position), the step matrices (whole T×T) and
// value norms the state lacks all need a full run; value norms the state has are reused.
void PrefixReuseTest::optionsThatForbidReuseRunInFull_data() {
    QTest::addColumn<QString>("fixture");
    QTest::addColumn<QString>("option");
    QTest::addColumn<bool>("stateHasValueNorms");
    QTest::addColumn<int>("reused");
    for (const QString& name : {QStringLiteral("llama_f32_tied"), QStringLiteral("gemma2_f32"), QStringLiteral("llama_q8_0.gguf")}) {
        QTest::newRow(qPrintable(name + QStringLiteral("/zero_ablation"))) << name << QStringLiteral("zero") << false << 0;
        QTest::newRow(qPrintable(name + QStringLiteral("/mean_ablation"))) << name << QStringLiteral("mean") << false << 0;
        QTest::newRow(qPrintable(name + QStringLiteral("/steps"))) << name << QStringLiteral("steps") << false << 0;
        QTest::newRow(qPrintable(name + QStringLiteral("/value_norms_missing"))) << name << QStringLiteral("norms") << false << 0;
        QTest::newRow(qPrintable(name + QStringLiteral("/value_norms_kept"))) << name << QStringLiteral("norms") << true << 6;
    }
}

void PrefixReuseTest::optionsThatForbidReuseRunInFull() {
    QFETCH(QString, fixture);
    QFETCH(QString, option);
    QFETCH(bool, stateHasValueNorms);
    QFETCH(int, reused);
    const auto model = loadFixture(fixture);
    RunOptions keep;
    keep.keepState = true;
    keep.valueNorms = stateHasValueNorms;
    const RunResult a = model->run(encode(*model, someIds(6)), keep);

    RunOptions next;
    if (option == QLatin1String("zero"))
        next.ablations = {HeadAblation{1, 0, AblationMode::Zero, std::nullopt}};
    else if (option == QLatin1String("mean"))
        next.ablations = {HeadAblation{0, 1, AblationMode::Mean, std::nullopt}};
    else if (option == QLatin1String("steps"))
        next.steps = HeadIndex{1, 1, std::nullopt};
    else
        next.valueNorms = true;
    RunOptions fresh = next;
    next.reuse = a.state;
    const Encoding input = encode(*model, someIds(10));
    const RunResult b = model->run(input, next);
    QCOMPARE(b.reusedTokens, reused);
    compareWithFresh(*model, input, b, fresh);
    if (next.steps)
        QVERIFY(b.steps.has_value());
    if (next.valueNorms)
        QVERIFY(b.trace.hasValueNorms());

    // A state made with an ablation is not reused by a run without one either.
    if (!next.ablations.empty()) {
        RunOptions ablatedKeep = next;
        ablatedKeep.reuse.reset();
        ablatedKeep.keepState = true;
        const RunResult ablated = model->run(encode(*model, someIds(6)), ablatedKeep);
        RunOptions plain;
        plain.reuse = ablated.state;
        const RunResult c = model->run(input, plain);
        QCOMPARE(c.reusedTokens, 0);
        compareWithFresh(*model, input, c, {});
    }
}

void PrefixReuseTest::anotherModelsStateIsNotReused() {
    const auto first = loadFixture(QStringLiteral("llama_f32_tied"));
    const auto second = loadFixture(QStringLiteral("llama_f32_tied"));
    RunOptions keep;
    keep.keepState = true;
    const RunResult a = first->run(encode(*first, someIds(6)), keep);
    RunOptions next;
    next.reuse = a.state;
    const Encoding input = encode(*second, someIds(9));
    const RunResult b = second->run(input, next);
    QCOMPARE(b.reusedTokens, 0);
    compareWithFresh(*second, input, b, {});
}

// Every row of an encoder changes with a new token, so there is nothing to keep.
void PrefixReuseTest::encodersKeepNoState() {
    const auto model = loadFixture(QStringLiteral("bert_f32_prefixed"));
    RunOptions keep;
    keep.keepState = true;
    const RunResult a = model->run(encode(*model, someIds(5, 80)), keep);
    QVERIFY(!a.state);
    QCOMPARE(a.reusedTokens, 0);
}

void PrefixReuseTest::cleanupTestCase() {
    for (const auto& [what, worst] : worstSeen)
        qInfo("%s: worst difference %.3g; largest share of its bound %.3g (%s)", qPrintable(what), worst.difference,
              worst.share, qPrintable(worst.where));
}

QTEST_GUILESS_MAIN(PrefixReuseTest)
#include "tst_prefixreuse.moc"
