// headmap-cli download run as a real process against tests/download/fake_hub.py: the snapshot
// folder on standard output, a line per file on standard error, exit 0, and then info --model
// ORG/NAME opens it from the cache; an interrupted transfer fails with exit 3 and the next run
// resumes it; gated, missing, offline and malformed requests each end with their exit code
// and one error line.

#include <QDir>
#include <QTemporaryDir>
#include <QtTest>

#include "CliProcess.h"
#include "FakeHub.h"

class TestCliDownload : public QObject {
    Q_OBJECT

    std::unique_ptr<QTemporaryDir> m_dir;
    std::unique_ptr<FakeHub> m_hub;

    bool startHub(const QStringList& extra = {}) { return startStandardHub(&m_hub, extra, m_dir->path(), true); }
    QString snapshot(const QString& repo, const QString& revision) const {
        return m_dir->filePath(QStringLiteral("home/hub/models--") + QString(repo).replace('/', "--") +
                               QStringLiteral("/snapshots/") + expectedCommit(repo, revision));
    }

private slots:
    void init() {
        m_dir = std::make_unique<QTemporaryDir>();
        qputenv("HF_HOME", m_dir->filePath(QStringLiteral("home")).toUtf8());
        for (const char* name : {"HF_HUB_CACHE", "HF_TOKEN", "HUGGING_FACE_HUB_TOKEN", "HF_TOKEN_PATH", "HF_HUB_OFFLINE"})
            qunsetenv(name);
    }
    void cleanup() {
        m_hub.reset();
        m_dir.reset();
    }

    void download_data() {
        QTest::addColumn<QString>("repo");
        QTest::addColumn<QStringList>("options");
        QTest::addColumn<QString>("revision");
        QTest::newRow("main") << "tiny/gpt2" << QStringList() << "main";
        QTest::newRow("sharded") << "tiny/gpt2-sharded" << QStringList() << "main";
        QTest::newRow("--revision v1.0") << "tiny/gpt2" << QStringList{"--revision", "v1.0"} << "v1.0";
    }
    void download() {
        QFETCH(QString, repo);
        QFETCH(QStringList, options);
        QFETCH(QString, revision);
        if (!startHub())
            return;
        const CliResult r = runCli(QStringList{"download", repo} + options);
        CLI_CHECK(r, 0);
        QCOMPARE(QString::fromUtf8(r.out), snapshot(repo, revision) + QLatin1Char('\n'));
        const QString err = QString::fromUtf8(r.err);
        QVERIFY2(err.contains(QLatin1String("config.json")) && err.contains(QLatin1String(".safetensors")), r.err.constData());
        QVERIFY2(!err.contains(QLatin1String("error")), r.err.constData());
        QVERIFY2(!err.contains(QLatin1Char('\r')), "no live progress line when stderr is not a terminal");
        QVERIFY2(err.count(QLatin1Char('\n')) < 40, "not too chatty when stderr is not a terminal");
        if (revision == QLatin1String("main")) {
            const CliResult info = runCli({"info", "--model", repo, "--format", "json"});
            CLI_CHECK(info, 0);
            CLI_JSON(json, info);
            QCOMPARE(json["architecture"].toString(), QStringLiteral("gpt2"));
        }
    }

    void interruptedThenResumed() {
        if (!startHub({QStringLiteral("--interrupt-after"), QStringLiteral("90000")}))
            return;
        const CliResult first = runCli({"download", "tiny/gpt2"});
        CLI_CHECK(first, 3);
        QVERIFY(first.out.isEmpty());
        QVERIFY2(first.err.contains("headmap-cli: error: ") && first.err.contains("model.safetensors") &&
                     first.err.contains("resume"),
                 first.err.constData());
        const CliResult second = runCli({"download", "tiny/gpt2"});
        CLI_CHECK(second, 0);
        QVERIFY2(second.err.contains("resuming after 90.0 kB"), second.err.constData());
        QVERIFY(fileBytes(snapshot("tiny/gpt2", "main") + "/model.safetensors") ==
                fileBytes(fixtureModel("gpt2_f32") + "/model.safetensors"));
    }

    void refused_data() {
        QTest::addColumn<QStringList>("arguments");
        QTest::addColumn<QByteArray>("offline");
        QTest::addColumn<int>("exitCode");
        QTest::addColumn<QStringList>("words");
        QTest::newRow("gated") << QStringList{"download", "tiny/gated"} << QByteArray() << 3
                               << QStringList{"tiny/gated", "gated", "HF_TOKEN"};
        QTest::newRow("not found") << QStringList{"download", "tiny/missing"} << QByteArray() << 3
                                   << QStringList{"no model", "tiny/missing"};
        QTest::newRow("unknown revision") << QStringList{"download", "tiny/gpt2", "--revision", "nope"}
                                          << QByteArray() << 3 << QStringList{"no revision", "nope"};
        QTest::newRow("offline, not cached") << QStringList{"download", "tiny/gpt2"} << QByteArray("1") << 3
                                             << QStringList{"HF_HUB_OFFLINE", "not in the cache"};
        QTest::newRow("not a Hub id") << QStringList{"download", "../x"} << QByteArray() << 2
                                      << QStringList{"not a Hub model id"};
        QTest::newRow("no id") << QStringList{"download"} << QByteArray() << 2 << QStringList{"one model id"};
        QTest::newRow("two ids") << QStringList{"download", "a/b", "c/d"} << QByteArray() << 2
                                 << QStringList{"one model id"};
        QTest::newRow("foreign option") << QStringList{"download", "a/b", "--layer", "1"} << QByteArray() << 2
                                        << QStringList{"--layer", "download"};
    }
    void refused() {
        QFETCH(QStringList, arguments);
        QFETCH(QByteArray, offline);
        QFETCH(int, exitCode);
        QFETCH(QStringList, words);
        if (!startHub())
            return;
        if (!offline.isEmpty())
            qputenv("HF_HUB_OFFLINE", offline);
        const CliResult r = runCli(arguments);
        checkError(r, exitCode, words);
        if (!offline.isEmpty())
            QVERIFY(m_hub->log().isEmpty());
    }

    void help() {
        const CliResult r = runCli({"help", "download"});
        CLI_CHECK(r, 0);
        for (const char* word : {"--revision", "HF_ENDPOINT", "HF_TOKEN", "HF_HUB_OFFLINE", "SHA-256"})
            QVERIFY2(r.out.contains(word), word);
        const CliResult overview = runCli({"--help"});
        QVERIFY(overview.out.contains("headmap-cli download"));
    }
};

QTEST_GUILESS_MAIN(TestCliDownload)
#include "tst_clidownload.moc"
