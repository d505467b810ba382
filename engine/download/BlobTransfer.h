#pragma once
// One file of a Hub download, the way huggingface_hub's hf_hub_download fetches it:
//  1. HEAD {endpoint}/{repo}/resolve/{commit}/{path}: the ETag (X-Linked-Etag for LFS files,
//     whose answer is a redirect to the storage) names the blob, X-Linked-Size or
//     Content-Length its size; relative redirects (a renamed repository) are followed.
//  2. Nothing more when blobs/<etag> is there already.
//  3. GET into blobs/<etag>.incomplete, from where an earlier attempt stopped (Range), following
//     the storage redirect without the token when it leads to another host.
//  4. The size and, for LFS files, the SHA-256 are checked; then the blob gets its name. A
//     checksum mismatch deletes the .incomplete file.

#include <memory>

#include <QCryptographicHash>
#include <QFile>
#include <QNetworkReply>
#include <QObject>
#include <QUrl>

#include "download/HubCacheWriter.h"
#include "download/HubEnvironment.h"
#include "download/HubFileList.h"

class QNetworkAccessManager;

namespace headmap {

class BlobTransfer : public QObject {
    Q_OBJECT
public:
    BlobTransfer(QNetworkAccessManager* network, const HubEnvironment& env, const HubCacheWriter& cache,
                 const HubFileList& list, const HubFile& file, QObject* parent = nullptr);
    ~BlobTransfer() override;

    void start();
    // Stops at once; the .incomplete file stays for the next attempt. No signal follows.
    void abort();

    const HubFile& file() const { return m_file; }
    const QString& etag() const { return m_etag; }

signals:
    // The blob is being fetched: `offset` bytes were there from an earlier attempt.
    void started(qint64 offset, qint64 size);
    // `have` bytes of the file are on disk, `fresh` of them came in this attempt.
    void progress(qint64 have, qint64 fresh);
    // The blob is complete under blobs/<etag>; alreadyCached when nothing had to be fetched.
    void done(bool alreadyCached);
    void failed(const QString& message);

private:
    QNetworkRequest request(const QUrl& url, bool withToken) const;
    void sendHead(const QUrl& url, int hops);
    void onHeadFinished(QNetworkReply* reply, int hops);
    void openIncomplete();
    void sendGet(const QUrl& url, int hops);
    void onGetHeaders(QNetworkReply* reply);
    void onGetReadyRead(QNetworkReply* reply);
    void onGetFinished(QNetworkReply* reply, int hops);
    void finishBlob();
    void fail(const QString& message);
    bool writeChunk(const QByteArray& bytes);
    void restartFromZero();
    bool takeLock();
    void releaseLock();

    QNetworkAccessManager* m_network;
    const HubEnvironment& m_env;
    const HubCacheWriter& m_cache;
    const HubFileList& m_list;
    HubFile m_file;

    QString m_etag;
    qint64 m_size = -1;
    QUrl m_location;   // where the bytes are (the resolve URL or its storage redirect)
    QFile m_incomplete;
    QCryptographicHash m_hash{QCryptographicHash::Sha256};
    qint64 m_have = 0;
    qint64 m_fresh = 0;
    bool m_headersChecked = false;
    bool m_finished = false;
    int m_lock = -1;  // the flock()ed .lock file while this blob is written
    QNetworkReply* m_reply = nullptr;
};

}  // namespace headmap
