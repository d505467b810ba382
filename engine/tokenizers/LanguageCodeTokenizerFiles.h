#pragma once
// Which tokenizer.json folders mark languages with special tokens, read from
// tokenizer_config.json as transformers' classes read it: tokenizer_class (NllbTokenizer,
// MBart50Tokenizer, with or without "Fast"), src_lang, tgt_lang, legacy_behaviour (NLLB),
// additional_special_tokens / extra_special_tokens (the language codes).

#include <memory>

#include <QString>

#include "model/Tokenizer.h"

namespace headmap {

// `tokenizer` (FOLDER/tokenizer.json's) wrapped in a LanguageCodeTokenizer when FOLDER's
// tokenizer_config.json names such a class, else unchanged. Throws ModelError naming the file
// for a src_lang or tgt_lang that is not one of the codes, or an end token the tokenizer lacks.
std::unique_ptr<Tokenizer> withLanguageCodes(const QString& folder, std::unique_ptr<Tokenizer> tokenizer);

}  // namespace headmap
