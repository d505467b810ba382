#include "tokenizers/WordPieceModel.h"

#include "core/HeadmapError.h"
#include "tokenizers/TokenizerChars.h"

namespace headmap {

WordPieceModel::WordPieceModel(Vocabulary vocabulary, const WordPieceOptions& options)
    : TokenizerModel(std::move(vocabulary)), m_options(options) {
    const std::optional<int> unk = this->vocabulary().id(m_options.unkToken);
    if (!unk)
        throw ModelError(QStringLiteral("the unknown token \"%1\" is not in the vocabulary")
                             .arg(m_options.unkToken));
    m_unkId = *unk;
}

void WordPieceModel::tokenize(const QString& word, std::vector<int>& ids) const {
    // Character boundaries in UTF-16 units: pieces never split a surrogate pair.
    std::vector<qsizetype> bounds;
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
    size_t start = 0;
    while (start < chars) {
        std::optional<int> found;
        size_t end = chars;
        for (; end > start; --end) {
            QString candidate = word.mid(bounds[start], bounds[end] - bounds[start]);
            if (start > 0)
                candidate.prepend(m_options.continuingSubwordPrefix);
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
