#pragma once
// One attention matrix as a figure, the way the heatmap tab shows it: queries as rows from the
// top, keys as columns, the style's colormap and scale mode, numbers in the cells when asked and
// when they fit, the masked cells grey and hatched, and a colour bar. Also the rollout (a T × T
// matrix of another quantity). Never the selected or hovered token: that is the view's state.

#include "HeatmapView.h"
#include "figures/PanelFigure.h"

namespace headmap::ui {

struct HeatmapFigureOptions {
    HeatmapStyle style;
    QSize page;          // empty: fitted to the content
    QString valueLabel;  // the colour bar's label when not attention weights; empty: the default
    // The cells the model's mask rule masks (AttentionTrace::cellMask of the trace drawn): grey
    // and hatched as on screen, never coloured as weights of 0. Empty: none.
    CellMask mask;
    QString rowTitle, columnTitle;  // axis titles; empty: query and key, as the heatmap tab's
};

class HeatmapFigure : public PanelFigure {
public:
    // values: (queries, keys).
    HeatmapFigure(const MatrixF& values, const QStringList& queryLabels, const QStringList& keyLabels,
                  const QString& title, const HeatmapFigureOptions& options = {});

    static QString queryAxisTitle();  // "Query: attending from", as on screen
    static QString keyAxisTitle();    // "Key: attended to"
    // Cross-attention's, as on screen: "Query: target token (decoder)", "Key: source token (encoder)".
    static QString targetAxisTitle();
    static QString sourceAxisTitle();
    // The panel of a (queries, keys) weight matrix under `scale`, bar 0; numbers as on screen;
    // the cells of `mask` grey and hatched.
    static FigurePanel attentionPanel(const MatrixF& plotted, const MatrixF& values, const ColourScale& scale,
                                      const QStringList& queryLabels, const QStringList& keyLabels,
                                      bool showValues, const CellMask& mask = CellMask());
};

}  // namespace headmap::ui
