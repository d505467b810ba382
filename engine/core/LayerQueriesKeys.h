#pragma once
// What a layer's attention weights are made of, kept by AttentionTrace instead of the weights:
// the queries and keys after QK-norm and the position transform, and the rest of the recipe
// (scale, softcap, mask rule, which K head each query head reads). attentionWeightsOfHead
// turns them into one head's (T, T) weights with the forward pass's own code.
//
// Memory: T·(H + KV)·Dh floats per layer instead of H·T². For a Qwen2.5-0.5B shape (24 layers,
// 14 query and 2 K heads of 64) that is 96 KB per token: 192 MB at 2,048 tokens (all the heads'
// weights would be 5.6 GB).

#include "core/AttentionSpec.h"
#include "core/Tensor.h"

namespace headmap {

struct LayerQueriesKeys {
    MatrixF queries;  // (T, H·Dh) query head h in columns [h·Dh, (h+1)·Dh)
    MatrixF keys;     // (T, KV·Dh)
    // heads, kvHeads, headDim, scale, softcap, mask, window; rotary and qkNorm are cleared
    // (already applied, and they point into the model, which may be gone).
    AttentionSpec scoring;
};

}  // namespace headmap
