#include "hf/HfConfig.h"

#include <QCoreApplication>
#include <QJsonObject>

#include "core/HeadmapError.h"
#include "hf/ConfigFile.h"
#include "hf/ConfigReader.h"
#include "hf/FamilyTraits.h"

namespace headmap {

QStringList HfConfig::supportedModelTypes() {
    return modelTypesOf({ModelClass::Encoder, ModelClass::Gpt2});
}

const FamilyTraits& HfConfig::traits() const {
    return requireFamily(path, modelType, supportedModelTypes());
}

HfConfig HfConfig::load(const QString& folder) {
    const ConfigFile file = ConfigFile::read(folder);
    return fromJson(file.path, file.json);
}

HfConfig HfConfig::fromJson(const QString& path, const QJsonObject& json) {
    HfConfig config;
    config.path = path;
    const ConfigReader read(config.path, json);
    config.modelType = read.stringOr("model_type", QString());
    const FamilyTraits& family = config.traits();

    if (family.spelling == ConfigSpelling::Gpt2) {
        config.hiddenSize = read.integer("n_embd", 1, kMaxDim);
        config.heads = read.integer("n_head", 1, kMaxDim);
        config.layers = read.integer("n_layer", 1, kMaxLayers);
        config.intermediateSize = read.integerOr("n_inner", 4 * config.hiddenSize, 1, 4 * kMaxDim);
        config.maxPositions = read.integer("n_positions", 1, 1 << 20);
        config.vocabSize = read.integer("vocab_size", 1, kMaxVocab);
        config.layerNormEps = float(read.numberOr("layer_norm_epsilon", 1e-5));
        config.activation = read.activation("activation_function", family.defaultActivation);
        if (!read.boolOr("scale_attn_weights", true))
            read.fail(QCoreApplication::translate("Engine", "scale_attn_weights = false is not supported"));
        if (read.boolOr("scale_attn_by_inverse_layer_idx", false))
            read.fail(QCoreApplication::translate("Engine", "scale_attn_by_inverse_layer_idx = true is not supported"));
    } else if (family.spelling == ConfigSpelling::DistilBert) {
        config.hiddenSize = read.integer("dim", 1, kMaxDim);
        config.heads = read.integer("n_heads", 1, kMaxDim);
        config.layers = read.integer("n_layers", 1, kMaxLayers);
        config.intermediateSize = read.integer("hidden_dim", 1, 4 * kMaxDim);
        config.maxPositions = read.integer("max_position_embeddings", 1, 1 << 20);
        config.vocabSize = read.integer("vocab_size", 1, kMaxVocab);
        config.padTokenId = read.integerOr("pad_token_id", family.defaultPadTokenId, 0, kMaxVocab);
        config.layerNormEps = 1e-12f;  // DistilBERT hard-codes it
        config.activation = read.activation("activation", family.defaultActivation);
    } else {  // ConfigSpelling::Bert
        config.hiddenSize = read.integer("hidden_size", 1, kMaxDim);
        config.heads = read.integer("num_attention_heads", 1, kMaxDim);
        config.layers = read.integer("num_hidden_layers", 1, kMaxLayers);
        config.intermediateSize = read.integer("intermediate_size", 1, 4 * kMaxDim);
        config.maxPositions = read.integer("max_position_embeddings", 1, 1 << 20);
        config.vocabSize = read.integer("vocab_size", 1, kMaxVocab);
        config.typeVocabSize = read.integerOr("type_vocab_size", 2, 0, 1 << 16);
        config.padTokenId = read.integerOr("pad_token_id", family.defaultPadTokenId, 0, kMaxVocab);
        config.layerNormEps = float(read.numberOr("layer_norm_eps", 1e-12));
        config.activation = read.activation("hidden_act", family.defaultActivation);
        const QString positions = read.stringOr("position_embedding_type", QStringLiteral("absolute"));
        if (positions != QLatin1String("absolute"))
            read.fail(QCoreApplication::translate("Engine",
                                                  "position_embedding_type '%1' is not supported (only absolute)")
                          .arg(positions));
    }

    if (config.hiddenSize % config.heads != 0)
        read.fail(QCoreApplication::translate("Engine", "hidden size %1 is not divisible by %2 attention heads")
                      .arg(config.hiddenSize).arg(config.heads));
    if (!(config.layerNormEps > 0.0f))
        read.fail(QCoreApplication::translate("Engine", "layer norm epsilon must be positive"));
    return config;
}

}  // namespace headmap
