#include "tokenizers/WordPieceModel.h"

#include <algorithm>

#include <QCoreApplication>

#include "core/HeadmapError.h"
#include "tokenizers/TokenizerChars.h"

namespace headmap {

WordPieceModel::WordPieceModel(Vocabulary vocabulary, const WordPieceOptions& options)
    : TokenizerModel(std::move(vocabulary)), m_options(options) {
    const std::optional<int> unk = this->vocabulary().id(m_options.unkToken);
    if (!unk)
        throw ModelError(QCoreApplication::translate("Engine", "the unknown token \"%1\" is not in the vocabulary")
                             .arg(m_options.unkToken));
    m_unkId = *unk;
    // Every id's piece, including ones a later duplicate took over: at worst a bound too high.
    for (int id = 0; id <= this->vocabulary().maxId(); ++id)
        m_longestPiece = std::max(m_longestPiece, this->vocabulary().piece(id).size());
}

namespace {

// Buffers for one word, kept from word to word on each thread: tokenize() runs for every word
// of every text, and allocating them per word was a seventh of the vocab.txt fuzzer's time.
struct WordScratch {
    std::vector<qsizetype> bounds;  // character boundaries in UTF-16 units
    QString candidate;              // the piece being looked up
};

// Gives the buffers back after a word of more than kKeep characters (or a piece that long),
// so that one huge word does not keep its memory for the rest of the thread's life.
struct ScratchRelease {
    static constexpr size_t kKeep = 4096;
    WordScratch& scratch;
    ~ScratchRelease() {
        if (scratch.bounds.capacity() > kKeep)
            std::vector<qsizetype>().swap(scratch.bounds);
        if (size_t(scratch.candidate.capacity()) > kKeep)
            scratch.candidate = QString();
    }
};

}  // namespace

void WordPieceModel::tokenize(const QString& word, std::vector<int>& ids) const {
    thread_local WordScratch scratch;
    const ScratchRelease release{scratch};
    // Boundaries only up to the limit: a word of millions of characters is [UNK] without one
    // being stored for each. Pieces never split a surrogate pair.
    std::vector<qsizetype>& bounds = scratch.bounds;
    bounds.clear();
    const size_t maxChars = size_t(m_options.maxInputCharsPerWord);
    qsizetype i = 0;
    while (i < word.size()) {
        if (bounds.size() == maxChars) {  // one character more than allowed
            ids.push_back(m_unkId);
            return;
        }
        bounds.push_back(i);
        tokchars::nextCodePoint(word, i);
    }
    bounds.push_back(word.size());
    const size_t chars = bounds.size() - 1;

    const size_t before = ids.size();
    // One buffer for every candidate: resize(0) keeps its capacity.
    QString& candidate = scratch.candidate;
    size_t start = 0;
    while (start < chars) {
        std::optional<int> found;
        // Start at the longest candidate that fits in m_longestPiece (with the prefix after
        // the first piece): skipping longer ones cannot change which piece is found.
        const qsizetype room = m_longestPiece - (start > 0 ? m_options.continuingSubwordPrefix.size() : 0);
        size_t end = chars;
        while (end > start && bounds[end] - bounds[start] > room)
            --end;
        for (; end > start; --end) {
            candidate.resize(0);
            if (start > 0)
                candidate += m_options.continuingSubwordPrefix;
            candidate += QStringView(word).mid(bounds[start], bounds[end] - bounds[start]);
            found = vocabulary().id(candidate);
            if (found)
                break;
        }
        if (!found) {  // the whole word is [UNK], not the pieces found so far
            ids.resize(before);
            ids.push_back(m_unkId);
            return;
        }
        ids.push_back(*found);
        start = end;
    }
}

}  // namespace headmap
