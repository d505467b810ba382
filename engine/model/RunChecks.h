#pragma once
// The checks Model::run makes of a request before a forward pass, shared by the one-stack and
// the encoder–decoder runs. Each throws InputError naming the item and the range it must be in.

#include <vector>

#include "model/Model.h"

namespace headmap {

// Layers and heads in range (of the ablation's stack), no head twice.
void checkAblations(const std::vector<HeadAblation>& ablations, const ModelSummary& model);
// The step head's layer and head in range (of its stack).
void checkStepsHead(const HeadIndex& steps, const ModelSummary& model);

}  // namespace headmap
