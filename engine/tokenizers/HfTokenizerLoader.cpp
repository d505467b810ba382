#include "tokenizers/HfTokenizerLoader.h"

#include <QDir>
#include <QFileInfo>

#include "core/HeadmapError.h"
#include "tokenizers/LegacyTokenizerFiles.h"
#include "tokenizers/TokenizerJsonLoader.h"

namespace headmap {

std::unique_ptr<Tokenizer> loadHfTokenizer(const QString& folder, const TokenizerLoadOptions& options) {
    const QString tokenizerJson = QDir(folder).filePath(QStringLiteral("tokenizer.json"));
    if (QFileInfo::exists(tokenizerJson))
        return loadTokenizerJson(tokenizerJson);
    if (auto legacy = loadLegacyTokenizer(folder, options))
        return legacy;
    throw ModelError(QStringLiteral("folder %1 has no tokenizer.json, vocab.txt or vocab.json + "
                                    "merges.txt").arg(QDir::toNativeSeparators(folder)));
}

}  // namespace headmap
