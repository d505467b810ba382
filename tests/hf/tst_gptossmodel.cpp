// gpt-oss (issue #39) against transformers' own GptOss classes: one tiny model in the exact Hub
// layout twice, dense F32 (gpt_oss_f32) and as the Hub ships it, MXFP4 experts with BF16 and F32
// tensors (gpt_oss_mxfp4), written by tests/fixtures/gpt_oss/make_gpt_oss_fixtures.py from
// modeling_gpt_oss.py at the pinned commit (tests/fixtures/gpt_oss/golden.json). Per case and
// twin: every head within 1e-4 on every path that turns scores into weights (the forward pass,
// on-demand heads, prefix reuse, the step pages), rows summing to less than one with the sink
// mass 1 − the sum, the sliding layers' window, the router's experts identical (with a margin
// between the k-th and the next logit, so the comparison means something) and its weights,
// the logits; bad files and options are errors that name what is wrong.

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QtTest>

#include "DecoderGolden.h"
#include "ModelFixtures.h"
#include "core/HeadmapError.h"
#include "formats/Mxfp4.h"
#include "hf/HfModelLoader.h"
#include "hf/MixtureOfExperts.h"
#include "model/Model.h"

using namespace headmap;
using namespace modelfixtures;

namespace {

constexpr double kTolerance = 1e-4;

QString fixture(const QString& name) {
    return QStringLiteral(HEADMAP_FIXTURES_DIR "/gpt_oss/") + name;
}

QJsonObject goldenFile() {
    return testsupport::fixtureJson(QStringLiteral("gpt_oss/golden.json"));
}

#define CHECK_CLOSE(diff, what) \
    QVERIFY2((diff) >= 0 && (diff) <= kTolerance, qPrintable(QStringLiteral("%1: max difference %2").arg(what).arg(diff)))

void addCaseRows() {
    QTest::addColumn<QString>("folder");
    QTest::addColumn<QJsonObject>("golden");
    const QJsonArray cases = goldenFile().value("cases").toArray();
    QVERIFY2(cases.size() == 2, "tests/fixtures/gpt_oss/golden.json is missing or lost cases");
    for (const char* folder : {"gpt_oss_f32", "gpt_oss_mxfp4"})
        for (const QJsonValue& c : cases)
            QTest::newRow(qPrintable(QStringLiteral("%1 %2").arg(folder, c.toObject().value("name").toString())))
                << QString::fromLatin1(folder) << c.toObject();
}

// Every head of `trace` against the golden's attention.
void compareHeads(const AttentionTrace& trace, const QJsonArray& attention, const QString& path) {
    const int t = int(trace.tokenIds().size());
    QCOMPARE(attention.size(), trace.layers());
    for (int l = 0; l < trace.layers(); ++l)
        for (int h = 0; h < trace.heads(); ++h) {
            const double diff = maxDifference(attention[l].toArray()[h].toArray(),
                                              [&](int q, int k) { return trace.weight(l, h, q, k); }, t, t);
            CHECK_CLOSE(diff, QStringLiteral("%1: layer %2 head %3").arg(path).arg(l).arg(h));
        }
}

}  // namespace

class GptOssModelTest : public QObject {
    Q_OBJECT
private slots:
    void matchesTransformers_data() { addCaseRows(); }
    void matchesTransformers();
    void everyWeightPathHasTheSink_data() { addCaseRows(); }
    void everyWeightPathHasTheSink();
    void rowsLoseTheSinkMass_data() { addCaseRows(); }
    void rowsLoseTheSinkMass();
    void routerMatchesGptOssTopKRouter();
    void summaryDescribesSinksAndLayers();
    void mxfp4DequantisesAsTransformers();
    void badFilesAreNamed_data();
    void badFilesAreNamed();
};

void GptOssModelTest::matchesTransformers() {
    QFETCH(QString, folder);
    QFETCH(QJsonObject, golden);
    const auto model = loadHfModelFolder(fixture(folder), "fixture");
    QCOMPARE(model->summary().architecture, QStringLiteral("gpt_oss"));
    const Encoding input = model->tokenizer().fromIds(toInts(golden.value("ids")));
    QCOMPARE(model->tokenize(golden.value("text").toString()).ids, toInts(golden.value("ids")));
    const RunResult result = model->run(input);
    compareHeads(result.trace, golden.value("attention").toArray(), QStringLiteral("on demand"));

    CHECK_CLOSE(testsupport::logitsDifference(*model, result, golden.value("logits").toArray()), QStringLiteral("logits"));

    // The router's choices, identical and in its order; the golden's logits leave a margin
    // between the k-th chosen and the best unchosen expert, so float rounding cannot flip them.
    const QJsonArray experts = golden.value("experts").toArray();
    const QJsonArray routerLogits = golden.value("router_logits").toArray();
    QCOMPARE(int(result.trace.experts().size()), experts.size());
    for (int l = 0; l < experts.size(); ++l) {
        const auto& got = result.trace.experts()[size_t(l)];
        const QJsonArray want = experts[l].toArray();
        QCOMPARE(int(got.size()), want.size());
        for (int i = 0; i < want.size(); ++i) {
            const std::vector<int> chosen = toInts(want[i]);
            QVERIFY2(got[size_t(i)] == chosen, qPrintable(QStringLiteral("layer %1 token %2").arg(l).arg(i)));
            const QJsonArray row = routerLogits[l].toArray()[i].toArray();
            double unchosen = -1e30;
            for (int e = 0; e < row.size(); ++e)
                if (std::find(chosen.begin(), chosen.end(), e) == chosen.end())
                    unchosen = std::max(unchosen, row[e].toDouble());
            QVERIFY2(row[chosen.back()].toDouble() - unchosen > 1e-3,
                     qPrintable(QStringLiteral("layer %1 token %2: no margin in the golden").arg(l).arg(i)));
        }
    }
}

// The sink is part of the scoring rule, so every path that turns scores into weights has it:
// heads stored by the forward pass, heads recomputed on demand (matchesTransformers), a run
// that takes its first tokens from an earlier run, and the step pages of one head.
void GptOssModelTest::everyWeightPathHasTheSink() {
    QFETCH(QString, folder);
    QFETCH(QJsonObject, golden);
    const auto model = loadHfModelFolder(fixture(folder), "fixture");
    const std::vector<int> ids = toInts(golden.value("ids"));
    const QJsonArray attention = golden.value("attention").toArray();

    RunOptions stored;
    stored.storeHead = [](int, int) { return true; };
    compareHeads(model->run(model->tokenizer().fromIds(ids), stored).trace, attention, QStringLiteral("stored"));

    const std::vector<int> first(ids.begin(), ids.begin() + int(ids.size()) / 2);
    RunOptions keep;
    keep.keepState = true;
    const RunResult a = model->run(model->tokenizer().fromIds(first), keep);
    RunOptions next = keep;
    next.reuse = a.state;
    const RunResult b = model->run(model->tokenizer().fromIds(ids), next);
    QCOMPARE(b.reusedTokens, int(first.size()));
    compareHeads(b.trace, attention, QStringLiteral("prefix reuse"));
    QCOMPARE(b.trace.experts(), model->run(model->tokenizer().fromIds(ids)).trace.experts());

    for (const auto& [layer, index] : {std::pair{0, 1}, std::pair{1, 2}}) {
        HeadIndex head;
        head.layer = layer;
        head.head = index;
        RunOptions steps;
        steps.steps = head;
        const RunResult s = model->run(model->tokenizer().fromIds(ids), steps);
        QVERIFY(s.steps.has_value());
        const int t = int(ids.size());
        const double diff = maxDifference(attention[head.layer].toArray()[head.head].toArray(),
                                          [&](int q, int k) { return s.steps->weights(q, k); }, t, t);
        CHECK_CLOSE(diff, QStringLiteral("step pages of layer %1 head %2").arg(head.layer).arg(head.head));
    }
}

// Rows sum to less than one; 1 − the sum is the golden's own missing mass; sliding layers
// attend to the last `sliding_window` tokens only (transformers' sliding_window_overlay:
// key > query − window), full layers to every earlier token.
void GptOssModelTest::rowsLoseTheSinkMass() {
    QFETCH(QString, folder);
    QFETCH(QJsonObject, golden);
    const auto model = loadHfModelFolder(fixture(folder), "fixture");
    const RunResult result = model->run(model->tokenizer().fromIds(toInts(golden.value("ids"))));
    const AttentionTrace& trace = result.trace;
    const int t = int(trace.tokenIds().size());
    const int window = goldenFile().value("sliding_window").toInt();
    const QJsonArray types = goldenFile().value("layer_types").toArray();
    const QJsonArray attention = golden.value("attention").toArray();
    for (int l = 0; l < trace.layers(); ++l) {
        const bool sliding = types[l].toString() == QLatin1String("sliding_attention");
        for (int h = 0; h < trace.heads(); ++h) {
            const HeadWeights w = trace.head(l, h);
            const QJsonArray expected = attention[l].toArray()[h].toArray();
            for (int q = 0; q < t; ++q) {
                double goldenSum = 0.0;
                for (const QJsonValue& v : expected[q].toArray())
                    goldenSum += v.toDouble();
                const double sum = double(w.row(q).sum());
                QVERIFY2(sum < 1.0, qPrintable(QStringLiteral("layer %1 head %2 row %3 sums to %4").arg(l).arg(h).arg(q).arg(sum)));
                QVERIFY2(std::abs((1.0 - sum) - (1.0 - goldenSum)) <= kTolerance,
                         qPrintable(QStringLiteral("sink mass of layer %1 head %2 row %3").arg(l).arg(h).arg(q)));
                for (int k = 0; k < t; ++k) {
                    const bool allowed = k <= q && (!sliding || k > q - window);
                    if (!allowed)
                        QVERIFY2(w(q, k) == 0.0f, qPrintable(QStringLiteral("layer %1 (%2, %3) is masked").arg(l).arg(q).arg(k)));
                }
            }
        }
        QCOMPARE(trace.model().maskOfLayer(l).kind, sliding ? AttentionMask::SlidingWindow : AttentionMask::Causal);
    }
}

// routeTopKThenSoftmax on the golden's router logits: GptOssTopKRouter's experts and weights.
void GptOssModelTest::routerMatchesGptOssTopKRouter() {
    for (const QJsonValue& value : goldenFile().value("cases").toArray()) {
        const QJsonObject c = value.toObject();
        const QJsonArray logits = c.value("router_logits").toArray();
        for (int l = 0; l < logits.size(); ++l) {
            const QJsonArray rows = logits[l].toArray();
            const int e = rows[0].toArray().size();
            MatrixF m(rows.size(), e);  // (T, E)
            for (int i = 0; i < rows.size(); ++i)
                for (int j = 0; j < e; ++j)
                    m(i, j) = float(rows[i].toArray()[j].toDouble());
            const QJsonArray experts = c.value("experts").toArray()[l].toArray();
            const QJsonArray weights = c.value("router_weights").toArray()[l].toArray();
            const RouterChoice choice = routeTopKThenSoftmax(m, experts[0].toArray().size());
            for (int i = 0; i < rows.size(); ++i) {
                QVERIFY(choice.experts[size_t(i)] == toInts(experts[i]));
                for (int j = 0; j < weights[i].toArray().size(); ++j)
                    QVERIFY(std::abs(choice.weights[size_t(i)][size_t(j)] - weights[i].toArray()[j].toDouble()) <= 1e-6);
            }
        }
    }
}

void GptOssModelTest::summaryDescribesSinksAndLayers() {
    for (const char* folder : {"gpt_oss_f32", "gpt_oss_mxfp4"}) {
        const auto model = loadHfModelFolder(fixture(QString::fromLatin1(folder)), "fixture");
        const ModelSummary& s = model->summary();
        QVERIFY(s.attentionSinks);
        QCOMPARE(s.experts, 8);
        QCOMPARE(s.expertsPerToken, 3);
        QCOMPARE(s.windowDescription(), QStringLiteral("4 tokens on layers 0, 2"));
        QVERIFY2(s.positions.contains(QLatin1String("yarn")), qPrintable(s.positions));
        // The MXFP4 twin says its experts are quantised (its attention is that of those weights).
        QCOMPARE(s.quantization, QString::fromLatin1(QByteArray(folder) == "gpt_oss_mxfp4" ? "MXFP4 experts" : ""));
    }
    // Families without sinks say so.
    const auto moe = loadHfModelFolder(QStringLiteral(HEADMAP_FIXTURES_DIR "/moe/mixtral_f32"), "fixture");
    QVERIFY(!moe->summary().attentionSinks);
}

// integrations/mxfp4.py's FP4_VALUES and layout: low nibble first, 2^(scale − 127).
void GptOssModelTest::mxfp4DequantisesAsTransformers() {
    uchar blocks[16] = {};
    blocks[0] = 0x21;   // low 1 → 0.5, high 2 → 1.0
    blocks[1] = 0xF7;   // low 7 → 6.0, high 15 → −6.0
    blocks[15] = 0x98;  // low 8 → −0.0, high 9 → −0.5
    const uchar scale = 125;  // 2^−2
    float out[32];
    dequantizeMxfp4(blocks, &scale, 1, 1, out);
    QCOMPARE(out[0], 0.125f);
    QCOMPARE(out[1], 0.25f);
    QCOMPARE(out[2], 1.5f);
    QCOMPARE(out[3], -1.5f);
    QCOMPARE(out[30], -0.0f);
    QVERIFY(std::signbit(out[30]));
    QCOMPARE(out[31], -0.125f);
    QCOMPARE(out[4], 0.0f);
}

void GptOssModelTest::badFilesAreNamed_data() {
    QTest::addColumn<QString>("folder");
    QTest::addColumn<QString>("change");
    QTest::addColumn<QString>("message");
    QTest::newRow("other quant method") << "gpt_oss_mxfp4" << "quant:bitsandbytes" << "quant_method 'bitsandbytes'";
    QTest::newRow("swiglu_limit") << "gpt_oss_f32" << "limit:8" << "swiglu_limit = 8";
    QTest::newRow("unknown layer type") << "gpt_oss_f32" << "layers:chunked_attention" << "layer_types[0] is 'chunked_attention'";
    QTest::newRow("missing sinks") << "gpt_oss_f32" << "drop:model.layers.1.self_attn.sinks" << "self_attn.sinks";
    QTest::newRow("scales of the wrong shape") << "gpt_oss_mxfp4" << "reshape:model.layers.0.mlp.experts.gate_up_proj_scales" << "gate_up_proj_scales";
    QTest::newRow("missing blocks") << "gpt_oss_mxfp4" << "drop:model.layers.2.mlp.experts.down_proj_blocks" << "down_proj_blocks";
}

void GptOssModelTest::badFilesAreNamed() {
    QFETCH(QString, folder);
    QFETCH(QString, change);
    QFETCH(QString, message);
    QTemporaryDir dir;
    QVERIFY(copyFolder(fixture(folder), dir.path()));
    const QString kind = change.section(QLatin1Char(':'), 0, 0);
    const QString what = change.section(QLatin1Char(':'), 1);
    if (kind == QLatin1String("quant"))
        QVERIFY(editJson(dir.filePath("config.json"), [&](QJsonObject& json) {
            json.insert("quantization_config", QJsonObject{{"quant_method", what}});
        }));
    else if (kind == QLatin1String("limit"))
        QVERIFY(editJson(dir.filePath("config.json"), [&](QJsonObject& json) { json.insert("swiglu_limit", what.toDouble()); }));
    else if (kind == QLatin1String("layers"))
        QVERIFY(editJson(dir.filePath("config.json"), [&](QJsonObject& json) {
            QJsonArray types = json.value("layer_types").toArray();
            types[0] = what;
            json.insert("layer_types", types);
        }));
    else  // rename the tensor in the safetensors header (same length), or change its shape
        QVERIFY(editSafetensorsHeader(dir.filePath("model.safetensors"), [&](QJsonObject& header) {
            QJsonObject entry = header.value(what).toObject();
            header.remove(what);
            if (kind == QLatin1String("drop")) {
                header.insert(what + QStringLiteral("_x"), entry);
                return;
            }
            QJsonArray shape = entry.value("shape").toArray();  // (E, 2F, D/32): the same bytes as (E, 2F·D/32, 1)
            shape = QJsonArray{shape[0], shape[1].toInt() * shape[2].toInt(), 1};
            entry.insert("shape", shape);
            header.insert(what, entry);
        }));
    bool failed = false;
    try {
        const auto model = loadHfModelFolder(dir.path(), "edited");
        model->run(model->tokenizer().fromIds({5, 6, 7, 8}));  // experts are read when chosen
    } catch (const HeadmapError& error) {
        failed = true;
        QVERIFY2(error.message().contains(message), qPrintable(error.message()));
    }
    QVERIFY2(failed, "loading or running should have failed");
}

QTEST_GUILESS_MAIN(GptOssModelTest)
#include "tst_gptossmodel.moc"
