#include "tokenizers/TokenizerJsonModel.h"

#include <QCoreApplication>
#include <QJsonArray>
#include <QJsonObject>

#include "core/HeadmapError.h"
#include "tokenizers/TokenizerJsonComponents.h"
#include "tokenizers/UnigramModel.h"
#include "tokenizers/WordPieceModel.h"

namespace headmap::tokenizerjson {
namespace {

// The model type; files written by early tokenizers releases (the Hub's gpt2) leave it out.
QString modelType(const QJsonObject& model, const QString& where) {
    if (model.contains(QLatin1String("type")))
        return typeOf(model, where);
    if (model.contains(QLatin1String("merges")))
        return QStringLiteral("BPE");
    if (model.value(QLatin1String("vocab")).isArray())
        return QStringLiteral("Unigram");
    if (model.contains(QLatin1String("continuing_subword_prefix")) ||
        model.contains(QLatin1String("max_input_chars_per_word")))
        return QStringLiteral("WordPiece");
    if (model.contains(QLatin1String("vocab")))
        return QStringLiteral("WordLevel");
    throw ModelError(QCoreApplication::translate("Engine", "%1 has no \"type\" and no vocab").arg(where));
}

QString optionalString(const QJsonObject& object, const QString& key, const QString& fallback,
                       const QString& where) {
    const QJsonValue value = object.value(key);
    if (value.isUndefined() || value.isNull())
        return fallback;
    if (!value.isString())
        throw ModelError(QCoreApplication::translate("Engine", "%1.%2 must be a string").arg(where, key));
    return value.toString();
}

std::unique_ptr<TokenizerModel> parseWordPiece(const QJsonObject& model, const QString& where) {
    WordPieceOptions options;
    options.unkToken = optionalString(model, QStringLiteral("unk_token"), options.unkToken, where);
    options.continuingSubwordPrefix = optionalString(
        model, QStringLiteral("continuing_subword_prefix"), options.continuingSubwordPrefix, where);
    const QJsonValue maxChars = model.value(QLatin1String("max_input_chars_per_word"));
    if (maxChars.isDouble())
        options.maxInputCharsPerWord = maxChars.toInt();
    Vocabulary vocabulary = parseVocabulary(model.value(QLatin1String("vocab")), where + QStringLiteral(".vocab"));
    try {
        return std::make_unique<WordPieceModel>(std::move(vocabulary), options);
    } catch (const ModelError& error) {
        throw ModelError(QCoreApplication::translate("Engine", "%1: %2").arg(where, error.message()));
    }
}

// Options that change BPE in ways Headmap does not implement are refused, never ignored.
void refuseUnsupportedBpeOptions(const QJsonObject& model, const QString& where) {
    const QJsonValue dropout = model.value(QLatin1String("dropout"));
    if (dropout.isDouble() && dropout.toDouble() != 0.0)
        throw ModelError(QCoreApplication::translate("Engine", "%1.dropout %2 is not supported (it makes tokenization "
                                                               "random)").arg(where).arg(dropout.toDouble()));
    for (const char* key : {"continuing_subword_prefix", "end_of_word_suffix"}) {
        const QString affix = optionalString(model, QLatin1String(key), QString(), where);
        if (!affix.isEmpty())
            throw ModelError(QCoreApplication::translate("Engine", "%1.%2 \"%3\" is not supported")
                                 .arg(where, QLatin1String(key), affix));
    }
}

std::unique_ptr<TokenizerModel> parseBpe(const QJsonObject& model, const QString& where) {
    refuseUnsupportedBpeOptions(model, where);
    BpeOptions options;
    const QJsonValue unk = model.value(QLatin1String("unk_token"));
    if (unk.isString())
        options.unkToken = unk.toString();
    options.fuseUnk = optionalBool(model, QStringLiteral("fuse_unk"), false, where);
    options.ignoreMerges = optionalBool(model, QStringLiteral("ignore_merges"), false, where);
    options.byteFallback = optionalBool(model, QStringLiteral("byte_fallback"), false, where);
    Vocabulary vocabulary = parseVocabulary(model.value(QLatin1String("vocab")), where + QStringLiteral(".vocab"));
    const std::vector<BpeMerge> merges = parseMerges(model.value(QLatin1String("merges")),
                                                     where + QStringLiteral(".merges"));
    try {
        return std::make_unique<BpeModel>(std::move(vocabulary), merges, options);
    } catch (const ModelError& error) {
        throw ModelError(QCoreApplication::translate("Engine", "%1: %2").arg(where, error.message()));
    }
}

// {"type": "Unigram", "unk_id": 3, "vocab": [["<s>", 0.0], ...], "byte_fallback": false}, as
// the Rust library's serde reads it: vocab required, unk_id a number or null.
std::unique_ptr<TokenizerModel> parseUnigram(const QJsonObject& model, const QString& where) {
    const QString vocabWhere = where + QStringLiteral(".vocab");
    const QJsonValue vocab = model.value(QLatin1String("vocab"));
    if (!vocab.isArray())
        throw ModelError(QCoreApplication::translate("Engine", "%1 is missing or not a list of [piece, score] pairs")
                             .arg(vocabWhere));
    const QJsonArray items = vocab.toArray();
    if (items.size() > Vocabulary::kMaxId + 1)
        throw ModelError(QCoreApplication::translate("Engine", "%1 has %2 pieces; Headmap reads at most %3")
                             .arg(vocabWhere).arg(items.size()).arg(Vocabulary::kMaxId + 1));
    std::vector<std::pair<QString, double>> pieces;
    pieces.reserve(size_t(items.size()));
    for (int i = 0; i < items.size(); ++i) {
        const QJsonArray pair = items.at(i).toArray();
        if (!items.at(i).isArray() || pair.size() != 2 || !pair.at(0).isString() || !pair.at(1).isDouble())
            throw ModelError(QCoreApplication::translate("Engine", "%1[%2] must be a [piece, score] pair")
                                 .arg(vocabWhere).arg(i));
        pieces.emplace_back(pair.at(0).toString(), pair.at(1).toDouble());
    }
    UnigramOptions options;
    const QJsonValue unk = model.value(QLatin1String("unk_id"));
    if (!unk.isNull() && !unk.isUndefined())
        options.unkId = tokenId(unk, where + QStringLiteral(".unk_id"), QStringLiteral("unk_id"));
    options.byteFallback = optionalBool(model, QStringLiteral("byte_fallback"), false, where);
    try {
        return std::make_unique<UnigramModel>(pieces, options);
    } catch (const ModelError& error) {
        throw ModelError(QCoreApplication::translate("Engine", "%1: %2").arg(where, error.message()));
    }
}

}  // namespace

Vocabulary parseVocabulary(const QJsonValue& value, const QString& where) {
    if (!value.isObject())
        throw ModelError(QCoreApplication::translate("Engine", "%1 is missing or not an object of piece → id")
                             .arg(where));
    const QJsonObject object = value.toObject();
    Vocabulary vocabulary(object.size());
    for (auto it = object.begin(); it != object.end(); ++it) {
        const int id = tokenId(it.value(), where, it.key());
        // One id names one piece, or encoding and naming ids would disagree (transformers keeps
        // whichever piece comes last for decoding): a broken file, like an added token on a taken
        // id (TokenizerJsonLoader.cpp). Found by fuzz_vocab_merges.
        if (const QString other = vocabulary.piece(id); !other.isNull())
            throw ModelError(QCoreApplication::translate("Engine", "%1: \"%2\" has id %3, which \"%4\" has too")
                                 .arg(where, it.key(), QString::number(id), other));
        try {
            vocabulary.insert(it.key(), id);
        } catch (const ModelError& error) {
            throw ModelError(QCoreApplication::translate("Engine", "%1: %2").arg(where, error.message()));
        }
    }
    if (vocabulary.size() == 0)
        throw ModelError(QCoreApplication::translate("Engine", "%1 is empty").arg(where));
    return vocabulary;
}

std::vector<BpeMerge> parseMerges(const QJsonValue& value, const QString& where) {
    if (!value.isArray())
        throw ModelError(QCoreApplication::translate("Engine", "%1 is missing or not a list").arg(where));
    const QJsonArray items = value.toArray();
    std::vector<BpeMerge> merges;
    merges.reserve(size_t(items.size()));
    for (int i = 0; i < items.size(); ++i) {
        const QJsonValue item = items.at(i);
        if (item.isString()) {
            // "a b": split at the first space, as the Rust library does.
            const QString text = item.toString();
            const qsizetype space = text.indexOf(QLatin1Char(' '));
            if (space > 0 && space + 1 < text.size()) {
                merges.emplace_back(text.left(space), text.mid(space + 1));
                continue;
            }
        } else if (item.isArray()) {
            const QJsonArray pair = item.toArray();
            if (pair.size() == 2 && pair.at(0).isString() && pair.at(1).isString()) {
                merges.emplace_back(pair.at(0).toString(), pair.at(1).toString());
                continue;
            }
        }
        throw ModelError(QCoreApplication::translate("Engine", "%1[%2] must be \"a b\" or [\"a\", \"b\"]")
                             .arg(where).arg(i));
    }
    return merges;
}

std::unique_ptr<TokenizerModel> parseModel(const QJsonValue& value, const QString& where) {
    const QJsonObject model = requireObject(value, where);
    const QString type = modelType(model, where);
    if (type == QLatin1String("WordPiece"))
        return parseWordPiece(model, where);
    if (type == QLatin1String("BPE"))
        return parseBpe(model, where);
    if (type == QLatin1String("Unigram"))
        return parseUnigram(model, where);
    throw ModelError(QCoreApplication::translate("Engine", "%1: type \"%2\" is not supported (Headmap reads "
                                                           "WordPiece, BPE and Unigram)")
                         .arg(where, type));
}

}  // namespace headmap::tokenizerjson
