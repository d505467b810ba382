#pragma once
// A Hugging Face tokenizer assembled from its parts, run as the Rust tokenizers library runs it:
// added tokens are taken out of the raw text, the rest is normalized, pre-tokenized into words
// and each word tokenized by the model; the post-processor then adds the special tokens.

#include <memory>

#include "model/Tokenizer.h"
#include "tokenizers/AddedTokenMatcher.h"
#include "tokenizers/Normalizer.h"
#include "tokenizers/PostProcessor.h"
#include "tokenizers/PreTokenizer.h"
#include "tokenizers/TokenizerModel.h"

namespace headmap {

struct HfTokenizerParts {
    std::unique_ptr<Normalizer> normalizer;      // may be null
    std::unique_ptr<PreTokenizer> preTokenizer;  // may be null: the whole text is one word
    std::unique_ptr<TokenizerModel> model;
    std::unique_ptr<PostProcessor> postProcessor;  // may be null: sequences are concatenated
    std::vector<AddedToken> addedTokens;  // moved into the tokenizer's matcher
    // Model pieces are written in GPT-2's byte alphabet and shown decoded.
    bool byteLevel = false;
    // SentencePiece-style pieces (Llama-2, Gemma): this marker ("▁") stands for a space, and
    // "<0xE5>" pieces for bytes (byte_fallback). Both shown readably, as the decoder would.
    QString spaceMarker;
    bool byteFallbackPieces = false;
};

class HfTokenizer : public Tokenizer {
public:
    explicit HfTokenizer(HfTokenizerParts parts);

    Encoding encode(const QString& text, bool addSpecialTokens) const override;
    Encoding encodeLimited(const QString& text, bool addSpecialTokens, int maxTokens) const override;
    Encoding encodePair(const QString& first, const QString& second,
                        bool addSpecialTokens) const override;
    std::optional<int> tokenToId(const QString& token) const override;
    Encoding fromIds(const std::vector<int>& ids) const override;
    int vocabSize() const override { return m_vocabSize; }
    PieceStyle pieceStyle() const override { return m_pieceStyle; }

private:
    // One sequence without special tokens; stops once it has more than maxTokens tokens
    // (maxTokens < 0: never) and then returns false.
    bool encodeSequence(const QString& text, int maxTokens, Encoding& encoding) const;
    Encoding encodeSequence(const QString& text) const;
    Encoding postProcess(std::vector<Encoding> sequences, bool addSpecialTokens) const;
    // Sets displayTokens from the pieces, reading consecutive tokens' bytes together
    // (text/TokenLabels), so that a character cut into bytes reads as "多¹⁄₃".
    Encoding labelled(Encoding encoding) const;

    HfTokenizerParts m_parts;
    AddedTokenMatcher m_addedTokens;
    QHash<int, int> m_addedTokenById;  // id → index into m_addedTokens.tokens()
    int m_vocabSize = 0;
    PieceStyle m_pieceStyle = PieceStyle::Plain;
};

}  // namespace headmap
