#include "views/HeadGridImages.h"

#include <algorithm>
#include <cmath>

#include <QPainter>

#include "analysis/AttentionTransforms.h"

namespace headmap::ui {

GridImages buildGridImages(const AttentionTrace& trace, const HeatmapStyle& style) {
    GridImages result;
    const int layers = trace.layers(), heads = trace.heads(), t = trace.length();
    std::vector<MatrixF> cells;  // (T, T) each
    cells.reserve(size_t(layers) * size_t(heads + 2));
    for (int l = 0; l < layers; ++l) {
        for (int h = 0; h < heads; ++h)
            cells.emplace_back(trace.head(l, h));
        cells.push_back(layerMean(trace, l));
        cells.push_back(layerMax(trace, l));
    }
    switch (style.scale) {
    case ScaleMode::Fixed:
        break;
    case ScaleMode::RowMax:
        for (MatrixF& cell : cells)
            cell = normaliseRowsByMax(cell);
        break;
    case ScaleMode::GlobalMax: {
        float largest = 0.0f;
        for (const MatrixF& cell : cells)
            if (cell.size() > 0)
                largest = std::max(largest, cell.maxCoeff());
        result.range = QCPRange(0.0, std::max(1e-9, double(largest)));
        break;
    }
    case ScaleMode::Log:
        for (MatrixF& cell : cells)
            cell = cell.cwiseMax(float(kGridLogFloor));
        result.range = QCPRange(kGridLogFloor, 1.0);
        result.logarithmic = true;
        break;
    }
    QCPColorGradient gradient = gradientFor(style.colormap);  // color() is not const
    result.images.reserve(cells.size());
    for (const MatrixF& cell : cells) {
        QImage image(t, t, QImage::Format_RGB32);
        for (int q = 0; q < t; ++q) {
            auto* line = reinterpret_cast<QRgb*>(image.scanLine(q));
            for (int k = 0; k < t; ++k)
                line[k] = gradient.color(double(cell(q, k)), result.range, result.logarithmic);
        }
        result.images.push_back(std::move(image));
    }
    return result;
}

QCPColorGradient metricGradient() {
    QCPColorGradient gradient;
    gradient.clearColorStops();
    const QList<QColor> stops = {QColor("#c6dbef"), QColor("#9ecae1"), QColor("#6baed6"),
                                 QColor("#4292c6"), QColor("#2171b5"), QColor("#08519c"),
                                 QColor("#08306b")};
    for (int i = 0; i < stops.size(); ++i)
        gradient.setColorStopAt(double(i) / (stops.size() - 1), stops[i]);
    gradient.setColorInterpolation(QCPColorGradient::ciRGB);
    return gradient;
}

void drawColourBar(QPainter& painter, const QRect& bar, QCPColorGradient gradient, bool logarithmic,
                   const QCPRange& range) {
    for (int x = 0; x < bar.width(); ++x) {
        const double f = bar.width() > 1 ? double(x) / (bar.width() - 1) : 0.0;
        const double value = logarithmic ? range.lower * std::pow(range.upper / range.lower, f)
                                         : range.lower + f * range.size();
        painter.fillRect(QRect(bar.left() + x, bar.top(), 1, bar.height()),
                         QColor::fromRgb(gradient.color(value, range, logarithmic)));
    }
    painter.setPen(QColor(128, 128, 128));
    painter.setBrush(Qt::NoBrush);
    painter.drawRect(bar.adjusted(0, 0, -1, -1));
}

}  // namespace headmap::ui
