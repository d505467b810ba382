#include "views/HeadGridView.h"

#include <algorithm>
#include <cmath>
#include <utility>

#include <QApplication>
#include <QKeyEvent>
#include <QMouseEvent>
#include <QPainter>
#include <QToolTip>

#include "predictions/PredictionPanel.h"

namespace headmap::ui {
namespace {

constexpr int kMargin = 8;
const QColor kCurrentColour(255, 64, 64);

}  // namespace

HeadGridView::HeadGridView(QWidget* parent) : QWidget(parent) {
    setMouseTracking(true);
    setFocusPolicy(Qt::StrongFocus);
    setAttribute(Qt::WA_OpaquePaintEvent);
    setToolTip(QString());  // tooltips come from mouseMoveEvent, per cell
    buildAblationButtons();
}

void HeadGridView::setTrace(std::shared_ptr<const AttentionTrace> trace) {
    m_trace = std::move(trace);
    m_metricValues.clear();
    m_statistics.reset();
    invalidateImages();
}

void HeadGridView::setImages(std::shared_ptr<const AttentionTrace> trace, std::shared_ptr<const AttentionTrace> shown,
                             const HeatmapStyle& style, bool hideSpecial,
                             std::shared_ptr<const GridImages> images) {
    // Style and hiding are taken as they are: setStyle would rebuild the shown trace here, on
    // the GUI thread, only for it to be replaced by `shown`.
    m_style = style;
    m_hideSpecial = hideSpecial;
    if (trace != m_trace) {
        m_metricValues.clear();
        m_statistics.reset();
    }
    m_trace = std::move(trace);
    m_shown = std::move(shown);
    m_imagesValid = images != nullptr;
    m_images = images ? *images : GridImages();
    m_pendingText.clear();
    fitSelectionToShape();
    updateAblationButtons();
    updateGeometry();  // another model's shape: another minimum size for the scroll area
    update();
}

void HeadGridView::setStatistics(std::shared_ptr<const std::vector<HeadStatistics>> statistics) {
    m_statistics = std::move(statistics);
    m_metricValues.clear();
    update();
}

void HeadGridView::setPendingText(const QString& text) {
    if (text == m_pendingText)
        return;
    m_pendingText = text;
    updateAblationButtons();
    update();
}

void HeadGridView::setValueLabel(const QString& label) {
    m_valueLabel = label;
    update();
}

void HeadGridView::setStyle(const HeatmapStyle& style) {
    if (style.colormap == m_style.colormap && style.scale == m_style.scale) {
        m_style = style;  // the numbers in cells are not drawn here: nothing to redraw
        return;
    }
    m_style = style;
    invalidateImages();
}

void HeadGridView::setHideSpecialTokens(bool hide) {
    if (hide == m_hideSpecial && m_shown)
        return;
    m_hideSpecial = hide;
    invalidateImages();
}

void HeadGridView::setCurrentHead(int layer, int head) {
    m_currentLayer = layer;
    m_currentHead = head;
    updateAblationButtons();
    update();
}

void HeadGridView::setMetric(std::optional<HeadMetric> metric) {
    m_metric = metric;
    m_metricValues.clear();
    updateGeometry();  // the legend's height
    update();
}

void HeadGridView::invalidateImages() {
    updateGeometry();
    m_shown = shownTrace(m_trace, m_hideSpecial);
    m_imagesValid = false;
    m_images = GridImages();
    m_hoverText.clear();
    fitSelectionToShape();
    updateAblationButtons();
    update();
}

void HeadGridView::fitSelectionToShape() {
    if (layerCount() <= 0)
        return;
    if (!m_requestedSelection.empty()) {  // asked for before there was a grid (a new window's)
        const auto heads = std::exchange(m_requestedSelection, {});
        setSelectedHeads(heads);
        return;
    }
    // A grid waiting for its images keeps the selection; another model's shape drops it.
    if (m_selected.size() != size_t(layerCount() * headCount()))
        m_selected.assign(size_t(layerCount() * headCount()), 0);
}

int HeadGridView::layerCount() const { return hasNoAttention(m_shown.get()) ? 0 : m_shown->layers(); }
int HeadGridView::headCount() const { return hasNoAttention(m_shown.get()) ? 0 : m_shown->heads(); }
int HeadGridView::tokenCount() const { return hasNoAttention(m_shown.get()) ? 0 : m_shown->length(); }

QString HeadGridView::message() const {
    if (!m_pendingText.isEmpty())
        return m_pendingText;
    if (layerCount() > 0)
        return hasImages() ? QString() : tr("Drawing all heads…");
    return ViewText::emptyState(m_trace.get(), m_hideSpecial,
                                tr("Type a sentence and press Enter: every head of the model "
                                   "appears here at once."));
}

bool HeadGridView::hasImages() const {
    return m_imagesValid || tokenCount() <= kGridThumbnailSide;
}

void HeadGridView::ensureImages() const {
    // Built here only for a short input (standalone use, tests): the window hands over images
    // its worker made, and a long trace's heads are never recomputed on the GUI thread.
    if (m_imagesValid || !hasImages())
        return;
    m_imagesValid = true;
    m_images = layerCount() > 0 ? buildGridImages(*m_shown, m_style) : GridImages();
}

void HeadGridView::ensureMetricValues() const {
    // From the full trace, as StatisticsView lists them, whether or not special tokens are hidden.
    if (!m_metric || !m_metricValues.empty() || layerCount() == 0)
        return;
    if (!m_statistics && m_trace->length() > kGridThumbnailSide)
        return;  // every head again, on the GUI thread: wait for the document's
    if (!m_statistics)  // standalone use (tests); the window hands over the document's
        m_statistics = std::make_shared<const std::vector<HeadStatistics>>(computeHeadStatistics(*m_trace));
    for (const HeadStatistics& statistics : *m_statistics)
        m_metricValues.push_back(metricValue(statistics, *m_metric));
    const auto [low, high] = std::minmax_element(m_metricValues.begin(), m_metricValues.end());
    m_metricLow = *low;
    m_metricHigh = *high;
}

QRect HeadGridView::Geometry::cellRect(int layer, int column) const {
    const int x = origin.x() + column * (cellWidth + spacing) + (column >= heads ? gap : 0);
    return QRect(x, origin.y() + layer * (cellHeight + spacing), cellWidth, cellHeight);
}

HeadGridView::Geometry HeadGridView::geometryFor(const QSize& size) const {
    Geometry g;
    g.labelFont = font();
    const int layers = layerCount(), columns = columnCount(), t = tokenCount();
    g.heads = headCount();
    const QFontMetrics metrics(g.labelFont);
    const int line = metrics.height();
    g.caption = QRect(kMargin, kMargin, size.width() - 2 * kMargin, line);
    if (layers == 0)
        return g;
    const int legendHeight = legendLinesHeight();
    const int rowLabelWidth = rowLabelsWidth();
    g.caption = captionRect(size.width(), rowLabelWidth);
    g.labelTop = g.caption.bottom() + 6;
    const int top = cellsTop(g.caption);
    const int availableWidth = size.width() - 2 * kMargin - rowLabelWidth;
    const int availableHeight = size.height() - kMargin - top - legendHeight - 10;
    const double pitch = std::max(std::min(availableWidth / (columns + 0.5), double(availableHeight) / layers),
                                  double(kMinCell));
    g.spacing = std::clamp(int(pitch * 0.18), 4, 12);
    g.gap = g.spacing;
    // Width and height each fill what the panel has (a model of 24 layers × 14 heads is much
    // taller than wide), within kMaxAspect of each other and never below kMinCell.
    int width = std::max((availableWidth - (columns - 1) * g.spacing - g.gap) / columns, kMinCell);
    int height = std::max((availableHeight - (layers - 1) * g.spacing) / layers, kMinCell);
    width = std::min(width, int(height * kMaxAspect));
    height = std::min(height, int(width * kMaxAspect));
    auto crisp = [t](int side) { return t > 0 && side >= t ? side / t * t : side; };  // whole pixels per token
    g.cellWidth = crisp(width);
    g.cellHeight = crisp(height);
    g.cell = std::min(g.cellWidth, g.cellHeight);
    const int gridWidth = columns * g.cellWidth + (columns - 1) * g.spacing + g.gap;
    g.origin = QPoint(kMargin + rowLabelWidth + std::max(0, (availableWidth - gridWidth) / 2), top);
    const int gridBottom = top + layers * g.cellHeight + (layers - 1) * g.spacing;
    g.legend = QRect(g.origin.x(), gridBottom + 12, std::max(gridWidth, 360), legendHeight);

    // Column labels must fit their cells: shrink the font for narrow cells.
    const int widest = std::max(metrics.horizontalAdvance(tr("mean")),
                                metrics.horizontalAdvance(QStringLiteral("H%1").arg(g.heads - 1)));
    if (widest > g.cellWidth + g.spacing - 2 && g.labelFont.pointSizeF() > 0)
        g.labelFont.setPointSizeF(std::max(5.0, g.labelFont.pointSizeF() * (g.cellWidth + g.spacing - 2) / widest));
    return g;
}

QString HeadGridView::captionText() const {
    const int t = tokenCount();
    if (m_shown && m_shown->hasKeyTokens())  // cross-attention
        return tr("Each cell is one head: %1 target tokens (rows, the decoder's queries) × %2 source tokens "
                  "(columns, the encoder's keys). Click a cell to open it; Ctrl+click or drag to select heads.")
            .arg(t)
            .arg(m_shown->keyLength());
    return tr("Each cell is one head over %1: rows are queries, columns are keys. "
              "Click a cell to open it; Ctrl+click or drag to select heads.")
        .arg(t == 1 ? tr("one token") : tr("%1 tokens").arg(t));
}

int HeadGridView::legendLinesHeight() const {
    return (1 + (m_metric ? 1 : 0) + (m_ablations.empty() ? 0 : 1)) * (fontMetrics().height() + 8);
}

int HeadGridView::rowLabelsWidth() const {
    return fontMetrics().horizontalAdvance(QStringLiteral("L%1").arg(std::max(0, layerCount() - 1))) + 16;
}

int HeadGridView::cellsTop(const QRect& caption) const {
    return caption.bottom() + 6 + fontMetrics().height() + 10;  // column labels, clear of the current-head frame
}

QRect HeadGridView::captionRect(int width, int rowLabelWidth) const {
    // Above the grid, clear of the switch-off buttons in the top-right corner, in as many
    // lines as the width needs (a predictions panel beside it, Chinese or Danish texts).
    const int left = kMargin + rowLabelWidth;
    const int buttons = m_buttons && m_buttons->isVisible() ? m_buttons->width() + 12 : 0;
    const int textWidth = std::max(120, width - kMargin - left - buttons);
    const QFontMetrics metrics(font());
    const QRect needed = metrics.boundingRect(QRect(0, 0, textWidth, 100000), Qt::TextWordWrap, captionText());
    return QRect(left, kMargin, textWidth, std::max(metrics.height(), needed.height()));
}

QRect HeadGridView::cellRect(int layer, int column) const {
    if (layer < 0 || layer >= layerCount() || column < 0 || column >= columnCount())
        return QRect();
    return geometryFor(size()).cellRect(layer, column);
}

bool HeadGridView::cellAt(const QPoint& pos, int* layer, int* column) const {
    const Geometry g = geometryFor(size());
    for (int l = 0; l < layerCount(); ++l)
        for (int c = 0; c < columnCount(); ++c)
            if (g.cellRect(l, c).contains(pos)) {
                *layer = l;
                *column = c;
                return true;
            }
    return false;
}

void HeadGridView::render(QPainter& painter, const QSize& size) const {
    painter.save();
    const QRect all(QPoint(0, 0), size);
    painter.fillRect(all, palette().color(QPalette::Base));
    painter.setFont(font());
    painter.setPen(palette().color(QPalette::Text));
    if (layerCount() == 0 || !m_pendingText.isEmpty() || !hasImages()) {
        painter.drawText(all.adjusted(20, 20, -20, -20), Qt::AlignCenter | Qt::TextWordWrap, message());
        painter.restore();
        return;
    }
    ensureImages();
    ensureMetricValues();
    const Geometry g = geometryFor(size);
    const int layers = layerCount(), heads = headCount(), columns = columnCount();
    const QFontMetrics metrics(font());
    // Wrapped, never cut: the geometry made room for every line.
    painter.drawText(g.caption, Qt::AlignLeft | Qt::AlignVCenter | Qt::TextWordWrap, captionText());

    // Labels, the current layer and head in bold.
    for (int c = 0; c < columns; ++c) {
        QFont labelFont = g.labelFont;
        labelFont.setBold(c == m_currentHead);
        painter.setFont(labelFont);
        const QRect cell = g.cellRect(0, c);
        const QString label = c < heads ? QStringLiteral("H%1").arg(c) : c == heads ? tr("mean") : tr("max");
        painter.drawText(QRect(cell.left() - g.spacing / 2, g.labelTop, cell.width() + g.spacing,
                               metrics.height()),
                         Qt::AlignHCenter | Qt::AlignBottom, label);
    }
    for (int l = 0; l < layers; ++l) {
        QFont labelFont = g.labelFont;
        labelFont.setBold(l == m_currentLayer);
        painter.setFont(labelFont);
        const QRect cell = g.cellRect(l, 0);
        painter.drawText(QRect(kMargin, cell.top(), cell.left() - kMargin - 9, cell.height()),
                         Qt::AlignRight | Qt::AlignVCenter, QStringLiteral("L%1").arg(l));
    }
    painter.setFont(font());

    // Cells: metric band behind, the image, then the current-head frame on top.
    const int band = std::max(2, g.spacing / 4);
    QCPColorGradient bandGradient = metricGradient();
    const QCPRange metricRange(m_metricLow, m_metricHigh > m_metricLow ? m_metricHigh : m_metricLow + 1.0);
    painter.setRenderHint(QPainter::SmoothPixmapTransform, false);
    for (int l = 0; l < layers; ++l) {
        for (int c = 0; c < columns; ++c) {
            const QRect rect = g.cellRect(l, c);
            if (m_metric && c < heads && !m_metricValues.empty()) {
                const double value = m_metricValues[size_t(l * heads + c)];
                const double shown = m_metricHigh > m_metricLow ? value : metricRange.center();
                painter.fillRect(rect.adjusted(-band, -band, band, band),
                                 QColor::fromRgb(bandGradient.color(shown, metricRange, false)));
            }
            painter.drawImage(rect, m_images.images[size_t(l * columns + c)]);
        }
    }
    if (m_currentLayer >= 0 && m_currentLayer < layers && m_currentHead >= 0 && m_currentHead < heads) {
        const int inset = band + 1;
        painter.setPen(QPen(kCurrentColour, 3));
        painter.setBrush(Qt::NoBrush);
        const QRect current = g.cellRect(m_currentLayer, m_currentHead);
        painter.drawRect(current.adjusted(-inset, -inset, inset - 1, inset - 1));
    }
    drawSelectionAndAblations(painter, g);
    drawLegend(painter, g);
    painter.restore();
}

void HeadGridView::drawLegend(QPainter& painter, const Geometry& g) const {
    const QFontMetrics metrics(font());
    const int line = metrics.height() + 8;
    const int barWidth = std::clamp(g.legend.width() / 4, 80, 200);
    // One legend line: title, low label, colour bar, high label.
    auto legendLine = [&](int row, const QString& title, const QString& low, const QString& high,
                          const QCPColorGradient& gradient, bool logarithmic, const QCPRange& range) {
        const int y = g.legend.top() + row * line;
        int x = g.legend.left();
        painter.setPen(palette().color(QPalette::Text));
        painter.drawText(QRect(x, y, metrics.horizontalAdvance(title) + 1, line), Qt::AlignVCenter, title);
        x += metrics.horizontalAdvance(title) + 12;
        painter.drawText(QRect(x, y, metrics.horizontalAdvance(low) + 1, line), Qt::AlignVCenter, low);
        x += metrics.horizontalAdvance(low) + 6;
        drawColourBar(painter, QRect(x, y + 4, barWidth, line - 8), gradient, logarithmic, range);
        x += barWidth + 6;
        painter.setPen(palette().color(QPalette::Text));
        painter.drawText(QRect(x, y, metrics.horizontalAdvance(high) + 1, line), Qt::AlignVCenter, high);
    };
    QString title = tr("Attention weight");
    QString low = QStringLiteral("0"), high = QStringLiteral("1");
    switch (m_style.scale) {
    case ScaleMode::Fixed: break;
    case ScaleMode::RowMax: title = tr("Weight / row maximum"); break;
    case ScaleMode::GlobalMax: high = QString::number(m_images.range.upper, 'g', 3); break;
    case ScaleMode::Log:
        title = tr("Attention weight (log scale)");
        low = QString::number(kGridLogFloor, 'g', 1);
        break;
    }
    if (!m_valueLabel.isEmpty())
        title = m_valueLabel;
    if (m_images.pooling > 1)  // as the heatmap's legend says of its tiles
        title = tr("%1, max-pooled %2×%2").arg(title).arg(m_images.pooling);
    legendLine(0, title, low, high, gradientFor(m_style.colormap), m_images.logarithmic, m_images.range);
    int row = 1;
    if (m_metric && !m_metricValues.empty())
        legendLine(row++, tr("Frame: %1").arg(metricName(*m_metric)),
                   tr("low %1").arg(m_metricLow, 0, 'f', 3), tr("%1 high").arg(m_metricHigh, 0, 'f', 3),
                   metricGradient(), false, QCPRange(0.0, 1.0));
    if (!m_ablations.empty()) {
        QStringList heads;
        for (const HeadAblation& a : m_ablations)
            heads << ablationText(a);
        const QString note = tr("✕ switched off (later layers run without them): %1").arg(heads.join(QStringLiteral(", ")));
        painter.setPen(palette().color(QPalette::Text));
        painter.drawText(QRect(g.legend.left(), g.legend.top() + row * line, width() * 4, line), Qt::AlignVCenter,
                         note);
    }
}

void HeadGridView::paintEvent(QPaintEvent*) {
    QPainter painter(this);
    render(painter, size());
}

void HeadGridView::mouseMoveEvent(QMouseEvent* event) {
    int layer = -1, column = -1;
    const QPoint pos = event->position().toPoint();
    if (event->buttons() & Qt::LeftButton && !m_pressPos.isNull() &&
        (!m_band.isNull() || (pos - m_pressPos).manhattanLength() >= QApplication::startDragDistance())) {
        m_band = QRect(m_pressPos, pos).normalized();  // a rubber band selects heads
        QToolTip::hideText();
        update();
        return;
    }
    if (!cellAt(pos, &layer, &column)) {
        m_hoverText.clear();
        QToolTip::hideText();
        return;
    }
    const int heads = headCount();
    if (column == meanColumn()) {
        m_hoverText = tr("Layer %1: mean over its heads").arg(layer);
    } else if (column == maxColumn()) {
        m_hoverText = tr("Layer %1: maximum over its heads").arg(layer);
    } else {
        m_hoverText = tr("Layer %1, head %2").arg(layer).arg(column);
        if (isAblated(layer, column))
            m_hoverText += QLatin1Char('\n') + tr("Switched off: later layers run without its output; its own "
                                                  "weights are still shown");
        ensureMetricValues();
        if (m_metric && !m_metricValues.empty()) {
            const double value = m_metricValues[size_t(layer * heads + column)];
            m_hoverText += QLatin1Char('\n') + tr("%1: %2").arg(metricName(*m_metric)).arg(value, 0, 'f', 3);
        }
        // The weight under the pointer, when a token is at least a pixel wide.
        const QRect rect = cellRect(layer, column);
        const int t = tokenCount();
        const int s = m_shown->keyLength();  // the source's tokens in cross-attention, else t
        const int q = (pos.y() - rect.top()) * t / std::max(1, rect.height());
        const int k = (pos.x() - rect.left()) * s / std::max(1, rect.width());
        if (rect.width() >= s && rect.height() >= t && q >= 0 && q < t && k >= 0 && k < s) {
            const double weight = m_shown->weight(layer, column, q, k);
            m_hoverText += QLatin1Char('\n') + (m_valueLabel.isEmpty() ? tr("\"%1\" attends to \"%2\": %3")
                                                                       : tr("\"%1\" → \"%2\", weight × value norm: %3"))
                                                   .arg(m_shown->displayTokens().value(q), m_shown->keyDisplayTokens().value(k))
                                                   .arg(weight, 0, 'f', 4);
        }
    }
    QToolTip::showText(event->globalPosition().toPoint(), m_hoverText, this);
}

void HeadGridView::leaveEvent(QEvent* event) {
    m_hoverText.clear();
    QWidget::leaveEvent(event);
}

QSize HeadGridView::sizeHint() const { return QSize(900, 720); }

QSize HeadGridView::minimumSizeHint() const {
    const int layers = layerCount(), columns = columnCount();
    if (layers == 0)
        return QSize(200, 120);
    // The inverse of geometryFor at kMinCell: the margins, labels and legend around the cells.
    const int rowLabelWidth = rowLabelsWidth();
    const int top = cellsTop(captionRect(std::max(width(), 400), rowLabelWidth));
    const int spacing = 12;  // geometryFor's largest: at this size the cells are at least kMinCell
    const int width = 2 * kMargin + rowLabelWidth + columns * kMinCell + columns * spacing;
    const int height = top + layers * kMinCell + (layers - 1) * spacing + kMargin + legendLinesHeight() + 10;
    return QSize(width, height);
}
}  // namespace headmap::ui
