#include "roles/HeadRolesFigure.h"

#include <QCoreApplication>

namespace headmap::ui {
namespace {

class HeadRolesFigureText {
    Q_DECLARE_TR_FUNCTIONS(headmap::ui::HeadRolesView)
};

// (layers, heads) of a layer-major vector.
MatrixF roleGrid(const std::vector<double>& values, int layers, int heads) {
    MatrixF m(layers, heads);
    for (int l = 0; l < layers; ++l)
        for (int h = 0; h < heads; ++h)
            m(l, h) = float(values[size_t(l) * size_t(heads) + size_t(h)]);
    return m;
}

FigurePanel panelOf(const HeadRoleResult& result, int measure, const ColourScale& scale, int bar) {
    const MatrixF values = roleGrid(measureValues(result, measure), result.layers, result.heads);
    FigurePanel panel;
    panel.caption = headRoleTitle(measure);
    panel.cells = colourCells(values, scale);
    panel.rows = result.layers;
    panel.columns = result.heads;
    panel.rowTitle = HeadRolesFigureText::tr("Layer");
    panel.columnTitle = HeadRolesFigureText::tr("Head");
    panel.cellText = [values](int r, int c) { return QString::number(double(values(r, c)), 'f', 2); };
    panel.colourBar = bar;
    return panel;
}

FigureSpec rolesSpec(const HeadRolesFigureData& data, const QSize& page) {
    FigureSpec spec;
    spec.title = data.title;
    spec.subtitle = headRoleHint(data.measure);
    spec.page = page;
    const ColourScale scale = headRolesScale(measureValues(data.result, data.measure), data.measure, data.colormap);
    spec.bars.push_back(scale);
    spec.panels.push_back(panelOf(data.result, data.measure, scale, 0));
    if (data.result.hasDivergence() && data.measure != kDivergenceMeasure) {
        spec.bars.push_back(headRolesScale(data.result.divergence, kDivergenceMeasure, data.colormap));
        spec.panels.push_back(panelOf(data.result, kDivergenceMeasure, spec.bars.back(), 1));
    }
    return spec;
}

}  // namespace

HeadRolesFigure::HeadRolesFigure(const HeadRolesFigureData& data, const QSize& page)
    : PanelFigure(rolesSpec(data, page)) {}

}  // namespace headmap::ui
