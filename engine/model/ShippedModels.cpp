#include "model/ShippedModels.h"

#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>

#include "core/HeadmapError.h"

namespace headmap {

QString shippedModelFolder(const QString& name) {
    // applicationDirPath() is the running program's folder (headmap, headmap-cli or a test, all
    // one level below the tree's root); without a QCoreApplication it is empty and the lookup fails
    // with the message below.
    const QString folder = QDir::cleanPath(QCoreApplication::applicationDirPath() +
                                           QStringLiteral("/../share/headmap/models/") + name);
    if (!QFileInfo(QDir(folder).filePath(QStringLiteral("config.json"))).isFile())
        throw ModelError(QCoreApplication::translate("Engine", "the built-in model 'builtin:%1' is not installed: "
                                                               "reinstall Headmap (or, in a build folder, build "
                                                               "again). Expected its files in %2")
                             .arg(name, folder));
    return folder;
}

}  // namespace headmap
