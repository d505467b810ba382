#pragma once
// The tokenizer of a GGUF file whose tokenizer.ggml.model is "t5" (llama.cpp's UGM: T5, mT5 and
// Flan-T5 files converted by convert_hf_to_gguf.py from spiece.model), run as llama.cpp's
// llm_tokenizer_ugm_session (src/llama-vocab.cpp) runs it:
//  1. control, unknown and user-defined tokens are cut out of the text first (parse_special);
//  2. each run between them is normalized: at every byte, a user-defined token is kept as it
//     is, else the longest key of tokenizer.ggml.precompiled_charsmap is replaced (SentencePiece's
//     nmt_nfkc rules), else one UTF-8 character is kept; spaces become "▁", one "▁" goes in front
//     of the first word (add_space_prefix, on by default) and, with remove_extra_whitespaces, in
//     front of every word while the spaces themselves are dropped;
//  3. Viterbi over the normalized bytes: every normal, user-defined or unused piece starting at a
//     character is a candidate with its score (user-defined ones 0); a character no piece of its
//     own length covers gets the unknown token at the lowest normal score minus 10; ties keep the
//     first candidate (shorter pieces first); consecutive unknown tokens become one;
//  4. with special tokens: BOS first if tokenizer.ggml.add_bos_token says so (off for "t5"), EOS
//     last (add_eos_token, on for "t5").
// Decoding is llama_detokenize: the trailing EOS dropped when skipping special tokens, control
// and unknown tokens written only when not skipping, "▁" back to spaces, the first token's
// leading space dropped (add_space_prefix); unused pieces ([PAD5]) write nothing.
// Where llama.cpp and SentencePiece differ (the unused [PADn] pieces convert_hf_to_gguf.py pads
// the vocabulary with are candidates here), Headmap follows llama.cpp for GGUF files.

#include <vector>

#include <QByteArray>
#include <QHash>
#include <QString>
#include <QStringList>

#include "model/TargetSideTokenizer.h"
#include "model/Tokenizer.h"
#include "tokenizers/AddedTokenMatcher.h"
#include "tokenizers/GgufVocabulary.h"
#include "tokenizers/PieceTrie.h"
#include "tokenizers/PrecompiledCharsMap.h"

namespace headmap {

class GgufUnigramTokenizer : public Tokenizer, public TargetSideTokenizer {
public:
    // vocabulary.model must be Unigram; throws ModelError naming path and the key for a broken
    // charsmap or special tokens that are to be added but missing.
    GgufUnigramTokenizer(GgufVocabulary vocabulary, const QString& path);

    Encoding encode(const QString& text, bool addSpecialTokens) const override;
    std::optional<int> tokenToId(const QString& token) const override;
    // Throws InputError for an id outside tokenizer.ggml.tokens.
    Encoding fromIds(const std::vector<int>& ids) const override;
    int vocabSize() const override { return m_vocabulary.size(); }
    PieceStyle pieceStyle() const override { return PieceStyle::SentencePiece; }

    Encoding encodeTarget(const QString& text, bool addSpecialTokens) const override {
        return encode(text, addSpecialTokens);
    }
    Encoding targetFromIds(const std::vector<int>& ids) const override { return fromIds(ids); }
    QString decodeTarget(const std::vector<int>& ids, bool skipSpecial) const override;

private:
    QByteArray normalize(const QByteArray& text) const;
    // The bytes at offset as normalize_prefix gives them, and how many input bytes they take.
    QByteArrayView normalizePrefix(const QByteArray& text, qsizetype offset, qsizetype& consumed) const;
    void tokenizeRun(const QString& text, std::vector<int>& ids) const;
    bool isType(int id, GgufTokenType type) const { return m_vocabulary.types[size_t(id)] == type; }
    Encoding labelled(Encoding encoding) const;

    GgufVocabulary m_vocabulary;
    std::optional<PrecompiledCharsMap> m_charsMap;
    PieceTrie m_pieces;       // normal, user-defined and unused tokens
    PieceTrie m_userDefined;  // user-defined tokens only
    AddedTokenMatcher m_specialTokens;
    double m_unknownScore = 0.0;
    int m_unknownId = 0;
    bool m_addBos = false;
    bool m_addEos = true;
};

}  // namespace headmap
