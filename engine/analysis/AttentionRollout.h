#pragma once
// Attention rollout: how much each input token flows into each position after l layers,
// following attention through the residual connections. From
//   Samira Abnar and Willem Zuidema, "Quantifying Attention Flow in Transformers", ACL 2020,
//   https://arxiv.org/abs/2005.00928 (section 3, "Attention Rollout").
// Per layer l: A_l = mean over heads of the weights; Â_l = 0.5·A_l + 0.5·I (the residual
// connection carries half the signal), rows renormalised to sum 1;
// rollout_l = Â_l · rollout_(l−1), with rollout_(−1) = I.

#include <vector>

#include "core/AttentionTrace.h"

namespace headmap {

// One (T, T) matrix per layer: element [i][j] is how much token j contributes to position i
// after that layer; every row sums to 1. Empty for a trace without layers.
std::vector<MatrixF> attentionRollout(const AttentionTrace& trace);

}  // namespace headmap
