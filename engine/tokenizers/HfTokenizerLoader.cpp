#include "tokenizers/HfTokenizerLoader.h"

#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>

#include "core/HeadmapError.h"
#include "tokenizers/LanguageCodeTokenizerFiles.h"
#include "tokenizers/LegacyTokenizerFiles.h"
#include "tokenizers/M2M100TokenizerFiles.h"
#include "tokenizers/MarianTokenizerFiles.h"
#include "tokenizers/T5TokenizerFiles.h"
#include "tokenizers/TokenizerJsonLoader.h"

namespace headmap {

std::unique_ptr<Tokenizer> loadHfTokenizer(const QString& folder, const TokenizerLoadOptions& options) {
    const QString tokenizerJson = QDir(folder).filePath(QStringLiteral("tokenizer.json"));
    // NLLB and mBART-50 put the chosen language's token around the text (tokenizer_config.json).
    if (QFileInfo::exists(tokenizerJson))
        return withLanguageCodes(folder, loadTokenizerJson(tokenizerJson));
    // Marian (Helsinki-NLP/opus-mt-*): SentencePiece models numbered through vocab.json.
    if (isMarianTokenizerFolder(folder))
        return loadMarianTokenizer(folder);
    // M2M100 (facebook/m2m100_*): a SentencePiece BPE model numbered through vocab.json.
    if (isM2M100TokenizerFolder(folder))
        return loadM2M100Tokenizer(folder);
    // T5 (google/mt5-*, t5-v1_1): spiece.model and the settings of tokenizer_config.json.
    if (isT5SentencePieceFolder(folder))
        return loadT5SentencePieceTokenizer(folder);
    if (auto legacy = loadLegacyTokenizer(folder, options))
        return legacy;
    // Llama-2, Gemma, T5 and others once shipped only SentencePiece's binary model file.
    if (QFileInfo::exists(QDir(folder).filePath(QStringLiteral("tokenizer.model"))))
        throw ModelError(QCoreApplication::translate("Engine",
                                                     "folder %1 has only tokenizer.model, a SentencePiece model, which "
                                                     "Headmap does not read: it needs tokenizer.json. Download the "
                                                     "model's tokenizer.json from its Hub page, or save one with "
                                                     "transformers: "
                                                     "AutoTokenizer.from_pretrained(folder).save_pretrained(folder)")
                             .arg(QDir::toNativeSeparators(folder)));
    throw ModelError(QCoreApplication::translate("Engine", "folder %1 has no tokenizer.json, vocab.txt or vocab.json + "
                                                           "merges.txt").arg(QDir::toNativeSeparators(folder)));
}

}  // namespace headmap
