#include "tokenizers/TokenizerFiles.h"

#include <QFile>
#include <QJsonDocument>
#include <QJsonParseError>

#include "core/HeadmapError.h"

namespace headmap::tokenizerfiles {

QByteArray readFile(const QString& path) {
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        throw ModelError(QStringLiteral("cannot read %1: %2").arg(path, file.errorString()));
    return file.readAll();
}

QJsonObject readJsonObject(const QString& path) {
    QJsonParseError error;
    const QJsonDocument document = QJsonDocument::fromJson(readFile(path), &error);
    if (error.error != QJsonParseError::NoError)
        throw ModelError(QStringLiteral("%1 is not valid JSON: %2 at byte %3")
                             .arg(path, error.errorString()).arg(error.offset));
    if (!document.isObject())
        throw ModelError(QStringLiteral("%1 does not hold a JSON object").arg(path));
    return document.object();
}

}  // namespace headmap::tokenizerfiles
