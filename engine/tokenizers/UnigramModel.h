#pragma once
// The Unigram model (SentencePiece's, as T5, mT5, XLM-RoBERTa, mBART and NLLB tokenizer.json files
// hold it), run exactly as the Rust tokenizers library runs it (models/unigram/model.rs,
// encode_optimized): Viterbi over the word's UTF-8 bytes, every vocabulary piece that starts at a
// character a candidate with its score; a character no piece of its own length covers gets the
// unknown piece's candidate with the lowest score minus 10 (SentencePiece's kUnkPenalty). Ties
// keep the first candidate (shortest piece first, then the unknown one). Consecutive unknown
// characters fuse into one unknown token; with byte_fallback, an unknown stretch becomes its
// "<0xE5>" byte pieces when the vocabulary has them all.

#include <array>
#include <optional>
#include <utility>
#include <vector>

#include "tokenizers/PieceTrie.h"
#include "tokenizers/TokenizerModel.h"

namespace headmap {

struct UnigramOptions {
    std::optional<int> unkId;   // the unknown piece's index; without it unknown text is an error
    bool byteFallback = false;  // unknown stretches become "<0xE5>"-style byte pieces
};

class UnigramModel : public TokenizerModel {
public:
    // pieces: (piece, score) in id order. Throws ModelError for an empty list or an unk id
    // outside it (the caller adds where).
    UnigramModel(const std::vector<std::pair<QString, double>>& pieces, const UnigramOptions& options);
    // Throws InputError when the word holds a character no piece covers and there is no unk_id
    // (the Rust library's MissingUnkId).
    void tokenize(const QString& word, std::vector<int>& ids) const override;

    double score(int id) const { return m_scores[size_t(id)]; }
    std::optional<int> unkId() const { return m_options.unkId; }

private:
    // One token of the best path: bytes [start, end) of the word and its piece id.
    struct PathToken {
        qsizetype start;
        qsizetype end;
        int id;
    };
    std::vector<PathToken> bestPath(const QByteArray& utf8, const QString& word) const;
    // Fused unknown bytes [start, end): the piece they spell (rare), their byte pieces, or unk.
    void appendUnknown(const QByteArray& utf8, qsizetype start, qsizetype end, std::vector<int>& ids) const;

    UnigramOptions m_options;
    std::vector<double> m_scores;  // by id
    double m_unkScore = 0.0;       // the lowest score minus kUnkPenalty
    PieceTrie m_trie;
    std::array<int, 256> m_byteIds{};  // the id of "<0xXX>" per byte, or -1
};

}  // namespace headmap
