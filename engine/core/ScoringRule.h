#pragma once
// How a head turns the products q·kᵀ into weights, as plain values: the scale, an additive
// position bias (T5's bucketed relative bias), a softcap (Gemma 2) and the mask rule, then the
// softmax. One function applies it, and every path that makes weights calls it: the forward
// pass (MultiHeadAttention.cpp), the heads a trace recomputes on demand and single rows
// (AttentionRow.cpp), prefix reuse (PrefixAttention.cpp) and, through HeadSteps, the step
// pages. A rule holds no pointers into a model's weights: the position bias is a copy of its
// small table, so a trace that keeps the rule outlives the model that made it.
//
// Attention sinks (gpt-oss): each head has a learned logit that joins every row's softmax as
// one more column and is then dropped, so a row's weights sum to less than one; 1 − the sum is
// the mass the head gave to "nothing" (the sink mass). As modeling_gpt_oss.py's
// eager_attention_forward: logits = [scores, sink]; logits −= max over the row, the sink
// included; softmax; the sink's column dropped.

#include <memory>
#include <vector>

#include "core/MaskRule.h"
#include "core/Tensor.h"

namespace headmap {

struct HeadSteps;

// T5's relative position bias (Raffel et al. 2020, transformers' T5Attention): the distance
// key − query is sorted into `buckets` buckets, exact for small distances and logarithmic up to
// maxDistance; each bucket has a learned value per head. In the encoder the sign counts (half
// the buckets per direction); in the decoder only the past is told apart.
struct PositionBias {
    MatrixF table;  // (buckets, heads): relative_attention_bias.weight
    int buckets = 0;
    int maxDistance = 0;
    bool bidirectional = true;

    // The bucket of the distance key − query, bit for bit as T5Attention._relative_position_bucket.
    int bucketOf(int query, int key) const;
    float value(int head, int query, int key) const { return table(bucketOf(query, key), head); }
};

struct ScoringRule {
    float scale = 1.0f;    // multiplies q·kᵀ
    float softcap = 0.0f;  // > 0: softcap·tanh(s / softcap), after the bias, before the mask
    MaskRule mask;         // in the queries' and keys' own positions
    // Shared and never changed once made: copies of the rule (traces, prefix states) share it.
    std::shared_ptr<const PositionBias> bias;
    // Per head, the sink logit (heads); null without sinks. Shared and never changed, as bias.
    std::shared_ptr<const std::vector<float>> sinks;

    bool hasSinks() const { return sinks != nullptr; }
};

// scores: (N, S) the products q·kᵀ of `head` for the queries at positions firstQuery ..
// firstQuery + N − 1 over keys 0 .. S − 1. Turns them, in place, into softmax weights:
//   scale → + bias → softcap → mask (−∞) → softmax of each row (with the head's sink, if any).
// record: receives the scaled, biased (with a bias), softcapped (with a softcap) and masked
// scores, as the step pages show them.
void applyScoringRule(MatrixF& scores, int head, int firstQuery, const ScoringRule& rule,
                      HeadSteps* record = nullptr);

}  // namespace headmap
