// FigureLayout's painting: every rectangle was placed in FigureLayout.cpp, in points; here they
// are only filled. Text is drawn as text (SVG and PDF keep it searchable), cells as an image.

#include <algorithm>
#include <cmath>

#include <QPaintEngine>
#include <QPainter>

#include "figures/FigureLayout.h"
#include "figures/FigureStyle.h"

namespace headmap::ui {
namespace {

constexpr int kMaxImageSide = 8192;

QColor textColourOn(QRgb background) {
    const double luminance = 0.299 * qRed(background) + 0.587 * qGreen(background) + 0.114 * qBlue(background);
    return luminance > 140 ? QColor(Qt::black) : QColor(Qt::white);
}

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
        if (p.crossed && cw >= 4 && ch >= 4) {
            painter.setPen(QPen(QColor(140, 140, 140), 0.6));
            for (int r = 0; r < p.rows; ++r)
                for (int c = 0; c < p.columns; ++c)
                    if (p.crossed(r, c)) {
                        const QRectF cell = cellRect(r, c);
                        painter.drawLine(cell.bottomLeft(), cell.topRight());
                    }
        }
        if (g.numbers) {
            painter.setFont(figureFont(FigureFont::Cell));
            for (int r = 0; r < p.rows; ++r)
                for (int c = 0; c < p.columns; ++c) {
                    painter.setPen(textColourOn(p.cells.pixel(std::min(c, p.cells.width() - 1), std::min(r, p.cells.height() - 1))));
                    painter.drawText(cellRect(r, c), Qt::AlignCenter | Qt::TextDontClip, p.cellText(r, c));
                }
        }
        if (p.highlighted >= 0) {
            painter.setPen(QPen(figureHighlight(), 1.5));
            painter.setBrush(Qt::NoBrush);
            if (p.highlighted < p.rows)
                painter.drawRect(QRectF(g.cells.left(), g.cells.top() + p.highlighted * ch, g.cells.width(), ch));
            if (p.highlighted < p.columns)
                painter.drawRect(QRectF(g.cells.left() + p.highlighted * cw, g.cells.top(), cw, g.cells.height()));
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
