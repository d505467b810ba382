#include "tokenizers/GgufUnigramTokenizer.h"

#include <algorithm>
#include <functional>
#include <cfloat>
#include <limits>

#include <QCoreApplication>

#include "core/HeadmapError.h"
#include "formats/GgufMetadata.h"
#include "text/TokenLabels.h"

namespace headmap {
namespace {

const QString kUgmSpaceMarker = QStringLiteral("\u2581");
const QByteArray kUgmEscapedSpace = QByteArrayLiteral("\xE2\x96\x81");
const QByteArray kUgmReplacementCharacter = QByteArrayLiteral("\xEF\xBF\xBD");

// llama.cpp's unicode_len_utf8: the length a lead byte announces (1 for a stray continuation byte).
qsizetype ugmUtf8Length(char lead) {
    static const qsizetype kLengths[16] = {1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 2, 2, 3, 4};
    return kLengths[quint8(lead) >> 4];
}

// The length of the valid UTF-8 character at offset, or 0 when it is not one (unicode_cpt_from_utf8
// throws there).
qsizetype ugmCharacterLength(const QByteArray& text, qsizetype offset) {
    const quint8 lead = quint8(text[offset]);
    const qsizetype length = lead < 0x80 ? 1 : (lead & 0xE0) == 0xC0 ? 2 : (lead & 0xF0) == 0xE0 ? 3
                                             : (lead & 0xF8) == 0xF0 ? 4 : 0;
    if (length == 0 || offset + length > text.size())
        return 0;
    for (qsizetype i = 1; i < length; ++i)
        if ((quint8(text[offset + i]) & 0xC0) != 0x80)
            return 0;
    return length;
}

// The trie's values are ids; PieceTrie numbers pieces by their index, so absent ones are empty.
PieceTrie ugmTrieOf(const GgufVocabulary& vocabulary, const std::function<bool(GgufTokenType)>& wanted) {
    std::vector<QByteArray> pieces(size_t(vocabulary.size()));
    for (int id = 0; id < vocabulary.size(); ++id)
        if (wanted(vocabulary.types[size_t(id)]))
            pieces[size_t(id)] = vocabulary.tokens[id].toUtf8();
    return PieceTrie(pieces);
}

}  // namespace

GgufUnigramTokenizer::GgufUnigramTokenizer(GgufVocabulary vocabulary, const QString& path)
    : m_vocabulary(std::move(vocabulary)) {
    if (!m_vocabulary.precompiledCharsMap.isEmpty()) {
        try {
            m_charsMap.emplace(m_vocabulary.precompiledCharsMap);
        } catch (const ModelError& error) {
            throwGgufError(path, QCoreApplication::translate("Engine", "metadata key %1: %2")
                                     .arg(ggufkeys::kPrecompiledCharsMap, error.message()));
        }
    }
    m_pieces = ugmTrieOf(m_vocabulary, [](GgufTokenType type) {
        return type == GgufTokenType::Normal || type == GgufTokenType::UserDefined || type == GgufTokenType::Unused;
    });
    m_userDefined = ugmTrieOf(m_vocabulary, [](GgufTokenType type) { return type == GgufTokenType::UserDefined; });
    double lowest = DBL_MAX;
    for (int id = 0; id < m_vocabulary.size(); ++id)
        if (isType(id, GgufTokenType::Normal))
            lowest = std::min(lowest, double(m_vocabulary.scores[size_t(id)]));
    // llm_tokenizer_ugm: min_score starts at FLT_MAX and is a float.
    m_unknownScore = double(float(std::min(lowest, double(FLT_MAX))) - 10.0f);
    if (!m_vocabulary.unknownId)
        throwGgufError(path, QCoreApplication::translate("Engine", "metadata key %1 is missing and the default "
                                                                   "unknown token (2) is outside the vocabulary")
                                 .arg(ggufkeys::kUnknownId));
    m_unknownId = *m_vocabulary.unknownId;

    // cache_special_tokens: control, unknown and user-defined tokens, matched in the raw text.
    std::vector<AddedToken> special;
    for (int id = 0; id < m_vocabulary.size(); ++id) {
        const GgufTokenType type = m_vocabulary.types[size_t(id)];
        if (type != GgufTokenType::Control && type != GgufTokenType::UserDefined && type != GgufTokenType::Unknown)
            continue;
        AddedToken token;
        token.id = id;
        token.content = m_vocabulary.tokens[id];
        token.normalized = false;
        token.special = type != GgufTokenType::UserDefined;
        special.push_back(token);
    }
    m_specialTokens = AddedTokenMatcher(std::move(special), nullptr);

    m_addBos = m_vocabulary.addBosKey.value_or(false);
    m_addEos = m_vocabulary.addEosKey.value_or(true);
    if (m_addBos && !m_vocabulary.bosId)
        throwGgufError(path, QCoreApplication::translate("Engine", "%1 is true, but %2 is not set")
                                 .arg(ggufkeys::kAddBos, ggufkeys::kBosId));
    if (m_addEos && !m_vocabulary.eosId)
        throwGgufError(path, QCoreApplication::translate("Engine", "%1 is true, but %2 is not set")
                                 .arg(ggufkeys::kAddEos, ggufkeys::kEosId));
}

QByteArrayView GgufUnigramTokenizer::normalizePrefix(const QByteArray& text, qsizetype offset,
                                                     qsizetype& consumed) const {
    qsizetype userDefined = 0;
    m_userDefined.forEachPrefix(text.constData() + offset, text.size() - offset,
                                [&](qsizetype length, int) { userDefined = length; });
    if (userDefined > 0) {
        consumed = userDefined;
        return QByteArrayView(text.constData() + offset, userDefined);
    }
    if (m_charsMap) {
        if (const auto match = m_charsMap->longestPrefix(QByteArrayView(text.constData() + offset, text.size() - offset))) {
            consumed = match->length;
            return match->replacement;
        }
    }
    const qsizetype length = ugmCharacterLength(text, offset);
    if (length == 0) {
        consumed = 1;
        return QByteArrayView(kUgmReplacementCharacter);
    }
    consumed = length;
    return QByteArrayView(text.constData() + offset, length);
}

QByteArray GgufUnigramTokenizer::normalize(const QByteArray& text) const {
    // llm_tokenizer_ugm_session::normalize (escape_whitespaces on, treat_whitespace_as_suffix off).
    const bool prependSpace = m_vocabulary.addSpacePrefix;
    const bool mergeSpaces = m_vocabulary.removeExtraWhitespaces;
    QByteArray normalized;
    normalized.reserve(text.size() * 3);
    bool spacePrepended = false;
    bool inWord = false;
    for (qsizetype offset = 0; offset < text.size();) {
        qsizetype consumed = 0;
        const QByteArrayView part = normalizePrefix(text, offset, consumed);
        for (const char c : part) {
            if (c != ' ') {
                if (!inWord) {
                    inWord = true;
                    if ((prependSpace && !spacePrepended) || mergeSpaces) {
                        normalized += kUgmEscapedSpace;
                        spacePrepended = true;
                    }
                }
                normalized += c;
            } else {
                inWord = false;
                if (!mergeSpaces)
                    normalized += kUgmEscapedSpace;
            }
        }
        offset += consumed;
    }
    return normalized;
}

void GgufUnigramTokenizer::tokenizeRun(const QString& text, std::vector<int>& ids) const {
    const QByteArray normalized = normalize(text.toUtf8());
    const qsizetype length = normalized.size();
    if (length == 0)
        return;
    struct Best {
        int id;
        qsizetype start;
        double score;
    };
    std::vector<Best> best(size_t(length + 1), Best{m_unknownId, 0, -DBL_MAX});
    best[0] = Best{m_unknownId, 0, 0.0};
    for (qsizetype offset = 0; offset < length;) {
        const qsizetype characterLength = std::min(ugmUtf8Length(normalized[offset]), length - offset);
        const double current = best[size_t(offset)].score;
        bool characterCovered = false;
        m_pieces.forEachPrefix(normalized.constData() + offset, length - offset, [&](qsizetype pieceLength, int id) {
            if (pieceLength == characterLength)
                characterCovered = true;
            const double score = isType(id, GgufTokenType::UserDefined) ? 0.0 : double(m_vocabulary.scores[size_t(id)]);
            Best& champion = best[size_t(offset + pieceLength)];
            if (current + score > champion.score)
                champion = Best{id, offset, current + score};
        });
        if (!characterCovered) {
            Best& champion = best[size_t(offset + characterLength)];
            if (current + m_unknownScore > champion.score)
                champion = Best{m_unknownId, offset, current + m_unknownScore};
        }
        offset += characterLength;
    }
    // Back from the end; consecutive unknown tokens become one.
    std::vector<int> path;
    bool previousUnknown = false;
    for (qsizetype at = length;;) {
        const Best& step = best[size_t(at)];
        const bool unknown = step.id == m_unknownId;
        if (!(previousUnknown && unknown))
            path.push_back(step.id);
        if (step.start == 0)
            break;
        previousUnknown = unknown;
        at = step.start;
    }
    ids.insert(ids.end(), path.rbegin(), path.rend());
}

Encoding GgufUnigramTokenizer::labelled(Encoding encoding) const {
    encoding.displayTokens = tokenlabels::labels(encoding.tokens, encoding.special, PieceStyle::SentencePiece,
                                                 kUgmSpaceMarker);
    return encoding;
}

Encoding GgufUnigramTokenizer::encode(const QString& text, bool addSpecialTokens) const {
    std::vector<int> ids;
    if (addSpecialTokens && m_addBos)
        ids.push_back(*m_vocabulary.bosId);
    for (const TextSegment& segment : m_specialTokens.split(text, nullptr)) {
        if (segment.addedToken >= 0)
            ids.push_back(m_specialTokens.tokens()[size_t(segment.addedToken)].id);
        else
            tokenizeRun(segment.text, ids);
    }
    if (addSpecialTokens && m_addEos)
        ids.push_back(*m_vocabulary.eosId);
    return fromIds(ids);
}

std::optional<int> GgufUnigramTokenizer::tokenToId(const QString& token) const {
    const qsizetype index = m_vocabulary.tokens.indexOf(token);
    return index < 0 ? std::nullopt : std::optional<int>(int(index));
}

Encoding GgufUnigramTokenizer::fromIds(const std::vector<int>& ids) const {
    Encoding encoding;
    for (size_t i = 0; i < ids.size(); ++i) {
        const int id = ids[i];
        if (id < 0 || id >= m_vocabulary.size())
            throw InputError(QCoreApplication::translate("Engine", "token id %1 is outside the vocabulary (0 to %2)")
                                 .arg(id)
                                 .arg(m_vocabulary.size() - 1));
        const bool special = isType(id, GgufTokenType::Control) || isType(id, GgufTokenType::Unknown);
        encoding.append(id, m_vocabulary.tokens[id], m_vocabulary.tokens[id], special && id != m_unknownId);
    }
    return labelled(std::move(encoding));
}

QString GgufUnigramTokenizer::decodeTarget(const std::vector<int>& ids, bool skipSpecial) const {
    // llama_detokenize(remove_special = skipSpecial, unparse_special = !skipSpecial).
    fromIds(ids);  // refuses ids outside the vocabulary
    size_t count = ids.size();
    size_t first = 0;
    if (skipSpecial && m_addBos && count > 0 && m_vocabulary.bosId && ids.front() == *m_vocabulary.bosId)
        first = 1;
    if (skipSpecial && m_addEos && count > first && m_vocabulary.eosId && ids.back() == *m_vocabulary.eosId)
        --count;
    bool stripSpace = m_vocabulary.addSpacePrefix && first == 0;
    QString text;
    for (size_t i = first; i < count; ++i) {
        const int id = ids[i];
        QString piece;
        if (isType(id, GgufTokenType::Control) || isType(id, GgufTokenType::Unknown)) {
            if (!skipSpecial)
                piece = m_vocabulary.tokens[id];
        } else if (isType(id, GgufTokenType::UserDefined)) {
            piece = m_vocabulary.tokens[id];
        } else if (isType(id, GgufTokenType::Normal)) {
            piece = m_vocabulary.tokens[id];
            piece.replace(kUgmSpaceMarker, QStringLiteral(" "));
        }
        if (stripSpace && piece.startsWith(QLatin1Char(' ')))
            piece.remove(0, 1);
        stripSpace = false;
        text += piece;
    }
    return text;
}

}  // namespace headmap
