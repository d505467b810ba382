#pragma once
// The step-by-step matrices of one attention head, captured on request during a forward pass.
// Orientation matches the textbook formula: q = x·w_q + b_q. Steps a model does not have stay
// empty (a 0×0 matrix): qNormed without QK-norm, the rotation without RoPE, softcapped without
// a softcap.

#include "core/AttentionSpec.h"
#include "core/Tensor.h"

namespace headmap {

struct HeadSteps {
    int layer = -1;
    int head = -1;
    int dModel = 0;
    int dHead = 0;
    bool causal = false;
    int heads = 0;
    int kvHead = 0;       // the K/V head this query head reads (grouped-query attention)
    int kvHeads = 0;
    float scale = 0.0f;   // what q·kᵀ was multiplied by
    float softcap = 0.0f;
    AttentionMask mask = AttentionMask::None;
    int window = 0;
    bool qkNormWholeProjection = false;
    // gpt-oss: the head's learned sink logit joins each row's softmax and is dropped afterwards,
    // so a row of weights sums to 1 − its sink mass (core/ScoringRule.h). Models without sinks: false.
    bool hasSink = false;
    float sink = 0.0f;

    MatrixF x;           // (T, d_model) input to the attention block, after any pre-norm
    // (S, d_model) cross-attention: the encoder's output, which K and V are made from (the
    // queries from x); empty for self-attention, where K and V come from x too.
    MatrixF memory;
    MatrixF wQ, wK, wV;  // (d_model, d_head) this head's slices of W_Q, W_K, W_V
    RowVectorF bQ, bK, bV;  // (d_head) zeros where the model has no bias
    MatrixF qProjected, kProjected;  // (T, d_head) x·w + b, before QK-norm and rotation
    MatrixF qNormed, kNormed;        // (T, d_head) after QK-norm; empty without it
    MatrixF rotaryAngles;            // (T, rotary_dim / 2) angle of each rotated pair; empty without RoPE
    float rotaryScaling = 1.0f;      // cos/sin multiplier (YaRN, LongRoPE)
    MatrixF q, k, v;     // (T, d_head) what the scores use: after QK-norm and rotation
    MatrixF scores;      // (T, T) q·kᵀ
    MatrixF scaled;      // (T, T) scores · scale
    MatrixF biased;      // (T, T) scaled + the position bias (T5); empty without one
    MatrixF softcapped;  // (T, T) softcap·tanh(scaled / softcap); empty without a softcap
    MatrixF masked;      // (T, T) -inf where the mask forbids attending
    MatrixF weights;     // (T, T) softmax of each row of masked (and the sink, dropped)
    MatrixF headOutput;  // (T, d_head) weights·v
    MatrixF concat;      // (T, heads·d_head) every head's output side by side
    MatrixF output;      // (T, d_model) concat·W_O + b_O
};

}  // namespace headmap
