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

void WordPieceModel::tokenize(const QString& word, std::vector<int>& ids) const {
    // Character boundaries in UTF-16 units: pieces never split a surrogate pair.
    std::vector<qsizetype> bounds;
    bounds.reserve(size_t(word.size()) + 1);
    tokchars::forEachCodePoint(word, [&](char32_t, qsizetype start, qsizetype) {
        bounds.push_back(start);
    });
    bounds.push_back(word.size());
    const size_t chars = bounds.size() - 1;
    if (chars > size_t(m_options.maxInputCharsPerWord)) {
        ids.push_back(m_unkId);
        return;
    }

    std::vector<int> pieces;
    // One buffer for every candidate: resize(0) keeps its capacity, so trying the candidates
    // of a word allocates once, not once per candidate.
    QString candidate;
    candidate.reserve(m_options.continuingSubwordPrefix.size() + word.size());
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
        if (!found) {
            ids.push_back(m_unkId);
            return;
        }
        pieces.push_back(*found);
        start = end;
    }
    ids.insert(ids.end(), pieces.begin(), pieces.end());
}

}  // namespace headmap
