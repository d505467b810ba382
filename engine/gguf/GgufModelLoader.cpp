#include "gguf/GgufModelLoader.h"

#include "core/HeadmapError.h"
#include "formats/GgufFile.h"
#include "gguf/GgufCheckpoint.h"
#include "gguf/GgufDecoderConfig.h"
#include "gguf/GgufFileType.h"
#include "hf/DecoderModel.h"
#include "tokenizers/GgufTokenizer.h"

namespace headmap {
namespace {

std::shared_ptr<const GgufFile> openFile(const QString& path) {
    return std::make_shared<GgufFile>(path);
}

}  // namespace

std::unique_ptr<Model> loadGgufModel(const QString& path, const QString& name, std::unique_ptr<Tokenizer> tokenizer) {
    const std::shared_ptr<const GgufFile> file = openFile(path);
    const DecoderConfig config = ggufDecoderConfig(*file);
    auto checkpoint = std::make_unique<GgufCheckpoint>(file, config);
    auto model = std::make_unique<DecoderModel>(config, std::move(checkpoint), std::move(tokenizer), name);
    model->setQuantization(ggufQuantization(*file));
    return model;
}

std::unique_ptr<Model> loadGgufModel(const QString& path, const QString& name) {
    const std::shared_ptr<const GgufFile> file = openFile(path);
    const DecoderConfig config = ggufDecoderConfig(*file);  // the cheap checks first
    std::unique_ptr<Tokenizer> tokenizer = loadGgufTokenizer(*file);
    auto checkpoint = std::make_unique<GgufCheckpoint>(file, config);
    auto model = std::make_unique<DecoderModel>(config, std::move(checkpoint), std::move(tokenizer), name);
    model->setQuantization(ggufQuantization(*file));
    return model;
}

GgufTokenizerFile loadGgufTokenizerFile(const QString& path, const QString& name) {
    const GgufFile file(path);
    const DecoderConfig config = ggufDecoderConfig(file);
    GgufTokenizerFile loaded;
    loaded.tokenizer = loadGgufTokenizer(file);
    loaded.summary = DecoderModel::summaryOf(config, *loaded.tokenizer, name);
    loaded.summary.quantization = ggufQuantization(file);
    return loaded;
}

bool looksLikeGgufPath(const QString& spec) {
    return spec.endsWith(QLatin1String(".gguf"), Qt::CaseInsensitive);
}

}  // namespace headmap
