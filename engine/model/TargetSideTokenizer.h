#pragma once
// The target side of a translation model's tokenizer, where it differs from the source side
// (Marian: target.spm and, with separate vocabularies, target_vocab.json). An encoder–decoder
// model names its decoder's tokens and reads a target text with it; a tokenizer that does not
// implement it serves both sides with Tokenizer::encode / fromIds.

#include <vector>

#include "model/LanguageChoice.h"
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

    // Languages the tokenizer marks with its own special tokens (M2M100's "__da__" before the
    // source and before the target), as the family writes them, in id order; empty when it has
    // none. The language arguments below are one of these, or empty for the default.
    virtual QStringList sourceLanguageCodes() const { return {}; }
    virtual QStringList targetLanguageCodes() const { return {}; }
    // tokenizer_config.json's src_lang and tgt_lang as transformers applies them when loading
    // (M2M100: source "en" when unset; an unset target stays empty).
    virtual LanguageChoice defaultLanguages() const { return {}; }
    // The source with the special tokens of `language` (transformers: tokenizer.src_lang = ...).
    // Every implementation is a Tokenizer too; without languages this is its encode().
    virtual Encoding encodeSourceIn(const QString& text, bool addSpecialTokens, const QString& language) const {
        Q_UNUSED(language);
        return dynamic_cast<const Tokenizer&>(*this).encode(text, addSpecialTokens);
    }
    // The target with the special tokens of languages.target (tokenizer.tgt_lang = ..., then
    // text_target=; NLLB and mBART-50 without any target language use the source's, as
    // transformers' target mode does); throws InputError when no target language is named.
    virtual Encoding encodeTargetIn(const QString& text, bool addSpecialTokens, const LanguageChoice& languages) const {
        Q_UNUSED(languages);
        return encodeTarget(text, addSpecialTokens);
    }
    // The id of a target language's token, what generation forces first (get_lang_id); -1 for
    // none.
    virtual int languageTokenId(const QString& language) const {
        Q_UNUSED(language);
        return -1;
    }
    // The decoder's first token for these languages when the tokenizer's family chooses it
    // (mBART-25: the target language's token, which MBart's shift_tokens_right wraps from the
    // labels' end to the front; generation starts there and forces no language); -1 to use the
    // model's decoder_start_token_id.
    virtual int decoderStartTokenId(const LanguageChoice& languages) const {
        Q_UNUSED(languages);
        return -1;
    }
};

}  // namespace headmap
