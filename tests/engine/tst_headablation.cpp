// Head ablation and value norms (issue #12) against tests/golden/ablation_golden.json, written by
// tests/golden/make_ablation_golden.py from the fixtures' own PyTorch references (BERT, GPT-2,
// a GQA Llama, Gemma 2): every layer's attention, the final hidden state and the value norms
// ‖v_j·W_O,h‖ with heads of layer 0 zeroed or mean-ablated. Then the invariants, the step
// matrices of an ablated head, the range checks and the L.H[:mean] syntax.

#include <cstring>

#include <QtTest>

#include "GoldenFile.h"
#include "TestPaths.h"
#include "core/HeadAblation.h"
#include "core/HeadmapError.h"
#include "hf/HfModelLoader.h"
#include "model/ModelLoader.h"

using namespace headmap;

Q_DECLARE_METATYPE(std::vector<headmap::HeadAblation>)

namespace {

using testsupport::modelFixture;

// Against PyTorch: the bound, a product requirement, not a rounding bound. Both sides are
// float32 summed in other orders (PyTorch's kernels; ours by vector width and OpenBLAS core type).
// The worst case that tst_prefixreuse's derivation gives with every sum reordered (norms over 2·d,
// projections over d, MLP over the intermediate size, scores, softmax and weights·V over T; doubled
// per layer) is 3e-4 to 5e-4 for the 2- and 3-layer fixtures, above this bound: it is a requirement
// that rounding meets in practice, not a proof. Measured (issue #36; native AVX-512 and SSE2
// builds, each with OpenBLAS's SkylakeX, Haswell, Sandybridge, Nehalem and Core2 kernels): at most
// 2.4e-6 (hidden states), 1.8e-6 (attention weights), 4.8e-6 on value norms up to 14 (checked
// relative to the largest): 40 times inside or more.
constexpr double kTolerance = 1e-4;

std::unique_ptr<Model> openModel(const QString& spec) {
    if (spec.startsWith(QLatin1String("builtin:")))
        return loadModel(ModelSpec{spec, TeachingOptions{}});
    return loadHfModelFolder(modelFixture(spec), spec);
}

// Token ids that fit every model here (the fixtures' tokenizers have ≥ 89 tokens).
Encoding sampleInput(const Model& model, int t) {
    std::vector<int> ids;
    for (int i = 0; i < t; ++i)
        ids.push_back((7 * i + 3) % 80);
    return model.tokenizer().fromIds(ids);
}

bool sameBits(const MatrixF& a, const MatrixF& b) {
    return a.rows() == b.rows() && a.cols() == b.cols() &&
           std::memcmp(a.data(), b.data(), sizeof(float) * size_t(a.size())) == 0;
}

MatrixF headOf(const AttentionTrace& trace, int layer, int head) {
    return trace.head(layer, head);
}

MatrixF normsOf(const AttentionTrace& trace, int layer) {
    MatrixF norms(trace.heads(), trace.length());  // (H, T)
    for (int h = 0; h < trace.heads(); ++h)
        norms.row(h) = trace.valueNorms(layer, h);
    return norms;
}

#define CHECK_MATRIX(actual, expected, what, mode)                                                     \
    do {                                                                                               \
        const QString error_ = golden::compareMatrices((actual), (expected), kTolerance, (what), (mode)); \
        QVERIFY2(error_.isEmpty(), qPrintable(error_));                                                \
    } while (false)

// The models of the invariant tests: an encoder, the decoders with GQA and softcap, the builtin.
void addModelRows() {
    QTest::addColumn<QString>("model");
    for (const char* name : {"bert_f32_prefixed", "gpt2_f32", "llama_f32_tied", "gemma2_f32", "builtin:teaching"})
        QTest::newRow(name) << QString::fromLatin1(name);
}

}  // namespace

class HeadAblationTest : public QObject {
    Q_OBJECT
private slots:
    void matchesPyTorch_data();
    void matchesPyTorch();
    void noAblationIsBitForBit_data() { addModelRows(); }
    void noAblationIsBitForBit();
    void onlyLaterLayersMove_data() { addModelRows(); }
    void onlyLaterLayersMove();
    void stepsShowTheAblatedOutput_data();
    void stepsShowTheAblatedOutput();
    void rejectsHeadsOutOfRange_data();
    void rejectsHeadsOutOfRange();
    void parsesAblations_data();
    void parsesAblations();
    void rejectsBadAblationText_data();
    void rejectsBadAblationText();
};

void HeadAblationTest::matchesPyTorch_data() {
    QTest::addColumn<QJsonObject>("golden");
    QString error;
    const QJsonArray cases = golden::loadCases(QStringLiteral("ablation_golden.json"), &error);
    QVERIFY2(error.isEmpty(), qPrintable(error));
    QVERIFY2(cases.size() >= 16, "ablation_golden.json lost cases");
    for (const QJsonValue& c : cases)
        QTest::newRow(qPrintable(c.toObject().value("name").toString())) << c.toObject();
}

void HeadAblationTest::matchesPyTorch() {
    QFETCH(QJsonObject, golden);
    const auto model = openModel(golden.value("fixture").toString());
    const Encoding input = model->tokenizer().fromIds(golden::toIntVector(golden.value("ids")));
    RunOptions options;
    options.ablations = parseHeadAblations(golden.value("ablations").toString());
    options.valueNorms = true;
    const RunResult result = model->run(input, options);
    QVERIFY(result.trace.ablations() == options.ablations);
    QVERIFY(result.trace.hasValueNorms());

    const QJsonArray attention = golden.value("attention").toArray();
    const QJsonArray norms = golden.value("value_norms").toArray();
    QCOMPARE(attention.size(), result.trace.layers());
    QCOMPARE(norms.size(), result.trace.layers());
    for (int l = 0; l < result.trace.layers(); ++l) {
        for (int h = 0; h < result.trace.heads(); ++h)
            CHECK_MATRIX(headOf(result.trace, l, h), golden::toMatrix(attention[l].toArray()[h]),
                         QStringLiteral("attention of %1.%2").arg(l).arg(h), golden::Tolerance::Absolute);
        CHECK_MATRIX(normsOf(result.trace, l), golden::toMatrix(norms[l]),
                     QStringLiteral("value norms of layer %1").arg(l), golden::Tolerance::RelativeToMax);
    }
    CHECK_MATRIX(result.hidden, golden::toMatrix(golden.value("hidden")), QStringLiteral("final hidden state"),
                 golden::Tolerance::Absolute);
}

// Asking for value norms, or passing an empty ablation list, changes no bit of the run.
void HeadAblationTest::noAblationIsBitForBit() {
    QFETCH(QString, model);
    const auto m = openModel(model);
    const Encoding input = sampleInput(*m, 9);
    const RunResult plain = m->run(input);
    RunOptions options;
    options.valueNorms = true;
    options.ablations = {};
    const RunResult asked = m->run(input, options);
    QVERIFY(!plain.trace.hasValueNorms());
    QVERIFY(asked.trace.hasValueNorms());
    QVERIFY(asked.trace.ablations().empty());
    QVERIFY(sameBits(plain.hidden, asked.hidden));
    for (int l = 0; l < plain.trace.layers(); ++l)
        for (int h = 0; h < plain.trace.heads(); ++h)
            QVERIFY2(sameBits(headOf(plain.trace, l, h), headOf(asked.trace, l, h)),
                     qPrintable(QStringLiteral("head %1.%2").arg(l).arg(h)));
}

// Ablating a head of layer 0 leaves all of layer 0's weights (its own included) bit for bit and
// moves the later layers; ablating a head of the last layer moves only the hidden state.
void HeadAblationTest::onlyLaterLayersMove() {
    QFETCH(QString, model);
    const auto m = openModel(model);
    const Encoding input = sampleInput(*m, 9);
    const RunResult plain = m->run(input);
    const int last = plain.trace.layers() - 1;
    for (const HeadAblation& ablation : {HeadAblation{0, 1, AblationMode::Zero}, HeadAblation{0, 1, AblationMode::Mean},
                                         HeadAblation{last, 0, AblationMode::Zero}}) {
        RunOptions options;
        options.ablations = {ablation};
        const RunResult ablated = m->run(input, options);
        const QString what = formatHeadAblations({ablation});
        for (int l = 0; l <= ablation.layer; ++l)
            for (int h = 0; h < plain.trace.heads(); ++h)
                QVERIFY2(sameBits(headOf(plain.trace, l, h), headOf(ablated.trace, l, h)),
                         qPrintable(QStringLiteral("%1 changed head %2.%3").arg(what).arg(l).arg(h)));
        double moved = 0;
        for (int l = ablation.layer + 1; l <= last; ++l)
            for (int h = 0; h < plain.trace.heads(); ++h)
                moved = std::max(moved, double((headOf(plain.trace, l, h) - headOf(ablated.trace, l, h)).cwiseAbs().maxCoeff()));
        if (ablation.layer < last)
            QVERIFY2(moved > 1e-6, qPrintable(what + QStringLiteral(" did not reach the later layers")));
        QVERIFY2((plain.hidden - ablated.hidden).cwiseAbs().maxCoeff() > 1e-6,
                 qPrintable(what + QStringLiteral(" did not change the hidden state")));
    }
}

void HeadAblationTest::stepsShowTheAblatedOutput_data() {
    QTest::addColumn<QString>("model");
    QTest::addColumn<int>("mode");
    for (const char* name : {"gpt2_f32", "llama_f32_tied"}) {
        QTest::newRow(qPrintable(QStringLiteral("%1 zero").arg(name))) << QString::fromLatin1(name) << int(AblationMode::Zero);
        QTest::newRow(qPrintable(QStringLiteral("%1 mean").arg(name))) << QString::fromLatin1(name) << int(AblationMode::Mean);
    }
}

// The step view of an ablated head shows what W_O received: zeros, or every row the mean of
// weights·v over the positions; the weights stay the head's own.
void HeadAblationTest::stepsShowTheAblatedOutput() {
    QFETCH(QString, model);
    QFETCH(int, mode);
    const auto m = openModel(model);
    const Encoding input = sampleInput(*m, 7);
    const int head = 2;
    RunOptions options;
    options.steps = HeadIndex{0, head};
    const RunResult plain = m->run(input, options);
    options.ablations = {HeadAblation{0, head, AblationMode(mode)}};
    const RunResult ablated = m->run(input, options);
    const HeadSteps& steps = *ablated.steps;

    QVERIFY(sameBits(steps.weights, plain.steps->weights));
    const MatrixF unablated = steps.weights * steps.v;  // (T, Dh)
    MatrixF expected(unablated.rows(), unablated.cols());
    if (AblationMode(mode) == AblationMode::Zero)
        expected.setZero();
    else
        expected.rowwise() = unablated.colwise().mean();
    CHECK_MATRIX(steps.headOutput, expected, QStringLiteral("headOutput"), golden::Tolerance::Absolute);
    CHECK_MATRIX(MatrixF(steps.concat.middleCols(head * steps.dHead, steps.dHead)), expected,
                 QStringLiteral("the head's columns of concat"), golden::Tolerance::Absolute);
    QVERIFY(sameBits(steps.concat.leftCols(head * steps.dHead), plain.steps->concat.leftCols(head * steps.dHead)));
}

void HeadAblationTest::rejectsHeadsOutOfRange_data() {
    QTest::addColumn<std::vector<HeadAblation>>("ablations");
    QTest::addColumn<QString>("message");
    QTest::newRow("layer past the end") << std::vector<HeadAblation>{{2, 0, AblationMode::Zero}}
                                        << QStringLiteral("ablation 2.0: layer 2 is out of range: gpt2_f32 has layers 0..1");
    QTest::newRow("negative layer") << std::vector<HeadAblation>{{-1, 0, AblationMode::Zero}}
                                    << QStringLiteral("layer -1 is out of range");
    QTest::newRow("head past the end") << std::vector<HeadAblation>{{1, 4, AblationMode::Mean}}
                                       << QStringLiteral("ablation 1.4:mean: head 4 is out of range: gpt2_f32 has heads 0..3");
    QTest::newRow("same head twice") << std::vector<HeadAblation>{{0, 1, AblationMode::Zero}, {0, 1, AblationMode::Mean}}
                                     << QStringLiteral("head 0.1 is ablated twice");
}

void HeadAblationTest::rejectsHeadsOutOfRange() {
    QFETCH(std::vector<HeadAblation>, ablations);
    QFETCH(QString, message);
    const auto m = openModel(QStringLiteral("gpt2_f32"));
    RunOptions options;
    options.ablations = ablations;
    try {
        m->run(sampleInput(*m, 4), options);
        QFAIL("no InputError");
    } catch (const InputError& e) {
        QVERIFY2(e.message().contains(message), qPrintable(e.message()));
    }
}

void HeadAblationTest::parsesAblations_data() {
    QTest::addColumn<QString>("text");
    QTest::addColumn<std::vector<HeadAblation>>("expected");
    QTest::addColumn<QString>("formatted");
    QTest::newRow("empty") << QString() << std::vector<HeadAblation>{} << QString();
    QTest::newRow("one head") << QStringLiteral("3.1") << std::vector<HeadAblation>{{3, 1, AblationMode::Zero}}
                              << QStringLiteral("3.1");
    QTest::newRow("zero and mean") << QStringLiteral("3.1,0.2:mean")
                                   << std::vector<HeadAblation>{{3, 1, AblationMode::Zero}, {0, 2, AblationMode::Mean}}
                                   << QStringLiteral("3.1,0.2:mean");
    QTest::newRow("explicit zero, spaces, capitals") << QStringLiteral(" 11.10:ZERO , 0.0:Mean ")
                                                     << std::vector<HeadAblation>{{11, 10, AblationMode::Zero}, {0, 0, AblationMode::Mean}}
                                                     << QStringLiteral("11.10,0.0:mean");
    // Encoder–decoder models: a stack before the head; written back when set, in lower case.
    QTest::newRow("stacks") << QStringLiteral("cross:3.1,encoder:0.2:mean,Decoder:1.0:zero,4.5")
                            << std::vector<HeadAblation>{{3, 1, AblationMode::Zero, StackKind::Cross},
                                                         {0, 2, AblationMode::Mean, StackKind::Encoder},
                                                         {1, 0, AblationMode::Zero, StackKind::Decoder},
                                                         {4, 5, AblationMode::Zero, std::nullopt}}
                            << QStringLiteral("cross:3.1,encoder:0.2:mean,decoder:1.0,4.5");
}

void HeadAblationTest::parsesAblations() {
    QFETCH(QString, text);
    QFETCH(std::vector<HeadAblation>, expected);
    QFETCH(QString, formatted);
    const std::vector<HeadAblation> parsed = parseHeadAblations(text);
    QVERIFY(parsed == expected);
    QCOMPARE(formatHeadAblations(parsed), formatted);
    QVERIFY(parseHeadAblations(formatted) == expected);
}

void HeadAblationTest::rejectsBadAblationText_data() {
    QTest::addColumn<QString>("text");
    QTest::addColumn<QString>("message");
    QTest::newRow("letter for head") << QStringLiteral("3.x") << QStringLiteral("'3.x' is not L.H or L.H:mean");
    QTest::newRow("layer only") << QStringLiteral("3") << QStringLiteral("'3' is not L.H or L.H:mean");
    QTest::newRow("unknown mode") << QStringLiteral("3.1:half") << QStringLiteral("'3.1:half' is not L.H or L.H:mean");
    QTest::newRow("negative") << QStringLiteral("-1.0") << QStringLiteral("'-1.0' is not L.H or L.H:mean");
    QTest::newRow("three numbers") << QStringLiteral("1.2.3") << QStringLiteral("'1.2.3' is not L.H or L.H:mean");
    QTest::newRow("second item bad") << QStringLiteral("0.1,2;3") << QStringLiteral("'2;3' is not L.H or L.H:mean");
    QTest::newRow("empty item") << QStringLiteral("3.1,,0.2") << QStringLiteral("has an empty item");
    QTest::newRow("overflowing number") << QStringLiteral("99999999999.1") << QStringLiteral("is not L.H");
    QTest::newRow("unknown stack") << QStringLiteral("enc:3.1")
                                   << QStringLiteral("'enc:3.1': write the stack as encoder, decoder or cross before "
                                                     "the head, not 'enc'");
    QTest::newRow("stack without head") << QStringLiteral("cross:") << QStringLiteral("'cross:' is not L.H");
    QTest::newRow("stack without colon") << QStringLiteral("cross3.1") << QStringLiteral("'cross3.1' is not L.H");
    QTest::newRow("colon without stack") << QStringLiteral(":3.1") << QStringLiteral("':3.1' is not L.H");
    QTest::newRow("stack after head") << QStringLiteral("3.1:cross") << QStringLiteral("'3.1:cross' is not L.H");
}

void HeadAblationTest::rejectsBadAblationText() {
    QFETCH(QString, text);
    QFETCH(QString, message);
    try {
        parseHeadAblations(text);
        QFAIL("no InputError");
    } catch (const InputError& e) {
        QVERIFY2(e.message().contains(message), qPrintable(e.message()));
    }
}

QTEST_GUILESS_MAIN(HeadAblationTest)
#include "tst_headablation.moc"
