#include "io/AtomicFile.h"

#include <cerrno>
#include <cstring>

#include <QCoreApplication>
#include <QFile>
#include <QFileDevice>
#include <QSaveFile>

#ifdef Q_OS_UNIX
#include <unistd.h>
#endif

namespace headmap {
namespace {

QString errnoText(int errorNumber) {
    return QString::fromLocal8Bit(std::strerror(errorNumber));
}

// QIODevice's default text when nobody set one; it tells the user nothing.
bool saysNothing(const QString& text) {
    return text.isEmpty() || text == QLatin1String("Unknown error");
}

}  // namespace

CheckedDevice::CheckedDevice(QIODevice* target) : m_target(target) {
    open(QIODevice::WriteOnly | QIODevice::Unbuffered);
}

qint64 CheckedDevice::writeData(const char* data, qint64 length) {
    if (failed())
        return -1;
    qint64 done = 0;
    while (done < length) {
        errno = 0;
        const qint64 written = m_target->write(data + done, length - done);
        const int cause = errno;  // before anything else can overwrite it
        if (written <= 0) {
            m_failure = deviceFailure(m_target, cause,
                                      QCoreApplication::translate("Engine", "only %1 of %2 bytes could be written")
                                          .arg(done).arg(length));
            return -1;
        }
        // A short write is not an error by itself; the next attempt says why (or succeeds).
        done += written;
    }
    return length;
}

QString deviceFailure(const QIODevice* device, int errorNumber, const QString& fallback) {
    const auto* file = qobject_cast<const QFileDevice*>(device);
    const bool deviceKnows = file ? file->error() != QFileDevice::NoError : true;
    if (device && deviceKnows && !saysNothing(device->errorString()))
        return device->errorString();
    if (errorNumber != 0)
        return errnoText(errorNumber);
    return fallback;
}

QString atomicWriteFailure(const QString& path, const std::function<bool(QIODevice*)>& write) {
    if (path.isEmpty())
        return QCoreApplication::translate("Engine", "no file name");
    QSaveFile file(path);  // a temporary file beside path, renamed over it by commit()
    // Unbuffered: each write reaches the file at once, so its result (and errno) is the real one.
    errno = 0;
    if (!file.open(QIODevice::WriteOnly | QIODevice::Unbuffered)) {
        const int cause = errno;
#ifdef Q_OS_UNIX
        // QSaveFile refuses a file it may not replace with "Existing file … is not writable" and
        // no reason; access(2) gives one ("Read-only file system", "Permission denied").
        if (::access(QFile::encodeName(path).constData(), W_OK) != 0 && errno != ENOENT)
            return errnoText(errno);
#endif
        return deviceFailure(&file, cause, QCoreApplication::translate("Engine", "the file cannot be created"));
    }
    const auto fail = [&file](const QString& reason) {
        file.cancelWriting();  // the destructor then removes the temporary file
        return reason;
    };

    CheckedDevice device(&file);
    const bool produced = write(&device);
    if (device.failed())
        return fail(device.failure());
    if (!produced)
        return fail(QCoreApplication::translate("Engine", "the content could not be produced"));
    errno = 0;
    if (!file.flush() || file.error() != QFileDevice::NoError)
        return fail(
            deviceFailure(&file, errno, QCoreApplication::translate("Engine", "the data could not be written")));
#ifdef Q_OS_UNIX
    // Some file systems (NFS, delayed allocation) report a full disk only when the data is
    // synced; commit() syncs too but ignores the result. EINVAL: this file cannot be synced.
    if (::fsync(file.handle()) != 0 && errno != EINVAL)
        return fail(errnoText(errno));
#endif
    errno = 0;
    if (!file.commit())
        return deviceFailure(&file, errno, QCoreApplication::translate("Engine", "the file could not be replaced"));
    return QString();
}

QString writeFileAtomically(const QString& path, const std::function<bool(QIODevice*)>& write) {
    const QString reason = atomicWriteFailure(path, write);
    return reason.isEmpty() ? QString()
                            : QCoreApplication::translate("Engine", "cannot write '%1': %2").arg(path, reason);
}

QString writeFileAtomically(const QString& path, const QByteArray& bytes) {
    return writeFileAtomically(path, [&bytes](QIODevice* device) {
        return device->write(bytes) == bytes.size();
    });
}

}  // namespace headmap
