#include "teaching/TeachingTokenizer.h"

#include <QCoreApplication>
#include <QTextBoundaryFinder>

#include "core/HeadmapError.h"
#include "teaching/PortableRandom.h"
#include "tokenizers/TokenizerChars.h"

namespace headmap {
namespace {

enum class CharClass { Space, Ideograph, WordChar, Single };

// Control and format characters (soft hyphen, zero-width space, BOM, ...) vanish without
// splitting the word they sit in, as BERT's text cleaning does. The zero-width joiner stays:
// it binds emoji sequences together.
bool isInvisible(char32_t c) {
    if (c == 0x200D || QChar::isSpace(c))
        return false;
    switch (QChar::category(c)) {
    case QChar::Other_Control:
    case QChar::Other_Format:
    case QChar::Other_NotAssigned:
    case QChar::Other_Surrogate:
        return true;
    default:
        return false;
    }
}

QString removeInvisible(const QString& text) {
    QList<uint> kept;
    for (uint c : text.toUcs4())
        if (!isInvisible(char32_t(c)))
            kept << c;
    return QString::fromUcs4(reinterpret_cast<const char32_t*>(kept.constData()), kept.size());
}

// The CJK blocks BERT's tokenizer treats as ideographs (its _is_chinese_char).
bool isCjkIdeograph(char32_t c) {
    return (c >= 0x4E00 && c <= 0x9FFF) || (c >= 0x3400 && c <= 0x4DBF) ||
           (c >= 0x20000 && c <= 0x2A6DF) || (c >= 0x2A700 && c <= 0x2B73F) ||
           (c >= 0x2B740 && c <= 0x2B81F) || (c >= 0x2B820 && c <= 0x2CEAF) ||
           (c >= 0xF900 && c <= 0xFAFF) || (c >= 0x2F800 && c <= 0x2FA1F);
}

// A grapheme cluster is classified by its first code point: "é" as e + combining accent is a
// letter, an emoji with skin tone or ZWJ sequence stays one symbol.
CharClass classify(char32_t c) {
    if (QChar::isSpace(c))
        return CharClass::Space;
    if (isCjkIdeograph(c))
        return CharClass::Ideograph;
    if (QChar::isLetterOrNumber(c) || QChar::isMark(c))
        return CharClass::WordChar;
    return CharClass::Single;
}

}  // namespace

QString TeachingTokenizer::foldCase(const QString& piece) {
    // QString::toCaseFolded() folds one character to one; going through upper case first
    // applies the full mappings too, so "Straße" and "STRASSE" become one token.
    return piece.toUpper().toLower().toCaseFolded();
}

QStringList TeachingTokenizer::split(const QString& text) {
    QStringList pieces;
    forEachPiece(text, [&](const QString& piece) {
        pieces << piece;
        return true;
    });
    return pieces;
}

bool TeachingTokenizer::forEachPiece(const QString& text, const std::function<bool(const QString&)>& give) {
    const QString normalized = tokchars::normalized(removeInvisible(text), QString::NormalizationForm_C);
    QString word;
    auto flushWord = [&] {
        const bool more = word.isEmpty() || give(word);
        word.clear();
        return more;
    };

    QTextBoundaryFinder finder(QTextBoundaryFinder::Grapheme, normalized);
    qsizetype start = 0;
    for (qsizetype end = finder.toNextBoundary(); end != -1; end = finder.toNextBoundary()) {
        const QString cluster = normalized.mid(start, end - start);
        start = end;
        const QList<uint> codePoints = cluster.toUcs4();
        if (codePoints.isEmpty())
            continue;
        switch (classify(char32_t(codePoints.first()))) {
        case CharClass::Space:
            if (!flushWord())
                return false;
            break;
        case CharClass::WordChar:
            word += cluster;
            break;
        case CharClass::Ideograph:
        case CharClass::Single:
            if (!flushWord() || !give(cluster))
                return false;
            break;
        }
    }
    return flushWord();
}

int TeachingTokenizer::idForToken(const QString& foldedToken) {
    const uint64_t range = uint64_t(kVocabSize - kFirstWordId);
    return kFirstWordId + int(fnv1a64(foldedToken.toUtf8()) % range);
}

QString TeachingTokenizer::specialName(int id) {
    switch (id) {
    case kPadId: return QStringLiteral("[PAD]");
    case kClsId: return QStringLiteral("[CLS]");
    case kSepId: return QStringLiteral("[SEP]");
    case kUnkId: return QStringLiteral("[UNK]");
    default: return QString();
    }
}

Encoding TeachingTokenizer::encode(const QString& text, bool addSpecialTokens) const {
    return encodeLimited(text, addSpecialTokens, -1);
}

Encoding TeachingTokenizer::encodeLimited(const QString& text, bool addSpecialTokens, int maxTokens) const {
    const auto full = [&](const Encoding& encoding) { return maxTokens >= 0 && encoding.size() > maxTokens; };
    Encoding encoding;
    if (addSpecialTokens)
        encoding.append(kClsId, specialName(kClsId), specialName(kClsId), true);
    const bool complete = forEachPiece(text, [&](const QString& piece) {
        const QString folded = foldCase(piece);
        encoding.append(idForToken(folded), folded, piece, false);
        return !full(encoding);
    });
    if (complete && addSpecialTokens)
        encoding.append(kSepId, specialName(kSepId), specialName(kSepId), true);
    if (full(encoding)) {
        encoding.truncate(maxTokens);
        encoding.truncated = true;
    }
    return encoding;
}

Encoding TeachingTokenizer::fromIds(const std::vector<int>& ids) const {
    Encoding encoding;
    for (size_t i = 0; i < ids.size(); ++i) {
        const int id = ids[i];
        if (id < 0 || id >= kVocabSize)
            throw InputError(QCoreApplication::translate("Engine", "token id %1 at position %2 is outside the "
                                                                   "vocabulary (expected 0..%3)")
                                 .arg(id).arg(i).arg(kVocabSize - 1));
        const QString special = specialName(id);
        // Hashed ids cannot be turned back into words; name them by number.
        const QString name = special.isEmpty() ? QStringLiteral("#%1").arg(id) : special;
        encoding.append(id, name, name, !special.isEmpty());
    }
    return encoding;
}

}  // namespace headmap
