#pragma once
// The tokenizer interface every model provides.

#include <vector>

#include <QString>
#include <QStringList>

namespace headmap {

struct Encoding {
    std::vector<int> ids;
    QStringList tokens;         // the tokenizer's own pieces ("##ing", "Ġthe", "[CLS]")
    QStringList displayTokens;  // readable forms for labels
    std::vector<bool> special;  // true for [CLS], [SEP], <s>, ...

    int size() const { return int(ids.size()); }
    bool isEmpty() const { return ids.empty(); }
    void append(int id, const QString& token, const QString& display, bool isSpecial) {
        ids.push_back(id);
        tokens << token;
        displayTokens << display;
        special.push_back(isSpecial);
    }
};

class Tokenizer {
public:
    virtual ~Tokenizer() = default;

    virtual Encoding encode(const QString& text, bool addSpecialTokens) const = 0;
    // Names ids given directly (e.g. --ids); throws InputError for an id outside the vocabulary.
    virtual Encoding fromIds(const std::vector<int>& ids) const = 0;
    virtual int vocabSize() const = 0;
};

}  // namespace headmap
