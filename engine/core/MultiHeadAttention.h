#pragma once
// Multi-head self-attention, the one implementation every model in Headmap shares:
//   MultiHead(X) = Concat(head_1..head_h)·W_O + b_O
//   head_i       = softmax(mask(cap(s · rot(norm(X·W_Q,i + b_Q,i)) · rot(norm(X·W_K,g + b_K,g))ᵀ)))
//                  · (X·W_V,g + b_V,g),   g = the K/V head of head i
// where norm (QK-norm), rot (RoPE), cap (softcap) and the mask rule come from AttentionSpec.
// Dimension legend: T tokens, D = d_model, H query heads, KV key/value heads, Dh = head_dim.

#include "core/AttentionSpec.h"
#include "core/HeadSteps.h"
#include "core/Linear.h"

namespace headmap {

struct AttentionWeights {
    Linear query;   // D -> H·Dh, head i owns output columns [i·Dh, (i+1)·Dh)
    Linear key;     // D -> KV·Dh
    Linear value;   // D -> KV·Dh
    Linear output;  // H·Dh -> D
};

// What the caller wants back besides the block's output. Everything is opt-in, so a pass that
// asks for nothing pays for nothing.
struct AttentionCapture {
    float* weights = nullptr;     // (H, T, T) softmax weights, written when non-null
    int stepsHead = -1;           // head whose intermediate matrices go to steps
    HeadSteps* steps = nullptr;
};

// x: (T, D). Returns (T, D). Throws std::invalid_argument when the weights' shapes do not fit
// the spec (both numbers in the message).
MatrixF multiHeadSelfAttention(const AttentionWeights& weights, const AttentionSpec& spec,
                               const MatrixF& x, const AttentionCapture& capture = {});

// The classic form: heads of width D / heads, 1/√d_head, no extras.
MatrixF multiHeadSelfAttention(const AttentionWeights& weights, const MatrixF& x, int heads,
                               bool causal, const AttentionCapture& capture = {});

}  // namespace headmap
