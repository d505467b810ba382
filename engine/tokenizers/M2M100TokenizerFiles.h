#pragma once
// Reading an M2M100 folder (facebook/m2m100_418M and kin) as transformers'
// M2M100Tokenizer.from_pretrained does: sentencepiece.bpe.model and vocab.json, and
// tokenizer_config.json with special_tokens_map.json over it for the special tokens,
// language_codes ("m2m100" or "wmt21"), src_lang, tgt_lang and clean_up_tokenization_spaces.

#include <memory>

#include <QString>

#include "tokenizers/M2M100Tokenizer.h"

namespace headmap {

// Whether the folder is M2M100's: sentencepiece.bpe.model with vocab.json beside it (the loader
// asks when there is no tokenizer.json; the files decide, not a model type).
bool isM2M100TokenizerFolder(const QString& folder);

// Throws ModelError naming the file and field that is missing, malformed or unknown (a
// language_codes list or a src_lang transformers does not know).
std::unique_ptr<M2M100Tokenizer> loadM2M100Tokenizer(const QString& folder);

}  // namespace headmap
