#pragma once
// M2M100's tokenizer (facebook/m2m100_418M, m2m100_1.2B, wmt21-dense-*), run as transformers'
// M2M100Tokenizer runs it (models/m2m_100/tokenization_m2m_100.py; these folders have no
// tokenizer.json): one SentencePiece BPE model, sentencepiece.bpe.model, numbered through
// vocab.json (fairseq's dictionary: "<s>" 0, "<pad>" 1, "</s>" 2, "<unk>" 3, then pieces), and
// a language token per language, "__da__", numbered after vocab.json in the order of the
// family's list (FAIRSEQ_LANGUAGE_CODES "m2m100", 100 codes, or "wmt21", 8).
//
// Encoding (source, or target for teacher forcing, text_target=):
//  1. the special tokens (named ones and special_tokens_map.json's additional ones, which on the
//     Hub are the language tokens) are cut out of the text (leftmost, longest first) and kept;
//  2. the rest is split into pieces by the SentencePiece model;
//  3. each token is looked up among the special tokens, then the language tokens, then
//     vocab.json, else "<unk>";
//  4. with special tokens: the language's token first (src_lang, or tgt_lang for the target),
//     "</s>" last.
// Note, as in transformers: without additional_special_tokens in the settings the language
// tokens are not special (__init__'s check never adds them), so "__da__" in a text is split by
// SentencePiece like any text, and decoding keeps them.
// decodeTarget is decode(ids, skip_special_tokens): special tokens are not given to
// SentencePiece and are joined without spaces; the ends are stripped.

#include <memory>
#include <vector>

#include <QHash>
#include <QSet>
#include <QString>
#include <QStringList>

#include "model/TargetSideTokenizer.h"
#include "model/Tokenizer.h"
#include "tokenizers/AddedTokenMatcher.h"
#include "tokenizers/SentencePieceFile.h"
#include "tokenizers/Vocabulary.h"

namespace headmap {

struct M2M100TokenizerParts {
    std::unique_ptr<SentencePieceFile> model;  // sentencepiece.bpe.model
    Vocabulary vocabulary;                     // vocab.json
    QStringList languageCodes;                 // the family's codes ("da"), numbered after vocab.json
    std::vector<AddedToken> specialTokens;     // numbered, in transformers' order
    int eosId = -1;
    int unkId = -1;
    int padId = -1;
    bool cleanUpTokenizationSpaces = false;
    QString sourceLanguage;  // src_lang ("en" when unset), a code of languageCodes
    QString targetLanguage;  // tgt_lang, or empty
};

class M2M100Tokenizer : public Tokenizer, public TargetSideTokenizer {
public:
    explicit M2M100Tokenizer(M2M100TokenizerParts parts);

    // The source in the default source language.
    Encoding encode(const QString& text, bool addSpecialTokens) const override;
    Encoding encodeTarget(const QString& text, bool addSpecialTokens) const override;
    QString decodeTarget(const std::vector<int>& ids, bool skipSpecial) const override;
    Encoding targetFromIds(const std::vector<int>& ids) const override { return fromIds(ids); }

    // Languages as their tokens ("__da__"); the arguments may name a language by its token.
    QStringList sourceLanguageCodes() const override { return m_languageTokens; }
    QStringList targetLanguageCodes() const override { return m_languageTokens; }
    LanguageChoice defaultLanguages() const override;
    Encoding encodeSourceIn(const QString& text, bool addSpecialTokens, const QString& language) const override;
    Encoding encodeTargetIn(const QString& text, bool addSpecialTokens, const LanguageChoice& languages) const override;
    int languageTokenId(const QString& language) const override;

    std::optional<int> tokenToId(const QString& token) const override;
    // Ids to pieces; an id that is neither a special token, a language nor in vocab.json is
    // "<unk>", as _convert_id_to_token gives it. Throws InputError for a negative id.
    Encoding fromIds(const std::vector<int>& ids) const override;
    int vocabSize() const override { return m_vocabSize; }
    PieceStyle pieceStyle() const override { return PieceStyle::SentencePiece; }

    int eosId() const { return m_parts.eosId; }
    int unkId() const { return m_parts.unkId; }
    int padId() const { return m_parts.padId; }

private:
    // The token of a language given as its token or its code; throws InputError.
    int languageId(const QString& language, const QString& what) const;
    Encoding encodeWith(const QString& text, bool addSpecialTokens, int languageId) const;
    int idOf(const QString& token) const;
    QString pieceOf(int id) const;
    void appendToken(int id, Encoding& encoding, bool special) const;
    Encoding labelled(Encoding encoding) const;

    M2M100TokenizerParts m_parts;
    AddedTokenMatcher m_specialTokens;
    QHash<int, int> m_specialByIds;   // id → index into m_specialTokens.tokens()
    QSet<QString> m_specialContents;  // all_special_tokens
    QStringList m_languageTokens;     // "__da__", in id order
    int m_firstLanguageId = 0;        // len(vocab.json)
    int m_vocabSize = 0;
};

}  // namespace headmap
