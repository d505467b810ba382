#include "heatmap/MaskOverlay.h"

#include <algorithm>
#include <cmath>

namespace headmap::ui {

MaskOverlay::MaskOverlay(QCustomPlot* plot, QCPAxis* keyAxis, QCPAxis* queryAxis)
    : QCPLayerable(plot), m_keyAxis(keyAxis), m_queryAxis(queryAxis) {}

QColor MaskOverlay::maskedColour(bool darkBackground) {
    return darkBackground ? QColor(88, 88, 88) : QColor(205, 205, 205);  // as the step view's −∞
}

QBrush MaskOverlay::hatch(bool darkBackground) {
    return QBrush(darkBackground ? QColor(150, 150, 150) : QColor(140, 140, 140), Qt::BDiagPattern);
}

void MaskOverlay::applyDefaultAntialiasingHint(QCPPainter* painter) const { painter->setAntialiasing(false); }

QRect MaskOverlay::clipRect() const { return m_keyAxis->axisRect()->rect(); }

void MaskOverlay::draw(QCPPainter* painter) {
    if (m_mask.isEmpty())
        return;
    const bool dark = parentPlot()->palette().color(QPalette::Base).lightness() < 128;  // as HeatmapView
    const QCPRange rows = m_queryAxis->range();
    const int keys = m_mask.keys();
    const int q0 = std::max(0, int(std::floor(rows.lower))), q1 = std::min(m_mask.queries() - 1, int(std::ceil(rows.upper)));
    // One rectangle per side per screen pixel row at most: with 8,192 rows on 800 pixels, a
    // rectangle per row would cost more than the whole colour map. A group of rows hatches only
    // the keys masked in all of them (left of its smallest first allowed key, right of its
    // largest end): the error is under a pixel.
    const double rowPixels = std::abs(m_queryAxis->coordToPixel(1) - m_queryAxis->coordToPixel(0));
    const int group = std::max(1, int(std::floor(1.0 / std::max(rowPixels, 1e-9))));
    const QBrush brush = hatch(dark);
    auto fill = [&](int q, int last, int fromKey, int toKey) {  // keys [fromKey, toKey)
        if (fromKey >= toKey)
            return;
        const double left = m_keyAxis->coordToPixel(fromKey - 0.5), right = m_keyAxis->coordToPixel(toKey - 0.5);
        const double top = m_queryAxis->coordToPixel(q - 0.5), bottom = m_queryAxis->coordToPixel(last + 0.5);
        painter->fillRect(QRectF(QPointF(std::min(left, right), std::min(top, bottom)),
                                 QPointF(std::max(left, right), std::max(top, bottom))),
                          brush);
    };
    for (int q = q0; q <= q1; q += group) {
        const int last = std::min(q1, q + group - 1);
        int first = keys, end = 0;
        bool wholly = true;  // every row of the group wholly masked
        for (int r = q; r <= last; ++r) {
            const KeyRange allowed = m_mask.allowed(r);
            if (allowed.first < allowed.end) {
                wholly = false;
                first = std::min(first, allowed.first);
                end = std::max(end, allowed.end);
            }
        }
        if (wholly) {
            fill(q, last, 0, keys);
            continue;
        }
        fill(q, last, 0, first);
        fill(q, last, end, keys);
    }
}

}  // namespace headmap::ui
