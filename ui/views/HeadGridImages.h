#pragma once
// The pixels of HeadGridView, apart from its layout and interaction: one T×T image per cell
// (every head, then the mean and max over each layer's heads) coloured with a HeatmapStyle,
// and the colour bars of its legend.

#include <vector>

#include <QImage>
#include <qcustomplot.h>

#include "HeatmapView.h"
#include "core/AttentionTrace.h"

namespace headmap::ui {

struct GridImages {
    std::vector<QImage> images;     // layers × (heads + 2), layer-major: heads, mean, max
    QCPRange range{0.0, 1.0};       // the colour range shared by every cell
    bool logarithmic = false;
};

// One pixel per (query, key), coloured as HeatmapView colours its cells: Fixed 0..1, RowMax
// through normaliseRowsByMax, GlobalMax over every cell of the trace, Log from 1e-4 to 1.
GridImages buildGridImages(const AttentionTrace& trace, const HeatmapStyle& style);

// The sequential colours of metric frames (ColorBrewer "Blues"), apart from every colormap.
QCPColorGradient metricGradient();

// A horizontal colour bar from range.lower (left) to range.upper (right), outlined in grey.
void drawColourBar(QPainter& painter, const QRect& bar, QCPColorGradient gradient, bool logarithmic,
                   const QCPRange& range);

constexpr double kGridLogFloor = 1e-4;  // as HeatmapView: smaller weights share the darkest colour

}  // namespace headmap::ui
