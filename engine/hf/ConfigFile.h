#pragma once
// A model folder's config.json, read and checked far enough to know which architecture to build:
// a regular file of sane size, a JSON object, a model_type Headmap supports.

#include <QJsonObject>
#include <QString>

namespace headmap {

struct ConfigFile {
    QString path;  // FOLDER/config.json, for messages
    QJsonObject json;
    QString modelType;

    // Throws ModelError naming the file: unreadable, not JSON, no or unsupported model_type
    // (the message lists the supported ones).
    static ConfigFile read(const QString& folder);
    // Only model_type, supported or not ("" when absent); throws ModelError for an unreadable
    // file. For listings that must not refuse what they cannot open.
    static QString readModelType(const QString& folder);
    // Any small JSON file of a model folder (generation_config.json, ...) as an object; throws
    // ModelError naming the file when it is unreadable, too large or not a JSON object.
    static QJsonObject readJsonObject(const QString& path);
};

}  // namespace headmap
