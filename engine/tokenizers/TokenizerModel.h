#pragma once
// A tokenizer.json model: turns one pre-tokenized word into vocabulary ids.

#include <vector>

#include "tokenizers/Vocabulary.h"

namespace headmap {

class TokenizerModel {
public:
    explicit TokenizerModel(Vocabulary vocabulary) : m_vocabulary(std::move(vocabulary)) {}
    virtual ~TokenizerModel() = default;

    // Appends the ids of word (never empty) to ids.
    virtual void tokenize(const QString& word, std::vector<int>& ids) const = 0;
    const Vocabulary& vocabulary() const { return m_vocabulary; }

private:
    Vocabulary m_vocabulary;
};

}  // namespace headmap
