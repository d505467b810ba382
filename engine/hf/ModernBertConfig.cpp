#include "hf/ModernBertConfig.h"

#include <QCoreApplication>
#include <QJsonArray>

#include "hf/ConfigReader.h"
#include "hf/FamilyTraits.h"
#include "hf/RopeConfig.h"

namespace headmap {
namespace {

// Local layers: ModernBertAttention gives layer_id % global_attn_every_n_layers != 0 the window
// (the mask of the eager path), and layer_types, derived from the same rule when config.json
// has none, chooses the rotary base. A config.json whose layer_types disagree with the rule
// would mix the two, so it is refused rather than guessed at.
std::vector<bool> localLayers(const ConfigReader& read, const ModernBertConfig& c) {
    std::vector<bool> local(size_t(c.layers));
    for (int l = 0; l < c.layers; ++l)
        local[size_t(l)] = l % c.globalEvery != 0;
    if (!read.has("layer_types"))
        return local;
    const QJsonValue value = read.json().value(QLatin1String("layer_types"));
    const QJsonArray types = value.toArray();
    if (!value.isArray() || types.size() != c.layers)
        read.fail(QCoreApplication::translate("Engine", "field 'layer_types' must list one type per layer (%1)")
                      .arg(c.layers));
    for (int l = 0; l < c.layers; ++l) {
        const QString type = types.at(l).toString();
        const QString expected = local[size_t(l)] ? QStringLiteral("sliding_attention") : QStringLiteral("full_attention");
        if (type != expected)
            read.fail(QCoreApplication::translate("Engine", "layer_types[%1] is '%2', but global_attn_every_n_layers "
                                                            "%3 makes layer %1 %4; Headmap supports only layer_types "
                                                            "that follow global_attn_every_n_layers")
                          .arg(l).arg(type).arg(c.globalEvery).arg(expected));
    }
    return local;
}

RopeParameters defaultRope(double theta, int headDim, int maxPositions) {
    RopeParameters rope;
    rope.theta = theta;
    rope.rotaryDim = headDim;
    rope.maxPositions = maxPositions;
    rope.originalMaxPositions = maxPositions;
    return rope;
}

}  // namespace

ModernBertConfig ModernBertConfig::fromJson(const QString& path, const QJsonObject& json) {
    const ConfigReader read(path, json);
    ModernBertConfig c;
    c.path = path;
    c.modelType = read.stringOr("model_type", QString());
    requireFamily(path, c.modelType, modelTypesOf({ModelClass::RotaryEncoder}));

    c.hiddenSize = read.integer("hidden_size", 1, kMaxDim);
    c.layers = read.integer("num_hidden_layers", 1, kMaxLayers);
    c.heads = read.integer("num_attention_heads", 1, kMaxDim);
    if (c.hiddenSize % c.heads != 0)
        read.fail(QCoreApplication::translate("Engine", "hidden size %1 is not divisible by %2 attention heads")
                      .arg(c.hiddenSize).arg(c.heads));
    c.headDim = c.hiddenSize / c.heads;
    if (c.headDim % 2 != 0)
        read.fail(QCoreApplication::translate("Engine", "head width %1 is odd; rotary embeddings need an even one")
                      .arg(c.headDim));
    c.intermediateSize = read.integer("intermediate_size", 1, 16 * kMaxDim);
    c.vocabSize = read.integer("vocab_size", 1, kMaxVocab);
    c.maxPositions = read.integerOr("max_position_embeddings", 8192, 1, kMaxPositionsLimit);
    c.normEps = float(read.numberOr("norm_eps", 1e-5));
    if (!(c.normEps > 0.0f))
        read.fail(QCoreApplication::translate("Engine", "the norm epsilon must be positive"));
    c.normBias = read.boolOr("norm_bias", false);
    c.attentionBias = read.boolOr("attention_bias", false);
    c.mlpBias = read.boolOr("mlp_bias", false);
    c.classifierBias = read.boolOr("classifier_bias", false);
    c.decoderBias = read.boolOr("decoder_bias", true);
    c.tieEmbeddings = read.boolOr("tie_word_embeddings", true);
    c.activation = read.activation("hidden_activation", QStringLiteral("gelu"));
    c.classifierActivation = read.activation("classifier_activation", QStringLiteral("gelu"));

    c.localAttention = read.integerOr("local_attention", 128, 2, kMaxPositionsLimit);
    c.globalEvery = read.integerOr("global_attn_every_n_layers", 3, 1, kMaxLayers);
    c.localLayer = localLayers(read, c);

    if (read.has("rope_parameters")) {
        const RopeConfig rope = readRopeConfig(read, c.headDim, c.maxPositions);
        c.globalRope = rope.global;
        c.localRope = rope.sliding.value_or(rope.global);
    } else {
        // configuration_modernbert.py: rope_scaling would scale both kinds; Headmap reads it
        // only inside rope_parameters.
        if (read.has("rope_scaling"))
            read.fail(QCoreApplication::translate("Engine", "field 'rope_scaling' is set; Headmap reads ModernBERT's "
                                                            "rotary scaling only from rope_parameters"));
        c.globalRope = defaultRope(read.numberOr("global_rope_theta", 160000.0), c.headDim, c.maxPositions);
        c.localRope = defaultRope(read.numberOr("local_rope_theta", 10000.0), c.headDim, c.maxPositions);
    }
    if (!(c.globalRope.theta > 0.0) || !(c.localRope.theta > 0.0))
        read.fail(QCoreApplication::translate("Engine", "the rotary bases (global_rope_theta, local_rope_theta) "
                                                        "must be positive"));
    return c;
}

MaskRule ModernBertConfig::maskOfLayer(int layer) const {
    // _update_attention_mask: |query − key| ≤ local_attention // 2.
    if (layer >= 0 && size_t(layer) < localLayer.size() && localLayer[size_t(layer)])
        return MaskRule{AttentionMask::LocalWindow, localAttention / 2};
    return MaskRule{};
}

QString ModernBertConfig::ropeDescription() const {
    return QStringLiteral("rope (%1, theta %2 on global layers, %3 on local layers)")
        .arg(RopeParameters::typeName(globalRope.type))
        .arg(globalRope.theta)
        .arg(localRope.theta);
}

}  // namespace headmap
