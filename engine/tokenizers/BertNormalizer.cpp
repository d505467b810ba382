#include "tokenizers/BertNormalizer.h"

#include "tokenizers/TokenizerChars.h"

namespace headmap {
namespace {

QString cleanText(const QString& text) {
    QString out;
    out.reserve(text.size());
    tokchars::forEachCodePoint(text, [&](char32_t c, qsizetype, qsizetype) {
        if (c == 0 || c == 0xFFFD || tokchars::isBertControl(c))
            return;
        tokchars::appendCodePoint(out, tokchars::isBertWhiteSpace(c) ? U' ' : c);
    });
    return out;
}

QString spaceChineseChars(const QString& text) {
    QString out;
    out.reserve(text.size() * 2);
    tokchars::forEachCodePoint(text, [&](char32_t c, qsizetype, qsizetype) {
        if (tokchars::isChineseChar(c)) {
            out += QLatin1Char(' ');
            tokchars::appendCodePoint(out, c);
            out += QLatin1Char(' ');
        } else {
            tokchars::appendCodePoint(out, c);
        }
    });
    return out;
}

QString stripAccents(const QString& text) {
    const QString decomposed = tokchars::normalized(text, QString::NormalizationForm_D);
    QString out;
    out.reserve(decomposed.size());
    tokchars::forEachCodePoint(decomposed, [&](char32_t c, qsizetype, qsizetype) {
        if (!tokchars::isNonSpacingMark(c))
            tokchars::appendCodePoint(out, c);
    });
    return out;
}

}  // namespace

BertNormalizer::BertNormalizer(const BertNormalizerOptions& options) : m_options(options) {}

QString BertNormalizer::normalize(const QString& text) const {
    QString out = text;
    if (m_options.cleanText)
        out = cleanText(out);
    if (m_options.handleChineseChars)
        out = spaceChineseChars(out);
    // Rust strips accents before lowercasing (JavaScript the other way round); İ is the one
    // letter where the order could show, and both orders give "i" for it.
    if (m_options.stripAccents.value_or(m_options.lowercase))
        out = stripAccents(out);
    if (m_options.lowercase)
        out = tokchars::lowercase(out);
    return out;
}

}  // namespace headmap
