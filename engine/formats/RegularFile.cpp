#include "formats/RegularFile.h"

#include <filesystem>
#include <system_error>

#include <QCoreApplication>
#include <QFile>
#include <QFileInfo>

#include "core/HeadmapError.h"

namespace headmap {
namespace {

std::filesystem::path nativePath(const QString& path) {
#ifdef Q_OS_WIN
    return std::filesystem::path(path.toStdWString());
#else
    return std::filesystem::path(QFile::encodeName(path).toStdString());
#endif
}

QString kindOf(std::filesystem::file_type type) {
    using std::filesystem::file_type;
    switch (type) {
    case file_type::directory: return QCoreApplication::translate("Engine", "a folder");
    case file_type::fifo: return QCoreApplication::translate("Engine", "a FIFO");
    case file_type::character: return QCoreApplication::translate("Engine", "a character device");
    case file_type::block: return QCoreApplication::translate("Engine", "a block device");
    case file_type::socket: return QCoreApplication::translate("Engine", "a socket");
    default: return QCoreApplication::translate("Engine", "not a file Headmap can read");
    }
}

}  // namespace

QString irregularFileReason(const QString& path) {
    std::error_code error;
    // status() follows symlinks: a Hugging Face cache snapshot is made of links into blobs/.
    const std::filesystem::file_status status = std::filesystem::status(nativePath(path), error);
    if (status.type() == std::filesystem::file_type::not_found)
        return QCoreApplication::translate("Engine", "does not exist");
    if (error)
        return QCoreApplication::translate("Engine", "cannot be read: %1").arg(QString::fromStdString(error.message()));
    if (status.type() == std::filesystem::file_type::regular)
        return QString();
    const QFileInfo info(path);
    const QString target = info.isSymLink() ? info.canonicalFilePath() : QString();
    return target.isEmpty()
               ? QCoreApplication::translate("Engine", "is not a regular file (it is %1)").arg(kindOf(status.type()))
               : QCoreApplication::translate("Engine", "is not a regular file (it leads to %1, which is %2)")
                     .arg(target, kindOf(status.type()));
}

void requireRegularFile(const QString& path) {
    const QString reason = irregularFileReason(path);
    if (!reason.isEmpty())
        throw ModelError(QCoreApplication::translate("Engine", "%1 %2").arg(path, reason));
}

QByteArray readRegularFile(const QString& path, qint64 maxBytes, const QString& what) {
    requireRegularFile(path);
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        throw ModelError(QCoreApplication::translate("Engine", "%1: cannot read: %2").arg(path, file.errorString()));
    const qint64 size = file.size();
    if (size > maxBytes)
        throw ModelError(QCoreApplication::translate("Engine", "%1: %2 bytes is too large for %3 (at most %4)")
                             .arg(path).arg(size).arg(what).arg(maxBytes));
    const QByteArray bytes = file.read(size);
    if (bytes.size() != size)
        throw ModelError(QCoreApplication::translate("Engine", "%1: read %2 of %3 bytes: %4")
                             .arg(path).arg(bytes.size()).arg(size).arg(file.errorString()));
    return bytes;
}

}  // namespace headmap
