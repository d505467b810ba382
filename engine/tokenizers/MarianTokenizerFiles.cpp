#include "tokenizers/MarianTokenizerFiles.h"

#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>

#include "core/HeadmapError.h"
#include "tokenizers/SlowTokenizerSettings.h"
#include "tokenizers/TokenizerFiles.h"
#include "tokenizers/TokenizerJsonModel.h"

namespace headmap {
namespace {

// transformers' VOCAB_FILES_NAMES for MarianTokenizer.
const QString kSourceModel = QStringLiteral("source.spm");
const QString kTargetModel = QStringLiteral("target.spm");
const QString kVocab = QStringLiteral("vocab.json");
const QString kTargetVocab = QStringLiteral("target_vocab.json");

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

}  // namespace

bool isMarianTokenizerFolder(const QString& folder) {
    return QFileInfo::exists(QDir(folder).filePath(kSourceModel));
}

std::unique_ptr<MarianTokenizer> loadMarianTokenizer(const QString& folder) {
    const QDir dir(folder);
    const SlowTokenizerSettings settings(dir);
    const bool separate = settings.flag("separate_vocabs", false);

    MarianTokenizerParts parts;
    const QString vocabPath = requiredFile(dir, kVocab);
    parts.sourceVocabulary = readMarianVocabulary(vocabPath);
    if (separate)
        parts.targetVocabulary = readMarianVocabulary(requiredFile(dir, kTargetVocab));
    parts.sourceModel = std::make_unique<SentencePieceFile>(requiredFile(dir, kSourceModel));
    parts.targetModel = std::make_unique<SentencePieceFile>(requiredFile(dir, kTargetModel));

    AddedToken unk;
    const bool hasUnk = slowtokenizer::specialTokenSetting(settings, QStringLiteral("unk_token"), QStringLiteral("<unk>"), unk);
    // MarianTokenizer.__init__: "<unk> token must be in the vocab" (a KeyError for none).
    const QString unkContent = hasUnk ? unk.content : QStringLiteral("None");
    if (!hasUnk || !parts.sourceVocabulary.contains(unkContent))
        throw ModelError(QCoreApplication::translate("Engine", "%1 has no \"%2\", the unknown token every piece "
                                                               "outside the vocabulary becomes: use the vocab.json "
                                                               "that came with the model")
                             .arg(QDir::toNativeSeparators(vocabPath), unkContent));
    const QString settingsPath = settings.source.isEmpty() ? QDir::toNativeSeparators(folder) : settings.source;
    // Marian's defaults for the named special tokens.
    parts.specialTokens = slowtokenizer::specialTokens(settings, {{QStringLiteral("eos_token"), QStringLiteral("</s>")},
                                                                  {QStringLiteral("unk_token"), QStringLiteral("<unk>")},
                                                                  {QStringLiteral("pad_token"), QStringLiteral("<pad>")}});
    const Vocabulary& vocabulary = parts.sourceVocabulary;
    slowtokenizer::numberSpecialTokens(
        parts.specialTokens, [&](const QString& content) { return vocabulary.id(content); }, vocabulary.size(),
        [&](int id) { return vocabulary.piece(id); }, QDir::toNativeSeparators(vocabPath), settingsPath);
    AddedToken eos, pad;
    if (!slowtokenizer::specialTokenSetting(settings, QStringLiteral("eos_token"), QStringLiteral("</s>"), eos))
        throw ModelError(QCoreApplication::translate("Engine", "%1 sets no eos_token, which Marian models end every "
                                                               "text with: remove the setting").arg(settingsPath));
    parts.eosId = slowtokenizer::idOfSpecial(parts.specialTokens, eos.content);
    parts.unkId = slowtokenizer::idOfSpecial(parts.specialTokens, unkContent);
    if (slowtokenizer::specialTokenSetting(settings, QStringLiteral("pad_token"), QStringLiteral("<pad>"), pad))
        parts.padId = slowtokenizer::idOfSpecial(parts.specialTokens, pad.content);
    parts.splitSpecialTokens = settings.flag("split_special_tokens", false);
    parts.cleanUpTokenizationSpaces = settings.flag("clean_up_tokenization_spaces", false);
    parts.sourceLanguage = settings.text("source_lang");
    parts.targetLanguage = settings.text("target_lang");
    return std::make_unique<MarianTokenizer>(std::move(parts));
}

}  // namespace headmap
