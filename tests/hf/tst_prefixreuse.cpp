// Prefix reuse (model/PrefixState.h, issue #10): a run that takes the shared first tokens from
// an earlier run's state equals a fresh run of the same input, for every decoder family in
// tests/fixtures/models (DecoderModel's and GPT-2) (whose fresh runs tst_decodermodel checks against PyTorch) and GGUF files
// that stream their layers. The reference here is the fresh run: prefix reuse must not change a
// single number beyond rounding (1e-6, see kTolerance), and must actually have reused (RunResult::reusedTokens).

#include <QtTest>

#include "ModelFixtures.h"
#include "gguf/GgufModelLoader.h"
#include "hf/HfModelLoader.h"
#include "model/PrefixState.h"

using namespace headmap;

namespace {

// Relative to the size of the numbers compared (at least 1): the 1e-6. Up to 32 tokens the
// dense layers of torch.nn.Linear's layout give a row the same bits whatever the other rows
// (core/SkinnyProduct), so what differs is the attention, whose new rows are multiplied as other
// matrix shapes than a full run's, and GPT-2's Conv1D layers (OpenBLAS: sgemv for one new token,
// sgemm for the full run). Worst row on an AMD EPYC (OpenBLAS's Haswell kernels): 9.2e-7, GPT-2;
// 4.8e-7 for the other families. Before SkinnyProduct it was 1.22e-6 there (and within 1e-6
// with the SkylakeX kernels of Intel machines).
constexpr double kTolerance = 1e-6;

const QStringList kFolders = {
    QStringLiteral("llama_f32_tied"),   QStringLiteral("llama_bf16_sharded"), QStringLiteral("llama_f16_linear"),
    QStringLiteral("llama_f32_dynamic"), QStringLiteral("llama_f32_yarn"),    QStringLiteral("mistral_f16"),
    QStringLiteral("qwen2_bf16"),       QStringLiteral("qwen3_f32"),          QStringLiteral("gemma2_f32"),
    QStringLiteral("gemma3_text_bf16"), QStringLiteral("phi3_f32"),           QStringLiteral("phi3_longrope"),
    QStringLiteral("olmo2_f32"),        QStringLiteral("gpt_neox_f16"),       QStringLiteral("gpt2_f32"),
    QStringLiteral("gpt2_bf16_sharded"),
};
// GGUF files convert on read, so their layers stream through DecoderModel's arena.
const QStringList kGgufFiles = {QStringLiteral("llama_q8_0.gguf"), QStringLiteral("qwen3_q8_0.gguf"),
                                QStringLiteral("gemma2_f32.gguf")};

std::unique_ptr<Model> loadFixture(const QString& name) {
    if (name.endsWith(QLatin1String(".gguf"))) {
        const QString path = QDir(QStringLiteral(HEADMAP_FIXTURES_DIR "/gguf/models")).filePath(name);
        // Only ids are fed, so any tokenizer whose vocabulary covers them will do.
        return loadGgufModel(path, name, loadHfTokenizerFolder(modelfixtures::fixture("llama_f32_tied"), {}).tokenizer);
    }
    return loadHfModelFolder(modelfixtures::fixture(name), name);
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

double maxDifference(const MatrixF& a, const MatrixF& b) {
    if (a.rows() != b.rows() || a.cols() != b.cols())
        return -1;
    return a.size() == 0 ? 0.0 : double((a - b).cwiseAbs().maxCoeff());
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

// The same over the value norms, relative to their size (0 when neither has them).
double valueNormDifference(const AttentionTrace& a, const AttentionTrace& b) {
    if (a.hasValueNorms() != b.hasValueNorms())
        return -1;
    double worst = 0;
    if (a.hasValueNorms())
        for (int l = 0; l < a.layers(); ++l)
            for (int h = 0; h < a.heads(); ++h)
                worst = std::max(worst, relativeDifference(a.valueNorms(l, h), b.valueNorms(l, h)));
    return worst;
}

#define CHECK_CLOSE(diff, what) \
    QVERIFY2((diff) >= 0 && (diff) <= kTolerance, qPrintable(QStringLiteral("%1: max difference %2").arg(what).arg(diff)))

void compareWithFresh(const Model& model, const Encoding& input, const RunResult& reused, const RunOptions& freshOptions) {
    const RunResult fresh = model.run(input, freshOptions);
    CHECK_CLOSE(traceDifference(reused.trace, fresh.trace), QStringLiteral("attention weights"));
    CHECK_CLOSE(valueNormDifference(reused.trace, fresh.trace), QStringLiteral("value norms"));
    CHECK_CLOSE(relativeDifference(reused.hidden, fresh.hidden), QStringLiteral("final hidden states"));
    QCOMPARE(reused.trace.tokenIds(), fresh.trace.tokenIds());
    if (model.hasOutputHead()) {
        const int last = input.size() - 1;
        const RowVectorF a = model.outputLogits(reused.hidden, last);
        const RowVectorF b = model.outputLogits(fresh.hidden, last);
        CHECK_CLOSE(relativeDifference(a, b), QStringLiteral("logits at the last position"));
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
        next.ablations = {HeadAblation{1, 0, AblationMode::Zero}};
    else if (option == QLatin1String("mean"))
        next.ablations = {HeadAblation{0, 1, AblationMode::Mean}};
    else if (option == QLatin1String("steps"))
        next.steps = HeadIndex{1, 1};
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

QTEST_GUILESS_MAIN(PrefixReuseTest)
#include "tst_prefixreuse.moc"
