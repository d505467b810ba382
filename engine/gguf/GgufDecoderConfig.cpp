#include "gguf/GgufDecoderConfig.h"

#include <cmath>
#include <optional>

#include <QCoreApplication>

#include "core/HeadmapError.h"
#include "formats/SafetensorsHeader.h"  // quotedName
#include "gguf/GgufExperts.h"
#include "gguf/GgufMetadataReader.h"
#include "hf/ConfigReader.h"              // activationNamed

namespace headmap {
namespace {

// The per-frequency divisors of a rope_freqs / rope_factors tensor, rotaryDim / 2 of them.
std::vector<double> ropeFactors(const GgufMetadataReader& read, const QString& name, int rotaryDim) {
    const GgufTensorInfo* tensor = read.file().info(name);
    if (tensor->elementCount() != rotaryDim / 2)
        read.fail(QCoreApplication::translate("Engine",
                                              "tensor %1 holds %2 factors, expected %3 (half of %4 rotated dimensions)")
                      .arg(quotedName(name), QString::number(tensor->elementCount()), QString::number(rotaryDim / 2),
                           QString::number(rotaryDim)));
    const std::vector<float> values = read.file().floats(name);
    for (float v : values)
        if (!(v > 0.0f) || !std::isfinite(v))
            read.fail(QCoreApplication::translate("Engine",
                                                  "tensor %1 holds a rope factor that is not a positive number")
                          .arg(quotedName(name)));
    return std::vector<double>(values.begin(), values.end());
}

RopeParameters readRope(const GgufMetadataReader& read, const DecoderConfig& c, const FamilyTraits& family) {
    RopeParameters rope;
    rope.theta = read.number("rope.freq_base", 10000.0);
    if (!(rope.theta > 1.0))
        read.fail(QCoreApplication::translate("Engine", "key %1 must be above 1")
                      .arg(quotedName(read.key("rope.freq_base"))));
    rope.rotaryDim = read.countOr("rope.dimension_count", quint64(c.headDim), 2, quint64(c.headDim));
    if (rope.rotaryDim % 2 != 0)
        read.fail(QCoreApplication::translate("Engine", "key %1 is odd")
                      .arg(quotedName(read.key("rope.dimension_count"))));
    rope.maxPositions = c.maxPositions;
    rope.originalMaxPositions = read.countOr("rope.scaling.original_context_length", quint64(c.maxPositions), 1, kMaxGgufPositions);

    const QString scaling = read.file().metadata().string(read.key("rope.scaling.type"), QStringLiteral("none"));
    const double factor = read.number("rope.scaling.factor", 1.0);
    if (scaling == QLatin1String("linear") && factor != 1.0) {
        rope.type = RopeParameters::Type::Linear;
        rope.factor = factor;
    } else if (scaling == QLatin1String("yarn")) {
        rope.type = RopeParameters::Type::Yarn;
        rope.factor = factor;
        rope.betaFast = read.number("rope.scaling.yarn_beta_fast", 32.0);
        rope.betaSlow = read.number("rope.scaling.yarn_beta_slow", 1.0);
        rope.truncate = family.gguf.yarnTruncate;
    } else if (scaling != QLatin1String("none") && scaling != QLatin1String("linear")) {
        read.fail(QCoreApplication::translate("Engine", "key %1 is '%2'; Headmap reads none, linear and yarn")
                      .arg(quotedName(read.key("rope.scaling.type")), scaling));
    }

    const QString freqs = QStringLiteral("rope_freqs.weight");
    const QString shortFactors = QStringLiteral("rope_factors_short.weight");
    const QString longFactors = QStringLiteral("rope_factors_long.weight");
    if (read.tensor(freqs) || read.tensor(longFactors)) {
        if (rope.type != RopeParameters::Type::Default)
            read.fail(QCoreApplication::translate("Engine", "has both rope scaling %1 and per-frequency rope factors")
                          .arg(scaling));
        rope.type = RopeParameters::Type::LongRope;
        if (read.tensor(freqs)) {  // llama 3: the same divisors at every length, no attention factor
            rope.shortFactor = rope.longFactor = ropeFactors(read, freqs, rope.rotaryDim);
            rope.attentionFactor = 1.0;
        } else {  // Phi-3 LongRoPE
            rope.longFactor = ropeFactors(read, longFactors, rope.rotaryDim);
            rope.shortFactor = read.tensor(shortFactors) ? ropeFactors(read, shortFactors, rope.rotaryDim) : rope.longFactor;
            rope.attentionFactor = read.number("rope.scaling.attn_factor", 0.0);
        }
    }
    return rope;
}

// What Gemma 2 and 3 divide q·kᵀ by the square root of: transformers' query_pre_attn_scalar
// (Gemma2Attention and Gemma3Attention in modeling_gemma2.py / modeling_gemma3.py:
// scaling = config.query_pre_attn_scalar ** -0.5). GGUF files do not store it (convert_hf_to_gguf.py's
// Gemma2Model and Gemma3Model write no such key), so it is derived as llama.cpp derives it
// (src/llama-model.cpp, load_hparams, LLM_ARCH_GEMMA2 and LLM_ARCH_GEMMA3): the 27B size, which
// llama.cpp recognises by its block count alone (46 for Gemma 2, 62 for Gemma 3), uses
// embedding_length / head_count (integer division), every other size key_length. llama.cpp cites
// gemma_pytorch's gemma/config.py (commit 014acb7, lines 173 and 289), whose 27B configs set
// query_pre_attn_scalar = hidden_size / num_attention_heads; the released config.json files agree:
// 144 = 4608 / 32 (gemma-2-27b) and 168 = 5376 / 32 (gemma-3-27b), against head_dim 128, while the
// other sizes (2B, 9B; 270M, 1B, 4B, 12B) set it to their head_dim, 256. tst_ggufdecoderconfig
// checks every released size. A Gemma with another block count (pruned, merged) gets key_length,
// as in llama.cpp; its config.json, if at hand, would say otherwise only by query_pre_attn_scalar.
// The 27B block count of each family is its GgufTraits::wideScalarBlockCount.
int gemmaQueryPreAttnScalar(const DecoderConfig& c, const FamilyTraits& family) {
    const bool size27b = family.gguf.wideScalarBlockCount > 0 && c.layers == family.gguf.wideScalarBlockCount;
    return size27b ? c.hiddenSize / c.heads : c.headDim;
}

// Which layers slide, as llama.cpp's load_hparams sets them: a GGUF file stores the window but
// neither layer_types nor max_window_layers, so Qwen's window is not used (llama.cpp ignores it
// too) and Gemma's period is its default.
bool slidesOnLayer(const SlidingLayers& rule, int layer) {
    switch (rule.kind) {
    case SlidingLayers::Kind::AllLayers:
        return true;
    case SlidingLayers::Kind::AllButEveryNth:
        return (layer + 1) % rule.period != 0;
    case SlidingLayers::Kind::None:
    case SlidingLayers::Kind::FromMaxWindowLayers:
    case SlidingLayers::Kind::NoPeLayers:  // SmolLM3: llama.cpp's graph never slides
    case SlidingLayers::Kind::Refused:
        break;
    }
    return false;
}

}  // namespace

DecoderConfig ggufDecoderConfig(const GgufFile& file) {
    const QString arch = file.metadata().string(QStringLiteral("general.architecture"));
    DecoderConfig c;
    c.path = file.path();
    const FamilyTraits* found = findFamilyByGguf(arch);
    if (!found || found->modelClass != ModelClass::Decoder)
        throwGgufError(file.path(), QCoreApplication::translate("Engine", "general.architecture is '%1', which "
                                                                          "Headmap cannot run (it reads %2)")
                                        .arg(arch, supportedGgufArchitectures().join(QStringLiteral(", "))));
    const GgufMetadataReader read(file, arch);
    const int expertCount = read.countOr("expert_count", 0, 0, 1 << 16);
    // A "llama" file with experts is Mixtral (convert_hf_to_gguf.py writes it so).
    if (expertCount > 0 && found->gguf.expertTwin)
        found = findFamily(QLatin1String(found->gguf.expertTwin));
    const FamilyTraits& family = *found;
    c.modelType = family.modelType;
    const bool layerNorm = family.norm == NormKind::LayerNorm;

    c.hiddenSize = read.count("embedding_length", 1, kMaxGgufDim);
    c.layers = read.count("block_count", 1, kMaxGgufLayers);
    c.heads = read.count("attention.head_count", 1, kMaxGgufDim);
    c.kvHeads = read.countOr("attention.head_count_kv", quint64(c.heads), 1, quint64(c.heads));
    if (c.heads % c.kvHeads != 0)
        read.fail(QCoreApplication::translate("Engine", "%1 attention heads cannot share %2 key/value heads")
                      .arg(QString::number(c.heads), QString::number(c.kvHeads)));
    if (!read.has("attention.key_length") && c.hiddenSize % c.heads != 0)
        read.fail(QCoreApplication::translate("Engine",
                                              "embedding length %1 is not divisible by %2 heads, and there is no %3")
                      .arg(QString::number(c.hiddenSize), QString::number(c.heads), read.key("attention.key_length")));
    c.headDim = read.countOr("attention.key_length", quint64(c.hiddenSize / c.heads), 1, kMaxGgufDim);
    if (read.countOr("attention.value_length", quint64(c.headDim), 1, kMaxGgufDim) != c.headDim)
        read.fail(QCoreApplication::translate("Engine", "%1 differs from %2; Headmap needs them equal")
                      .arg(read.key("attention.value_length"), read.key("attention.key_length")));
    // Experts of an architecture whose llama.cpp graph has none: say so rather than miss ffn_gate.weight.
    if (expertCount > 0 && !family.moe)
        read.fail(QCoreApplication::translate("Engine", "%1 = %2: GGUF files of %3 with mixture-of-experts layers are "
                                                        "not read; open the model's safetensors folder instead")
                      .arg(read.key("expert_count"), QString::number(expertCount), arch));
    c.intermediateSize = read.count("feed_forward_length", 1, 16 * kMaxGgufDim);
    if (family.moe)
        readGgufExperts(read, family, c);
    c.maxPositions = read.count("context_length", 1, kMaxGgufPositions);

    const GgufTensorInfo* embeddings = file.info(QStringLiteral("token_embd.weight"));
    if (!embeddings || embeddings->dims.size() != 2)
        read.fail(embeddings ? QCoreApplication::translate("Engine", "tensor 'token_embd.weight' has "
                                                                     "dims %1, expected [%2, vocabulary]")
                                   .arg(embeddings->dimsText(), QString::number(c.hiddenSize))
                             : QCoreApplication::translate("Engine",
                                                           "has no tensor 'token_embd.weight' (the token embeddings)"));
    c.vocabSize = int(embeddings->dims[1]);

    c.normEps = float(layerNorm ? read.number("attention.layer_norm_epsilon", 1e-5)
                           : read.number("attention.layer_norm_rms_epsilon", 1e-6));
    if (!(c.normEps > 0.0f))
        read.fail(QCoreApplication::translate("Engine", "the norm epsilon must be positive"));
    // GGUF keeps no activation name: the family's default, as llama.cpp's graph for it uses.
    if (const std::optional<Activation> activation = activationNamed(family.defaultActivation))
        c.activation = *activation;

    // Biases: whatever layer 0 holds (convert_hf_to_gguf.py writes the ones the model has).
    auto has = [&](const char* name) { return read.tensor(QStringLiteral("blk.0.") + QLatin1String(name)); };
    if (family.biases != BiasRule::None) {
        c.qkvBias = has(family.projection == QkvProjection::Separate ? "attn_q.bias" : "attn_qkv.bias");
        c.outputBias = has("attn_output.bias");
        c.mlpBias = has("ffn_up.bias");
    }
    if (family.layout == BlockLayout::Parallel)
        c.parallelResidual = file.metadata().boolean(read.key("use_parallel_residual"), true);
    c.tieEmbeddings = !read.tensor(QStringLiteral("output.weight"));

    const bool preAttnScalar = family.scale == AttentionScale::QueryPreAttnScalar;
    c.scale = float(1.0 / std::sqrt(double(preAttnScalar ? gemmaQueryPreAttnScalar(c, family) : c.headDim)));
    if (family.softcap == SoftcapKind::AttentionAndFinal)
        c.attnSoftcap = float(read.number("attn_logit_softcapping", 0.0));
    if (family.softcap != SoftcapKind::None)
        c.finalSoftcap = float(read.number("final_logit_softcapping", 0.0));
    if (c.attnSoftcap < 0.0f || c.finalSoftcap < 0.0f)
        read.fail(QCoreApplication::translate("Engine", "softcapping must not be negative"));

    const quint64 bos = file.metadata().uint(QStringLiteral("tokenizer.ggml.bos_token_id"), quint64(-1));
    if (bos < quint64(c.vocabSize))
        c.bosTokenId = int(bos);

    const int window = read.countOr("attention.sliding_window", 0, 0, kMaxGgufPositions);
    c.windowOfLayer.assign(size_t(c.layers), 0);
    for (int l = 0; l < c.layers && window > 0; ++l)
        c.windowOfLayer[size_t(l)] = slidesOnLayer(family.sliding, l) ? window : 0;

    c.rope = readRope(read, c, family);
    if (family.gguf.noRopeLayerStep > 0) {
        c.noRopeLayer.assign(size_t(c.layers), false);
        for (int l = 0; l < c.layers; ++l)
            c.noRopeLayer[size_t(l)] = (l + 1) % family.gguf.noRopeLayerStep == 0;
    }
    if (file.info(QStringLiteral("rope_freqs.weight")))
        c.ropeFactorsTensor = QStringLiteral("rope_freqs.weight");
    if (family.positions == PositionKind::RopeWithLocalBase) {
        RopeParameters local;
        local.theta = 10000.0;
        local.rotaryDim = c.rope.rotaryDim;
        local.maxPositions = c.maxPositions;
        local.originalMaxPositions = c.maxPositions;
        c.localRope = local;
    }
    return c;
}

}  // namespace headmap
