#include "tokenizers/M2M100Tokenizer.h"

#include <algorithm>

#include <QCoreApplication>

#include "core/HeadmapError.h"
#include "text/TokenLabels.h"
#include "tokenizers/SlowTokenizerSettings.h"

namespace headmap {
namespace {

const QString kM2MSpaceMarker = QStringLiteral("\u2581");

QString m2mLanguageToken(const QString& code) {
    return QStringLiteral("__%1__").arg(code);
}

}  // namespace

M2M100Tokenizer::M2M100Tokenizer(M2M100TokenizerParts parts)
    : m_parts(std::move(parts)), m_specialTokens(m_parts.specialTokens, nullptr) {
    m_firstLanguageId = m_parts.vocabulary.size();  // encoder_size = len(vocab.json)
    for (const QString& code : m_parts.languageCodes)
        m_languageTokens << m2mLanguageToken(code);
    m_vocabSize = std::max(m_parts.vocabulary.maxId() + 1, m_firstLanguageId + int(m_languageTokens.size()));
    const std::vector<AddedToken>& specials = m_specialTokens.tokens();
    for (int i = 0; i < int(specials.size()); ++i) {
        m_specialByIds.insert(specials[size_t(i)].id, i);
        m_specialContents.insert(specials[size_t(i)].content);
        m_vocabSize = std::max(m_vocabSize, specials[size_t(i)].id + 1);
    }
}

LanguageChoice M2M100Tokenizer::defaultLanguages() const {
    return LanguageChoice{m2mLanguageToken(m_parts.sourceLanguage),
                          m_parts.targetLanguage.isEmpty() ? QString() : m2mLanguageToken(m_parts.targetLanguage)};
}

int M2M100Tokenizer::languageId(const QString& language, const QString& what) const {
    const QString token = resolveLanguageCode(m_languageTokens, language, what);
    return m_firstLanguageId + int(m_languageTokens.indexOf(token));
}

int M2M100Tokenizer::languageTokenId(const QString& language) const {
    if (language.isEmpty())
        return -1;
    return languageId(language, QCoreApplication::translate("Engine", "target language"));
}

Encoding M2M100Tokenizer::labelled(Encoding encoding) const {
    encoding.displayTokens = tokenlabels::labels(encoding.tokens, encoding.special, PieceStyle::SentencePiece,
                                                 kM2MSpaceMarker);
    return encoding;
}

int M2M100Tokenizer::idOf(const QString& token) const {
    // _convert_token_to_id_with_added_voc: added (special) tokens, then _convert_token_to_id's
    // language tokens, then vocab.json, else vocab.json's "<unk>".
    const int special = m_specialTokens.indexOf(token);
    if (special >= 0)
        return m_specialTokens.tokens()[size_t(special)].id;
    const qsizetype language = m_languageTokens.indexOf(token);
    if (language >= 0)
        return m_firstLanguageId + int(language);
    return m_parts.vocabulary.id(token).value_or(m_parts.unkId);
}

QString M2M100Tokenizer::pieceOf(int id) const {
    const auto special = m_specialByIds.constFind(id);
    if (special != m_specialByIds.constEnd())
        return m_specialTokens.tokens()[size_t(*special)].content;
    const int language = id - m_firstLanguageId;
    if (language >= 0 && language < m_languageTokens.size())
        return m_languageTokens[language];
    const QString piece = m_parts.vocabulary.piece(id);
    return piece.isNull() ? pieceOf(m_parts.unkId) : piece;
}

void M2M100Tokenizer::appendToken(int id, Encoding& encoding, bool special) const {
    const QString piece = pieceOf(id);
    encoding.append(id, piece, piece, special || (m_specialByIds.contains(id) && id != m_parts.unkId));
}

Encoding M2M100Tokenizer::encodeWith(const QString& text, bool addSpecialTokens, int languageId) const {
    Encoding encoding;
    if (addSpecialTokens)  // prefix_tokens: the language; suffix_tokens: eos
        appendToken(languageId, encoding, true);
    for (const TextSegment& segment : m_specialTokens.split(text, nullptr)) {
        if (segment.addedToken >= 0) {
            appendToken(m_specialTokens.tokens()[size_t(segment.addedToken)].id, encoding, false);
            continue;
        }
        for (const QString& piece : m_parts.model->encode(segment.text))
            appendToken(idOf(piece), encoding, false);
    }
    if (addSpecialTokens)
        appendToken(m_parts.eosId, encoding, true);
    return labelled(std::move(encoding));
}

Encoding M2M100Tokenizer::encode(const QString& text, bool addSpecialTokens) const {
    return encodeSourceIn(text, addSpecialTokens, QString());
}

Encoding M2M100Tokenizer::encodeSourceIn(const QString& text, bool addSpecialTokens, const QString& language) const {
    const QString chosen = language.isEmpty() ? m2mLanguageToken(m_parts.sourceLanguage) : language;
    return encodeWith(text, addSpecialTokens,
                      languageId(chosen, QCoreApplication::translate("Engine", "source language")));
}

Encoding M2M100Tokenizer::encodeTarget(const QString& text, bool addSpecialTokens) const {
    return encodeTargetIn(text, addSpecialTokens, LanguageChoice());
}

Encoding M2M100Tokenizer::encodeTargetIn(const QString& text, bool addSpecialTokens,
                                         const LanguageChoice& languages) const {
    QString chosen = languages.target;
    if (chosen.isEmpty() && !m_parts.targetLanguage.isEmpty())
        chosen = m2mLanguageToken(m_parts.targetLanguage);
    if (chosen.isEmpty())  // transformers: get_lang_token(None) fails
        throw InputError(QCoreApplication::translate("Engine", "the model's tokenizer names no target language "
                                                               "(tgt_lang): choose one (e.g. %1) to read a target text")
                             .arg(m_languageTokens.mid(0, 3).join(QStringLiteral(", "))));
    return encodeWith(text, addSpecialTokens,
                      languageId(chosen, QCoreApplication::translate("Engine", "target language")));
}

std::optional<int> M2M100Tokenizer::tokenToId(const QString& token) const {
    const int special = m_specialTokens.indexOf(token);
    if (special >= 0)
        return m_specialTokens.tokens()[size_t(special)].id;
    const qsizetype language = m_languageTokens.indexOf(token);
    if (language >= 0)
        return m_firstLanguageId + int(language);
    return m_parts.vocabulary.id(token);
}

Encoding M2M100Tokenizer::fromIds(const std::vector<int>& ids) const {
    Encoding encoding;
    for (size_t i = 0; i < ids.size(); ++i) {
        if (ids[i] < 0)
            throw InputError(QCoreApplication::translate("Engine", "token id %1 at position %2 has no entry in the "
                                                                   "vocabulary").arg(ids[i]).arg(i));
        // Language tokens are special wherever they stand in ids (the decoder's first row).
        const bool language = ids[i] >= m_firstLanguageId && ids[i] < m_firstLanguageId + m_languageTokens.size();
        appendToken(ids[i], encoding, language);
    }
    return labelled(std::move(encoding));
}

QString M2M100Tokenizer::decodeTarget(const std::vector<int>& ids, bool skipSpecial) const {
    // convert_ids_to_tokens (all_special_ids skipped), then convert_tokens_to_string: special
    // tokens are appended as they are, the runs between them decoded by SentencePiece.
    QString text;
    QStringList run;
    for (size_t i = 0; i < ids.size(); ++i) {
        const int id = ids[i];
        if (id < 0)
            throw InputError(QCoreApplication::translate("Engine", "token id %1 at position %2 has no entry in the "
                                                                   "vocabulary").arg(id).arg(i));
        if (skipSpecial && m_specialByIds.contains(id))
            continue;
        const QString token = pieceOf(id);
        if (m_specialContents.contains(token)) {
            text += m_parts.model->decode(run) + token;
            run.clear();
        } else {
            run << token;
        }
    }
    text += m_parts.model->decode(run);
    text = slowtokenizer::pythonStrip(text);
    return m_parts.cleanUpTokenizationSpaces ? slowtokenizer::cleanUpTokenizationSpaces(text) : text;
}

}  // namespace headmap
