#pragma once
// Hugging Face tokenizers, identical to the official implementation: from tokenizer.json when the
// folder has one, else from the legacy files (vocab.txt for WordPiece; vocab.json + merges.txt
// for byte-level BPE), with tokenizer_config.json / special_tokens_map.json when present.

#include <memory>

#include <QString>

#include "model/Tokenizer.h"

namespace headmap {

struct TokenizerLoadOptions {
    // config.json's model_type ("bert", "roberta", "distilbert", "gpt2"): chooses the legacy
    // defaults that transformers' tokenizer class for that model would use.
    QString modelType;
};

// Throws ModelError naming the file and the part that is missing or unsupported.
std::unique_ptr<Tokenizer> loadHfTokenizer(const QString& folder, const TokenizerLoadOptions& options);

}  // namespace headmap
