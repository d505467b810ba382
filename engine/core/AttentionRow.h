#pragma once
// One query's row of a head's attention weights, or a band of rows, from its layer's queries and
// keys, without the (T, T) matrix: for a view that reads one (query, key) weight of every head
// (TokenPairView), L·H rows of T cost what one whole head does.
//
// The recipe is attentionWeightsOfHead's (core/MultiHeadAttention.cpp): q·kᵀ of the query head
// and the K head it reads, times the scale, softcap (cap·tanh(s / cap)), the mask or sliding
// window (-inf), then a stable softmax (softmaxRows). The numbers are the same to about 1e-7:
// a (1, Dh)·(Dh, T) product may sum in another order than the (T, Dh)·(Dh, T) one, and the
// vectorised exp and tanh treat a band's first and last entries as scalars, so the last bits may differ (tst_attentionrow checks 1e-6 against the full head for every fixture family).

#include "core/LayerQueriesKeys.h"
#include "core/Tensor.h"

namespace headmap {

// (1, T) the weights query `query` gives every key in query head `head`.
MatrixF attentionRowOfHead(const LayerQueriesKeys& queriesKeys, int head, int query);
// (count, T) the rows of queries first .. first + count − 1, the same recipe: a band of a head
// costs a band of memory, for readers that go through a head row by row (the rollout).
MatrixF attentionRowsOfHead(const LayerQueriesKeys& queriesKeys, int head, int first, int count);

}  // namespace headmap
