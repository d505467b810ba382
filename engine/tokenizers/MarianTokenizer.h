#pragma once
// Marian's tokenizer (Helsinki-NLP/opus-mt-* translation models), run as transformers'
// MarianTokenizer runs it (models/marian/tokenization_marian.py; Marian has no tokenizer.json).
// A Marian folder has two SentencePiece models, source.spm and target.spm, and vocab.json,
// Marian's own numbering of their pieces ("</s>" 0, "<unk>" 1, ..., "<pad>" last), shared by both
// sides, or vocab.json for the source and target_vocab.json for the target (separate_vocabs).
//
// Encoding one side (encode: source.spm and vocab.json; encodeTarget, what transformers' text_target=
// gives for teacher forcing: target.spm, and target_vocab.json when separate):
//  1. the special tokens ("</s>", "<unk>", "<pad>", additional ones) are cut out of the text
//     (the slow tokenizer's Trie: leftmost, longest first) and kept as tokens;
//  2. a piece of text between them that starts with ">>" and has a "<<" later keeps everything up
//     to that first "<<" as one token, the target-language code (">>dan<<"), looked up as is;
//  3. the rest is split into pieces by the side's SentencePiece model (normalization, "▁");
//  4. every token is looked up among the special tokens, then in the side's vocabulary; a piece
//     the vocabulary lacks becomes "<unk>" (the two are numbered independently);
//  5. "</s>" is appended when special tokens are added.
// transformers' `normalize` (sacremoses' punctuation normalizer) is not part of this: nothing in
// tokenize() or __call__ calls it. Special tokens keep the ids of the source vocabulary on the
// target side too, as in transformers (added tokens are looked up before the side's vocabulary).
//
// decodeTarget is transformers' decode(ids, skip_special_tokens): ids become pieces (special
// tokens, the target vocabulary, else the SentencePiece model's own numbering), runs of pieces
// between special tokens are decoded by SentencePiece, each special token is kept and followed by
// a space, "▁" becomes a space and the ends are stripped. With a shared vocabulary transformers
// (since 2025-11) decodes with source.spm, with separate ones with target.spm; both do here.
//
// encodeLimited is Tokenizer's default: the whole text is encoded, then cut. SentencePiece segments
// a text as a whole, and stopping early would need proof that its normalization and lattice
// never look past the cut; the library encodes about 3.5 MB of text a second
// (tests/bench/bench_marian_tokenizer: 2,000 tokens in 2 ms, 1 MB in 0.3-0.45 s).

#include <memory>
#include <optional>
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

struct MarianTokenizerParts {
    std::unique_ptr<SentencePieceFile> sourceModel;  // source.spm
    std::unique_ptr<SentencePieceFile> targetModel;  // target.spm
    Vocabulary sourceVocabulary;                     // vocab.json
    std::optional<Vocabulary> targetVocabulary;      // target_vocab.json, with separate_vocabs
    // The special tokens with their ids in the source vocabulary (or after it), in transformers'
    // order (bos, eos, unk, sep, pad, cls, mask, then additional ones); unk is not "special" in
    // Encoding::special (transformers' special-token mask leaves it out), the others are.
    std::vector<AddedToken> specialTokens;
    int eosId = -1;
    int unkId = -1;
    int padId = -1;
    bool splitSpecialTokens = false;         // tokenizer_config.json: special tokens are text
    bool cleanUpTokenizationSpaces = false;  // decode joins " ." → "." etc. (transformers' default off)
    QString sourceLanguage;                  // tokenizer_config.json's source_lang, target_lang
    QString targetLanguage;
};

class MarianTokenizer : public Tokenizer, public TargetSideTokenizer {
public:
    explicit MarianTokenizer(MarianTokenizerParts parts);

    // The source side.
    Encoding encode(const QString& text, bool addSpecialTokens) const override;
    // The target side, for teacher forcing (transformers' text_target=).
    Encoding encodeTarget(const QString& text, bool addSpecialTokens) const override;
    // Target ids to text; throws InputError naming an id neither vocabulary nor model has.
    QString decodeTarget(const std::vector<int>& ids, bool skipSpecial) const override;

    std::optional<int> tokenToId(const QString& token) const override;
    // Source ids; throws InputError for an id with no piece.
    Encoding fromIds(const std::vector<int>& ids) const override;
    // Target ids (the decoder's tokens); throws InputError for an id with no piece.
    Encoding fromTargetIds(const std::vector<int>& ids) const;
    Encoding targetFromIds(const std::vector<int>& ids) const override { return fromTargetIds(ids); }
    int vocabSize() const override { return m_vocabSize; }
    int targetVocabSize() const { return m_targetVocabSize; }
    PieceStyle pieceStyle() const override { return PieceStyle::SentencePiece; }

    int eosId() const { return m_parts.eosId; }
    int unkId() const { return m_parts.unkId; }
    int padId() const { return m_parts.padId; }
    // The target-language codes of the vocabulary (">>dan<<", ">>zho<<", ...), in id order, for a
    // chooser: a source text starting with one asks a multi-target model for that language. Taken
    // from the source vocabulary, where the codes are looked up (transformers' own list,
    // supported_language_codes, is empty for separate vocabularies).
    QStringList languageCodes() const { return m_languageCodes; }
    QStringList sourceTextLanguageCodes() const override { return m_languageCodes; }
    const QString& sourceLanguage() const { return m_parts.sourceLanguage; }
    const QString& targetLanguage() const { return m_parts.targetLanguage; }
    bool separateVocabularies() const { return m_parts.targetVocabulary.has_value(); }

private:
    struct Side {
        const SentencePieceFile* model;
        const Vocabulary* vocabulary;
    };
    Side sourceSide() const;
    Side targetSide() const;
    Encoding encodeSide(const Side& side, const QString& text, bool addSpecialTokens) const;
    // Steps 2 to 4 for one piece of text between special tokens.
    void encodeText(const Side& side, const QString& text, Encoding& encoding) const;
    int idOf(const Side& side, const QString& token) const;
    // The piece fromIds shows for an id (special token, else vocabulary); null when none.
    QString pieceOf(const Side& side, int id) const;
    Encoding fromSideIds(const Side& side, const std::vector<int>& ids) const;
    void appendToken(const Side& side, int id, Encoding& encoding) const;
    Encoding labelled(Encoding encoding) const;

    MarianTokenizerParts m_parts;
    AddedTokenMatcher m_specialTokens;
    QHash<int, int> m_specialByIds;   // id → index into m_specialTokens.tokens()
    QSet<QString> m_specialContents;  // all_special_tokens
    int m_vocabSize = 0;
    int m_targetVocabSize = 0;
    QStringList m_languageCodes;
};

}  // namespace headmap
