#include "tokenizers/TokenizerJsonLoader.h"

#include <QCoreApplication>
#include <QHash>
#include <QJsonArray>

#include "core/HeadmapError.h"
#include "formats/SafetensorsHeader.h"  // quotedName
#include "tokenizers/TokenizerFiles.h"
#include "tokenizers/TokenizerJsonComponents.h"
#include "tokenizers/TokenizerJsonModel.h"

namespace headmap {
namespace {

std::vector<AddedToken> parseAddedTokens(const QJsonValue& value, const Vocabulary& vocabulary) {
    using tokenizerjson::optionalBool;
    std::vector<AddedToken> tokens;
    if (value.isNull() || value.isUndefined())
        return tokens;
    if (!value.isArray())
        throw ModelError(QCoreApplication::translate("Engine", "added_tokens must be a list"));
    const QJsonArray items = value.toArray();
    QHash<int, int> tokenWithId;  // id -> index in tokens
    for (int i = 0; i < items.size(); ++i) {
        const QString where = QStringLiteral("added_tokens[%1]").arg(i);
        const QJsonObject item = tokenizerjson::requireObject(items.at(i), where);
        if (!item.value(QLatin1String("content")).isString() || !item.value(QLatin1String("id")).isDouble())
            throw ModelError(QCoreApplication::translate("Engine", "%1 needs an \"id\" and a \"content\"").arg(where));
        AddedToken token;
        token.content = item.value(QLatin1String("content")).toString();
        // The Rust library gives a token that is already in the model's vocabulary that id,
        // whatever the file says; transformers' files always agree with it.
        // The file's id is checked even then: a negative or absurd id is a broken file.
        const int fileId = tokenizerjson::tokenId(item.value(QLatin1String("id")), where, token.content);
        token.id = vocabulary.id(token.content).value_or(fileId);
        // One id names one piece, or encoding and naming ids would disagree (the Rust library
        // gives such a token another id than the file says, with a warning): a broken file.
        if (const QString piece = vocabulary.piece(token.id); !piece.isNull() && piece != token.content)
            throw ModelError(QCoreApplication::translate("Engine", "%1 %2 has id %3, which the vocabulary gives to %4")
                                 .arg(where, quotedName(token.content), QString::number(token.id), quotedName(piece)));
        if (const auto other = tokenWithId.constFind(token.id); other != tokenWithId.constEnd()) {
            if (tokens[size_t(*other)].content != token.content)
                throw ModelError(QCoreApplication::translate("Engine",
                                                             "%1 %2 has id %3, which added_tokens[%4] gives to %5")
                                     .arg(where, quotedName(token.content), QString::number(token.id),
                                          QString::number(*other), quotedName(tokens[size_t(*other)].content)));
        }
        tokenWithId.insert(token.id, int(tokens.size()));
        token.special = optionalBool(item, QStringLiteral("special"), false, where);
        token.singleWord = optionalBool(item, QStringLiteral("single_word"), false, where);
        token.lstrip = optionalBool(item, QStringLiteral("lstrip"), false, where);
        token.rstrip = optionalBool(item, QStringLiteral("rstrip"), false, where);
        token.normalized = optionalBool(item, QStringLiteral("normalized"), !token.special, where);
        tokens.push_back(token);
    }
    return tokens;
}

// The decoders, flattened out of Sequences. Headmap does not decode, but the decoder says how
// pieces are meant to read: which marker is a space ("▁" → " ") and whether "<0xE5>" are bytes.
void collectDecoders(const QJsonValue& value, std::vector<QJsonObject>& decoders) {
    const QJsonObject object = value.toObject();
    if (object.value(QLatin1String("type")).toString() == QLatin1String("Sequence")) {
        for (const QJsonValue& item : object.value(QLatin1String("decoders")).toArray())
            collectDecoders(item, decoders);
    } else if (!object.isEmpty()) {
        decoders.push_back(object);
    }
}

void readPieceDisplay(const QJsonValue& decoder, HfTokenizerParts& parts) {
    std::vector<QJsonObject> decoders;
    collectDecoders(decoder, decoders);
    for (const QJsonObject& object : decoders) {
        const QString type = object.value(QLatin1String("type")).toString();
        if (type == QLatin1String("ByteFallback"))
            parts.byteFallbackPieces = true;
        else if (type == QLatin1String("Metaspace"))
            parts.spaceMarker = object.value(QLatin1String("replacement")).toString(QStringLiteral("\u2581"));
        else if (type == QLatin1String("Replace") &&
                 object.value(QLatin1String("content")).toString() == QLatin1String(" ") &&
                 object.value(QLatin1String("pattern")).toObject().value(QLatin1String("String")).isString())
            parts.spaceMarker = object.value(QLatin1String("pattern")).toObject().value(QLatin1String("String")).toString();
    }
}

// The post-processor's special tokens must be what their ids name: the Rust library adds a
// [SEP] with whatever id the file gives it, and fromIds() would then name another piece (a
// mutated BERT file with "[SEP]": {"ids": [204]} added [unused199]'s id; found by fuzzing).
void checkPostProcessorIds(const HfTokenizer& tokenizer, const std::vector<std::pair<QString, int>>& specials) {
    for (const auto& [piece, id] : specials) {
        QString named;
        try {
            named = tokenizer.fromIds({id}).tokens.value(0);
        } catch (const InputError&) {
            throw ModelError(QCoreApplication::translate("Engine", "post_processor: special token %1 has id %2, "
                                                                   "which names no piece of the vocabulary or "
                                                                   "added_tokens")
                                 .arg(quotedName(piece), QString::number(id)));
        }
        if (named != piece)
            throw ModelError(QCoreApplication::translate("Engine", "post_processor: special token %1 has id %2, "
                                                                   "which is the id of %3")
                                 .arg(quotedName(piece), QString::number(id), quotedName(named)));
    }
}

}  // namespace

std::unique_ptr<HfTokenizer> loadTokenizerJson(const QString& path) {
    const QJsonObject root = tokenizerfiles::readJsonObject(path);
    try {
        if (!root.contains(QLatin1String("model")))
            throw ModelError(QCoreApplication::translate("Engine", "model is missing"));
        HfTokenizerParts parts;
        parts.model = tokenizerjson::parseModel(root.value(QLatin1String("model")), QStringLiteral("model"));
        parts.normalizer = tokenizerjson::parseNormalizer(root.value(QLatin1String("normalizer")),
                                                          QStringLiteral("normalizer"));
        parts.preTokenizer = tokenizerjson::parsePreTokenizer(root.value(QLatin1String("pre_tokenizer")),
                                                              QStringLiteral("pre_tokenizer"));
        parts.postProcessor = tokenizerjson::parsePostProcessor(
            root.value(QLatin1String("post_processor")), QStringLiteral("post_processor"));
        parts.addedTokens = parseAddedTokens(root.value(QLatin1String("added_tokens")),
                                             parts.model->vocabulary());
        parts.byteLevel = tokenizerjson::containsByteLevel(root.value(QLatin1String("pre_tokenizer"))) ||
                          tokenizerjson::containsByteLevel(root.value(QLatin1String("decoder")));
        if (!parts.byteLevel)
            readPieceDisplay(root.value(QLatin1String("decoder")), parts);
        const std::vector<std::pair<QString, int>> specials =
            parts.postProcessor ? parts.postProcessor->specialTokens() : std::vector<std::pair<QString, int>>{};
        auto tokenizer = std::make_unique<HfTokenizer>(std::move(parts));
        checkPostProcessorIds(*tokenizer, specials);
        return tokenizer;
    } catch (const ModelError& error) {
        throw ModelError(QCoreApplication::translate("Engine", "%1: %2").arg(path, error.message()));
    }
}

}  // namespace headmap
