#pragma once
// The pieces of an encoder–decoder GGUF file whose tokenizer kind Headmap cannot run (anything
// but llama.cpp's "t5", which GgufUnigramTokenizer runs): ids given directly (--ids, the GUI's
// ids field) are named by tokenizer.ggml.tokens, and text is refused with an InputError that
// says what to do instead.

#include <vector>

#include <QStringList>

#include "model/Tokenizer.h"

namespace headmap {

class GgufMetadata;

class GgufIdsTokenizer final : public Tokenizer {
public:
    // vocabSize: the model's (token_embd's rows); pieces past tokenizer.ggml.tokens are "[id]".
    GgufIdsTokenizer(const GgufMetadata& metadata, const QString& path, int vocabSize);

    Encoding encode(const QString& text, bool addSpecialTokens) const override;
    Encoding fromIds(const std::vector<int>& ids) const override;
    std::optional<int> tokenToId(const QString& token) const override;
    int vocabSize() const override { return m_vocabSize; }
    PieceStyle pieceStyle() const override { return PieceStyle::SentencePiece; }

private:
    QString m_path;
    QString m_modelName;  // tokenizer.ggml.model
    QStringList m_pieces;
    std::vector<bool> m_special;
    int m_vocabSize = 0;
};

}  // namespace headmap
