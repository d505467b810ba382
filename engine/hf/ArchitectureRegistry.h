#pragma once
// Every architecture Headmap runs, by config.json model_type: one per row of the family traits
// (hf/FamilyTraits.h), built by the class the row names. The loader asks the table, not a chain
// of ifs, so adding a family means adding one row there.

#include <functional>
#include <memory>
#include <vector>

#include <QString>
#include <QStringList>

#include "formats/Checkpoint.h"
#include "hf/ConfigFile.h"
#include "hf/FamilyTraits.h"
#include "model/Model.h"

namespace headmap {

struct Architecture {
    QString modelType;  // config.json's model_type
    QString families;   // what users know it as (FamilyTraits::displayName)
    std::function<std::unique_ptr<Model>(const ConfigFile&, std::unique_ptr<Checkpoint>,
                                         std::unique_ptr<Tokenizer>, const QString& name)>
        build;
    // The summary build() would give, without opening the checkpoint (for tokenizing alone).
    std::function<ModelSummary(const ConfigFile&, const Tokenizer&, const QString& name)> summarize;
};

const std::vector<Architecture>& architectures();
const Architecture* findArchitecture(const QString& modelType);  // nullptr when unsupported
// supportedModelTypes() lists them (hf/FamilyTraits.h).

}  // namespace headmap
