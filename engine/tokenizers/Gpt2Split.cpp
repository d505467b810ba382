#include "tokenizers/Gpt2Split.h"

#include "tokenizers/TokenizerChars.h"

namespace headmap {
namespace {

enum class Kind : unsigned char { Letter, Number, Space, Other };

Kind kindOf(char32_t c) {
    if (tokchars::isLetter(c))
        return Kind::Letter;
    if (tokchars::isNumber(c))
        return Kind::Number;
    if (tokchars::isWhiteSpace(c))
        return Kind::Space;
    return Kind::Other;
}

Kind kindAt(const QString& text, qsizetype pos, qsizetype& next) {
    next = pos;
    return kindOf(tokchars::nextCodePoint(text, next));
}

// The end of the contraction ('s 't 're 've 'm 'll 'd, lower case only) at pos, or pos. The
// letters are ASCII, so UTF-16 units can be compared directly.
qsizetype contractionEnd(const QString& text, qsizetype pos) {
    if (text.at(pos) != u'\'' || pos + 1 >= text.size())
        return pos;
    const char16_t a = text.at(pos + 1).unicode();
    if (a == u's' || a == u't' || a == u'm' || a == u'd')
        return pos + 2;
    const char16_t b = pos + 2 < text.size() ? text.at(pos + 2).unicode() : 0;
    if ((a == u'r' && b == u'e') || (a == u'v' && b == u'e') || (a == u'l' && b == u'l'))
        return pos + 3;
    return pos;
}

// The end of " ?X+" at pos, where X is the given kind, or pos if it does not match.
qsizetype runEnd(const QString& text, qsizetype pos, Kind kind) {
    qsizetype p = pos;
    if (text.at(p) == u' ')
        ++p;
    qsizetype next = p;
    if (p >= text.size() || kindAt(text, p, next) != kind)
        return pos;
    while (p < text.size() && kindAt(text, p, next) == kind)
        p = next;
    return p;
}

// The end of the white-space match at pos: \s+(?!\S) backs off one character when the run is
// followed by a non-space, unless that would leave it empty; then \s+ takes the whole run.
qsizetype spaceEnd(const QString& text, qsizetype pos) {
    qsizetype end = pos;
    qsizetype lastStart = pos;
    int count = 0;
    qsizetype next = pos;
    while (end < text.size() && kindAt(text, end, next) == Kind::Space) {
        lastStart = end;
        end = next;
        ++count;
    }
    if (end < text.size() && count >= 2)
        return lastStart;
    return end;
}

}  // namespace

bool forEachGpt2Piece(const QString& text, const std::function<bool(qsizetype, qsizetype)>& piece) {
    qsizetype pos = 0;
    while (pos < text.size()) {
        qsizetype end = contractionEnd(text, pos);
        if (end == pos)
            end = runEnd(text, pos, Kind::Letter);
        if (end == pos)
            end = runEnd(text, pos, Kind::Number);
        if (end == pos)
            end = runEnd(text, pos, Kind::Other);
        if (end == pos)
            end = spaceEnd(text, pos);
        if (!piece(pos, end))
            return false;
        pos = end;
    }
    return true;
}

QStringList splitGpt2(const QString& text) {
    QStringList pieces;
    forEachGpt2Piece(text, [&](qsizetype start, qsizetype end) {
        pieces << text.mid(start, end - start);
        return true;
    });
    return pieces;
}

}  // namespace headmap
