#pragma once
// Multi-head self-attention, the one implementation every model in Headmap shares:
//   MultiHead(X) = Concat(head_1..head_h)·W_O + b_O
//   head_i       = softmax((X·W_Q,i + b_Q,i)(X·W_K,i + b_K,i)ᵀ / √d_head + mask) · (X·W_V,i + b_V,i)
// Dimension legend: T tokens, D = d_model, H heads, Dh = d_head = D / H.

#include "core/HeadSteps.h"
#include "core/Linear.h"

namespace headmap {

struct AttentionWeights {
    Linear query;   // D -> D, head i owns output columns [i·Dh, (i+1)·Dh)
    Linear key;     // D -> D
    Linear value;   // D -> D
    Linear output;  // D -> D
};

// What the caller wants back besides the block's output. Everything is opt-in, so a pass that
// asks for nothing pays for nothing.
struct AttentionCapture {
    float* weights = nullptr;     // (H, T, T) softmax weights, written when non-null
    int stepsHead = -1;           // head whose intermediate matrices go to steps
    HeadSteps* steps = nullptr;
};

// x: (T, D). Returns (T, D).
MatrixF multiHeadSelfAttention(const AttentionWeights& weights, const MatrixF& x, int heads,
                               bool causal, const AttentionCapture& capture = {});

}  // namespace headmap
