#pragma once
// For the download tests (header only): starts tests/download/fake_hub.py, a local imitation of
// the Hub's endpoints, on 127.0.0.1 and a free port, and reads what it logged. Also the
// expected cache layout, computed here from the fixture files the way the Hub names blobs
// (the SHA-256 for LFS files, the git blob id for the others), independently of the downloader.

#include <memory>

#include <QCryptographicHash>
#include <QDir>
#include <QFile>
#include <QProcess>
#include <QStandardPaths>
#include <QString>
#include <QStringList>
#include <QTest>

struct FakeHub {
    std::unique_ptr<QProcess> process;
    QString endpoint;  // "http://127.0.0.1:PORT"
    QString logPath;
    QString problem;   // why it did not start; empty when it runs

    ~FakeHub() { stop(); }
    void stop() {
        if (process && process->state() != QProcess::NotRunning) {
            process->kill();
            process->waitForFinished(5000);
        }
    }
    QStringList log() const {
        QFile file(logPath);
        if (!file.open(QIODevice::ReadOnly))
            return {};
        return QString::fromUtf8(file.readAll()).split(QLatin1Char('\n'), Qt::SkipEmptyParts);
    }
};

inline QString fixtureModel(const char* name) {
    return QStringLiteral(HEADMAP_FIXTURES_DIR "/models/") + QLatin1String(name);
}

// The repositories every test can ask for: tiny/gpt2 (one safetensors file), tiny/gpt2-sharded
// (two shards and the index), tiny/gated (gated unless the test says otherwise).
inline QStringList standardRepos() {
    return {QStringLiteral("--repo"), QStringLiteral("tiny/gpt2=") + fixtureModel("gpt2_f32"),
            QStringLiteral("--repo"), QStringLiteral("tiny/gpt2-sharded=") + fixtureModel("gpt2_bf16_sharded"),
            QStringLiteral("--repo"), QStringLiteral("tiny/gated=") + fixtureModel("gpt2_f32"),
            QStringLiteral("--gated"), QStringLiteral("tiny/gated"),
            QStringLiteral("--revision"), QStringLiteral("v1.0")};
}

// Starts the server with `arguments` and a log file in `logFolder`.
inline std::unique_ptr<FakeHub> startFakeHub(const QStringList& arguments, const QString& logFolder) {
    auto hub = std::make_unique<FakeHub>();
    const QString python = QStandardPaths::findExecutable(QStringLiteral("python3"));
    if (python.isEmpty()) {
        hub->problem = QStringLiteral("python3 is not installed");
        return hub;
    }
    hub->logPath = QDir(logFolder).filePath(QStringLiteral("fake_hub.log"));
    hub->process = std::make_unique<QProcess>();
    hub->process->setProcessChannelMode(QProcess::ForwardedErrorChannel);
    hub->process->start(python, QStringList{QStringLiteral(HEADMAP_DOWNLOAD_TESTS_DIR "/fake_hub.py"),
                                            QStringLiteral("--log"), hub->logPath} + arguments);
    if (!hub->process->waitForStarted(10000)) {
        hub->problem = QStringLiteral("fake_hub.py did not start: ") + hub->process->errorString();
        return hub;
    }
    while (!hub->process->canReadLine() && hub->process->waitForReadyRead(10000)) {
    }
    bool ok = false;
    const int port = hub->process->readLine().trimmed().toInt(&ok);
    if (!ok || port <= 0)
        hub->problem = QStringLiteral("fake_hub.py printed no port");
    hub->endpoint = QStringLiteral("http://127.0.0.1:%1").arg(port);
    return hub;
}

inline QByteArray fileBytes(const QString& path) {
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
}

// The blob name the Hub gives a file: its SHA-256 when stored in LFS (the safetensors), else
// git's blob id, sha1("blob <size>\0" + bytes).
inline QString expectedEtag(const QString& name, const QByteArray& bytes) {
    if (name.endsWith(QLatin1String(".safetensors")))
        return QString::fromLatin1(QCryptographicHash::hash(bytes, QCryptographicHash::Sha256).toHex());
    const QByteArray header = "blob " + QByteArray::number(bytes.size()) + '\0';
    return QString::fromLatin1(QCryptographicHash::hash(header + bytes, QCryptographicHash::Sha1).toHex());
}

// fake_hub.py's commit for a repository and revision: sha1 of "ID@REVISION".
inline QString expectedCommit(const QString& repo, const QString& revision) {
    return QString::fromLatin1(
        QCryptographicHash::hash((repo + QLatin1Char('@') + revision).toUtf8(), QCryptographicHash::Sha1).toHex());
}

// The tests' start: fake_hub.py with the standard repositories and `extra` arguments, its log
// in logFolder. On failure the test fails and false is returned; setEndpoint points HF_ENDPOINT
// at the server (the CLI and the dialog read it; HubDownloader tests pass it themselves).
inline bool startStandardHub(std::unique_ptr<FakeHub>* hub, const QStringList& extra, const QString& logFolder,
                             bool setEndpoint) {
    *hub = startFakeHub(standardRepos() + extra, logFolder);
    if (!(*hub)->problem.isEmpty()) {
        QTest::qFail(qPrintable((*hub)->problem), __FILE__, __LINE__);
        return false;
    }
    if (setEndpoint)
        qputenv("HF_ENDPOINT", (*hub)->endpoint.toUtf8());
    return true;
}
