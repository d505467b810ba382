#include "model/ModelLoader.h"

#include <QDir>
#include <QFileInfo>

#include "core/HeadmapError.h"

namespace headmap {

QStringList builtinModelNames() {
    return {QStringLiteral("builtin:teaching")};
}

std::unique_ptr<Model> loadModel(const ModelSpec& spec) {
    const QString source = spec.source.trimmed();
    if (source.isEmpty())
        throw ModelError(QStringLiteral("no model given (expected builtin:teaching or a model folder)"));
    if (source == QLatin1String("builtin:teaching"))
        return std::make_unique<TeachingModel>(spec.teaching);
    if (source.startsWith(QLatin1String("builtin:")))
        throw ModelError(QStringLiteral("unknown built-in model '%1' (available: %2)")
                             .arg(source, builtinModelNames().join(QStringLiteral(", "))));

    const QFileInfo info(source);
    if (!info.exists())
        throw ModelError(QStringLiteral("model '%1' not found: expected builtin:teaching or an "
                                        "existing model folder")
                             .arg(source));
    if (!info.isDir())
        throw ModelError(QStringLiteral("model '%1' is a file; expected a model folder holding "
                                        "config.json")
                             .arg(source));
    if (!QFileInfo(QDir(source).filePath(QStringLiteral("config.json"))).isFile())
        throw ModelError(QStringLiteral("model folder '%1' has no config.json").arg(source));
    throw ModelError(QStringLiteral("model folder '%1': Hugging Face checkpoints are not supported "
                                    "by this build yet")
                         .arg(source));
}

}  // namespace headmap
