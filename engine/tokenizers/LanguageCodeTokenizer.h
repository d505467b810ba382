#pragma once
// A tokenizer.json tokenizer whose family marks the languages with special tokens around the text,
// as transformers' NllbTokenizer (NLLB-200: "dan_Latn") and MBart50Tokenizer (mBART-50: "zh_CN")
// do: when loaded and whenever src_lang / tgt_lang change, they replace the file's post-processor
// by a TemplateProcessing of the language's token and "</s>" (set_src_lang_special_tokens,
// set_tgt_lang_special_tokens), so the file's own template (written for one default language)
// is never used. Here the wrapped tokenizer encodes the text without special tokens and the
// language's template is put around it:
//   Prefix (NLLB, mBART-50):   [lang] pieces </s>
//   Suffix (NLLB's legacy_behaviour, mBART-25):  pieces </s> [lang]
// for the source with src_lang, for the target (text_target=) with tgt_lang, which is src_lang
// when the folder sets none (_switch_to_target_mode).
// decodeTarget drops special tokens, joins the pieces, turns "▁" into spaces and strips the
// leading one (the Metaspace decoder these files use; byte-fallback pieces are not joined:
// NLLB's and mBART-50's SentencePiece models have no byte fallback). That is all transformers'
// fast tokenizer returns at the pinned commit: its _decode is the Rust decoder alone and ignores
// clean_up_tokenization_spaces (tokenization_utils_tokenizers.py), so no clean-up follows here.

#include <memory>

#include <QSet>
#include <QStringList>

#include "model/TargetSideTokenizer.h"
#include "model/Tokenizer.h"

namespace headmap {

enum class LanguagePlacement { Prefix, Suffix };

struct LanguageCodeSettings {
    QStringList codes;        // the language tokens, in id order
    QString sourceLanguage;   // src_lang, or the class's default
    QString targetLanguage;   // tgt_lang, or empty (then the source's)
    LanguagePlacement placement = LanguagePlacement::Prefix;
    bool languageStartsDecoder = false;  // mBART-25: the target language is the decoder's start
    int eosId = -1;
    QString eosToken;
};

class LanguageCodeTokenizer : public Tokenizer, public TargetSideTokenizer {
public:
    LanguageCodeTokenizer(std::unique_ptr<Tokenizer> inner, LanguageCodeSettings settings);

    Encoding encode(const QString& text, bool addSpecialTokens) const override;
    Encoding encodePair(const QString& first, const QString& second, bool addSpecialTokens) const override;
    std::optional<int> tokenToId(const QString& token) const override { return m_inner->tokenToId(token); }
    Encoding fromIds(const std::vector<int>& ids) const override { return m_inner->fromIds(ids); }
    int vocabSize() const override { return m_inner->vocabSize(); }
    PieceStyle pieceStyle() const override { return m_inner->pieceStyle(); }

    Encoding encodeTarget(const QString& text, bool addSpecialTokens) const override;
    Encoding targetFromIds(const std::vector<int>& ids) const override { return fromIds(ids); }
    QString decodeTarget(const std::vector<int>& ids, bool skipSpecial) const override;
    QStringList sourceLanguageCodes() const override { return m_settings.codes; }
    QStringList targetLanguageCodes() const override { return m_settings.codes; }
    LanguageChoice defaultLanguages() const override;
    Encoding encodeSourceIn(const QString& text, bool addSpecialTokens, const QString& language) const override;
    Encoding encodeTargetIn(const QString& text, bool addSpecialTokens, const LanguageChoice& languages) const override;
    int languageTokenId(const QString& language) const override;
    int decoderStartTokenId(const LanguageChoice& languages) const override;

    const Tokenizer& inner() const { return *m_inner; }

private:
    // The text between the language's special tokens; language is resolved here.
    // The target language as target mode chooses it: the chosen one, tgt_lang, the source's.
    QString targetLanguage(const LanguageChoice& languages) const;
    Encoding withLanguage(Encoding text, bool addSpecialTokens, const QString& language, const QString& what) const;

    std::unique_ptr<Tokenizer> m_inner;
    LanguageCodeSettings m_settings;
};

}  // namespace headmap
