#include "download/HubDownloader.h"

#include <QCoreApplication>
#include <QEventLoop>
#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QUrlQuery>

#include "core/HeadmapError.h"
#include "download/BlobTransfer.h"
#include "download/HubErrors.h"
#include "hf/HubCache.h"

namespace headmap {
namespace {

constexpr qint64 kSpeedWindowMs = 3000;
constexpr qint64 kMaxListingBytes = 16ll << 20;

}  // namespace

HubDownloader::HubDownloader(QObject* parent) : HubDownloader(HubEnvironment::fromSystem(), parent) {}

HubDownloader::HubDownloader(const HubEnvironment& env, QObject* parent)
    : QObject(parent), m_env(env), m_network(new QNetworkAccessManager(this)) {}

HubDownloader::~HubDownloader() {
    delete m_transfer;
}

void HubDownloader::check(const HubRequest& request) {
    start(request, false);
}

void HubDownloader::download(const HubRequest& request) {
    start(request, true);
}

void HubDownloader::start(const HubRequest& request, bool downloadFiles) {
    if (m_busy) {
        emit failed(QCoreApplication::translate("Engine", "a download is already running"));
        return;
    }
    m_busy = true;
    ++m_run;
    m_request = request;
    if (m_request.revision.isEmpty())
        m_request.revision = QStringLiteral("main");
    m_downloadFiles = downloadFiles;
    m_usedCacheOffline = false;
    m_list = HubFileList();
    if (!HubCache::looksLikeHubId(m_request.repoId))
        return fail(QCoreApplication::translate("Engine",
                                                "'%1' is not a Hub model id (ORG/NAME, e.g. openai-community/gpt2)")
                        .arg(m_request.repoId));
    if (m_request.revision.contains(QLatin1String("..")) || m_request.revision.startsWith(QLatin1Char('/')))
        return fail(QCoreApplication::translate("Engine", "'%1' is not a revision name").arg(m_request.revision));
    m_cache = std::make_unique<HubCacheWriter>(m_env.cacheRoot, m_request.repoId);
    if (m_env.offline) {
        // huggingface_hub's offline mode: no request at all, the cache or nothing.
        const auto cached = downloadFiles ? m_cache->cachedSnapshot(m_request.revision) : std::nullopt;
        if (!cached)
            return fail(QCoreApplication::translate("Engine", "HF_HUB_OFFLINE is set, so Headmap does not use the "
                                                              "network, and %1 at '%2' is not in the cache (%3); unset "
                                                              "HF_HUB_OFFLINE to download it")
                            .arg(m_request.repoId, m_request.revision, m_env.cacheRoot));
        m_usedCacheOffline = true;
        m_busy = false;
        emit finished(*cached);
        return;
    }
    QUrl url(m_env.endpoint);
    // The revision is one path segment: "refs/pr/1" is sent as refs%2Fpr%2F1, as the Hub wants.
    url.setPath(url.path() + QStringLiteral("/api/models/") + m_request.repoId + QStringLiteral("/revision/") +
                QString::fromLatin1(QUrl::toPercentEncoding(m_request.revision)), QUrl::TolerantMode);
    url.setQuery(QStringLiteral("blobs=true"));
    QNetworkRequest get(url);
    get.setTransferTimeout(60000);
    get.setRawHeader("User-Agent", "headmap");
    if (!m_env.token.isEmpty())
        get.setRawHeader("Authorization", "Bearer " + m_env.token.toUtf8());
    m_listReply = m_network->get(get);
    QNetworkReply* reply = m_listReply;
    connect(reply, &QNetworkReply::finished, this, [this, reply] { onListFinished(reply); });
}

void HubDownloader::onListFinished(QNetworkReply* reply) {
    reply->deleteLater();
    if (reply != m_listReply)
        return;
    m_listReply = nullptr;
    const int status = reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
    if (status == 0)
        return fail(QCoreApplication::translate("Engine", "cannot reach the Hub at %1: %2 (set HF_HUB_OFFLINE=1 to use "
                                                          "the cache only)")
                        .arg(m_env.endpoint, reply->errorString()));
    if (status >= 300) {
        const HubRefusal refusal{status, QString::fromUtf8(reply->rawHeader("X-Error-Code")),
                                 QString::fromUtf8(reply->rawHeader("X-Error-Message"))};
        return fail(describeRefusal(refusal, m_request.repoId, m_request.revision, QString(), !m_env.token.isEmpty()));
    }
    try {
        m_list = parseModelInfo(reply->read(kMaxListingBytes), m_request.repoId, m_request.revision);
    } catch (const HeadmapError& error) {
        return fail(error.message());
    }
    if (!m_downloadFiles)
        m_busy = false;  // a listener may start the download from filesListed
    emit filesListed(m_list);
    if (!m_downloadFiles)
        return;
    try {
        m_cache->prepare();
    } catch (const HeadmapError& error) {
        return fail(error.message());
    }
    m_fileIndex = 0;
    m_doneBefore = 0;
    m_freshBefore = 0;
    m_samples.clear();
    m_clock.start();
    nextFile();
}

void HubDownloader::nextFile() {
    delete m_transfer;
    m_transfer = nullptr;
    if (m_fileIndex >= m_list.files.size())
        return complete();
    const HubFile& file = m_list.files[m_fileIndex];
    m_transfer = new BlobTransfer(m_network, m_env, *m_cache, m_list, file);
    connect(m_transfer, &BlobTransfer::started, this, [this](qint64 offset, qint64 size) {
        emit fileStarted(m_transfer->file().path, size, offset);
    });
    connect(m_transfer, &BlobTransfer::progress, this, &HubDownloader::onFileProgress);
    connect(m_transfer, &BlobTransfer::done, this, &HubDownloader::onFileDone);
    connect(m_transfer, &BlobTransfer::failed, this, &HubDownloader::fail);
    m_transfer->start();
}

double HubDownloader::speed() {
    const qint64 now = m_clock.elapsed();
    while (m_samples.size() > 2 && now - m_samples.first().first > kSpeedWindowMs)
        m_samples.removeFirst();
    if (m_samples.size() < 2 || now - m_samples.first().first < 200)
        return 0.0;
    const qint64 bytes = m_samples.last().second - m_samples.first().second;
    return double(bytes) * 1000.0 / double(m_samples.last().first - m_samples.first().first + 1);
}

void HubDownloader::onFileProgress(qint64 have, qint64 fresh) {
    m_samples.append({m_clock.elapsed(), m_freshBefore + fresh});
    emit progress(m_doneBefore + have, m_list.totalSize(), speed());
}

void HubDownloader::onFileDone(bool alreadyCached) {
    const HubFile& file = m_list.files[m_fileIndex];
    try {
        m_cache->linkSnapshotFile(m_list.commit, file.path, m_transfer->etag());
    } catch (const HeadmapError& error) {
        return fail(error.message());
    }
    m_doneBefore += std::max<qint64>(0, file.size);
    m_freshBefore = m_samples.isEmpty() ? m_freshBefore : m_samples.last().second;
    emit progress(m_doneBefore, m_list.totalSize(), speed());
    emit fileFinished(file.path, alreadyCached);
    ++m_fileIndex;
    // Not from inside the transfer's own signal: it is deleted by nextFile(). A cancel or a new
    // start in between ends this run.
    const int run = m_run;
    QMetaObject::invokeMethod(this, [this, run] {
        if (m_busy && run == m_run)
            nextFile();
    }, Qt::QueuedConnection);
}

void HubDownloader::complete() {
    try {
        // huggingface_hub records a name's commit; a commit needs no ref.
        if (m_request.revision != m_list.commit)
            m_cache->writeRef(m_request.revision, m_list.commit);
    } catch (const HeadmapError& error) {
        return fail(error.message());
    }
    m_busy = false;
    emit finished(m_cache->snapshotFolder(m_list.commit));
}

void HubDownloader::cancel() {
    if (!m_busy)
        return;
    if (m_listReply) {
        QNetworkReply* reply = m_listReply;
        m_listReply = nullptr;
        reply->abort();
    }
    if (m_transfer) {
        m_transfer->abort();
        m_transfer->deleteLater();
        m_transfer = nullptr;
    }
    m_busy = false;
    emit cancelled();
}

void HubDownloader::fail(const QString& message) {
    if (m_transfer) {
        m_transfer->abort();
        m_transfer->deleteLater();
        m_transfer = nullptr;
    }
    m_busy = false;
    emit failed(message);
}

QString waitForDownload(HubDownloader& downloader, const HubRequest& request) {
    QEventLoop loop;
    QString folder, error;
    bool ended = false;
    const auto a = QObject::connect(&downloader, &HubDownloader::finished, &loop, [&](const QString& f) {
        folder = f;
        ended = true;
        loop.quit();
    });
    const auto b = QObject::connect(&downloader, &HubDownloader::failed, &loop, [&](const QString& message) {
        error = message;
        ended = true;
        loop.quit();
    });
    const auto c = QObject::connect(&downloader, &HubDownloader::cancelled, &loop, [&] {
        error = QCoreApplication::translate("Engine", "the download was cancelled; run it again to resume");
        ended = true;
        loop.quit();
    });
    downloader.download(request);
    if (!ended)
        loop.exec();
    QObject::disconnect(a);
    QObject::disconnect(b);
    QObject::disconnect(c);
    if (!error.isEmpty())
        throw ModelError(error);
    return folder;
}

}  // namespace headmap
