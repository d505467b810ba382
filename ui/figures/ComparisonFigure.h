#pragma once
// The Compare tab as a figure: A and B side by side on one colour scale, then their difference
// A − B in diverging colours with its own bar. A and B are two heads of one sentence or one head
// of two sentences; sentences of different lengths have no difference, and the subtitle says so.

#include "HeatmapView.h"
#include "figures/PanelFigure.h"

namespace headmap::ui {

struct ComparisonFigureData {
    QString title;
    MatrixF a, b;  // (T_A, T_A), (T_B, T_B) attention weights
    QStringList labelsA, labelsB;
    QString captionA, captionB;  // "A: layer 0, head 1"
    // The model's masked cells of A and B (AttentionTrace::cellMask), grey and hatched as on
    // screen; A − B where both are masked. Empty: none.
    CellMask maskA, maskB;
};

class ComparisonFigure : public PanelFigure {
public:
    ComparisonFigure(const ComparisonFigureData& data, const HeatmapStyle& style, const QSize& page = QSize());

    bool hasDifference() const { return m_hasDifference; }

private:
    bool m_hasDifference = false;
};

}  // namespace headmap::ui
