#pragma once
// Reading the small files of a tokenizer folder; every failure is a ModelError naming the file.

#include <QByteArray>
#include <QJsonObject>
#include <QString>

namespace headmap::tokenizerfiles {

QByteArray readFile(const QString& path);
// The JSON object held by the file.
QJsonObject readJsonObject(const QString& path);

}  // namespace headmap::tokenizerfiles
