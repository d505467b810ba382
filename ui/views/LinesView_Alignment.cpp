// LinesView for cross-attention: the source sentence in a row above, the target below, each
// target token's lines running up to the source tokens it looks at (AlignmentGeometry).

#include <algorithm>
#include <cmath>

#include <QPainter>
#include <QScrollArea>

#include "views/LinesCanvas.h"
#include "views/LinesView.h"

namespace headmap::ui {
namespace {  // names apart from LinesView_Paint.cpp's: the unity build joins the two

constexpr double kRowSide = 12;              // free space left and right of the rows
// A token's slot no narrower than this: below it neighbours share a pixel and the pointer could
// not pick one. A longer row (2,000 tokens: 3,000 px) grows past the view and scrolls sideways.
constexpr double kMinAlignmentSlot = 1.5;
constexpr double kRowMaxLabel = 160;         // longer labels are elided
constexpr double kMinRun = 120;          // the lines' vertical run
constexpr double kMaxRun = 320;
const QColor kFocusInk(220, 40, 40);     // the focused token, as in the columns

}  // namespace

void LinesView::layoutAlignment() {
    const QFontMetricsF metrics(m_canvas->font());
    const QSize viewport = m_scroll->viewport()->size();
    const double lineH = metrics.height();
    AlignmentMetrics measure;
    measure.textWidth = [&metrics](const QString& text) { return metrics.horizontalAdvance(text); };
    measure.elide = [&metrics](const QString& text) { return metrics.elidedText(text, Qt::ElideRight, kRowMaxLabel); };
    measure.lineHeight = lineH;
    measure.gap = 8;
    m_top = lineH + 8;  // the source's title above its row
    const double span = std::clamp(viewport.height() - m_top - 3 * lineH - 24, kMinRun, kMaxRun);
    const double longest = double(std::max(m_input.keys().size(), m_input.labels.size()));
    const double rowWidth = std::max({100.0, viewport.width() - 2 * kRowSide, kMinAlignmentSlot * longest});
    const bool scrolls = rowWidth + 2 * kRowSide > viewport.width();
    m_scroll->setHorizontalScrollBarPolicy(scrolls ? Qt::ScrollBarAsNeeded : Qt::ScrollBarAlwaysOff);
    m_alignment.place(m_input.keys(), m_input.labels, measure, kRowSide, rowWidth, m_top, span);
    m_row = m_alignment.narrowestSlot();
    m_labelled = m_alignment.target().labelled;
    const double height = m_alignment.bottom() + lineH + 16;  // the target's title below its row
    m_canvas->resize(std::max(viewport.width(), int(std::ceil(rowWidth + 2 * kRowSide))),
                     std::max(viewport.height(), int(std::ceil(height))));
    m_canvas->update();
}

void LinesCanvas::paintAlignment(QPainter& painter, const QRect& exposed) {
    LinesView& v = *m_view;
    const AlignmentGeometry& geometry = v.m_alignment;
    const QFontMetricsF metrics(font());
    const double lineH = metrics.height();
    const QColor text = palette().color(QPalette::Text);

    QFont bold = font();
    bold.setBold(true);
    painter.setFont(bold);
    painter.setPen(text);
    painter.drawText(QRectF(kRowSide, 4, width() - 2 * kRowSide, lineH), Qt::AlignLeft | Qt::AlignVCenter, v.keyTitle());
    painter.drawText(QRectF(kRowSide, geometry.bottom() + 6, width() - 2 * kRowSide, lineH), Qt::AlignLeft | Qt::AlignVCenter,
                     v.queryTitle());
    painter.setFont(font());

    const LinesFocus focus = v.focus();
    auto labelBox = [&](LineSide side, int token) {
        const AlignmentGeometry::Row& row = side == LineSide::Query ? geometry.target() : geometry.source();
        return geometry.labelRect(side == LineSide::Key, token, metrics.horizontalAdvance(row.texts.value(token)));
    };
    if (focus.side != LineSide::None) {  // a band behind the focused token's label
        QColor band = palette().color(QPalette::Highlight);
        band.setAlpha(50);
        painter.fillRect(labelBox(focus.side, focus.token).adjusted(-4, -2, 4, 2), band);
    }

    const std::vector<int> heads(v.m_shownHeads.begin(), v.m_shownHeads.end());
    const double slot = geometry.narrowestSlot();
    const double lineWidth = std::clamp(slot * 0.08, 1.0, 2.0);
    paintAttentionLines(
        painter, v.m_lines,
        [&](int q, int h) { return geometry.targetAnchor(q) + QPointF(headOffset(heads, h, slot), 0); },
        [&](int k, int h) { return geometry.sourceAnchor(k) + QPointF(headOffset(heads, h, slot), 0); }, lineWidth,
        QRectF(exposed), true);

    for (LineSide side : {LineSide::Key, LineSide::Query}) {
        const AlignmentGeometry::Row& row = side == LineSide::Query ? geometry.target() : geometry.source();
        QList<int> drawn = row.labelled;
        if (focus.side == side && !drawn.contains(focus.token))
            drawn << focus.token;
        for (int token : drawn) {
            const bool focused = focus.side == side && focus.token == token;
            QFont labelFont = font();
            labelFont.setBold(focused);
            painter.setFont(labelFont);
            painter.setPen(focused ? kFocusInk : text);
            painter.drawText(labelBox(side, token), Qt::AlignCenter | Qt::TextDontClip, row.texts.value(token));
        }
    }
}

}  // namespace headmap::ui
