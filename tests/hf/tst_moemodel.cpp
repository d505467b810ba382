// Mixture-of-experts decoders (issue #39) against transformers' own classes: qwen3_moe, mixtral,
// olmoe and qwen2_moe fixtures in the exact Hub layout, written with transformers'
// modeling_<family>.py by tests/fixtures/moe/make_moe_fixtures.py (tests/fixtures/moe/
// golden.json). Per case: every head's weights and every position's logits within 1e-4, and the
// router's chosen experts per layer and token identical, in its order; torch.topk's order of
// tied experts; a checkpoint that converts on read reads only the chosen experts, a layer at a
// time, with the same numbers; config options Headmap does not honour are errors naming them.

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSet>
#include <QTemporaryDir>
#include <QtTest>

#include "DecoderGolden.h"
#include "ModelFixtures.h"
#include "core/HeadmapError.h"
#include "hf/ArchitectureRegistry.h"
#include "hf/HfModelLoader.h"
#include "hf/MixtureOfExperts.h"
#include "tokenizers/HfTokenizerLoader.h"

using namespace headmap;
using namespace modelfixtures;

namespace {

// The bound of the neighbours (tst_decodermodel): every head, and here the logits too.
constexpr double kTolerance = 1e-4;

QString moeFixture(const QString& name) {
    return QStringLiteral(HEADMAP_FIXTURES_DIR "/moe/") + name;
}

QJsonObject golden() {
    return testsupport::fixtureJson(QStringLiteral("moe/golden.json"));
}

std::vector<std::vector<int>> toIntRows(const QJsonValue& value) {
    std::vector<std::vector<int>> rows;
    for (const QJsonValue& row : value.toArray())
        rows.push_back(toInts(row));
    return rows;
}

// The checkpoint as one that converts on read (as F16/BF16 files and GGUF are), counting which
// expert tensors were read: the model then loads a layer at a time and fetches experts on demand.
class CountingStream final : public Checkpoint {
public:
    explicit CountingStream(std::unique_ptr<Checkpoint> source) : m_source(std::move(source)) {}
    QStringList tensorNames() const override { return m_source->tensorNames(); }
    const TensorInfo* info(const QString& name) const override { return m_source->info(name); }
    const float* floats(const QString& name) const override { return m_source->floats(name); }
    QString fileOf(const QString& name) const override { return m_source->fileOf(name); }
    QString description() const override { return m_source->description(); }
    bool convertsOnRead() const override { return true; }
    void readFloats(const QString& name, float* out) const override {
        if (name.contains(QLatin1String(".experts.")))
            m_read->insert(name);
        m_source->readFloats(name, out);
    }
    void readRows(const QString& name, qint64 first, qint64 count, float* out) const override {
        m_source->readRows(name, first, count, out);
    }
    std::shared_ptr<QSet<QString>> read() const { return m_read; }

private:
    std::unique_ptr<Checkpoint> m_source;
    std::shared_ptr<QSet<QString>> m_read = std::make_shared<QSet<QString>>();
};

#define CHECK_CLOSE(diff, what) \
    QVERIFY2((diff) >= 0 && (diff) <= kTolerance, qPrintable(QStringLiteral("%1: max difference %2").arg(what).arg(diff)))

void addCaseRows() {
    QTest::addColumn<QJsonObject>("golden");
    const QJsonArray cases = golden().value("cases").toArray();
    QVERIFY2(cases.size() == 8, "tests/fixtures/moe/golden.json is missing or lost cases");
    for (const QJsonValue& c : cases)
        QTest::newRow(qPrintable(c.toObject().value("name").toString())) << c.toObject();
}

// The trace's experts against the golden's: null for a dense layer (an empty list here).
}  // namespace

class MoeModelTest : public QObject {
    Q_OBJECT
private slots:
    void matchesTransformers_data() { addCaseRows(); }
    void matchesTransformers();
    void streamingReadsOnlyChosenExperts_data() { addCaseRows(); }
    void streamingReadsOnlyChosenExperts();
    void prefixReuseKeepsTheExperts_data() { addCaseRows(); }
    void prefixReuseKeepsTheExperts();
    void tiedExpertsComeInTorchTopKOrder();
    void tokenizesLikeTheFixtureScript();
    void summaryDescribesExperts_data();
    void summaryDescribesExperts();
    void unsupportedOptionsAreNamed_data();
    void unsupportedOptionsAreNamed();
};

void MoeModelTest::matchesTransformers() {
    QFETCH(QJsonObject, golden);
    const auto model = loadHfModelFolder(moeFixture(golden.value("fixture").toString()), "fixture");
    const ModelSummary& summary = model->summary();
    QCOMPARE(summary.architecture, golden.value("model_type").toString());
    const Encoding input = model->tokenizer().fromIds(toInts(golden.value("ids")));
    const RunResult result = model->run(input);
    CHECK_CLOSE(maxDifference(golden.value("attention").toArray(), result.trace), QStringLiteral("every head"));
    CHECK_CLOSE(testsupport::logitsDifference(*model, result, golden.value("logits").toArray()), QStringLiteral("logits"));
    const QString mismatch = testsupport::expertsMismatch(result.trace, golden.value("experts").toArray());
    QVERIFY2(mismatch.isEmpty(), qPrintable(mismatch));
}

// The same fixture through a checkpoint that converts on read: layers streamed, experts read
// when a token chooses them and never otherwise; the numbers are the same bits as the mapped run.
void MoeModelTest::streamingReadsOnlyChosenExperts() {
    QFETCH(QJsonObject, golden);
    const QString folder = moeFixture(golden.value("fixture").toString());
    const auto mapped = loadHfModelFolder(folder, "mapped");
    const ConfigFile config = ConfigFile::read(folder);
    TokenizerLoadOptions options;
    options.modelType = config.modelType;
    auto counting = std::make_unique<CountingStream>(Checkpoint::openFolder(folder));
    const std::shared_ptr<QSet<QString>> read = counting->read();
    const auto streamed = findArchitecture(config.modelType)
                              ->build(config, std::move(counting), loadHfTokenizer(folder, options), QStringLiteral("streamed"));
    QVERIFY2(read->isEmpty(), "no expert is read before a token chooses it");

    const Encoding input = mapped->tokenizer().fromIds(toInts(golden.value("ids")));
    const RunResult a = mapped->run(input);
    const RunResult b = streamed->run(input);
    QCOMPARE(b.trace.experts(), a.trace.experts());
    for (int l = 0; l < a.trace.layers(); ++l)
        for (int h = 0; h < a.trace.heads(); ++h)
            QVERIFY2(MatrixF(a.trace.head(l, h)) == MatrixF(b.trace.head(l, h)), qPrintable(QStringLiteral("layer %1 head %2").arg(l).arg(h)));
    QVERIFY(a.hidden == b.hidden);

    // What was read is exactly the chosen experts' gate, up and down.
    QSet<QString> chosen;
    const QJsonArray experts = golden.value("experts").toArray();
    for (int l = 0; l < experts.size(); ++l)
        for (const auto& token : toIntRows(experts[l]))
            for (int e : token)
                chosen.insert(QStringLiteral("%1/%2").arg(l).arg(e));
    QSet<QString> readExperts;
    for (const QString& name : *read) {
        const QStringList parts = name.split(QLatin1Char('.'));  // model.layers.L.<mlp>.experts.E.<proj>.weight
        const int at = int(parts.indexOf(QStringLiteral("experts")));
        readExperts.insert(QStringLiteral("%1/%2").arg(parts.at(2), parts.at(at + 1)));
    }
    QCOMPARE(readExperts, chosen);
    QCOMPARE(read->size(), 3 * chosen.size());
}

// A run that takes its first tokens from an earlier run (the GUI's typing) records the same
// experts as a fresh run: the shared tokens' from the earlier run, the new ones computed.
void MoeModelTest::prefixReuseKeepsTheExperts() {
    QFETCH(QJsonObject, golden);
    const auto model = loadHfModelFolder(moeFixture(golden.value("fixture").toString()), "fixture");
    const std::vector<int> ids = toInts(golden.value("ids"));
    const std::vector<int> first(ids.begin(), ids.begin() + int(ids.size()) / 2);
    RunOptions keep;
    keep.keepState = true;
    const RunResult a = model->run(model->tokenizer().fromIds(first), keep);
    RunOptions next = keep;
    next.reuse = a.state;
    const RunResult b = model->run(model->tokenizer().fromIds(ids), next);
    QCOMPARE(b.reusedTokens, int(first.size()));
    const QString mismatch = testsupport::expertsMismatch(b.trace, golden.value("experts").toArray());
    QVERIFY2(mismatch.isEmpty(), qPrintable(mismatch));
    const RunResult fresh = model->run(model->tokenizer().fromIds(ids));
    QCOMPARE(b.trace.experts(), fresh.trace.experts());
}

// torch.topk's CPU order among exactly tied probabilities (golden "router_ties", made by
// torch.topk itself), on both of its paths (partial_sort for 64·k ≤ E, nth_element otherwise).
void MoeModelTest::tiedExpertsComeInTorchTopKOrder() {
    const QJsonArray cases = golden().value("router_ties").toArray();
    QVERIFY(cases.size() >= 6);
    for (const QJsonValue& value : cases) {
        const QJsonObject c = value.toObject();
        const auto logits = c.value("logits").toArray();
        const int e = c.value("experts").toInt();
        const int k = c.value("k").toInt();
        MatrixF rows(logits.size(), e);  // (T, E)
        for (int i = 0; i < logits.size(); ++i)
            for (int j = 0; j < e; ++j)
                rows(i, j) = float(logits[i].toArray()[j].toDouble());
        const RouterChoice choice = routeTokens(rows, k, false);
        const auto expected = toIntRows(c.value("indices"));
        for (int i = 0; i < logits.size(); ++i)
            QVERIFY2(choice.experts[size_t(i)] == expected[size_t(i)],
                     qPrintable(QStringLiteral("%1 experts, top-%2, row %3").arg(e).arg(k).arg(i)));
    }
}

void MoeModelTest::tokenizesLikeTheFixtureScript() {
    for (const QJsonValue& value : golden().value("cases").toArray()) {
        const QJsonObject c = value.toObject();
        const auto model = loadHfModelFolder(moeFixture(c.value("fixture").toString()), "fixture");
        QCOMPARE(model->tokenize(c.value("text").toString()).ids, toInts(c.value("ids")));
    }
}

void MoeModelTest::summaryDescribesExperts_data() {
    QTest::addColumn<QString>("fixture");
    QTest::addColumn<int>("experts");
    QTest::addColumn<int>("topK");
    QTest::addColumn<int>("shared");
    QTest::addColumn<QString>("sparseLayers");  // 1 for a mixture, 0 for a dense layer
    QTest::newRow("qwen3_moe: mlp_only_layers [1]") << "qwen3_moe_f32" << 8 << 4 << 0 << "101";
    QTest::newRow("mixtral: num_local_experts") << "mixtral_f32" << 8 << 2 << 0 << "11";
    QTest::newRow("olmoe: every layer") << "olmoe_f32" << 16 << 3 << 0 << "11";
    QTest::newRow("qwen2_moe: decoder_sparse_step 2, shared") << "qwen2_moe_f32" << 6 << 2 << 1 << "0101";
}

void MoeModelTest::summaryDescribesExperts() {
    QFETCH(QString, fixture);
    QFETCH(int, experts);
    QFETCH(int, topK);
    QFETCH(int, shared);
    QFETCH(QString, sparseLayers);
    const auto model = loadHfModelFolder(moeFixture(fixture), "fixture");
    const ModelSummary& s = model->summary();
    QCOMPARE(s.experts, experts);
    QCOMPARE(s.expertsPerToken, topK);
    QCOMPARE(s.sharedExperts, shared);
    QString layers;
    for (bool sparse : s.expertLayers)
        layers += sparse ? QLatin1Char('1') : QLatin1Char('0');
    QCOMPARE(layers, sparseLayers);
}

void MoeModelTest::unsupportedOptionsAreNamed_data() {
    QTest::addColumn<QString>("fixture");
    QTest::addColumn<QString>("field");
    QTest::addColumn<QJsonValue>("value");
    QTest::addColumn<QString>("message");
    QTest::newRow("qwen3_moe sliding window") << "qwen3_moe_f32" << "use_sliding_window" << QJsonValue(true) << "use_sliding_window = true";
    QTest::newRow("qwen2_moe sliding window") << "qwen2_moe_f32" << "use_sliding_window" << QJsonValue(true) << "use_sliding_window = true";
    QTest::newRow("olmoe clip_qkv") << "olmoe_f32" << "clip_qkv" << QJsonValue(8.0) << "clip_qkv = 8";
    QTest::newRow("top-k above experts") << "mixtral_f32" << "num_experts_per_tok" << QJsonValue(9) << "num_experts_per_tok is 9";
    QTest::newRow("mlp_only_layers out of range") << "qwen3_moe_f32" << "mlp_only_layers" << QJsonValue(QJsonArray{7}) << "mlp_only_layers lists 7";
    QTest::newRow("no num_experts") << "olmoe_f32" << "num_experts" << QJsonValue() << "num_experts";
}

void MoeModelTest::unsupportedOptionsAreNamed() {
    QFETCH(QString, fixture);
    QFETCH(QString, field);
    QFETCH(QJsonValue, value);
    QFETCH(QString, message);
    QTemporaryDir dir;
    QVERIFY(copyFolder(moeFixture(fixture), dir.path()));
    QVERIFY(editJson(dir.filePath("config.json"), [&](QJsonObject& json) {
        if (value.isUndefined() || value.isNull())
            json.remove(field);
        else
            json.insert(field, value);
    }));
    try {
        loadHfModelFolder(dir.path(), "edited");
        QFAIL("loading should have failed");
    } catch (const ModelError& error) {
        QVERIFY2(error.message().contains(message), qPrintable(error.message()));
        QVERIFY2(error.message().contains(QStringLiteral("config.json")), qPrintable(error.message()));
    }
}

QTEST_GUILESS_MAIN(MoeModelTest)
#include "tst_moemodel.moc"
