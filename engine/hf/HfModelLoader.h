#pragma once
// Opens a Hugging Face model folder: config.json, the safetensors checkpoint and the tokenizer,
// and builds the architecture config.json names.

#include <memory>

#include <QString>

#include "model/Model.h"

namespace headmap {

// name: how the model is shown (the folder or the Hub id). Throws ModelError.
std::unique_ptr<Model> loadHfModelFolder(const QString& folder, const QString& name);

// Only config.json and the tokenizer files, for front ends that tokenize: the weights are not
// opened, so a folder without them (or with a broken checkpoint) tokenizes all the same.
// summary is what the model's would be. Throws ModelError.
struct HfTokenizerFolder {
    ModelSummary summary;
    std::unique_ptr<Tokenizer> tokenizer;
};
HfTokenizerFolder loadHfTokenizerFolder(const QString& folder, const QString& name);

}  // namespace headmap
