#pragma once
// Opens a Hugging Face model folder: config.json, the safetensors checkpoint and the tokenizer,
// and builds the architecture config.json names.

#include <memory>

#include <QString>

#include "model/Model.h"

namespace headmap {

// name: how the model is shown (the folder or the Hub id). Throws ModelError.
std::unique_ptr<Model> loadHfModelFolder(const QString& folder, const QString& name);

}  // namespace headmap
