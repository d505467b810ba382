#include "figures/ColourScale.h"

#include <algorithm>
#include <cmath>

#include "analysis/AttentionTransforms.h"

namespace headmap::ui {
namespace {

constexpr double kLogFloor = 1e-4;  // as HeatmapView: weights below it share the darkest colour

}  // namespace

ColourScale attentionScale(const MatrixF& values, const HeatmapStyle& style, MatrixF* plotted,
                           const QString& valueLabel) {
    ColourScale scale;
    scale.gradient = gradientFor(style.colormap);
    scale.label = QObject::tr("Attention weight");
    *plotted = values;
    switch (style.scale) {
    case ScaleMode::Fixed:
        break;
    case ScaleMode::RowMax:
        *plotted = normaliseRowsByMax(values);
        scale.label = QObject::tr("Weight / row maximum");
        break;
    case ScaleMode::GlobalMax:
        scale.range = QCPRange(0.0, std::max(1e-9, values.size() ? double(values.maxCoeff()) : 1.0));
        break;
    case ScaleMode::Log:
        *plotted = values.cwiseMax(float(kLogFloor));
        scale.range = QCPRange(kLogFloor, 1.0);
        scale.logarithmic = true;
        scale.label = QObject::tr("Attention weight (log scale)");
        break;
    }
    if (!valueLabel.isEmpty())
        scale.label = valueLabel;
    return scale;
}

ColourScale differenceScale(const MatrixF& values) {
    ColourScale scale;
    scale.gradient = gradientFor(Colormap::Diverging);
    // A floor keeps identical heads white with readable ticks instead of a ±1e-9 scale.
    const double extent = std::max(1e-3, values.size() ? double(values.cwiseAbs().maxCoeff()) : 1.0);
    scale.range = QCPRange(-extent, extent);
    scale.label = QObject::tr("Difference of weights");
    return scale;
}

QImage colourCells(const MatrixF& plotted, const ColourScale& scale, QRgb masked) {
    const int rows = int(plotted.rows()), cols = int(plotted.cols());
    QImage image(std::max(cols, 1), std::max(rows, 1), QImage::Format_RGB32);
    image.fill(Qt::white);
    for (int r = 0; r < rows; ++r) {
        auto* line = reinterpret_cast<QRgb*>(image.scanLine(r));
        for (int c = 0; c < cols; ++c) {
            const float v = plotted(r, c);
            line[c] = std::isfinite(v) ? scale.colour(double(v)) : masked;
        }
    }
    return image;
}

QColor textColourOn(QRgb background) {
    const double luminance = 0.299 * qRed(background) + 0.587 * qGreen(background) + 0.114 * qBlue(background);
    return luminance > 140 ? QColor(Qt::black) : QColor(Qt::white);
}

}  // namespace headmap::ui
