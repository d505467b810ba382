#include "tokenizers/GgufVocabulary.h"

#include <cmath>

#include <QCoreApplication>
#include <QHash>
#include <QStringDecoder>

#include "core/HeadmapError.h"
#include "formats/GgufMetadata.h"
#include "formats/SafetensorsHeader.h"  // quotedName
#include "tokenizers/Vocabulary.h"

namespace headmap {
namespace {

// Keys and values come from the file: quoted with control characters escaped and long ones cut
// (messages stay one line), and passed to arg() only in one call that takes every argument as a
// string (it replaces them all in one pass), so a value holding "%1" is shown as it is.
QString quotedValue(const QString& text) {
    return quotedName(text);
}

class Reader {
public:
    Reader(const GgufMetadata& metadata, const QString& path) : m_metadata(metadata), m_path(path) {}

    [[noreturn]] void fail(const QString& detail) const { throwGgufError(m_path, detail); }

    // An ARRAY of STRING decoded keeping a leading U+FEFF: QString::fromUtf8 drops it, and
    // "\uFEFF" is a piece of its own in real vocabularies (31759 in tests/fixtures/tokenizers/llama2).
    QStringList strings(const QString& key) const {
        const GgufValue& value = m_metadata.value(key);
        if (value.type() != GgufValueType::Array || value.elementType() != GgufValueType::String)
            return m_metadata.stringArray(key);  // throws, naming the type found
        QStringList strings;
        strings.reserve(qsizetype(value.elements().size()));
        for (const GgufValue& element : value.elements()) {
            QStringDecoder decoder(QStringDecoder::Utf8, QStringDecoder::Flag::ConvertInitialBom);
            strings << decoder.decode(element.bytes());
        }
        return strings;
    }

    QStringList tokens() const {
        if (!m_metadata.contains(ggufkeys::kTokens))
            fail(QCoreApplication::translate("Engine", "metadata key %1 is missing: the file has no token list "
                                                       "(every tokenizer needs one)")
                     .arg(quotedValue(ggufkeys::kTokens)));
        QStringList tokens = strings(ggufkeys::kTokens);
        if (tokens.isEmpty())
            fail(QCoreApplication::translate("Engine", "metadata key %1 is empty").arg(quotedValue(ggufkeys::kTokens)));
        if (tokens.size() > qsizetype(Vocabulary::kMaxId) + 1)
            fail(QCoreApplication::translate("Engine",
                                             "metadata key %1 has %2 tokens, more than the %3 Headmap accepts")
                     .arg(quotedValue(ggufkeys::kTokens), QString::number(tokens.size()),
                          QString::number(qsizetype(Vocabulary::kMaxId) + 1)));
        // As llama.cpp: an empty piece gets a name of its own, a piece listed twice is an error.
        QHash<QString, int> seen;
        seen.reserve(tokens.size());
        for (int i = 0; i < int(tokens.size()); ++i) {
            if (tokens[i].isEmpty())
                tokens[i] = QStringLiteral("[EMPTY_%1]").arg(i);
            const auto [it, inserted] = tryInsert(seen, tokens[i], i);
            if (!inserted)
                fail(QCoreApplication::translate("Engine",
                                                 "metadata key %1: token %2 is listed twice, as ids %3 and %4")
                         .arg(quotedValue(ggufkeys::kTokens), quotedValue(tokens[i]), QString::number(it),
                              QString::number(i)));
        }
        return tokens;
    }

    // An array with at least count elements (llama.cpp ignores any beyond).
    void checkLength(const QString& key, size_t found, int count) const {
        if (found < size_t(count))
            fail(QCoreApplication::translate("Engine", "metadata key %1 has %2 elements, expected one per token (%3)")
                     .arg(quotedValue(key), QString::number(found), QString::number(count)));
    }

    std::vector<float> scores(int count) const {
        if (!m_metadata.contains(ggufkeys::kScores))
            return std::vector<float>(size_t(count), 0.0f);
        // llama.cpp takes FLOAT32 or INT32 scores.
        const GgufValue& value = m_metadata.value(ggufkeys::kScores);
        std::vector<float> scores;
        if (value.type() == GgufValueType::Array && value.elementType() != GgufValueType::Float32 &&
            value.elementType() != GgufValueType::Float64) {
            for (qint64 score : m_metadata.intArray(ggufkeys::kScores))
                scores.push_back(float(score));
        } else {
            scores = m_metadata.floatArray(ggufkeys::kScores);
        }
        checkLength(ggufkeys::kScores, scores.size(), count);
        scores.resize(size_t(count));
        for (int i = 0; i < count; ++i)
            if (!std::isfinite(scores[size_t(i)]))
                fail(QCoreApplication::translate("Engine", "metadata key %1: the score of token %2 is %3, expected a "
                                                           "finite number")
                         .arg(quotedValue(ggufkeys::kScores), QString::number(i),
                              QString::number(double(scores[size_t(i)]))));
        return scores;
    }

    std::vector<GgufTokenType> types(int count) const {
        if (!m_metadata.contains(ggufkeys::kTokenType))
            return std::vector<GgufTokenType>(size_t(count), GgufTokenType::Normal);
        const std::vector<qint64> values = m_metadata.intArray(ggufkeys::kTokenType);
        checkLength(ggufkeys::kTokenType, values.size(), count);
        std::vector<GgufTokenType> types;
        types.reserve(size_t(count));
        for (int i = 0; i < count; ++i) {
            const qint64 type = values[size_t(i)];
            if (type < 0 || type > int(GgufTokenType::Byte))
                fail(QCoreApplication::translate("Engine", "metadata key %1: token %2 has type %3, expected 0 to 6 "
                                                           "(undefined, normal, unknown, control, user-defined, "
                                                           "unused, byte)")
                         .arg(quotedValue(ggufkeys::kTokenType), QString::number(i), QString::number(type)));
            types.push_back(GgufTokenType(type));
        }
        return types;
    }

    QStringList merges() const {
        if (!m_metadata.contains(ggufkeys::kMerges))
            fail(QCoreApplication::translate("Engine", "metadata key %1 is missing: a \"gpt2\" (byte-level BPE) "
                                                       "tokenizer needs its merges")
                     .arg(quotedValue(ggufkeys::kMerges)));
        const QStringList merges = strings(ggufkeys::kMerges);
        for (int i = 0; i < int(merges.size()); ++i) {
            // "a b", split at the first space after the first character, as llama.cpp does.
            const qsizetype space = merges[i].indexOf(QLatin1Char(' '), 1);
            if (space < 1 || space + 1 >= merges[i].size())
                fail(QCoreApplication::translate("Engine", "metadata key %1: merge %2 is %3, expected two pieces "
                                                           "separated by a space")
                         .arg(quotedValue(ggufkeys::kMerges), QString::number(i), quotedValue(merges[i])));
        }
        return merges;
    }

    // A byte array (INT8 or UINT8, as llama.cpp takes the precompiled charsmap); empty when absent.
    QByteArray bytes(const QString& key) const {
        if (!m_metadata.contains(key))
            return QByteArray();
        const GgufValue& value = m_metadata.value(key);
        if (value.type() != GgufValueType::Array ||
            (value.elementType() != GgufValueType::UInt8 && value.elementType() != GgufValueType::Int8))
            fail(QCoreApplication::translate("Engine", "metadata key %1 is not an array of bytes (UINT8 or INT8)")
                     .arg(quotedValue(key)));
        const std::vector<qint64> values = m_metadata.intArray(key);
        QByteArray bytes(qsizetype(values.size()), Qt::Uninitialized);
        for (size_t i = 0; i < values.size(); ++i)
            bytes[qsizetype(i)] = char(quint8(values[i]));
        return bytes;
    }

    // A special token id from its key, else the model type's default when it is in range.
    std::optional<int> tokenId(const QString& key, std::optional<int> fallback, int count) const {
        if (!m_metadata.contains(key))
            return fallback && *fallback < count ? fallback : std::nullopt;
        const quint64 id = m_metadata.uint(key);
        if (id >= quint64(count))
            fail(QCoreApplication::translate("Engine",
                                             "metadata key %1 is %2, outside the %3 tokens (expected 0 to %4)")
                     .arg(quotedValue(key), QString::number(id), QString::number(count), QString::number(count - 1)));
        return int(id);
    }

private:
    static std::pair<int, bool> tryInsert(QHash<QString, int>& seen, const QString& token, int id) {
        const auto it = seen.constFind(token);
        if (it != seen.constEnd())
            return {*it, false};
        seen.insert(token, id);
        return {id, true};
    }

    const GgufMetadata& m_metadata;
    const QString& m_path;
};

}  // namespace

QString supportedGgufTokenizerModels() {
    return QCoreApplication::translate("Engine", "\"llama\" (SentencePiece), \"gpt2\" (byte-level BPE) and \"t5\" "
                                                 "(SentencePiece Unigram)");
}

GgufVocabulary GgufVocabulary::read(const GgufMetadata& metadata, const QString& path) {
    const Reader reader(metadata, path);
    GgufVocabulary vocabulary;
    if (!metadata.contains(ggufkeys::kModel))
        reader.fail(QCoreApplication::translate("Engine", "metadata key %1 is missing: the file names no tokenizer")
                        .arg(quotedValue(ggufkeys::kModel)));
    vocabulary.modelName = metadata.string(ggufkeys::kModel);
    if (vocabulary.modelName == QLatin1String("llama"))
        vocabulary.model = Model::SentencePiece;
    else if (vocabulary.modelName == QLatin1String("gpt2"))
        vocabulary.model = Model::BytePairEncoding;
    else if (vocabulary.modelName == QLatin1String("t5"))
        vocabulary.model = Model::Unigram;
    else
        reader.fail(QCoreApplication::translate("Engine", "metadata key %1 is %2, Headmap reads %3")
                        .arg(quotedValue(ggufkeys::kModel), quotedValue(vocabulary.modelName),
                             supportedGgufTokenizerModels()));
    vocabulary.pre = metadata.string(ggufkeys::kPre, QStringLiteral("default"));

    vocabulary.tokens = reader.tokens();
    const int count = vocabulary.size();
    vocabulary.scores = reader.scores(count);
    vocabulary.types = reader.types(count);

    // The defaults of llama_vocab::impl::load for each model type.
    if (vocabulary.model == Model::Unigram) {
        // "t5": no BOS, EOS 1, unknown 2, padding 0; the space prefix on, extra white space kept
        // unless the keys say otherwise (convert_hf_to_gguf.py writes both from spiece.model).
        vocabulary.bosId = reader.tokenId(ggufkeys::kBosId, std::nullopt, count);
        vocabulary.eosId = reader.tokenId(ggufkeys::kEosId, 1, count);
        vocabulary.unknownId = reader.tokenId(ggufkeys::kUnknownId, 2, count);
        vocabulary.paddingId = reader.tokenId(ggufkeys::kPaddingId, 0, count);
        vocabulary.addSpacePrefix = metadata.boolean(ggufkeys::kAddSpacePrefix, true);
        vocabulary.removeExtraWhitespaces = metadata.boolean(ggufkeys::kRemoveExtraWhitespaces, false);
        vocabulary.precompiledCharsMap = reader.bytes(ggufkeys::kPrecompiledCharsMap);
        if (metadata.contains(ggufkeys::kAddBos))
            vocabulary.addBosKey = metadata.boolean(ggufkeys::kAddBos);
        if (metadata.contains(ggufkeys::kAddEos))
            vocabulary.addEosKey = metadata.boolean(ggufkeys::kAddEos);
        return vocabulary;
    }
    const bool spm = vocabulary.model == Model::SentencePiece;
    if (!spm)
        vocabulary.merges = reader.merges();
    vocabulary.bosId = reader.tokenId(ggufkeys::kBosId, spm ? 1 : 11, count);
    vocabulary.eosId = reader.tokenId(ggufkeys::kEosId, spm ? 2 : 11, count);
    vocabulary.unknownId = reader.tokenId(ggufkeys::kUnknownId, spm ? std::optional<int>(0) : std::nullopt, count);
    vocabulary.paddingId = reader.tokenId(ggufkeys::kPaddingId, std::nullopt, count);
    // llama.cpp's BPE tokenizer never adds the space, whatever the key says.
    vocabulary.addSpacePrefix = spm && metadata.boolean(ggufkeys::kAddSpacePrefix, true);
    if (metadata.contains(ggufkeys::kAddBos))
        vocabulary.addBosKey = metadata.boolean(ggufkeys::kAddBos);
    if (metadata.contains(ggufkeys::kAddEos))
        vocabulary.addEosKey = metadata.boolean(ggufkeys::kAddEos);
    return vocabulary;
}

}  // namespace headmap
