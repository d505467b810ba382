#pragma once
// One matrix of the step-by-step view as a figure: the step's matrix with its name and shape in
// the title, tokens naming the rows, tokens (T × T matrices) or dimension numbers naming the
// columns, MatrixGrid's colours (diverging around 0 for signed values, viridis on 0..1 for
// weights), −∞ cells grey and hatched as on screen, and the numbers where they fit.

#include "figures/PanelFigure.h"
#include "steps/MatrixGrid.h"

namespace headmap::ui {

struct MatrixFigureData {
    QString title;  // e.g. "builtin:teaching · layer 0, head 1 · S = QKᵀ (10 × 10)"
    MatrixF values;  // (rows, columns) as shown on screen (column blocks when summarised)
    QStringList rowLabels;     // empty: row numbers
    QStringList columnLabels;  // empty: column numbers
    QString rowTitle, columnTitle;
    MatrixScale scale = MatrixScale::Signed;
    bool summary = false;  // the values are block means of |value|: viridis from 0
};

class MatrixFigure : public PanelFigure {
public:
    explicit MatrixFigure(const MatrixFigureData& data, const QSize& page = QSize());
};

}  // namespace headmap::ui
