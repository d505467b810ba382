#pragma once
// The ByteLevel pre-tokenizer of GPT-2 and RoBERTa: optionally a space in front of each piece
// that does not start with one, the GPT-2 split, then every word written in the byte alphabet.

#include "tokenizers/PreTokenizer.h"

namespace headmap {

class ByteLevelPreTokenizer : public PreTokenizer {
public:
    ByteLevelPreTokenizer(bool addPrefixSpace, bool useRegex)
        : m_addPrefixSpace(addPrefixSpace), m_useRegex(useRegex) {}
    using PreTokenizer::split;
    void split(const QString& piece, QStringList& words) const override;

private:
    bool m_addPrefixSpace;
    bool m_useRegex;
};

}  // namespace headmap
