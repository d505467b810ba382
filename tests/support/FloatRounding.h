#pragma once
// Bounds on float32 rounding for tests that compare two computations of the same numbers (issue
// #36): a tolerance fitted to one processor fails on another, because the order of a sum is
// chosen by the vector width the build targets (SSE2 to AVX-512) and by the kernels OpenBLAS
// picks for the processor (Haswell, SkylakeX, ...). What holds whatever the order:
//
//   A sum of n float32 terms (a dot product: n products, with or without FMA) differs from the
//   exact sum by at most γ(n)·Σ|terms|, and two such sums computed in different orders by at
//   most 2·γ(n)·Σ|terms|, where γ(n) = n·u / (1 − n·u) and u = 2⁻²⁴ (Higham, Accuracy and
//   Stability of Numerical Algorithms, 2nd ed., §3.1, Lemma 3.1 and (3.5)).
//
// Σ|terms| is what the bound scales with, not |sum|: a sum that cancels keeps the rounding of
// its large terms. Tests either take Σ|terms| from the numbers at hand or bound it.

#include <algorithm>
#include <cmath>

#include "core/LayerQueriesKeys.h"

namespace headmap::testing {

constexpr double kUnitRoundoff = 1.0 / 16777216.0;  // u = 2⁻²⁴: float32 rounds to nearest within u·|x|

// γ(n) above: the relative bound of a float32 sum of n terms against the exact sum.
constexpr double gammaOf(int n) {
    return n * kUnitRoundoff / (1 - n * kUnitRoundoff);
}

// How far a softmax row of n float32 weights may sum from 1: its normaliser, a float32 sum of
// n positive terms, is off by γ(n − 1) relative; each weight by at most 2·u more (a division, or a
// reciprocal and a product); a float32 sum of the row by γ(n − 1) more. 2·γ(n + 1) covers all of
// it (the second-order terms are below 2·u up to n = 2¹²); a sum in double needs no more.
constexpr double softmaxRowSumBound(int n) {
    return 2 * gammaOf(n + 1);
}

// Attention rollout (analysis/AttentionRollout) through `layers` layers of T tokens, each layer
// Â = rows of (mean of H heads + I) / 2 normalised, times the rollout so far: entries and row sums
// are at most 1 (rows of non-negative weights), so per layer the mean adds γ(H) + u, the
// normalisation γ(T) + 2·u, the product γ(T) (T non-negative terms, relative to the entry), and
// the rollout's earlier difference passes through unchanged (a row-stochastic matrix does not
// grow it). Against an exact (float64) rollout of the same float32 weights:
constexpr double rolloutBound(int layers, int heads, int t) {
    return layers * (gammaOf(heads) + 2 * gammaOf(t + 1) + 4 * kUnitRoundoff);
}
// and a rollout row, summed in float32, from 1: per layer the normalised row is 1 within γ(T) and
// the product adds γ(T) relative; the sum γ(T − 1) more.
constexpr double rolloutRowSumBound(int layers, int t) {
    return (2 * layers + 1) * gammaOf(t + 1);
}

// The largest Σ|terms| of a layer's attention scores: scale·Σ_i |q_i·k_i| over every head and
// every (query, key) pair the mask lets through (AttentionSpec::allows), from
// the queries and keys the weights are computed from. A score computed in two orders differs by
// at most 2·γ(head_dim) times this; softmax then moves a weight by at most half the largest
// change of its row's scores (∂w_i/∂s_j = w_i·(δ_ij − w_j), whose absolute row sum 2·w_i·(1 − w_i)
// is at most 1/2), and a softcap c·tanh(s/c) has slope at most 1.
inline double scoreMagnitude(const LayerQueriesKeys& layer) {
    const AttentionSpec& spec = layer.scoring;
    const int dh = spec.headDim;
    double worst = 0;
    for (int h = 0; h < spec.heads; ++h) {
        const MatrixF q = layer.queries.middleCols(h * dh, dh).cwiseAbs();
        const MatrixF k = layer.keys.middleCols(spec.kvHeadOf(h) * dh, dh).cwiseAbs();
        const MatrixF sums = q * k.transpose();  // (T, T)
        for (int i = 0; i < int(sums.rows()); ++i)
            for (int j = 0; j < int(sums.cols()); ++j)
                if (spec.allows(i, j))
                    worst = std::max(worst, double(sums(i, j)));
    }
    return worst * std::abs(double(spec.scale));
}

}  // namespace headmap::testing
