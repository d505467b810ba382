#include "figures/HeatmapFigure.h"

#include <limits>

#include "heatmap/MaskOverlay.h"

namespace headmap::ui {
namespace {

FigureSpec heatmapSpec(const MatrixF& values, const QStringList& queryLabels, const QStringList& keyLabels,
                       const QString& title, const HeatmapFigureOptions& options) {
    MatrixF plotted;  // (queries, keys)
    const ColourScale scale = attentionScale(values, options.style, &plotted, options.valueLabel);
    FigureSpec spec;
    spec.title = title;
    spec.page = options.page;
    spec.panels.push_back(HeatmapFigure::attentionPanel(plotted, values, scale, queryLabels, keyLabels,
                                                        options.style.showValues, options.mask));
    if (!options.rowTitle.isEmpty())
        spec.panels.back().rowTitle = options.rowTitle;
    if (!options.columnTitle.isEmpty())
        spec.panels.back().columnTitle = options.columnTitle;
    if (spec.panels.back().crossed)  // as under the plot on screen
        spec.subtitle = HeatmapView::maskLegendFor(options.mask);
    spec.bars.push_back(scale);
    return spec;
}

}  // namespace

HeatmapFigure::HeatmapFigure(const MatrixF& values, const QStringList& queryLabels, const QStringList& keyLabels,
                             const QString& title, const HeatmapFigureOptions& options)
    : PanelFigure(heatmapSpec(values, queryLabels, keyLabels, title, options)) {}

QString HeatmapFigure::queryAxisTitle() { return HeatmapView::tr("Query: attending from"); }
QString HeatmapFigure::keyAxisTitle() { return HeatmapView::tr("Key: attended to"); }
QString HeatmapFigure::targetAxisTitle() { return HeatmapView::tr("Query: target token (decoder)"); }
QString HeatmapFigure::sourceAxisTitle() { return HeatmapView::tr("Key: source token (encoder)"); }

FigurePanel HeatmapFigure::attentionPanel(const MatrixF& plotted, const MatrixF& values, const ColourScale& scale,
                                          const QStringList& queryLabels, const QStringList& keyLabels,
                                          bool showValues, const CellMask& mask) {
    FigurePanel panel;
    const bool masked = !mask.isEmpty() && mask.queries() == plotted.rows() && mask.keys() == plotted.cols();
    if (masked) {
        MatrixF withMask = plotted;  // masked cells are not finite: colourCells greys them
        for (int q = 0; q < mask.queries(); ++q)
            for (int k = 0; k < mask.keys(); ++k)
                if (mask.isMasked(q, k))
                    withMask(q, k) = std::numeric_limits<float>::quiet_NaN();
        panel.cells = colourCells(withMask, scale, MaskOverlay::maskedColour(false).rgb());
        panel.crossed = [mask](int r, int c) { return mask.isMasked(r, c); };
    } else {
        panel.cells = colourCells(plotted, scale);
    }
    panel.rows = int(values.rows());
    panel.columns = int(values.cols());
    panel.rowLabels = queryLabels;
    panel.columnLabels = keyLabels;
    panel.rowTitle = queryAxisTitle();
    panel.columnTitle = keyAxisTitle();
    if (showValues)  // the weights as given, as HeatmapView writes them
        panel.cellText = [values](int r, int c) { return QString::number(double(values(r, c)), 'f', 2); };
    return panel;
}

}  // namespace headmap::ui
