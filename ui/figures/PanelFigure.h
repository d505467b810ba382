#pragma once
// A Figure made of panels of cells and colour bars (FigureLayout): the base of the heatmap, the
// comparison and the step-matrix figures, which only say what goes in the panels.

#include "figures/Figure.h"
#include "figures/FigureLayout.h"

namespace headmap::ui {

class PanelFigure : public Figure {
public:
    explicit PanelFigure(const FigureSpec& spec) : m_layout(spec) {}

    QSize pageSize() const override { return m_layout.pageSize(); }
    void paint(QPainter& painter) const override { m_layout.paint(painter); }
    QList<FigureItem> items() const override { return m_layout.items(); }
    QString title() const override { return m_layout.spec().title; }
    const FigureLayout& layout() const { return m_layout; }

private:
    FigureLayout m_layout;
};

}  // namespace headmap::ui
