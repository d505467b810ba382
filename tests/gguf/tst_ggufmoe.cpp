// Mixture-of-experts GGUF files (issue #39) against their safetensors twins' goldens: the
// files of tests/fixtures/gguf/models/ written by make_gguf_moe.py as llama.cpp's
// convert_hf_to_gguf.py converts qwen3_moe, Mixtral (a "llama" file with experts), OLMoE,
// Qwen2-MoE (a shared expert) and gpt-oss (MXFP4 experts in ggml's block layout) hold the twins' very numbers, so they must
// reproduce the twins' golden.json (transformers' own modeling_<family>.py; tests/fixtures/moe
// and tests/fixtures/gpt_oss): every head and every position's logits within 1e-4, the router's
// chosen experts identical and in order. Also: the same attention and experts as the twin folder
// loaded by the safetensors path (≤ 1e-6); only the chosen experts are read; the summary; broken
// files (an expert tensor of the wrong shape, an expert count that disagrees with the tensors,
// more experts used than exist, no expert count) are ModelErrors naming the file, the key or
// tensor, expected vs found.

#include <set>

#include <QFile>
#include <QJsonArray>
#include <QRegularExpression>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QtEndian>
#include <QtTest>

#include "GgufPatch.h"
#include "DecoderGolden.h"
#include "ModelFixtures.h"
#include "core/HeadmapError.h"
#include "formats/GgufFile.h"
#include "gguf/GgufCheckpoint.h"
#include "gguf/GgufDecoderConfig.h"
#include "gguf/GgufModelLoader.h"
#include "hf/DecoderModel.h"
#include "hf/HfModelLoader.h"

using namespace headmap;
using namespace modelfixtures;

namespace {

using testsupport::ggufKeyBytes;
using testsupport::ggufModelFixture;
using testsupport::maxDifference;
using testsupport::replaceBytes;
using testsupport::setDim;

// The twins' own bound (tst_moemodel, tst_gptossmodel): every head and the logits.
constexpr double kTolerance = 1e-4;

struct Twin {
    const char* file;         // in tests/fixtures/gguf/models
    const char* golden;       // the twin's golden.json, under tests/fixtures
    const char* folder;       // the twin's folder under tests/fixtures (its tokenizer)
    const char* fixture;      // moe/golden.json's "fixture" of the cases; null: every case
    const char* modelType;
    int experts, expertsPerToken;
};

const Twin kTwins[] = {
    {"qwen3moe_f32.gguf", "moe/golden.json", "moe/qwen3_moe_f32", "qwen3_moe_f32", "qwen3_moe", 8, 4},
    {"mixtral_f32.gguf", "moe/golden.json", "moe/mixtral_f32", "mixtral_f32", "mixtral", 8, 2},
    {"olmoe_f32.gguf", "moe/golden.json", "moe/olmoe_f32", "olmoe_f32", "olmoe", 16, 3},
    {"qwen2moe_f32.gguf", "moe/golden.json", "moe/qwen2_moe_f32", "qwen2_moe_f32", "qwen2_moe", 6, 2},
    {"gpt_oss_mxfp4.gguf", "gpt_oss/golden.json", "gpt_oss/gpt_oss_mxfp4", nullptr, "gpt_oss", 8, 3},
};

std::unique_ptr<Model> loadTwin(const QString& file, const QString& folder) {
    const QString twin = QStringLiteral(HEADMAP_FIXTURES_DIR "/") + folder;
    return loadGgufModel(ggufModelFixture(file), file, loadHfTokenizerFolder(twin, folder).tokenizer);
}

// The GGUF checkpoint, recording which experts of which layer are read: the numbered tensors
// of Qwen3-MoE, Mixtral and OLMoE whole ("model.layers.L.mlp.experts.E.up_proj.weight"),
// gpt-oss's stacked ones by rows ("model.layers.L.mlp.experts.gate_up_proj", rows = experts).
class ExpertCounter final : public Checkpoint {
public:
    explicit ExpertCounter(std::unique_ptr<Checkpoint> source) : m_source(std::move(source)) {}
    QStringList tensorNames() const override { return m_source->tensorNames(); }
    const TensorInfo* info(const QString& name) const override { return m_source->info(name); }
    const float* floats(const QString& name) const override { return m_source->floats(name); }
    QString fileOf(const QString& name) const override { return m_source->fileOf(name); }
    QString description() const override { return m_source->description(); }
    bool convertsOnRead() const override { return true; }
    void readFloats(const QString& name, float* out) const override {
        const QRegularExpressionMatch numbered = numberedExpert().match(name);
        if (numbered.hasMatch())
            m_read->insert({numbered.captured(1).toInt(), numbered.captured(2).toInt()});
        QVERIFY2(!name.contains(QLatin1String(".experts.")) || numbered.hasMatch(), qPrintable(name + " read whole"));
        m_source->readFloats(name, out);
    }
    void readRows(const QString& name, qint64 first, qint64 count, float* out) const override {
        const QRegularExpressionMatch stacked = stackedExperts().match(name);
        for (qint64 e = first; stacked.hasMatch() && e < first + count; ++e)
            m_read->insert({stacked.captured(1).toInt(), int(e)});
        m_source->readRows(name, first, count, out);
    }
    std::shared_ptr<std::set<std::pair<int, int>>> read() const { return m_read; }

private:
    static const QRegularExpression& numberedExpert() {
        static const QRegularExpression re(QStringLiteral("^model\\.layers\\.(\\d+)\\..*experts\\.(\\d+)\\."));
        return re;
    }
    static const QRegularExpression& stackedExperts() {
        static const QRegularExpression re(QStringLiteral("^model\\.layers\\.(\\d+)\\.mlp\\.experts\\.[a-z_]+$"));
        return re;
    }
    std::unique_ptr<Checkpoint> m_source;
    std::shared_ptr<std::set<std::pair<int, int>>> m_read = std::make_shared<std::set<std::pair<int, int>>>();
};

#define CHECK_CLOSE(diff, what) \
    QVERIFY2((diff) >= 0 && (diff) <= kTolerance, qPrintable(QStringLiteral("%1: max difference %2").arg(what).arg(diff)))

}  // namespace

class GgufMoeTest : public QObject {
    Q_OBJECT
private slots:
    void matchesTwinGolden_data();
    void matchesTwinGolden();
    void equalsSafetensorsTwin_data();
    void equalsSafetensorsTwin();
    void readsOnlyChosenExperts_data();
    void readsOnlyChosenExperts();
    void summaryDescribesExperts_data();
    void summaryDescribesExperts();
    void brokenFilesAreNamed_data();
    void brokenFilesAreNamed();
};

void GgufMoeTest::matchesTwinGolden_data() {
    QTest::addColumn<QString>("file");
    QTest::addColumn<QString>("folder");
    QTest::addColumn<QJsonObject>("golden");
    int rows = 0;
    for (const Twin& twin : kTwins) {
        const QJsonArray cases = testsupport::fixtureJson(QLatin1String(twin.golden)).value("cases").toArray();
        for (const QJsonValue& value : cases) {
            const QJsonObject c = value.toObject();
            if (twin.fixture && c.value("fixture").toString() != QLatin1String(twin.fixture))
                continue;
            QTest::newRow(qPrintable(QStringLiteral("%1 %2").arg(twin.file, c.value("name").toString())))
                << QString::fromLatin1(twin.file) << QString::fromLatin1(twin.folder) << c;
            ++rows;
        }
    }
    QVERIFY2(rows == 10, "the twins' golden.json files are missing or lost cases");  // 2 per file
}

void GgufMoeTest::matchesTwinGolden() {
    QFETCH(QString, file);
    QFETCH(QString, folder);
    QFETCH(QJsonObject, golden);
    const auto model = loadTwin(file, folder);
    const RunResult result = model->run(model->tokenizer().fromIds(toInts(golden.value("ids"))));
    CHECK_CLOSE(maxDifference(golden.value("attention").toArray(), result.trace), QStringLiteral("every head"));
    CHECK_CLOSE(testsupport::logitsDifference(*model, result, golden.value("logits").toArray()), QStringLiteral("logits"));
    // The router's choices, identical and in its order; null marks a dense layer.
    const QString mismatch = testsupport::expertsMismatch(result.trace, golden.value("experts").toArray());
    QVERIFY2(mismatch.isEmpty(), qPrintable(mismatch));
}

void GgufMoeTest::equalsSafetensorsTwin_data() {
    matchesTwinGolden_data();
}

// The same numbers through the same code: the GGUF file and its safetensors folder give the same
// attention (un-permuting, un-stacking, un-splitting and MXFP4's two block layouts are exact) and
// the same experts. Bound as tst_ggufmodel's twins: same sums in the same order.
void GgufMoeTest::equalsSafetensorsTwin() {
    QFETCH(QString, file);
    QFETCH(QString, folder);
    QFETCH(QJsonObject, golden);
    const auto gguf = loadTwin(file, folder);
    // gpt-oss: the dense twin, whose stacked (E, D, 2F) experts are the layout GgufCheckpoint
    // presents (the MXFP4 twin's are (out, in): the same values summed in another order).
    const QString dense = folder == QLatin1String("gpt_oss/gpt_oss_mxfp4") ? QStringLiteral("gpt_oss/gpt_oss_f32") : folder;
    const auto twin = loadHfModelFolder(QStringLiteral(HEADMAP_FIXTURES_DIR "/") + dense, dense);
    const std::vector<int> ids = toInts(golden.value("ids"));
    const RunResult a = gguf->run(gguf->tokenizer().fromIds(ids));
    const RunResult b = twin->run(twin->tokenizer().fromIds(ids));
    const double diff = maxDifference(a.trace, b.trace);
    QVERIFY2(diff <= 1e-6, qPrintable(QStringLiteral("max difference %1").arg(diff)));
    QVERIFY(a.trace.experts() == b.trace.experts());
}

void GgufMoeTest::readsOnlyChosenExperts_data() {
    matchesTwinGolden_data();
}

// Only the experts the router chose are dequantised, each once per run of its layer: the (layer,
// expert) pairs read are exactly those of the trace.
void GgufMoeTest::readsOnlyChosenExperts() {
    QFETCH(QString, file);
    QFETCH(QString, folder);
    QFETCH(QJsonObject, golden);
    const auto gguf = std::make_shared<const GgufFile>(ggufModelFixture(file));
    const DecoderConfig config = ggufDecoderConfig(*gguf);
    auto counter = std::make_unique<ExpertCounter>(std::make_unique<GgufCheckpoint>(gguf, config));
    const auto read = counter->read();
    const QString twin = QStringLiteral(HEADMAP_FIXTURES_DIR "/") + folder;
    const DecoderModel model(config, std::move(counter), loadHfTokenizerFolder(twin, folder).tokenizer, file);
    QVERIFY(read->empty());  // nothing before the run
    const RunResult result = model.run(model.tokenizer().fromIds(toInts(golden.value("ids"))));
    std::set<std::pair<int, int>> chosen;
    for (size_t l = 0; l < result.trace.experts().size(); ++l)
        for (const std::vector<int>& token : result.trace.experts()[l])
            for (int e : token)
                chosen.insert({int(l), e});
    QVERIFY(!chosen.empty());
    QVERIFY2(*read == chosen, qPrintable(QStringLiteral("read %1 (layer, expert) pairs, chosen %2")
                                             .arg(read->size()).arg(chosen.size())));
}

void GgufMoeTest::summaryDescribesExperts_data() {
    QTest::addColumn<QString>("file");
    QTest::addColumn<QString>("folder");
    QTest::addColumn<QString>("modelType");
    QTest::addColumn<int>("experts");
    QTest::addColumn<int>("expertsPerToken");
    for (const Twin& twin : kTwins)
        QTest::newRow(twin.file) << QString::fromLatin1(twin.file) << QString::fromLatin1(twin.folder)
                                 << QString::fromLatin1(twin.modelType) << twin.experts << twin.expertsPerToken;
}

void GgufMoeTest::summaryDescribesExperts() {
    QFETCH(QString, file);
    QFETCH(QString, folder);
    QFETCH(QString, modelType);
    QFETCH(int, experts);
    QFETCH(int, expertsPerToken);
    const auto model = loadTwin(file, folder);
    const ModelSummary& s = model->summary();
    QCOMPARE(s.architecture, modelType);
    QCOMPARE(s.experts, experts);
    QCOMPARE(s.expertsPerToken, expertsPerToken);
    QCOMPARE(s.attentionSinks, modelType == QLatin1String("gpt_oss"));
    QCOMPARE(s.sharedExperts, modelType == QLatin1String("qwen2_moe") ? 1 : 0);
    // Dense layers have no router in the file: Qwen3-MoE's mlp_only_layers [1], Qwen2-MoE's
    // decoder_sparse_step 2.
    std::vector<bool> sparse(size_t(s.layers), true);
    if (modelType == QLatin1String("qwen3_moe"))
        sparse = {true, false, true};
    else if (modelType == QLatin1String("qwen2_moe"))
        sparse = {false, true, false, true};
    QVERIFY(s.expertLayers == sparse);
}

void GgufMoeTest::brokenFilesAreNamed_data() {
    QTest::addColumn<QString>("file");
    QTest::addColumn<std::function<bool(QByteArray&)>>("edit");
    QTest::addColumn<QStringList>("expected");
    const QString qwen = QStringLiteral("qwen3moe_f32.gguf");
    const QString mixtral = QStringLiteral("mixtral_f32.gguf");
    const QString oss = QStringLiteral("gpt_oss_mxfp4.gguf");
    const QByteArray u32 = QByteArray("\x04\0\0\0", 4);  // GGUF value type UINT32
    auto count = [&](const char* key, quint32 from, quint32 to) {
        QByteArray a(4, '\0'), b(4, '\0');
        qToLittleEndian(from, a.data());
        qToLittleEndian(to, b.data());
        return replaceBytes(ggufKeyBytes(key) + u32 + a, ggufKeyBytes(key) + u32 + b);
    };
    QTest::newRow("expert tensor of the wrong shape")
        << qwen << setDim("blk.2.ffn_up_exps.weight", 1, 20)
        << QStringList{qwen, "blk.2.ffn_up_exps.weight", "[32, 20, 8]", "expected [32, 24, 8]"};
    QTest::newRow("expert count disagrees with the tensors")
        << mixtral << count("llama.expert_count", 8, 6)
        << QStringList{mixtral, "blk.0.ffn_gate_inp.weight", "[32, 8]", "expected [32, 6]"};
    QTest::newRow("more experts used than exist")
        << mixtral << count("llama.expert_used_count", 2, 9)
        << QStringList{mixtral, "llama.expert_used_count", "9", "1 to 8"};
    QTest::newRow("MXFP4 experts of the wrong count")
        << oss << setDim("blk.1.ffn_down_exps.weight", 2, 7)
        << QStringList{oss, "blk.1.ffn_down_exps.weight", "[32, 64, 7]", "expected [32, 64, 8]"};
    QTest::newRow("expert_count missing")
        << qwen << replaceBytes(ggufKeyBytes("qwen3moe.expert_count"), ggufKeyBytes("qwen3moe.expert_cOunt"))
        << QStringList{qwen, "qwen3moe.expert_count"};
}

void GgufMoeTest::brokenFilesAreNamed() {
    QFETCH(QString, file);
    QFETCH(std::function<bool(QByteArray&)>, edit);
    QFETCH(QStringList, expected);
    QTemporaryDir dir;
    const QString path = testsupport::patchedGgufCopy(dir, file, edit);
    QVERIFY2(!path.isEmpty(), "the fixture could not be patched: did make_gguf_moe.py change it?");
    try {
        loadGgufModel(path, file);
        QFAIL("no ModelError");
    } catch (const ModelError& error) {
        const QString message = QString::fromUtf8(error.what());
        for (const QString& part : expected)
            QVERIFY2(message.contains(part), qPrintable(QStringLiteral("'%1' not in: %2").arg(part, message)));
    }
}

QTEST_GUILESS_MAIN(GgufMoeTest)
#include "tst_ggufmoe.moc"
