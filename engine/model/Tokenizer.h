#pragma once
// The tokenizer interface every model provides.

#include <optional>
#include <vector>

#include <QString>
#include <QStringList>

#include "core/PieceStyle.h"

namespace headmap {

struct Encoding {
    std::vector<int> ids;
    QStringList tokens;         // the tokenizer's own pieces ("##ing", "Ġthe", "[CLS]")
    QStringList displayTokens;  // readable forms for labels
    std::vector<bool> special;  // true for [CLS], [SEP], <s>, ...
    std::vector<int> typeIds;   // segment of each token (0 first sentence, 1 second); may be
                                // empty, meaning all 0
    // Set by Tokenizer::encodeLimited when the text has more tokens than the limit: the encoding
    // then holds only the first maxTokens tokens of the full one.
    bool truncated = false;

    int size() const { return int(ids.size()); }
    bool isEmpty() const { return ids.empty(); }
    void append(int id, const QString& token, const QString& display, bool isSpecial,
                int typeId = 0) {
        ids.push_back(id);
        tokens << token;
        displayTokens << display;
        special.push_back(isSpecial);
        if (typeId != 0 || !typeIds.empty()) {
            typeIds.resize(ids.size() - 1, 0);
            typeIds.push_back(typeId);
        }
    }
    int typeId(int position) const {
        return position < int(typeIds.size()) ? typeIds[size_t(position)] : 0;
    }
    // Keeps the first count tokens (all of them when there are no more).
    void truncate(int count);
};

class Tokenizer {
public:
    virtual ~Tokenizer() = default;

    virtual Encoding encode(const QString& text, bool addSpecialTokens) const = 0;
    // encode() for texts that may be far too long: tokenizing stops as soon as more than
    // maxTokens tokens (special tokens included) exist, so the time and memory spent are bounded
    // by the limit (and the longest word), not by the text. With at most maxTokens tokens the
    // result equals encode()'s and truncated is false; otherwise truncated is true and the result
    // is the first maxTokens tokens of encode()'s (the leading special tokens such as [CLS] or
    // <s> included, the trailing ones such as [SEP] not). A negative maxTokens means no limit.
    // The default encodes everything and cuts; the tokenizers of Headmap stop early.
    virtual Encoding encodeLimited(const QString& text, bool addSpecialTokens, int maxTokens) const;
    // A sentence pair as the model was trained on it (BERT: [CLS] A [SEP] B [SEP] with type ids
    // 0/1). Throws InputError for tokenizers that take single sentences only.
    virtual Encoding encodePair(const QString& first, const QString& second,
                                bool addSpecialTokens) const;
    // The id of a vocabulary entry (e.g. "<|endoftext|>"), if there is one.
    virtual std::optional<int> tokenToId(const QString& token) const;
    // Names ids given directly (e.g. --ids); throws InputError for an id outside the vocabulary.
    virtual Encoding fromIds(const std::vector<int>& ids) const = 0;
    virtual int vocabSize() const = 0;
    // How tokens' pieces are written; displayTokens are derived from them with text/TokenLabels.
    virtual PieceStyle pieceStyle() const { return PieceStyle::Plain; }
};

}  // namespace headmap
