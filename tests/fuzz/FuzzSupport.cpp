#include "FuzzSupport.h"

#include <cstdio>
#include <cstdlib>
#include <exception>
#include <memory>
#include <typeinfo>

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QPair>
#include <QTemporaryDir>

#include "core/HeadmapError.h"

namespace headmap::fuzz {

void fail(const char* what, const QString& detail) {
    std::fprintf(stderr, "\nFUZZ FINDING in %s: %s\n", what, detail.toLocal8Bit().constData());
    std::fflush(stderr);
    std::abort();
}

QByteArray inputBytes(const uint8_t* data, size_t size) {
    return QByteArray(reinterpret_cast<const char*>(data), qsizetype(size));
}

QString scratchFolder() {
    // tmpfs keeps the per-input file writes cheap; the folder is removed when the process ends.
    static const std::unique_ptr<QTemporaryDir> folder = [] {
        const QString base = QFileInfo(QStringLiteral("/dev/shm")).isWritable()
                                 ? QStringLiteral("/dev/shm") : QDir::tempPath();
        auto dir = std::make_unique<QTemporaryDir>(base + QStringLiteral("/headmap-fuzz-XXXXXX"));
        if (!dir->isValid())
            fail("scratchFolder", QStringLiteral("cannot create a scratch folder in %1").arg(base));
        return dir;
    }();
    return folder->path();
}

QString writeScratchFile(const QString& relativePath, const QByteArray& bytes) {
    const QString path = QDir(scratchFolder()).filePath(relativePath);
    QDir().mkpath(QFileInfo(path).absolutePath());
    QFile file(path);
    if (!file.open(QIODevice::WriteOnly | QIODevice::Truncate) || file.write(bytes) != bytes.size())
        fail("writeScratchFile", QStringLiteral("cannot write %1: %2").arg(path, file.errorString()));
    return path;
}

void removeScratchFile(const QString& relativePath) {
    QFile::remove(QDir(scratchFolder()).filePath(relativePath));
}

bool acceptsOrRefusesCleanly(const char* what, const std::function<void()>& parse) {
    try {
        parse();
        return true;
    } catch (const HeadmapError& error) {
        if (error.message().trimmed().isEmpty())
            fail(what, QStringLiteral("refused the input with an empty message"));
        // HEADMAP_FUZZ_VERBOSE=1 shows why each input was refused, to see that seeds get far.
        static const bool verbose = qEnvironmentVariableIntValue("HEADMAP_FUZZ_VERBOSE") != 0;
        if (verbose)
            std::fprintf(stderr, "%s refused: %s\n", what, error.what());
        return false;
    } catch (const std::exception& error) {
        fail(what, QStringLiteral("threw a %1 instead of a HeadmapError: %2")
                          .arg(QString::fromLatin1(typeid(error).name()), QString::fromLocal8Bit(error.what())));
    } catch (...) {
        fail(what, QStringLiteral("threw something that is not a std::exception"));
    }
}

void require(bool condition, const char* what, const char* detail) {
    if (!condition)
        fail(what, QString::fromUtf8(detail));
}

QPair<QByteArray, QByteArray> splitAt(const QByteArray& input, const QByteArray& separator) {
    const qsizetype at = input.indexOf(separator);
    if (at < 0)
        return {input, QByteArray()};
    return {input.left(at), input.mid(at + separator.size())};
}

QString fixturesFolder() {
    return QStringLiteral(HEADMAP_FIXTURES_DIR);
}

}  // namespace headmap::fuzz
