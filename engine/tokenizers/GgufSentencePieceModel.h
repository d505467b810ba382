#pragma once
// The SentencePiece BPE of GGUF files with tokenizer.ggml.model "llama", as llama.cpp's
// llm_tokenizer_spm_session (src/llama-vocab.cpp) runs it: the text (spaces already "▁") starts as
// one symbol per character; the adjacent pair whose concatenation is a vocabulary piece with the
// highest score (leftmost among equals) is merged until no pair forms a piece. A final symbol
// that is not a piece is written as its UTF-8 bytes, "<0xE5>" pieces; a byte without one becomes
// the unknown token, or is dropped when there is none.
//
// No merge list is needed: the scores order the merges. Hugging Face's tokenizer.json for the
// same model lists merges sorted by those scores (transformers' SentencePieceExtractor); the two
// can differ only where a piece has several splits or two pieces tie, and agree on every golden
// string (tst_gguftokenizer).

#include <array>
#include <optional>
#include <vector>

#include "tokenizers/TokenizerModel.h"

namespace headmap {

class GgufSentencePieceModel : public TokenizerModel {
public:
    // scores: one per id of vocabulary (ids 0..maxId).
    GgufSentencePieceModel(Vocabulary vocabulary, std::vector<float> scores, std::optional<int> unknownId);
    void tokenize(const QString& word, std::vector<int>& ids) const override;

private:
    std::vector<float> m_scores;
    std::optional<int> m_unknownId;
    std::array<int, 256> m_byteIds{};  // the id of "<0xXX>" per byte, or -1
};

}  // namespace headmap
