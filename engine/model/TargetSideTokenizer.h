#pragma once
// The target side of a translation model's tokenizer, where it differs from the source side
// (Marian: target.spm and, with separate vocabularies, target_vocab.json). An encoder–decoder
// model names its decoder's tokens and reads a target text with it; a tokenizer that does not
// implement it serves both sides with Tokenizer::encode / fromIds.

#include <vector>

#include "model/Tokenizer.h"

namespace headmap {

class TargetSideTokenizer {
public:
    virtual ~TargetSideTokenizer() = default;
    // A target text as transformers' tokenizer(text_target=...) gives it (the end token
    // appended when addSpecialTokens).
    virtual Encoding encodeTarget(const QString& text, bool addSpecialTokens) const = 0;
    // Target ids with their pieces; throws InputError for an id outside the target vocabulary.
    virtual Encoding targetFromIds(const std::vector<int>& ids) const = 0;
    // Target ids as text (skipSpecial: without </s>, <pad>, language codes).
    virtual QString decodeTarget(const std::vector<int>& ids, bool skipSpecial) const = 0;
    // The target-language codes a source text may start with to choose the output language of a
    // multi-target model (Marian's ">>dan<<"); empty for a model of one language pair.
    virtual QStringList sourceTextLanguageCodes() const { return {}; }
};

}  // namespace headmap
