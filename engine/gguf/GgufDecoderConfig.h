#pragma once
// The DecoderConfig of a GGUF file, from its `{arch}.*` metadata (llama.cpp src/llama-arch.cpp
// LLM_KV names, read as src/llama-model.cpp load_hparams does) and the shapes of its tensors,
// so that DecoderModel runs it like the Hugging Face model it was converted from.
//
// general.architecture -> transformers model_type by the family traits (GgufTraits in
// hf/FamilyTraits.h): llama (also Mistral, SmolLM, TinyLlama files; with expert_count, mixtral),
// smollm3, qwen2, qwen3, gemma2, gemma3 (gemma3_text), phi3, qwen3moe (qwen3_moe), olmoe,
// gpt-oss (gpt_oss), gptneox (gpt_neox). The experts' keys: gguf/GgufExperts.h.
//
// Where a GGUF file keeps less than config.json, llama.cpp's own choice is followed:
//   - Gemma 2/3 scale q·kᵀ by 1/√key_length, and the 27B sizes (46 and 62 blocks) by 1/√(D/H),
//     because query_pre_attn_scalar is not stored (sources at gemmaQueryPreAttnScalar in the .cpp);
//   - Gemma 2 slides on even layers, Gemma 3 on all but every sixth, its local rope with
//     base 10000 and no scaling;
//   - llama 3 rope scaling arrives as the per-frequency divisors of the tensor rope_freqs.weight
//     (LlamaModel.generate_extra_tensors), Phi-3 LongRoPE as rope_factors_short/long.weight:
//     both become RopeParameters::LongRope, whose inverse frequencies are
//     1 / (factor_i · θ^(2i/d)), the same numbers;
//   - SmolLM3 rotates no q and k on every fourth layer and never slides (no_rope_layers and
//     use_sliding_window are not stored; GgufTraits::noRopeLayerStep);
//   - mixture-of-experts renormalisation is the architecture's (norm_topk_prob is not stored;
//     GgufTraits::renormaliseExperts), and gpt-oss's YaRN does not truncate (GgufTraits::yarnTruncate).

#include "formats/GgufFile.h"
#include "hf/DecoderConfig.h"

namespace headmap {

// Throws ModelError naming the file and the key or tensor (expected vs found) when the file is
// not a decoder Headmap knows or its metadata are missing or inconsistent.
DecoderConfig ggufDecoderConfig(const GgufFile& file);

}  // namespace headmap
