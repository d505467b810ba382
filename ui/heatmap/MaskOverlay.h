#pragma once
// The cells a causal model never lets a token attend to (a later token, above the diagonal),
// hatched over the colour map so that they do not pass for weights that are merely near 0.
// The colour map itself draws them in the flat masked grey (NaN colour); this layer adds the
// hatching, only over the rows in view.

#include <vector>

#include <QBrush>
#include <QColor>
#include <qcustomplot.h>

#include "core/Tensor.h"

namespace headmap::ui {

class MaskOverlay : public QCPLayerable {
public:
    MaskOverlay(QCustomPlot* plot, QCPAxis* keyAxis, QCPAxis* queryAxis);

    // (queries, keys): the cells above the diagonal that are exactly 0 (-0 too) are masked.
    // causal false: none are. Returns how many cells are masked.
    int setMatrix(const MatrixF& values, bool causal);
    // The same from firstMaskedKeys' result, computed elsewhere (a worker): no pass over cells.
    void setMask(std::vector<int> firstMasked, int keys, int maskedCount);
    // Per query row of values, the first masked key (keys() when none, or not causal), and the
    // number of masked cells in *count. Thread-safe.
    static std::vector<int> firstMaskedKeys(const MatrixF& values, bool causal, int* count);
    bool isMasked(int query, int key) const;
    // The first masked key of a row (keys from there on are masked); the key count when none.
    int firstMasked(int query) const { return m_firstMasked[size_t(query)]; }
    int maskedCount() const { return m_count; }

    static QColor maskedColour(bool darkBackground);
    static QBrush hatch(bool darkBackground);

protected:
    void applyDefaultAntialiasingHint(QCPPainter* painter) const override;
    void draw(QCPPainter* painter) override;
    QRect clipRect() const override;

private:
    // Per query row, the first masked key (keys from there to the end are masked);
    // keys() when none. Causal masks are one run per row.
    std::vector<int> m_firstMasked;
    int m_keys = 0;
    int m_count = 0;
    QCPAxis* m_keyAxis;
    QCPAxis* m_queryAxis;
};

}  // namespace headmap::ui
