#include "tokenizers/TokenizerFiles.h"

#include <QCoreApplication>
#include <QFile>
#include <QFileInfo>
#include <QJsonDocument>
#include <QJsonParseError>
#include <QStringDecoder>

#include "core/HeadmapError.h"
#include "formats/RegularFile.h"

namespace headmap::tokenizerfiles {

QByteArray readFile(const QString& path, qint64 maxBytes) {
    headmap::requireRegularFile(path);
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        throw ModelError(QCoreApplication::translate("Engine", "cannot read %1: %2").arg(path, file.errorString()));
    const auto tooLarge = [&](qint64 size) {
        return ModelError(QCoreApplication::translate("Engine", "%1 is %2 bytes, larger than the %3 bytes Headmap "
                                                                "reads from a tokenizer file")
                              .arg(path).arg(size).arg(maxBytes));
    };
    const qint64 size = file.size();
    if (size > maxBytes)
        throw tooLarge(size);
    // The size checked, not read(maxBytes + 1): Qt allocates the whole request before reading,
    // 256 MB for every tokenizer file however small (under AddressSanitizer most of the time a
    // tokenizer fuzz input took). Bounded even if the file grows between the check and the read.
    QByteArray contents = file.read(size);
    if (file.error() != QFileDevice::NoError)
        throw ModelError(QCoreApplication::translate("Engine", "cannot read %1: %2").arg(path, file.errorString()));
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
        throw ModelError(QCoreApplication::translate("Engine", "%1 is not valid JSON: %2 at byte %3")
                             .arg(path, error.errorString()).arg(error.offset));
    if (!document.isObject())
        throw ModelError(QCoreApplication::translate("Engine", "%1 does not hold a JSON object").arg(path));
    return document.object();
}

}  // namespace headmap::tokenizerfiles
