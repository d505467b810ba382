#include "figures/FigureLayout.h"

#include <algorithm>
#include <cmath>

#include <QTransform>

#include "figures/FigureStyle.h"

namespace headmap::ui {
namespace {

constexpr double kBandGap = 4;     // between a label band and what it labels
constexpr double kPanelGap = 28;   // between two panels
constexpr double kBarGap = 14;     // between the cells and a colour bar
constexpr double kBarWidth = 12;
constexpr double kMultiPanel = 380;  // the longest side of each of several panels
constexpr double kSin45 = 0.70710678;

// The anchor of a column label: under the column's centre; the text ends there, rotated 45°.
QPointF columnAnchor(const QRectF& cells, double cellWidth, int column) {
    return {cells.left() + (column + 0.5) * cellWidth, cells.bottom() + kTickLength + 0.4 * figureLineHeight(FigureFont::Tick)};
}

QRectF rotatedBox(const QPointF& anchor, double width, double height) {
    return QTransform().translate(anchor.x(), anchor.y()).rotate(-45).mapRect(QRectF(-width, -height / 2, width, height));
}

// Text ascending at the left of a box (an axis title), centred on `centre`.
QRectF verticalBox(double left, double centreY, double length, double thickness) {
    return {left, centreY - length / 2, thickness, length};
}

struct AxisText {
    QStringList texts;
    double widest = 0;
};

AxisText measureLabels(const QStringList& labels, int n, bool withPosition) {
    const QFont font = figureFont(FigureFont::Tick);
    AxisText axis;
    for (int i = 0; i < n; ++i) {
        const QString text = elidedText(font, FigureLayout::tickLabel(labels, i, withPosition), kMaxLabelWidth);
        axis.widest = std::max(axis.widest, textWidth(font, text));
        axis.texts << text;
    }
    return axis;
}

}  // namespace

QString FigureLayout::tickLabel(const QStringList& labels, int i, bool withPosition) {
    if (labels.isEmpty())
        return QString::number(i);
    return withPosition ? QStringLiteral("%1 #%2").arg(labels.value(i)).arg(i) : labels.value(i);
}

QList<int> FigureLayout::tickIndices(int n, double cell, double needed, int* step) {
    int s = 1;
    if (cell < needed) {
        const double raw = needed / std::max(cell, 1e-6);
        s = 0;
        for (double magnitude = 1; s == 0 && magnitude < 1e9; magnitude *= 10)
            for (double f : {1.0, 2.0, 2.5, 5.0})
                if ((f != 2.5 || magnitude >= 10) && f * magnitude >= raw) {
                    s = int(f * magnitude);
                    break;
                }
    }
    QList<int> ticks;
    for (int i = 0; i < n; i += s)
        ticks << i;
    if (ticks.size() == 1 && n >= 2)
        ticks << n - 1;  // both ends rather than one lone label
    if (step)
        *step = s;
    return ticks;
}

FigureLayout::FigureLayout(const FigureSpec& spec) : m_spec(spec) {
    place();
}

void FigureLayout::place() {
    const int count = int(m_spec.panels.size());
    m_panels.assign(size_t(count), Panel());
    const QFont tickFont = figureFont(FigureFont::Tick), axisFont = figureFont(FigureFont::AxisTitle);
    const double tickH = figureLineHeight(FigureFont::Tick), axisH = figureLineHeight(FigureFont::AxisTitle);
    const double captionH = figureLineHeight(FigureFont::Subtitle);
    const bool fitted = m_spec.page.isValid() && !m_spec.page.isEmpty();

    // Title band.
    const double titleH = figureLineHeight(FigureFont::Title);
    const double subtitleH = m_spec.subtitle.isEmpty() ? 0.0 : figureLineHeight(FigureFont::Subtitle) + 2;
    const double titleBand = titleH + subtitleH + 10;

    // Bars: their width depends only on their tick texts.
    std::vector<double> barBand(m_spec.bars.size());
    m_bars.assign(m_spec.bars.size(), Bar());
    for (size_t b = 0; b < m_spec.bars.size(); ++b)
        barBand[b] = kBarGap + barBandWidth(m_spec.bars[b]);
    double barsWidth = 0;
    for (double w : barBand)
        barsWidth += w;

    int maxRows = 1, maxColumns = 1, sumColumns = 0;
    double pref = kMaxCell;
    for (const FigurePanel& p : m_spec.panels) {
        maxRows = std::max(maxRows, p.rows);
        maxColumns = std::max(maxColumns, p.columns);
        sumColumns += std::max(1, p.columns);
        if (p.cellText)
            pref = std::max(pref, textWidth(figureFont(FigureFont::Cell), QStringLiteral("−0.00")) + 6);
    }

    // Measure the labels, size the cells, thin the labels; thinned labels carry their position,
    // which widens them, so the cells are sized once more with those.
    std::vector<AxisText> rowText(static_cast<size_t>(count)), columnText(static_cast<size_t>(count));
    std::vector<bool> rowsThinned(static_cast<size_t>(count), false), columnsThinned(static_cast<size_t>(count), false);
    std::vector<double> left(static_cast<size_t>(count)), bottom(static_cast<size_t>(count));
    double top = 0;
    for (int pass = 0; pass < 2; ++pass) {
        double leftSum = 0, maxBottom = 0;
        top = 0;
        for (int i = 0; i < count; ++i) {
            const FigurePanel& p = m_spec.panels[size_t(i)];
            rowText[size_t(i)] = measureLabels(p.rowLabels, p.rows, rowsThinned[size_t(i)]);
            columnText[size_t(i)] = measureLabels(p.columnLabels, p.columns, columnsThinned[size_t(i)]);
            const double rowBand = axisH + kBandGap + rowText[size_t(i)].widest + kTickLength + 2;
            const double columnOverhang = kSin45 * columnText[size_t(i)].widest + 0.36 * tickH + 2;
            left[size_t(i)] = std::max(rowBand, columnOverhang);
            bottom[size_t(i)] = kTickLength + 0.4 * tickH + kSin45 * columnText[size_t(i)].widest + 0.36 * tickH + kBandGap + axisH;
            leftSum += left[size_t(i)];
            maxBottom = std::max(maxBottom, bottom[size_t(i)]);
            if (!p.caption.isEmpty())
                top = std::max(top, captionH + kBandGap);
        }
        if (fitted) {
            const double availableW = m_spec.page.width() - 2 * kMargin - leftSum - (count - 1) * kPanelGap - barsWidth;
            const double availableH = m_spec.page.height() - 2 * kMargin - titleBand - top - maxBottom;
            m_cell = QSizeF(std::max(0.5, availableW / sumColumns), std::max(0.5, availableH / maxRows));
        } else {
            const double panelMax = count == 1 ? kMaxPanel : kMultiPanel;
            const double c = std::min({pref, panelMax / maxColumns, panelMax / maxRows});
            m_cell = QSizeF(std::max(c, kMinPanel / maxColumns), std::max(c, kMinPanel / maxRows));
        }
        bool changed = false;
        for (int i = 0; i < count; ++i) {
            const FigurePanel& p = m_spec.panels[size_t(i)];
            Panel& g = m_panels[size_t(i)];
            g.rowTicks = tickIndices(p.rows, m_cell.height(), tickH * 1.1, &g.rowStep);
            g.columnTicks = tickIndices(p.columns, m_cell.width(), tickH * 1.1 / kSin45, &g.columnStep);
            if (pass == 0 && !p.rowLabels.isEmpty() && g.rowStep > 1 && !rowsThinned[size_t(i)])
                rowsThinned[size_t(i)] = changed = true;
            if (pass == 0 && !p.columnLabels.isEmpty() && g.columnStep > 1 && !columnsThinned[size_t(i)])
                columnsThinned[size_t(i)] = changed = true;
        }
        if (!changed)
            break;
    }

    // Place everything from the top left; centred on the page afterwards.
    const double cellsTop = kMargin + titleBand + top;
    double x = kMargin;
    double contentBottom = cellsTop;
    for (int i = 0; i < count; ++i) {
        const FigurePanel& p = m_spec.panels[size_t(i)];
        Panel& g = m_panels[size_t(i)];
        x += left[size_t(i)];
        g.cells = QRectF(x, cellsTop, p.columns * m_cell.width(), p.rows * m_cell.height());
        g.numbers = bool(p.cellText) &&
                    m_cell.width() >= textWidth(figureFont(FigureFont::Cell), QStringLiteral("−0.00")) + 2 &&
                    m_cell.height() >= figureLineHeight(FigureFont::Cell);
        const double labelRight = g.cells.left() - kTickLength - 2;
        for (int r : g.rowTicks) {
            const QString text = rowText[size_t(i)].texts.value(r);
            const double w = textWidth(tickFont, text);
            g.rowTickTexts << text;
            g.rowTickRects << QRectF(labelRight - w, g.cells.top() + (r + 0.5) * m_cell.height() - tickH / 2, w, tickH);
        }
        for (int c : g.columnTicks) {
            const QString text = columnText[size_t(i)].texts.value(c);
            g.columnTickTexts << text;
            g.columnTickRects << rotatedBox(columnAnchor(g.cells, m_cell.width(), c), textWidth(tickFont, text), tickH);
        }
        g.rowTitleText = elidedText(axisFont, p.rowTitle, g.cells.height());
        const double rowTitleLeft = labelRight - rowText[size_t(i)].widest - kBandGap - axisH;
        g.rowTitle = verticalBox(rowTitleLeft, g.cells.center().y(), textWidth(axisFont, g.rowTitleText), axisH);
        g.columnTitleText = elidedText(axisFont, p.columnTitle, g.cells.width() + left[size_t(i)]);
        const double columnTitleW = textWidth(axisFont, g.columnTitleText);
        g.columnTitle = QRectF(g.cells.center().x() - columnTitleW / 2, g.cells.bottom() + bottom[size_t(i)] - axisH,
                               columnTitleW, axisH);
        if (!p.caption.isEmpty()) {
            const QFont captionFont = figureFont(FigureFont::Subtitle);
            g.captionText = elidedText(captionFont, p.caption, g.cells.width() + left[size_t(i)]);
            const double w = textWidth(captionFont, g.captionText);
            g.caption = QRectF(g.cells.center().x() - w / 2, cellsTop - top, w, captionH);
        }
        contentBottom = std::max(contentBottom, g.cells.bottom() + bottom[size_t(i)]);
        x = g.cells.right();

        // The bars whose last panel this is.
        for (size_t b = 0; b < m_spec.bars.size(); ++b) {
            int last = -1;
            double height = 0;
            for (int j = 0; j < count; ++j)
                if (m_spec.panels[size_t(j)].colourBar == int(b)) {
                    last = j;
                    height = std::max(height, m_spec.panels[size_t(j)].rows * m_cell.height());
                }
            if (last != i)
                continue;
            const double labelW = textWidth(axisFont, m_spec.bars[b].label);
            height = std::max({height, labelW + 8, 100.0});
            m_bars[b] = placeBar(m_spec.bars[b], QRectF(x + kBarGap, cellsTop, kBarWidth, height));
            contentBottom = std::max(contentBottom, m_bars[b].bar.bottom() + tickH / 2);
            x += barBand[b];
        }
        if (i + 1 < count)
            x += kPanelGap;
    }
    const double contentRight = x;

    const QFont titleFont = figureFont(FigureFont::Title), subtitleFont = figureFont(FigureFont::Subtitle);
    double width = contentRight + kMargin, height = contentBottom + kMargin;
    if (fitted) {
        width = m_spec.page.width();
        height = m_spec.page.height();
    } else {
        width = std::max(width, textWidth(titleFont, m_spec.title) + 2 * kMargin);
        m_page = QSize(int(std::ceil(width)), int(std::ceil(height)));
    }
    if (fitted)
        m_page = m_spec.page;
    m_titleText = elidedText(titleFont, m_spec.title, m_page.width() - 2 * kMargin);
    m_subtitleText = elidedText(subtitleFont, m_spec.subtitle, m_page.width() - 2 * kMargin);
    const double titleW = textWidth(titleFont, m_titleText), subtitleW = textWidth(subtitleFont, m_subtitleText);
    m_title = QRectF((m_page.width() - titleW) / 2, kMargin, titleW, titleH);
    if (!m_subtitleText.isEmpty())
        m_subtitle = QRectF((m_page.width() - subtitleW) / 2, kMargin + titleH + 2, subtitleW, figureLineHeight(FigureFont::Subtitle));

    // Centre the content when the page (or the title) is wider than it.
    const double dx = std::max(0.0, (m_page.width() - (contentRight + kMargin)) / 2);
    if (dx > 0) {
        auto shift = [dx](QRectF& r) { r.translate(dx, 0); };
        for (Panel& g : m_panels) {
            for (QRectF* r : {&g.cells, &g.caption, &g.rowTitle, &g.columnTitle})
                shift(*r);
            for (QRectF& r : g.rowTickRects)
                shift(r);
            for (QRectF& r : g.columnTickRects)
                shift(r);
        }
        for (Bar& bar : m_bars) {
            shift(bar.bar);
            shift(bar.label);
            for (QRectF& r : bar.tickRects)
                shift(r);
        }
    }
}

QList<FigureItem> FigureLayout::items() const {
    QList<FigureItem> items;
    items << FigureItem{QStringLiteral("title"), m_title, m_titleText};
    if (!m_subtitleText.isEmpty())
        items << FigureItem{QStringLiteral("subtitle"), m_subtitle, m_subtitleText};
    for (size_t i = 0; i < m_panels.size(); ++i) {
        const Panel& g = m_panels[i];
        const FigurePanel& p = m_spec.panels[i];
        items << FigureItem{QStringLiteral("cells"), g.cells, QString()};
        if (!g.captionText.isEmpty())
            items << FigureItem{QStringLiteral("caption"), g.caption, g.captionText};
        items << FigureItem{QStringLiteral("rowTitle"), g.rowTitle, g.rowTitleText};
        items << FigureItem{QStringLiteral("columnTitle"), g.columnTitle, g.columnTitleText};
        for (int t = 0; t < g.rowTicks.size(); ++t)
            items << FigureItem{QStringLiteral("rowLabel"), g.rowTickRects[t], g.rowTickTexts[t]};
        for (int t = 0; t < g.columnTicks.size(); ++t)
            items << FigureItem{QStringLiteral("columnLabel"), g.columnTickRects[t], g.columnTickTexts[t]};
        if (g.numbers)
            for (int r = 0; r < p.rows; ++r)
                for (int c = 0; c < p.columns; ++c)
                    items << FigureItem{QStringLiteral("cellText"),
                                        QRectF(g.cells.left() + c * m_cell.width(), g.cells.top() + r * m_cell.height(),
                                               m_cell.width(), m_cell.height()),
                                        p.cellText(r, c)};
    }
    for (const Bar& bar : m_bars)
        appendBarItems(items, bar);
    return items;
}

double FigureLayout::barBandWidth(const ColourScale& scale) {
    const QFont tickFont = figureFont(FigureFont::Tick);
    double widest = 0;
    for (double v : figureTicks(scale.range.lower, scale.range.upper, scale.logarithmic))
        widest = std::max(widest, textWidth(tickFont, tickText(v, scale.logarithmic)));
    return kBarWidth + kTickLength + 2 + widest + kBandGap + figureLineHeight(FigureFont::AxisTitle);
}

FigureLayout::Bar FigureLayout::placeBar(const ColourScale& scale, const QRectF& rect) {
    const QFont tickFont = figureFont(FigureFont::Tick), axisFont = figureFont(FigureFont::AxisTitle);
    const double tickH = figureLineHeight(FigureFont::Tick);
    Bar bar;
    bar.bar = rect;
    bar.ticks = figureTicks(scale.range.lower, scale.range.upper, scale.logarithmic);
    double widest = 0;
    for (double v : bar.ticks) {
        const QString text = tickText(v, scale.logarithmic);
        const double f = scale.logarithmic ? std::log(v / scale.range.lower) / std::log(scale.range.upper / scale.range.lower)
                                           : (v - scale.range.lower) / scale.range.size();
        const double w = textWidth(tickFont, text);
        widest = std::max(widest, w);
        bar.tickTexts << text;
        bar.tickRects << QRectF(rect.right() + kTickLength + 2, rect.bottom() - f * rect.height() - tickH / 2, w, tickH);
    }
    bar.labelText = elidedText(axisFont, scale.label, rect.height());
    bar.label = verticalBox(rect.right() + kTickLength + 2 + widest + kBandGap, rect.center().y(), textWidth(axisFont, bar.labelText),
                            figureLineHeight(FigureFont::AxisTitle));
    return bar;
}

void FigureLayout::appendBarItems(QList<FigureItem>& items, const Bar& bar) {
    items << FigureItem{QStringLiteral("colourBar"), bar.bar, QString()};
    items << FigureItem{QStringLiteral("colourBarLabel"), bar.label, bar.labelText};
    for (int t = 0; t < bar.ticks.size(); ++t)
        items << FigureItem{QStringLiteral("colourBarTick"), bar.tickRects[t], bar.tickTexts[t]};
}

}  // namespace headmap::ui
