#include "tokenizers/AddedTokenMatcher.h"

#include <algorithm>

#include "tokenizers/Normalizer.h"
#include "tokenizers/TokenizerChars.h"

namespace headmap {
namespace {

struct Match {
    qsizetype start = -1;
    qsizetype end = -1;
    int token = -1;
};

// The start of the white space that ends text[0, end).
qsizetype whiteSpaceStartBefore(const QString& text, qsizetype end) {
    qsizetype start = end;
    while (start > 0) {
        const char32_t c = tokchars::previousCodePoint(text, start);
        if (!tokchars::isWhiteSpace(c))
            break;
        start -= QChar::requiresSurrogates(c) ? 2 : 1;
    }
    return start;
}

// The end of the white space that starts text[start, ...).
qsizetype whiteSpaceEndAfter(const QString& text, qsizetype start) {
    qsizetype end = start;
    while (end < text.size()) {
        qsizetype next = end;
        if (!tokchars::isWhiteSpace(tokchars::nextCodePoint(text, next)))
            break;
        end = next;
    }
    return end;
}

}  // namespace

AddedTokenMatcher::AddedTokenMatcher(std::vector<AddedToken> tokens, const Normalizer* normalizer)
    : m_tokens(std::move(tokens)) {
    for (int i = 0; i < int(m_tokens.size()); ++i) {
        const AddedToken& token = m_tokens[size_t(i)];
        m_byContent.insert(token.content, i);
        if (!token.normalized)
            addPattern(m_raw, token.content, i);
        else
            addPattern(m_normalized, normalizer ? normalizer->normalize(token.content) : token.content, i);
    }
}

void AddedTokenMatcher::addPattern(PatternSet& set, const QString& text, int token) {
    if (text.isEmpty())
        return;
    std::vector<Pattern>& bucket = set[text.at(0).unicode()];
    // A content given twice keeps its last token, as the Rust library's map does.
    bucket.erase(std::remove_if(bucket.begin(), bucket.end(),
                                [&](const Pattern& p) { return p.text == text; }),
                 bucket.end());
    bucket.push_back(Pattern{text, token});
    std::stable_sort(bucket.begin(), bucket.end(), [](const Pattern& a, const Pattern& b) {
        return a.text.size() > b.text.size();
    });
}

std::vector<TextSegment> AddedTokenMatcher::findMatches(const QString& text,
                                                        const PatternSet& set) const {
    const auto findFrom = [&](qsizetype from) {
        for (qsizetype i = from; i < text.size(); ++i) {
            const auto bucket = set.constFind(text.at(i).unicode());
            if (bucket == set.constEnd())
                continue;
            for (const Pattern& pattern : *bucket)
                if (QStringView(text).mid(i).startsWith(pattern.text))
                    return Match{i, i + pattern.text.size(), pattern.token};
        }
        return Match{};
    };

    std::vector<TextSegment> segments;
    qsizetype done = 0;  // text before this offset is in segments
    qsizetype searchFrom = 0;
    for (Match match = findFrom(0); match.token >= 0; match = findFrom(searchFrom)) {
        const AddedToken& token = m_tokens[size_t(match.token)];
        // Like Rust's match iterator, a rejected match still moves the search past it.
        searchFrom = match.end;
        if (token.singleWord) {
            const bool wordBefore = match.start > 0 &&
                tokchars::isRegexWordChar(tokchars::previousCodePoint(text, match.start));
            qsizetype after = match.end;
            const bool wordAfter = match.end < text.size() &&
                tokchars::isRegexWordChar(tokchars::nextCodePoint(text, after));
            if (wordBefore || wordAfter)
                continue;
        }
        qsizetype start = match.start;
        qsizetype end = match.end;
        if (token.lstrip)
            start = std::max(whiteSpaceStartBefore(text, start), done);
        if (token.rstrip)
            end = whiteSpaceEndAfter(text, end);
        if (done < start)
            segments.push_back(TextSegment{text.mid(done, start - done), -1, done == 0});
        segments.push_back(TextSegment{text.mid(start, end - start), match.token, false});
        done = end;
        searchFrom = std::max(searchFrom, end);
    }
    if (done < text.size())
        segments.push_back(TextSegment{done == 0 ? text : text.mid(done), -1, done == 0});
    return segments;
}

std::vector<TextSegment> AddedTokenMatcher::split(const QString& text,
                                                  const Normalizer* normalizer) const {
    std::vector<TextSegment> result;
    for (TextSegment& raw : findMatches(text, m_raw)) {
        if (raw.addedToken >= 0) {
            result.push_back(std::move(raw));
            continue;
        }
        const QString normalized = normalizer ? normalizer->normalize(raw.text) : raw.text;
        for (TextSegment& segment : findMatches(normalized, m_normalized)) {
            segment.atTextStart = segment.atTextStart && raw.atTextStart;
            if (segment.addedToken >= 0 || !segment.text.isEmpty())
                result.push_back(std::move(segment));
        }
    }
    return result;
}

}  // namespace headmap
