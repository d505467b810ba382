#include "cli/CliModels.h"

#include "hf/FamilyTraits.h"
#include "hf/HubCache.h"
#include "io/JsonWriter.h"
#include "local/LocalModels.h"
#include "model/ModelLoader.h"

namespace headmap::cli {
namespace {

// A translation model: an encoder reading the source and a decoder writing the target.
bool isEncoderDecoderType(const QString& modelType) {
    const FamilyTraits* family = findFamily(modelType);
    return family && family->modelClass == ModelClass::EncoderDecoder;
}

void writeCachedJson(JsonWriter& json, const QList<CachedModel>& cached) {
    json.beginArray();
    for (const CachedModel& model : cached) {
        json.beginObject();
        json.key("id"); json.value(model.id);
        json.key("folder"); json.value(model.folder);
        json.key("revision"); json.value(model.revision);
        json.key("model_type"); json.value(model.modelType);
        json.key("supported"); json.value(model.supported);
        json.key("encoder_decoder"); json.value(isEncoderDecoderType(model.modelType));
        json.endObject();
    }
    json.endArray();
}

// {"roots": [...], "models": [{"spec", "also", "path", "size_bytes", "architecture",
// "quantization", "error"}]}; absent facts are null.
void writeStoreJson(JsonWriter& json, const LocalStoreListing& store) {
    auto textOrNull = [&json](const QString& text) { text.isEmpty() ? json.null() : json.value(text); };
    json.beginObject();
    json.key("roots"); json.stringList(store.roots);
    json.key("models");
    json.beginArray();
    for (const LocalModel& model : store.models) {
        json.beginObject();
        json.key("spec"); json.value(model.spec);
        json.key("also"); textOrNull(model.alias);
        json.key("path"); textOrNull(model.path);
        json.key("size_bytes");
        model.sizeBytes < 0 ? json.null() : json.value(static_cast<long long>(model.sizeBytes));
        json.key("architecture"); textOrNull(model.architecture);
        json.key("quantization"); textOrNull(model.quantization);
        json.key("error"); textOrNull(model.error);
        json.endObject();
    }
    json.endArray();
    json.endObject();
}

QString storeText(const LocalStoreListing& store, const QString& howToGet) {
    QString text = store.program + QStringLiteral(" (") + store.roots.join(QStringLiteral(", ")) + QStringLiteral("):\n");
    if (store.models.isEmpty())
        text += QStringLiteral("  (none; ") + howToGet + QStringLiteral(")\n");
    for (const LocalModel& model : store.models) {
        text += QStringLiteral("  ") + model.spec.leftJustified(40);
        if (!model.usable()) {
            text += QStringLiteral("  cannot be opened: ") + model.error + QLatin1Char('\n');
            continue;
        }
        text += QStringLiteral("  ") + (model.architecture.isEmpty() ? QStringLiteral("?") : model.architecture).leftJustified(12) +
                QStringLiteral("  ") + (model.quantization.isEmpty() ? QStringLiteral("?") : model.quantization).leftJustified(8) +
                QStringLiteral("  ") + readableSize(model.sizeBytes).rightJustified(10) + QStringLiteral("  ") + model.path;
        if (!model.alias.isEmpty())
            text += QStringLiteral("  (") + model.alias + QStringLiteral(" opens this one)");
        text += QLatin1Char('\n');
    }
    return text;
}

}  // namespace

void listModels(const CliRequest& request, QIODevice* out) {
    const HubCache cache;
    const QList<CachedModel> cached = cache.list();
    const QList<LocalStoreListing> stores = listLocalModels();  // Ollama, then LM Studio
    if (request.format == QLatin1String("json")) {
        JsonWriter json(out);
        json.beginObject();
        json.key("builtin"); json.stringList(builtinModelNames());
        json.key("cache"); json.value(cache.root());
        json.key("cached"); writeCachedJson(json, cached);
        json.key("ollama"); writeStoreJson(json, stores.at(0));
        json.key("lmstudio"); writeStoreJson(json, stores.at(1));
        json.endObject();
        json.flush();
        out->write("\n");
        return;
    }
    QString text = QStringLiteral("Built in:\n");
    for (const QString& name : builtinModelNames())
        text += QStringLiteral("  %1\n").arg(name);
    text += QStringLiteral("Hugging Face cache (%1):\n").arg(cache.root());
    if (cached.isEmpty())
        text += QStringLiteral("  (none; download a model with 'headmap-cli download google-bert/bert-base-uncased')\n");
    for (const CachedModel& model : cached) {
        QString type = model.modelType.isEmpty() ? QStringLiteral("?") : model.modelType;
        if (isEncoderDecoderType(model.modelType))
            type += QStringLiteral(" (translation)");
        text += QStringLiteral("  %1  %2  %3\n")
                    .arg(model.id, -40)
                    .arg(model.supported ? type : type + QStringLiteral(" (not supported)"), -28)
                    .arg(model.folder);
    }
    text += storeText(stores.at(0), QStringLiteral("'ollama pull qwen2.5:0.5b' downloads one"));
    text += storeText(stores.at(1), QStringLiteral("LM Studio's Discover tab downloads GGUF models"));
    out->write(text.toUtf8());
}

}  // namespace headmap::cli
