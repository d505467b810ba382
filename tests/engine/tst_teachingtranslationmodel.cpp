// builtin:translation (TeachingTranslationModel) against an independent PyTorch re-implementation
// built from torch.nn.MultiheadAttention and checked against torch's own Transformer layers
// (tests/golden/teaching_translation_golden.json: Danish->English and Chinese->English pairs),
// plus the properties every encoder–decoder trace must have, checked exactly: rows that sum to
// one, a causal decoder, T×S cross heads, what a source word can and cannot change, seeded
// determinism, the step capture of a cross head, generation and its stop, and the errors.

#include <algorithm>
#include <cstring>
#include <functional>

#include <QtTest>

#include "GoldenFile.h"
#include "core/HeadmapError.h"
#include "model/ModelLoader.h"
#include "model/Predictions.h"
#include "teaching/TeachingTranslationModel.h"

using headmap::AttentionTrace;
using headmap::Encoding;
using headmap::MatrixF;
using headmap::RunOptions;
using headmap::RunResult;
using headmap::StackKind;
using headmap::TeachingOptions;
using headmap::TeachingTranslationModel;
using headmap::TeachingTranslationTokenizer;

namespace {

const QString kDanish = QStringLiteral("Katten sover på sofaen.");
const QString kEnglish = QStringLiteral("The cat is sleeping on the sofa.");
const QString kChinese = QString::fromUtf8("我每天早上喝茶。");
const QString kChineseEnglish = QStringLiteral("I drink tea every morning.");

template <typename Error>
QString thrownMessage(const std::function<void()>& f) {
    try {
        f();
    } catch (const Error& e) {
        return e.message();
    }
    return QString();
}

#define CHECK_CLOSE(actual, expected, tol, what)                                       \
    do {                                                                               \
        const QString error_ = golden::compareMatrices(actual, expected, tol, what);   \
        QVERIFY2(error_.isEmpty(), qPrintable(error_));                                \
    } while (false)

TeachingOptions optionsOf(const QJsonObject& c) {
    TeachingOptions options;
    options.dModel = c.value("d_model").toInt();
    options.heads = c.value("heads").toInt();
    options.layers = c.value("layers").toInt();
    options.seed = quint64(c.value("seed").toInt());
    options.positional = c.value("positional").toBool();
    return options;
}

RunResult teacherForced(const TeachingTranslationModel& model, const QString& source, const QString& target,
                        RunOptions options = {}) {
    options.decoderInput = model.decoderInputForTarget(target);
    return model.run(model.tokenizer().encode(source, true), options);
}

bool sameBits(const MatrixF& a, const MatrixF& b) {
    return a.rows() == b.rows() && a.cols() == b.cols() &&
           std::memcmp(a.data(), b.data(), size_t(a.size()) * sizeof(float)) == 0;
}

// Every head of a stack against the golden's [layer][head][query][key].
QString compareStack(const AttentionTrace& trace, const QJsonValue& expected, const QString& what) {
    const QJsonArray layers = expected.toArray();
    if (layers.size() != trace.layers())
        return QStringLiteral("%1: %2 layers, golden %3").arg(what).arg(trace.layers()).arg(layers.size());
    for (int l = 0; l < trace.layers(); ++l) {
        const QJsonArray heads = layers.at(l).toArray();
        if (heads.size() != trace.heads())
            return QStringLiteral("%1 layer %2: %3 heads, golden %4").arg(what).arg(l).arg(trace.heads()).arg(heads.size());
        for (int h = 0; h < trace.heads(); ++h) {
            const QString error = golden::compareMatrices(MatrixF(trace.head(l, h)), golden::toMatrix(heads.at(h)), 1e-5,
                                                          QStringLiteral("%1 layer %2 head %3").arg(what).arg(l).arg(h));
            if (!error.isEmpty())
                return error;
        }
    }
    return QString();
}

}  // namespace

class TeachingTranslationModelTest : public QObject {
    Q_OBJECT

private slots:
    void initTestCase();
    void matchesGolden_data();
    void matchesGolden();
    void rowsSumToOneAndDecoderIsCausal_data();
    void rowsSumToOneAndDecoderIsCausal();
    void sourceWordReachesOnlyThroughCrossAttention();
    void sameSeedSameBits();
    void crossSteps_data();
    void crossSteps();
    void selfStepsHaveNoMemory_data();
    void selfStepsHaveNoMemory();
    void ablationAndValueNorms_data();
    void ablationAndValueNorms();
    void generationStopsAtEndOrLimit();
    void predictionsAgreeWithGeneration();
    void decoderInputIsShiftedTarget_data();
    void decoderInputIsShiftedTarget();
    void targetText();
    void summaryAndLoader();
    void badOptionsThrow_data();
    void badOptionsThrow();
    void badRunsThrow();
    void progressCanCancel();

private:
    QJsonArray m_cases;
};

void TeachingTranslationModelTest::initTestCase() {
    QString error;
    m_cases = golden::loadCases(QStringLiteral("teaching_translation_golden.json"), &error);
    QVERIFY2(error.isEmpty(), qPrintable(error));
    QCOMPARE(int(m_cases.size()), 5);  // the script's CASES: the table must not shrink silently
}

void TeachingTranslationModelTest::matchesGolden_data() {
    QTest::addColumn<QJsonObject>("golden");
    for (const QJsonValue& c : m_cases)
        QTest::newRow(qPrintable(c.toObject().value("name").toString())) << c.toObject();
}

void TeachingTranslationModelTest::matchesGolden() {
    QFETCH(QJsonObject, golden);
    const TeachingTranslationModel model(optionsOf(golden));
    const QString sourceText = golden.value("source").toString();
    const QString targetText = golden.value("target").toString();

    // The script's own tokenization of these sentences gives the same ids.
    const Encoding source = model.tokenizer().encode(sourceText, true);
    QCOMPARE(source.ids, golden::toIntVector(golden.value("source_ids")));
    QStringList sourceTokens;
    for (const QJsonValue& t : golden.value("source_tokens").toArray())
        sourceTokens << t.toString();
    QCOMPARE(source.tokens, sourceTokens);
    RunOptions options;
    options.decoderInput = model.decoderInputForTarget(targetText);
    QCOMPARE(options.decoderInput->ids, golden::toIntVector(golden.value("decoder_ids")));

    const RunResult result = model.run(source, options);
    QVERIFY(!result.cancelled);
    QCOMPARE(int(result.stacks.size()), 3);
    QVERIFY(result.generated.empty());  // teacher forcing: nothing was generated
    for (const auto& [kind, key] : {std::pair{StackKind::Encoder, "encoder_attentions"},
                                    std::pair{StackKind::Decoder, "decoder_attentions"},
                                    std::pair{StackKind::Cross, "cross_attentions"}}) {
        const QString error = compareStack(result.stack(kind), golden.value(QLatin1String(key)), stackName(kind));
        QVERIFY2(error.isEmpty(), qPrintable(error));
    }
    // As builtin:teaching's golden: a few post-LN blocks of float32 arithmetic, outputs O(1).
    CHECK_CLOSE(result.hidden, golden::toMatrix(golden.value("hidden")), 1e-4, QStringLiteral("hidden"));

    // The output head: the writable words and </s> first, scored at the last target row.
    const std::vector<int> writable = golden::toIntVector(golden.value("writable_ids"));
    const std::vector<int> scored = model.scoredTokens(result.trace.tokenIds());
    QVERIFY(scored.size() >= writable.size());
    QCOMPARE(std::vector<int>(scored.begin(), scored.begin() + std::ptrdiff_t(writable.size())), writable);
    const int last = int(result.hidden.rows()) - 1;
    const QString error = golden::compareVectors(model.scoreTokens(result.hidden, last, writable),
                                                 golden::toRowVector(golden.value("last_row_scores")), 1e-4,
                                                 QStringLiteral("last row scores"));
    QVERIFY2(error.isEmpty(), qPrintable(error));

    // Greedy generation: the script's argmax loop, id for id.
    QCOMPARE(model.generate(source), golden::toIntVector(golden.value("generated")));
}

void TeachingTranslationModelTest::rowsSumToOneAndDecoderIsCausal_data() {
    QTest::addColumn<QString>("source");
    QTest::addColumn<QString>("target");
    QTest::addColumn<int>("dModel");
    QTest::addColumn<int>("heads");
    QTest::addColumn<int>("layers");
    QTest::newRow("da-en default") << kDanish << kEnglish << 64 << 4 << 2;
    QTest::newRow("zh-en default") << kChinese << kChineseEnglish << 64 << 4 << 2;
    QTest::newRow("zh-en d48 h6 l3") << kChinese << kChineseEnglish << 48 << 6 << 3;
    QTest::newRow("one target row") << kDanish << QString() << 64 << 4 << 2;
}

void TeachingTranslationModelTest::rowsSumToOneAndDecoderIsCausal() {
    QFETCH(QString, source);
    QFETCH(QString, target);
    QFETCH(int, dModel);
    QFETCH(int, heads);
    QFETCH(int, layers);
    TeachingOptions options;
    options.dModel = dModel;
    options.heads = heads;
    options.layers = layers;
    const TeachingTranslationModel model(options);
    const RunResult result = teacherForced(model, source, target);
    const int s = model.tokenizer().encode(source, true).size();
    const int t = model.decoderInputForTarget(target).size();
    QCOMPARE(result.stack(StackKind::Encoder).length(), s);
    QCOMPARE(result.stack(StackKind::Decoder).length(), t);
    const AttentionTrace& cross = result.stack(StackKind::Cross);
    QVERIFY(cross.hasKeyTokens());
    QCOMPARE(cross.length(), t);
    QCOMPARE(cross.keyLength(), s);
    QCOMPARE(cross.keyTokenIds(), model.tokenizer().encode(source, true).ids);

    for (StackKind kind : {StackKind::Encoder, StackKind::Decoder, StackKind::Cross}) {
        const AttentionTrace& trace = result.stack(kind);
        QCOMPARE(trace.stack(), kind);
        QCOMPARE(trace.layers(), layers);
        QCOMPARE(trace.heads(), heads);
        for (int l = 0; l < layers; ++l)
            for (int h = 0; h < heads; ++h) {
                const MatrixF w = trace.head(l, h);
                QCOMPARE(w.rows(), Eigen::Index(trace.length()));
                QCOMPARE(w.cols(), Eigen::Index(trace.keyLength()));
                for (int q = 0; q < w.rows(); ++q) {
                    const double sum = double(w.row(q).sum());
                    QVERIFY2(std::abs(sum - 1.0) <= 1e-5,
                             qPrintable(QStringLiteral("%1 layer %2 head %3 row %4 sums to %5")
                                            .arg(stackName(kind)).arg(l).arg(h).arg(q).arg(sum, 0, 'g', 9)));
                    QVERIFY((w.row(q).array() >= 0.0f).all());
                    if (kind != StackKind::Decoder)
                        continue;
                    QVERIFY(w(q, q) > 0.0f);
                    for (int k = q + 1; k < w.cols(); ++k)
                        QVERIFY2(w(q, k) == 0.0f, qPrintable(QStringLiteral("decoder layer %1 head %2 (%3, %4) is %5")
                                                                 .arg(l).arg(h).arg(q).arg(k).arg(w(q, k))));
                }
            }
    }
}

void TeachingTranslationModelTest::sourceWordReachesOnlyThroughCrossAttention() {
    const TeachingTranslationModel model(TeachingOptions{});
    const RunResult a = teacherForced(model, kDanish, kEnglish);
    const RunResult b = teacherForced(model, QStringLiteral("Hunden sover på sofaen."), kEnglish);  // same length
    const int layers = model.options().layers;
    const int heads = model.options().heads;
    for (int h = 0; h < heads; ++h) {
        // The decoder's first self-attention sees only the target: bit for bit the same.
        QVERIFY2(sameBits(a.stack(StackKind::Decoder).head(0, h), b.stack(StackKind::Decoder).head(0, h)),
                 qPrintable(QStringLiteral("decoder layer 0 head %1 changed").arg(h)));
        // Every cross row reads the changed word's key, so every row of every layer changes.
        for (int l = 0; l < layers; ++l) {
            const MatrixF crossA = a.stack(StackKind::Cross).head(l, h);
            const MatrixF crossB = b.stack(StackKind::Cross).head(l, h);
            for (int q = 0; q < crossA.rows(); ++q)
                QVERIFY2((crossA.row(q) - crossB.row(q)).cwiseAbs().maxCoeff() > 1e-6f,
                         qPrintable(QStringLiteral("cross layer %1 head %2 row %3 did not change").arg(l).arg(h).arg(q)));
        }
        // The counter-checks: the encoder sees the word, and decoder layer 1 reads layer 0's
        // cross-attention output.
        QVERIFY(!sameBits(a.stack(StackKind::Encoder).head(0, h), b.stack(StackKind::Encoder).head(0, h)));
        QVERIFY(!sameBits(a.stack(StackKind::Decoder).head(1, h), b.stack(StackKind::Decoder).head(1, h)));
    }
}

void TeachingTranslationModelTest::sameSeedSameBits() {
    TeachingOptions options;
    options.seed = 11;
    const TeachingTranslationModel first(options);
    const TeachingTranslationModel second(options);  // built separately: the same weights
    RunOptions steps;
    steps.steps = headmap::HeadIndex{1, 2, StackKind::Cross};
    const RunResult a = teacherForced(first, kChinese, kChineseEnglish, steps);
    const RunResult b = teacherForced(first, kChinese, kChineseEnglish, steps);
    const RunResult c = teacherForced(second, kChinese, kChineseEnglish, steps);
    for (const RunResult* other : {&b, &c}) {
        for (StackKind kind : {StackKind::Encoder, StackKind::Decoder, StackKind::Cross})
            for (int l = 0; l < options.layers; ++l)
                for (int h = 0; h < options.heads; ++h)
                    QVERIFY2(sameBits(a.stack(kind).head(l, h), other->stack(kind).head(l, h)),
                             qPrintable(QStringLiteral("%1 layer %2 head %3").arg(stackName(kind)).arg(l).arg(h)));
        QVERIFY(sameBits(a.hidden, other->hidden));
        // The weights themselves, as the step capture slices them.
        QVERIFY(sameBits(a.steps->wQ, other->steps->wQ));
        QVERIFY(sameBits(a.steps->wK, other->steps->wK));
        QVERIFY(sameBits(a.steps->wV, other->steps->wV));
    }
    QVERIFY(sameBits(MatrixF(first.embedding(4711)), MatrixF(second.embedding(4711))));

    // Another seed is another model: the comparisons above are not trivially true.
    options.seed = 12;
    const RunResult d = teacherForced(TeachingTranslationModel(options), kChinese, kChineseEnglish, steps);
    QVERIFY(!sameBits(a.steps->wQ, d.steps->wQ));
    QVERIFY(!sameBits(a.stack(StackKind::Cross).head(0, 0), d.stack(StackKind::Cross).head(0, 0)));
}

void TeachingTranslationModelTest::crossSteps_data() {
    QTest::addColumn<int>("layer");
    QTest::addColumn<int>("head");
    QTest::addColumn<bool>("defaultStack");  // HeadIndex without a stack: cross, the default
    QTest::newRow("layer 0 head 0") << 0 << 0 << false;
    QTest::newRow("layer 1 head 3") << 1 << 3 << false;
    QTest::newRow("layer 1 head 1, stack unset") << 1 << 1 << true;
}

void TeachingTranslationModelTest::crossSteps() {
    QFETCH(int, layer);
    QFETCH(int, head);
    QFETCH(bool, defaultStack);
    QJsonObject golden;
    for (const QJsonValue& c : m_cases)
        if (c.toObject().value("name").toString() == QLatin1String("da_en_default"))
            golden = c.toObject();
    QVERIFY(!golden.isEmpty());
    const TeachingTranslationModel model(optionsOf(golden));
    RunOptions options;
    options.steps = headmap::HeadIndex{layer, head, defaultStack ? std::optional<StackKind>() : StackKind::Cross};
    const RunResult result = teacherForced(model, golden.value("source").toString(),
                                           golden.value("target").toString(), options);
    QVERIFY(result.steps.has_value());
    const headmap::HeadSteps& s = *result.steps;
    const int d = model.options().dModel;
    const int dh = d / model.options().heads;
    const int t = result.stack(StackKind::Cross).length();
    const int keys = result.stack(StackKind::Cross).keyLength();
    QCOMPARE(s.layer, layer);
    QCOMPARE(s.head, head);
    // The memory is the encoder's output (S, d_model), as the reference computed it.
    QCOMPARE(s.memory.rows(), Eigen::Index(keys));
    QCOMPARE(s.memory.cols(), Eigen::Index(d));
    CHECK_CLOSE(s.memory, golden::toMatrix(golden.value("encoder_output")), 1e-4, QStringLiteral("memory"));
    QCOMPARE(s.x.rows(), Eigen::Index(t));
    QCOMPARE(s.q.rows(), Eigen::Index(t));
    QCOMPARE(s.k.rows(), Eigen::Index(keys));
    QCOMPARE(s.v.rows(), Eigen::Index(keys));
    QCOMPARE(s.k.cols(), Eigen::Index(dh));
    QCOMPARE(s.scores.rows(), Eigen::Index(t));
    QCOMPARE(s.scores.cols(), Eigen::Index(keys));
    QCOMPARE(s.mask, headmap::AttentionMask::None);
    // The captured weights are the trace's head, bit for bit.
    QVERIFY(sameBits(s.weights, result.stack(StackKind::Cross).head(layer, head)));
    // Keys and values come from the memory, not from x.
    CHECK_CLOSE(s.k, MatrixF(s.memory * s.wK), 1e-4, QStringLiteral("k = memory·w_k"));
    CHECK_CLOSE(s.v, MatrixF(s.memory * s.wV), 1e-4, QStringLiteral("v = memory·w_v"));
    CHECK_CLOSE(s.q, MatrixF(s.x * s.wQ), 1e-4, QStringLiteral("q = x·w_q"));
}

void TeachingTranslationModelTest::selfStepsHaveNoMemory_data() {
    QTest::addColumn<int>("stack");
    QTest::newRow("encoder") << int(StackKind::Encoder);
    QTest::newRow("decoder") << int(StackKind::Decoder);
}

void TeachingTranslationModelTest::selfStepsHaveNoMemory() {
    QFETCH(int, stack);
    const StackKind kind = StackKind(stack);
    const TeachingTranslationModel model(TeachingOptions{});
    RunOptions options;
    options.steps = headmap::HeadIndex{1, 2, kind};
    const RunResult result = teacherForced(model, kDanish, kEnglish, options);
    QVERIFY(result.steps.has_value());
    QCOMPARE(result.steps->memory.size(), Eigen::Index(0));
    QCOMPARE(result.steps->mask, kind == StackKind::Decoder ? headmap::AttentionMask::Causal
                                                            : headmap::AttentionMask::None);
    QVERIFY(sameBits(result.steps->weights, result.stack(kind).head(1, 2)));
}

void TeachingTranslationModelTest::ablationAndValueNorms_data() {
    QTest::addColumn<int>("stack");
    QTest::newRow("cross 1.2") << int(StackKind::Cross);
    QTest::newRow("decoder 1.2") << int(StackKind::Decoder);
    QTest::newRow("encoder 1.2") << int(StackKind::Encoder);
}

// A head switched off in one stack changes what runs after it and nothing before it.
void TeachingTranslationModelTest::ablationAndValueNorms() {
    QFETCH(int, stack);
    const StackKind kind = StackKind(stack);
    const TeachingTranslationModel model(TeachingOptions{});
    RunOptions options;
    options.valueNorms = true;
    const RunResult plain = teacherForced(model, kDanish, kEnglish, options);
    options.ablations = {headmap::HeadAblation{1, 2, headmap::AblationMode::Zero, kind}};
    const RunResult ablated = teacherForced(model, kDanish, kEnglish, options);
    QVERIFY(!sameBits(plain.hidden, ablated.hidden));
    // Layer 0's heads of every stack stay, but for one: an ablation in encoder layer 1 changes
    // the encoder's output, so the cross-attention of every decoder layer (the decoder's first
    // self-attention sees only the target).
    for (StackKind other : {StackKind::Encoder, StackKind::Decoder, StackKind::Cross}) {
        const bool upstream = !(kind == StackKind::Encoder && other == StackKind::Cross);
        for (int h = 0; h < 4; ++h)
            QCOMPARE(sameBits(plain.stack(other).head(0, h), ablated.stack(other).head(0, h)), upstream);
    }
    // The ablated head's own weights are still recorded.
    QVERIFY(sameBits(plain.stack(kind).head(1, 2), ablated.stack(kind).head(1, 2)));
    // Value norms: one per key, so the source's length for a cross head.
    const AttentionTrace& cross = plain.stack(StackKind::Cross);
    QVERIFY(cross.hasValueNorms());
    QCOMPARE(cross.valueNorms(1, 2).size(), Eigen::Index(cross.keyLength()));
    QVERIFY((cross.valueNorms(1, 2).array() > 0.0f).all());
}

void TeachingTranslationModelTest::generationStopsAtEndOrLimit() {
    // The golden's seed 114 writes </s> at once.
    TeachingOptions stops;
    stops.dModel = 32;
    stops.heads = 2;
    stops.layers = 1;
    stops.seed = 114;
    const TeachingTranslationModel stopping(stops);
    const Encoding source = stopping.tokenizer().encode(kDanish, true);
    QCOMPARE(stopping.generate(source), std::vector<int>{TeachingTranslationTokenizer::kEndId});
    const RunResult ended = stopping.run(source);
    QCOMPARE(ended.generated, std::vector<int>{TeachingTranslationTokenizer::kEndId});
    QCOMPARE(ended.decoderInput.ids, std::vector<int>{TeachingTranslationTokenizer::kStartId});
    QCOMPARE(stopping.targetText(ended.generated), QString());

    // The default model never writes </s> for this sentence: the limit, 2·S + 8, ends it.
    const TeachingTranslationModel model(TeachingOptions{});
    const Encoding danish = model.tokenizer().encode(kDanish, true);
    const std::vector<int> full = model.generate(danish);
    QCOMPARE(int(full.size()), 2 * danish.size() + 8);
    const std::vector<int> writable = TeachingTranslationTokenizer().writableIds();
    for (int id : full)
        QVERIFY(std::find(writable.begin(), writable.end(), id) != writable.end());
    // A smaller limit is a prefix of the same greedy path; 0 writes nothing.
    const std::vector<int> three = model.generate(danish, 3);
    QCOMPARE(three, std::vector<int>(full.begin(), full.begin() + 3));
    QVERIFY(model.generate(danish, 0).empty());
    // Model::run without a target generates first and runs on what it wrote.
    RunOptions options;
    options.maxNewTokens = 3;
    const RunResult result = model.run(danish, options);
    QCOMPARE(result.generated, three);
    QCOMPARE(result.decoderInput.ids, (std::vector<int>{TeachingTranslationTokenizer::kStartId, three[0], three[1]}));
    QCOMPARE(result.stack(StackKind::Cross).length(), 3);
    QCOMPARE(result.decoderInput.tokens.value(1), model.tokenizer().fromIds({three[0]}).tokens.value(0));
    QVERIFY(!result.decoderInput.tokens.value(1).startsWith(QLatin1Char('#')));  // a writable word is named
}

void TeachingTranslationModelTest::predictionsAgreeWithGeneration() {
    // Teacher forcing with what generate() wrote: the top prediction of each row is the next
    // generated word (predictTokens through PartialOutputHead, generate through its own loop).
    TeachingOptions options;
    options.seed = 3;
    const TeachingTranslationModel model(options);
    const Encoding source = model.tokenizer().encode(kChinese, true);
    const std::vector<int> generated = model.generate(source, 6);
    QCOMPARE(int(generated.size()), 6);
    RunOptions run;
    run.decoderInput = model.decoderInputForGenerated(generated);
    const RunResult result = model.run(source, run);
    for (int row = 0; row < result.hidden.rows(); ++row) {
        const headmap::Prediction p = headmap::predictTokens(model, result, row, 3);
        QCOMPARE(p.top.at(0).id, generated[size_t(row)]);
        QVERIFY(p.probabilities.size() >= TeachingTranslationTokenizer().writableIds().size() + 1);
    }
    // The typed target's words are scored too, though the decoder cannot write them.
    const RunResult typed = teacherForced(model, kDanish, QStringLiteral("Kittens nap."));
    const int kittens = typed.decoderInput.ids[1];
    const headmap::Prediction p = headmap::predictTokens(model, typed, 0, 5);
    QVERIFY(std::find(p.ids.begin(), p.ids.end(), kittens) != p.ids.end());
    QVERIFY(p.probabilityOf(kittens) > 0.0f);
    QVERIFY(!thrownMessage<headmap::InputError>([&] { model.outputLogits(typed.hidden, 0); }).isNull());
}

void TeachingTranslationModelTest::decoderInputIsShiftedTarget_data() {
    QTest::addColumn<QString>("target");
    QTest::newRow("English") << kEnglish;
    QTest::newRow("one word") << QStringLiteral("Tea");
    QTest::newRow("empty") << QString();
}

// shift_tokens_right: <s>, then the labels (the target's words and </s>) less the last; the
// words keep the spelling the user typed.
void TeachingTranslationModelTest::decoderInputIsShiftedTarget() {
    QFETCH(QString, target);
    const TeachingTranslationModel model(TeachingOptions{});
    const Encoding labels = TeachingTranslationTokenizer().encodeTarget(target, true);
    const Encoding decoder = model.decoderInputForTarget(target);
    QCOMPARE(decoder.size(), labels.size());
    QCOMPARE(decoder.ids.front(), TeachingTranslationTokenizer::kStartId);
    QCOMPARE(decoder.tokens.front(), QStringLiteral("<s>"));
    QVERIFY(decoder.special.front());
    QCOMPARE(std::vector<int>(decoder.ids.begin() + 1, decoder.ids.end()),
             std::vector<int>(labels.ids.begin(), labels.ids.end() - 1));
    QCOMPARE(decoder.displayTokens.mid(1), labels.displayTokens.mid(0, labels.size() - 1));
}

void TeachingTranslationModelTest::targetText() {
    const TeachingTranslationModel model(TeachingOptions{});
    const QString text = QStringLiteral("The cat sleeps, the dog reads!");
    const Encoding target = TeachingTranslationTokenizer().encodeTarget(text, true);
    QCOMPARE(model.targetText(target.ids), text.toLower());  // writable words: named, </s> left out
}

void TeachingTranslationModelTest::summaryAndLoader() {
    headmap::ModelSpec spec;
    spec.source = QStringLiteral("builtin:translation");
    QVERIFY(headmap::builtinModelNames().contains(spec.source));
    const std::unique_ptr<headmap::Model> loaded = headmap::loadModel(spec);
    const headmap::ModelSummary& s = loaded->summary();
    QCOMPARE(s.name, spec.source);
    QVERIFY(s.isEncoderDecoder());
    QCOMPARE(s.stackKind(), StackKind::Cross);
    QCOMPARE(int(s.stacks.size()), 3);
    QCOMPARE(s.dModel, 64);
    QCOMPARE(s.layers, 2);
    QCOMPARE(s.heads, 4);
    QCOMPARE(s.dHead, 16);
    QCOMPARE(s.positions, QStringLiteral("sinusoidal"));
    for (StackKind kind : {StackKind::Encoder, StackKind::Decoder, StackKind::Cross}) {
        const headmap::StackShape* shape = s.stackShape(kind);
        QVERIFY(shape);
        QCOMPARE(shape->layers, 2);
        QCOMPARE(shape->heads, 4);
        QCOMPARE(shape->causal, kind == StackKind::Decoder);
    }
    QVERIFY(loaded->hasOutputHead());
    QCOMPARE(loaded->decoderInputForTarget(kEnglish).size(), 9);  // <s> + 8 words and signs
}

void TeachingTranslationModelTest::badOptionsThrow_data() {
    QTest::addColumn<int>("dModel");
    QTest::addColumn<int>("heads");
    QTest::addColumn<int>("layers");
    QTest::addColumn<QString>("expected");
    QTest::newRow("indivisible") << 30 << 4 << 2 << "d_model 30 is not divisible by heads 4";
    QTest::newRow("zero layers") << 64 << 4 << 0 << "layers must be between 1 and 64, got 0";
    QTest::newRow("zero heads") << 64 << 0 << 2 << "heads must be between 1 and 256, got 0";
}

void TeachingTranslationModelTest::badOptionsThrow() {
    QFETCH(int, dModel);
    QFETCH(int, heads);
    QFETCH(int, layers);
    QFETCH(QString, expected);
    TeachingOptions options;
    options.dModel = dModel;
    options.heads = heads;
    options.layers = layers;
    const QString message = thrownMessage<headmap::ModelError>([&] { TeachingTranslationModel model(options); });
    QVERIFY2(message.startsWith(QLatin1String("builtin:translation: ")) && message.contains(expected),
             qPrintable(message));
}

void TeachingTranslationModelTest::badRunsThrow() {
    const TeachingTranslationModel model(TeachingOptions{});
    const Encoding source = model.tokenizer().encode(kDanish, true);
    QVERIFY(!thrownMessage<headmap::InputError>([&] { model.generate(Encoding()); }).isNull());
    RunOptions options;
    options.decoderInput = model.decoderInputForTarget(kEnglish);
    options.steps = headmap::HeadIndex{2, 0, StackKind::Cross};
    QString message = thrownMessage<headmap::InputError>([&] { model.run(source, options); });
    QVERIFY2(message.contains(QLatin1String("layer 2")), qPrintable(message));
    options.steps = headmap::HeadIndex{0, 4, StackKind::Encoder};
    message = thrownMessage<headmap::InputError>([&] { model.run(source, options); });
    QVERIFY2(message.contains(QLatin1String("head 4")), qPrintable(message));
    options.steps.reset();
    options.decoderInput = Encoding();
    QVERIFY(!thrownMessage<headmap::InputError>([&] { model.run(source, options); }).isNull());
}

void TeachingTranslationModelTest::progressCanCancel() {
    const TeachingTranslationModel model(TeachingOptions{});
    int calls = 0;
    RunOptions options;
    options.progress = [&](int, int) { return ++calls < 2; };  // cancel at the first decoder layer
    const RunResult result = teacherForced(model, kDanish, kEnglish, options);
    QVERIFY(result.cancelled);
    QCOMPARE(calls, 2);
    QCOMPARE(result.hidden.size(), Eigen::Index(0));
}

QTEST_APPLESS_MAIN(TeachingTranslationModelTest)
#include "tst_teachingtranslationmodel.moc"
