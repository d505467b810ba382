#pragma once
// Colour gradients for heatmaps. QCustomPlot 2.1 has no perceptually uniform presets, so the
// stops are matplotlib's published colormaps (and ColorBrewer's RdBu for differences) sampled at
// evenly spaced points. Viridis, magma and cividis are colour-blind safe; viridis is the default.

#include <QList>
#include <QString>
#include <qcustomplot.h>

#include "heatmap/HeatmapStyle.h"  // Colormap

namespace headmap::ui {

QCPColorGradient gradientFor(Colormap colormap);
QString colormapName(Colormap colormap);                 // "viridis", shown and saved
Colormap colormapFromName(const QString& name, Colormap fallback = Colormap::Viridis);
QList<Colormap> allColormaps();

}  // namespace headmap::ui
