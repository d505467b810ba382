#include "hf/DecoderConfig.h"

#include <QCoreApplication>
#include <QJsonArray>
#include <QJsonDocument>
#include <QStringList>

#include "hf/ConfigReader.h"
#include "hf/RopeConfig.h"

namespace headmap {
namespace {

// Which layers attend through a sliding window, as each family's configuration_<name>.py
// derives its layer_types when config.json does not list them (FamilyTraits::sliding).
std::vector<bool> slidingLayers(const ConfigReader& read, const DecoderConfig& c, const SlidingLayers& rule,
                                int window) {
    std::vector<bool> sliding(size_t(c.layers), false);
    if (read.has("layer_types")) {
        const QJsonValue value = read.json().value(QLatin1String("layer_types"));
        const QJsonArray types = value.toArray();
        if (!value.isArray() || types.size() != c.layers)
            read.fail(QCoreApplication::translate("Engine", "field 'layer_types' must list one type per layer (%1)")
                          .arg(c.layers));
        for (int l = 0; l < c.layers; ++l) {
            const QString type = types.at(l).toString();
            if (type == QLatin1String("sliding_attention"))
                sliding[size_t(l)] = true;
            else if (type != QLatin1String("full_attention"))
                read.fail(QCoreApplication::translate("Engine", "layer_types[%1] is '%2'; expected "
                                                                "full_attention or sliding_attention")
                              .arg(l).arg(type));
        }
        return sliding;
    }
    if (window == 0)
        return sliding;
    using Kind = SlidingLayers::Kind;
    for (int l = 0; l < c.layers; ++l) {
        switch (rule.kind) {
        case Kind::None:  // slidingWindow() gave 0
        case Kind::Refused:
            break;
        case Kind::AllLayers:
            sliding[size_t(l)] = true;
            break;
        case Kind::FromMaxWindowLayers:
            sliding[size_t(l)] = l >= read.integerOr("max_window_layers", c.layers, 0, kMaxLayers);
            break;
        case Kind::NoPeLayers:  // configuration_smollm3.py: sliding where there is no rotary
            sliding[size_t(l)] = read.boolOr("use_sliding_window", false) && c.noRopeLayer[size_t(l)];
            break;
        case Kind::AllButEveryNth: {
            const int period = rule.periodKey ? read.integerOr(rule.periodKey, rule.period, 1, kMaxLayers) : rule.period;
            sliding[size_t(l)] = (l + 1) % period != 0;
            break;
        }
        }
    }
    return sliding;
}

int slidingWindow(const ConfigReader& read, const SlidingLayers& rule) {
    if (rule.kind == SlidingLayers::Kind::Refused && read.boolOr("use_sliding_window", false))
        read.fail(QCoreApplication::translate("Engine", "use_sliding_window = true is not supported for this "
                                                        "family (set it to false, as the released models do)"));
    if (rule.kind == SlidingLayers::Kind::None || rule.kind == SlidingLayers::Kind::Refused)
        return 0;
    // Qwen2/Qwen3 configs carry a sliding_window that only counts when use_sliding_window is on.
    if (rule.kind == SlidingLayers::Kind::FromMaxWindowLayers && !read.boolOr("use_sliding_window", false))
        return 0;
    return read.integerOr("sliding_window", 0, 1, kMaxPositionsLimit);
}

// SmolLM3's no_rope_layers: per layer 1 where q and k are rotated, 0 where not (its name
// notwithstanding); without it every no_rope_layer_interval-th layer has no rotary
// (configuration_smollm3.py). True in the result: no rotary on that layer.
std::vector<bool> noRopeLayers(const ConfigReader& read, int layers) {
    std::vector<bool> none(size_t(layers), false);
    if (!read.has("no_rope_layers")) {
        const int interval = read.integerOr("no_rope_layer_interval", 4, 1, kMaxLayers);
        for (int l = 0; l < layers; ++l)
            none[size_t(l)] = (l + 1) % interval == 0;
        return none;
    }
    const QJsonValue value = read.json().value(QLatin1String("no_rope_layers"));
    const QJsonArray flags = value.toArray();
    if (!value.isArray() || flags.size() != layers)
        read.fail(QCoreApplication::translate("Engine", "field 'no_rope_layers' must list 0 or 1 for each of the "
                                                        "%1 layers")
                      .arg(layers));
    for (int l = 0; l < layers; ++l) {
        const QJsonValue flag = flags.at(l);
        const double number = flag.isBool() ? double(flag.toBool()) : flag.isDouble() ? flag.toDouble() : -1.0;
        if (number != 0.0 && number != 1.0)
            read.fail(QCoreApplication::translate("Engine", "no_rope_layers[%1] is %2; expected 1 (rotary) or 0 "
                                                            "(no rotary)")
                          .arg(l).arg(QString::fromUtf8(QJsonDocument(QJsonArray{flag}).toJson(QJsonDocument::Compact)).mid(1).chopped(1)));
        none[size_t(l)] = number == 0.0;
    }
    return none;
}

// The mixture-of-experts fields as the family's configuration_<name>.py reads them, and which
// layers are sparse: those with (l + 1) % decoder_sparse_step == 0 that mlp_only_layers does
// not list (Qwen2/3-MoE), else every layer.
void readExperts(const ConfigReader& read, const MoeTraits& moe, DecoderConfig& c) {
    c.experts = read.integer(moe.expertsField, 1, 1 << 16);
    c.expertsPerToken = read.integer("num_experts_per_tok", 1, 1 << 16);
    if (c.expertsPerToken > c.experts)
        read.fail(QCoreApplication::translate("Engine", "num_experts_per_tok is %1, more than the %2 experts")
                      .arg(c.expertsPerToken).arg(c.experts));
    c.expertSize = read.integer(moe.expertSizeField, 1, 16 * kMaxDim);
    if (moe.sharedExpert)
        c.sharedExpertSize = read.integer("shared_expert_intermediate_size", 1, 16 * kMaxDim);
    c.renormaliseTopK = moe.renormalise == MoeTraits::Renormalise::Always ||
                        (moe.renormalise == MoeTraits::Renormalise::NormTopKProb && read.boolOr("norm_topk_prob", false));
    if (moe.expertKind == MoeTraits::ExpertKind::ClampedSwiGlu && read.has("swiglu_limit") &&
        read.numberOr("swiglu_limit", 7.0) != 7.0)
        read.fail(QCoreApplication::translate("Engine", "swiglu_limit = %1 is not supported (set it to 7.0: "
                                                        "transformers' GptOssExperts always clamps at 7.0)")
                      .arg(read.numberOr("swiglu_limit", 7.0)));
    c.expertLayer.assign(size_t(c.layers), true);
    if (!moe.sparseStep)
        return;
    const int step = read.integerOr("decoder_sparse_step", 1, 1, kMaxLayers);
    std::vector<bool> denseListed(size_t(c.layers), false);
    if (read.has("mlp_only_layers")) {
        const QJsonValue value = read.json().value(QLatin1String("mlp_only_layers"));
        if (!value.isArray())
            read.fail(QCoreApplication::translate("Engine", "field 'mlp_only_layers' must be a list of layer indices"));
        for (const QJsonValue& entry : value.toArray()) {
            const double l = entry.toDouble(-1.0);
            if (!entry.isDouble() || l != std::floor(l) || l < 0 || l >= c.layers)
                read.fail(QCoreApplication::translate("Engine", "mlp_only_layers lists %1; expected layer "
                                                                "indices 0..%2")
                              .arg(entry.isDouble() ? QString::number(l) : entry.toVariant().toString())
                              .arg(c.layers - 1));
            denseListed[size_t(l)] = true;
        }
    }
    for (int l = 0; l < c.layers; ++l)
        c.expertLayer[size_t(l)] = !denseListed[size_t(l)] && (l + 1) % step == 0;
}

// quantization_config: only gpt-oss's MXFP4 experts (integrations/mxfp4.py) are read; any other
// method would leave tensors Headmap cannot interpret, so it is refused by name.
bool readsMxfp4Experts(const ConfigReader& read, const FamilyTraits& family) {
    if (!read.has("quantization_config"))
        return false;
    const QJsonValue value = read.json().value(QLatin1String("quantization_config"));
    if (value.isNull())
        return false;
    const QString method = value.toObject().value(QLatin1String("quant_method")).toString();
    if (!value.isObject() || method != QLatin1String("mxfp4") || !family.moe || !family.moe->readsMxfp4)
        read.fail(QCoreApplication::translate("Engine", "quantization_config.quant_method '%1' is not supported "
                                                        "(use the unquantised safetensors or a GGUF file; of "
                                                        "quantised safetensors Headmap reads gpt-oss's MXFP4 experts)")
                      .arg(method));
    return true;
}

}  // namespace

QStringList DecoderConfig::supportedModelTypes() {
    return modelTypesOf({ModelClass::Decoder});
}

const FamilyTraits& DecoderConfig::traits() const {
    return requireFamily(path, modelType, supportedModelTypes());
}

DecoderConfig DecoderConfig::fromJson(const QString& path, const QJsonObject& json) {
    const ConfigReader read(path, json);
    DecoderConfig c;
    c.path = path;
    c.modelType = read.stringOr("model_type", QString());
    const FamilyTraits& family = c.traits();
    const bool layerNorm = family.norm == NormKind::LayerNorm;

    c.hiddenSize = read.integer("hidden_size", 1, kMaxDim);
    c.layers = read.integer("num_hidden_layers", 1, kMaxLayers);
    c.heads = read.integer("num_attention_heads", 1, kMaxDim);
    c.kvHeads = family.readsKeyValueHeads() ? read.integerOr("num_key_value_heads", c.heads, 1, kMaxDim) : c.heads;
    if (c.heads % c.kvHeads != 0)
        read.fail(QCoreApplication::translate("Engine", "%1 attention heads cannot share %2 key/value heads "
                                                        "(num_attention_heads must be a multiple of "
                                                        "num_key_value_heads)")
                      .arg(c.heads).arg(c.kvHeads));
    if (!read.has("head_dim") && c.hiddenSize % c.heads != 0)
        read.fail(QCoreApplication::translate("Engine", "hidden size %1 is not divisible by %2 "
                                                        "attention heads, and there is no head_dim")
                      .arg(c.hiddenSize).arg(c.heads));
    c.headDim = read.integerOr("head_dim", c.hiddenSize / c.heads, 1, kMaxDim);
    c.intermediateSize = read.integer("intermediate_size", 1, 16 * kMaxDim);
    c.vocabSize = read.integer("vocab_size", 1, kMaxVocab);
    c.maxPositions = read.integer("max_position_embeddings", 1, kMaxPositionsLimit);
    c.normEps = float(layerNorm ? read.numberOr("layer_norm_eps", 1e-5) : read.numberOr("rms_norm_eps", 1e-6));
    if (!(c.normEps > 0.0f))
        read.fail(QCoreApplication::translate("Engine", "the norm epsilon must be positive"));

    // Gemma names its activation hidden_activation (hidden_act is a deprecated alias).
    if (family.activationField && read.has(family.activationField))
        c.activation = read.activation(family.activationField, QString());
    else
        c.activation = read.activation("hidden_act", family.defaultActivation);

    switch (family.biases) {
    case BiasRule::OneFlagDefaultOn:
        c.qkvBias = c.outputBias = c.mlpBias = read.boolOr("attention_bias", true);
        break;
    case BiasRule::QkvOnly:
        c.qkvBias = true;  // Qwen2 always has q/k/v biases and none on o_proj
        break;
    case BiasRule::QkvFlag:
        c.qkvBias = read.boolOr("qkv_bias", true);
        break;
    case BiasRule::AttentionAlways:  // GptOssConfig sets attention_bias = True whatever it is given
        c.qkvBias = c.outputBias = true;
        break;
    case BiasRule::AttentionAndMlp:
        c.qkvBias = c.outputBias = read.boolOr("attention_bias", false);
        c.mlpBias = read.boolOr("mlp_bias", false);
        break;
    case BiasRule::Always:  // no decoder family says so yet: every linear layer has one
        c.qkvBias = c.outputBias = c.mlpBias = true;
        break;
    case BiasRule::None:
        break;
    }
    if (family.layout == BlockLayout::Parallel)
        c.parallelResidual = read.boolOr("use_parallel_residual", true);
    c.tieEmbeddings = read.boolOr("tie_word_embeddings", family.tiedByDefault);

    c.scale = family.scale == AttentionScale::QueryPreAttnScalar
                  ? float(1.0 / std::sqrt(read.numberOr("query_pre_attn_scalar", c.headDim)))
                  : float(1.0 / std::sqrt(double(c.headDim)));
    if (family.softcap == SoftcapKind::AttentionAndFinal) {
        c.attnSoftcap = float(read.numberOr("attn_logit_softcapping", 0.0));
        c.finalSoftcap = float(read.numberOr("final_logit_softcapping", 0.0));
    } else if (family.softcap == SoftcapKind::FinalOnly) {
        if (read.has("attn_logit_softcapping"))
            read.fail(QCoreApplication::translate("Engine",
                                                  "attn_logit_softcapping is set, but Gemma 3 does not apply it"));
        c.finalSoftcap = float(read.numberOr("final_logit_softcapping", 0.0));
    }
    // EmbeddingGemma: a bidirectional encoder, not the causal decoder computed here.
    if (family.refusesBidirectional && read.boolOr("use_bidirectional_attention", false))
        read.fail(QCoreApplication::translate("Engine", "use_bidirectional_attention = true is not supported "
                                                        "(Headmap runs Gemma 3 as a causal decoder)"));
    if (c.attnSoftcap < 0.0f || c.finalSoftcap < 0.0f)
        read.fail(QCoreApplication::translate("Engine", "softcapping must not be negative"));

    // Informational only: some configs hold a list or null here, which must not refuse the model.
    const QJsonValue bos = json.value(QLatin1String("bos_token_id"));
    if (bos.isDouble() && bos.toDouble() >= 0 && bos.toDouble() < c.vocabSize && bos.toDouble() == std::floor(bos.toDouble()))
        c.bosTokenId = int(bos.toDouble());

    c.noRopeLayer.assign(size_t(c.layers), false);
    if (family.positions == PositionKind::RopeExceptNoPe)
        c.noRopeLayer = noRopeLayers(read, c.layers);
    if (family.refusesClipQkv && read.has("clip_qkv"))
        read.fail(QCoreApplication::translate("Engine", "clip_qkv = %1 is not supported (Headmap reads "
                                                        "OLMoE checkpoints with clip_qkv null)")
                      .arg(read.numberOr("clip_qkv", 0.0)));
    if (family.moe)
        readExperts(read, *family.moe, c);
    c.mxfp4Experts = readsMxfp4Experts(read, family);
    c.attentionSinks = family.attentionSinks;

    const int window = slidingWindow(read, family.sliding);
    const std::vector<bool> sliding = slidingLayers(read, c, family.sliding, window);
    c.windowOfLayer.assign(size_t(c.layers), 0);
    for (int l = 0; l < c.layers; ++l)
        if (sliding[size_t(l)]) {
            if (window == 0)
                read.fail(QCoreApplication::translate("Engine", "layer_types marks layer %1 sliding_attention, "
                                                                "but sliding_window is not set")
                              .arg(l));
            c.windowOfLayer[size_t(l)] = window;
        }

    const RopeConfig rope = readRopeConfig(read, c.headDim, c.maxPositions);
    c.rope = rope.global;
    if (rope.sliding)
        c.localRope = rope.sliding;
    else if (family.positions == PositionKind::RopeWithLocalBase) {
        // Gemma 3's local layers rotate with their own base and no scaling.
        RopeParameters local;
        local.theta = read.numberOr("rope_local_base_freq", 10000.0);
        local.rotaryDim = c.rope.rotaryDim;
        local.maxPositions = c.maxPositions;
        local.originalMaxPositions = c.maxPositions;
        c.localRope = local;
    }
    // Dynamic NTK exists to run past the trained context, up to factor times it.
    if (c.rope.type == RopeParameters::Type::Dynamic)
        c.maxPositions = int(std::min<double>(kMaxPositionsLimit, c.maxPositions * c.rope.factor));
    return c;
}

QString DecoderConfig::ropeDescription() const {
    const QString type = ropeFactorsTensor.isEmpty() ? RopeParameters::typeName(rope.type)
                                                     : QStringLiteral("factors of ") + ropeFactorsTensor;
    QString text = QStringLiteral("rope (%1, theta %2").arg(type).arg(rope.theta);
    if (rope.rotaryDim != headDim)
        text += QStringLiteral(", %1 of %2 dims").arg(rope.rotaryDim).arg(headDim);
    if (localRope)
        text += QStringLiteral("; local layers %1, theta %2").arg(RopeParameters::typeName(localRope->type)).arg(localRope->theta);
    QStringList none;
    for (size_t l = 0; l < noRopeLayer.size(); ++l)
        if (noRopeLayer[l])
            none << QString::number(l);
    if (!none.isEmpty())
        text += QStringLiteral("; none (NoPE) on layers ") + none.join(QStringLiteral(", "));
    return text + QLatin1Char(')');
}

}  // namespace headmap
