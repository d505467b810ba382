#include "figures/MatrixFigure.h"

#include <cmath>

#include "Colormaps.h"

namespace headmap::ui {
namespace {

// The range and gradient MatrixGrid::rebuildShown uses, from the same values.
ColourScale matrixScale(const MatrixFigureData& data) {
    double largest = 0;
    for (Eigen::Index i = 0; i < data.values.size(); ++i) {
        const float v = data.values.data()[i];
        if (std::isfinite(v))
            largest = std::max(largest, double(std::abs(v)));
    }
    if (largest == 0)
        largest = 1;
    ColourScale scale;
    if (data.summary) {
        scale.gradient = gradientFor(Colormap::Viridis);
        scale.range = QCPRange(0, largest);
        scale.label = QObject::tr("Mean |value| of each block");
    } else if (data.scale == MatrixScale::Weights) {
        scale.gradient = gradientFor(Colormap::Viridis);
        scale.range = QCPRange(0, 1);
        scale.label = QObject::tr("Attention weight");
    } else {
        scale.gradient = gradientFor(Colormap::Diverging);
        scale.range = QCPRange(-largest, largest);
        scale.label = QObject::tr("Value");
    }
    return scale;
}

FigureSpec matrixSpec(const MatrixFigureData& data, const QSize& page) {
    const ColourScale scale = matrixScale(data);
    FigurePanel panel;
    panel.cells = colourCells(data.values, scale, MatrixGrid::maskedColour().rgb());
    panel.rows = int(data.values.rows());
    panel.columns = int(data.values.cols());
    panel.rowLabels = data.rowLabels;
    panel.columnLabels = data.columnLabels;
    panel.rowTitle = data.rowTitle;
    panel.columnTitle = data.columnTitle;
    const MatrixF values = data.values;
    // As on screen, with a hyphen-minus (see tickText).
    panel.cellText = [values](int r, int c) {
        return MatrixGrid::cellText(double(values(r, c))).replace(QChar(0x2212), QLatin1Char('-'));
    };
    bool masked = false;
    for (Eigen::Index i = 0; i < values.size() && !masked; ++i)
        masked = MatrixGrid::isMasked(values.data()[i]);
    if (masked)
        panel.crossed = [values](int r, int c) { return MatrixGrid::isMasked(values(r, c)); };
    FigureSpec spec;
    spec.title = data.title;
    if (masked)
        spec.subtitle = QObject::tr("Grey, hatched cells are −∞: masked, they get no attention");
    spec.page = page;
    spec.panels.push_back(panel);
    spec.bars.push_back(scale);
    return spec;
}

}  // namespace

MatrixFigure::MatrixFigure(const MatrixFigureData& data, const QSize& page) : PanelFigure(matrixSpec(data, page)) {}

}  // namespace headmap::ui
