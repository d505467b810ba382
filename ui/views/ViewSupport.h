#pragma once
// What the views beside the main heatmap share: the trace as shown (with or without the special
// tokens that soak up attention) and the messages for states without a matrix to draw.

#include <memory>
#include <optional>

#include <QCoreApplication>
#include <QString>

#include "analysis/HeadStatistics.h"
#include "core/AttentionTrace.h"

// "Colour by this metric, or by none": HeadGridView::setMetric, StatisticsView::metricChosen.
Q_DECLARE_METATYPE(std::optional<headmap::HeadMetric>)

namespace headmap::ui {

// The trace restricted to its non-special tokens (on both axes: a cross-attention trace's
// source keys too), every head's rows renormalised to sum 1 again
// (keptTokens + withoutTokens). Returns `trace` itself when hideSpecial is false or no token is
// special, so the weights stay bit-identical. Null stays null. When every token is special the
// result has no tokens (isEmpty()); allSpecialMessage() says why.
// A derived trace (AttentionTrace::deriveHeads): cheap to make, a head is restricted when asked
// for, from the original's weights (held alive by the result). A result still held by someone
// is handed out again for the same trace, so views share its cache of heads (thread-safe:
// workers call this too).
std::shared_ptr<const AttentionTrace> shownTrace(const std::shared_ptr<const AttentionTrace>& trace,
                                                 bool hideSpecial);

// One head of shownTrace(trace, hideSpecial) without building the rest: (K, K'), K the tokens
// shown, K' the keys shown (K' = K but for cross-attention). Empty (0, 0) when the head does not exist or every token is hidden.
MatrixF shownHead(const AttentionTrace& trace, int layer, int head, bool hideSpecial);
// The same, shared: with every token shown, the trace's own matrix (its cache's, no copy).
std::shared_ptr<const MatrixF> sharedShownHead(const AttentionTrace& trace, int layer, int head, bool hideSpecial);
// The cells of sharedShownHead's matrix that the model's mask rule masks in `layer`
// (AttentionTrace::cellMask over the tokens shown); empty when none are.
CellMask shownMask(const AttentionTrace& trace, int layer, bool hideSpecial);
// The display labels of the tokens shownTrace keeps: the queries', and the keys' (the source's
// for cross-attention, else the same).
QStringList shownLabels(const AttentionTrace& trace, bool hideSpecial);
QStringList shownKeyLabels(const AttentionTrace& trace, bool hideSpecial);
// The keys shownTrace keeps (all of them when not hiding); the queries' are keptTokens(special()).
std::vector<int> keptKeys(const AttentionTrace& trace, bool hideSpecial);

// Token indices with special tokens hidden: whole sentence -> shown row (-1 when hidden or -1),
// and back (-1 when out of range).
int shownTokenIndex(const AttentionTrace& trace, bool hideSpecial, int index);
int fullTokenIndex(const AttentionTrace& trace, bool hideSpecial, int shown);

// True when there is nothing to draw: no trace, no tokens, no layers or no heads.
bool hasNoAttention(const AttentionTrace* trace);

class ViewText {
    Q_DECLARE_TR_FUNCTIONS(ViewText)
public:
    // For a view whose trace is empty (hideSpecial: the view hides special tokens). Says either
    // "type a sentence" or, when hiding left no token, how to get them back.
    static QString emptyState(const AttentionTrace* original, bool hideSpecial,
                              const QString& typePrompt);
};

}  // namespace headmap::ui
