#pragma once
// The Head roles view as a figure: the layers × heads map of the chosen measure with its colour
// bar, and beside it the divergence map when a second model was compared.

#include "figures/PanelFigure.h"
#include "roles/HeadRolesMeasure.h"

namespace headmap::ui {

struct HeadRolesFigureData {
    QString title;     // e.g. "builtin:patterns · 12 documents, 240 tokens"
    HeadRoleResult result;
    int measure = 0;
    Colormap colormap = Colormap::Viridis;
};

class HeadRolesFigure : public PanelFigure {
public:
    explicit HeadRolesFigure(const HeadRolesFigureData& data, const QSize& page = QSize());
};

}  // namespace headmap::ui
