#pragma once
// The cells the model's mask rule never lets a token attend to (causal: the later tokens, above
// the diagonal; sliding window: also the tokens that fell out of the window), hatched over the
// colour map so that they do not pass for weights that are merely near 0. Which cells they are
// comes from the rule (AttentionTrace::cellMask), never from the weights: a genuine weight of 0
// inside the allowed keys stays a coloured cell. The colour map itself draws them in the flat
// masked grey (NaN colour); this layer adds the hatching, only over the rows in view. Figures
// draw the same grey and hatching (figures/FigureLayout_Paint.cpp).

#include <vector>

#include <QBrush>
#include <QColor>
#include <qcustomplot.h>

#include "core/MaskRule.h"
#include "core/Tensor.h"

namespace headmap::ui {

class MaskOverlay : public QCPLayerable {
public:
    MaskOverlay(QCustomPlot* plot, QCPAxis* keyAxis, QCPAxis* queryAxis);

    void setMask(CellMask mask) { m_mask = std::move(mask); }
    const CellMask& mask() const { return m_mask; }
    bool isMasked(int query, int key) const { return m_mask.isMasked(query, key); }
    long long maskedCount() const { return m_mask.count(); }

    static QColor maskedColour(bool darkBackground);
    static QBrush hatch(bool darkBackground);

protected:
    void applyDefaultAntialiasingHint(QCPPainter* painter) const override;
    void draw(QCPPainter* painter) override;
    QRect clipRect() const override;

private:
    CellMask m_mask;
    QCPAxis* m_keyAxis;
    QCPAxis* m_queryAxis;
};

}  // namespace headmap::ui
