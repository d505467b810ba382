#include "tokenizers/MarianTokenizerFiles.h"

#include <algorithm>
#include <iterator>

#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonObject>

#include "core/HeadmapError.h"
#include "tokenizers/TokenizerFiles.h"
#include "tokenizers/TokenizerJsonModel.h"

namespace headmap {
namespace {

// transformers' VOCAB_FILES_NAMES for MarianTokenizer.
const QString kSourceModel = QStringLiteral("source.spm");
const QString kTargetModel = QStringLiteral("target.spm");
const QString kVocab = QStringLiteral("vocab.json");
const QString kTargetVocab = QStringLiteral("target_vocab.json");

// tokenizer_config.json with special_tokens_map.json over it, as from_pretrained merges them.
struct MarianSettings {
    QJsonObject values;
    QString source;  // the files read, for messages

    explicit MarianSettings(const QDir& dir) {
        for (const char* name : {"tokenizer_config.json", "special_tokens_map.json"}) {
            const QString path = dir.filePath(QLatin1String(name));
            if (!QFileInfo::exists(path))
                continue;
            const QJsonObject file = tokenizerfiles::readJsonObject(path);
            for (auto it = file.begin(); it != file.end(); ++it)
                values.insert(it.key(), it.value());
            source = source.isEmpty() ? QDir::toNativeSeparators(path)
                                      : source + QStringLiteral(" + ") + QLatin1String(name);
        }
    }
    bool flag(const char* key, bool fallback) const {
        const QJsonValue value = values.value(QLatin1String(key));
        return value.isBool() ? value.toBool() : fallback;
    }
    QString text(const char* key) const {
        return values.value(QLatin1String(key)).toString();
    }
};

QString requiredFile(const QDir& dir, const QString& name) {
    const QString path = dir.filePath(name);
    if (!QFileInfo::exists(path))
        throw ModelError(QCoreApplication::translate("Engine", "%1 is missing: a Marian model folder has source.spm, "
                                                               "target.spm and vocab.json (and target_vocab.json with "
                                                               "separate vocabularies); download the model again")
                             .arg(QDir::toNativeSeparators(path)));
    return path;
}

Vocabulary readMarianVocabulary(const QString& path) {
    return tokenizerjson::parseVocabulary(tokenizerfiles::readJsonObject(path), QDir::toNativeSeparators(path));
}

// One special-token setting: a string, an AddedToken object, null (none) or absent (fallback).
// Returns false for none.
bool specialTokenSetting(const MarianSettings& settings, const QString& key, const QString& fallback,
                         AddedToken& token) {
    const QJsonValue value = settings.values.value(key);
    token = AddedToken();
    token.special = true;
    token.normalized = false;
    if (value.isUndefined()) {
        token.content = fallback;
    } else if (value.isString()) {
        token.content = value.toString();
    } else if (value.isObject()) {
        const QJsonObject object = value.toObject();
        token.content = object.value(QLatin1String("content")).toString();
        token.lstrip = object.value(QLatin1String("lstrip")).toBool(false);
        token.rstrip = object.value(QLatin1String("rstrip")).toBool(false);
    } else if (!value.isNull()) {
        throw ModelError(QCoreApplication::translate("Engine", "%1: \"%2\" is not a token (expected text or an object "
                                                               "with \"content\")").arg(settings.source, key));
    }
    return !token.content.isEmpty();
}

// PreTrainedTokenizerBase's special tokens, in the order _add_tokens numbers them: the named ones
// (SPECIAL_TOKENS_ATTRIBUTES; Marian's defaults for eos, unk and pad), other "*_token" texts of
// the settings, then the extra (additional) ones; each content once.
std::vector<AddedToken> marianSpecialTokens(const MarianSettings& settings) {
    std::vector<AddedToken> tokens;
    const auto add = [&](const AddedToken& token) {
        for (const AddedToken& existing : tokens)
            if (existing.content == token.content)
                return;
        tokens.push_back(token);
    };
    static const char* const kNamed[] = {"bos_token", "eos_token", "unk_token", "sep_token",
                                         "pad_token", "cls_token", "mask_token"};
    AddedToken token;
    for (const char* key : kNamed) {
        const QString name = QLatin1String(key);
        const QString fallback = name == QLatin1String("eos_token")   ? QStringLiteral("</s>")
                                 : name == QLatin1String("unk_token") ? QStringLiteral("<unk>")
                                 : name == QLatin1String("pad_token") ? QStringLiteral("<pad>")
                                                                      : QString();
        if (specialTokenSetting(settings, name, fallback, token))
            add(token);
    }
    const auto named = [&](const QString& key) {
        return std::any_of(std::begin(kNamed), std::end(kNamed),
                           [&](const char* name) { return key == QLatin1String(name); });
    };
    for (auto it = settings.values.begin(); it != settings.values.end(); ++it)
        if (it.key().endsWith(QLatin1String("_token")) && it->isString() && !named(it.key()) &&
            specialTokenSetting(settings, it.key(), QString(), token))
            add(token);
    // v5 reads additional_special_tokens as extra_special_tokens, unless that is given itself.
    QJsonValue extra = settings.values.value(QLatin1String("extra_special_tokens"));
    if (!extra.isArray())
        extra = settings.values.value(QLatin1String("additional_special_tokens"));
    for (const QJsonValue& value : extra.toArray()) {
        token = AddedToken();
        token.special = true;
        token.normalized = false;
        token.content = value.isObject() ? value.toObject().value(QLatin1String("content")).toString()
                                         : value.toString();
        if (!token.content.isEmpty())
            add(token);
    }
    return tokens;
}

// _add_tokens: a special token in vocab.json keeps its id; the others are numbered after the
// vocabulary's entries (len(get_vocab())), in order.
void numberSpecialTokens(std::vector<AddedToken>& tokens, const Vocabulary& vocabulary, const QString& vocabPath,
                         const QString& settingsPath) {
    int next = vocabulary.size();
    for (AddedToken& token : tokens) {
        if (const std::optional<int> id = vocabulary.id(token.content)) {
            token.id = *id;
            continue;
        }
        token.id = next++;
        if (const QString other = vocabulary.piece(token.id); !other.isNull())
            throw ModelError(QCoreApplication::translate("Engine", "%1: the special token \"%2\" is not in %3, and "
                                                                   "the id it would get, %4, is \"%5\"'s there; add "
                                                                   "it to %3 or remove it from the settings")
                                 .arg(settingsPath, token.content, vocabPath, QString::number(token.id), other));
    }
}

int idOfSpecial(const std::vector<AddedToken>& tokens, const QString& content) {
    for (const AddedToken& token : tokens)
        if (token.content == content)
            return token.id;
    return -1;
}

}  // namespace

bool isMarianTokenizerFolder(const QString& folder) {
    return QFileInfo::exists(QDir(folder).filePath(kSourceModel));
}

std::unique_ptr<MarianTokenizer> loadMarianTokenizer(const QString& folder) {
    const QDir dir(folder);
    const MarianSettings settings(dir);
    const bool separate = settings.flag("separate_vocabs", false);

    MarianTokenizerParts parts;
    const QString vocabPath = requiredFile(dir, kVocab);
    parts.sourceVocabulary = readMarianVocabulary(vocabPath);
    if (separate)
        parts.targetVocabulary = readMarianVocabulary(requiredFile(dir, kTargetVocab));
    parts.sourceModel = std::make_unique<SentencePieceFile>(requiredFile(dir, kSourceModel));
    parts.targetModel = std::make_unique<SentencePieceFile>(requiredFile(dir, kTargetModel));

    AddedToken unk;
    const bool hasUnk = specialTokenSetting(settings, QStringLiteral("unk_token"), QStringLiteral("<unk>"), unk);
    // MarianTokenizer.__init__: "<unk> token must be in the vocab" (a KeyError for none).
    const QString unkContent = hasUnk ? unk.content : QStringLiteral("None");
    if (!hasUnk || !parts.sourceVocabulary.contains(unkContent))
        throw ModelError(QCoreApplication::translate("Engine", "%1 has no \"%2\", the unknown token every piece "
                                                               "outside the vocabulary becomes: use the vocab.json "
                                                               "that came with the model")
                             .arg(QDir::toNativeSeparators(vocabPath), unkContent));
    const QString settingsPath = settings.source.isEmpty() ? QDir::toNativeSeparators(folder) : settings.source;
    parts.specialTokens = marianSpecialTokens(settings);
    numberSpecialTokens(parts.specialTokens, parts.sourceVocabulary, QDir::toNativeSeparators(vocabPath),
                        settingsPath);
    AddedToken eos, pad;
    if (!specialTokenSetting(settings, QStringLiteral("eos_token"), QStringLiteral("</s>"), eos))
        throw ModelError(QCoreApplication::translate("Engine", "%1 sets no eos_token, which Marian models end every "
                                                               "text with: remove the setting").arg(settingsPath));
    parts.eosId = idOfSpecial(parts.specialTokens, eos.content);
    parts.unkId = idOfSpecial(parts.specialTokens, unkContent);
    if (specialTokenSetting(settings, QStringLiteral("pad_token"), QStringLiteral("<pad>"), pad))
        parts.padId = idOfSpecial(parts.specialTokens, pad.content);
    parts.splitSpecialTokens = settings.flag("split_special_tokens", false);
    parts.cleanUpTokenizationSpaces = settings.flag("clean_up_tokenization_spaces", false);
    parts.sourceLanguage = settings.text("source_lang");
    parts.targetLanguage = settings.text("target_lang");
    return std::make_unique<MarianTokenizer>(std::move(parts));
}

}  // namespace headmap
