// The families of issue #39 read from Hugging Face folders, against transformers' own classes:
// SmolLM3 (tests/fixtures/models/smollm3_f32: NoPE layers 1 and 4, which also slide by 4) and
// ModernBERT (modernbert_f32: global layers 0 and 2, local layers 1 and 3 that see 4 tokens on
// either side; modernbert_bf16, its weights in BF16). Each golden.json is made by
// <family>_make_fixture.py beside the folders, running modeling_<family>.py of the pinned
// transformers commit in float32 with eager attention. The folder's tokenizer gives the Rust
// tokenizers library's ids; every head of every layer, the last hidden state and the logits
// agree; the cells the model's mask rule masks are exactly those transformers gives weight 0 by
// its mask; the summary names the NoPE layers and windows; ModernBERT's tokenizer gives the Rust
// library's ids on hard strings.

#include <QtTest>

#include "ModelFixtures.h"
#include "core/HeadmapError.h"
#include "hf/HfModelLoader.h"
#include "model/ModelLoader.h"
#include "model/ModelTokenizer.h"

using namespace headmap;
using namespace modelfixtures;

namespace {

// Every head within 1e-5 of transformers (float32 both sides, sums in other orders), as the
// decoder fixtures of tst_decodermodel; hidden states and logits, larger numbers, within 1e-4.
constexpr double kAttentionTolerance = 1e-5;
constexpr double kValueTolerance = 1e-4;

QJsonObject golden(const QString& fixture) {
    QFile file(modelFixture(fixture) + QStringLiteral("/golden.json"));
    if (!file.open(QIODevice::ReadOnly))
        return {};
    return QJsonDocument::fromJson(file.readAll()).object();
}

// modernbert_bf16: the same weights in BF16, which ModernBertModel converts once at load.
const QStringList kFixtures = {QStringLiteral("smollm3_f32"), QStringLiteral("modernbert_f32"),
                               QStringLiteral("modernbert_bf16")};

}  // namespace

class FamilyGoldensTest : public QObject {
    Q_OBJECT

private slots:
    void matchesTransformers_data();
    void matchesTransformers();
    void summaryDescribesLayers_data();
    void summaryDescribesLayers();
    void refusesUnsupportedOptions_data();
    void refusesUnsupportedOptions();
    void tokenizerMatchesRust_data();
    void tokenizerMatchesRust();
};

void FamilyGoldensTest::matchesTransformers_data() {
    QTest::addColumn<QString>("fixture");
    QTest::addColumn<QJsonObject>("golden");
    for (const QString& fixture : kFixtures) {
        const QJsonArray cases = golden(fixture).value(QStringLiteral("cases")).toArray();
        QVERIFY2(cases.size() == 3, qPrintable(fixture + QStringLiteral(": golden.json is missing or lost cases")));
        for (const QJsonValue& c : cases)
            QTest::newRow(qPrintable(fixture + QLatin1Char('/') + c.toObject().value(QStringLiteral("name")).toString()))
                << fixture << c.toObject();
    }
}

void FamilyGoldensTest::matchesTransformers() {
    QFETCH(QString, fixture);
    QFETCH(QJsonObject, golden);
    std::unique_ptr<Model> model;
    try {
        model = loadHfModelFolder(modelFixture(fixture), QStringLiteral("fixture"));
    } catch (const HeadmapError& error) {
        QFAIL(error.what());
    }
    const Encoding input = model->tokenize(golden.value(QStringLiteral("text")).toString(), TokenizeOptions{});
    QCOMPARE(input.ids, toInts(golden.value(QStringLiteral("ids"))));

    const ModelSummary& summary = model->summary();
    const RunResult result = model->run(input, RunOptions{});
    const int t = input.size();
    const QJsonArray attention = golden.value(QStringLiteral("attention")).toArray();
    QCOMPARE(attention.size(), summary.layers);
    double worst = 0.0;
    long long masked = 0;
    for (int l = 0; l < summary.layers; ++l) {
        QCOMPARE(attention[l].toArray().size(), summary.heads);
        for (int h = 0; h < summary.heads; ++h) {
            const QJsonArray head = attention[l].toArray()[h].toArray();
            const double diff = maxDifference(head, [&](int q, int k) { return result.trace.weight(l, h, q, k); }, t, t);
            QVERIFY2(diff >= 0 && diff <= kAttentionTolerance,
                     qPrintable(QStringLiteral("layer %1 head %2: max difference %3").arg(l).arg(h).arg(diff)));
            worst = std::max(worst, diff);
            // The rule Headmap draws as masked is transformers' mask: weight 0 there, and a
            // positive weight everywhere else (exp of a finite score never underflows here).
            for (int q = 0; q < t; ++q)
                for (int k = 0; k < t; ++k) {
                    const double expected = head[q].toArray()[k].toDouble();
                    const bool isMasked = result.trace.isMasked(l, q, k);
                    QVERIFY2(isMasked ? expected == 0.0 : expected > 0.0,
                             qPrintable(QStringLiteral("layer %1 head %2 cell (%3, %4): masked %5, transformers' "
                                                       "weight %6")
                                            .arg(l).arg(h).arg(q).arg(k).arg(isMasked).arg(expected)));
                    masked += isMasked;
                }
        }
    }
    QVERIFY(masked > 0);  // every fixture has a causal or local mask, and inputs longer than its window
    const double hiddenDiff = maxDifference(golden.value(QStringLiteral("hidden")).toArray(),
                                            [&](int r, int c) { return result.hidden(r, c); }, t, summary.dModel);
    QVERIFY2(hiddenDiff >= 0 && hiddenDiff <= kValueTolerance, qPrintable(QString::number(hiddenDiff)));

    QVERIFY(model->hasOutputHead());
    const std::vector<int> positions = toInts(golden.value(QStringLiteral("logit_positions")));
    const QJsonArray logits = golden.value(QStringLiteral("logits")).toArray();
    QCOMPARE(int(positions.size()), logits.size());
    QVERIFY(!positions.empty());
    double logitDiff = 0.0;
    for (size_t i = 0; i < positions.size(); ++i) {
        const RowVectorF actual = model->outputLogits(result.hidden, positions[i]);
        QCOMPARE(int(actual.size()), summary.vocabSize);
        const QJsonArray expected = logits[int(i)].toArray();
        QCOMPARE(expected.size(), summary.vocabSize);
        for (int v = 0; v < summary.vocabSize; ++v)
            logitDiff = std::max(logitDiff, std::abs(double(actual[v]) - expected[v].toDouble()));
    }
    QVERIFY2(logitDiff <= kValueTolerance, qPrintable(QString::number(logitDiff)));
    qInfo("%d tokens: attention within %.2g, hidden within %.2g, logits within %.2g", t, worst, hiddenDiff, logitDiff);
}

void FamilyGoldensTest::summaryDescribesLayers_data() {
    QTest::addColumn<QString>("fixture");
    QTest::addColumn<bool>("causal");
    QTest::addColumn<QString>("positions");
    QTest::addColumn<QString>("window");
    QTest::addColumn<std::vector<int>>("masks");  // AttentionMask per layer
    QTest::addColumn<std::vector<int>>("windows");
    const int causal = int(AttentionMask::Causal), sliding = int(AttentionMask::SlidingWindow);
    const int none = int(AttentionMask::None), local = int(AttentionMask::LocalWindow);
    QTest::newRow("smollm3: NoPE layers 1 and 4 slide")
        << QStringLiteral("smollm3_f32") << true
        << QStringLiteral("rope (default, theta 5e+06; none (NoPE) on layers 1, 4)")
        << QStringLiteral("4 tokens on layers 1, 4") << std::vector<int>{causal, sliding, causal, causal, sliding}
        << std::vector<int>{0, 4, 0, 0, 4};
    QTest::newRow("modernbert: global 0 and 2, local 1 and 3")
        << QStringLiteral("modernbert_f32") << false
        << QStringLiteral("rope (default, theta 160000 on global layers, 10000 on local layers)")
        << QStringLiteral("9 tokens (±4) on layers 1, 3") << std::vector<int>{none, local, none, local}
        << std::vector<int>{0, 4, 0, 4};
}

void FamilyGoldensTest::summaryDescribesLayers() {
    QFETCH(QString, fixture);
    QFETCH(bool, causal);
    QFETCH(QString, positions);
    QFETCH(QString, window);
    QFETCH(std::vector<int>, masks);
    QFETCH(std::vector<int>, windows);
    const std::unique_ptr<Model> model = loadHfModelFolder(modelFixture(fixture), QStringLiteral("fixture"));
    const ModelSummary& s = model->summary();
    QCOMPARE(s.causal, causal);
    QCOMPARE(s.positions, positions);
    QCOMPARE(s.windowDescription(), window);
    QCOMPARE(int(s.layerMasks.size()), s.layers);
    for (int l = 0; l < s.layers; ++l) {
        QCOMPARE(int(s.layerMasks[size_t(l)].kind), masks[size_t(l)]);
        QCOMPARE(s.layerMasks[size_t(l)].window, windows[size_t(l)]);
    }
}

void FamilyGoldensTest::refusesUnsupportedOptions_data() {
    QTest::addColumn<QString>("fixture");
    QTest::addColumn<QString>("field");
    QTest::addColumn<QJsonValue>("value");
    QTest::addColumn<QString>("message");  // a part of the error
    QTest::newRow("smollm3: no_rope_layers too short")
        << QStringLiteral("smollm3_f32") << QStringLiteral("no_rope_layers") << QJsonValue(QJsonArray{1, 0})
        << QStringLiteral("field 'no_rope_layers' must list 0 or 1 for each of the 5 layers");
    QTest::newRow("smollm3: no_rope_layers holds a 2")
        << QStringLiteral("smollm3_f32") << QStringLiteral("no_rope_layers") << QJsonValue(QJsonArray{1, 0, 2, 1, 0})
        << QStringLiteral("no_rope_layers[2] is 2; expected 1 (rotary) or 0 (no rotary)");
    QTest::newRow("modernbert: layer_types against global_attn_every_n_layers")
        << QStringLiteral("modernbert_f32") << QStringLiteral("layer_types")
        << QJsonValue(QJsonArray{QStringLiteral("full_attention"), QStringLiteral("full_attention"),
                                 QStringLiteral("full_attention"), QStringLiteral("sliding_attention")})
        << QStringLiteral("layer_types[1] is 'full_attention', but global_attn_every_n_layers 2 makes layer 1 "
                          "sliding_attention");
    QTest::newRow("modernbert: hidden_activation") << QStringLiteral("modernbert_f32")
                                                   << QStringLiteral("hidden_activation")
                                                   << QJsonValue(QStringLiteral("quick_gelu"))
                                                   << QStringLiteral("activation 'quick_gelu' in field "
                                                                     "'hidden_activation' is not supported");
    QTest::newRow("modernbert: rope_scaling outside rope_parameters")
        << QStringLiteral("modernbert_f32") << QStringLiteral("rope_scaling")
        << QJsonValue(QJsonObject{{QStringLiteral("rope_type"), QStringLiteral("linear")},
                                  {QStringLiteral("factor"), 2.0}})
        << QStringLiteral("field 'rope_scaling' is set");
}

void FamilyGoldensTest::refusesUnsupportedOptions() {
    QFETCH(QString, fixture);
    QFETCH(QString, field);
    QFETCH(QJsonValue, value);
    QFETCH(QString, message);
    QTemporaryDir dir;
    QVERIFY(copyFolder(modelFixture(fixture), dir.path()));
    QVERIFY(editJson(dir.path() + QStringLiteral("/config.json"), [&](QJsonObject& json) { json[field] = value; }));
    try {
        loadHfModelFolder(dir.path(), QStringLiteral("fixture"));
        QFAIL("loaded");
    } catch (const ModelError& error) {
        const QString text = QString::fromUtf8(error.what());
        QVERIFY2(text.contains(message), qPrintable(text));
        QVERIFY2(text.contains(QStringLiteral("config.json")), qPrintable(text));
    }
}

// ModernBERT's kind of tokenizer.json (NFC, byte-level BPE, [MASK] with lstrip, the template
// [CLS] $A [SEP]) on strings that exercise each part, against the Rust tokenizers library's ids.
void FamilyGoldensTest::tokenizerMatchesRust_data() {
    QTest::addColumn<QString>("text");
    QTest::addColumn<std::vector<int>>("ids");
    const QJsonArray cases = golden(QStringLiteral("modernbert_f32")).value(QStringLiteral("tokenizer_cases")).toArray();
    QVERIFY2(cases.size() == 9, "golden.json is missing or lost tokenizer cases");
    for (const QJsonValue& c : cases) {
        const QString text = c.toObject().value(QStringLiteral("text")).toString();
        QTest::newRow(qPrintable(text.isEmpty() ? QStringLiteral("(empty)") : text.left(24))) << text << toInts(c.toObject().value(QStringLiteral("ids")));
    }
}

void FamilyGoldensTest::tokenizerMatchesRust() {
    QFETCH(QString, text);
    QFETCH(std::vector<int>, ids);
    const std::unique_ptr<Model> model = loadHfModelFolder(modelFixture(QStringLiteral("modernbert_f32")),
                                                           QStringLiteral("fixture"));
    QCOMPARE(model->tokenizer().encode(text, true).ids, ids);  // the tokenizer alone: no length limit
}

QTEST_GUILESS_MAIN(FamilyGoldensTest)
#include "tst_familygoldens.moc"
