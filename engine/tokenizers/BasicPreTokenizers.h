#pragma once
// The pre-tokenizers that only look at character classes: BertPreTokenizer, Whitespace,
// WhitespaceSplit, Digits, plus Sequence. ByteLevel, Split and Metaspace have files of their own.

#include <memory>
#include <vector>

#include "tokenizers/PreTokenizer.h"

namespace headmap {

// Splits on white space (dropped) and around every punctuation character (kept alone).
class BertPreTokenizer : public PreTokenizer {
public:
    bool forEachWord(const QString& piece, bool atTextStart, const WordSink& sink) const override;
};

// Rust's `\w+|[^\w\s]+` with Oniguruma's Unicode \w: runs of word characters and runs of other
// non-space characters. (Tokenizers.js uses an ASCII-only \w here.)
class WhitespacePreTokenizer : public PreTokenizer {
public:
    bool forEachWord(const QString& piece, bool atTextStart, const WordSink& sink) const override;
};

// Splits on white space only.
class WhitespaceSplitPreTokenizer : public PreTokenizer {
public:
    bool forEachWord(const QString& piece, bool atTextStart, const WordSink& sink) const override;
};

// Digits: every \p{N} character alone (individual_digits), or runs of them, as words of their own.
class DigitsPreTokenizer : public PreTokenizer {
public:
    explicit DigitsPreTokenizer(bool individualDigits) : m_individualDigits(individualDigits) {}
    bool forEachWord(const QString& piece, bool atTextStart, const WordSink& sink) const override;

private:
    bool m_individualDigits;
};

class PreTokenizerSequence : public PreTokenizer {
public:
    explicit PreTokenizerSequence(std::vector<std::unique_ptr<PreTokenizer>> steps)
        : m_steps(std::move(steps)) {}
    bool forEachWord(const QString& piece, bool atTextStart, const WordSink& sink) const override;

private:
    // The words of piece after steps[step..]: each word of one step goes through the next at once.
    bool forEachWordFrom(size_t step, const QString& piece, bool atTextStart, const WordSink& sink) const;
    std::vector<std::unique_ptr<PreTokenizer>> m_steps;
};

}  // namespace headmap
