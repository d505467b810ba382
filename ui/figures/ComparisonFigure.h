#pragma once
// The Compare tab as a figure: A and B side by side on one colour scale, then their difference
// A − B in diverging colours with its own bar. A and B are two heads of one sentence or one head
// of two sentences; sentences of different lengths have no difference, and the subtitle says so.

#include "HeatmapView.h"
#include "figures/PanelFigure.h"

namespace headmap::ui {

struct ComparisonFigureData {
    QString title;
    MatrixF a, b;  // (T_A, S_A), (T_B, S_B) attention weights (S = T but for cross-attention)
    QStringList labelsA, labelsB;
    // The columns' labels when the keys are tokens of their own (cross-attention: the source's);
    // empty: the rows' labels. sourceKeys: the axes are titled target and source.
    QStringList keyLabelsA, keyLabelsB;
    bool sourceKeys = false;
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
