#include "tokenizers/BasicPreTokenizers.h"

#include "tokenizers/TokenizerChars.h"

namespace headmap {
namespace {

// Appends text[start, end) unless it is empty.
void appendWord(const QString& text, qsizetype start, qsizetype end, QStringList& words) {
    if (end > start)
        words << text.mid(start, end - start);
}

}  // namespace

void BertPreTokenizer::split(const QString& piece, QStringList& words) const {
    qsizetype wordStart = 0;
    tokchars::forEachCodePoint(piece, [&](char32_t c, qsizetype start, qsizetype end) {
        if (tokchars::isWhiteSpace(c)) {
            appendWord(piece, wordStart, start, words);
            wordStart = end;
        } else if (tokchars::isBertPunctuation(c)) {
            appendWord(piece, wordStart, start, words);
            appendWord(piece, start, end, words);
            wordStart = end;
        }
    });
    appendWord(piece, wordStart, piece.size(), words);
}

void WhitespacePreTokenizer::split(const QString& piece, QStringList& words) const {
    enum class Kind { Space, Word, Other };
    Kind runKind = Kind::Space;
    qsizetype runStart = 0;
    tokchars::forEachCodePoint(piece, [&](char32_t c, qsizetype start, qsizetype) {
        const Kind kind = tokchars::isOnigWordChar(c)  ? Kind::Word
                          : tokchars::isWhiteSpace(c) ? Kind::Space
                                                      : Kind::Other;
        if (kind != runKind) {
            if (runKind != Kind::Space)
                appendWord(piece, runStart, start, words);
            runKind = kind;
            runStart = start;
        }
    });
    if (runKind != Kind::Space)
        appendWord(piece, runStart, piece.size(), words);
}

void WhitespaceSplitPreTokenizer::split(const QString& piece, QStringList& words) const {
    qsizetype wordStart = 0;
    tokchars::forEachCodePoint(piece, [&](char32_t c, qsizetype start, qsizetype end) {
        if (tokchars::isWhiteSpace(c)) {
            appendWord(piece, wordStart, start, words);
            wordStart = end;
        }
    });
    appendWord(piece, wordStart, piece.size(), words);
}

void PreTokenizerSequence::split(const QString& piece, QStringList& words) const {
    QStringList current{piece};
    for (const auto& step : m_steps) {
        QStringList next;
        for (const QString& word : current)
            step->split(word, next);
        current = next;
    }
    for (const QString& word : current)
        if (!word.isEmpty())
            words << word;
}

}  // namespace headmap
