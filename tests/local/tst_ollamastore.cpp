// OllamaStore against stores laid out the way Ollama writes them (ollama/ollama
// server/manifest.go, types/model/name.go, envconfig): default tag and namespace, other
// namespaces and registries, the OLLAMA_MODELS override, search order, and every way a store
// can be broken, each named in the error. Also the llama.cpp file type names (include/llama.h).

#include <algorithm>

#include <QDir>
#include <QTemporaryDir>
#include <QtTest>

#include "core/HeadmapError.h"
#include "gguf/GgufFileType.h"
#include "local/LocalModels.h"
#include "local/OllamaStore.h"
#include "LocalStoreFixtures.h"

using namespace headmap;
using namespace localfixture;

namespace {

// Each model's GGUF differs in its architecture string, so every blob has its own digest.
struct PulledModel {
    const char* manifest;  // under manifests/
    const char* architecture;
    quint32 fileType;
};

const QList<PulledModel> kPulled{
    {"registry.ollama.ai/library/qwen2.5/0.5b", "qwen2", 15},
    {"registry.ollama.ai/library/qwen2.5/latest", "qwen2-latest", 7},
    {"registry.ollama.ai/someone/tiny/q8", "llama", 7},
    {"hf.co/bartowski/SmolLM2-135M-Instruct-GGUF/Q4_K_M", "smollm", 15},
    {"localhost:5000/team/model/v1", "gemma2", 1},
};

}  // namespace

class OllamaStoreTest : public QObject {
    Q_OBJECT
private slots:
    void initTestCase();
    void resolvesNames_data();
    void resolvesNames();
    void listsEveryTag();
    void brokenStores_data();
    void brokenStores();
    void earlierRootHidesLater();
    void brokenBlobIsListedWithItsError();
    void rootsFollowTheEnvironment_data();
    void rootsFollowTheEnvironment();
    void resolvesSpecsThroughTheEnvironment();
    void fileTypeNames_data();
    void fileTypeNames();

private:
    QTemporaryDir m_dir;
    QString m_root;
    QMap<QString, QString> m_blobs;  // manifest → blob path
};

void OllamaStoreTest::initTestCase() {
    QVERIFY(m_dir.isValid());
    m_root = m_dir.filePath("models");
    for (const PulledModel& model : kPulled) {
        const QString blob = addOllamaModel(m_root, model.manifest, ggufBytes(model.architecture, model.fileType));
        QVERIFY2(!blob.isEmpty(), model.manifest);
        m_blobs.insert(model.manifest, blob);
    }
}

void OllamaStoreTest::resolvesNames_data() {
    QTest::addColumn<QString>("name");
    QTest::addColumn<QString>("manifest");
    QTest::newRow("default tag latest") << "qwen2.5" << "registry.ollama.ai/library/qwen2.5/latest";
    QTest::newRow("explicit tag") << "qwen2.5:0.5b" << "registry.ollama.ai/library/qwen2.5/0.5b";
    QTest::newRow("library namespace spelt out") << "library/qwen2.5:0.5b" << "registry.ollama.ai/library/qwen2.5/0.5b";
    QTest::newRow("other namespace") << "someone/tiny:q8" << "registry.ollama.ai/someone/tiny/q8";
    QTest::newRow("other registry") << "hf.co/bartowski/SmolLM2-135M-Instruct-GGUF:Q4_K_M"
                                    << "hf.co/bartowski/SmolLM2-135M-Instruct-GGUF/Q4_K_M";
    QTest::newRow("registry with a port") << "localhost:5000/team/model:v1" << "localhost:5000/team/model/v1";
    QTest::newRow("names compare case-insensitively") << "QWEN2.5:0.5B" << "registry.ollama.ai/library/qwen2.5/0.5b";
}

void OllamaStoreTest::resolvesNames() {
    QFETCH(QString, name);
    QFETCH(QString, manifest);
    const OllamaStore store({m_root});
    QCOMPARE(store.resolve(name), m_blobs.value(manifest));
}

void OllamaStoreTest::listsEveryTag() {
    const QList<LocalModel> models = OllamaStore({m_root}).list();
    QStringList listed;
    for (const LocalModel& model : models) {
        QVERIFY2(model.usable(), qPrintable(model.error));
        QCOMPARE(model.sizeBytes, QFileInfo(model.path).size());
        listed << model.spec + ' ' + model.architecture + ' ' + model.quantization;
    }
    // Shortest names, as `ollama list` shows them; file types 15, 7, 1 are Q4_K_M, Q8_0, F16.
    QCOMPARE(listed, (QStringList{"ollama:hf.co/bartowski/SmolLM2-135M-Instruct-GGUF:Q4_K_M smollm Q4_K_M",
                                  "ollama:localhost:5000/team/model:v1 gemma2 F16",
                                  "ollama:qwen2.5:0.5b qwen2 Q4_K_M",
                                  "ollama:qwen2.5:latest qwen2-latest Q8_0",
                                  "ollama:someone/tiny:q8 llama Q8_0"}));
}

void OllamaStoreTest::brokenStores_data() {
    QTest::addColumn<QString>("manifest");  // under manifests/registry.ollama.ai/library/
    QTest::addColumn<QByteArray>("content");
    QTest::addColumn<QString>("name");
    QTest::addColumn<QStringList>("words");  // {ROOT} and {MANIFEST} are replaced
    const QString missing = digestOf("not stored");
    QTest::newRow("not pulled: lists what is there")
        << "" << QByteArray() << "llama3" << QStringList{"llama3:latest", "not found", "{ROOT}", "ollama:qwen2.5:0.5b", "ollama pull llama3"};
    QTest::newRow("malformed name") << "" << QByteArray() << "../../etc/passwd" << QStringList{"not an Ollama model name"};
    QTest::newRow("empty tag") << "" << QByteArray() << "qwen2.5:" << QStringList{"not an Ollama model name"};
    QTest::newRow("missing blob") << "gone/latest" << ollamaManifest({{"application/vnd.ollama.image.model", missing}})
                                  << "gone" << QStringList{"gone:latest", "sha256-" + missing.mid(7), "is missing", "ollama pull gone"};
    QTest::newRow("bad JSON names the file") << "badjson/latest" << QByteArray("{\"layers\": [") << "badjson"
                                             << QStringList{"{MANIFEST}", "not valid JSON"};
    QTest::newRow("no layers array") << "nolayers/latest" << QByteArray("{\"schemaVersion\": 2}") << "nolayers"
                                     << QStringList{"{MANIFEST}", "\"layers\""};
    QTest::newRow("only non-GGUF layers (safetensors import)")
        << "tensors/latest"
        << ollamaManifest({{"application/vnd.ollama.image.tensor", digestOf("t")}, {"application/vnd.ollama.image.license", digestOf("l")}})
        << "tensors" << QStringList{"{MANIFEST}", "application/vnd.ollama.image.model", "application/vnd.ollama.image.tensor"};
    QTest::newRow("digest that leaves blobs/")
        << "escape/latest" << ollamaManifest({{"application/vnd.ollama.image.model", "sha256:../../../etc/passwd"}}) << "escape"
        << QStringList{"{MANIFEST}", "sha256:<64 hex digits>"};
}

void OllamaStoreTest::brokenStores() {
    QFETCH(QString, manifest);
    QFETCH(QByteArray, content);
    QFETCH(QString, name);
    QFETCH(QStringList, words);
    QTemporaryDir dir;
    const QString root = dir.filePath("models");
    QVERIFY(!addOllamaModel(root, "registry.ollama.ai/library/qwen2.5/0.5b", ggufBytes("qwen2", 15)).isEmpty());
    const QString manifestFile = QDir(root).filePath("manifests/registry.ollama.ai/library/" + manifest);
    if (!manifest.isEmpty())
        QVERIFY(writeBytes(manifestFile, content));
    const OllamaStore store({root});
    const QString error = errorOf(store, name);
    for (QString word : words) {
        word.replace("{ROOT}", root).replace("{MANIFEST}", manifestFile);
        QVERIFY2(error.contains(word), qPrintable("'" + word + "' not in: " + error));
    }
    // Listing never throws: a broken manifest is listed with the same error.
    if (!manifest.isEmpty()) {
        const QList<LocalModel> models = store.list();
        QCOMPARE(models.size(), 2);
        const auto broken = std::find_if(models.begin(), models.end(), [](const LocalModel& m) { return !m.usable(); });
        QVERIFY(broken != models.end());
        QCOMPARE(broken->spec, "ollama:" + name + ":latest");
        QCOMPARE(broken->error, error);
    }
}

void OllamaStoreTest::earlierRootHidesLater() {
    QTemporaryDir dir;
    const QString user = dir.filePath("user"), service = dir.filePath("service");
    const QString userBlob = addOllamaModel(user, "registry.ollama.ai/library/qwen2.5/latest", ggufBytes("user", 15));
    QVERIFY(!addOllamaModel(service, "registry.ollama.ai/library/qwen2.5/latest", ggufBytes("service", 7)).isEmpty());
    const QString onlyService = addOllamaModel(service, "registry.ollama.ai/library/phi3/mini", ggufBytes("phi3", 2));
    const OllamaStore store({user, service});
    QCOMPARE(store.resolve("qwen2.5"), userBlob);
    QCOMPARE(store.resolve("phi3:mini"), onlyService);  // a later root's blobs are its own
    const QList<LocalModel> models = store.list();
    QCOMPARE(models.size(), 2);
    QCOMPARE(models[1].spec, QStringLiteral("ollama:qwen2.5:latest"));
    QCOMPARE(models[1].architecture, QStringLiteral("user"));
    QCOMPARE(models[0].quantization, QStringLiteral("Q4_0"));
}

void OllamaStoreTest::brokenBlobIsListedWithItsError() {
    QTemporaryDir dir;
    const QString root = dir.filePath("models");
    const QString blob = addOllamaModel(root, "registry.ollama.ai/library/junk/latest", "this is not a GGUF file at all");
    QVERIFY(!blob.isEmpty());
    const OllamaStore store({root});
    QCOMPARE(store.resolve("junk"), blob);  // opening it says what is wrong
    const QList<LocalModel> models = store.list();
    QCOMPARE(models.size(), 1);
    QVERIFY(!models[0].usable());
    QVERIFY2(models[0].error.contains(blob) && models[0].error.contains("GGUF"), qPrintable(models[0].error));
    QCOMPARE(models[0].sizeBytes, qint64(30));
}

void OllamaStoreTest::rootsFollowTheEnvironment_data() {
    QTest::addColumn<bool>("set");
    QTest::addColumn<QString>("value");
    QTest::addColumn<QString>("first");  // {HOME} replaced
    QTest::newRow("unset: ~/.ollama/models") << false << "" << "{HOME}/.ollama/models";
    QTest::newRow("empty: as unset") << true << "" << "{HOME}/.ollama/models";
    QTest::newRow("OLLAMA_MODELS") << true << "/data/ollama" << "/data/ollama";
    QTest::newRow("quotes and spaces trimmed") << true << " \"/data/my models\" " << "/data/my models";
}

void OllamaStoreTest::rootsFollowTheEnvironment() {
    QFETCH(bool, set);
    QFETCH(QString, value);
    QFETCH(QString, first);
    const EnvironmentGuard guard("OLLAMA_MODELS");
    set ? qputenv("OLLAMA_MODELS", value.toUtf8()) : qunsetenv("OLLAMA_MODELS");
    const QStringList roots = OllamaStore().roots();
    QCOMPARE(roots, (QStringList{first.replace("{HOME}", QDir::homePath()), "/usr/share/ollama/.ollama/models"}));
}

void OllamaStoreTest::resolvesSpecsThroughTheEnvironment() {
    const EnvironmentGuard guard("OLLAMA_MODELS");
    qputenv("OLLAMA_MODELS", m_root.toUtf8());
    QCOMPARE(resolveLocalModelSpec("ollama:qwen2.5:0.5b"), std::optional<QString>(m_blobs.value("registry.ollama.ai/library/qwen2.5/0.5b")));
    QCOMPARE(resolveLocalModelSpec("bert-base-uncased"), std::optional<QString>());
    QCOMPARE(resolveLocalModelSpec("builtin:teaching"), std::optional<QString>());
    QVERIFY(isLocalModelSpec("ollama:x") && isLocalModelSpec("lmstudio:a/b") && !isLocalModelSpec("Ollama:x"));
    QVERIFY_THROWS_EXCEPTION(ModelError, resolveLocalModelSpec("ollama:never-pulled"));
    const QList<LocalStoreListing> listings = listLocalModels();
    QCOMPARE(listings.size(), 2);
    QCOMPARE(listings[0].program, QStringLiteral("Ollama"));
    QCOMPARE(listings[0].roots.first(), m_root);
    QVERIFY(listings[0].models.size() >= kPulled.size());
}

void OllamaStoreTest::fileTypeNames_data() {
    QTest::addColumn<quint64>("fileType");
    QTest::addColumn<QString>("name");
    // enum llama_ftype, llama.cpp include/llama.h
    QTest::newRow("LLAMA_FTYPE_ALL_F32 = 0") << quint64(0) << "F32";
    QTest::newRow("LLAMA_FTYPE_MOSTLY_F16 = 1") << quint64(1) << "F16";
    QTest::newRow("LLAMA_FTYPE_MOSTLY_Q4_0 = 2") << quint64(2) << "Q4_0";
    QTest::newRow("LLAMA_FTYPE_MOSTLY_Q8_0 = 7") << quint64(7) << "Q8_0";
    QTest::newRow("LLAMA_FTYPE_MOSTLY_Q2_K = 10") << quint64(10) << "Q2_K";
    QTest::newRow("LLAMA_FTYPE_MOSTLY_Q4_K_M = 15") << quint64(15) << "Q4_K_M";
    QTest::newRow("LLAMA_FTYPE_MOSTLY_Q5_K_M = 17") << quint64(17) << "Q5_K_M";
    QTest::newRow("LLAMA_FTYPE_MOSTLY_Q6_K = 18") << quint64(18) << "Q6_K";
    QTest::newRow("LLAMA_FTYPE_MOSTLY_Q2_K_S = 21") << quint64(21) << "Q2_K_S";
    QTest::newRow("LLAMA_FTYPE_MOSTLY_IQ4_XS = 30") << quint64(30) << "IQ4_XS";
    QTest::newRow("LLAMA_FTYPE_MOSTLY_BF16 = 32") << quint64(32) << "BF16";
    QTest::newRow("LLAMA_FTYPE_MOSTLY_MXFP4_MOE = 38") << quint64(38) << "MXFP4_MOE";
    QTest::newRow("removed Q4_2 = 5") << quint64(5) << "file type 5";
    QTest::newRow("unknown") << quint64(999) << "file type 999";
    QTest::newRow("LLAMA_FTYPE_GUESSED | Q4_K_M") << quint64(1024 + 15) << "Q4_K_M (guessed)";
}

void OllamaStoreTest::fileTypeNames() {
    QFETCH(quint64, fileType);
    QTEST(llamaFileTypeName(fileType), "name");
}

QTEST_GUILESS_MAIN(OllamaStoreTest)
#include "tst_ollamastore.moc"
