// The Hugging Face cache layout: models--ORG--NAME/refs/main and snapshots/COMMIT, found through
// HF_HUB_CACHE / HF_HOME / ~/.cache/huggingface/hub.

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QtTest>

#include "hf/HubCache.h"
#include "TestFiles.h"

using headmap::HubCache;

namespace {

using testsupport::writeFile;

// A cached repo with the given snapshots; refMain names the commit refs/main points to.
bool addRepo(const QString& root, const QString& repo, const QStringList& commits, const QString& refMain) {
    for (const QString& commit : commits)
        if (!writeFile(QDir(root).filePath(repo + "/snapshots/" + commit + "/config.json"), "{}"))
            return false;
    return refMain.isEmpty() || writeFile(QDir(root).filePath(repo + "/refs/main"), refMain.toLatin1() + "\n");
}

}  // namespace

class HubCacheTest : public QObject {
    Q_OBJECT
private slots:
    void findsSnapshots_data();
    void findsSnapshots();
    void listsCachedModels();
    void environmentChoosesRoot_data();
    void environmentChoosesRoot();
    void hubIdShape_data();
    void hubIdShape();
    void listingNamesModelTypes_data();
    void listingNamesModelTypes();
};

void HubCacheTest::listingNamesModelTypes_data() {
    QTest::addColumn<QByteArray>("config");
    QTest::addColumn<QString>("modelType");
    QTest::addColumn<bool>("supported");
    QTest::newRow("llama") << QByteArray(R"({"model_type":"llama"})") << "llama" << true;
    QTest::newRow("qwen3") << QByteArray(R"({"model_type":"qwen3"})") << "qwen3" << true;
    QTest::newRow("gemma3_text") << QByteArray(R"({"model_type":"gemma3_text"})") << "gemma3_text" << true;
    QTest::newRow("gpt_neox") << QByteArray(R"({"model_type":"gpt_neox"})") << "gpt_neox" << true;
    QTest::newRow("mamba, not supported") << QByteArray(R"({"model_type":"mamba"})") << "mamba" << false;
    QTest::newRow("broken config still listed") << QByteArray("{not json") << "" << false;
}

// The model chooser and `headmap-cli models` show each cached model's family and whether
// Headmap can open it.
void HubCacheTest::listingNamesModelTypes() {
    QFETCH(QByteArray, config);
    QTemporaryDir root;
    const QString commit = "0123456789abcdef0123456789abcdef01234567";
    QVERIFY(writeFile(root.filePath("models--org--m/snapshots/" + commit + "/config.json"), config));
    QVERIFY(writeFile(root.filePath("models--org--m/refs/main"), commit.toLatin1()));
    const QList<headmap::CachedModel> listed = HubCache(root.path()).list();
    QCOMPARE(listed.size(), 1);
    QTEST(listed[0].modelType, "modelType");
    QTEST(listed[0].supported, "supported");
}

void HubCacheTest::findsSnapshots_data() {
    QTest::addColumn<QString>("id");
    QTest::addColumn<QString>("expectedCommit");  // empty: not found
    QTest::newRow("legacy id without org") << "bert-base-uncased" << "86b5e0934494bd15c9632b12f734a8a67f723594";
    QTest::newRow("org and name") << "openai-community/gpt2" << "607a30d783dfa663caf39e06633721c8d4cfcd7e";
    QTest::newRow("no refs, newest snapshot") << "roberta-base" << "e2da8e2f811d1448a5b465c236feacd80ffbac7b";
    QTest::newRow("not downloaded") << "distilbert-base-uncased" << "";
    QTest::newRow("snapshot without config") << "broken/model" << "";
    QTest::newRow("path traversal") << "../models--bert-base-uncased" << "";
}

void HubCacheTest::findsSnapshots() {
    QFETCH(QString, id);
    QFETCH(QString, expectedCommit);
    QTemporaryDir dir;
    QVERIFY(addRepo(dir.path(), "models--bert-base-uncased", {"86b5e0934494bd15c9632b12f734a8a67f723594", "0a6aa9128b6194f4f3c4db429b6cb4891cdb421b"}, "86b5e0934494bd15c9632b12f734a8a67f723594"));
    QVERIFY(addRepo(dir.path(), "models--openai-community--gpt2", {"607a30d783dfa663caf39e06633721c8d4cfcd7e"}, "607a30d783dfa663caf39e06633721c8d4cfcd7e"));
    QVERIFY(addRepo(dir.path(), "models--roberta-base", {"e2da8e2f811d1448a5b465c236feacd80ffbac7b"}, ""));
    QVERIFY(QDir().mkpath(dir.filePath("models--broken--model/snapshots/abc")));

    const auto found = HubCache(dir.path()).find(id);
    if (expectedCommit.isEmpty()) {
        QVERIFY(!found);
        return;
    }
    QVERIFY(found);
    QCOMPARE(found->revision, expectedCommit);
    QCOMPARE(found->id, id);
    QVERIFY(QFileInfo(QDir(found->folder).filePath("config.json")).isFile());
}

void HubCacheTest::listsCachedModels() {
    QTemporaryDir dir;
    QVERIFY(addRepo(dir.path(), "models--gpt2", {"c1"}, "c1"));
    QVERIFY(addRepo(dir.path(), "models--google--bert_uncased_L-2_H-128_A-2", {"c2"}, "c2"));
    QVERIFY(QDir().mkpath(dir.filePath("datasets--squad/snapshots/x")));  // not a model
    QVERIFY(QDir().mkpath(dir.filePath("models--empty/snapshots")));      // nothing downloaded
    const QList<headmap::CachedModel> models = HubCache(dir.path()).list();
    QCOMPARE(models.size(), 2);
    QCOMPARE(models[0].id, QStringLiteral("google/bert_uncased_L-2_H-128_A-2"));
    QCOMPARE(models[1].id, QStringLiteral("gpt2"));
}

void HubCacheTest::environmentChoosesRoot_data() {
    QTest::addColumn<QByteArray>("hubCache");
    QTest::addColumn<QByteArray>("hfHome");
    QTest::addColumn<QString>("expected");
    QTest::newRow("HF_HUB_CACHE wins") << QByteArray("/data/hub") << QByteArray("/data/hf") << "/data/hub";
    QTest::newRow("HF_HOME/hub") << QByteArray() << QByteArray("/data/hf") << "/data/hf/hub";
    QTest::newRow("default") << QByteArray() << QByteArray() << QDir::home().filePath(".cache/huggingface/hub");
}

void HubCacheTest::environmentChoosesRoot() {
    QFETCH(QByteArray, hubCache);
    QFETCH(QByteArray, hfHome);
    QFETCH(QString, expected);
    const QByteArray savedHubCache = qgetenv("HF_HUB_CACHE");
    const QByteArray savedHome = qgetenv("HF_HOME");
    hubCache.isEmpty() ? qunsetenv("HF_HUB_CACHE") : qputenv("HF_HUB_CACHE", hubCache);
    hfHome.isEmpty() ? qunsetenv("HF_HOME") : qputenv("HF_HOME", hfHome);
    const QString root = HubCache().root();
    savedHubCache.isEmpty() ? qunsetenv("HF_HUB_CACHE") : qputenv("HF_HUB_CACHE", savedHubCache);
    savedHome.isEmpty() ? qunsetenv("HF_HOME") : qputenv("HF_HOME", savedHome);
    QCOMPARE(root, expected);
}

void HubCacheTest::hubIdShape_data() {
    QTest::addColumn<QString>("text");
    QTest::addColumn<bool>("isId");
    QTest::newRow("legacy") << "gpt2" << true;
    QTest::newRow("org/name") << "FacebookAI/roberta-base" << true;
    QTest::newRow("dots and underscores") << "google/bert_uncased_L-2_H-128_A-2.v1" << true;
    QTest::newRow("absolute path") << "/models/bert" << false;
    QTest::newRow("relative path") << "./bert" << false;
    QTest::newRow("two slashes") << "a/b/c" << false;
    QTest::newRow("dot dot") << "a/..b" << false;
    QTest::newRow("builtin") << "builtin:teaching" << false;
    QTest::newRow("empty") << "" << false;
}

void HubCacheTest::hubIdShape() {
    QFETCH(QString, text);
    QTEST(HubCache::looksLikeHubId(text), "isId");
}

QTEST_GUILESS_MAIN(HubCacheTest)
#include "tst_hubcache.moc"
