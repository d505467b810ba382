#pragma once
// One number per head that says what kind of head it is: a sink, a previous-token head, a
// broad or a sharp one. Views rank and colour heads by these; exports write them as tables.
// Every statistic is a mean over all T query rows of the head's (T, T) weights W.

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
};

double metricValue(const HeadStatistics& statistics, HeadMetric metric);
QString metricName(HeadMetric metric);         // short UI label, e.g. "Entropy (nats)"
QString metricDescription(HeadMetric metric);  // one sentence, for a tooltip
QList<HeadMetric> allHeadMetrics();            // in enum order, for combo boxes and tables

}  // namespace headmap
