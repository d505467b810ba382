#include "gguf/GgufModelLoader.h"

#include "core/HeadmapError.h"
#include "formats/GgufFile.h"
#include "gguf/GgufCheckpoint.h"
#include "gguf/GgufDecoderConfig.h"
#include "gguf/GgufFileType.h"
#include "gguf/GgufSeq2SeqConfig.h"
#include "hf/DecoderModel.h"
#include "hf/FamilyTraits.h"
#include "seq2seq/EncoderDecoderModel.h"
#include "tokenizers/GgufIdsTokenizer.h"
#include "tokenizers/GgufTokenizer.h"

namespace headmap {
namespace {

std::shared_ptr<const GgufFile> openFile(const QString& path) {
    return std::make_shared<GgufFile>(path);
}

// The encoder–decoder row of general.architecture (llama.cpp's t5), or null for a decoder.
const FamilyTraits* encoderDecoderFamily(const GgufFile& file) {
    const FamilyTraits* family =
        findFamilyByGguf(file.metadata().string(QStringLiteral("general.architecture"), QString()));
    return family && family->isEncoderDecoder() && family->gguf.seq2seqNames ? family : nullptr;
}

std::unique_ptr<Tokenizer> seq2seqTokenizer(const GgufFile& file, const Seq2SeqConfig& config) {
    // llama.cpp's "t5" (Unigram) tokenizer runs text; any other kind names given ids only.
    if (file.metadata().string(QStringLiteral("tokenizer.ggml.model"), QString()) == QLatin1String("t5"))
        return loadGgufTokenizer(file.metadata(), file.path());
    return std::make_unique<GgufIdsTokenizer>(file.metadata(), file.path(), config.vocabSize);
}

std::unique_ptr<Model> loadSeq2Seq(const std::shared_ptr<const GgufFile>& file, const FamilyTraits& family,
                                   const QString& name, std::unique_ptr<Tokenizer> tokenizer) {
    const Seq2SeqConfig config = ggufSeq2SeqConfig(*file, family);
    if (!tokenizer)
        tokenizer = seq2seqTokenizer(*file, config);
    auto checkpoint = std::make_unique<GgufCheckpoint>(file, ggufSeq2SeqTensorMappings(config, family, *file),
                                                       config.modelType);
    auto model = std::make_unique<EncoderDecoderModel>(config, std::move(checkpoint), std::move(tokenizer), name);
    model->setQuantization(ggufQuantization(*file));
    return model;
}

}  // namespace

std::unique_ptr<Model> loadGgufModel(const QString& path, const QString& name, std::unique_ptr<Tokenizer> tokenizer) {
    const std::shared_ptr<const GgufFile> file = openFile(path);
    if (const FamilyTraits* family = encoderDecoderFamily(*file))
        return loadSeq2Seq(file, *family, name, std::move(tokenizer));
    const DecoderConfig config = ggufDecoderConfig(*file);
    auto checkpoint = std::make_unique<GgufCheckpoint>(file, config);
    auto model = std::make_unique<DecoderModel>(config, std::move(checkpoint), std::move(tokenizer), name);
    model->setQuantization(ggufQuantization(*file));
    return model;
}

std::unique_ptr<Model> loadGgufModel(const QString& path, const QString& name) {
    const std::shared_ptr<const GgufFile> file = openFile(path);
    if (const FamilyTraits* family = encoderDecoderFamily(*file))
        return loadSeq2Seq(file, *family, name, nullptr);
    const DecoderConfig config = ggufDecoderConfig(*file);  // the cheap checks first
    std::unique_ptr<Tokenizer> tokenizer = loadGgufTokenizer(*file);
    auto checkpoint = std::make_unique<GgufCheckpoint>(file, config);
    auto model = std::make_unique<DecoderModel>(config, std::move(checkpoint), std::move(tokenizer), name);
    model->setQuantization(ggufQuantization(*file));
    return model;
}

GgufTokenizerFile loadGgufTokenizerFile(const QString& path, const QString& name) {
    const GgufFile file(path);
    if (const FamilyTraits* family = encoderDecoderFamily(file)) {
        const Seq2SeqConfig config = ggufSeq2SeqConfig(file, *family);
        GgufTokenizerFile loaded;
        loaded.tokenizer = seq2seqTokenizer(file, config);
        loaded.summary = EncoderDecoderModel::summaryOf(config, *loaded.tokenizer, name);
        loaded.summary.quantization = ggufQuantization(file);
        return loaded;
    }
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
