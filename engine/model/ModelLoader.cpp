#include "model/ModelLoader.h"

#include <QDir>
#include <QFileInfo>

#include "core/HeadmapError.h"
#include "hf/HfModelLoader.h"
#include "hf/HubCache.h"
#include "patterns/PatternsModel.h"

namespace headmap {

QStringList builtinModelNames() {
    return {QStringLiteral("builtin:teaching"), QStringLiteral("builtin:patterns")};
}

std::unique_ptr<Model> loadModel(const ModelSpec& spec) {
    const QString source = spec.source.trimmed();
    if (source.isEmpty())
        throw ModelError(QStringLiteral("no model given (expected builtin:teaching or a model folder)"));
    if (source == QLatin1String("builtin:teaching"))
        return std::make_unique<TeachingModel>(spec.teaching);
    if (source == QLatin1String("builtin:patterns"))
        return std::make_unique<PatternsModel>();
    if (source.startsWith(QLatin1String("builtin:")))
        throw ModelError(QStringLiteral("unknown built-in model '%1' (available: %2)")
                             .arg(source, builtinModelNames().join(QStringLiteral(", "))));

    const QFileInfo info(source);
    if (info.exists()) {
        if (!info.isDir())
            throw ModelError(QStringLiteral("model '%1' is a file; expected a model folder holding "
                                            "config.json")
                                 .arg(source));
        if (!QFileInfo(QDir(source).filePath(QStringLiteral("config.json"))).isFile())
            throw ModelError(QStringLiteral("model folder '%1' has no config.json").arg(source));
        return loadHfModelFolder(source, source);
    }
    const HubCache cache;
    if (HubCache::looksLikeHubId(source)) {
        if (const auto cached = cache.find(source))
            return loadHfModelFolder(cached->folder, source);
        throw ModelError(QStringLiteral("model '%1' not found: no such folder, and not in the Hugging "
                                        "Face cache %2 (download it first, e.g. with "
                                        "'huggingface-cli download %1')")
                             .arg(source, cache.root()));
    }
    throw ModelError(QStringLiteral("model '%1' not found: expected builtin:teaching, a model "
                                    "folder or a Hugging Face model id")
                         .arg(source));
}

}  // namespace headmap
