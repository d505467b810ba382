#include "hf/HfModelLoader.h"

#include "hf/ArchitectureRegistry.h"
#include "tokenizers/HfTokenizerLoader.h"

namespace headmap {

std::unique_ptr<Model> loadHfModelFolder(const QString& folder, const QString& name) {
    const ConfigFile config = ConfigFile::read(folder);
    // The cheap checks first: a missing tokenizer should not wait for a large checkpoint.
    TokenizerLoadOptions tokenizerOptions;
    tokenizerOptions.modelType = config.modelType;
    std::unique_ptr<Tokenizer> tokenizer = loadHfTokenizer(folder, tokenizerOptions);
    std::unique_ptr<Checkpoint> checkpoint = Checkpoint::openFolder(folder);
    return findArchitecture(config.modelType)->build(config, std::move(checkpoint), std::move(tokenizer), name);
}

HfTokenizerFolder loadHfTokenizerFolder(const QString& folder, const QString& name) {
    const ConfigFile config = ConfigFile::read(folder);
    TokenizerLoadOptions tokenizerOptions;
    tokenizerOptions.modelType = config.modelType;
    HfTokenizerFolder loaded;
    loaded.tokenizer = loadHfTokenizer(folder, tokenizerOptions);
    loaded.summary = findArchitecture(config.modelType)->summarize(config, *loaded.tokenizer, name);
    return loaded;
}

}  // namespace headmap
