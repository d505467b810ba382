// The one helper every user file is written through (io/AtomicFile): a write that fails
// halfway, whether the device refuses after N bytes, the process hits its file size limit or a
// real disk fills up, reports why ("No space left on device", never "Unknown error"), names the
// file, leaves an earlier file byte for byte as it was and no temporary file beside it.

#include <cerrno>
#include <csignal>

#include <sys/resource.h>

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QtTest>

#include "SmallDisk.h"
#include "io/AtomicFile.h"
#include "TestFiles.h"

using headmap::CheckedDevice;

namespace {

using testsupport::readFile;

// Takes `capacity` bytes, at most `perCall` in one write, then refuses like a full disk: errno
// ENOSPC, and its own error string only when `message` is set.
class FailingDevice : public QIODevice {
public:
    FailingDevice(qint64 capacity, qint64 perCall, const QString& message)
        : m_capacity(capacity), m_perCall(perCall), m_message(message) {
        open(QIODevice::WriteOnly | QIODevice::Unbuffered);
    }
    QByteArray data;

protected:
    qint64 readData(char*, qint64) override { return -1; }
    qint64 writeData(const char* bytes, qint64 length) override {
        const qint64 room = m_capacity - data.size();
        if (room <= 0) {
            if (!m_message.isEmpty())
                setErrorString(m_message);
            errno = ENOSPC;
            return -1;
        }
        const qint64 n = std::min({length, room, m_perCall});
        data.append(bytes, n);
        return n;
    }

private:
    qint64 m_capacity;
    qint64 m_perCall;
    QString m_message;
};

// While this lives, no file of this process may grow beyond `bytes` (writes fail with EFBIG):
// a failure injected into a real file, which even root cannot write past.
class FileSizeLimit {
public:
    explicit FileSizeLimit(rlim_t bytes) {
        m_handler = std::signal(SIGXFSZ, SIG_IGN);
        getrlimit(RLIMIT_FSIZE, &m_previous);
        rlimit limit = m_previous;
        limit.rlim_cur = bytes;
        m_ok = setrlimit(RLIMIT_FSIZE, &limit) == 0;
    }
    ~FileSizeLimit() {
        setrlimit(RLIMIT_FSIZE, &m_previous);
        std::signal(SIGXFSZ, m_handler);
    }
    bool ok() const { return m_ok; }

private:
    rlimit m_previous{};
    void (*m_handler)(int) = nullptr;
    bool m_ok = false;
};

QStringList entries(const QString& folder) {
    return QDir(folder).entryList(QDir::AllEntries | QDir::Hidden | QDir::NoDotAndDotDot, QDir::Name);
}

QByteArray pattern(qint64 size) {
    QByteArray bytes(size, Qt::Uninitialized);
    for (qint64 i = 0; i < size; ++i)
        bytes[i] = char('a' + i % 26);
    return bytes;
}

// How the new content is handed to the helper.
enum class Writer { OneBlock, Chunks, ChunksIgnoringResults };

// Writes `bytes` the way `writer` says; ChunksIgnoringResults never looks at a result and
// always claims success, like a careless exporter.
bool writeWith(Writer writer, QIODevice* device, const QByteArray& bytes) {
    if (writer == Writer::OneBlock)
        return device->write(bytes) == bytes.size();
    bool ok = true;
    for (qint64 at = 0; at < bytes.size(); at += 1000) {
        const QByteArray chunk = bytes.mid(at, 1000);
        ok = device->write(chunk) == chunk.size() && ok;
    }
    return writer == Writer::ChunksIgnoringResults || ok;
}

}  // namespace

Q_DECLARE_METATYPE(Writer)

class AtomicFileTest : public QObject {
    Q_OBJECT
private slots:
    void checkedDeviceStopsAtTheFirstFailure_data();
    void checkedDeviceStopsAtTheFirstFailure();
    void writeReplacesTheWholeFile();
    void failingWriterKeepsTheOldFile_data();
    void failingWriterKeepsTheOldFile();
    void fileSizeLimitKeepsTheOldFile_data();
    void fileSizeLimitKeepsTheOldFile();
    void fullDiskKeepsTheOldFile_data();
    void fullDiskKeepsTheOldFile();
};

void AtomicFileTest::checkedDeviceStopsAtTheFirstFailure_data() {
    QTest::addColumn<qint64>("capacity");
    QTest::addColumn<qint64>("perCall");
    QTest::addColumn<QString>("message");
    QTest::addColumn<QString>("expectedFailure");
    const QString enospc = QString::fromLocal8Bit(std::strerror(ENOSPC));
    QTest::newRow("fails after 10 of 100 bytes, errno only") << qint64(10) << qint64(1000) << QString() << enospc;
    QTest::newRow("fails after 0 bytes, errno only") << qint64(0) << qint64(1000) << QString() << enospc;
    QTest::newRow("fails after 99 bytes taken 7 at a time") << qint64(99) << qint64(7) << QString() << enospc;
    QTest::newRow("device names its error") << qint64(10) << qint64(1000)
                                            << QStringLiteral("quota exceeded") << QStringLiteral("quota exceeded");
    QTest::newRow("short writes of 7 bytes, room for all") << qint64(1000) << qint64(7) << QString() << QString();
}

void AtomicFileTest::checkedDeviceStopsAtTheFirstFailure() {
    QFETCH(qint64, capacity);
    QFETCH(qint64, perCall);
    QFETCH(QString, message);
    QFETCH(QString, expectedFailure);
    FailingDevice target(capacity, perCall, message);
    CheckedDevice device(&target);
    const QByteArray bytes = pattern(100);
    const bool complete = device.write(bytes) == bytes.size();
    QCOMPARE(complete, expectedFailure.isEmpty());
    QCOMPARE(device.failure(), expectedFailure);
    QCOMPARE(target.data, bytes.left(capacity));
    if (!complete) {
        // Everything after the first failure is refused, even when the target has room again.
        QCOMPARE(device.write("x"), qint64(-1));
        QCOMPARE(device.failure(), expectedFailure);
    }
}

void AtomicFileTest::writeReplacesTheWholeFile() {
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString path = dir.filePath(QStringLiteral("out.json"));
    QCOMPARE(headmap::writeFileAtomically(path, pattern(50000)), QString());
    QCOMPARE(headmap::writeFileAtomically(path, QByteArrayLiteral("{}\n")), QString());
    QCOMPARE(readFile(path), QByteArrayLiteral("{}\n"));
    QCOMPARE(entries(dir.path()), QStringList{QStringLiteral("out.json")});
}

void AtomicFileTest::failingWriterKeepsTheOldFile_data() {
    QTest::addColumn<bool>("existing");
    QTest::newRow("no earlier file") << false;
    QTest::newRow("earlier file intact") << true;
}

void AtomicFileTest::failingWriterKeepsTheOldFile() {
    QFETCH(bool, existing);
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString path = dir.filePath(QStringLiteral("figure.pdf"));
    if (existing)
        QCOMPARE(headmap::writeFileAtomically(path, QByteArrayLiteral("old")), QString());
    const QString message = headmap::writeFileAtomically(path, [](QIODevice* device) {
        device->write(pattern(70000));
        return false;  // e.g. a painter that could not finish
    });
    QVERIFY2(message.startsWith(QStringLiteral("cannot write '%1': ").arg(path)), qPrintable(message));
    QVERIFY2(!message.contains(QLatin1String("Unknown error")), qPrintable(message));
    QCOMPARE(entries(dir.path()), existing ? QStringList{QStringLiteral("figure.pdf")} : QStringList());
    if (existing)
        QCOMPARE(readFile(path), QByteArrayLiteral("old"));
}

void AtomicFileTest::fileSizeLimitKeepsTheOldFile_data() {
    QTest::addColumn<Writer>("writer");
    QTest::addColumn<qint64>("size");
    // Smaller than QFileDevice's 16 KiB write buffer: Qt alone would report success at write()
    // and lose the flush failure in commit().
    QTest::newRow("12 KiB in one block") << Writer::OneBlock << qint64(12000);
    QTest::newRow("12 KiB in chunks") << Writer::Chunks << qint64(12000);
    QTest::newRow("12 KiB in chunks, results ignored") << Writer::ChunksIgnoringResults << qint64(12000);
    QTest::newRow("200 KiB in one block") << Writer::OneBlock << qint64(200000);
}

void AtomicFileTest::fileSizeLimitKeepsTheOldFile() {
    QFETCH(Writer, writer);
    QFETCH(qint64, size);
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString path = dir.filePath(QStringLiteral("session.headmap"));
    const QByteArray old = pattern(3000);
    QCOMPARE(headmap::writeFileAtomically(path, old), QString());
    const QByteArray bytes = pattern(size);
    QString message;
    {
        const FileSizeLimit limit(8192);
        QVERIFY(limit.ok());
        message = headmap::writeFileAtomically(path, [&](QIODevice* device) { return writeWith(writer, device, bytes); });
    }
    const QString expected = QStringLiteral("cannot write '%1': %2").arg(path, QString::fromLocal8Bit(std::strerror(EFBIG)));
    QCOMPARE(message, expected);
    QCOMPARE(readFile(path), old);
    QCOMPARE(entries(dir.path()), QStringList{QStringLiteral("session.headmap")});
}

void AtomicFileTest::fullDiskKeepsTheOldFile_data() {
    QTest::addColumn<Writer>("writer");
    QTest::addColumn<qint64>("freeBytes");
    QTest::addColumn<qint64>("size");
    // One page free: a small file's first 4096 bytes fit, the rest does not.
    QTest::newRow("6 KB into one free page") << Writer::OneBlock << qint64(4096) << qint64(6000);
    QTest::newRow("6 KB in chunks into one free page") << Writer::Chunks << qint64(4096) << qint64(6000);
    QTest::newRow("6 KB in chunks, results ignored") << Writer::ChunksIgnoringResults << qint64(4096) << qint64(6000);
    QTest::newRow("100 KB into two free pages") << Writer::OneBlock << qint64(8192) << qint64(100000);
    QTest::newRow("100 bytes into a full disk") << Writer::OneBlock << qint64(0) << qint64(100);
}

void AtomicFileTest::fullDiskKeepsTheOldFile() {
    QFETCH(Writer, writer);
    QFETCH(qint64, freeBytes);
    QFETCH(qint64, size);
    SmallDisk disk;
    if (!disk.isMounted())
        QSKIP(qPrintable(disk.skipReason()));
    const QString path = disk.filePath(QStringLiteral("attention.json"));
    const QByteArray old = pattern(5000);
    QCOMPARE(headmap::writeFileAtomically(path, old), QString());
    QVERIFY(disk.fillLeaving(freeBytes));

    const QByteArray bytes = pattern(size);
    const QString message =
        headmap::writeFileAtomically(path, [&](QIODevice* device) { return writeWith(writer, device, bytes); });
    QCOMPARE(message, QStringLiteral("cannot write '%1': No space left on device").arg(path));
    QCOMPARE(readFile(path), old);
    QCOMPARE(disk.entries(), QStringList{QStringLiteral("attention.json")});
}

QTEST_GUILESS_MAIN(AtomicFileTest)
#include "tst_atomicfile.moc"
