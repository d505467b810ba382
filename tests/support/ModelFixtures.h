#pragma once
// For the tests of Hugging Face model folders (header only): the fixture folders and the
// differences to golden JSON (TestPaths.h, MatrixDifference.h), and copies of a fixture to
// break on purpose.

#include <algorithm>
#include <cmath>
#include <functional>
#include <vector>

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QString>
#include <QtEndian>

#include "MatrixDifference.h"
#include "TestPaths.h"

namespace modelfixtures {

using testsupport::maxDifference;
using testsupport::modelFixture;

inline std::vector<int> toInts(const QJsonValue& value) {
    std::vector<int> ints;
    for (const QJsonValue& v : value.toArray())
        ints.push_back(v.toInt());
    return ints;
}

inline bool copyFolder(const QString& from, const QString& to) {
    QDir().mkpath(to);
    for (const QString& name : QDir(from).entryList(QDir::Files))
        if (!QFile::copy(QDir(from).filePath(name), QDir(to).filePath(name)))
            return false;
    return true;
}

inline bool editJson(const QString& path, const std::function<void(QJsonObject&)>& edit) {
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return false;
    QJsonObject object = QJsonDocument::fromJson(file.readAll()).object();
    file.close();
    edit(object);
    if (!file.open(QIODevice::WriteOnly | QIODevice::Truncate))
        return false;
    return file.write(QJsonDocument(object).toJson()) > 0;
}

// Overwrites element 0 of an F32 tensor of FOLDER/model.safetensors with `value` (a NaN, an Inf).
inline bool setFirstValue(const QString& folder, const QString& tensor, float value) {
    QFile file(QDir(folder).filePath(QStringLiteral("model.safetensors")));
    if (!file.open(QIODevice::ReadWrite))
        return false;
    const QByteArray head = file.read(8);
    if (head.size() != 8)
        return false;
    const quint64 length = qFromLittleEndian<quint64>(head.constData());
    const QJsonObject info = QJsonDocument::fromJson(file.read(qint64(length))).object().value(tensor).toObject();
    if (info.value(QStringLiteral("dtype")).toString() != QStringLiteral("F32"))
        return false;
    const qint64 offset = 8 + qint64(length) + info.value(QStringLiteral("data_offsets")).toArray().at(0).toInteger();
    return file.seek(offset) && file.write(reinterpret_cast<const char*>(&value), 4) == 4;
}

// Rewrites the JSON header of a .safetensors file through `edit` (rename a tensor, change a
// shape); the data area is kept as it is.
inline bool editSafetensorsHeader(const QString& path, const std::function<void(QJsonObject&)>& edit) {
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return false;
    const QByteArray all = file.readAll();
    file.close();
    if (all.size() < 8)
        return false;
    const qint64 length = qint64(qFromLittleEndian<quint64>(all.constData()));
    QJsonObject header = QJsonDocument::fromJson(all.mid(8, int(length))).object();
    edit(header);
    QByteArray json = QJsonDocument(header).toJson(QJsonDocument::Compact);
    json.append(QByteArray((8 - json.size() % 8) % 8, ' '));
    QByteArray out(8, '\0');
    qToLittleEndian<quint64>(quint64(json.size()), out.data());
    out += json;
    out += all.mid(int(8 + length));
    if (!file.open(QIODevice::WriteOnly | QIODevice::Truncate))
        return false;
    return file.write(out) == out.size();
}

}  // namespace modelfixtures
