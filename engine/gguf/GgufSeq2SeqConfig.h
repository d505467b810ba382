#pragma once
// The Seq2SeqConfig and tensor names of a GGUF encoder–decoder: llama.cpp's `t5` architecture,
// as convert_hf_to_gguf.py's T5Model writes T5, Flan-T5 and mT5 (set_gguf_parameters,
// modify_tensors) and src/llama-model.cpp load_hparams / load_tensors read them back. umT5
// files, whose blocks each hold a relative bias, are refused.
//
// Where a GGUF file keeps less than config.json, llama.cpp's own choice is followed:
//   - relative_attention_max_distance is 128 (llama_relative_position_bucket hard-codes it);
//   - the feed-forward is gated GELU (ggml_gelu, the tanh form: gelu_new) when the layers hold
//     ffn_gate, else ReLU: feed_forward_proj is not stored;
//   - the decoder's output goes to the head unscaled (llm_build_t5_dec): a tied T5 v1.0's
//     d_model^-0.5 is not applied, which changes the logits' size but not which token wins;
//   - a file without output.weight uses token_embd as the head (TENSOR_DUPLICATED).
// generation_config.json has no GGUF twin: greedy decoding uses t5.decoder_start_token_id
// (else the padding token), tokenizer.ggml.eos_token_id and transformers' default of 20 tokens.

#include <vector>

#include "formats/GgufFile.h"
#include "gguf/GgufTensorMap.h"
#include "seq2seq/Seq2SeqConfig.h"

namespace headmap {

struct FamilyTraits;

// Throws ModelError naming the file and the key or tensor (expected vs found).
Seq2SeqConfig ggufSeq2SeqConfig(const GgufFile& file, const FamilyTraits& family);

// Every tensor EncoderDecoderModel reads for `config`, under its Hugging Face name, with its
// GGUF name and shape (the head only when the file holds one).
std::vector<GgufTensorMapping> ggufSeq2SeqTensorMappings(const Seq2SeqConfig& config, const FamilyTraits& family,
                                                         const GgufFile& file);

}  // namespace headmap
