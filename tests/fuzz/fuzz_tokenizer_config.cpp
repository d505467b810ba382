// tokenizer_config.json and special_tokens_map.json (tokenizers/LegacyTokenizerFiles.h): the
// special tokens and flags of a legacy tokenizer folder, beside the small vocabularies of the
// fixtures bert_f32_prefixed (vocab.txt, for an even input length) and gpt2_f32 (vocab.json +
// merges.txt, odd). One input holds both files: tokenizer_config.json, a line
// "#special_tokens_map.json", then special_tokens_map.json (absent when there is no such line).

#include <QDir>
#include <QFile>
#include <QFileInfo>

#include "FuzzSupport.h"
#include "TokenizerChecks.h"
#include "tokenizers/HfTokenizerLoader.h"

using namespace headmap;
using namespace headmap::fuzz;

namespace {

// A scratch folder holding copies of a fixture's vocabulary files.
QString vocabularyFolder(const QString& name, const QString& fixture, const QStringList& files) {
    const QString target = QDir(scratchFolder()).filePath(name);
    if (!QFileInfo::exists(target)) {
        QDir().mkpath(target);
        for (const QString& file : files)
            require(QFile::copy(QDir(fixturesFolder()).filePath(fixture + QLatin1Char('/') + file),
                                QDir(target).filePath(file)),
                    "tokenizer_config", "cannot copy a fixture vocabulary");
    }
    return target;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    const QByteArray input = inputBytes(data, size);
    const bool wordPiece = size % 2 == 0;
    const QString name = wordPiece ? QStringLiteral("config-wordpiece") : QStringLiteral("config-bpe");
    const QString folder = wordPiece
        ? vocabularyFolder(name, QStringLiteral("models/bert_f32_prefixed"), {QStringLiteral("vocab.txt")})
        : vocabularyFolder(name, QStringLiteral("models/gpt2_f32"),
                           {QStringLiteral("vocab.json"), QStringLiteral("merges.txt")});
    const QByteArray separator = QByteArrayLiteral("\n#special_tokens_map.json\n");
    const auto [config, map] = splitAt(input, separator);
    writeScratchFile(name + QStringLiteral("/tokenizer_config.json"), config);
    if (input.contains(separator))
        writeScratchFile(name + QStringLiteral("/special_tokens_map.json"), map);
    else
        removeScratchFile(name + QStringLiteral("/special_tokens_map.json"));
    const TokenizerLoadOptions options{wordPiece ? QStringLiteral("bert") : QStringLiteral("gpt2")};
    std::unique_ptr<Tokenizer> tokenizer;
    if (acceptsOrRefusesCleanly("loadHfTokenizer (tokenizer_config.json)",
                                [&] { tokenizer = loadHfTokenizer(folder, options); }))
        checkTokenizer("tokenizer_config.json", *tokenizer, input);
    return 0;
}
