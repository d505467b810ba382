// headmap-cli models, run as a real process, with fake Ollama and LM Studio stores made the
// way those programs lay them out (tests/local/LocalStoreFixtures.h): several tags, other
// namespaces, a vision model's projector layer, a manifest whose blob is missing, a blob that
// is not GGUF, a manifest with no GGUF layer, several quantisations in one LM Studio folder
// and mmproj files. HOME, OLLAMA_MODELS and HF_HUB_CACHE point into a QTemporaryDir.

#include <QDir>
#include <QRegularExpression>
#include <QTemporaryDir>

#include "CliProcess.h"
#include "LocalStoreFixtures.h"

using namespace localfixture;

namespace {

const char* const kVariables[] = {"HOME", "OLLAMA_MODELS", "HF_HUB_CACHE", "LMSTUDIO_HOME"};

}  // namespace

class CliLocalModelsTest : public QObject {
    Q_OBJECT
private slots:
    void initTestCase();
    void cleanupTestCase();
    void textListsEveryStore_data();
    void textListsEveryStore();
    void jsonListsEveryModel();
    void helpNamesTheStores();
    void specsOpenTheStoreFiles_data();
    void specsOpenTheStoreFiles();

private:
    QTemporaryDir m_dir;
    QString m_ollama, m_lmstudio;
    QString m_qwenBlob, m_llavaBlob, m_projectorBlob;
    QMap<QByteArray, QByteArray> m_saved;
};

void CliLocalModelsTest::initTestCase() {
    QVERIFY(m_dir.isValid());
    for (const char* name : kVariables)
        if (qEnvironmentVariableIsSet(name))
            m_saved.insert(name, qgetenv(name));
    const QString home = m_dir.filePath("home");
    m_ollama = m_dir.filePath("ollama");
    m_lmstudio = QDir(home).filePath(".lmstudio/models");
    QVERIFY(QDir().mkpath(home) && QDir().mkpath(m_dir.filePath("hf")));

    m_qwenBlob = addOllamaModel(m_ollama, "registry.ollama.ai/library/qwen2.5/0.5b", ggufBytes("qwen2", 15));
    QVERIFY(!m_qwenBlob.isEmpty());
    QVERIFY(!addOllamaModel(m_ollama, "registry.ollama.ai/library/qwen2.5/latest", ggufBytes("qwen2", 7)).isEmpty());
    QVERIFY(!addOllamaModel(m_ollama, "registry.ollama.ai/someone/tiny/q8", ggufBytes("llama", 7)).isEmpty());
    // A vision model: the model layer and a projector layer; only the first is the model.
    const QString model = writeOllamaBlob(m_ollama, ggufBytes("llama", 2));
    const QString projector = writeOllamaBlob(m_ollama, ggufBytes("clip", 1));
    QVERIFY(writeOllamaManifest(m_ollama, "registry.ollama.ai/library/llava/7b",
                                ollamaManifest({{"application/vnd.ollama.image.model", model},
                                                {"application/vnd.ollama.image.projector", projector}})));
    m_llavaBlob = QDir(m_ollama).filePath("blobs/sha256-" + model.mid(7));
    m_projectorBlob = QDir(m_ollama).filePath("blobs/sha256-" + projector.mid(7));
    // Broken: the blob never arrived, a blob that is not GGUF, no GGUF layer at all.
    QVERIFY(writeOllamaManifest(m_ollama, "registry.ollama.ai/library/gone/latest",
                                ollamaManifest({{"application/vnd.ollama.image.model", digestOf("never stored")}})));
    QVERIFY(!addOllamaModel(m_ollama, "registry.ollama.ai/library/junk/latest", "not a GGUF file").isEmpty());
    QVERIFY(writeOllamaManifest(m_ollama, "registry.ollama.ai/library/tensors/latest",
                                ollamaManifest({{"application/vnd.ollama.image.tensor", digestOf("t")}})));

    QVERIFY(writeBytes(QDir(m_lmstudio).filePath("bartowski/multi-GGUF/multi-Q8_0.gguf"), ggufBytes("llama", 7)));
    QVERIFY(writeBytes(QDir(m_lmstudio).filePath("bartowski/multi-GGUF/multi-Q4_K_M.gguf"), ggufBytes("llama", 15)));
    QVERIFY(writeBytes(QDir(m_lmstudio).filePath("bartowski/multi-GGUF/mmproj-multi-f16.gguf"), ggufBytes("clip", 1)));
    QVERIFY(writeBytes(QDir(m_lmstudio).filePath("lmstudio-community/solo-GGUF/solo-Q6_K.gguf"), ggufBytes("gemma2", 18)));
    QVERIFY(writeBytes(QDir(m_lmstudio).filePath("someone/broken/broken.gguf"), "GGUF"));

    // Inherited by every headmap-cli started.
    qputenv("HOME", home.toUtf8());
    qputenv("OLLAMA_MODELS", m_ollama.toUtf8());
    qputenv("HF_HUB_CACHE", m_dir.filePath("hf").toUtf8());
    qunsetenv("LMSTUDIO_HOME");
}

void CliLocalModelsTest::cleanupTestCase() {
    for (const char* name : kVariables)
        m_saved.contains(name) ? qputenv(name, m_saved.value(name)) : qunsetenv(name);
}

void CliLocalModelsTest::textListsEveryStore_data() {
    QTest::addColumn<QString>("pattern");  // a regular expression one line must match
    QTest::newRow("store headings") << "^Ollama \\(.*/ollama, /usr/share/ollama/\\.ollama/models\\):$";
    QTest::newRow("LM Studio heading") << "^LM Studio \\(.*/home/\\.lmstudio/models, .*\\):$";
    QTest::newRow("tag, architecture, quantisation, size")
        << "^  ollama:qwen2\\.5:0\\.5b +qwen2 +Q4_K_M +\\d+ bytes +.*/blobs/sha256-[0-9a-f]{64}$";
    QTest::newRow("another tag") << "^  ollama:qwen2\\.5:latest +qwen2 +Q8_0 ";
    QTest::newRow("namespace") << "^  ollama:someone/tiny:q8 +llama +Q8_0 ";
    QTest::newRow("vision model: the model layer") << "^  ollama:llava:7b +llama +Q4_0 ";
    QTest::newRow("missing blob") << "^  ollama:gone:latest +cannot be opened: .*is missing.*'ollama pull gone:latest'";
    QTest::newRow("blob that is not GGUF") << "^  ollama:junk:latest +cannot be opened: GGUF file '.*/blobs/sha256-";
    QTest::newRow("no GGUF layer") << "^  ollama:tensors:latest +cannot be opened: .*application/vnd\\.ollama\\.image\\.tensor";
    QTest::newRow("several quantisations: the default one")
        << "^  lmstudio:bartowski/multi-GGUF/multi-Q4_K_M\\.gguf +llama +Q4_K_M .*\\(lmstudio:bartowski/multi-GGUF opens this one\\)$";
    QTest::newRow("several quantisations: the other one") << "^  lmstudio:bartowski/multi-GGUF/multi-Q8_0\\.gguf +llama +Q8_0 .*multi-Q8_0\\.gguf$";
    QTest::newRow("one file") << "^  lmstudio:lmstudio-community/solo-GGUF +gemma2 +Q6_K ";
    QTest::newRow("broken file") << "^  lmstudio:someone/broken +cannot be opened: GGUF file '.*broken\\.gguf'";
    QTest::newRow("empty Hugging Face cache") << "^  \\(none; download a model";
}

void CliLocalModelsTest::textListsEveryStore() {
    QFETCH(QString, pattern);
    const CliResult r = runCli({"models"});
    CLI_CHECK(r, 0);
    const QRegularExpression line(pattern, QRegularExpression::MultilineOption);
    QVERIFY2(line.match(QString::fromUtf8(r.out)).hasMatch(), r.out.constData());
    QVERIFY2(!r.out.contains("mmproj"), "projectors are not models");
    QVERIFY2(r.err.isEmpty(), r.err.constData());
}

void CliLocalModelsTest::jsonListsEveryModel() {
    const CliResult r = runCli({"models", "--format", "json"});
    CLI_CHECK(r, 0);
    CLI_JSON(json, r);
    QCOMPARE(strings(json["ollama"].toObject()["roots"]).first(), m_ollama);
    QCOMPARE(strings(json["lmstudio"].toObject()["roots"]).first(), m_lmstudio);

    QStringList listed;
    for (const char* store : {"ollama", "lmstudio"}) {
        for (const QJsonValue& value : json[store].toObject()["models"].toArray()) {
            const QJsonObject model = value.toObject();
            const QString path = model["path"].toString();
            if (path.startsWith("/usr/share/ollama/"))
                continue;  // this machine's own Ollama service
            if (!model["size_bytes"].isNull())
                QCOMPARE(model["size_bytes"].toInteger(), QFileInfo(path).size());
            listed << QStringList{model["spec"].toString(), model["architecture"].toString("-"),
                                  model["quantization"].toString("-"), model["also"].toString("-"),
                                  model["error"].isNull() ? "ok" : "error"}
                          .join(' ');
        }
    }
    QCOMPARE(listed, (QStringList{"ollama:gone:latest - - - error", "ollama:junk:latest - - - error",
                                  "ollama:llava:7b llama Q4_0 - ok", "ollama:qwen2.5:0.5b qwen2 Q4_K_M - ok",
                                  "ollama:qwen2.5:latest qwen2 Q8_0 - ok", "ollama:someone/tiny:q8 llama Q8_0 - ok",
                                  "ollama:tensors:latest - - - error",
                                  "lmstudio:bartowski/multi-GGUF/multi-Q4_K_M.gguf llama Q4_K_M lmstudio:bartowski/multi-GGUF ok",
                                  "lmstudio:bartowski/multi-GGUF/multi-Q8_0.gguf llama Q8_0 - ok",
                                  "lmstudio:lmstudio-community/solo-GGUF gemma2 Q6_K - ok",
                                  "lmstudio:someone/broken - - - error"}));
    const QJsonArray ollama = json["ollama"].toObject()["models"].toArray();
    auto find = [&](const QString& spec) {
        for (const QJsonValue& v : ollama)
            if (v.toObject()["spec"].toString() == spec)
                return v.toObject();
        return QJsonObject();
    };
    QCOMPARE(find("ollama:qwen2.5:0.5b")["path"].toString(), m_qwenBlob);
    QCOMPARE(find("ollama:llava:7b")["path"].toString(), m_llavaBlob);
    QVERIFY(find("ollama:llava:7b")["path"].toString() != m_projectorBlob);
    QVERIFY(find("ollama:gone:latest")["path"].isNull());
    QVERIFY(find("ollama:gone:latest")["error"].toString().contains("is missing"));
    QVERIFY(json["cached"].toArray().isEmpty());
}

void CliLocalModelsTest::helpNamesTheStores() {
    const CliResult r = runCli({"help", "models"});
    CLI_CHECK(r, 0);
    for (const char* word : {"OLLAMA_MODELS", "~/.ollama/models", "/usr/share/ollama/.ollama/models", "~/.lmstudio/models"})
        QVERIFY2(r.out.contains(word), word);
    const CliResult general = runCli({"help", "info"});
    CLI_CHECK(general, 0);
    QVERIFY(general.out.contains("ollama:NAME[:TAG]") && general.out.contains("lmstudio:PUBLISHER/MODEL"));
}

void CliLocalModelsTest::specsOpenTheStoreFiles_data() {
    QTest::addColumn<QStringList>("arguments");
    QTest::addColumn<QStringList>("words");  // {OLLAMA}, {LMSTUDIO}, {QWEN} replaced
    const QStringList info{"info", "--model"};
    const QStringList tokenize{"tokenize", "--text", "hi", "--model"};
    QTest::newRow("not pulled: where it looked, what is there")
        << info + QStringList{"ollama:llama3"} << QStringList{"llama3:latest", "{OLLAMA}", "ollama:qwen2.5:0.5b"};
    QTest::newRow("not pulled, tokenize") << tokenize + QStringList{"ollama:llama3"} << QStringList{"llama3:latest", "{OLLAMA}"};
    QTest::newRow("blob missing") << info + QStringList{"ollama:gone"} << QStringList{"is missing"};
    QTest::newRow("no GGUF layer") << info + QStringList{"ollama:tensors"} << QStringList{"application/vnd.ollama.image.model"};
    QTest::newRow("malformed Ollama name") << info + QStringList{"ollama:a/b/c/d"} << QStringList{"not an Ollama model name"};
    QTest::newRow("LM Studio model not downloaded")
        << info + QStringList{"lmstudio:nobody/nothing"} << QStringList{"{LMSTUDIO}", "lmstudio:bartowski/multi-GGUF"};
    QTest::newRow("LM Studio file not in the folder")
        << info + QStringList{"lmstudio:bartowski/multi-GGUF/multi-Q2_K.gguf"} << QStringList{"multi-Q8_0.gguf"};
    // The tiny blob holds no real model: the GGUF loader's error shows the spec reached it.
    QTest::newRow("found: the blob is opened") << info + QStringList{"ollama:qwen2.5:0.5b"} << QStringList{"{QWEN}"};
}

// ollama:/lmstudio: specs reach the file in the store, or say why not (exit 3, one line).
void CliLocalModelsTest::specsOpenTheStoreFiles() {
    QFETCH(QStringList, arguments);
    QFETCH(QStringList, words);
    for (QString& word : words)
        word.replace("{OLLAMA}", m_ollama).replace("{LMSTUDIO}", m_lmstudio).replace("{QWEN}", m_qwenBlob);
    checkError(runCli(arguments), 3, words);
}

QTEST_GUILESS_MAIN(CliLocalModelsTest)
#include "tst_clilocalmodels.moc"
