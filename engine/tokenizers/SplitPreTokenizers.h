#pragma once
// The pre-tokenizers that cut text at the matches of a pattern: Split (a string or a regex, as
// Llama-3, Qwen and Gemma use) and Metaspace (SentencePiece's ▁ for spaces). Regexes run on Qt's
// PCRE2 (QRegularExpression with Unicode properties): the patterns of tokenizer.json files are
// written for Oniguruma, and \p{L}, \p{N}, (?i:...), (?!\S) mean the same in PCRE2. Offsets stay
// in UTF-16 units, as the rest of the pipeline works on QString.

#include <QRegularExpression>

#include "tokenizers/PreTokenizer.h"

namespace headmap {

// What becomes of the matches (Rust's SplitDelimiterBehavior).
enum class SplitBehavior { Removed, Isolated, MergedWithPrevious, MergedWithNext, Contiguous };

class SplitPreTokenizer : public PreTokenizer {
public:
    // invert: the pieces between matches are treated as the matches.
    SplitPreTokenizer(QRegularExpression pattern, SplitBehavior behavior, bool invert)
        : m_pattern(std::move(pattern)), m_behavior(behavior), m_invert(invert) {}
    bool forEachWord(const QString& piece, bool atTextStart, const WordSink& sink) const override;

private:
    QRegularExpression m_pattern;
    SplitBehavior m_behavior;
    bool m_invert;
};

class MetaspacePreTokenizer : public PreTokenizer {
public:
    enum class Prepend { Always, First, Never };
    MetaspacePreTokenizer(QString replacement, Prepend prepend, bool split);
    bool forEachWord(const QString& piece, bool atTextStart, const WordSink& sink) const override;

private:
    QString m_replacement;
    Prepend m_prepend;
    bool m_split;
    SplitPreTokenizer m_splitter;
};

// Splits text by the matches of pattern as Rust's NormalizedString::split does.
bool splitByPattern(const QString& piece, const QRegularExpression& pattern, SplitBehavior behavior,
                    bool invert, bool atTextStart, const PreTokenizer::WordSink& sink);

}  // namespace headmap
