#pragma once
// The tokenizer a GGUF file describes in its tokenizer.ggml.* metadata, built from the same
// parts a tokenizer.json would give (HfTokenizer), run as llama.cpp's llama_vocab::tokenize runs
// it with parse_special on (the way Hugging Face tokenizers always match special tokens):
//
// - "llama" (SentencePiece): " " → "▁", a "▁" in front of the text and after every special token
//   (add_space_prefix, default on), merges chosen by score (GgufSentencePieceModel), "<0xE5>"
//   byte pieces for characters outside the vocabulary; BOS added by default.
// - "gpt2" (byte-level BPE): the regexes named by tokenizer.ggml.pre (GgufPreTokenizers), GPT-2's
//   byte alphabet, merges ranked by their order; BOS only when the file (or, for Llama-3, the
//   pre-tokenizer) says so.
// - "t5" (SentencePiece Unigram, llama.cpp's UGM): GgufUnigramTokenizer.
// - Tokens of type control and unknown are special; they and user-defined tokens are matched in
//   the text before anything else. No normalizer runs: llama.cpp has none for these types.

#include <memory>

#include "model/Tokenizer.h"

namespace headmap {

class GgufFile;
class GgufMetadata;

// Throws ModelError naming the file and the key (expected vs found).
std::unique_ptr<Tokenizer> loadGgufTokenizer(const GgufFile& file);
// The same from metadata alone (path for messages).
std::unique_ptr<Tokenizer> loadGgufTokenizer(const GgufMetadata& metadata, const QString& path);

}  // namespace headmap
