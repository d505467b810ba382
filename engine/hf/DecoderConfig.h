#pragma once
// config.json of the decoder families (the rows of familyTraitsTable() whose class is Decoder:
// llama, mistral, qwen2, ...), read into one description. Field names and defaults follow each
// family's configuration_<name>.py in transformers, as its FamilyTraits row records them; an
// option Headmap cannot honour is an error naming the field and its value, never a silent
// approximation.

#include <optional>
#include <vector>

#include <QJsonObject>
#include <QString>

#include "core/Ops.h"
#include "core/RotaryEmbedding.h"
#include "hf/FamilyTraits.h"

namespace headmap {

struct DecoderConfig {
    QString path;       // the config.json file, for messages
    QString modelType;  // a row of familyTraitsTable() whose class is Decoder
    int hiddenSize = 0;
    int layers = 0;
    int heads = 0;
    int kvHeads = 0;
    int headDim = 0;
    int intermediateSize = 0;
    int vocabSize = 0;
    int maxPositions = 0;
    float normEps = 1e-6f;
    Activation activation = Activation::Silu;
    bool qkvBias = false;     // biases on q/k/v projections
    bool outputBias = false;  // bias on o_proj
    bool mlpBias = false;
    bool tieEmbeddings = false;
    float attnSoftcap = 0.0f;   // gemma2
    float finalSoftcap = 0.0f;  // gemma2, for the output logits
    float scale = 0.0f;         // multiplies q·kᵀ
    bool parallelResidual = false;  // gpt_neox
    int bosTokenId = -1;            // what --bos prepends; -1 when config.json names none
    std::vector<int> windowOfLayer;  // per layer: 0 for full attention, else the window in tokens
    std::vector<bool> noRopeLayer;   // per layer: true where q and k are not rotated (SmolLM3's NoPE)
    // Mixture of experts (FeedForwardKind::MixtureOfExperts, FamilyTraits::moe); 0 experts: dense.
    int experts = 0;            // num_experts / num_local_experts
    int expertsPerToken = 0;    // num_experts_per_tok: the router's top-k
    int expertSize = 0;         // each expert's intermediate size
    int sharedExpertSize = 0;   // Qwen2-MoE: shared_expert_intermediate_size; 0 without one
    bool renormaliseTopK = false;  // the chosen experts' probabilities are divided by their sum
    std::vector<bool> expertLayer;  // per layer: true when its feed-forward is the mixture
    bool mxfp4Experts = false;      // quantization_config mxfp4: experts as *_blocks / *_scales (gpt-oss)
    bool attentionSinks = false;    // a learned sink logit per head (gpt-oss: self_attn.sinks)
    RopeParameters rope;                     // global layers
    std::optional<RopeParameters> localRope;  // gemma3's sliding layers (rope_local_base_freq)
    // A GGUF file's tensor of per-frequency rope divisors (rope_freqs.weight for llama 3's
    // scaling), which `rope` holds as LongRoPE factors; named in ropeDescription().
    QString ropeFactorsTensor;

    // Throws ModelError naming `path` and the field (also for a model_type that is no decoder).
    static DecoderConfig fromJson(const QString& path, const QJsonObject& json);
    static QStringList supportedModelTypes();  // of familyTraitsTable(), in its order
    // The row of modelType (throws ModelError if there is none, which fromJson rules out).
    const FamilyTraits& traits() const;
    bool hasExperts() const { return experts > 0; }
    bool isExpertLayer(int layer) const { return experts > 0 && expertLayer[size_t(layer)]; }
    // "rope (default, theta 10000)", and the layers without it ("; none on layers 3, 7").
    QString ropeDescription() const;
    bool rotatesLayer(int layer) const { return layer < 0 || size_t(layer) >= noRopeLayer.size() || !noRopeLayer[size_t(layer)]; }
};

}  // namespace headmap
