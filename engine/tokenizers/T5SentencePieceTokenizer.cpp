#include "tokenizers/T5SentencePieceTokenizer.h"

#include <algorithm>

#include <QCoreApplication>

#include "core/HeadmapError.h"
#include "text/TokenLabels.h"
#include "tokenizers/SlowTokenizerSettings.h"

namespace headmap {
namespace {

const QString kT5SpaceMarker = QStringLiteral("\u2581");

}  // namespace

T5SentencePieceTokenizer::T5SentencePieceTokenizer(T5TokenizerParts parts)
    : m_parts(std::move(parts)), m_specialTokens(m_parts.specialTokens, nullptr) {
    m_vocabSize = m_parts.model->size();
    const std::vector<AddedToken>& specials = m_specialTokens.tokens();
    for (int i = 0; i < int(specials.size()); ++i) {
        m_specialByIds.insert(specials[size_t(i)].id, i);
        m_vocabSize = std::max(m_vocabSize, specials[size_t(i)].id + 1);
    }
}

int T5SentencePieceTokenizer::idOf(const QString& piece) const {
    // _convert_token_to_id_with_added_voc: added tokens first, then the model's piece_to_id,
    // which answers the unknown id for a piece it lacks (SentencePiece's unknown characters).
    const int special = m_specialTokens.indexOf(piece);
    if (special >= 0)
        return m_specialTokens.tokens()[size_t(special)].id;
    return m_parts.model->id(piece).value_or(m_parts.model->unknownId());
}

QString T5SentencePieceTokenizer::pieceOf(int id, size_t position) const {
    const auto special = m_specialByIds.constFind(id);
    if (special != m_specialByIds.constEnd())
        return m_specialTokens.tokens()[size_t(*special)].content;
    const QString piece = m_parts.model->piece(id);
    if (piece.isNull())
        throw InputError(QCoreApplication::translate("Engine", "token id %1 at position %2 has no entry in the "
                                                               "vocabulary").arg(id).arg(position));
    return piece;
}

void T5SentencePieceTokenizer::appendToken(int id, Encoding& encoding, size_t position) const {
    const QString piece = pieceOf(id, position);
    const auto special = m_specialByIds.constFind(id);
    const bool isSpecial = special != m_specialByIds.constEnd() && m_specialTokens.tokens()[size_t(*special)].special;
    encoding.append(id, piece, piece, isSpecial && id != m_parts.unkId);
}

Encoding T5SentencePieceTokenizer::encode(const QString& text, bool addSpecialTokens) const {
    Encoding encoding;
    for (const TextSegment& segment : m_specialTokens.split(text, nullptr)) {
        if (segment.addedToken >= 0) {
            appendToken(m_specialTokens.tokens()[size_t(segment.addedToken)].id, encoding, size_t(encoding.size()));
            continue;
        }
        for (const QString& piece : m_parts.model->encode(segment.text))
            appendToken(idOf(piece), encoding, size_t(encoding.size()));
    }
    if (addSpecialTokens)  // TemplateProcessing "$A </s>"
        appendToken(m_parts.eosId, encoding, size_t(encoding.size()));
    encoding.displayTokens = tokenlabels::labels(encoding.tokens, encoding.special, PieceStyle::SentencePiece,
                                                 kT5SpaceMarker);
    return encoding;
}

std::optional<int> T5SentencePieceTokenizer::tokenToId(const QString& token) const {
    const int special = m_specialTokens.indexOf(token);
    if (special >= 0)
        return m_specialTokens.tokens()[size_t(special)].id;
    return m_parts.model->id(token);
}

Encoding T5SentencePieceTokenizer::fromIds(const std::vector<int>& ids) const {
    Encoding encoding;
    for (size_t i = 0; i < ids.size(); ++i)
        appendToken(ids[i], encoding, i);
    encoding.displayTokens = tokenlabels::labels(encoding.tokens, encoding.special, PieceStyle::SentencePiece,
                                                 kT5SpaceMarker);
    return encoding;
}

QString T5SentencePieceTokenizer::decodeTarget(const std::vector<int>& ids, bool skipSpecial) const {
    // convert_ids_to_tokens(skip_special_tokens), then convert_tokens_to_string:
    // "".join(tokens).replace("▁", " ").strip().
    QString text;
    for (size_t i = 0; i < ids.size(); ++i) {
        const auto special = m_specialByIds.constFind(ids[i]);
        if (skipSpecial && special != m_specialByIds.constEnd() && m_specialTokens.tokens()[size_t(*special)].special)
            continue;
        text += pieceOf(ids[i], i);
    }
    text.replace(kT5SpaceMarker, QStringLiteral(" "));
    text = slowtokenizer::pythonStrip(text);
    return m_parts.cleanUpTokenizationSpaces ? slowtokenizer::cleanUpTokenizationSpaces(text) : text;
}

}  // namespace headmap
