#include "tokenizers/T5TokenizerFiles.h"

#include <algorithm>

#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>
#include <QJsonArray>

#include "core/HeadmapError.h"
#include "tokenizers/SlowTokenizerSettings.h"

namespace headmap {
namespace {

// transformers' VOCAB_FILES_NAMES for T5Tokenizer.
const QString kT5Model = QStringLiteral("spiece.model");
const QString kSentinelPrefix = QStringLiteral("<extra_id_");

int extraIdsSetting(const SlowTokenizerSettings& settings, const QString& settingsPath) {
    const QJsonValue value = settings.values.value(QLatin1String("extra_ids"));
    if (value.isUndefined() || value.isNull())
        return 100;  // T5Tokenizer.__init__'s default
    if (!value.isDouble() || value.toDouble() != double(value.toInt()) || value.toInt() < 0 ||
        value.toInt() > 100000)
        throw ModelError(QCoreApplication::translate("Engine", "%1: extra_ids is %2, not a count of sentinel tokens; "
                                                               "set a whole number such as 100")
                             .arg(settingsPath, value.toVariant().toString()));
    return value.toInt();
}

// added_tokens_decoder: {"32099": {"content": "<extra_id_0>", "lstrip": false, ...}, ...}.
std::vector<AddedToken> savedAddedTokens(const SlowTokenizerSettings& settings, const QString& settingsPath) {
    std::vector<AddedToken> tokens;
    const QJsonObject saved = settings.values.value(QLatin1String("added_tokens_decoder")).toObject();
    for (auto it = saved.begin(); it != saved.end(); ++it) {
        bool isNumber = false;
        const int id = it.key().toInt(&isNumber);
        const QJsonObject entry = it.value().toObject();
        AddedToken token;
        token.id = id;
        token.content = entry.value(QLatin1String("content")).toString();
        if (!isNumber || id < 0 || token.content.isEmpty())
            throw ModelError(QCoreApplication::translate("Engine", "%1: added_tokens_decoder entry \"%2\" is not an id "
                                                                   "with a token's \"content\"; remove the entry or "
                                                                   "save the tokenizer again")
                                 .arg(settingsPath, it.key()));
        token.lstrip = entry.value(QLatin1String("lstrip")).toBool(false);
        token.rstrip = entry.value(QLatin1String("rstrip")).toBool(false);
        token.singleWord = entry.value(QLatin1String("single_word")).toBool(false);
        token.normalized = false;
        token.special = entry.value(QLatin1String("special")).toBool(false);
        tokens.push_back(token);
    }
    return tokens;
}

}  // namespace

bool isT5SentencePieceFolder(const QString& folder) {
    return QFileInfo::exists(QDir(folder).filePath(kT5Model));
}

std::unique_ptr<T5SentencePieceTokenizer> loadT5SentencePieceTokenizer(const QString& folder) {
    const QDir dir(folder);
    const SlowTokenizerSettings settings(dir);
    const QString settingsPath = settings.source.isEmpty() ? QDir::toNativeSeparators(folder) : settings.source;

    T5TokenizerParts parts;
    parts.model = std::make_unique<SentencePieceFile>(dir.filePath(kT5Model));
    const SentencePieceFile& model = *parts.model;
    const int extraIds = extraIdsSetting(settings, settingsPath);

    // T5Tokenizer.__init__: the named tokens, additional_special_tokens, and the sentinels when
    // that list has none of them (a list with a different number of them is an error there).
    std::vector<AddedToken> tokens = slowtokenizer::specialTokens(settings, {{QStringLiteral("eos_token"),
                                                                              QStringLiteral("</s>")},
                                                                             {QStringLiteral("unk_token"),
                                                                              QStringLiteral("<unk>")},
                                                                             {QStringLiteral("pad_token"),
                                                                              QStringLiteral("<pad>")}});
    const int listed = int(std::count_if(tokens.begin(), tokens.end(), [](const AddedToken& token) {
        return token.content.startsWith(kSentinelPrefix);
    }));
    if (listed == 0) {
        for (int i = 0; i < extraIds; ++i) {
            AddedToken sentinel;
            sentinel.content = QStringLiteral("<extra_id_%1>").arg(i);
            sentinel.special = true;
            sentinel.normalized = false;
            tokens.push_back(sentinel);
        }
    } else if (extraIds > 0 && listed != extraIds) {
        throw ModelError(QCoreApplication::translate("Engine", "%1: extra_ids is %2 but additional_special_tokens "
                                                               "lists %3 <extra_id_N> tokens; make them agree")
                             .arg(settingsPath).arg(extraIds).arg(listed));
    }

    // Ids: the saved added_tokens_decoder first; else a piece of the model keeps its id; a
    // sentinel N is numbered from the end of the model's pieces plus extra_ids
    // (convert_from_spm); any other token after those.
    const std::vector<AddedToken> saved = savedAddedTokens(settings, settingsPath);
    int next = model.size() + extraIds;
    for (AddedToken& token : tokens) {
        const auto savedToken = std::find_if(saved.begin(), saved.end(),
                                             [&](const AddedToken& s) { return s.content == token.content; });
        if (savedToken != saved.end()) {
            token.id = savedToken->id;
            token.lstrip = savedToken->lstrip;
            token.rstrip = savedToken->rstrip;
            token.singleWord = savedToken->singleWord;
            continue;
        }
        if (const std::optional<int> id = model.id(token.content)) {
            token.id = *id;
            continue;
        }
        bool isNumber = false;
        const int n = token.content.startsWith(kSentinelPrefix) && token.content.endsWith(QLatin1Char('>'))
                          ? token.content.mid(kSentinelPrefix.size(), token.content.size() - kSentinelPrefix.size() - 1)
                                .toInt(&isNumber)
                          : -1;
        token.id = isNumber && n >= 0 && n < extraIds ? model.size() + extraIds - 1 - n : next++;
    }
    // Saved tokens the settings name nowhere else are added tokens too.
    for (const AddedToken& token : saved)
        if (std::none_of(tokens.begin(), tokens.end(), [&](const AddedToken& t) { return t.content == token.content; }))
            tokens.push_back(token);

    AddedToken eos, unk, pad;
    if (!slowtokenizer::specialTokenSetting(settings, QStringLiteral("eos_token"), QStringLiteral("</s>"), eos))
        throw ModelError(QCoreApplication::translate("Engine", "%1 sets no eos_token, which T5 ends every text with: "
                                                               "remove the setting").arg(settingsPath));
    parts.eosId = slowtokenizer::idOfSpecial(tokens, eos.content);
    if (slowtokenizer::specialTokenSetting(settings, QStringLiteral("unk_token"), QStringLiteral("<unk>"), unk))
        parts.unkId = slowtokenizer::idOfSpecial(tokens, unk.content);
    if (slowtokenizer::specialTokenSetting(settings, QStringLiteral("pad_token"), QStringLiteral("<pad>"), pad))
        parts.padId = slowtokenizer::idOfSpecial(tokens, pad.content);
    parts.specialTokens = std::move(tokens);
    parts.cleanUpTokenizationSpaces = settings.flag("clean_up_tokenization_spaces", false);
    return std::make_unique<T5SentencePieceTokenizer>(std::move(parts));
}

}  // namespace headmap
