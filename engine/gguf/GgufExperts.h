#pragma once
// Mixture-of-experts layers in GGUF files (issue #39), as convert_hf_to_gguf.py (ggml-org/
// llama.cpp) writes them for Mixtral (a "llama" file with experts), qwen2moe, qwen3moe, olmoe and
// gpt-oss:
//   - the router is blk.N.ffn_gate_inp (E, D) (gpt-oss: with a bias);
//   - the experts are stacked into 3-D tensors blk.N.ffn_{gate,up,down}_exps, ggml dims
//     [D, F, E] for gate and up and [F, D, E] for down (the Hugging Face (E, F, D) and (E, D, F));
//     gpt-oss's interleaved gate_up_proj is split into gate (its even columns) and up (odd),
//     transposed, MXFP4 blocks repacked in ggml's layout (GptOssModel.repack_mxfp4), biases
//     ffn_*_exps.bias (E, F) / (E, D); its sinks are blk.N.attn_sinks;
//   - Qwen2-MoE's shared expert is blk.N.ffn_{gate,up,down}_shexp, its sigmoid gate
//     blk.N.ffn_gate_inp_shexp (1, D);
//   - metadata {arch}.expert_count, expert_used_count, expert_feed_forward_length (qwen2moe,
//     qwen3moe, gpt-oss; Mixtral and OLMoE use feed_forward_length),
//     expert_shared_feed_forward_length (qwen2moe).
// A layer is sparse when it has a router tensor (Qwen3-MoE's mlp_only_layers keep ffn_gate /
// ffn_up / ffn_down). GgufCheckpoint reads one expert of a stacked tensor at a time, so only the
// experts tokens choose are ever dequantised.

#include <vector>

#include "gguf/GgufMetadataReader.h"
#include "gguf/GgufTensorMap.h"
#include "hf/DecoderConfig.h"

namespace headmap {

// The expert fields of `c` (whose layers and intermediateSize are read) for a family with a
// MoeTraits row. Throws ModelError naming the key and its value for what Headmap cannot run
// (shared experts where the family has none, another gating function, more experts used than
// there are).
void readGgufExperts(const GgufMetadataReader& read, const FamilyTraits& family, DecoderConfig& c);

// The router's and experts' tensors of sparse layer `layer`, appended to `list`.
void appendGgufExpertMappings(const DecoderConfig& c, int layer, std::vector<GgufTensorMapping>& list);

}  // namespace headmap
