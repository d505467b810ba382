#pragma once
// What one layer's attention does besides softmax(QKᵀ)·V: how many query and key/value heads,
// their width, the score scale, an optional logit softcap, the mask rule, a position transform
// applied to q and k, and an optional RMS norm of q and k. One description covers BERT and GPT-2
// (D/H-wide heads, 1/√d_head, no extras) as well as Llama, Qwen, Gemma, Phi, OLMo and Pythia.

#include "core/MaskRule.h"
#include "core/RotaryEmbedding.h"
#include "core/ScoringRule.h"

namespace headmap {

// RMSNorm of q and k before the position transform: per head over head_dim (Qwen3, Gemma 3),
// or over the whole projection before it is split into heads (OLMo 2).
struct QkNormWeights {
    const float* query = nullptr;  // (head_dim) or (heads·head_dim)
    const float* key = nullptr;    // (head_dim) or (kv_heads·head_dim)
    float eps = 1e-6f;
    bool addOne = false;           // Gemma: x̂·(1 + w)
    bool wholeProjection = false;
    bool enabled() const { return query != nullptr; }
};

struct AttentionSpec {
    int heads = 1;
    int kvHeads = 1;  // grouped-query attention: query head h reads K/V head h / (heads / kvHeads)
    int headDim = 0;
    float scale = 1.0f;    // multiplies q·kᵀ
    float softcap = 0.0f;  // > 0: scores = softcap·tanh(scores / softcap), before the mask
    AttentionMask mask = AttentionMask::None;
    int window = 0;        // SlidingWindow and LocalWindow (MaskRule::window)
    const RotaryEmbedding::Table* rotary = nullptr;  // position transform of q and k, if any
    QkNormWeights qkNorm;
    std::shared_ptr<const PositionBias> positionBias;  // T5's relative bias, if any
    std::shared_ptr<const std::vector<float>> sinks;   // (heads) gpt-oss's sink logits, if any

    // heads heads of width dModel / heads, scaled by 1/√d_head: BERT, GPT-2, the teaching models.
    static AttentionSpec standard(int heads, int dModel, bool causal);

    int kvHeadOf(int head) const { return head / (heads / kvHeads); }
    bool isCausal() const { return mask == AttentionMask::Causal || mask == AttentionMask::SlidingWindow; }
    MaskRule maskRule() const { return MaskRule{mask, window}; }
    // What turns q·kᵀ into weights (core/ScoringRule.h).
    ScoringRule scoringRule() const { return ScoringRule{scale, softcap, maskRule(), positionBias, sinks}; }
    bool allows(int query, int key) const { return maskRule().allows(query, key); }
};

}  // namespace headmap
