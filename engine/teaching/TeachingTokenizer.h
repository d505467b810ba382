#pragma once
// The built-in teaching model's tokenizer. It needs no vocabulary file: words and punctuation are
// split by Unicode class in any script, each CJK ideograph is a token of its own, case is
// folded, and a token's id is a stable hash of its folded text. Two different words can share an
// id (about one chance in 16 million per pair), which a teaching model can live with.

#include <functional>

#include "model/Tokenizer.h"

namespace headmap {

class TeachingTokenizer : public Tokenizer {
public:
    static constexpr int kPadId = 0;
    static constexpr int kClsId = 1;
    static constexpr int kSepId = 2;
    static constexpr int kUnkId = 3;
    static constexpr int kFirstWordId = 4;
    static constexpr int kVocabSize = 1 << 24;

    Encoding encode(const QString& text, bool addSpecialTokens) const override;
    Encoding encodeLimited(const QString& text, bool addSpecialTokens, int maxTokens) const override;
    Encoding fromIds(const std::vector<int>& ids) const override;
    int vocabSize() const override { return kVocabSize; }

    // The surface pieces of text, in order, before case folding.
    static QStringList split(const QString& text);
    // The same pieces one at a time; stops and returns false when piece returns false.
    static bool forEachPiece(const QString& text, const std::function<bool(const QString&)>& piece);
    static int idForToken(const QString& foldedToken);
    // Full case folding: "Straße", "STRASSE" and "strasse" fold alike.
    static QString foldCase(const QString& piece);

private:
    static QString specialName(int id);
};

}  // namespace headmap
