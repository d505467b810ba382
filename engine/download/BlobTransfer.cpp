#include "download/BlobTransfer.h"

#include <cerrno>
#include <cstring>

#include <fcntl.h>
#include <sys/file.h>
#include <unistd.h>

#include <QCoreApplication>
#include <QNetworkAccessManager>
#include <QRegularExpression>

#include "core/HeadmapError.h"
#include "download/ByteSizeText.h"
#include "download/HubErrors.h"
#include "io/AtomicFile.h"

namespace headmap {
namespace {

constexpr int kMaxRedirects = 5;
constexpr int kStallTimeoutMs = 60000;  // no byte for a minute: give up (the next run resumes)

// huggingface_hub's _normalize_etag: a weak marker and the quotes go.
QString normalizeEtag(const QByteArray& raw) {
    QString etag = QString::fromLatin1(raw).trimmed();
    if (etag.startsWith(QLatin1String("W/")))
        etag.remove(0, 2);
    etag.remove(QLatin1Char('"'));
    return etag;
}

bool isRedirect(int status) {
    return status == 301 || status == 302 || status == 303 || status == 307 || status == 308;
}

// Blob names come from the server: only a plain file name may become a path in the cache.
bool isSafeBlobName(const QString& etag) {
    static const QRegularExpression pattern(QStringLiteral("^[A-Za-z0-9_-]{8,128}$"));
    return pattern.match(etag).hasMatch();
}

}  // namespace

BlobTransfer::BlobTransfer(QNetworkAccessManager* network, const HubEnvironment& env,
                           const HubCacheWriter& cache, const HubFileList& list, const HubFile& file,
                           QObject* parent)
    : QObject(parent), m_network(network), m_env(env), m_cache(cache), m_list(list), m_file(file) {}

BlobTransfer::~BlobTransfer() {
    abort();
}

QNetworkRequest BlobTransfer::request(const QUrl& url, bool withToken) const {
    QNetworkRequest request(url);
    request.setAttribute(QNetworkRequest::RedirectPolicyAttribute, QNetworkRequest::ManualRedirectPolicy);
    request.setTransferTimeout(kStallTimeoutMs);
    // The bytes as stored: Content-Length and the checksums are those of the raw file.
    request.setRawHeader("Accept-Encoding", "identity");
    request.setRawHeader("User-Agent", "headmap");
    if (withToken && !m_env.token.isEmpty())
        request.setRawHeader("Authorization", "Bearer " + m_env.token.toUtf8());
    return request;
}

void BlobTransfer::start() {
    QUrl url(m_env.endpoint);
    url.setPath(url.path() + QLatin1Char('/') + m_list.repoId + QStringLiteral("/resolve/") + m_list.commit +
                QLatin1Char('/') + m_file.path);
    sendHead(url, 0);
}

void BlobTransfer::abort() {
    m_finished = true;
    if (m_reply) {
        QNetworkReply* reply = m_reply;
        m_reply = nullptr;
        reply->disconnect(this);
        reply->abort();
        reply->deleteLater();
    }
    if (m_incomplete.isOpen())
        m_incomplete.close();
    releaseLock();
}

bool BlobTransfer::takeLock() {
    const QByteArray path = QFile::encodeName(m_cache.lockPath(m_etag));
    m_lock = ::open(path.constData(), O_RDWR | O_CREAT | O_CLOEXEC, 0644);
    if (m_lock < 0) {
        fail(QCoreApplication::translate("Engine", "cannot create the lock file '%1': %2")
                 .arg(m_cache.lockPath(m_etag), QString::fromLocal8Bit(std::strerror(errno))));
        return false;
    }
    if (::flock(m_lock, LOCK_EX | LOCK_NB) != 0) {
        fail(QCoreApplication::translate("Engine", "another program is downloading %1 of %2 into the cache right now "
                                                   "(%3 is locked); try again when it has finished")
                 .arg(m_file.path, m_list.repoId, m_cache.lockPath(m_etag)));
        return false;
    }
    return true;
}

void BlobTransfer::releaseLock() {
    if (m_lock >= 0) {
        ::flock(m_lock, LOCK_UN);
        ::close(m_lock);
        m_lock = -1;
    }
}

void BlobTransfer::fail(const QString& message) {
    if (m_finished)
        return;
    abort();
    emit failed(message);
}

void BlobTransfer::sendHead(const QUrl& url, int hops) {
    m_reply = m_network->head(request(url, true));
    QNetworkReply* reply = m_reply;
    connect(reply, &QNetworkReply::finished, this, [this, reply, hops] { onHeadFinished(reply, hops); });
}

void BlobTransfer::onHeadFinished(QNetworkReply* reply, int hops) {
    reply->deleteLater();
    m_reply = nullptr;
    const int status = reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
    if (status == 0)
        return fail(QCoreApplication::translate("Engine", "cannot reach %1 for %2: %3")
                        .arg(m_env.endpoint, m_file.path, reply->errorString()));
    const QByteArray location = reply->rawHeader("Location");
    const QUrl target = reply->url().resolved(QUrl::fromEncoded(location));
    // A relative redirect is the Hub's own (a renamed repository); an absolute one leads to the
    // storage and already carries the file's X-Linked-* headers.
    if (isRedirect(status) && !location.isEmpty() && QUrl::fromEncoded(location).isRelative()) {
        if (hops >= kMaxRedirects)
            return fail(QCoreApplication::translate("Engine", "too many redirects for %1").arg(m_file.path));
        return sendHead(target, hops + 1);
    }
    if (status >= 400) {
        const HubRefusal refusal{status, QString::fromUtf8(reply->rawHeader("X-Error-Code")),
                                 QString::fromUtf8(reply->rawHeader("X-Error-Message"))};
        return fail(describeRefusal(refusal, m_list.repoId, m_list.revision, m_file.path, !m_env.token.isEmpty()));
    }
    const QByteArray linkedEtag = reply->rawHeader("X-Linked-Etag");
    m_etag = normalizeEtag(linkedEtag.isEmpty() ? reply->rawHeader("ETag") : linkedEtag);
    if (!isSafeBlobName(m_etag))
        return fail(QCoreApplication::translate("Engine", "the Hub gave %1 no usable ETag (got '%2')")
                        .arg(m_file.path, m_etag.left(80)));
    const QByteArray linkedSize = reply->rawHeader("X-Linked-Size");
    bool sizeOk = false;
    m_size = (linkedSize.isEmpty() ? reply->rawHeader("Content-Length") : linkedSize).toLongLong(&sizeOk);
    if (!sizeOk || m_size < 0)
        return fail(QCoreApplication::translate("Engine", "the Hub gave no size for %1").arg(m_file.path));
    if (m_file.size >= 0 && m_file.size != m_size)
        return fail(QCoreApplication::translate("Engine", "the Hub lists %1 with %2 bytes but serves %3 bytes")
                        .arg(m_file.path).arg(m_file.size).arg(m_size));
    // For an LFS file the ETag is its SHA-256; the listing's lfs.sha256 says the same.
    if (m_file.sha256.isEmpty() && !linkedEtag.isEmpty() && m_etag.size() == 64)
        m_file.sha256 = m_etag.toLower();
    m_location = isRedirect(status) && !location.isEmpty() ? target : reply->url();

    if (m_cache.hasBlob(m_etag, m_size)) {
        m_finished = true;
        emit done(true);
        return;
    }
    openIncomplete();
}

void BlobTransfer::openIncomplete() {
    if (!takeLock())
        return;
    m_incomplete.setFileName(m_cache.incompletePath(m_etag));
    if (!m_incomplete.open(QIODevice::ReadWrite))
        return fail(QCoreApplication::translate("Engine", "cannot write '%1': %2")
                        .arg(m_incomplete.fileName(), m_incomplete.errorString()));
    m_have = m_incomplete.size();
    if (m_have > m_size) {  // not a prefix of this blob: start over
        restartFromZero();
        if (m_finished)
            return;
    }
    // The bytes kept from an earlier attempt count towards the checksum.
    m_hash.reset();
    while (!m_incomplete.atEnd()) {
        const QByteArray chunk = m_incomplete.read(1 << 20);
        if (chunk.isEmpty())
            return fail(QCoreApplication::translate("Engine", "cannot read '%1': %2")
                            .arg(m_incomplete.fileName(), m_incomplete.errorString()));
        m_hash.addData(chunk);
    }
    m_incomplete.seek(m_have);
    emit started(m_have, m_size);
    if (m_have == m_size)
        return finishBlob();
    sendGet(m_location, 0);
}

void BlobTransfer::restartFromZero() {
    m_hash.reset();
    m_have = 0;
    if (!m_incomplete.resize(0) || !m_incomplete.seek(0))
        fail(QCoreApplication::translate("Engine", "cannot truncate '%1': %2")
                 .arg(m_incomplete.fileName(), m_incomplete.errorString()));
}

void BlobTransfer::sendGet(const QUrl& url, int hops) {
    // The token goes to the Hub only, not to a storage host it redirects to.
    const bool sameHost = url.host() == QUrl(m_env.endpoint).host() && url.port() == QUrl(m_env.endpoint).port();
    QNetworkRequest get = request(url, sameHost);
    if (m_have > 0)
        get.setRawHeader("Range", "bytes=" + QByteArray::number(m_have) + '-');
    m_headersChecked = false;
    m_reply = m_network->get(get);
    QNetworkReply* reply = m_reply;
    connect(reply, &QNetworkReply::readyRead, this, [this, reply] { onGetReadyRead(reply); });
    connect(reply, &QNetworkReply::finished, this, [this, reply, hops] { onGetFinished(reply, hops); });
}

void BlobTransfer::onGetHeaders(QNetworkReply* reply) {
    m_headersChecked = true;
    const int status = reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
    if (status == 200 && m_have > 0)
        restartFromZero();  // the server ignored the Range: it sends the whole file
}

void BlobTransfer::onGetReadyRead(QNetworkReply* reply) {
    const int status = reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
    if (status != 200 && status != 206)
        return;  // an error or redirect body: finished() deals with it
    if (!m_headersChecked)
        onGetHeaders(reply);
    if (m_finished)
        return;
    const QByteArray bytes = reply->readAll();
    if (!writeChunk(bytes))
        return;
    emit progress(m_have, m_fresh);
}

bool BlobTransfer::writeChunk(const QByteArray& bytes) {
    if (bytes.isEmpty())
        return true;
    if (m_have + bytes.size() > m_size) {
        fail(QCoreApplication::translate("Engine", "the Hub sent more than the %1 bytes of %2")
                 .arg(m_size).arg(m_file.path));
        return false;
    }
    errno = 0;
    const qint64 written = m_incomplete.write(bytes);
    if (written != bytes.size() || !m_incomplete.flush()) {
        fail(QCoreApplication::translate("Engine", "cannot write %1 into '%2': %3 (%4 of %5 kept for the next attempt)")
                 .arg(m_file.path, m_incomplete.fileName(),
                      deviceFailure(&m_incomplete, errno, QCoreApplication::translate("Engine", "the write failed")),
                      byteSizeText(m_have), byteSizeText(m_size)));
        return false;
    }
    m_hash.addData(bytes);
    m_have += bytes.size();
    m_fresh += bytes.size();
    return true;
}

void BlobTransfer::onGetFinished(QNetworkReply* reply, int hops) {
    reply->deleteLater();
    if (m_reply != reply)
        return;
    m_reply = nullptr;
    const int status = reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
    if (isRedirect(status)) {
        const QUrl target = reply->url().resolved(QUrl::fromEncoded(reply->rawHeader("Location")));
        if (hops >= kMaxRedirects || target.isEmpty())
            return fail(QCoreApplication::translate("Engine", "too many redirects for %1").arg(m_file.path));
        return sendGet(target, hops + 1);
    }
    if (status == 416) {  // the kept bytes do not fit what the server has: start over
        restartFromZero();
        if (!m_finished)
            sendGet(m_location, hops + 1);
        return;
    }
    if (status >= 400) {
        const HubRefusal refusal{status, QString::fromUtf8(reply->rawHeader("X-Error-Code")),
                                 QString::fromUtf8(reply->rawHeader("X-Error-Message"))};
        return fail(describeRefusal(refusal, m_list.repoId, m_list.revision, m_file.path, !m_env.token.isEmpty()));
    }
    onGetReadyRead(reply);  // whatever arrived with the end
    if (m_finished)
        return;
    if (reply->error() != QNetworkReply::NoError || m_have < m_size)
        return fail(QCoreApplication::translate("Engine", "the download of %1 broke off after %2 of %3 (%4); "
                                                          "run it again to resume")
                        .arg(m_file.path, byteSizeText(m_have), byteSizeText(m_size),
                             reply->error() != QNetworkReply::NoError
                                 ? reply->errorString()
                                 : QCoreApplication::translate("Engine", "the server sent less")));
    finishBlob();
}

void BlobTransfer::finishBlob() {
    m_incomplete.close();
    const QString found = QString::fromLatin1(m_hash.result().toHex());
    if (!m_file.sha256.isEmpty() && found != m_file.sha256) {
        QFile::remove(m_cache.incompletePath(m_etag));
        return fail(QCoreApplication::translate("Engine", "checksum mismatch for %1 of %2: expected SHA-256 %3, "
                                                          "found %4; the damaged download was deleted")
                        .arg(m_file.path, m_list.repoId, m_file.sha256, found));
    }
    try {
        m_cache.completeBlob(m_etag);
    } catch (const HeadmapError& error) {
        return fail(error.message());
    }
    m_finished = true;
    releaseLock();
    emit done(false);
}

}  // namespace headmap
