#pragma once
// Tokenizers from the files that predate tokenizer.json: vocab.txt (BERT's WordPiece) or
// vocab.json + merges.txt (byte-level BPE), with tokenizer_config.json and
// special_tokens_map.json when present. The result is the tokenizer transformers builds when it
// converts such a folder's slow tokenizer into a fast one (BertConverter, GPT2Converter,
// RobertaConverter), so its ids match what tokenizer.json would give.

#include <memory>

#include "tokenizers/HfTokenizer.h"
#include "tokenizers/HfTokenizerLoader.h"

namespace headmap {

// nullptr when the folder has neither vocab.txt nor vocab.json + merges.txt; throws ModelError
// naming the file for malformed files or a model type whose legacy files Headmap does not know.
std::unique_ptr<HfTokenizer> loadLegacyTokenizer(const QString& folder,
                                                 const TokenizerLoadOptions& options);

}  // namespace headmap
