#pragma once
// Attention rollout: how much each input token flows into each position after l layers,
// following attention through the residual connections. From
//   Samira Abnar and Willem Zuidema, "Quantifying Attention Flow in Transformers", ACL 2020,
//   https://arxiv.org/abs/2005.00928 (section 3, "Attention Rollout").
// Per layer l: A_l = mean over heads of the weights; Â_l = 0.5·A_l + 0.5·I (the residual
// connection carries half the signal), rows renormalised to sum 1;
// rollout_l = Â_l · rollout_(l−1), with rollout_(−1) = I.
//
// Every layer's rollout is a (T, T) matrix: 1.5 GB for 24 layers at 4,096 tokens. Views keep
// them through a RolloutSeries (a few layers, the others recomputed from the nearest kept one);
// attentionRollout holds them all, for short traces and tests. Both multiply with the same
// two functions below, so the series' layers have the same bits as attentionRollout's.

#include <functional>
#include <vector>

#include "core/AttentionTrace.h"

namespace headmap {

// Why rollout does not apply to a trace, for people; empty when it does. Abnar & Zuidema's
// definition follows one stack of self-attention from its input: an encoder's, a decoder-only
// model's, and a translation model's encoder. A translation model's decoder also reads the
// encoder through cross-attention, which the definition does not cover, and cross-attention
// itself (T×S) has no residual path from its keys: for those two stacks it is refused.
QString rolloutUnavailable(const AttentionTrace& trace);

// One (T, T) matrix per layer: element [i][j] is how much token j contributes to position i
// after that layer; every row sums to 1. Empty for a trace without layers. Throws InputError
// (rolloutUnavailable) for the stacks it does not apply to.
std::vector<MatrixF> attentionRollout(const AttentionTrace& trace);

// Â_l of layer `layer`: its heads' mean with the residual added, rows renormalised. Heads made
// from the layer's queries and keys are computed a band of rows at a time (attentionRowsOfHead,
// equal to the whole heads to about 1e-7), so no (T, T) head is held; stored and derived heads
// whole, a few at a time. Either way each entry adds its heads in head order, so the bits do not
// depend on the threads. cancelled(), asked between bands or heads, stops it early: the result is
// then empty. (T, T)
MatrixF rolloutStep(const AttentionTrace& trace, int layer, const std::function<bool()>& cancelled = {});

// rollout_l = Â_l · rollout_(l−1), in place of Â_l (step), a band of rows at a time so that no
// second (T, T) matrix is needed. (T, T)
void multiplyRollout(MatrixF& step, const MatrixF& previous);

}  // namespace headmap
