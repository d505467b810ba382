// LinesView's canvas: geometry in pixels, painting, and the mouse (hover and pin).

#include <algorithm>
#include <cmath>

#include <QMouseEvent>
#include <QPaintEvent>
#include <QPainter>
#include <QScrollArea>

#include "figures/FigureLayout.h"
#include "figures/HeatmapFigure.h"
#include "views/LinesCanvas.h"
#include "views/LinesView.h"
#include "views/ViewSupport.h"

namespace headmap::ui {
namespace {

constexpr double kLabelColumnGap = 8;  // between a label column and its lines' ends
constexpr double kMaxScreenLabel = 160;    // longer labels are elided
constexpr double kMinSpan = 120;     // the lines' horizontal run
constexpr double kMaxSpan = 520;
constexpr double kSide = 12;         // free space left and right of the columns

QColor highlight() { return QColor(220, 40, 40); }

}  // namespace

LinesCanvas::LinesCanvas(LinesView* view) : QWidget(view), m_view(view) {
    setMouseTracking(true);
    setAttribute(Qt::WA_OpaquePaintEvent);
}

void LinesView::layoutCanvas() {
    if (drawsAlignment()) {
        layoutAlignment();
        return;
    }
    m_scroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);  // the columns fit the width
    const QFontMetricsF metrics(m_canvas->font());
    const QStringList& labels = m_input.labels;
    const QStringList& keys = m_input.keys();
    const int n = int(std::max(labels.size(), keys.size()));  // rows: the longer column's
    const QSize viewport = m_scroll->viewport()->size();
    const double lineH = metrics.height();
    m_top = lineH + 10;  // the column titles
    const double available = viewport.height() - m_top - 8;
    m_row = n > 0 ? std::clamp(available / n, double(kMinRow), lineH + 6) : lineH + 6;
    int step = 1;
    m_labelled = FigureLayout::tickIndices(n, m_row, lineH * 1.05, &step);
    m_labelTexts.clear();
    m_keyLabelTexts.clear();
    m_labelWidth = std::max(metrics.horizontalAdvance(queryTitle()), metrics.horizontalAdvance(keyTitle())) / 2;
    for (const auto& [from, to] : {std::pair<const QStringList*, QStringList*>{&labels, &m_labelTexts}, {&keys, &m_keyLabelTexts}})
        for (int i = 0; i < from->size(); ++i) {
            // Thinned labels carry their position, so repeated words can be told apart.
            *to << metrics.elidedText(FigureLayout::tickLabel(*from, i, step > 1), Qt::ElideRight, kMaxScreenLabel);
            m_labelWidth = std::max(m_labelWidth, metrics.horizontalAdvance(to->back()));
        }
    const double span = std::clamp(viewport.width() - 2 * (m_labelWidth + kLabelColumnGap + kSide), kMinSpan, kMaxSpan);
    const double total = 2 * (m_labelWidth + kLabelColumnGap) + span;
    const double left = std::max(kSide, (viewport.width() - total) / 2);
    m_linesLeft = left + m_labelWidth + kLabelColumnGap;
    m_linesRight = m_linesLeft + span;
    const double height = m_top + n * m_row + 8;
    m_canvas->resize(std::max(viewport.width(), int(std::ceil(total + 2 * kSide))),
                     std::max(viewport.height(), int(std::ceil(height))));
    m_canvas->update();
}

QPoint LinesView::tokenPoint(LineSide side, int token) const {
    if (drawsAlignment())
        return (side == LineSide::Query ? m_alignment.targetLabel(token) : m_alignment.sourceLabel(token)).center().toPoint();
    const double y = m_top + (token + 0.5) * m_row;
    const double x = side == LineSide::Query ? m_linesLeft - kLabelColumnGap - m_labelWidth / 2 : m_linesRight + kLabelColumnGap + m_labelWidth / 2;
    return QPointF(x, y).toPoint();
}

QString LinesView::queryTitle() const {
    return m_input.sourceKeys() ? HeatmapFigure::targetAxisTitle() : HeatmapFigure::queryAxisTitle();
}

QString LinesView::keyTitle() const {
    return m_input.sourceKeys() ? HeatmapFigure::sourceAxisTitle() : HeatmapFigure::keyAxisTitle();
}

LinesFocus LinesView::tokenAt(const QPoint& point) const {
    if (drawsAlignment()) {
        bool source = false;
        const int token = m_alignment.tokenAt(point, &source);
        return token < 0 ? LinesFocus() : LinesFocus{source ? LineSide::Key : LineSide::Query, token};
    }
    if (point.y() < m_top || m_row <= 0)
        return {};
    const int token = int((point.y() - m_top) / m_row);
    if (point.x() < m_linesLeft - kLabelColumnGap / 2 && token < int(m_input.labels.size()))
        return {LineSide::Query, token};
    if (point.x() > m_linesRight + kLabelColumnGap / 2 && token < int(m_input.keys().size()))
        return {LineSide::Key, token};
    return {};
}

void LinesCanvas::paintEvent(QPaintEvent* event) {
    LinesView& v = *m_view;
    QPainter painter(this);
    painter.fillRect(event->rect(), palette().color(QPalette::Base));
    const QColor text = palette().color(QPalette::Text);
    const QStringList& labels = v.m_input.labels;
    const int n = int(labels.size());
    if (n == 0) {
        painter.setPen(text);
        const QString message =
            !v.m_pendingText.isEmpty()
                ? v.m_pendingText
                : ViewText::emptyState(v.m_trace.get(), v.m_hideSpecial,
                                       LinesView::tr("Type a sentence and press Enter to see its attention as lines."));
        painter.drawText(rect().adjusted(20, 20, -20, -20), Qt::AlignCenter | Qt::TextWordWrap, message);
        return;
    }
    if (v.drawsAlignment()) {
        paintAlignment(painter, event->rect());
        return;
    }
    const QFontMetricsF metrics(font());
    const double lineH = metrics.height();
    auto rowY = [&v](int token) { return v.m_top + (token + 0.5) * v.m_row; };

    // Column titles.
    QFont bold = font();
    bold.setBold(true);
    painter.setFont(bold);
    painter.setPen(text);
    const double titleY = 4;
    painter.drawText(QRectF(0, titleY, v.m_linesLeft - kLabelColumnGap, lineH), Qt::AlignRight | Qt::AlignVCenter,
                     v.queryTitle());
    painter.drawText(QRectF(v.m_linesRight + kLabelColumnGap, titleY, width() - v.m_linesRight - kLabelColumnGap, lineH),
                     Qt::AlignLeft | Qt::AlignVCenter, v.keyTitle());
    painter.setFont(font());

    // The rule between sentence A and sentence B.
    const auto start = std::find(v.m_segments.begin(), v.m_segments.end(), 1);
    if (start != v.m_segments.end() && int(v.m_segments.size()) == n) {
        const double y = v.m_top + (start - v.m_segments.begin()) * v.m_row;
        painter.setPen(QPen(palette().color(QPalette::Mid), 1, Qt::DashLine));
        painter.drawLine(QPointF(kSide, y), QPointF(width() - kSide, y));
        painter.setPen(palette().color(QPalette::PlaceholderText));
        painter.drawText(QRectF(kSide, y - lineH - 1, 80, lineH), Qt::AlignLeft | Qt::AlignBottom, LinesView::tr("sentence A"));
        painter.drawText(QRectF(kSide, y + 1, 80, lineH), Qt::AlignLeft | Qt::AlignTop, LinesView::tr("sentence B"));
    }

    const LinesFocus focus = v.focus();
    if (focus.side != LineSide::None) {  // a band behind the focused token's label
        QColor band = palette().color(QPalette::Highlight);
        band.setAlpha(50);
        const double x = focus.side == LineSide::Query ? v.m_linesLeft - kLabelColumnGap - v.m_labelWidth - 4 : v.m_linesRight + kLabelColumnGap - 4;
        painter.fillRect(QRectF(x, rowY(focus.token) - std::max(v.m_row, lineH) / 2, v.m_labelWidth + 8,
                                std::max(v.m_row, lineH)), band);
    }

    const double width = std::clamp(v.m_row * 0.12, 1.0, 2.0);
    const std::vector<int> heads(v.m_shownHeads.begin(), v.m_shownHeads.end());
    paintAttentionLines(
        painter, v.m_lines, [&](int q, int h) { return QPointF(v.m_linesLeft, rowY(q) + headOffset(heads, h, v.m_row)); },
        [&](int k, int h) { return QPointF(v.m_linesRight, rowY(k) + headOffset(heads, h, v.m_row)); }, width,
        QRectF(event->rect()), true);

    // Labels: the thinned ones, and always the focused token's.
    QList<int> drawn = v.m_labelled;
    if (focus.side != LineSide::None && !drawn.contains(focus.token))
        drawn << focus.token;
    const QRectF exposed(event->rect());
    for (int token : drawn) {
        const double y = rowY(token);
        if (y + lineH < exposed.top() || y - lineH > exposed.bottom())
            continue;
        for (LineSide side : {LineSide::Query, LineSide::Key}) {
            const QString label = (side == LineSide::Query ? v.m_labelTexts : v.m_keyLabelTexts).value(token);
            const bool focused = focus.side == side && focus.token == token;
            if ((!v.m_labelled.contains(token) && !focused) || label.isEmpty())
                continue;
            QFont labelFont = font();
            labelFont.setBold(focused);
            painter.setFont(labelFont);
            painter.setPen(focused ? highlight() : text);
            const QRectF box = side == LineSide::Query
                                   ? QRectF(v.m_linesLeft - kLabelColumnGap - v.m_labelWidth, y - lineH / 2, v.m_labelWidth, lineH)
                                   : QRectF(v.m_linesRight + kLabelColumnGap, y - lineH / 2, v.m_labelWidth, lineH);
            painter.drawText(box, (side == LineSide::Query ? Qt::AlignRight : Qt::AlignLeft) | Qt::AlignVCenter |
                                      Qt::TextDontClip, label);
        }
    }
}

void LinesCanvas::mouseMoveEvent(QMouseEvent* event) {
    m_view->setHovered(m_view->tokenAt(event->position().toPoint()));
}

void LinesCanvas::mouseReleaseEvent(QMouseEvent* event) {
    if (event->button() != Qt::LeftButton)
        return;
    const LinesFocus at = m_view->tokenAt(event->position().toPoint());
    // A click on the pinned token, or beside the columns, lets go.
    m_view->setPinned(at == m_view->pinned() ? LinesFocus() : at);
}

void LinesCanvas::leaveEvent(QEvent*) {
    m_view->setHovered(LinesFocus());
}

}  // namespace headmap::ui
