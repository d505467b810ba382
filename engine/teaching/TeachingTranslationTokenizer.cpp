#include "teaching/TeachingTranslationTokenizer.h"

#include <QCoreApplication>

#include "core/HeadmapError.h"
#include "teaching/TeachingTokenizer.h"

namespace headmap {
namespace {

// Enough English for a classroom's example sentences and for an untrained decoder's word salad.
// tests/golden/make_teaching_translation_golden.py holds the same list (its golden compares
// the generated ids, so the two lists cannot drift apart unnoticed).
const char* const kTranslationWritableWords[] = {
    "the", "a", "an", "and", "or", "but", "not", "of", "to", "in", "on", "at", "for", "with",
    "from", "by", "is", "are", "was", "were", "be", "i", "you", "he", "she", "it", "we",
    "they", "me", "him", "her", "us", "them", "my", "your", "his", "its", "our", "their",
    "this", "that", "cat", "dog", "house", "tea", "coffee", "water", "bread", "book", "sofa",
    "street", "city", "day", "night", "morning", "time", "man", "woman", "child", "friend",
    "like", "likes", "drink", "drinks", "eat", "eats", "see", "sees", "go", "goes", "sleep",
    "sleeps", "sleeping", "read", "reads", "write", "writes", "have", "has", "good", "big",
    "small", "new", "old", "every", "very", "today", "here", "there", ".", ",", "?", "!",
};

bool isClosingPunctuation(const QString& word) {
    return word.size() == 1 && QStringLiteral(".,?!;:").contains(word.at(0));
}

}  // namespace

const QStringList& TeachingTranslationTokenizer::writableWords() {
    static const QStringList words = [] {
        QStringList list;
        for (const char* word : kTranslationWritableWords)
            list << QString::fromUtf8(word);
        return list;
    }();
    return words;
}

TeachingTranslationTokenizer::TeachingTranslationTokenizer() {
    for (const QString& word : writableWords()) {
        const int id = TeachingTokenizer::idForToken(word);
        m_writableIds.push_back(id);
        m_names.insert(id, word);
    }
}

QString TeachingTranslationTokenizer::specialName(int id) {
    switch (id) {
    case kPadId: return QStringLiteral("<pad>");
    case kStartId: return QStringLiteral("<s>");
    case kEndId: return QStringLiteral("</s>");
    case kUnkId: return QStringLiteral("<unk>");
    default: return QString();
    }
}

int TeachingTranslationTokenizer::vocabSize() const {
    return TeachingTokenizer::kVocabSize;
}

Encoding TeachingTranslationTokenizer::encode(const QString& text, bool addSpecialTokens) const {
    return encodeLimited(text, addSpecialTokens, -1);
}

Encoding TeachingTranslationTokenizer::encodeLimited(const QString& text, bool addSpecialTokens, int maxTokens) const {
    const auto full = [&](const Encoding& encoding) { return maxTokens >= 0 && encoding.size() > maxTokens; };
    Encoding encoding;
    const bool complete = TeachingTokenizer::forEachPiece(text, [&](const QString& piece) {
        const QString folded = TeachingTokenizer::foldCase(piece);
        encoding.append(TeachingTokenizer::idForToken(folded), folded, piece, false);
        return !full(encoding);
    });
    // Like Marian: no start token on the source, an end token closing it.
    if (complete && addSpecialTokens)
        encoding.append(kEndId, specialName(kEndId), specialName(kEndId), true);
    if (full(encoding)) {
        encoding.truncate(maxTokens);
        encoding.truncated = true;
    }
    return encoding;
}

QString TeachingTranslationTokenizer::nameOf(int id) const {
    const QString special = specialName(id);
    if (!special.isEmpty())
        return special;
    return m_names.value(id, QStringLiteral("#%1").arg(id));
}

Encoding TeachingTranslationTokenizer::fromIds(const std::vector<int>& ids) const {
    Encoding encoding;
    for (size_t i = 0; i < ids.size(); ++i) {
        const int id = ids[i];
        if (id < 0 || id >= TeachingTokenizer::kVocabSize)
            throw InputError(QCoreApplication::translate("Engine", "token id %1 at position %2 is outside the "
                                                                   "vocabulary (expected 0..%3)")
                                 .arg(id).arg(i).arg(TeachingTokenizer::kVocabSize - 1));
        const QString name = nameOf(id);
        encoding.append(id, name, name, !specialName(id).isEmpty());
    }
    return encoding;
}

std::optional<int> TeachingTranslationTokenizer::tokenToId(const QString& token) const {
    for (int id : {kPadId, kStartId, kEndId, kUnkId})
        if (token == specialName(id))
            return id;
    // A single word is in the vocabulary (hashed); text of several pieces is no one token.
    const QStringList pieces = TeachingTokenizer::split(token);
    if (pieces.size() != 1 || pieces.first() != token)
        return std::nullopt;
    return TeachingTokenizer::idForToken(TeachingTokenizer::foldCase(token));
}

Encoding TeachingTranslationTokenizer::encodeTarget(const QString& text, bool addSpecialTokens) const {
    return encode(text, addSpecialTokens);
}

Encoding TeachingTranslationTokenizer::targetFromIds(const std::vector<int>& ids) const {
    return fromIds(ids);
}

QString TeachingTranslationTokenizer::decodeTarget(const std::vector<int>& ids, bool skipSpecial) const {
    QString text;
    for (const int id : ids) {
        if (skipSpecial && !specialName(id).isEmpty())
            continue;
        const QString word = nameOf(id);
        if (!text.isEmpty() && !isClosingPunctuation(word))
            text += QLatin1Char(' ');
        text += word;
    }
    return text;
}

}  // namespace headmap
