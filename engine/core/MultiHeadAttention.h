#pragma once
// Multi-head self-attention, the one implementation every model in Headmap shares:
//   MultiHead(X) = Concat(head_1..head_h)·W_O + b_O
//   head_i       = softmax(mask(cap(s · rot(norm(X·W_Q,i + b_Q,i)) · rot(norm(X·W_K,g + b_K,g))ᵀ)))
//                  · (X·W_V,g + b_V,g),   g = the K/V head of head i
// where norm (QK-norm), rot (RoPE), cap (softcap) and the mask rule come from AttentionSpec.
// Dimension legend: T tokens, D = d_model, H query heads, KV key/value heads, Dh = head_dim.

#include <functional>
#include <vector>

#include "core/AttentionSpec.h"
#include "core/HeadAblation.h"
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
    // Called with each head's (T, T) weights as they are computed. Heads run in parallel, so
    // calls for different heads can come at the same time from different threads.
    std::function<void(int head, const MatrixF& weights)> headWeights;
    // Receive the block's q (T, H·Dh) and k (T, KV·Dh) after QK-norm and the position transform,
    // the inputs of attentionWeightsOfHead, when non-null.
    MatrixF* queries = nullptr;
    MatrixF* keys = nullptr;
    int stepsHead = -1;           // head whose intermediate matrices go to steps
    HeadSteps* steps = nullptr;
    // (H, T) ‖(x_j·W_V,g + b_V,g)·W_O,h‖ per query head h and key j, written when non-null: the
    // length of what key j can add through head h (Kobayashi et al. 2020), without b_O.
    float* valueNorms = nullptr;
    // Heads of this block to switch off. Only head and mode are read (the caller picks the
    // layer). The head's output columns of concat (softmax·V, before W_O) become zeros or their
    // mean over the T positions, TransformerLens's hook_z ablation. The recorded weights stay
    // the head's own; steps->headOutput and steps->concat show the ablated values, which are
    // what W_O received.
    std::vector<HeadAblation> ablations;
    // Prefix reuse (model/PrefixState.h): the keys after QK-norm and the position transform and
    // the values, (T, KV·Dh) each, as the scores read them; written when non-null.
    MatrixF* stateKeys = nullptr;
    MatrixF* stateValues = nullptr;
};

// One head's softmax weights (T, T) from the block's q (T, H·Dh) and k (T, KV·Dh) as
// AttentionCapture::queries / keys hold them: scale, softcap, mask and softmax of spec (its
// rotary table and QK-norm are not read; they were applied already). The forward pass and
// AttentionTrace's on-demand heads both call this, so a recomputed head has the same bits as
// the one the forward pass computed. The scores product runs on the calling thread only:
// Eigen would split it over threads differently inside and outside a parallel region, and the
// split changes the rounding. record: the head's scores, scaled, softcapped and masked steps.
MatrixF attentionWeightsOfHead(const MatrixF& queries, const MatrixF& keys, int head,
                               const AttentionSpec& spec, HeadSteps* record = nullptr);

// x: (T, D). Returns (T, D). Throws ModelError when the weights' shapes do not fit the spec or
// x (both numbers in the message) or the spec's heads do not divide, InputError for an ablated
// head outside the spec or a rotary table shorter than x.
MatrixF multiHeadSelfAttention(const AttentionWeights& weights, const AttentionSpec& spec,
                               const MatrixF& x, const AttentionCapture& capture = {});

// Self- or cross-attention: queries from x (T, D), keys and values from *memory (S, D_mem), the
// encoder's output, when memory is non-null (a decoder's cross-attention), else from x. Heads'
// weights are (T, S). Cross-attention takes no rotary table and no mask (ModelError).
MatrixF multiHeadAttention(const AttentionWeights& weights, const AttentionSpec& spec, const MatrixF& x,
                           const MatrixF* memory, const AttentionCapture& capture = {});

// The classic form: heads of width D / heads, 1/√d_head, no extras.
MatrixF multiHeadSelfAttention(const AttentionWeights& weights, const MatrixF& x, int heads,
                               bool causal, const AttentionCapture& capture = {});

}  // namespace headmap
