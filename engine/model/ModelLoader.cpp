#include "model/ModelLoader.h"

#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>

#include "core/HeadmapError.h"
#include "gguf/GgufModelLoader.h"
#include "hf/HfModelLoader.h"
#include "hf/HubCache.h"
#include "local/LocalModels.h"
#include "model/ConvertedWeightBudget.h"
#include "model/ModelTokenizer.h"
#include "model/ShippedModels.h"
#include "patterns/PatternsModel.h"
#include "teaching/TeachingTranslationModel.h"

namespace headmap {
namespace {

QString expectedSpecs() {
    return QCoreApplication::translate("Engine", "%1, a model folder, a .gguf file, ollama:NAME[:TAG], "
                                                 "lmstudio:PUBLISHER/MODEL")
        .arg(builtinModelNames().join(QStringLiteral(", ")));
}

std::unique_ptr<Model> loadBuiltin(const ModelSpec& spec, const QString& source) {
    if (source == QLatin1String("builtin:teaching"))
        return std::make_unique<TeachingModel>(spec.teaching);
    if (source == QLatin1String("builtin:patterns"))
        return std::make_unique<PatternsModel>();
    if (source == QLatin1String("builtin:translation"))
        return std::make_unique<TeachingTranslationModel>(spec.teaching);
    // builtin:patterns:broad=0,4: a copy with those heads' attention made uniform (PatternsModel).
    const QString broad = QStringLiteral("builtin:patterns:broad=");
    if (source.startsWith(broad)) {
        std::vector<int> heads;
        for (const QString& part : source.mid(broad.size()).split(QLatin1Char(','))) {
            bool ok = false;
            const int head = part.trimmed().toInt(&ok);
            if (!ok || head < 0 || head >= PatternsModel::kHeads)
                throw ModelError(QCoreApplication::translate("Engine", "'%1': expected head numbers 0..%2 after broad=, "
                                                                       "e.g. builtin:patterns:broad=0")
                                     .arg(source).arg(PatternsModel::kHeads - 1));
            heads.push_back(head);
        }
        return std::make_unique<PatternsModel>(heads);
    }
    throw ModelError(QCoreApplication::translate("Engine", "unknown built-in model '%1' (available: %2)")
                         .arg(source, builtinModelNames().join(QStringLiteral(", "))));
}

// The Hugging Face folder a spec that is not builtin:… names: a folder holding config.json, or
// a Hub id found in the local cache.
QString hfFolderOf(const QString& source) {
    const QFileInfo info(source);
    if (info.exists()) {
        if (!info.isDir())
            throw ModelError(QCoreApplication::translate("Engine", "model '%1' is a file; expected a model folder "
                                                                   "holding config.json")
                                 .arg(source));
        if (!QFileInfo(QDir(source).filePath(QStringLiteral("config.json"))).isFile())
            throw ModelError(QCoreApplication::translate("Engine", "model folder '%1' has no config.json").arg(source));
        return source;
    }
    const HubCache cache;
    if (HubCache::looksLikeHubId(source)) {
        if (const auto cached = cache.find(source))
            return cached->folder;
        throw ModelError(QCoreApplication::translate("Engine", "model '%1' not found: no such folder, and not in the "
                                                               "Hugging Face cache %2 (download it first, e.g. with "
                                                               "'headmap-cli download %1'; built in: %3)")
                             .arg(source, cache.root(), builtinModelNames().join(QStringLiteral(", "))));
    }
    throw ModelError(QCoreApplication::translate("Engine",
                                                 "model '%1' not found: expected %2 or a Hugging Face model id")
                         .arg(source, expectedSpecs()));
}

// A spec naming a .gguf file (llama.cpp, Ollama, LM Studio); empty when it names something else.
QString ggufFileOf(const QString& source) {
    if (!looksLikeGgufPath(source))
        return QString();
    const QFileInfo info(source);
    if (!info.exists())
        throw ModelError(QCoreApplication::translate("Engine", "GGUF file '%1' does not exist").arg(source));
    if (!info.isFile())
        throw ModelError(QCoreApplication::translate("Engine", "'%1' is not a GGUF file but a folder").arg(source));
    return source;
}

// The GGUF file an ollama:… or lmstudio:… spec names in that program's store (engine/local);
// empty for any other spec. Throws ModelError when the store has no such model.
QString localStoreFileOf(const QString& source) {
    return resolveLocalModelSpec(source).value_or(QString());
}

// The GGUF file a spec names: in Ollama's or LM Studio's store, or a .gguf path; empty otherwise.
QString ggufSourceOf(const QString& source) {
    const QString stored = localStoreFileOf(source);
    return stored.isEmpty() ? ggufFileOf(source) : stored;
}

QString trimmedSource(const ModelSpec& spec) {
    const QString source = spec.source.trimmed();
    if (source.isEmpty())
        throw ModelError(QCoreApplication::translate("Engine", "no model given (expected %1)").arg(expectedSpecs()));
    return source;
}

}  // namespace

QStringList builtinModelNames() {
    return QStringList{QStringLiteral("builtin:teaching"), QStringLiteral("builtin:patterns"),
                       QStringLiteral("builtin:translation")} +
           shippedModelNames();
}

namespace {

std::unique_ptr<Model> openModel(const ModelSpec& spec) {
    const QString source = trimmedSource(spec);
    // Trained models shipped as Hugging Face folders load as any folder does.
    if (const auto shipped = shippedModelFolder(source))
        return loadHfModelFolder(*shipped, source);
    if (source.startsWith(QLatin1String("builtin:")))
        return loadBuiltin(spec, source);
    if (const QString gguf = ggufSourceOf(source); !gguf.isEmpty())
        return loadGgufModel(gguf, source);
    return loadHfModelFolder(hfFolderOf(source), source);
}

}  // namespace

std::unique_ptr<Model> loadModel(const ModelSpec& spec) {
    std::unique_ptr<Model> model = openModel(spec);
    model->keepConvertedWeights(spec.convertedWeightBudget.value_or(defaultConvertedWeightBudget()));
    return model;
}

ModelTokenizer loadModelTokenizer(const ModelSpec& spec) {
    const QString source = trimmedSource(spec);
    if (const auto shipped = shippedModelFolder(source)) {
        HfTokenizerFolder folder = loadHfTokenizerFolder(*shipped, source);
        return ModelTokenizer(std::move(folder.summary), std::move(folder.tokenizer));
    }
    if (source.startsWith(QLatin1String("builtin:")))
        return ModelTokenizer(loadBuiltin(spec, source));
    if (const QString gguf = ggufSourceOf(source); !gguf.isEmpty()) {
        GgufTokenizerFile file = loadGgufTokenizerFile(gguf, source);
        return ModelTokenizer(std::move(file.summary), std::move(file.tokenizer));
    }
    HfTokenizerFolder folder = loadHfTokenizerFolder(hfFolderOf(source), source);
    return ModelTokenizer(std::move(folder.summary), std::move(folder.tokenizer));
}

}  // namespace headmap
