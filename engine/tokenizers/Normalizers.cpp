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

QString StripNormalizer::normalize(const QString& text) const {
    qsizetype start = 0;
    qsizetype end = text.size();
    if (m_left) {
        while (start < end) {
            qsizetype next = start;
            if (!tokchars::isWhiteSpace(tokchars::nextCodePoint(text, next)))
                break;
            start = next;
        }
    }
    if (m_right) {
        while (end > start) {
            const char32_t c = tokchars::previousCodePoint(text, end);
            if (!tokchars::isWhiteSpace(c))
                break;
            end -= QChar::requiresSurrogates(c) ? 2 : 1;
        }
    }
    return start == 0 && end == text.size() ? text : text.mid(start, end - start);
}

QString PrependNormalizer::normalize(const QString& text) const {
    return text.isEmpty() ? text : m_prepend + text;
}

QString ReplaceNormalizer::normalize(const QString& text) const {
    if (!m_literal.isEmpty())
        return QString(text).replace(m_literal, m_content);
    QString out;
    qsizetype previous = 0;
    QRegularExpressionMatchIterator matches = m_pattern.globalMatch(text);
    while (matches.hasNext()) {
        const QRegularExpressionMatch match = matches.next();
        out += QStringView(text).mid(previous, match.capturedStart() - previous);
        out += m_content;
        previous = match.capturedEnd();
    }
    out += QStringView(text).mid(previous);
    return out;
}

QString NormalizerSequence::normalize(const QString& text) const {
    QString out = text;
    for (const auto& step : m_steps)
        out = step->normalize(out);
    return out;
}

}  // namespace headmap
