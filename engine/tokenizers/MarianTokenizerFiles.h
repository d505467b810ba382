#pragma once
// Reading a Marian folder (Helsinki-NLP/opus-mt-*) as transformers' MarianTokenizer.from_pretrained
// does: source.spm, target.spm and vocab.json, target_vocab.json when tokenizer_config.json says
// separate_vocabs, and tokenizer_config.json with special_tokens_map.json over it for the special
// tokens (unk_token, eos_token, pad_token, additional ones), source_lang and target_lang,
// split_special_tokens and clean_up_tokenization_spaces.

#include <memory>

#include <QString>

#include "tokenizers/MarianTokenizer.h"

namespace headmap {

// Whether the folder is Marian's: it has source.spm, a name only MarianTokenizer uses (the loader
// asks when there is no tokenizer.json; the files decide, not a model type). A folder with
// source.spm but no vocab.json is a Marian folder missing a file, and loadMarianTokenizer says so.
bool isMarianTokenizerFolder(const QString& folder);

// Throws ModelError naming the file that is missing, malformed or inconsistent (for example a
// vocab.json without "<unk>", which transformers refuses too).
std::unique_ptr<MarianTokenizer> loadMarianTokenizer(const QString& folder);

}  // namespace headmap
