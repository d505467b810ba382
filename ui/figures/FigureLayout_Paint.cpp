// FigureLayout's painting: every rectangle was placed in FigureLayout.cpp, in points; here they
// are only filled. Text is drawn as text (SVG and PDF keep it searchable), cells as an image.

#include <algorithm>
#include <cmath>
#include <vector>

#include <QPaintEngine>
#include <QPainter>

#include "figures/FigureLayout.h"
#include "figures/FigureStyle.h"

namespace headmap::ui {
namespace {

constexpr int kMaxImageSide = 8192;

// Text rotated 90° (reading upwards) in the middle of its bounding box.
void drawVerticalText(QPainter& painter, const QRectF& box, const QString& text) {
    painter.save();
    painter.translate(box.center());
    painter.rotate(-90);
    painter.drawText(QRectF(-box.height() / 2, -box.width() / 2, box.height(), box.width()), Qt::AlignCenter | Qt::TextDontClip, text);
    painter.restore();
}

// A colour bar's gradient, one row per device pixel of the bar (so it is never resampled), the
// top row exactly the largest value and the bottom row the smallest.
QImage barImage(const ColourScale& scale, QPainter& painter, double height) {
    const bool raster = painter.paintEngine() && painter.paintEngine()->type() == QPaintEngine::Raster;
    const int steps = std::clamp(int(std::lround(height * std::abs(painter.deviceTransform().m22()) * (raster ? 1 : 4))), 2, kMaxImageSide);
    QImage image(1, steps, QImage::Format_RGB32);
    for (int y = 0; y < steps; ++y) {
        const double f = 1.0 - double(y) / (steps - 1);
        const double v = scale.logarithmic ? scale.range.lower * std::pow(scale.range.upper / scale.range.lower, f)
                                           : scale.range.lower + f * scale.range.size();
        image.setPixel(0, y, scale.colour(v));
    }
    return image;
}

}  // namespace

QColor maskHatchColour() { return QColor(140, 140, 140); }

void paintMaskHatching(QPainter& painter, const QRectF& cells, int rows, int columns,
                       const std::function<bool(int row, int column)>& masked) {
    if (!masked || rows <= 0 || columns <= 0 || cells.isEmpty())
        return;
    const double cw = cells.width() / columns, ch = cells.height() / rows;
    // The lines x + y = c (panel coordinates, y down: '/'), c = k·spacing; each is cut into the
    // masked runs of every row and pieces that meet at a row boundary are joined.
    const int lineCount = int(std::ceil((cells.width() + cells.height()) / kHatchSpacing)) + 1;
    struct Open {
        QPointF start, end;  // end: the lower-left end so far
    };
    std::vector<std::vector<Open>> open(static_cast<size_t>(lineCount));
    QVector<QLineF> lines;
    // A stroke's flat ends are square to the line: at 45° their corners would reach half a
    // width / √2 into the neighbouring cell (a dotted edge on the allowed cells). Pulled back by
    // half the width along the line, the corners end on the masked run's edge, as the screen's
    // clipped pattern does.
    const double pullBack = kHatchWidth / 2 / std::sqrt(2.0);  // per axis
    auto addLine = [&](const QPointF& top, const QPointF& bottom) {
        if (top.x() - bottom.x() <= 2 * pullBack)
            return;  // shorter than the pulled-back ends
        lines << QLineF(top + QPointF(-pullBack, pullBack), bottom + QPointF(pullBack, -pullBack)).translated(cells.topLeft());
    };
    for (int r = 0; r < rows; ++r) {
        const double y0 = r * ch, y1 = (r + 1) * ch;
        int c = 0;
        while (c < columns) {
            if (!masked(r, c)) {
                ++c;
                continue;
            }
            int end = c;
            while (end < columns && masked(r, end))
                ++end;
            const double x0 = c * cw, x1 = end * cw;
            // Lines that cross [x0, x1] × [y0, y1]: x + y from x0 + y0 to x1 + y1.
            for (int k = std::max(0, int(std::ceil((x0 + y0) / kHatchSpacing))); k < lineCount && k * kHatchSpacing <= x1 + y1; ++k) {
                const double sum = k * kHatchSpacing;
                const double xa = std::max(sum - y1, x0), xb = std::min(sum - y0, x1);
                if (xb - xa <= 1e-9)
                    continue;
                const QPointF top(xb, sum - xb), bottom(xa, sum - xa);
                std::vector<Open>& pieces = open[size_t(k)];
                bool joined = false;
                for (Open& piece : pieces)
                    if (std::abs(piece.end.x() - top.x()) < 1e-6 && std::abs(piece.end.y() - top.y()) < 1e-6) {
                        piece.end = bottom;
                        joined = true;
                        break;
                    }
                if (!joined)
                    pieces.push_back(Open{top, bottom});
            }
            c = end;
        }
        // Pieces that did not reach this row's bottom can no longer grow.
        for (std::vector<Open>& pieces : open)
            for (size_t i = 0; i < pieces.size();)
                if (pieces[i].end.y() < y1 - 1e-6) {
                    addLine(pieces[i].start, pieces[i].end);
                    pieces.erase(pieces.begin() + std::ptrdiff_t(i));
                } else {
                    ++i;
                }
    }
    for (const std::vector<Open>& pieces : open)
        for (const Open& piece : pieces)
            addLine(piece.start, piece.end);
    painter.save();
    painter.setPen(QPen(maskHatchColour(), kHatchWidth, Qt::SolidLine, Qt::FlatCap));
    painter.drawLines(lines);
    painter.restore();
}

void drawCellImage(QPainter& painter, const QRectF& rect, const QImage& image) {
    if (image.isNull() || rect.isEmpty())
        return;
    // A raster page gets exactly its pixels; a vector page an image fine enough to stay sharp
    // when zoomed (its viewer would blur a small one).
    const bool raster = painter.paintEngine() && painter.paintEngine()->type() == QPaintEngine::Raster;
    const double scale = std::abs(painter.deviceTransform().m11()) * (raster ? 1.0 : 4.0);
    const int w = std::clamp(int(std::lround(rect.width() * scale)), 1, kMaxImageSide);
    const int h = std::clamp(int(std::lround(rect.height() * scale)), 1, kMaxImageSide);
    QImage scaled = image;
    if (w != image.width() || h != image.height()) {
        // Enlarged: nearest neighbours keep cell edges crisp. Reduced: averaged, so no cell is dropped.
        const bool enlarge = w >= image.width() && h >= image.height();
        scaled = image.scaled(w, h, Qt::IgnoreAspectRatio, enlarge ? Qt::FastTransformation : Qt::SmoothTransformation);
    }
    painter.save();
    painter.setRenderHint(QPainter::SmoothPixmapTransform, false);
    painter.drawImage(rect, scaled);
    painter.restore();
}

void FigureLayout::paint(QPainter& painter) const {
    painter.save();
    painter.setRenderHint(QPainter::Antialiasing, true);
    painter.setRenderHint(QPainter::TextAntialiasing, true);
    painter.fillRect(QRectF(QPointF(0, 0), QSizeF(m_page)), Qt::white);
    const QColor ink = figureInk();
    const QPen tickPen(ink, 0.6);

    painter.setPen(ink);
    painter.setFont(figureFont(FigureFont::Title));
    painter.drawText(m_title, Qt::AlignCenter | Qt::TextDontClip, m_titleText);
    if (!m_subtitleText.isEmpty()) {
        painter.setFont(figureFont(FigureFont::Subtitle));
        painter.setPen(ink.lighter(170));
        painter.drawText(m_subtitle, Qt::AlignCenter | Qt::TextDontClip, m_subtitleText);
    }

    for (size_t i = 0; i < m_panels.size(); ++i) {
        const Panel& g = m_panels[i];
        const FigurePanel& p = m_spec.panels[i];
        drawCellImage(painter, g.cells, p.cells);
        const double cw = m_cell.width(), ch = m_cell.height();
        auto cellRect = [&](int r, int c) { return QRectF(g.cells.left() + c * cw, g.cells.top() + r * ch, cw, ch); };
        if (p.crossed)
            paintMaskHatching(painter, g.cells, p.rows, p.columns, p.crossed);
        if (g.numbers) {
            painter.setFont(figureFont(FigureFont::Cell));
            for (int r = 0; r < p.rows; ++r)
                for (int c = 0; c < p.columns; ++c) {
                    if (p.crossed && p.crossed(r, c))
                        continue;  // masked: no weight to write
                    painter.setPen(textColourOn(p.cells.pixel(std::min(c, p.cells.width() - 1), std::min(r, p.cells.height() - 1))));
                    painter.drawText(cellRect(r, c), Qt::AlignCenter | Qt::TextDontClip, p.cellText(r, c));
                }
        }
        painter.setPen(tickPen);
        painter.setBrush(Qt::NoBrush);
        painter.drawRect(g.cells);

        painter.setFont(figureFont(FigureFont::Tick));
        for (int t = 0; t < g.rowTicks.size(); ++t) {
            const double y = g.cells.top() + (g.rowTicks[t] + 0.5) * ch;
            painter.setPen(tickPen);
            painter.drawLine(QPointF(g.cells.left() - kTickLength, y), QPointF(g.cells.left(), y));
            painter.setPen(ink);
            painter.drawText(g.rowTickRects[t], Qt::AlignRight | Qt::AlignVCenter | Qt::TextDontClip, g.rowTickTexts[t]);
        }
        const double tickH = figureMetrics(figureFont(FigureFont::Tick)).height();
        for (int t = 0; t < g.columnTicks.size(); ++t) {
            const double x = g.cells.left() + (g.columnTicks[t] + 0.5) * cw;
            painter.setPen(tickPen);
            painter.drawLine(QPointF(x, g.cells.bottom()), QPointF(x, g.cells.bottom() + kTickLength));
            painter.setPen(ink);
            const QString& text = g.columnTickTexts[t];
            const double w = textWidth(figureFont(FigureFont::Tick), text);
            painter.save();
            painter.translate(x, g.cells.bottom() + kTickLength + 0.4 * tickH);
            painter.rotate(-45);
            painter.drawText(QRectF(-w, -tickH / 2, w, tickH), Qt::AlignRight | Qt::AlignVCenter | Qt::TextDontClip, text);
            painter.restore();
        }
        painter.setFont(figureFont(FigureFont::AxisTitle));
        painter.setPen(ink);
        drawVerticalText(painter, g.rowTitle, g.rowTitleText);
        painter.drawText(g.columnTitle, Qt::AlignCenter | Qt::TextDontClip, g.columnTitleText);
        if (!g.captionText.isEmpty()) {
            painter.setFont(figureFont(FigureFont::Subtitle));
            painter.drawText(g.caption, Qt::AlignCenter | Qt::TextDontClip, g.captionText);
        }
    }

    for (size_t b = 0; b < m_bars.size(); ++b)
        paintBar(painter, m_bars[b], m_spec.bars[b]);
    painter.restore();
}

void FigureLayout::paintBar(QPainter& painter, const Bar& bar, const ColourScale& scale) {
    const QColor ink = figureInk();
    painter.save();
    drawCellImage(painter, bar.bar, barImage(scale, painter, bar.bar.height()));
    painter.setPen(QPen(figureFaint(), 0.6));
    painter.setBrush(Qt::NoBrush);
    painter.drawRect(bar.bar);
    painter.setFont(figureFont(FigureFont::Tick));
    for (int t = 0; t < bar.ticks.size(); ++t) {
        const double y = bar.tickRects[t].center().y();
        painter.setPen(QPen(ink, 0.6));
        painter.drawLine(QPointF(bar.bar.right(), y), QPointF(bar.bar.right() + kTickLength, y));
        painter.setPen(ink);
        painter.drawText(bar.tickRects[t], Qt::AlignLeft | Qt::AlignVCenter | Qt::TextDontClip, bar.tickTexts[t]);
    }
    painter.setFont(figureFont(FigureFont::AxisTitle));
    drawVerticalText(painter, bar.label, bar.labelText);
    painter.restore();
}

}  // namespace headmap::ui
