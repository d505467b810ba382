#pragma once
// T5's tokenizer for folders that ship only spiece.model (google-t5/t5-small once, google/mt5-*,
// t5-v1_1): Google's SentencePiece library splits the text, as T5 was trained (nmt_nfkc, "▁"
// dummy prefix), and the pieces keep the model's ids; T5Tokenizer's special tokens sit on top:
//  * "</s>" (eos), "<unk>", "<pad>" (the model's own pieces 1, 2, 0 in Google's files);
//  * extra_ids sentinels "<extra_id_N>" (tokenizer_config.json's extra_ids, default 100),
//    numbered after the model's pieces from the end, "<extra_id_0>" last, as
//    T5Converter.convert_from_spm appends them; tokenizer_config.json's added_tokens_decoder,
//    when there is one, gives the ids and lstrip/rstrip instead.
// Encoding (transformers' sentencepiece class, tokenization_utils_sentencepiece.py, with T5's
// template): special tokens are cut out of the text (leftmost, longest first); every run between
// them is split by SentencePiece on its own (each gets the dummy prefix); "</s>" is appended.
// Decoding (decode): convert_ids_to_tokens (special ids skipped on request), the tokens joined,
// "▁" turned into spaces, Python's strip(), then clean_up_tokenization_spaces if the settings ask.
// `legacy` is read by neither transformers' T5Tokenizer at the pinned commit nor here: every Hub
// T5 folder has the default (true), which is SentencePiece's plain behaviour.

#include <memory>
#include <vector>

#include <QHash>
#include <QString>

#include "model/TargetSideTokenizer.h"
#include "model/Tokenizer.h"
#include "tokenizers/AddedTokenMatcher.h"
#include "tokenizers/SentencePieceFile.h"

namespace headmap {

struct T5TokenizerParts {
    std::unique_ptr<SentencePieceFile> model;  // spiece.model
    std::vector<AddedToken> specialTokens;     // numbered: eos, unk, pad, sentinels, others
    int eosId = -1;
    int unkId = -1;
    int padId = -1;
    bool cleanUpTokenizationSpaces = false;
};

class T5SentencePieceTokenizer : public Tokenizer, public TargetSideTokenizer {
public:
    explicit T5SentencePieceTokenizer(T5TokenizerParts parts);

    Encoding encode(const QString& text, bool addSpecialTokens) const override;
    std::optional<int> tokenToId(const QString& token) const override;
    // Ids to pieces; throws InputError for an id that is neither a piece nor a special token.
    Encoding fromIds(const std::vector<int>& ids) const override;
    int vocabSize() const override { return m_vocabSize; }
    PieceStyle pieceStyle() const override { return PieceStyle::SentencePiece; }

    // T5 reads its target as its source (one vocabulary, "</s>" at the end).
    Encoding encodeTarget(const QString& text, bool addSpecialTokens) const override {
        return encode(text, addSpecialTokens);
    }
    Encoding targetFromIds(const std::vector<int>& ids) const override { return fromIds(ids); }
    QString decodeTarget(const std::vector<int>& ids, bool skipSpecial) const override;

    int eosId() const { return m_parts.eosId; }
    int unkId() const { return m_parts.unkId; }
    int padId() const { return m_parts.padId; }

private:
    int idOf(const QString& piece) const;
    // The piece of an id; throws InputError (position names it) outside the vocabulary.
    QString pieceOf(int id, size_t position) const;
    void appendToken(int id, Encoding& encoding, size_t position) const;

    T5TokenizerParts m_parts;
    AddedTokenMatcher m_specialTokens;
    QHash<int, int> m_specialByIds;  // id → index into m_specialTokens.tokens()
    int m_vocabSize = 0;
};

}  // namespace headmap
