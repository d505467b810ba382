// config.json parsing: every supported architecture's spelling, and one clear error (naming the
// file and the field) for everything Headmap cannot run.

#include <sys/stat.h>

#include <QDir>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QtTest>

#include "core/HeadmapError.h"
#include "hf/HfConfig.h"

using headmap::HfConfig;

namespace {

QJsonObject bertConfig() {
    return QJsonObject{{"model_type", "bert"}, {"hidden_size", 768}, {"num_attention_heads", 12},
                       {"num_hidden_layers", 12}, {"intermediate_size", 3072},
                       {"max_position_embeddings", 512}, {"vocab_size", 30522},
                       {"type_vocab_size", 2}, {"layer_norm_eps", 1e-12}, {"hidden_act", "gelu"},
                       {"position_embedding_type", "absolute"}, {"pad_token_id", 0}};
}

QJsonObject gpt2Config() {
    return QJsonObject{{"model_type", "gpt2"}, {"n_embd", 768}, {"n_head", 12}, {"n_layer", 12},
                       {"n_positions", 1024}, {"vocab_size", 50257}, {"n_inner", QJsonValue()},
                       {"activation_function", "gelu_new"}, {"layer_norm_epsilon", 1e-5}};
}

QJsonObject distilbertConfig() {
    return QJsonObject{{"model_type", "distilbert"}, {"dim", 768}, {"n_heads", 12}, {"n_layers", 6},
                       {"hidden_dim", 3072}, {"max_position_embeddings", 512},
                       {"vocab_size", 30522}, {"activation", "gelu"}};
}

QJsonObject with(QJsonObject object, const QString& key, const QJsonValue& value) {
    if (value.isUndefined())
        object.remove(key);
    else
        object.insert(key, value);
    return object;
}

QString writeConfig(const QTemporaryDir& dir, const QByteArray& bytes) {
    QFile file(dir.filePath("config.json"));
    if (!file.open(QIODevice::WriteOnly) || file.write(bytes) != bytes.size())
        return QString();
    return dir.path();
}

}  // namespace

class HfConfigTest : public QObject {
    Q_OBJECT
private slots:
    void readsEachArchitecture_data();
    void readsEachArchitecture();
    void refusesWhatItCannotRun_data();
    void refusesWhatItCannotRun();
    void refusesFilesThatAreNotFiles_data();
    void refusesFilesThatAreNotFiles();
    void missingFileNamesIt();
};

void HfConfigTest::readsEachArchitecture_data() {
    QTest::addColumn<QJsonObject>("json");
    QTest::addColumn<int>("hidden");
    QTest::addColumn<int>("heads");
    QTest::addColumn<int>("layers");
    QTest::addColumn<int>("intermediate");
    QTest::addColumn<int>("positions");
    QTest::addColumn<int>("typeVocab");
    QTest::addColumn<float>("eps");
    QTest::addColumn<int>("activation");
    using headmap::Activation;
    QTest::newRow("bert-base") << bertConfig() << 768 << 12 << 12 << 3072 << 512 << 2 << 1e-12f << int(Activation::GeluErf);
    QTest::newRow("roberta-base") << with(with(with(bertConfig(), "model_type", "roberta"), "type_vocab_size", 1), "layer_norm_eps", 1e-5)
                                  << 768 << 12 << 12 << 3072 << 512 << 1 << 1e-5f << int(Activation::GeluErf);
    QTest::newRow("distilbert") << distilbertConfig() << 768 << 12 << 6 << 3072 << 512 << 0 << 1e-12f << int(Activation::GeluErf);
    QTest::newRow("gpt2 n_inner null") << gpt2Config() << 768 << 12 << 12 << 3072 << 1024 << 0 << 1e-5f << int(Activation::GeluTanh);
    QTest::newRow("gpt2 n_inner set") << with(gpt2Config(), "n_inner", 1000) << 768 << 12 << 12 << 1000 << 1024 << 0 << 1e-5f << int(Activation::GeluTanh);
    QTest::newRow("bert relu, eps default") << with(with(bertConfig(), "hidden_act", "relu"), "layer_norm_eps", QJsonValue::Undefined)
                                            << 768 << 12 << 12 << 3072 << 512 << 2 << 1e-12f << int(Activation::Relu);
}

void HfConfigTest::readsEachArchitecture() {
    QFETCH(QJsonObject, json);
    QTemporaryDir dir;
    const QString folder = writeConfig(dir, QJsonDocument(json).toJson());
    QVERIFY(!folder.isEmpty());
    const HfConfig config = HfConfig::load(folder);
    QCOMPARE(config.modelType, json.value("model_type").toString());
    QTEST(config.hiddenSize, "hidden");
    QTEST(config.heads, "heads");
    QTEST(config.layers, "layers");
    QTEST(config.intermediateSize, "intermediate");
    QTEST(config.maxPositions, "positions");
    QTEST(config.typeVocabSize, "typeVocab");
    QTEST(config.layerNormEps, "eps");
    QTEST(int(config.activation), "activation");
}

void HfConfigTest::refusesWhatItCannotRun_data() {
    QTest::addColumn<QByteArray>("bytes");
    QTest::addColumn<QString>("expected");
    auto json = [](const QJsonObject& o) { return QJsonDocument(o).toJson(); };
    QTest::newRow("not json") << QByteArray("{\"model_type\": ") << "not valid JSON";
    QTest::newRow("json array") << QByteArray("[1, 2]") << "expected a JSON object";
    QTest::newRow("no model_type") << json(with(bertConfig(), "model_type", QJsonValue::Undefined)) << "missing field 'model_type'";
    QTest::newRow("mamba") << json(with(bertConfig(), "model_type", "mamba")) << "model_type 'mamba' is not supported (supported: bert, roberta, xlm-roberta, distilbert, modernbert, gpt2, llama, smollm3, mistral";
    QTest::newRow("heads do not divide hidden") << json(with(bertConfig(), "num_attention_heads", 7)) << "768 is not divisible by 7";
    QTest::newRow("relative positions") << json(with(bertConfig(), "position_embedding_type", "relative_key")) << "position_embedding_type 'relative_key' is not supported";
    QTest::newRow("unknown activation") << json(with(bertConfig(), "hidden_act", "mish")) << "activation 'mish'";
    QTest::newRow("missing hidden_size") << json(with(bertConfig(), "hidden_size", QJsonValue::Undefined)) << "missing field 'hidden_size'";
    QTest::newRow("hidden_size as text") << json(with(bertConfig(), "hidden_size", "768")) << "'hidden_size' must be a whole number";
    QTest::newRow("hidden_size fractional") << json(with(bertConfig(), "hidden_size", 76.5)) << "'hidden_size' is 76.5; expected a whole number";
    // Beyond every integer type: the range is checked before any cast (no undefined behaviour).
    QTest::newRow("n_embd 1E25") << QByteArray(R"({"model_type":"gpt2","n_embd":1E25})") << "'n_embd' is 1.0000000000000001e+25; expected a whole number in 1..65536";
    QTest::newRow("n_embd -1E300") << QByteArray(R"({"model_type":"gpt2","n_embd":-1E300})") << "'n_embd' is -1.0000000000000001e+300; expected";
    QTest::newRow("vocab_size 2^63") << json(with(bertConfig(), "vocab_size", 9223372036854775808.0)) << "'vocab_size' is 9.2233720368547758e+18";
    QTest::newRow("zero layers") << json(with(bertConfig(), "num_hidden_layers", 0)) << "'num_hidden_layers' is 0";
    QTest::newRow("huge vocab") << json(with(bertConfig(), "vocab_size", 1e12)) << "'vocab_size'";
    QTest::newRow("gpt2 inverse layer scaling") << json(with(gpt2Config(), "scale_attn_by_inverse_layer_idx", true)) << "scale_attn_by_inverse_layer_idx";
    QTest::newRow("distilbert missing dim") << json(with(distilbertConfig(), "dim", QJsonValue::Undefined)) << "missing field 'dim'";
    QTest::newRow("negative eps") << json(with(bertConfig(), "layer_norm_eps", -1)) << "epsilon must be positive";
}

void HfConfigTest::refusesWhatItCannotRun() {
    QFETCH(QByteArray, bytes);
    QFETCH(QString, expected);
    QTemporaryDir dir;
    const QString folder = writeConfig(dir, bytes);
    QVERIFY(!folder.isEmpty());
    try {
        HfConfig::load(folder);
        QFAIL("expected a ModelError");
    } catch (const headmap::ModelError& error) {
        QVERIFY2(error.message().contains(expected), qPrintable(error.message()));
        QVERIFY2(error.message().contains(QDir(folder).filePath("config.json")), qPrintable(error.message()));
    }
}

void HfConfigTest::refusesFilesThatAreNotFiles_data() {
    QTest::addColumn<QString>("kind");
    QTest::addColumn<QString>("expected");
    QTest::newRow("fifo") << "fifo" << "is not a regular file (it is a FIFO)";
    QTest::newRow("link to /dev/zero") << "device" << "is not a regular file (it leads to /dev/zero, which is a character device)";
    QTest::newRow("folder") << "folder" << "is not a regular file (it is a folder)";
}

// A FIFO would block open() for ever and /dev/zero never ends; both are refused before reading.
void HfConfigTest::refusesFilesThatAreNotFiles() {
    QFETCH(QString, kind);
    QFETCH(QString, expected);
    QTemporaryDir dir;
    const QString path = dir.filePath("config.json");
    if (kind == "fifo")
        QCOMPARE(::mkfifo(QFile::encodeName(path).constData(), 0600), 0);
    else if (kind == "device")
        QVERIFY(QFile::link("/dev/zero", path));
    else
        QVERIFY(QDir(dir.path()).mkdir("config.json"));
    try {
        HfConfig::load(dir.path());
        QFAIL("expected a ModelError");
    } catch (const headmap::ModelError& error) {
        QVERIFY2(error.message().contains(path + " " + expected), qPrintable(error.message()));
    }
}

void HfConfigTest::missingFileNamesIt() {
    QTemporaryDir dir;
    QVERIFY_THROWS_EXCEPTION(headmap::ModelError, HfConfig::load(dir.path()));
}

QTEST_GUILESS_MAIN(HfConfigTest)
#include "tst_hfconfig.moc"
