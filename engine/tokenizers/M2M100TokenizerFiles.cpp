#include "tokenizers/M2M100TokenizerFiles.h"

#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>

#include "core/HeadmapError.h"
#include "tokenizers/SlowTokenizerSettings.h"
#include "tokenizers/TokenizerFiles.h"
#include "tokenizers/TokenizerJsonModel.h"

namespace headmap {
namespace {

// transformers' VOCAB_FILES_NAMES for M2M100Tokenizer.
const QString kM2MModel = QStringLiteral("sentencepiece.bpe.model");
const QString kM2MVocab = QStringLiteral("vocab.json");

// transformers' FAIRSEQ_LANGUAGE_CODES: the languages and the order their tokens are numbered in.
QStringList fairseqLanguageCodes(const QString& list) {
    if (list == QLatin1String("m2m100"))
        return QStringLiteral("af am ar ast az ba be bg bn br bs ca ceb cs cy da de el en es et fa ff fi fr fy ga gd "
                              "gl gu ha he hi hr ht hu hy id ig ilo is it ja jv ka kk km kn ko lb lg ln lo lt lv mg "
                              "mk ml mn mr ms my ne nl no ns oc or pa pl ps pt ro ru sd si sk sl so sq sr ss su sv sw "
                              "ta th tl tn tr uk ur uz vi wo xh yi yo zh zu")
            .split(QLatin1Char(' '));
    if (list == QLatin1String("wmt21"))
        return QStringLiteral("en ha is ja cs ru zh de").split(QLatin1Char(' '));
    return {};
}

QString requiredM2MFile(const QDir& dir, const QString& name) {
    const QString path = dir.filePath(name);
    if (!QFileInfo::exists(path))
        throw ModelError(QCoreApplication::translate("Engine", "%1 is missing: an M2M100 model folder has "
                                                               "sentencepiece.bpe.model and vocab.json; download the "
                                                               "model again").arg(QDir::toNativeSeparators(path)));
    return path;
}

// src_lang / tgt_lang: a code of the list, or empty for null or absent.
QString m2mLanguageSetting(const SlowTokenizerSettings& settings, const char* key, const QStringList& codes,
                        const QString& settingsPath) {
    const QJsonValue value = settings.values.value(QLatin1String(key));
    if (value.isUndefined() || value.isNull())
        return QString();
    if (!value.isString() || !codes.contains(value.toString()))
        throw ModelError(QCoreApplication::translate("Engine", "%1: %2 is \"%3\", not one of the model's language "
                                                               "codes (%4, ...); set a code of the list or null")
                             .arg(settingsPath, QLatin1String(key), value.toVariant().toString(),
                                  codes.mid(0, 5).join(QStringLiteral(", "))));
    return value.toString();
}

}  // namespace

bool isM2M100TokenizerFolder(const QString& folder) {
    const QDir dir(folder);
    return QFileInfo::exists(dir.filePath(kM2MModel)) && QFileInfo::exists(dir.filePath(kM2MVocab));
}

std::unique_ptr<M2M100Tokenizer> loadM2M100Tokenizer(const QString& folder) {
    const QDir dir(folder);
    const SlowTokenizerSettings settings(dir);
    const QString settingsPath = settings.source.isEmpty() ? QDir::toNativeSeparators(folder) : settings.source;

    M2M100TokenizerParts parts;
    const QString vocabPath = requiredM2MFile(dir, kM2MVocab);
    parts.vocabulary = tokenizerjson::parseVocabulary(tokenizerfiles::readJsonObject(vocabPath),
                                                      QDir::toNativeSeparators(vocabPath));
    parts.model = std::make_unique<SentencePieceFile>(requiredM2MFile(dir, kM2MModel));

    const QJsonValue list = settings.values.value(QLatin1String("language_codes"));
    const QString listName = list.isString() ? list.toString() : QStringLiteral("m2m100");
    parts.languageCodes = fairseqLanguageCodes(listName);
    if (parts.languageCodes.isEmpty())
        throw ModelError(QCoreApplication::translate("Engine", "%1: language_codes is \"%2\"; transformers knows "
                                                               "\"m2m100\" and \"wmt21\"")
                             .arg(settingsPath, list.toVariant().toString()));
    parts.sourceLanguage = m2mLanguageSetting(settings, "src_lang", parts.languageCodes, settingsPath);
    if (parts.sourceLanguage.isEmpty())
        parts.sourceLanguage = QStringLiteral("en");  // M2M100Tokenizer.__init__'s default
    parts.targetLanguage = m2mLanguageSetting(settings, "tgt_lang", parts.languageCodes, settingsPath);

    // M2M100Tokenizer's defaults for the named special tokens.
    parts.specialTokens = slowtokenizer::specialTokens(settings, {{QStringLiteral("bos_token"), QStringLiteral("<s>")},
                                                                  {QStringLiteral("eos_token"), QStringLiteral("</s>")},
                                                                  {QStringLiteral("sep_token"), QStringLiteral("</s>")},
                                                                  {QStringLiteral("pad_token"), QStringLiteral("<pad>")},
                                                                  {QStringLiteral("unk_token"), QStringLiteral("<unk>")}});
    const Vocabulary& vocabulary = parts.vocabulary;
    slowtokenizer::numberSpecialTokens(
        parts.specialTokens, [&](const QString& content) { return vocabulary.id(content); }, vocabulary.size(),
        [&](int id) { return vocabulary.piece(id); }, QDir::toNativeSeparators(vocabPath), settingsPath);

    AddedToken unk, eos, pad;
    const bool hasUnk = slowtokenizer::specialTokenSetting(settings, QStringLiteral("unk_token"),
                                                           QStringLiteral("<unk>"), unk);
    // _convert_token_to_id reads self.encoder[self.unk_token] for every unknown piece.
    if (!hasUnk || !vocabulary.contains(unk.content))
        throw ModelError(QCoreApplication::translate("Engine", "%1 has no \"%2\", the unknown token every piece "
                                                               "outside the vocabulary becomes: use the vocab.json "
                                                               "that came with the model")
                             .arg(QDir::toNativeSeparators(vocabPath), hasUnk ? unk.content : QStringLiteral("None")));
    if (!slowtokenizer::specialTokenSetting(settings, QStringLiteral("eos_token"), QStringLiteral("</s>"), eos))
        throw ModelError(QCoreApplication::translate("Engine", "%1 sets no eos_token, which M2M100 models end every "
                                                               "text with: remove the setting").arg(settingsPath));
    parts.unkId = *vocabulary.id(unk.content);
    parts.eosId = slowtokenizer::idOfSpecial(parts.specialTokens, eos.content);
    if (slowtokenizer::specialTokenSetting(settings, QStringLiteral("pad_token"), QStringLiteral("<pad>"), pad))
        parts.padId = slowtokenizer::idOfSpecial(parts.specialTokens, pad.content);
    parts.cleanUpTokenizationSpaces = settings.flag("clean_up_tokenization_spaces", false);
    return std::make_unique<M2M100Tokenizer>(std::move(parts));
}

}  // namespace headmap
