#include "figures/AlignmentGeometry.h"

#include <algorithm>
#include <numeric>

#include "figures/FigureLayout.h"

namespace headmap::ui {

AlignmentGeometry::Row AlignmentGeometry::layoutRow(const QStringList& labels, const AlignmentMetrics& metrics,
                                                    double left, double width) const {
    Row row;
    row.start = left;
    row.end = left + width;
    const int n = int(labels.size());
    std::vector<double> natural;
    for (int i = 0; i < n; ++i) {
        row.texts << metrics.elide(labels[i]);
        natural.push_back(metrics.textWidth(row.texts.back()) + metrics.gap);
    }
    const double total = std::accumulate(natural.begin(), natural.end(), 0.0);
    if (total <= width) {  // the sentence as words, centred
        double x = left + (width - total) / 2;
        for (int i = 0; i < n; ++i) {
            row.left.push_back(x);
            row.width.push_back(natural[size_t(i)]);
            row.labelled << i;
            x += natural[size_t(i)];
        }
        return row;
    }
    // Too long for words: equal slots, thinned labels that carry their position.
    const double slot = width / std::max(1, n);
    double widest = 0;
    QStringList positioned;
    for (int i = 0; i < n; ++i) {
        positioned << metrics.elide(FigureLayout::tickLabel(labels, i, true));
        widest = std::max(widest, metrics.textWidth(positioned.back()));
    }
    row.labelled = FigureLayout::tickIndices(n, slot, widest + metrics.gap, &row.step);
    if (row.step > 1)
        row.texts = positioned;
    for (int i = 0; i < n; ++i) {
        row.left.push_back(left + i * slot);
        row.width.push_back(slot);
    }
    return row;
}

void AlignmentGeometry::place(const QStringList& source, const QStringList& target, const AlignmentMetrics& metrics,
                              double left, double width, double top, double span) {
    m_lineHeight = metrics.lineHeight;
    m_source = layoutRow(source, metrics, left, width);
    m_target = layoutRow(target, metrics, left, width);
    m_source.top = top;
    m_target.top = top + m_lineHeight + 2 * kAnchorGap + span;
}

QPointF AlignmentGeometry::sourceAnchor(int token) const {
    const size_t i = size_t(std::clamp(token, 0, std::max(0, int(m_source.left.size()) - 1)));
    if (m_source.left.empty())
        return {};
    return {m_source.left[i] + m_source.width[i] / 2, linesTop()};
}

QPointF AlignmentGeometry::targetAnchor(int token) const {
    const size_t i = size_t(std::clamp(token, 0, std::max(0, int(m_target.left.size()) - 1)));
    if (m_target.left.empty())
        return {};
    return {m_target.left[i] + m_target.width[i] / 2, linesBottom()};
}

QRectF AlignmentGeometry::sourceLabel(int token) const {
    if (token < 0 || token >= int(m_source.left.size()))
        return {};
    return {m_source.left[size_t(token)], m_source.top, m_source.width[size_t(token)], m_lineHeight};
}

QRectF AlignmentGeometry::targetLabel(int token) const {
    if (token < 0 || token >= int(m_target.left.size()))
        return {};
    return {m_target.left[size_t(token)], m_target.top, m_target.width[size_t(token)], m_lineHeight};
}

QRectF AlignmentGeometry::labelRect(bool source, int token, double textWidth) const {
    const QRectF slot = source ? sourceLabel(token) : targetLabel(token);
    if (slot.isNull())
        return {};
    const Row& row = source ? m_source : m_target;
    const double w = std::max(slot.width(), textWidth);
    const double left = std::clamp(slot.center().x() - w / 2, row.start, std::max(row.start, row.end - w));
    return {left, slot.top(), w, slot.height()};
}

double AlignmentGeometry::narrowestSlot() const {
    double narrowest = 1e9;
    for (const Row* row : {&m_source, &m_target})
        for (double w : row->width)
            narrowest = std::min(narrowest, w);
    return narrowest < 1e9 ? narrowest : 0;
}

int AlignmentGeometry::tokenAt(const QPointF& point, bool* isSource) const {
    for (const Row* row : {&m_source, &m_target}) {
        if (point.y() < row->top - kAnchorGap || point.y() > row->top + m_lineHeight + kAnchorGap)
            continue;
        for (size_t i = 0; i < row->left.size(); ++i)
            if (point.x() >= row->left[i] && point.x() < row->left[i] + row->width[i]) {
                *isSource = row == &m_source;
                return int(i);
            }
    }
    return -1;
}

}  // namespace headmap::ui
