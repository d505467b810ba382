#pragma once
// Added tokens ([CLS], <|endoftext|>, <mask>, ...) are found in the text before the model sees
// it, exactly as the Rust tokenizers library does: first the tokens that are not "normalized"
// are matched in the raw text; the pieces between them are normalized, and then the
// "normalized" tokens (their contents normalized the same way) are matched in those pieces.
// Matching takes the leftmost, then longest, token; lstrip/rstrip swallow the white space on
// that side; single_word tokens only match between non-word characters.

#include <vector>

#include <QHash>
#include <QString>

namespace headmap {

class Normalizer;

struct AddedToken {
    int id = -1;
    QString content;
    bool singleWord = false;
    bool lstrip = false;
    bool rstrip = false;
    bool normalized = true;
    bool special = false;
};

struct TextSegment {
    QString text;       // normalized text for the model, or the matched text of an added token
    int addedToken = -1;  // index into AddedTokenMatcher::tokens(), or -1 for model text
    bool atTextStart = false;  // model text that starts where the whole text starts
};

class AddedTokenMatcher {
public:
    AddedTokenMatcher() = default;
    AddedTokenMatcher(std::vector<AddedToken> tokens, const Normalizer* normalizer);

    // The text as added tokens and normalized model text, in order, without empty pieces.
    std::vector<TextSegment> split(const QString& text, const Normalizer* normalizer) const;
    const std::vector<AddedToken>& tokens() const { return m_tokens; }
    // The index of the added token with this content, or -1.
    int indexOf(const QString& content) const { return m_byContent.value(content, -1); }

private:
    struct Pattern {
        QString text;
        int token;
    };
    // Patterns by their first UTF-16 unit, longest first.
    using PatternSet = QHash<char16_t, std::vector<Pattern>>;

    static void addPattern(PatternSet& set, const QString& text, int token);
    std::vector<TextSegment> findMatches(const QString& text, const PatternSet& set) const;

    std::vector<AddedToken> m_tokens;
    QHash<QString, int> m_byContent;
    PatternSet m_raw;
    PatternSet m_normalized;
};

}  // namespace headmap
