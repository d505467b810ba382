#include "formats/RegularFile.h"

#include <sys/stat.h>

#include <cerrno>
#include <cstring>

#include <QFile>

#include "core/HeadmapError.h"

namespace headmap {
namespace {

QString kindOf(mode_t mode) {
    if (S_ISDIR(mode))
        return QStringLiteral("a folder");
    if (S_ISFIFO(mode))
        return QStringLiteral("a FIFO (named pipe)");
    if (S_ISCHR(mode) || S_ISBLK(mode))
        return QStringLiteral("a device");
    if (S_ISSOCK(mode))
        return QStringLiteral("a socket");
    return QStringLiteral("not a plain file");
}

}  // namespace

QString irregularFileReason(const QString& path) {
    struct stat info {};
    // stat, not lstat: a Hugging Face cache snapshot is made of symbolic links into blobs/.
    if (::stat(QFile::encodeName(path).constData(), &info) != 0) {
        const int error = errno;
        return error == ENOENT ? QStringLiteral("does not exist")
                               : QString::fromLocal8Bit(std::strerror(error));
    }
    if (!S_ISREG(info.st_mode))
        return QStringLiteral("is %1, not a regular file").arg(kindOf(info.st_mode));
    return QString();
}

void requireRegularFile(const QString& path) {
    const QString reason = irregularFileReason(path);
    if (!reason.isEmpty())
        throw ModelError(QStringLiteral("%1: %2").arg(path, reason));
}

QByteArray readRegularFile(const QString& path, qint64 maxBytes, const QString& what) {
    requireRegularFile(path);
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        throw ModelError(QStringLiteral("%1: cannot read: %2").arg(path, file.errorString()));
    const qint64 size = file.size();
    if (size > maxBytes)
        throw ModelError(QStringLiteral("%1: %2 bytes is too large for %3 (at most %4)")
                             .arg(path).arg(size).arg(what).arg(maxBytes));
    const QByteArray bytes = file.read(size);
    if (bytes.size() != size)
        throw ModelError(QStringLiteral("%1: read %2 of %3 bytes: %4")
                             .arg(path).arg(bytes.size()).arg(size).arg(file.errorString()));
    return bytes;
}

}  // namespace headmap
