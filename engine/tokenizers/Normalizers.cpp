#include "tokenizers/Normalizers.h"

#include "tokenizers/TokenizerChars.h"

namespace headmap {

QString LowercaseNormalizer::normalize(const QString& text) const {
    return tokchars::lowercase(text);
}

QString UnicodeNormalizer::normalize(const QString& text) const {
    return tokchars::normalized(text, m_form);
}

QString StripAccentsNormalizer::normalize(const QString& text) const {
    QString out;
    out.reserve(text.size());
    tokchars::forEachCodePoint(text, [&](char32_t c, qsizetype, qsizetype) {
        if (!tokchars::isMark(c))
            tokchars::appendCodePoint(out, c);
    });
    return out;
}

QString NormalizerSequence::normalize(const QString& text) const {
    QString out = text;
    for (const auto& step : m_steps)
        out = step->normalize(out);
    return out;
}

}  // namespace headmap
