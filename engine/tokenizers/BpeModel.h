#pragma once
// Byte-pair encoding as the Rust tokenizers library runs it: the word starts as one symbol per
// character, then the adjacent pair with the lowest merge rank (leftmost among equals) is merged
// until no pair has a rank. Results are cached per word, since text repeats words a lot.
// A character outside the vocabulary becomes its UTF-8 bytes as "<0xE5>" pieces (byte_fallback,
// Llama-2 and Gemma), else the unknown token, else nothing. Without dropout or subword
// prefixes/suffixes (Headmap refuses those).

#include <array>
#include <optional>
#include <utility>
#include <vector>

#include <QHash>
#include <QMutex>

#include "tokenizers/TokenizerModel.h"

namespace headmap {

struct BpeOptions {
    std::optional<QString> unkToken;  // characters outside the vocabulary are dropped without it
    bool fuseUnk = false;             // consecutive unknown characters become one unknown token
    bool ignoreMerges = false;        // a word that is a vocabulary piece is taken whole
    bool byteFallback = false;        // unknown characters become "<0xE5>"-style byte pieces
};

using BpeMerge = std::pair<QString, QString>;

class BpeModel : public TokenizerModel {
public:
    // merges in rank order. Throws ModelError naming the first merge whose parts or result are
    // not in the vocabulary, or an unknown token that is not in it.
    BpeModel(Vocabulary vocabulary, const std::vector<BpeMerge>& merges, const BpeOptions& options);
    void tokenize(const QString& word, std::vector<int>& ids) const override;

private:
    struct Merge {
        int rank;
        int newId;
    };
    static quint64 pairKey(int left, int right) { return (quint64(uint(left)) << 32) | uint(right); }
    const Merge* findMerge(int left, int right) const;
    std::vector<int> symbolsOf(const QString& word) const;
    std::vector<int> mergeWord(const QString& word) const;

    BpeOptions m_options;
    std::optional<int> m_unkId;
    std::array<int, 256> m_byteIds{};  // the id of "<0xXX>" per byte, or -1
    QHash<quint64, Merge> m_merges;

    static constexpr qsizetype kMaxCachedWordLength = 256;
    static constexpr qsizetype kCacheCapacity = 10000;
    mutable QMutex m_cacheMutex;
    mutable QHash<QString, std::vector<int>> m_cache;
};

}  // namespace headmap
