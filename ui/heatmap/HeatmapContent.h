#pragma once
// What a HeatmapView shows, with everything that costs a pass over the T×T cells worked out
// beforehand: the row maxima and extremes the colour scales need, the causal mask's rows and,
// optionally, the level-of-detail pyramid. prepareContent touches no widget, so a worker can
// run it; HeatmapView::setContent then adopts the result in time linear in T (at 4,096 tokens
// the passes over 16 million cells are what held the GUI thread up on every change of head).

#include <memory>
#include <vector>

#include <QString>
#include <QStringList>

#include "analysis/AttentionPyramid.h"
#include "core/MaskRule.h"
#include "core/Tensor.h"

namespace headmap::ui {

// The pyramid a view draws from depends on how it pools and whether it plots each row against
// its own maximum (the per-row scale); HeatmapView::pyramidKind says which one it wants now.
struct PyramidKind {
    Pooling pooling = Pooling::Max;  // MaxMagnitude for a difference shown with Max
    bool rowScaled = false;
    bool operator==(const PyramidKind& o) const { return pooling == o.pooling && rowScaled == o.rowScaled; }
};

struct HeatmapContent {
    // (queries, keys); shared, never copied: a head straight from the trace's cache of heads is
    // the cache's own matrix (64 MB at 4,096 tokens that the view and the cache held twice).
    // Null means empty.
    std::shared_ptr<const MatrixF> matrix;
    const MatrixF& values() const;
    void setValues(MatrixF values) { matrix = std::make_shared<const MatrixF>(std::move(values)); }
    QStringList queryLabels;
    QStringList keyLabels;
    QString title;
    bool difference = false;  // signed values: diverging colours around 0
    bool causal = false;      // a causal model's: the cells above the diagonal are masked
    // Cross-attention: the rows are the target's tokens and the columns the source's, two axes
    // of their own (T×S) rather than one sentence twice; selection, search and axis titles say so.
    bool sourceKeys = false;
    // The cells the model's mask rule masks (AttentionTrace::cellMask); when empty and causal,
    // prepareContent masks the cells above the diagonal.
    CellMask mask;
    // Mixture-of-experts models (#39): per row, the experts its token went to in this layer, in
    // the router's order; empty for other models, dense layers and merged words.
    std::vector<std::vector<int>> queryExperts;
    // Models with attention sinks (gpt-oss, #39): per row, 1 − its sum, what the head gave its
    // sink; empty for other models, hidden special tokens and merged words.
    std::vector<float> querySinkMass;

    // Filled by prepareContent.
    bool prepared = false;
    std::vector<float> rowMaxima;  // (queries) each row's largest value
    float largest = 0.0f;          // over all cells; 0 when empty
    float largestMagnitude = 0.0f;  // max |value|; 0 when empty
    // Built for pyramidKind when asked; null: the view builds its own when it first needs one.
    std::shared_ptr<const AttentionPyramid> pyramid;
    PyramidKind pyramidKind;
};

// Each row's divisor under the per-row scale: its maximum, 1 where that is ≤ 0 (an all-zero row
// stays 0). The view and the pyramid divide by exactly these floats.
// The empty matrix values() gives for null; lives as long as the program.
const MatrixF& emptyMatrix();

std::vector<float> rowDivisors(const std::vector<float>& rowMaxima);

// Fills content's derived fields from its values. withPyramid: also builds the pyramid of
// `kind` (worth it past a few hundred tokens, where the view draws pooled tiles). Thread-safe.
void prepareContent(HeatmapContent& content, const PyramidKind& kind, bool withPyramid);

}  // namespace headmap::ui
