#pragma once
// Small matrix transforms the views apply before drawing: combine a layer's heads, hide the
// special tokens that soak up attention, give each row its own colour scale, compare two heads.
// All matrices are (T, T) with rows as queries unless said otherwise.

#include <vector>

#include "core/AttentionTrace.h"

namespace headmap {

// Elementwise mean / max over the heads of one layer: (T, T). A model without heads gives
// zeros. Throw InputError when the layer does not exist.
MatrixF layerMean(const AttentionTrace& trace, int layer);
MatrixF layerMax(const AttentionTrace& trace, int layer);

// Indices of the tokens whose flag is false, in order: what withoutTokens keeps to hide the
// special tokens.
std::vector<int> keptTokens(const std::vector<bool>& special);

// The rows and columns listed in `kept`, in that order: (K, K) for K = kept.size(). With
// renormaliseRows, each row is divided by its sum so it is again a distribution over the kept
// keys; rows that sum to 0 stay 0. Throws InputError for an index outside the matrix.
MatrixF withoutTokens(const MatrixF& weights, const std::vector<int>& kept, bool renormaliseRows);
// The same with rows and columns of their own (cross-attention: target rows, source keys):
// (R, C) for R = keptRows.size(), C = keptColumns.size().
MatrixF withoutTokens(const MatrixF& weights, const std::vector<int>& keptRows, const std::vector<int>& keptColumns,
                      bool renormaliseRows);

// Each row divided by its largest magnitude, for a per-row colour scale: the strongest weight
// of every query becomes 1. For attention weights (never negative) that is the row's max; a
// signed matrix such as a difference keeps its signs and lands in [−1, 1]. All-zero rows stay 0.
MatrixF normaliseRowsByMax(const Eigen::Ref<const MatrixF>& weights);

// a − b, e.g. two heads or two sentences. Throws InputError naming both shapes if they differ.
MatrixF difference(const MatrixF& a, const MatrixF& b);

}  // namespace headmap
