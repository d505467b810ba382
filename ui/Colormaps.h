#pragma once
// Colour gradients for heatmaps. QCustomPlot 2.1 has no perceptually uniform presets, so the
// stops are matplotlib's published colormap values sampled at 11 points.

#include <qcustomplot.h>

namespace headmap::ui {

QCPColorGradient viridisGradient();

}  // namespace headmap::ui
