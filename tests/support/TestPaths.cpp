#include "TestPaths.h"

#include <QDir>

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

QString goldenPath(const QString& relative) {
    return QDir(QStringLiteral(HEADMAP_GOLDEN_DIR)).filePath(relative);
}

}  // namespace testsupport
