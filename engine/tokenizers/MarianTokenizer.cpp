#include "tokenizers/MarianTokenizer.h"

#include <algorithm>

#include <QCoreApplication>

#include "core/HeadmapError.h"
#include "text/TokenLabels.h"
#include "tokenizers/SlowTokenizerSettings.h"

namespace headmap {
namespace {

const QString kMarianSpaceMarker = QStringLiteral("\u2581");

}  // namespace

MarianTokenizer::MarianTokenizer(MarianTokenizerParts parts)
    : m_parts(std::move(parts)), m_specialTokens(m_parts.specialTokens, nullptr) {
    const std::vector<AddedToken>& specials = m_specialTokens.tokens();
    m_vocabSize = m_parts.sourceVocabulary.maxId() + 1;
    for (int i = 0; i < int(specials.size()); ++i) {
        m_specialByIds.insert(specials[size_t(i)].id, i);
        m_specialContents.insert(specials[size_t(i)].content);
        m_vocabSize = std::max(m_vocabSize, specials[size_t(i)].id + 1);
    }
    m_targetVocabSize = m_vocabSize;
    if (m_parts.targetVocabulary) {
        m_targetVocabSize = m_parts.targetVocabulary->maxId() + 1;
        for (const AddedToken& token : specials)
            m_targetVocabSize = std::max(m_targetVocabSize, token.id + 1);
    }
    for (int id = 0; id <= m_parts.sourceVocabulary.maxId(); ++id) {
        const QString piece = m_parts.sourceVocabulary.piece(id);
        if (piece.startsWith(QLatin1String(">>")) && piece.endsWith(QLatin1String("<<")))
            m_languageCodes << piece;
    }
}

MarianTokenizer::Side MarianTokenizer::sourceSide() const {
    return Side{m_parts.sourceModel.get(), &m_parts.sourceVocabulary};
}

MarianTokenizer::Side MarianTokenizer::targetSide() const {
    return Side{m_parts.targetModel.get(),
                m_parts.targetVocabulary ? &*m_parts.targetVocabulary : &m_parts.sourceVocabulary};
}

Encoding MarianTokenizer::labelled(Encoding encoding) const {
    encoding.displayTokens = tokenlabels::labels(encoding.tokens, encoding.special, PieceStyle::SentencePiece,
                                                 kMarianSpaceMarker);
    return encoding;
}

int MarianTokenizer::idOf(const Side& side, const QString& token) const {
    // _convert_token_to_id_with_added_voc: added (special) tokens first, then the side's vocabulary.
    const int special = m_specialTokens.indexOf(token);
    if (special >= 0)
        return m_specialTokens.tokens()[size_t(special)].id;
    return side.vocabulary->id(token).value_or(m_parts.unkId);
}

QString MarianTokenizer::pieceOf(const Side& side, int id) const {
    const auto special = m_specialByIds.constFind(id);
    if (special != m_specialByIds.constEnd())
        return m_specialTokens.tokens()[size_t(*special)].content;
    return side.vocabulary->piece(id);
}

void MarianTokenizer::appendToken(const Side& side, int id, Encoding& encoding) const {
    const QString piece = pieceOf(side, id);
    encoding.append(id, piece, piece, m_specialByIds.contains(id) && id != m_parts.unkId);
}

void MarianTokenizer::encodeText(const Side& side, const QString& text, Encoding& encoding) const {
    // remove_language_code: ">>" at the start, up to the first "<<" (wherever it is).
    QString rest = text;
    if (text.startsWith(QLatin1String(">>"))) {
        const qsizetype end = text.indexOf(QLatin1String("<<"));
        if (end >= 0) {
            appendToken(side, idOf(side, text.left(end + 2)), encoding);
            rest = text.mid(end + 2);
        }
    }
    for (const QString& piece : side.model->encode(rest))
        appendToken(side, idOf(side, piece), encoding);
}

Encoding MarianTokenizer::encodeSide(const Side& side, const QString& text, bool addSpecialTokens) const {
    Encoding encoding;
    if (m_parts.splitSpecialTokens) {
        encodeText(side, text, encoding);
    } else {
        for (const TextSegment& segment : m_specialTokens.split(text, nullptr)) {
            if (segment.addedToken >= 0)
                appendToken(side, m_specialTokens.tokens()[size_t(segment.addedToken)].id, encoding);
            else
                encodeText(side, segment.text, encoding);
        }
    }
    if (addSpecialTokens)
        appendToken(side, m_parts.eosId, encoding);
    return labelled(std::move(encoding));
}

Encoding MarianTokenizer::encode(const QString& text, bool addSpecialTokens) const {
    return encodeSide(sourceSide(), text, addSpecialTokens);
}

Encoding MarianTokenizer::encodeTarget(const QString& text, bool addSpecialTokens) const {
    return encodeSide(targetSide(), text, addSpecialTokens);
}

std::optional<int> MarianTokenizer::tokenToId(const QString& token) const {
    const int special = m_specialTokens.indexOf(token);
    if (special >= 0)
        return m_specialTokens.tokens()[size_t(special)].id;
    return m_parts.sourceVocabulary.id(token);
}

Encoding MarianTokenizer::fromSideIds(const Side& side, const std::vector<int>& ids) const {
    Encoding encoding;
    for (size_t i = 0; i < ids.size(); ++i) {
        if (pieceOf(side, ids[i]).isNull())
            throw InputError(QCoreApplication::translate("Engine", "token id %1 at position %2 has no entry in the "
                                                                   "vocabulary").arg(ids[i]).arg(i));
        appendToken(side, ids[i], encoding);
    }
    return labelled(std::move(encoding));
}

Encoding MarianTokenizer::fromIds(const std::vector<int>& ids) const {
    return fromSideIds(sourceSide(), ids);
}

Encoding MarianTokenizer::fromTargetIds(const std::vector<int>& ids) const {
    return fromSideIds(targetSide(), ids);
}

QString MarianTokenizer::decodeTarget(const std::vector<int>& ids, bool skipSpecial) const {
    // _decode's use_source_tokenizer defaults to "not separate_vocabs".
    const Side side = targetSide();
    const SentencePieceFile& model = m_parts.targetVocabulary ? *m_parts.targetModel : *m_parts.sourceModel;
    // convert_ids_to_tokens: special tokens, the vocabulary, else the SentencePiece model's numbering.
    QStringList tokens;
    for (size_t i = 0; i < ids.size(); ++i) {
        const int id = ids[i];
        if (skipSpecial && m_specialByIds.contains(id))
            continue;
        QString piece = pieceOf(side, id);
        if (piece.isNull())
            piece = model.piece(id);
        if (piece.isNull())
            throw InputError(QCoreApplication::translate("Engine", "token id %1 at position %2 has no entry in the "
                                                                   "vocabulary").arg(id).arg(i));
        tokens << piece;
    }
    // convert_tokens_to_string: special tokens are not given to SentencePiece.
    QString text;
    QStringList run;
    for (const QString& token : tokens) {
        if (m_specialContents.contains(token)) {
            text += model.decode(run) + token + QLatin1Char(' ');
            run.clear();
        } else {
            run << token;
        }
    }
    text += model.decode(run);
    text.replace(kMarianSpaceMarker, QStringLiteral(" "));
    text = slowtokenizer::pythonStrip(text);
    return m_parts.cleanUpTokenizationSpaces ? slowtokenizer::cleanUpTokenizationSpaces(text) : text;
}

}  // namespace headmap
