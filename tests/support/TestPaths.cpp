#include "TestPaths.h"

#include <QDir>
#include <QFile>
#include <QJsonDocument>

namespace testsupport {

QString fixturePath(const QString& relative) {
    return QDir(QStringLiteral(HEADMAP_FIXTURES_DIR)).filePath(relative);
}

QString modelFixture(const QString& name) {
    return fixturePath(QStringLiteral("models/") + name);
}

QString ggufModelFixture(const QString& name) {
    return fixturePath(QStringLiteral("gguf/models/") + name);
}

QJsonObject fixtureJson(const QString& relative) {
    QFile file(fixturePath(relative));
    if (!file.open(QIODevice::ReadOnly))
        return {};
    return QJsonDocument::fromJson(file.readAll()).object();
}

QString goldenPath(const QString& relative) {
    return QDir(QStringLiteral(HEADMAP_GOLDEN_DIR)).filePath(relative);
}

}  // namespace testsupport
