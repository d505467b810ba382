#pragma once
// Writing a user's file all or nothing. Every file Headmap writes for a user (sessions, the
// CLI's outputs, images, export-all) goes through writeFileAtomically, so a full disk, a file
// size limit or a failing painter never replaces a good file with a truncated one.
//
// Why not QSaveFile alone: QFileDevice buffers small writes and reports success; the real write
// happens at commit(), whose flush failure Qt 6.4 does not count, so commit() renames a
// truncated temporary file over the old one. And a short write sets no error at all, so
// errorString() says "Unknown error". Here every write goes straight to the file, each result
// is checked, and the reason is errno's text ("No space left on device").

#include <functional>

#include <QByteArray>
#include <QIODevice>
#include <QString>

namespace headmap {

// A write-only device in front of another that checks every write: a short write is retried,
// the first refused write is remembered with its reason, and every write after it is refused,
// so a writer that ignores one return value still cannot leave a hole in the output.
class CheckedDevice : public QIODevice {
public:
    explicit CheckedDevice(QIODevice* target);

    bool failed() const { return !m_failure.isEmpty(); }
    // Why the first refused write failed ("No space left on device"); empty while none did.
    QString failure() const { return m_failure; }

protected:
    qint64 readData(char*, qint64) override { return -1; }
    qint64 writeData(const char* data, qint64 length) override;

private:
    QIODevice* m_target;
    QString m_failure;
};

// Why `device` failed, preferring the errno captured right after the failing call (errorNumber)
// over a device error string that says nothing ("Unknown error"); `fallback` when neither knows.
QString deviceFailure(const QIODevice* device, int errorNumber, const QString& fallback);

// Writes through `write` into a temporary file beside `path` and renames it over `path` only
// when every write, the flush and the rename succeeded. On failure the temporary file is
// removed and a file already at `path` is left byte for byte as it was. `write` returns false
// when it could not produce its output. Returns an empty string on success, else the reason
// alone, without the file name: "No space left on device".
QString atomicWriteFailure(const QString& path, const std::function<bool(QIODevice*)>& write);

// The same, returning one line naming the file: "cannot write 'out.json': No space left on device".
QString writeFileAtomically(const QString& path, const std::function<bool(QIODevice*)>& write);
QString writeFileAtomically(const QString& path, const QByteArray& bytes);

}  // namespace headmap
