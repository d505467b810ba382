#pragma once
// Downloads a model from the Hugging Face Hub into its cache (download/HubCacheWriter's
// layout, that of huggingface_hub), asynchronously with Qt Network:
//   HubDownloader downloader;                 // HF_ENDPOINT, HF_TOKEN, HF_HUB_OFFLINE, cache
//   connect(&downloader, &HubDownloader::progress, ...);
//   downloader.download({"openai-community/gpt2", "main"});
//   ... finished(snapshotFolder) or failed(message)
// check() only lists the files (filesListed). cancel() stops and keeps what arrived, so the
// next download() resumes it. waitForDownload() runs the same synchronously (the CLI).

#include <memory>

#include <QElapsedTimer>
#include <QList>
#include <QObject>
#include <QPair>
#include <QString>

#include "download/HubCacheWriter.h"
#include "download/HubEnvironment.h"
#include "download/HubFileList.h"

class QNetworkAccessManager;
class QNetworkReply;

namespace headmap {

class BlobTransfer;

struct HubRequest {
    QString repoId;                            // "ORG/NAME" or "NAME"
    QString revision = QStringLiteral("main");  // a branch, a tag or a commit
};

class HubDownloader : public QObject {
    Q_OBJECT
public:
    explicit HubDownloader(QObject* parent = nullptr);
    explicit HubDownloader(const HubEnvironment& env, QObject* parent = nullptr);
    ~HubDownloader() override;

    const HubEnvironment& environment() const { return m_env; }
    bool isBusy() const { return m_busy; }
    const HubFileList& files() const { return m_list; }
    // True when the last download() found everything in the cache while HF_HUB_OFFLINE was set.
    bool usedCacheOffline() const { return m_usedCacheOffline; }

    void check(const HubRequest& request);
    void download(const HubRequest& request);
    void cancel();

signals:
    void filesListed(const headmap::HubFileList& list);
    // One file begins; `offset` bytes of it were already there (a resumed download).
    void fileStarted(const QString& path, qint64 size, qint64 offset);
    // Bytes on disk of all the chosen files, their total, and the recent speed (bytes/s; 0
    // until it is known).
    void progress(qint64 done, qint64 total, double bytesPerSecond);
    void fileFinished(const QString& path, bool alreadyCached);
    void finished(const QString& snapshotFolder);
    void failed(const QString& message);
    void cancelled();

private:
    void start(const HubRequest& request, bool downloadFiles);
    void onListFinished(QNetworkReply* reply);
    void nextFile();
    void onFileProgress(qint64 have, qint64 fresh);
    void onFileDone(bool alreadyCached);
    void complete();
    void fail(const QString& message);
    double speed();

    HubEnvironment m_env;
    QNetworkAccessManager* m_network;
    HubRequest m_request;
    HubFileList m_list;
    std::unique_ptr<HubCacheWriter> m_cache;
    bool m_downloadFiles = false;
    bool m_busy = false;
    bool m_usedCacheOffline = false;
    QNetworkReply* m_listReply = nullptr;
    BlobTransfer* m_transfer = nullptr;
    int m_fileIndex = 0;
    int m_run = 0;  // counts start()s, so that a queued step of an ended run does nothing
    qint64 m_doneBefore = 0;   // bytes of the files finished so far
    qint64 m_freshBefore = 0;  // bytes received in this run before the current file
    QElapsedTimer m_clock;
    QList<QPair<qint64, qint64>> m_samples;  // (ms, fresh bytes) for the speed
};

// Runs request through downloader in a local event loop. Returns the snapshot folder; throws
// ModelError with the downloader's message on failure.
QString waitForDownload(HubDownloader& downloader, const HubRequest& request);

}  // namespace headmap
