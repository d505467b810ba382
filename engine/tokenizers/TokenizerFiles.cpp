#include "tokenizers/TokenizerFiles.h"

#include <filesystem>
#include <system_error>

#include <QFile>
#include <QFileInfo>
#include <QJsonDocument>
#include <QJsonParseError>
#include <QStringDecoder>

#include "core/HeadmapError.h"

namespace headmap::tokenizerfiles {
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
    case file_type::directory: return QStringLiteral("a folder");
    case file_type::fifo: return QStringLiteral("a FIFO");
    case file_type::character: return QStringLiteral("a character device");
    case file_type::block: return QStringLiteral("a block device");
    case file_type::socket: return QStringLiteral("a socket");
    default: return QStringLiteral("not a file Headmap can read");
    }
}

}  // namespace

void requireRegularFile(const QString& path) {
    std::error_code error;
    // status() follows symlinks: a link into the Hugging Face cache's blobs/ is a regular file.
    const std::filesystem::file_status status = std::filesystem::status(nativePath(path), error);
    if (status.type() == std::filesystem::file_type::not_found)
        throw ModelError(QStringLiteral("%1 does not exist").arg(path));
    if (error)
        throw ModelError(QStringLiteral("cannot read %1: %2").arg(path, QString::fromStdString(error.message())));
    if (status.type() == std::filesystem::file_type::regular)
        return;
    const QFileInfo info(path);
    const QString target = info.isSymLink() ? info.canonicalFilePath() : QString();
    const QString what = target.isEmpty() ? QStringLiteral("it is %1").arg(kindOf(status.type()))
                                          : QStringLiteral("it leads to %1, which is %2").arg(target, kindOf(status.type()));
    throw ModelError(QStringLiteral("%1 is not a regular file (%2)").arg(path, what));
}

QByteArray readFile(const QString& path, qint64 maxBytes) {
    requireRegularFile(path);
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        throw ModelError(QStringLiteral("cannot read %1: %2").arg(path, file.errorString()));
    const auto tooLarge = [&](qint64 size) {
        return ModelError(QStringLiteral("%1 is %2 bytes, larger than the %3 bytes Headmap reads from a "
                                         "tokenizer file").arg(path).arg(size).arg(maxBytes));
    };
    if (file.size() > maxBytes)
        throw tooLarge(file.size());
    // Bounded even if the file grows between the check and the read.
    QByteArray contents = file.read(maxBytes + 1);
    if (contents.size() > maxBytes)
        throw tooLarge(contents.size());
    if (file.error() != QFileDevice::NoError)
        throw ModelError(QStringLiteral("cannot read %1: %2").arg(path, file.errorString()));
    return contents;
}

QString fromUtf8(const QByteArray& bytes) {
    QStringDecoder decoder(QStringDecoder::Utf8, QStringDecoder::Flag::ConvertInitialBom);
    return decoder(bytes);
}

QJsonObject readJsonObject(const QString& path) {
    QByteArray contents = readFile(path);
    // Qt's JSON parser decodes each string with QString::fromUtf8, which drops a U+FEFF at the
    // start of a string: Gemma-3's pieces "\uFEFF" and "\uFEFF\uFEFF" would become "" and
    // "\uFEFF". Written as the escape \ufeff the character survives; a byte-order mark at the very
    // start of the file is dropped first, as it is not part of the document.
    static const QByteArray kBom("\xEF\xBB\xBF");
    if (contents.startsWith(kBom))
        contents.remove(0, kBom.size());
    if (contents.contains(kBom))
        contents.replace(kBom, QByteArrayLiteral("\\ufeff"));
    QJsonParseError error;
    const QJsonDocument document = QJsonDocument::fromJson(contents, &error);
    if (error.error != QJsonParseError::NoError)
        throw ModelError(QStringLiteral("%1 is not valid JSON: %2 at byte %3")
                             .arg(path, error.errorString()).arg(error.offset));
    if (!document.isObject())
        throw ModelError(QStringLiteral("%1 does not hold a JSON object").arg(path));
    return document.object();
}

}  // namespace headmap::tokenizerfiles
