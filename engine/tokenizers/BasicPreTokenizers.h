#pragma once
// The pre-tokenizers that only look at character classes: BertPreTokenizer, Whitespace,
// WhitespaceSplit, plus Sequence. ByteLevel has a file of its own.

#include <memory>
#include <vector>

#include "tokenizers/PreTokenizer.h"

namespace headmap {

// Splits on white space (dropped) and around every punctuation character (kept alone).
class BertPreTokenizer : public PreTokenizer {
public:
    using PreTokenizer::split;
    void split(const QString& piece, QStringList& words) const override;
};

// Rust's `\w+|[^\w\s]+` with Oniguruma's Unicode \w: runs of word characters and runs of other
// non-space characters. (Tokenizers.js uses an ASCII-only \w here.)
class WhitespacePreTokenizer : public PreTokenizer {
public:
    using PreTokenizer::split;
    void split(const QString& piece, QStringList& words) const override;
};

// Splits on white space only.
class WhitespaceSplitPreTokenizer : public PreTokenizer {
public:
    using PreTokenizer::split;
    void split(const QString& piece, QStringList& words) const override;
};

class PreTokenizerSequence : public PreTokenizer {
public:
    explicit PreTokenizerSequence(std::vector<std::unique_ptr<PreTokenizer>> steps)
        : m_steps(std::move(steps)) {}
    using PreTokenizer::split;
    void split(const QString& piece, QStringList& words) const override;

private:
    std::vector<std::unique_ptr<PreTokenizer>> m_steps;
};

}  // namespace headmap
