#pragma once
// Character classes and code-point helpers shared by the Hugging Face tokenizer components. Each
// class follows the Rust `tokenizers` library (what transformers' *TokenizerFast runs), not
// Python's or JavaScript's, where they differ; the comments say which Rust definition it copies.

#include <QString>

namespace headmap::tokchars {

// Unicode White_Space: Rust's char::is_whitespace and Oniguruma's \s (the GPT-2 split regex).
bool isWhiteSpace(char32_t c);
// BertNormalizer's control characters, removed by clean_text: Cc, Cf, Co (and lone surrogates),
// except \t \n \r, which count as white space.
bool isBertControl(char32_t c);
// BertNormalizer's white space, turned into ' ' by clean_text.
bool isBertWhiteSpace(char32_t c);
// The CJK ideograph blocks of Rust's BertNormalizer (note: U+2B920, not Python's U+2B820).
bool isChineseChar(char32_t c);
// BERT's punctuation: ASCII 33-47, 58-64, 91-96, 123-126 and every Unicode P* character.
bool isBertPunctuation(char32_t c);
bool isLetter(char32_t c);   // \p{L}
bool isNumber(char32_t c);   // \p{N}
bool isMark(char32_t c);     // \p{M}
bool isNonSpacingMark(char32_t c);  // \p{Mn}
// Oniguruma's \w (the Whitespace pre-tokenizer): letters, marks, numbers, connector punctuation.
bool isOnigWordChar(char32_t c);
// The regex crate's \w (AddedToken single_word): Alphabetic, marks, Nd, Pc, joiners.
bool isRegexWordChar(char32_t c);

// Rust's char::to_lowercase on every character: the full, context-free mapping (Σ is always σ,
// İ becomes "i̇"), which is neither JavaScript's (Final_Sigma) nor Qt's.
QString lowercase(const QString& text);

// text.normalized(form), piece by piece: Qt 6.4 decomposes in place, which takes time quadratic
// in the length of a text with many decomposable characters (seconds for a megabyte of Danish).
// Pieces are cut only before characters that start a new normalization context in every form
// (ASCII, CJK ideographs, Hangul syllables, kana), so the result is the same as in one go.
QString normalized(const QString& text, QString::NormalizationForm form);

// The code point starting at text[i] (a lone surrogate stands for itself); advances i past it.
char32_t nextCodePoint(const QString& text, qsizetype& i);
// The code point ending just before text[end].
char32_t previousCodePoint(const QString& text, qsizetype end);
void appendCodePoint(QString& out, char32_t c);

// Runs f(c, start, end) for every code point of text, with its UTF-16 range.
template <typename F>
void forEachCodePoint(const QString& text, F f) {
    qsizetype i = 0;
    while (i < text.size()) {
        const qsizetype start = i;
        const char32_t c = nextCodePoint(text, i);
        f(c, start, i);
    }
}

}  // namespace headmap::tokchars
