#pragma once
// builtin:translation's tokenizer, one vocabulary for both sides as Marian's shared ones: the
// words of TeachingTokenizer (split by Unicode class, case folded, ids hashed into 2^24), with
// the special tokens a translation model needs instead of [CLS]/[SEP]:
//   source  "Katten sover."  ->  katten sover . </s>
//   target  "The cat sleeps." -> the cat sleeps . </s>   (the labels of teacher forcing)
// Hashed ids cannot be turned back into words, so the model writes (generates) only from a
// small built-in list of English words (writableWords()), which fromIds and decodeTarget name.

#include <QHash>

#include "model/TargetSideTokenizer.h"
#include "model/Tokenizer.h"

namespace headmap {

class TeachingTranslationTokenizer : public Tokenizer, public TargetSideTokenizer {
public:
    static constexpr int kPadId = 0;
    static constexpr int kStartId = 1;  // <s>, the decoder's start token
    static constexpr int kEndId = 2;    // </s>, ends every source and target
    static constexpr int kUnkId = 3;    // never produced (every word hashes to an id); named only

    TeachingTranslationTokenizer();

    Encoding encode(const QString& text, bool addSpecialTokens) const override;
    Encoding encodeLimited(const QString& text, bool addSpecialTokens, int maxTokens) const override;
    Encoding fromIds(const std::vector<int>& ids) const override;
    std::optional<int> tokenToId(const QString& token) const override;
    int vocabSize() const override;

    // The target side is the same word-level tokenizer: a target is encoded like a source.
    Encoding encodeTarget(const QString& text, bool addSpecialTokens) const override;
    Encoding targetFromIds(const std::vector<int>& ids) const override;
    // Words joined by spaces, none before punctuation; an id outside the word list is "#id".
    QString decodeTarget(const std::vector<int>& ids, bool skipSpecial) const override;

    // The English words the decoder can write, in a fixed order, and their ids.
    static const QStringList& writableWords();
    const std::vector<int>& writableIds() const { return m_writableIds; }
    static QString specialName(int id);  // "<s>", "</s>", ...; empty for a word id

private:
    // A word's name for fromIds: itself when it is in the list, else "#id".
    QString nameOf(int id) const;

    std::vector<int> m_writableIds;
    QHash<int, QString> m_names;  // id -> writable word
};

}  // namespace headmap
