#pragma once
// The tokenizer interface every model provides.

#include <optional>
#include <vector>

#include <QString>
#include <QStringList>

namespace headmap {

struct Encoding {
    std::vector<int> ids;
    QStringList tokens;         // the tokenizer's own pieces ("##ing", "Ġthe", "[CLS]")
    QStringList displayTokens;  // readable forms for labels
    std::vector<bool> special;  // true for [CLS], [SEP], <s>, ...
    std::vector<int> typeIds;   // segment of each token (0 first sentence, 1 second); may be
                                // empty, meaning all 0

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
};

class Tokenizer {
public:
    virtual ~Tokenizer() = default;

    virtual Encoding encode(const QString& text, bool addSpecialTokens) const = 0;
    // A sentence pair as the model was trained on it (BERT: [CLS] A [SEP] B [SEP] with type ids
    // 0/1). Throws InputError for tokenizers that take single sentences only.
    virtual Encoding encodePair(const QString& first, const QString& second,
                                bool addSpecialTokens) const;
    // The id of a vocabulary entry (e.g. "<|endoftext|>"), if there is one.
    virtual std::optional<int> tokenToId(const QString& token) const;
    // Names ids given directly (e.g. --ids); throws InputError for an id outside the vocabulary.
    virtual Encoding fromIds(const std::vector<int>& ids) const = 0;
    virtual int vocabSize() const = 0;
};

}  // namespace headmap
