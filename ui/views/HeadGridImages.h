#pragma once
// The pixels of HeadGridView, apart from its layout and interaction: one image per cell (every
// head, then the mean and max over each layer's heads), T×T or max-pooled to the thumbnail
// side, coloured with a HeatmapStyle, and the colour bars of its legend.

#include <memory>
#include <mutex>
#include <vector>

#include <QImage>
#include <qcustomplot.h>

#include "HeatmapView.h"
#include "core/AttentionTrace.h"

namespace headmap::ui {

// The longest side of a cell's image: a grid of 24 layers is never drawn with cells larger
// than this, so thumbnails of longer inputs are max-pooled down to it.
constexpr int kGridThumbnailSide = 256;

struct GridImages {
    std::vector<QImage> images;     // layers × (heads + 2), layer-major: heads, mean, max
    QCPRange range{0.0, 1.0};       // the colour range shared by every cell
    bool logarithmic = false;
    // Tokens along one side of an image pixel: 1 (one pixel per (query, key)), or b > 1 when
    // each pixel is the largest weight of a b × b block (T above the thumbnail side).
    int pooling = 1;
};

// The images of one trace made head by head, so that all heads are never held at once: from a
// forward pass's RunOptions::headWeights (heads of one layer from several threads at once) or
// from a loop over a trace's heads. Keeps the pooled thumbnail of each head and, per layer, a
// running sum and maximum at full size until the layer's last head arrives. Colours: as
// buildGridImages. The layer mean adds the heads in the order they arrive (head order when they
// come one after another, as buildGridImages gives them: the bits of layerMean).
class GridImageBuilder {
public:
    GridImageBuilder(int layers, int heads, int length, const HeatmapStyle& style, int maxSide = kGridThumbnailSide)
        : GridImageBuilder(layers, heads, length, length, style, maxSide) {}
    // Cross-attention: (T, S) heads, pooled by one block side on both axes (that of the longer).
    GridImageBuilder(int layers, int heads, int rows, int columns, const HeatmapStyle& style,
                     int maxSide = kGridThumbnailSide);
    ~GridImageBuilder();
    // weights: (T, S) of the trace as shown. Thread-safe.
    void addHead(int layer, int head, const ConstMatrixMap& weights);
    // Per layer, the cells the model's mask rule masks (AttentionTrace::cellMask of the trace as
    // shown): drawn in the masked grey, as the heatmap does; a pooled pixel only when every cell
    // under it is masked. Call before finish().
    void setMasks(std::vector<CellMask> masks) { m_masks = std::move(masks); }
    bool isComplete() const;  // every head has arrived
    // Colours the thumbnails; call once, after the last head.
    GridImages finish();

    // The block side for a length: 1 while T ≤ maxSide, else ceil(T / maxSide).
    static int poolingFor(int length, int maxSide);

private:
    struct LayerSums;
    void addCell(size_t index, const ConstMatrixMap& full);
    void finishLayer(int layer, LayerSums& sums);

    int m_layers, m_heads, m_length, m_columns, m_pooling;  // m_length: rows
    HeatmapStyle m_style;
    mutable std::mutex m_mutex;
    std::vector<MatrixF> m_cells;  // layers × (heads + 2), pooled and transformed by the style
    std::vector<std::unique_ptr<LayerSums>> m_sums;  // (L), null when not started or done
    int m_arrived = 0;
    std::vector<CellMask> m_masks;  // (L) or empty
};

// One pixel per (query, key) while T ≤ maxSide, else max-pooled to at most maxSide × maxSide,
// coloured as HeatmapView colours its cells: Fixed 0..1, RowMax through normaliseRowsByMax
// (of the full rows, before pooling), GlobalMax over every cell of the trace, Log from 1e-4 to
// 1; the cells the mask rule masks grey. Reads one head at a time (AttentionTrace::headUncached: the trace's cache keeps what the
// user looks at).
GridImages buildGridImages(const AttentionTrace& trace, const HeatmapStyle& style, int maxSide = kGridThumbnailSide);

// The sequential colours of metric frames (ColorBrewer "Blues"), apart from every colormap.
QCPColorGradient metricGradient();

// A horizontal colour bar from range.lower (left) to range.upper (right), outlined in grey.
void drawColourBar(QPainter& painter, const QRect& bar, QCPColorGradient gradient, bool logarithmic,
                   const QCPRange& range);

constexpr double kGridLogFloor = 1e-4;  // as HeatmapView: smaller weights share the darkest colour

}  // namespace headmap::ui
