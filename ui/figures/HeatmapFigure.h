#pragma once
// One attention matrix as a figure, the way the heatmap tab shows it: queries as rows from the
// top, keys as columns, the style's colormap and scale mode, numbers in the cells when asked and
// when they fit, and a colour bar. Also the rollout (a T × T matrix of another quantity).

#include "HeatmapView.h"
#include "figures/PanelFigure.h"

namespace headmap::ui {

struct HeatmapFigureOptions {
    HeatmapStyle style;
    QSize page;          // empty: fitted to the content
    QString valueLabel;  // the colour bar's label when not attention weights; empty: the default
    int highlighted = -1;  // a token whose row and column are outlined (the selection); -1: none
    QString rowTitle, columnTitle;  // axis titles; empty: query and key, as the heatmap tab's
};

class HeatmapFigure : public PanelFigure {
public:
    // values: (queries, keys).
    HeatmapFigure(const MatrixF& values, const QStringList& queryLabels, const QStringList& keyLabels,
                  const QString& title, const HeatmapFigureOptions& options = {});

    static QString queryAxisTitle();  // "Query: attending from", as on screen
    static QString keyAxisTitle();    // "Key: attended to"
    // The panel of a (queries, keys) weight matrix under `scale`, bar 0; numbers as on screen.
    static FigurePanel attentionPanel(const MatrixF& plotted, const MatrixF& values, const ColourScale& scale,
                                      const QStringList& queryLabels, const QStringList& keyLabels,
                                      bool showValues);
};

}  // namespace headmap::ui
