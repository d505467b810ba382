#include "download/HubCacheWriter.h"

#include <cerrno>
#include <cstdio>
#include <cstring>

#include <unistd.h>

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QFileInfo>

#include "core/HeadmapError.h"
#include "download/HubFileList.h"
#include "io/AtomicFile.h"

namespace headmap {
namespace {

void makeFolder(const QString& path) {
    if (!QDir().mkpath(path))
        throw ModelError(QCoreApplication::translate("Engine", "cannot create the cache folder '%1'").arg(path));
}

QString errnoText() {
    return QString::fromLocal8Bit(std::strerror(errno));
}

}  // namespace

QString repoFolderName(const QString& repoId) {
    QString name = QStringLiteral("models--") + repoId;
    name.replace(QLatin1Char('/'), QStringLiteral("--"));
    return name;
}

HubCacheWriter::HubCacheWriter(const QString& cacheRoot, const QString& repoId)
    : m_root(QDir(cacheRoot).absolutePath()), m_repo(QDir(m_root).filePath(repoFolderName(repoId))) {}

QString HubCacheWriter::lockPath(const QString& etag) const {
    return QDir(m_root).filePath(QStringLiteral(".locks/") + QFileInfo(m_repo).fileName() + QLatin1Char('/') + etag +
                                 QStringLiteral(".lock"));
}

QString HubCacheWriter::blobPath(const QString& etag) const {
    return QDir(m_repo).filePath(QStringLiteral("blobs/") + etag);
}

QString HubCacheWriter::incompletePath(const QString& etag) const {
    return blobPath(etag) + QStringLiteral(".incomplete");
}

QString HubCacheWriter::snapshotFolder(const QString& commit) const {
    return QDir(m_repo).filePath(QStringLiteral("snapshots/") + commit);
}

void HubCacheWriter::prepare() const {
    for (const char* sub : {"blobs", "snapshots", "refs"})
        makeFolder(QDir(m_repo).filePath(QLatin1String(sub)));
    makeFolder(QFileInfo(lockPath(QStringLiteral("x"))).path());
}

bool HubCacheWriter::hasBlob(const QString& etag, qint64 size) const {
    const QFileInfo blob(blobPath(etag));
    return blob.isFile() && (size < 0 || blob.size() == size);
}

void HubCacheWriter::completeBlob(const QString& etag) const {
    const QByteArray from = QFile::encodeName(incompletePath(etag));
    const QByteArray to = QFile::encodeName(blobPath(etag));
    if (::rename(from.constData(), to.constData()) != 0)
        throw ModelError(QCoreApplication::translate("Engine", "cannot rename '%1' to '%2': %3")
                             .arg(incompletePath(etag), blobPath(etag), errnoText()));
}

void HubCacheWriter::linkSnapshotFile(const QString& commit, const QString& path, const QString& etag) const {
    const QString link = QDir(snapshotFolder(commit)).filePath(path);
    const QString folder = QFileInfo(link).path();
    makeFolder(folder);
    // os.path.relpath(blob, dirname(link)) in huggingface_hub's _create_symlink.
    const QString target = QDir(folder).relativeFilePath(blobPath(etag));
    const QString temporary = link + QStringLiteral(".tmp-%1").arg(::getpid());
    const QByteArray tmp = QFile::encodeName(temporary);
    ::unlink(tmp.constData());
    if (::symlink(QFile::encodeName(target).constData(), tmp.constData()) != 0)
        throw ModelError(
            QCoreApplication::translate("Engine", "cannot create the link '%1': %2").arg(link, errnoText()));
    if (::rename(tmp.constData(), QFile::encodeName(link).constData()) != 0) {
        const QString reason = errnoText();
        ::unlink(tmp.constData());
        throw ModelError(QCoreApplication::translate("Engine", "cannot create the link '%1': %2").arg(link, reason));
    }
}

void HubCacheWriter::writeRef(const QString& revision, const QString& commit) const {
    const QString path = QDir(m_repo).filePath(QStringLiteral("refs/") + revision);
    makeFolder(QFileInfo(path).path());  // "refs/pr/1" has folders
    const QString error = writeFileAtomically(path, commit.toLatin1());
    if (!error.isEmpty())
        throw ModelError(error);
}

std::optional<QString> HubCacheWriter::cachedSnapshot(const QString& revision) const {
    QString commit = revision;
    QFile ref(QDir(m_repo).filePath(QStringLiteral("refs/") + revision));
    if (ref.open(QIODevice::ReadOnly))
        commit = QString::fromLatin1(ref.read(256)).trimmed();
    if (!isCommitHash(commit))
        return std::nullopt;
    const QDir snapshot(snapshotFolder(commit));
    if (!QFileInfo(snapshot.filePath(QStringLiteral("config.json"))).exists() ||
        snapshot.entryList({QStringLiteral("*.safetensors")}, QDir::Files).isEmpty())
        return std::nullopt;
    return snapshot.path();
}

}  // namespace headmap
