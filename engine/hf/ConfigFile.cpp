#include "hf/ConfigFile.h"

#include <QCoreApplication>
#include <QDir>
#include <QJsonDocument>

#include "formats/RegularFile.h"
#include "hf/ArchitectureRegistry.h"
#include "hf/ConfigReader.h"

namespace headmap {

namespace {

QJsonObject readObject(const QString& path) {
    QJsonParseError parseError;
    const QJsonDocument document = QJsonDocument::fromJson(
        readRegularFile(path, 16 * 1024 * 1024, QCoreApplication::translate("Engine", "a config file")), &parseError);
    if (parseError.error != QJsonParseError::NoError)
        throw ModelError(QCoreApplication::translate("Engine", "%1: not valid JSON (%2 at byte %3)")
                             .arg(path, parseError.errorString()).arg(parseError.offset));
    if (!document.isObject())
        throw ModelError(QCoreApplication::translate("Engine", "%1: expected a JSON object").arg(path));
    return document.object();
}

}  // namespace

QJsonObject ConfigFile::readJsonObject(const QString& path) { return readObject(path); }

QString ConfigFile::readModelType(const QString& folder) {
    const QString path = QDir(folder).filePath(QStringLiteral("config.json"));
    return readObject(path).value(QLatin1String("model_type")).toString();
}

ConfigFile ConfigFile::read(const QString& folder) {
    ConfigFile file;
    file.path = QDir(folder).filePath(QStringLiteral("config.json"));
    file.json = readObject(file.path);
    const ConfigReader read(file.path, file.json);
    file.modelType = read.stringOr("model_type", QString());
    if (file.modelType.isEmpty())
        read.fail(QCoreApplication::translate("Engine", "missing field 'model_type'"));
    if (!findArchitecture(file.modelType))
        read.fail(QCoreApplication::translate("Engine", "model_type '%1' is not supported (supported: %2)")
                      .arg(file.modelType, supportedModelTypes().join(QStringLiteral(", "))));
    return file;
}

}  // namespace headmap
