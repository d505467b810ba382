#include "tokenizers/HfTokenizer.h"

#include <algorithm>

#include <QCoreApplication>

#include "core/HeadmapError.h"
#include "text/TokenLabels.h"
#include "tokenizers/WordPieceModel.h"

namespace headmap {

HfTokenizer::HfTokenizer(HfTokenizerParts parts)
    : m_parts(std::move(parts)),
      m_addedTokens(std::move(m_parts.addedTokens), m_parts.normalizer.get()) {
    m_vocabSize = m_parts.model->vocabulary().maxId() + 1;
    const std::vector<AddedToken>& added = m_addedTokens.tokens();
    for (int i = 0; i < int(added.size()); ++i) {
        m_addedTokenById.insert(added[size_t(i)].id, i);
        m_vocabSize = std::max(m_vocabSize, added[size_t(i)].id + 1);
    }
    if (m_parts.byteLevel)
        m_pieceStyle = PieceStyle::ByteLevel;
    else if (!m_parts.spaceMarker.isEmpty() || m_parts.byteFallbackPieces)
        m_pieceStyle = PieceStyle::SentencePiece;
    else if (dynamic_cast<const WordPieceModel*>(m_parts.model.get()))
        m_pieceStyle = PieceStyle::WordPiece;
}

Encoding HfTokenizer::labelled(Encoding encoding) const {
    encoding.displayTokens = tokenlabels::labels(encoding.tokens, encoding.special, m_pieceStyle,
                                                 m_parts.spaceMarker);
    return encoding;
}

bool HfTokenizer::encodeSequence(const QString& text, int maxTokens, Encoding& encoding) const {
    const auto full = [&] { return maxTokens >= 0 && encoding.size() > maxTokens; };
    std::vector<int> ids;
    // Each word is tokenized as soon as the pre-tokenizer finds it, so only one word's pieces
    // exist at a time besides the encoding itself.
    const PreTokenizer::WordSink tokenizeWord = [&](const QString& word, bool) {
        ids.clear();
        m_parts.model->tokenize(word, ids);
        for (int id : ids) {
            const QString piece = m_parts.model->vocabulary().piece(id);
            encoding.append(id, piece, piece, false);  // labelled() makes it readable
        }
        return !full();
    };
    for (const TextSegment& segment : m_addedTokens.split(text, m_parts.normalizer.get())) {
        if (segment.addedToken >= 0) {
            // The vocabulary piece, not the matched text: lstrip/rstrip may have taken spaces.
            const AddedToken& token = m_addedTokens.tokens()[size_t(segment.addedToken)];
            encoding.append(token.id, token.content, token.content, token.special);
            if (full())
                return false;
            continue;
        }
        const bool finished = m_parts.preTokenizer
                                  ? m_parts.preTokenizer->forEachWord(segment.text, segment.atTextStart, tokenizeWord)
                                  : tokenizeWord(segment.text, segment.atTextStart);
        if (!finished)
            return false;
    }
    return true;
}

Encoding HfTokenizer::encodeSequence(const QString& text) const {
    Encoding encoding;
    encodeSequence(text, -1, encoding);
    return encoding;
}

Encoding HfTokenizer::postProcess(std::vector<Encoding> sequences, bool addSpecialTokens) const {
    for (size_t i = 0; i < sequences.size(); ++i)
        setTypeIds(sequences[i], int(i));
    if (m_parts.postProcessor)
        sequences = m_parts.postProcessor->process(std::move(sequences), addSpecialTokens);
    return concatenate(std::move(sequences));
}

Encoding HfTokenizer::encode(const QString& text, bool addSpecialTokens) const {
    return labelled(postProcess({encodeSequence(text)}, addSpecialTokens));
}

Encoding HfTokenizer::encodeLimited(const QString& text, bool addSpecialTokens, int maxTokens) const {
    if (maxTokens < 0)
        return encode(text, addSpecialTokens);
    Encoding sequence;
    const bool complete = encodeSequence(text, maxTokens, sequence);
    // A cut sequence has more than maxTokens tokens, so the post-processed one has too; its first
    // maxTokens tokens are those of the full encoding, as the special tokens before the sequence
    // do not depend on it.
    // Labelled before the cut: the sequence stops after a whole word, and no character spans two
    // words, so a character cut by the limit is labelled as in the full encoding.
    Encoding encoding = labelled(postProcess({std::move(sequence)}, addSpecialTokens));
    if (!complete || encoding.size() > maxTokens) {
        encoding.truncate(maxTokens);
        encoding.truncated = true;
    }
    return encoding;
}

Encoding HfTokenizer::encodePair(const QString& first, const QString& second,
                                 bool addSpecialTokens) const {
    return labelled(postProcess({encodeSequence(first), encodeSequence(second)}, addSpecialTokens));
}

std::optional<int> HfTokenizer::tokenToId(const QString& token) const {
    const int added = m_addedTokens.indexOf(token);
    if (added >= 0)
        return m_addedTokens.tokens()[size_t(added)].id;
    return m_parts.model->vocabulary().id(token);
}

Encoding HfTokenizer::fromIds(const std::vector<int>& ids) const {
    Encoding encoding;
    for (size_t i = 0; i < ids.size(); ++i) {
        const int id = ids[i];
        if (id < 0 || id >= m_vocabSize)
            throw InputError(QCoreApplication::translate("Engine", "token id %1 at position %2 is outside the "
                                                                   "vocabulary (expected 0..%3)")
                                 .arg(id).arg(i).arg(m_vocabSize - 1));
        const auto added = m_addedTokenById.constFind(id);
        if (added != m_addedTokenById.constEnd()) {
            const AddedToken& token = m_addedTokens.tokens()[size_t(*added)];
            encoding.append(id, token.content, token.content, token.special);
            continue;
        }
        const QString piece = m_parts.model->vocabulary().piece(id);
        if (piece.isNull())
            throw InputError(QCoreApplication::translate("Engine", "token id %1 at position %2 has no entry in the "
                                                                   "vocabulary").arg(id).arg(i));
        encoding.append(id, piece, piece, false);
    }
    return labelled(std::move(encoding));
}

}  // namespace headmap
