#pragma once
// Builds a tokenizer from a tokenizer.json file (the format of Hugging Face's tokenizers library,
// which transformers' *TokenizerFast classes save).

#include <memory>

#include "tokenizers/HfTokenizer.h"

namespace headmap {

// Throws ModelError "<path>: <part>: <what>" for anything missing, malformed or unsupported.
std::unique_ptr<HfTokenizer> loadTokenizerJson(const QString& path);

}  // namespace headmap
