#include "tokenizers/TokenizerChars.h"

#include <QChar>

namespace headmap::tokchars {

bool isWhiteSpace(char32_t c) {
    return (c >= 0x09 && c <= 0x0D) || c == 0x20 || c == 0x85 || c == 0xA0 || c == 0x1680 ||
           (c >= 0x2000 && c <= 0x200A) || c == 0x2028 || c == 0x2029 || c == 0x202F ||
           c == 0x205F || c == 0x3000;
}

bool isBertControl(char32_t c) {
    if (c == '\t' || c == '\n' || c == '\r')
        return false;
    // Rust's unicode_categories `is_other` covers Cc, Cf and Co; Cn (unassigned) stays.
    switch (QChar::category(c)) {
    case QChar::Other_Control:
    case QChar::Other_Format:
    case QChar::Other_PrivateUse:
    case QChar::Other_Surrogate:
        return true;
    default:
        return false;
    }
}

bool isBertWhiteSpace(char32_t c) {
    return c == '\t' || c == '\n' || c == '\r' || isWhiteSpace(c);
}

bool isChineseChar(char32_t c) {
    return (c >= 0x4E00 && c <= 0x9FFF) || (c >= 0x3400 && c <= 0x4DBF) ||
           (c >= 0x20000 && c <= 0x2A6DF) || (c >= 0x2A700 && c <= 0x2B73F) ||
           (c >= 0x2B740 && c <= 0x2B81F) || (c >= 0x2B920 && c <= 0x2CEAF) ||
           (c >= 0xF900 && c <= 0xFAFF) || (c >= 0x2F800 && c <= 0x2FA1F);
}

bool isBertPunctuation(char32_t c) {
    if ((c >= 33 && c <= 47) || (c >= 58 && c <= 64) || (c >= 91 && c <= 96) ||
        (c >= 123 && c <= 126))
        return true;
    return QChar::isPunct(c);
}

bool isLetter(char32_t c) {
    return QChar::isLetter(c);
}

bool isNumber(char32_t c) {
    return QChar::isNumber(c);
}

bool isMark(char32_t c) {
    return QChar::isMark(c);
}

bool isNonSpacingMark(char32_t c) {
    return QChar::category(c) == QChar::Mark_NonSpacing;
}

bool isOnigWordChar(char32_t c) {
    return QChar::isLetterOrNumber(c) || QChar::isMark(c) ||
           QChar::category(c) == QChar::Punctuation_Connector;
}

bool isRegexWordChar(char32_t c) {
    switch (QChar::category(c)) {
    case QChar::Number_DecimalDigit:
    case QChar::Number_Letter:
    case QChar::Punctuation_Connector:
        return true;
    default:
        break;
    }
    // Alphabetic also holds a few symbols (circled and squared Latin letters).
    const bool otherAlphabetic = (c >= 0x24B6 && c <= 0x24E9) || (c >= 0x1F130 && c <= 0x1F149) ||
                                 (c >= 0x1F150 && c <= 0x1F169) || (c >= 0x1F170 && c <= 0x1F189);
    return QChar::isLetter(c) || QChar::isMark(c) || c == 0x200C || c == 0x200D || otherAlphabetic;
}

QString lowercase(const QString& text) {
    QString out;
    out.reserve(text.size());
    forEachCodePoint(text, [&](char32_t c, qsizetype, qsizetype) {
        // U+0130 is the only character whose full lowercase mapping differs from the simple one.
        if (c == 0x130) {
            out += QChar(u'i');
            out += QChar(char16_t(0x307));
        } else {
            appendCodePoint(out, QChar::toLower(c));
        }
    });
    return out;
}

namespace {

// Nothing before such a character can compose with it or reorder across it, and its own
// (compatibility) decomposition starts with a starter.
bool startsNormalizationContext(char32_t c) {
    return c < 0x80 || (c >= 0x4E00 && c <= 0x9FFF) || (c >= 0xAC00 && c <= 0xD7A3) ||
           (c >= 0x3041 && c <= 0x3096) || (c >= 0x30A1 && c <= 0x30FA);
}

}  // namespace

QString normalized(const QString& text, QString::NormalizationForm form) {
    constexpr qsizetype kPiece = 2048;
    if (text.size() <= kPiece)
        return text.normalized(form);
    QString out;
    out.reserve(text.size());
    qsizetype pieceStart = 0;
    qsizetype i = kPiece;
    while (i < text.size()) {
        qsizetype next = i;
        const char32_t c = nextCodePoint(text, next);
        // i may sit inside a surrogate pair; then c is a lone low surrogate and not a cut point.
        if (startsNormalizationContext(c)) {
            out += QStringView(text).mid(pieceStart, i - pieceStart).toString().normalized(form);
            pieceStart = i;
            i += kPiece;
        } else {
            i = next;
        }
    }
    out += QStringView(text).mid(pieceStart).toString().normalized(form);
    return out;
}

char32_t nextCodePoint(const QString& text, qsizetype& i) {
    const char16_t unit = text.at(i).unicode();
    ++i;
    if (QChar::isHighSurrogate(unit) && i < text.size()) {
        const char16_t low = text.at(i).unicode();
        if (QChar::isLowSurrogate(low)) {
            ++i;
            return QChar::surrogateToUcs4(unit, low);
        }
    }
    return unit;
}

char32_t previousCodePoint(const QString& text, qsizetype end) {
    const char16_t unit = text.at(end - 1).unicode();
    if (QChar::isLowSurrogate(unit) && end >= 2) {
        const char16_t high = text.at(end - 2).unicode();
        if (QChar::isHighSurrogate(high))
            return QChar::surrogateToUcs4(high, unit);
    }
    return unit;
}

void appendCodePoint(QString& out, char32_t c) {
    if (QChar::requiresSurrogates(c)) {
        out += QChar(QChar::highSurrogate(c));
        out += QChar(QChar::lowSurrogate(c));
    } else {
        out += QChar(char16_t(c));
    }
}

}  // namespace headmap::tokchars
