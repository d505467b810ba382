#pragma once
// How a figure turns values into colours: the same gradient, range and scale mode as the view
// on screen (HeatmapView, HeadGridView, MatrixGrid), so that a figure and the screen agree, and
// the label its colour bar carries.

#include <QImage>
#include <QString>
#include <qcustomplot.h>

#include "HeatmapView.h"
#include "core/Tensor.h"

namespace headmap::ui {

struct ColourScale {
    mutable QCPColorGradient gradient;  // mutable: QCPColorGradient::color() is not const
    QCPRange range{0.0, 1.0};
    bool logarithmic = false;
    QString label;  // "Attention weight", "Weight / row maximum", ...

    QRgb colour(double value) const { return gradient.color(value, range, logarithmic); }
};

// For attention weights drawn as HeatmapView draws them under style.scale: *plotted receives the
// values after the scale mode (rows over their maximum, the log floor), (rows, cols) as given.
// valueLabel replaces the default bar label (e.g. rollout), as HeatmapView::setValueLabel does.
ColourScale attentionScale(const MatrixF& values, const HeatmapStyle& style, MatrixF* plotted,
                           const QString& valueLabel = QString());
// For signed differences (A − B): diverging colours, symmetric around 0, as HeatmapView's.
ColourScale differenceScale(const MatrixF& values);

// One pixel per cell, (cols × rows) image of (rows, cols) values; non-finite values get `masked`.
QImage colourCells(const MatrixF& plotted, const ColourScale& scale, QRgb masked = qRgb(205, 205, 205));

// Black or white, whichever reads on a cell of that colour (numbers written in cells).
QColor textColourOn(QRgb background);

}  // namespace headmap::ui
