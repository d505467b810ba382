#pragma once
// Every architecture Headmap runs, by config.json model_type, in one table: the loader asks the
// table, not a chain of ifs, so adding a family means adding one row.

#include <functional>
#include <memory>
#include <vector>

#include <QString>
#include <QStringList>

#include "formats/Checkpoint.h"
#include "hf/ConfigFile.h"
#include "model/Model.h"

namespace headmap {

struct Architecture {
    QString modelType;  // config.json's model_type
    QString families;   // what users know it as: "Llama 2/3/3.1/3.2, SmolLM2, TinyLlama"
    std::function<std::unique_ptr<Model>(const ConfigFile&, std::unique_ptr<Checkpoint>,
                                         std::unique_ptr<Tokenizer>, const QString& name)>
        build;
    // The summary build() would give, without opening the checkpoint (for tokenizing alone).
    std::function<ModelSummary(const ConfigFile&, const Tokenizer&, const QString& name)> summarize;
};

const std::vector<Architecture>& architectures();
const Architecture* findArchitecture(const QString& modelType);  // nullptr when unsupported
QStringList supportedModelTypes();

}  // namespace headmap
