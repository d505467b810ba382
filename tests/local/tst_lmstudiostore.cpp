// LmStudioStore against models folders laid out as LM Studio keeps them
// (MODELS/PUBLISHER/MODEL/*.gguf, lmstudio.ai/docs "Import Models"), its home folder found
// as lmstudio-js findLMStudioHome.ts finds it, and the Models Directory setting
// (settings.json "downloadsFolder"): several quantisations in one folder, mmproj projectors
// skipped, broken files listed with their error, and specs that name nothing.

#include <QDir>
#include <QTemporaryDir>
#include <QtTest>

#include "core/HeadmapError.h"
#include "local/LmStudioStore.h"
#include "local/LocalModels.h"
#include "LocalStoreFixtures.h"

using namespace headmap;
using namespace localfixture;

namespace {

}  // namespace

class LmStudioStoreTest : public QObject {
    Q_OBJECT
private slots:
    void initTestCase();
    void resolvesKeys_data();
    void resolvesKeys();
    void listsEveryFile();
    void errorsSayWhatIsThere_data();
    void errorsSayWhatIsThere();
    void earlierRootHidesLater();
    void rootsFollowTheInstall_data();
    void rootsFollowTheInstall();
    void resolvesSpecsThroughTheEnvironment();

private:
    QString file(const QString& relative) const { return QDir(m_root).filePath(relative); }
    QTemporaryDir m_dir;
    QString m_root;
};

void LmStudioStoreTest::initTestCase() {
    QVERIFY(m_dir.isValid());
    m_root = m_dir.filePath("models");
    QVERIFY(writeBytes(file("lmstudio-community/solo-GGUF/solo-Q4_K_M.gguf"), ggufBytes("qwen2", 15)));
    // Several quantisations and a vision projector in one folder.
    QVERIFY(writeBytes(file("bartowski/multi-GGUF/multi-Q8_0.gguf"), ggufBytes("llama", 7)));
    QVERIFY(writeBytes(file("bartowski/multi-GGUF/multi-Q4_K_M.gguf"), ggufBytes("llama", 15)));
    QVERIFY(writeBytes(file("bartowski/multi-GGUF/mmproj-multi-f16.gguf"), ggufBytes("clip", 1)));
    QVERIFY(writeBytes(file("bartowski/multi-GGUF/README.md"), "# not a model"));
    // A folder holding only a projector, a broken file, a file without general.file_type.
    QVERIFY(writeBytes(file("vision/only-projector/mmproj-model-f16.gguf"), ggufBytes("clip", 1)));
    QVERIFY(writeBytes(file("someone/broken/broken.gguf"), "GGUF but nothing else"));
    QVERIFY(writeBytes(file("someone/untyped/untyped.GGUF"), ggufBytes("gemma2", std::nullopt)));
    // Too shallow and too deep: LM Studio lists neither.
    QVERIFY(writeBytes(file("loose.gguf"), ggufBytes("llama", 2)));
    QVERIFY(writeBytes(file("pub/model/sub/deep.gguf"), ggufBytes("llama", 2)));
}

void LmStudioStoreTest::resolvesKeys_data() {
    QTest::addColumn<QString>("key");
    QTest::addColumn<QString>("path");
    QTest::newRow("one file") << "lmstudio-community/solo-GGUF" << "lmstudio-community/solo-GGUF/solo-Q4_K_M.gguf";
    QTest::newRow("several quantisations: the first by name") << "bartowski/multi-GGUF" << "bartowski/multi-GGUF/multi-Q4_K_M.gguf";
    QTest::newRow("a file picks one") << "bartowski/multi-GGUF/multi-Q8_0.gguf" << "bartowski/multi-GGUF/multi-Q8_0.gguf";
    QTest::newRow("the only file named") << "lmstudio-community/solo-GGUF/solo-Q4_K_M.gguf" << "lmstudio-community/solo-GGUF/solo-Q4_K_M.gguf";
    QTest::newRow(".GGUF in capitals") << "someone/untyped" << "someone/untyped/untyped.GGUF";
    QTest::newRow("a broken file still resolves (opening says what is wrong)") << "someone/broken" << "someone/broken/broken.gguf";
}

void LmStudioStoreTest::resolvesKeys() {
    QFETCH(QString, key);
    QFETCH(QString, path);
    QCOMPARE(LmStudioStore({m_root}).resolve(key), file(path));
}

void LmStudioStoreTest::listsEveryFile() {
    const QList<LocalModel> models = LmStudioStore({m_root}).list();
    QStringList listed;
    for (const LocalModel& model : models) {
        listed << QStringList{model.spec, model.alias, model.architecture, model.quantization, model.usable() ? "ok" : "error"}.join('|');
        QCOMPARE(model.sizeBytes, QFileInfo(model.path).size());
    }
    QCOMPARE(listed, (QStringList{
                         "lmstudio:bartowski/multi-GGUF/multi-Q4_K_M.gguf|lmstudio:bartowski/multi-GGUF|llama|Q4_K_M|ok",
                         "lmstudio:bartowski/multi-GGUF/multi-Q8_0.gguf||llama|Q8_0|ok",
                         "lmstudio:lmstudio-community/solo-GGUF||qwen2|Q4_K_M|ok",
                         "lmstudio:someone/broken||||error",
                         "lmstudio:someone/untyped||gemma2||ok",
                     }));
    QVERIFY2(models[3].error.contains(file("someone/broken/broken.gguf")), qPrintable(models[3].error));
}

void LmStudioStoreTest::errorsSayWhatIsThere_data() {
    QTest::addColumn<QString>("key");
    QTest::addColumn<QStringList>("words");  // {ROOT} is replaced
    QTest::newRow("unknown model: lists the downloaded ones")
        << "nobody/nothing" << QStringList{"nobody/nothing", "not found", "{ROOT}", "lmstudio:bartowski/multi-GGUF"};
    QTest::newRow("unknown file: lists the folder's files")
        << "bartowski/multi-GGUF/multi-Q2_K.gguf" << QStringList{"multi-Q2_K.gguf", "multi-Q4_K_M.gguf", "multi-Q8_0.gguf"};
    QTest::newRow("a projector is no model") << "bartowski/multi-GGUF/mmproj-multi-f16.gguf" << QStringList{"vision projectors"};
    QTest::newRow("a folder of projectors only") << "vision/only-projector" << QStringList{"not found"};
    QTest::newRow("too deep") << "pub/model/sub/deep.gguf" << QStringList{"not an LM Studio model"};
    QTest::newRow("publisher only") << "bartowski" << QStringList{"not an LM Studio model", "PUBLISHER/MODEL"};
    QTest::newRow("dot-dot") << "../models/bartowski" << QStringList{"not an LM Studio model"};
    QTest::newRow("empty part") << "bartowski//x.gguf" << QStringList{"not an LM Studio model"};
}

void LmStudioStoreTest::errorsSayWhatIsThere() {
    QFETCH(QString, key);
    QFETCH(QStringList, words);
    const QString error = errorOf(LmStudioStore({m_root}), key);
    for (QString word : words) {
        word.replace("{ROOT}", m_root);
        QVERIFY2(error.contains(word), qPrintable("'" + word + "' not in: " + error));
    }
}

void LmStudioStoreTest::earlierRootHidesLater() {
    QTemporaryDir dir;
    const QString chosen = dir.filePath("chosen"), old = dir.filePath("old");
    QVERIFY(writeBytes(QDir(chosen).filePath("pub/model/a.gguf"), ggufBytes("new", 15)));
    QVERIFY(writeBytes(QDir(old).filePath("pub/model/b.gguf"), ggufBytes("old", 7)));
    QVERIFY(writeBytes(QDir(old).filePath("pub/other/c.gguf"), ggufBytes("other", 7)));
    const LmStudioStore store({chosen, old});
    QCOMPARE(store.resolve("pub/model"), QDir(chosen).filePath("pub/model/a.gguf"));
    QCOMPARE(store.resolve("pub/other"), QDir(old).filePath("pub/other/c.gguf"));
    const QList<LocalModel> models = store.list();
    QCOMPARE(models.size(), 2);
    QCOMPARE(models[0].architecture, QStringLiteral("new"));
}

void LmStudioStoreTest::rootsFollowTheInstall_data() {
    QTest::addColumn<QString>("setup");  // what the home folder holds
    QTest::addColumn<QString>("first");  // the first root; {HOME} replaced
    QTest::newRow("fresh install: ~/.lmstudio/models") << "" << "{HOME}/.lmstudio/models";
    QTest::newRow("before 0.3: ~/.cache/lm-studio") << "legacy" << "{HOME}/.cache/lm-studio/models";
    QTest::newRow("moved home: ~/.lmstudio-home-pointer") << "pointer" << "{HOME}/elsewhere/lms/models";
    QTest::newRow("LMSTUDIO_HOME") << "env" << "{HOME}/from-env/models";
    QTest::newRow("Models Directory setting") << "settings" << "{HOME}/big-disk/models";
    QTest::newRow("broken settings.json: ignored") << "bad-settings" << "{HOME}/.lmstudio/models";
}

void LmStudioStoreTest::rootsFollowTheInstall() {
    QFETCH(QString, setup);
    QFETCH(QString, first);
    QTemporaryDir home;
    const EnvironmentGuard homeGuard("HOME"), lmsGuard("LMSTUDIO_HOME");
    qputenv("HOME", home.path().toUtf8());
    qunsetenv("LMSTUDIO_HOME");
    const QDir h(home.path());
    if (setup == "legacy")
        QVERIFY(QDir().mkpath(h.filePath(".cache/lm-studio")));
    if (setup == "pointer")
        QVERIFY(writeBytes(h.filePath(".lmstudio-home-pointer"), (h.filePath("elsewhere/lms") + "\n").toUtf8()));
    if (setup == "env")
        qputenv("LMSTUDIO_HOME", h.filePath("from-env").toUtf8());
    if (setup == "settings")
        QVERIFY(writeBytes(h.filePath(".lmstudio/settings.json"),
                           QJsonDocument(QJsonObject{{"downloadsFolder", h.filePath("big-disk/models")}}).toJson()));
    if (setup == "bad-settings")
        QVERIFY(writeBytes(h.filePath(".lmstudio/settings.json"), "{ not json"));
    QStringList roots = LmStudioStore().roots();
    QCOMPARE(roots.first(), first.replace("{HOME}", home.path()));
    // The usual places are always searched too, each once.
    QVERIFY(roots.contains(h.filePath(".lmstudio/models")) && roots.contains(h.filePath(".cache/lm-studio/models")));
    QCOMPARE(roots.removeDuplicates(), qsizetype(0));
}

void LmStudioStoreTest::resolvesSpecsThroughTheEnvironment() {
    const EnvironmentGuard homeGuard("HOME"), lmsGuard("LMSTUDIO_HOME");
    QTemporaryDir home;
    QVERIFY(writeBytes(QDir(home.path()).filePath("models/pub/model/m-Q4_K_M.gguf"), ggufBytes("qwen2", 15)));
    qputenv("HOME", home.path().toUtf8());  // keeps the real ~/.lmstudio out of the listing
    qputenv("LMSTUDIO_HOME", home.path().toUtf8());
    QCOMPARE(resolveLocalModelSpec("lmstudio:pub/model"), std::optional<QString>(QDir(home.path()).filePath("models/pub/model/m-Q4_K_M.gguf")));
    QVERIFY_THROWS_EXCEPTION(ModelError, resolveLocalModelSpec("lmstudio:pub/missing"));
    const QList<LocalStoreListing> listings = listLocalModels();
    QCOMPARE(listings[1].program, QStringLiteral("LM Studio"));
    QCOMPARE(listings[1].roots.first(), QDir(home.path()).filePath("models"));
    QCOMPARE(listings[1].models.size(), 1);
    QCOMPARE(listings[1].models.first().spec, QStringLiteral("lmstudio:pub/model"));
    QCOMPARE(listings[1].models.first().quantization, QStringLiteral("Q4_K_M"));
}

QTEST_GUILESS_MAIN(LmStudioStoreTest)
#include "tst_lmstudiostore.moc"
