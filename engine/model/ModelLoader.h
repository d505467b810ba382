#pragma once
// Turns what the user typed (--model SPEC, the GUI's model chooser) into a Model.

#include <memory>
#include <optional>

#include <QString>
#include <QStringList>

#include "model/Model.h"
#include "teaching/TeachingModel.h"

namespace headmap {

struct ModelSpec {
    QString source;            // "builtin:teaching" or a model folder
    TeachingOptions teaching;  // used by builtin:teaching only
    // Memory for keeping weights converted from BF16, F16 or GGUF (model/ConvertedWeightBudget.h);
    // unset: half of the memory available when the model opens.
    std::optional<qint64> convertedWeightBudget;
};

QStringList builtinModelNames();

// Throws ModelError naming the spec and what is wrong with it.
std::unique_ptr<Model> loadModel(const ModelSpec& spec);

}  // namespace headmap
