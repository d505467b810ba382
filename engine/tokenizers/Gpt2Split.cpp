#include "tokenizers/Gpt2Split.h"

#include <vector>

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

// The text as code points with their kinds and UTF-16 offsets (offsets has one extra entry).
struct CodePoints {
    std::vector<char32_t> chars;
    std::vector<Kind> kinds;
    std::vector<qsizetype> offsets;

    explicit CodePoints(const QString& text) {
        tokchars::forEachCodePoint(text, [&](char32_t c, qsizetype start, qsizetype) {
            chars.push_back(c);
            kinds.push_back(kindOf(c));
            offsets.push_back(start);
        });
        offsets.push_back(text.size());
    }
    size_t size() const { return chars.size(); }
};

// The end of the contraction ('s 't 're 've 'm 'll 'd, lower case only) at pos, or pos.
size_t contractionEnd(const CodePoints& cps, size_t pos) {
    if (cps.chars[pos] != U'\'' || pos + 1 >= cps.size())
        return pos;
    const char32_t a = cps.chars[pos + 1];
    if (a == U's' || a == U't' || a == U'm' || a == U'd')
        return pos + 2;
    const char32_t b = pos + 2 < cps.size() ? cps.chars[pos + 2] : 0;
    if ((a == U'r' && b == U'e') || (a == U'v' && b == U'e') || (a == U'l' && b == U'l'))
        return pos + 3;
    return pos;
}

// The end of " ?X+" at pos, where X is the given kind, or pos if it does not match.
size_t runEnd(const CodePoints& cps, size_t pos, Kind kind) {
    size_t p = pos;
    if (cps.chars[p] == U' ')
        ++p;
    if (p >= cps.size() || cps.kinds[p] != kind)
        return pos;
    while (p < cps.size() && cps.kinds[p] == kind)
        ++p;
    return p;
}

// The end of the white-space match at pos: \s+(?!\S) backs off one character when the run is
// followed by a non-space, unless that would leave it empty; then \s+ takes the whole run.
size_t spaceEnd(const CodePoints& cps, size_t pos) {
    size_t end = pos;
    while (end < cps.size() && cps.kinds[end] == Kind::Space)
        ++end;
    if (end < cps.size() && end - pos >= 2)
        return end - 1;
    return end;
}

}  // namespace

QStringList splitGpt2(const QString& text) {
    const CodePoints cps(text);
    QStringList pieces;
    size_t pos = 0;
    while (pos < cps.size()) {
        size_t end = contractionEnd(cps, pos);
        if (end == pos)
            end = runEnd(cps, pos, Kind::Letter);
        if (end == pos)
            end = runEnd(cps, pos, Kind::Number);
        if (end == pos)
            end = runEnd(cps, pos, Kind::Other);
        if (end == pos)
            end = spaceEnd(cps, pos);
        pieces << text.mid(cps.offsets[pos], cps.offsets[end] - cps.offsets[pos]);
        pos = end;
    }
    return pieces;
}

}  // namespace headmap
