#pragma once
// Reading a T5 folder that has spiece.model and no tokenizer.json (google/mt5-*, t5-v1_1, the
// original t5-small) as transformers' T5Tokenizer.from_pretrained reads its settings:
// tokenizer_config.json with special_tokens_map.json over it for eos/unk/pad, extra_ids,
// additional_special_tokens, added_tokens_decoder and clean_up_tokenization_spaces.

#include <memory>

#include <QString>

#include "tokenizers/T5SentencePieceTokenizer.h"

namespace headmap {

// Whether the folder holds spiece.model (the loader asks when there is no tokenizer.json).
bool isT5SentencePieceFolder(const QString& folder);

// Throws ModelError naming the file and field that is missing, malformed or contradictory.
std::unique_ptr<T5SentencePieceTokenizer> loadT5SentencePieceTokenizer(const QString& folder);

}  // namespace headmap
