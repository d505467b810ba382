#include "tokenizers/LanguageCodeTokenizerFiles.h"

#include <algorithm>

#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>
#include <QJsonArray>

#include "core/HeadmapError.h"
#include "tokenizers/LanguageCodeTokenizer.h"
#include "tokenizers/SlowTokenizerSettings.h"
#include "tokenizers/TokenizerFiles.h"

namespace headmap {
namespace {

// The tokenizer classes that put a language's token around the text, as transformers writes
// them (models/nllb/tokenization_nllb.py, models/mbart50/tokenization_mbart50.py,
// models/mbart/tokenization_mbart.py).
struct LanguageClass {
    const char* name;
    const char* defaultSource;   // __init__: src_lang if not None else ...
    const char* legacyField;     // a flag moving the language behind </s>, or null
    const char* fixedCodes;      // FAIRSEQ_LANGUAGE_CODES when the class always uses them, or null
    LanguagePlacement placement;  // without the legacy flag
    // The model's shift_tokens_right wraps the labels' last token (the language) to the front, so
    // the decoder starts with the target language (mBART-25) instead of decoder_start_token_id.
    bool languageStartsDecoder;
};

const LanguageClass kLanguageClasses[] = {
    {"NllbTokenizer", "eng_Latn", "legacy_behaviour", nullptr, LanguagePlacement::Prefix, false},
    {"MBart50Tokenizer", "en_XX", nullptr,
     "ar_AR cs_CZ de_DE en_XX es_XX et_EE fi_FI fr_XX gu_IN hi_IN it_IT ja_XX kk_KZ ko_KR lt_LT lv_LV my_MM ne_NP "
     "nl_XX ro_RO ru_RU si_LK tr_TR vi_VN zh_CN af_ZA az_AZ bn_IN fa_IR he_IL hr_HR id_ID ka_GE km_KH mk_MK ml_IN "
     "mn_MN mr_IN pl_PL ps_AF pt_XX sv_SE sw_KE ta_IN te_IN th_TH tl_XX uk_UA ur_PK xh_ZA gl_ES sl_SI",
     LanguagePlacement::Prefix, false},
    // mBART-25 (facebook/mbart-large-cc25): "pieces </s> [lang]" on both sides.
    {"MBartTokenizer", "en_XX", nullptr,
     "ar_AR cs_CZ de_DE en_XX es_XX et_EE fi_FI fr_XX gu_IN hi_IN it_IT ja_XX kk_KZ ko_KR lt_LT lv_LV my_MM ne_NP "
     "nl_XX ro_RO ru_RU si_LK tr_TR vi_VN zh_CN",
     LanguagePlacement::Suffix, true},
};

const LanguageClass* languageClass(const QString& tokenizerClass) {
    QString name = tokenizerClass;
    if (name.endsWith(QLatin1String("Fast")))
        name.chop(4);
    for (const LanguageClass& c : kLanguageClasses)
        if (name == QLatin1String(c.name))
            return &c;
    return nullptr;
}

QStringList stringsOf(const QJsonValue& list) {
    QStringList strings;
    for (const QJsonValue& value : list.toArray()) {
        const QString content = value.isObject() ? value.toObject().value(QLatin1String("content")).toString()
                                                 : value.toString();
        if (!content.isEmpty())
            strings << content;
    }
    return strings;
}

// The special added tokens of tokenizer.json that are not the named ones (<s>, </s>, ...).
QStringList specialAddedTokens(const QString& tokenizerJson) {
    static const QStringList kNamed{"<s>", "</s>", "<pad>", "<unk>", "<mask>"};
    QStringList tokens;
    const QJsonObject json = tokenizerfiles::readJsonObject(tokenizerJson);
    for (const QJsonValue& value : json.value(QLatin1String("added_tokens")).toArray()) {
        const QJsonObject token = value.toObject();
        const QString content = token.value(QLatin1String("content")).toString();
        if (token.value(QLatin1String("special")).toBool() && !kNamed.contains(content))
            tokens << content;
    }
    return tokens;
}

QString languageSetting(const SlowTokenizerSettings& settings, const char* key, const QStringList& codes) {
    const QJsonValue value = settings.values.value(QLatin1String(key));
    if (value.isUndefined() || value.isNull())
        return QString();
    if (!value.isString() || !codes.contains(value.toString()))
        throw ModelError(QCoreApplication::translate("Engine", "%1: %2 is \"%3\", not one of the tokenizer's language "
                                                               "codes (%4, ...); set a code of the list or null")
                             .arg(settings.source, QLatin1String(key), value.toVariant().toString(),
                                  codes.mid(0, 5).join(QStringLiteral(", "))));
    return value.toString();
}

}  // namespace

std::unique_ptr<Tokenizer> withLanguageCodes(const QString& folder, std::unique_ptr<Tokenizer> tokenizer) {
    const QDir dir(folder);
    if (!QFileInfo::exists(dir.filePath(QStringLiteral("tokenizer_config.json"))))
        return tokenizer;
    const SlowTokenizerSettings settings(dir);
    const LanguageClass* family = languageClass(settings.text("tokenizer_class"));
    if (!family)
        return tokenizer;

    // The codes: the class's own list, or the settings' extra special tokens, or (neither given)
    // tokenizer.json's special added tokens; each one the tokenizer knows, in id order.
    QStringList candidates;
    if (family->fixedCodes)
        candidates = QString::fromLatin1(family->fixedCodes).split(QLatin1Char(' '));
    else
        candidates = stringsOf(settings.values.value(QLatin1String("extra_special_tokens")))
                     + stringsOf(settings.values.value(QLatin1String("additional_special_tokens")));
    if (candidates.isEmpty())
        candidates = specialAddedTokens(dir.filePath(QStringLiteral("tokenizer.json")));
    std::vector<std::pair<int, QString>> known;
    for (const QString& code : candidates)
        if (const std::optional<int> id = tokenizer->tokenToId(code);
            id && std::none_of(known.begin(), known.end(), [&](const auto& k) { return k.second == code; }))
            known.emplace_back(*id, code);
    std::sort(known.begin(), known.end());
    LanguageCodeSettings language;
    for (const auto& [id, code] : known)
        language.codes << code;
    if (language.codes.isEmpty())
        throw ModelError(QCoreApplication::translate("Engine", "%1: tokenizer_class %2 marks languages with tokens, but "
                                                               "tokenizer.json has none of its language codes")
                             .arg(settings.source, settings.text("tokenizer_class")));

    language.sourceLanguage = languageSetting(settings, "src_lang", language.codes);
    if (language.sourceLanguage.isEmpty())
        language.sourceLanguage = QLatin1String(family->defaultSource);
    if (!language.codes.contains(language.sourceLanguage))
        throw ModelError(QCoreApplication::translate("Engine", "%1 sets no src_lang, and the default, %2, is not one of "
                                                               "the tokenizer's language codes: set src_lang")
                             .arg(settings.source, language.sourceLanguage));
    language.targetLanguage = languageSetting(settings, "tgt_lang", language.codes);
    language.placement = family->placement;
    if (family->legacyField && settings.flag(family->legacyField, false))
        language.placement = LanguagePlacement::Suffix;
    language.languageStartsDecoder = family->languageStartsDecoder;
    AddedToken eos;
    if (!slowtokenizer::specialTokenSetting(settings, QStringLiteral("eos_token"), QStringLiteral("</s>"), eos) ||
        !tokenizer->tokenToId(eos.content))
        throw ModelError(QCoreApplication::translate("Engine", "%1: the end token \"%2\" is not in tokenizer.json")
                             .arg(settings.source, eos.content));
    language.eosToken = eos.content;
    language.eosId = *tokenizer->tokenToId(eos.content);
    return std::make_unique<LanguageCodeTokenizer>(std::move(tokenizer), std::move(language));
}

}  // namespace headmap
