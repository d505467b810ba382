#include "tokenizers/BpeModel.h"

#include <algorithm>
#include <queue>

#include <QCoreApplication>

#include "core/HeadmapError.h"
#include "tokenizers/TokenizerChars.h"

namespace headmap {
namespace {

struct Symbol {
    int id;
    int prev;  // index of the previous live symbol, -1 at the start
    int next;  // index of the next live symbol, -1 at the end
    bool alive = true;
};

struct Candidate {
    int rank;
    int pos;  // index of the left symbol
    int newId;
};

// Orders the queue so that the lowest rank, then the leftmost position, comes out first.
struct LaterCandidate {
    bool operator()(const Candidate& a, const Candidate& b) const {
        return a.rank != b.rank ? a.rank > b.rank : a.pos > b.pos;
    }
};

}  // namespace

BpeModel::BpeModel(Vocabulary vocabulary, const std::vector<BpeMerge>& merges,
                   const BpeOptions& options)
    : TokenizerModel(std::move(vocabulary)), m_options(options) {
    const Vocabulary& vocab = this->vocabulary();
    if (m_options.unkToken) {
        m_unkId = vocab.id(*m_options.unkToken);
        if (!m_unkId)
            throw ModelError(QCoreApplication::translate("Engine", "the unknown token \"%1\" is not in the vocabulary")
                                 .arg(*m_options.unkToken));
    }
    for (int byte = 0; byte < 256; ++byte) {
        // Rust's format!("<{:#04X}>"): "<0x0A>", "<0xE5>".
        const QString piece = QStringLiteral("<0x%1>").arg(QString::number(byte, 16).toUpper().rightJustified(2, u'0'));
        m_byteIds[size_t(byte)] = vocab.id(piece).value_or(-1);
    }
    m_merges.reserve(qsizetype(merges.size()));
    for (size_t rank = 0; rank < merges.size(); ++rank) {
        // Plain references, not a structured binding: C++17 does not let lambdas capture
        // bindings (GCC allows it, clang 14 refuses).
        const QString& left = merges[rank].first;
        const QString& right = merges[rank].second;
        const auto missing = [&](const QString& piece) {
            return ModelError(QCoreApplication::translate("Engine", "merge %1 (\"%2 %3\") refers to \"%4\", which is "
                                                                    "not in the vocabulary")
                                  .arg(rank).arg(left, right, piece));
        };
        const std::optional<int> leftId = vocab.id(left);
        const std::optional<int> rightId = vocab.id(right);
        const std::optional<int> newId = vocab.id(left + right);
        if (!leftId)
            throw missing(left);
        if (!rightId)
            throw missing(right);
        if (!newId)
            throw missing(left + right);
        // A pair listed twice keeps its last rank, as Rust's map does.
        m_merges.insert(pairKey(*leftId, *rightId), Merge{int(rank), *newId});
    }
}

const BpeModel::Merge* BpeModel::findMerge(int left, int right) const {
    const auto it = m_merges.constFind(pairKey(left, right));
    return it == m_merges.constEnd() ? nullptr : &*it;
}

std::vector<int> BpeModel::symbolsOf(const QString& word) const {
    std::vector<int> symbols;
    bool previousUnknown = false;
    tokchars::forEachCodePoint(word, [&](char32_t, qsizetype start, qsizetype end) {
        const QString character = word.mid(start, end - start);
        const std::optional<int> id = vocabulary().id(character);
        if (id) {
            symbols.push_back(*id);
            previousUnknown = false;
            return;
        }
        if (m_options.byteFallback) {
            // As in Rust: all bytes or none; then the unknown token as without byte_fallback.
            const QByteArray bytes = character.toUtf8();
            const bool all = std::all_of(bytes.begin(), bytes.end(),
                                         [&](char b) { return m_byteIds[uchar(b)] >= 0; });
            if (all) {
                for (char b : bytes)
                    symbols.push_back(m_byteIds[uchar(b)]);
                return;
            }
        }
        if (m_unkId) {
            if (!(previousUnknown && m_options.fuseUnk))
                symbols.push_back(*m_unkId);
            previousUnknown = true;
        }
    });
    return symbols;
}

std::vector<int> BpeModel::mergeWord(const QString& word) const {
    const std::vector<int> initial = symbolsOf(word);
    const int count = int(initial.size());
    std::vector<Symbol> symbols;
    symbols.reserve(initial.size());
    for (int i = 0; i < count; ++i)
        symbols.push_back(Symbol{initial[size_t(i)], i - 1, i + 1 < count ? i + 1 : -1});

    std::priority_queue<Candidate, std::vector<Candidate>, LaterCandidate> queue;
    const auto offer = [&](int pos) {
        const int next = symbols[size_t(pos)].next;
        if (next < 0)
            return;
        if (const Merge* merge = findMerge(symbols[size_t(pos)].id, symbols[size_t(next)].id))
            queue.push(Candidate{merge->rank, pos, merge->newId});
    };
    for (int i = 0; i + 1 < count; ++i)
        offer(i);

    while (!queue.empty()) {
        const Candidate top = queue.top();
        queue.pop();
        Symbol& left = symbols[size_t(top.pos)];
        if (!left.alive || left.next < 0)
            continue;
        Symbol& right = symbols[size_t(left.next)];
        // Skip entries made stale by an earlier merge on either side.
        const Merge* current = findMerge(left.id, right.id);
        if (!current || current->newId != top.newId)
            continue;
        left.id = top.newId;
        right.alive = false;
        left.next = right.next;
        if (left.next >= 0)
            symbols[size_t(left.next)].prev = top.pos;
        if (left.prev >= 0)
            offer(left.prev);
        offer(top.pos);
    }

    std::vector<int> ids;
    for (const Symbol& symbol : symbols)
        if (symbol.alive)
            ids.push_back(symbol.id);
    return ids;
}

void BpeModel::tokenize(const QString& word, std::vector<int>& ids) const {
    if (word.isEmpty())
        return;
    if (m_options.ignoreMerges) {
        if (const std::optional<int> whole = vocabulary().id(word)) {
            ids.push_back(*whole);
            return;
        }
    }
    const bool cacheable = word.size() < kMaxCachedWordLength;
    if (cacheable) {
        QMutexLocker lock(&m_cacheMutex);
        const auto it = m_cache.constFind(word);
        if (it != m_cache.constEnd()) {
            ids.insert(ids.end(), it->begin(), it->end());
            return;
        }
    }
    const std::vector<int> merged = mergeWord(word);
    ids.insert(ids.end(), merged.begin(), merged.end());
    if (cacheable) {
        QMutexLocker lock(&m_cacheMutex);
        if (m_cache.size() >= kCacheCapacity)
            m_cache.clear();
        m_cache.insert(word, merged);
    }
}

}  // namespace headmap
