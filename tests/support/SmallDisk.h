#pragma once
// For the disk-full tests (header only; used by tst_atomicfile, tst_session and tst_clidiskfull):
// a small tmpfs mounted on a fresh temporary folder, which a filler file makes nearly full, so
// writes fail with ENOSPC exactly as on a real full disk. Mounting needs root (CAP_SYS_ADMIN);
// without it isMounted() is false and skipReason() says why, for QSKIP.

#include <cerrno>
#include <cstring>

#include <fcntl.h>
#include <sys/mount.h>
#include <sys/statvfs.h>
#include <unistd.h>

#include <QByteArray>
#include <QDir>
#include <QFile>
#include <QString>
#include <QStringList>
#include <QTemporaryDir>

class SmallDisk {
public:
    static constexpr const char* kFiller = "filler";

    explicit SmallDisk(qint64 bytes = 64 * 1024) {
        if (!m_dir.isValid()) {
            m_skipReason = QStringLiteral("no temporary folder");
            return;
        }
        const QByteArray options = "size=" + QByteArray::number(bytes);
        if (::mount("tmpfs", QFile::encodeName(m_dir.path()).constData(), "tmpfs", 0,
                    options.constData()) != 0) {
            m_skipReason = QStringLiteral("cannot mount a %1-byte tmpfs to fill up (needs root): %2")
                               .arg(bytes).arg(QString::fromLocal8Bit(std::strerror(errno)));
            return;
        }
        m_mounted = true;
    }
    ~SmallDisk() {
        if (m_mounted && ::umount(QFile::encodeName(m_dir.path()).constData()) != 0)
            ::umount2(QFile::encodeName(m_dir.path()).constData(), MNT_DETACH);
    }
    SmallDisk(const SmallDisk&) = delete;
    SmallDisk& operator=(const SmallDisk&) = delete;

    bool isMounted() const { return m_mounted; }
    QString skipReason() const { return m_skipReason; }
    QString path() const { return m_dir.path(); }
    QString filePath(const QString& name) const { return QDir(m_dir.path()).filePath(name); }

    qint64 freeBytes() const {
        struct statvfs stats {};
        if (::statvfs(QFile::encodeName(m_dir.path()).constData(), &stats) != 0)
            return -1;
        return qint64(stats.f_bavail) * qint64(stats.f_frsize);
    }

    // Writes a filler file until the disk is full, then gives back `free` bytes (tmpfs counts
    // whole pages, so a multiple of 4096 is exact). False when the disk did not fill up.
    bool fillLeaving(qint64 free) {
        const QByteArray path = QFile::encodeName(filePath(QLatin1String(kFiller)));
        const int fd = ::open(path.constData(), O_WRONLY | O_CREAT | O_APPEND, 0644);
        if (fd < 0)
            return false;
        const QByteArray chunk(4096, 'f');
        qint64 size = ::lseek(fd, 0, SEEK_END);
        for (;;) {
            const ssize_t written = ::write(fd, chunk.constData(), size_t(chunk.size()));
            if (written <= 0)
                break;
            size += written;
        }
        const bool full = errno == ENOSPC && freeBytes() < 4096;
        const bool truncated = ::ftruncate(fd, qMax<qint64>(0, size - free)) == 0;
        ::close(fd);
        return full && truncated && freeBytes() >= free;
    }

    // The names in the disk's top folder, but for the filler: what a failed write left behind.
    QStringList entries(const QString& folder = QString()) const {
        QStringList names = QDir(folder.isEmpty() ? path() : folder)
                                .entryList(QDir::AllEntries | QDir::Hidden | QDir::NoDotAndDotDot, QDir::Name);
        names.removeAll(QLatin1String(kFiller));
        return names;
    }

private:
    QTemporaryDir m_dir;
    bool m_mounted = false;
    QString m_skipReason;
};
