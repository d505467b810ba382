#include "hf/HfModelLoader.h"

#include "hf/EncoderModel.h"
#include "hf/Gpt2Model.h"
#include "tokenizers/HfTokenizerLoader.h"

namespace headmap {

std::unique_ptr<Model> loadHfModelFolder(const QString& folder, const QString& name) {
    HfConfig config = HfConfig::load(folder);
    // The cheap checks first: a missing tokenizer should not wait for a large checkpoint.
    TokenizerLoadOptions tokenizerOptions;
    tokenizerOptions.modelType = config.modelType;
    std::unique_ptr<Tokenizer> tokenizer = loadHfTokenizer(folder, tokenizerOptions);
    std::unique_ptr<Checkpoint> checkpoint = Checkpoint::openFolder(folder);
    if (config.modelType == QLatin1String("gpt2"))
        return std::make_unique<Gpt2Model>(std::move(config), std::move(checkpoint), std::move(tokenizer), name);
    return std::make_unique<EncoderModel>(std::move(config), std::move(checkpoint), std::move(tokenizer), name);
}

}  // namespace headmap
