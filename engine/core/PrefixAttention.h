#pragma once
// The attention rows of new tokens over cached keys and values: what multiHeadSelfAttention
// computes for rows first..T-1 of a causal block, given rows 0..first-1 of its keys and values
// from an earlier run (prefix reuse, model/PrefixState.h). Same spec, same steps (QK-norm, RoPE
// at the new tokens' positions, scale, softcap, the causal or sliding-window mask, grouped-query
// K/V heads), so the rows equal a full run's to rounding.

#include "core/AttentionSpec.h"
#include "core/MultiHeadAttention.h"

namespace headmap {

// What the trace needs of the new rows. queries: the new tokens' queries after QK-norm and the
// position transform, (N, H·Dh), appended to the earlier run's so that the trace recomputes any
// head's (T, T) weights from them (core/LayerQueriesKeys.h). valueNorms: the block's (H, T)
// value norms as AttentionTrace::valueNormData(layer, 0) lays them out; entries first..T-1 are
// written, the others left alone. Both are optional.
struct PrefixCapture {
    MatrixF* queries = nullptr;
    float* valueNorms = nullptr;
};

// x: (N, D) the inputs of the new tokens at positions first..first+N-1, T = first + N.
// keys, values: (first, KV·Dh) on entry, the cached rows; (T, KV·Dh) on return, the new rows
// appended. spec.rotary, when set, must cover T positions. Returns the block's output for the
// new rows (N, D). Throws ModelError when the weights do not fit the spec or x (both numbers
// said), InputError when the cache or the rotary table does not fit the positions or the spec
// is not causal (an encoder's old rows change with every new token).
MatrixF prefixSelfAttention(const AttentionWeights& weights, const AttentionSpec& spec, const MatrixF& x,
                            int first, MatrixF& keys, MatrixF& values, const PrefixCapture& capture = {});

}  // namespace headmap
