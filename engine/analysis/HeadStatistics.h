#pragma once
// One number per head that says what kind of head it is: a sink, a previous-token head, a
// broad or a sharp one. Views rank and colour heads by these; exports write them as tables.
// Every statistic is a mean over all T query rows of the head's (T, S) weights W; S = T but for
// cross-attention, whose keys are the source's tokens. Distances, the previous token and the
// token itself compare positions of one sentence, so they are 0 for cross-attention; the end
// token and the alignment's monotonicity are what says something there (metricsFor).

#include <vector>

#include <QList>
#include <QString>

#include "core/AttentionTrace.h"

namespace headmap {

struct HeadStatistics {
    int layer = 0;
    int head = 0;
    double entropy = 0.0;        // −Σ_k W[q][k]·ln W[q][k], in nats (0·ln 0 = 0)
    double maxWeight = 0.0;      // max_k W[q][k]
    double firstToken = 0.0;     // W[q][0], the "attention sink" score
    double specialTokens = 0.0;  // Σ over special keys k of W[q][k]; 0 without special tokens
    double meanDistance = 0.0;   // Σ_k W[q][k]·|q − k|, in tokens
    double previousToken = 0.0;  // W[q][q − 1], mean over q ≥ 1 only; 0 when T = 1
    double selfAttention = 0.0;  // W[q][q]
    double endToken = 0.0;       // W[q][S − 1]: the last key, the source's </s> in a translation model
    // How monotonic the argmax alignment a_q = argmax_k W[q][k] is: the share of rows q ≥ 1
    // with a_q ≥ a_{q−1} (1: keys read in order, as a diagonal alignment; 0 when T = 1).
    double monotonicity = 0.0;
    // 1 − Σ_k W[q][k]: what the head gave its learned sink rather than any token (gpt-oss's
    // attention sinks, core/ScoringRule.h); about 0 for a model without sinks.
    double sinkMass = 0.0;
};

// One entry per (layer, head), layer-major: index = layer · heads + head. A trace without
// tokens (T = 0) gives all-zero statistics, so a view can still list its heads.
std::vector<HeadStatistics> computeHeadStatistics(const AttentionTrace& trace);
// The statistics of one (T, T) weight matrix, e.g. a layer mean (layer and head stay 0).
// `special` holds T flags or is empty (no special tokens). Throws InputError on other shapes.
HeadStatistics computeHeadStatistics(const Eigen::Ref<const MatrixF>& weights,
                                     const std::vector<bool>& special);

enum class HeadMetric {
    Entropy,
    MaxWeight,
    FirstToken,
    SpecialTokens,
    MeanDistance,
    PreviousToken,
    SelfAttention,
    EndToken,
    Monotonicity,
    SinkMass,  // only for models with attention sinks (metricsFor(model, stack))
};

double metricValue(const HeadStatistics& statistics, HeadMetric metric);
QString metricName(HeadMetric metric);         // short UI label, e.g. "Entropy (nats)"
QString metricDescription(HeadMetric metric);  // one sentence, for a tooltip
// Self-attention's metrics in enum order, for combo boxes and tables (what exports have always
// written; cross-attention's are in metricsFor(StackKind::Cross)).
QList<HeadMetric> allHeadMetrics();
// The metrics that mean something for a stack: self-attention's (distances, previous token,
// itself) or cross-attention's (the source's end token, the alignment's monotonicity), with
// entropy, the largest weight, the first and the special tokens for both.
QList<HeadMetric> metricsFor(StackKind stack);
// What a view of `model`'s `stack` lists: allHeadMetrics() for a one-stack model, metricsFor(stack)
// for an encoder–decoder's, and the sink mass after them for a model with attention sinks.
QList<HeadMetric> metricsFor(const ModelSummary& model, StackKind stack);

}  // namespace headmap
