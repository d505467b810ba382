#pragma once
// The ByteLevel pre-tokenizer of GPT-2 and RoBERTa: optionally a space in front of each piece
// that does not start with one, the GPT-2 split (use_regex), then every word written in the byte
// alphabet. Llama-3 and Qwen run their own Split first and ByteLevel without the regex.

#include "tokenizers/PreTokenizer.h"

namespace headmap {

class ByteLevelPreTokenizer : public PreTokenizer {
public:
    ByteLevelPreTokenizer(bool addPrefixSpace, bool useRegex)
        : m_addPrefixSpace(addPrefixSpace), m_useRegex(useRegex) {}
    bool forEachWord(const QString& piece, bool atTextStart, const WordSink& sink) const override;

private:
    bool m_addPrefixSpace;
    bool m_useRegex;
};

}  // namespace headmap
