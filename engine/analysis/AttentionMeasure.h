#pragma once
// What a view shows as "attention": the softmax weights α_ij, or the value-weighted measure
// α_ij·‖v_j·W_O,h‖ of Kobayashi et al. 2020 ("Attention is Not Only a Weight"), which says
// how far key j actually moves query i's output through head h. A key with a large weight but
// a tiny value vector (a [SEP] or <s> sink) scores low on the second.

#include <optional>
#include <vector>

#include <QString>

#include "core/AttentionTrace.h"

namespace headmap {

enum class AttentionMeasure {
    Weights,    // α_ij
    ValueNorm,  // α_ij·‖v_j·W_O,h‖ (needs RunOptions::valueNorms)
};

// "weights" / "value-norm", as the CLI and session files spell them.
QString measureName(AttentionMeasure measure);
// The inverse (case-insensitive, surrounding spaces ignored); nullopt for anything else.
std::optional<AttentionMeasure> parseMeasure(const QString& name);

// A derived trace whose weights are α_ij·n_hj, n = trace.valueNorms(layer, head); tokens,
// model, ablations and the norms are kept. Rows no longer sum to 1. Throws InputError when the
// trace was made without value norms. Lazy (AttentionTrace::deriveHeads): a head is weighted
// when asked for, so no head is held until then; the result keeps a copy of `trace` (cheap: it
// shares the heads, queries and keys). heads: only those heads are weighted (the others give
// their plain weights); empty: every head.
AttentionTrace weightedByValueNorm(const AttentionTrace& trace, const HeadFilter& heads = {});
// One head of weightedByValueNorm(trace): (T, T).
MatrixF weightedHead(const AttentionTrace& trace, int layer, int head);

// Per (layer, head), layer-major (index = layer · heads + head): the mean of α_ij·n_hj over the
// entries a query may attend to: key ≤ query for causal models, every entry otherwise (keys
// outside a sliding window count, with weight 0). All zeros for T = 0. Throws InputError when
// the trace has no value norms.
std::vector<double> meanValueNormPerHead(const AttentionTrace& trace);

// The same mean for one head in two steps, so that a forward pass can keep the first while the
// weights pass by (the GUI's long sentences) instead of recomputing every head afterwards:
// the weights' column sums over the entries, Σ_q α_qj with q ≥ j when causal (S: one per key;
// S = T but for cross-attention), ...
std::vector<double> attendedColumnSums(const ConstMatrixMap& weights, bool causal);
// ... then Σ_j (Σ_q α_qj)·n_hj divided by the number of entries: queries × S (queries < 0:
// square, T = S), or T(T+1)/2 when causal.
double meanValueNormFromColumnSums(const std::vector<double>& columnSums, const ConstRowVectorMap& norms,
                                   bool causal, int queries = -1);

}  // namespace headmap
