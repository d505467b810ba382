#include "heatmap/MaskOverlay.h"

#include <algorithm>
#include <cmath>

namespace headmap::ui {

MaskOverlay::MaskOverlay(QCustomPlot* plot, QCPAxis* keyAxis, QCPAxis* queryAxis)
    : QCPLayerable(plot), m_keyAxis(keyAxis), m_queryAxis(queryAxis) {}

int MaskOverlay::setMatrix(const MatrixF& values, bool causal) {
    int count = 0;
    std::vector<int> first = firstMaskedKeys(values, causal, &count);
    setMask(std::move(first), int(values.cols()), count);
    return m_count;
}

void MaskOverlay::setMask(std::vector<int> firstMasked, int keys, int maskedCount) {
    m_firstMasked = std::move(firstMasked);
    m_keys = keys;
    m_count = maskedCount;
}

std::vector<int> MaskOverlay::firstMaskedKeys(const MatrixF& values, bool causal, int* count) {
    const int keys = int(values.cols());
    std::vector<int> firstMasked(size_t(values.rows()), keys);
    *count = 0;
    if (!causal)
        return firstMasked;
    // A causal head's weights above the diagonal are exact zeros (exp(−∞)). Only the run of
    // zeros that reaches the last key counts: a zero in the middle of the allowed keys is a
    // weight, however small, and one non-zero cell means this row was not masked.
    for (Eigen::Index q = 0; q < values.rows(); ++q) {
        int first = keys;
        while (first - 1 > q && values(q, first - 1) == 0.0f)
            --first;
        firstMasked[size_t(q)] = first;
        *count += keys - first;
    }
    return firstMasked;
}

bool MaskOverlay::isMasked(int query, int key) const {
    return query >= 0 && query < int(m_firstMasked.size()) && key >= m_firstMasked[size_t(query)] && key < m_keys;
}

QColor MaskOverlay::maskedColour(bool darkBackground) {
    return darkBackground ? QColor(88, 88, 88) : QColor(205, 205, 205);  // as the step view's −∞
}

QBrush MaskOverlay::hatch(bool darkBackground) {
    return QBrush(darkBackground ? QColor(150, 150, 150) : QColor(140, 140, 140), Qt::BDiagPattern);
}

void MaskOverlay::applyDefaultAntialiasingHint(QCPPainter* painter) const { painter->setAntialiasing(false); }

QRect MaskOverlay::clipRect() const { return m_keyAxis->axisRect()->rect(); }

void MaskOverlay::draw(QCPPainter* painter) {
    if (m_count == 0)
        return;
    const bool dark = parentPlot()->palette().color(QPalette::Base).lightness() < 128;  // as HeatmapView
    const QCPRange rows = m_queryAxis->range();
    const int q0 = std::max(0, int(std::floor(rows.lower))), q1 = std::min(int(m_firstMasked.size()) - 1, int(std::ceil(rows.upper)));
    const double right = m_keyAxis->coordToPixel(m_keys - 0.5);
    // One rectangle per screen pixel row at most: with 8,192 rows on 800 pixels, a rectangle per
    // row would cost more than the whole colour map. A group of rows hatches only the keys
    // masked in all of them (its largest first masked key): the error is under a pixel.
    const double rowPixels = std::abs(m_queryAxis->coordToPixel(1) - m_queryAxis->coordToPixel(0));
    const int group = std::max(1, int(std::floor(1.0 / std::max(rowPixels, 1e-9))));
    for (int q = q0; q <= q1; q += group) {
        const int last = std::min(q1, q + group - 1);
        int first = 0;
        for (int r = q; r <= last; ++r)
            first = std::max(first, m_firstMasked[size_t(r)]);
        if (first >= m_keys)
            continue;
        const double left = m_keyAxis->coordToPixel(first - 0.5);
        const double top = m_queryAxis->coordToPixel(q - 0.5), bottom = m_queryAxis->coordToPixel(last + 0.5);
        painter->fillRect(QRectF(QPointF(left, std::min(top, bottom)), QPointF(right, std::max(top, bottom))),
                          hatch(dark));
    }
}

}  // namespace headmap::ui
