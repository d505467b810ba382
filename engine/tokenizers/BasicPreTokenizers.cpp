#include "tokenizers/BasicPreTokenizers.h"

#include "tokenizers/TokenizerChars.h"

namespace headmap {

bool BertPreTokenizer::forEachWord(const QString& piece, bool atTextStart, const WordSink& sink) const {
    qsizetype wordStart = 0;
    qsizetype i = 0;
    while (i < piece.size()) {
        const qsizetype start = i;
        const char32_t c = tokchars::nextCodePoint(piece, i);
        if (tokchars::isWhiteSpace(c)) {
            if (!giveWord(sink, piece, wordStart, start, atTextStart))
                return false;
            wordStart = i;
        } else if (tokchars::isBertPunctuation(c)) {
            if (!giveWord(sink, piece, wordStart, start, atTextStart) ||
                !giveWord(sink, piece, start, i, atTextStart))
                return false;
            wordStart = i;
        }
    }
    return giveWord(sink, piece, wordStart, piece.size(), atTextStart);
}

bool WhitespacePreTokenizer::forEachWord(const QString& piece, bool atTextStart, const WordSink& sink) const {
    enum class Kind { Space, Word, Other };
    Kind runKind = Kind::Space;
    qsizetype runStart = 0;
    qsizetype i = 0;
    while (i < piece.size()) {
        const qsizetype start = i;
        const char32_t c = tokchars::nextCodePoint(piece, i);
        const Kind kind = tokchars::isOnigWordChar(c)  ? Kind::Word
                          : tokchars::isWhiteSpace(c) ? Kind::Space
                                                      : Kind::Other;
        if (kind != runKind) {
            if (runKind != Kind::Space && !giveWord(sink, piece, runStart, start, atTextStart))
                return false;
            runKind = kind;
            runStart = start;
        }
    }
    return runKind == Kind::Space || giveWord(sink, piece, runStart, piece.size(), atTextStart);
}

bool WhitespaceSplitPreTokenizer::forEachWord(const QString& piece, bool atTextStart,
                                              const WordSink& sink) const {
    qsizetype wordStart = 0;
    qsizetype i = 0;
    while (i < piece.size()) {
        const qsizetype start = i;
        if (tokchars::isWhiteSpace(tokchars::nextCodePoint(piece, i))) {
            if (!giveWord(sink, piece, wordStart, start, atTextStart))
                return false;
            wordStart = i;
        }
    }
    return giveWord(sink, piece, wordStart, piece.size(), atTextStart);
}

bool DigitsPreTokenizer::forEachWord(const QString& piece, bool atTextStart, const WordSink& sink) const {
    // Rust: split on \p{N} (one at a time) or \p{N}+, Isolated: the other text stays as it is.
    qsizetype runStart = 0;
    bool inDigits = false;
    qsizetype i = 0;
    while (i < piece.size()) {
        const qsizetype start = i;
        const bool digit = tokchars::isNumber(tokchars::nextCodePoint(piece, i));
        if (digit != inDigits || (digit && m_individualDigits)) {
            if (!giveWord(sink, piece, runStart, start, atTextStart))
                return false;
            runStart = start;
            inDigits = digit;
        }
    }
    return giveWord(sink, piece, runStart, piece.size(), atTextStart);
}

bool PreTokenizerSequence::forEachWord(const QString& piece, bool atTextStart, const WordSink& sink) const {
    return forEachWordFrom(0, piece, atTextStart, sink);
}

bool PreTokenizerSequence::forEachWordFrom(size_t step, const QString& piece, bool atTextStart,
                                           const WordSink& sink) const {
    if (piece.isEmpty())
        return true;
    if (step == m_steps.size())
        return sink(piece, atTextStart);
    return m_steps[step]->forEachWord(piece, atTextStart, [&](const QString& word, bool wordAtStart) {
        return forEachWordFrom(step + 1, word, wordAtStart, sink);
    });
}

}  // namespace headmap
