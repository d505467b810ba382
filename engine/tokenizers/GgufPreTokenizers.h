#pragma once
// The pre-tokenizers of GGUF byte-level BPE tokenizers, chosen by tokenizer.ggml.pre as
// llama.cpp's llm_tokenizer_bpe (src/llama-vocab.cpp) chooses its regex lists: each regex of the
// list splits the pieces the previous one left, keeping matches and the text between them as
// words of their own (Split with "Isolated"), then every word is written in GPT-2's byte alphabet.
// The regexes are those of the models' tokenizer.json files, run on PCRE2 as Headmap runs those.

#include <memory>

#include <QString>

#include "tokenizers/PreTokenizer.h"

namespace headmap {

struct GgufPreTokenizerPreset {
    std::unique_ptr<PreTokenizer> preTokenizer;
    bool ignoreMerges = false;  // a word that is a piece is taken whole (Llama-3)
    bool addBos = false;        // llama.cpp's add_bos default when the file does not say
};

// The preset of a tokenizer.ggml.pre value; preTokenizer is null for a name Headmap does not know.
GgufPreTokenizerPreset ggufPreTokenizer(const QString& pre);
// The names ggufPreTokenizer knows, for messages: "default, llama3, ...".
QString supportedGgufPreTokenizers();

// One step of preset `pre`: splits by `pattern`, keeping the matches and the text between them
// as words (Split, "Isolated"). The patterns are Headmap's own, so one that does not compile is
// a bug in Headmap (or a PCRE2 without a feature they use), never the file's fault; it is still
// a ModelError naming the preset and the pattern, as the model cannot be loaded.
std::unique_ptr<PreTokenizer> ggufSplitStep(const QString& pre, const QString& pattern);

}  // namespace headmap
