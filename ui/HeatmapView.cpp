#include "HeatmapView.h"

#include <cmath>
#include <utility>

#include <QToolTip>
#include <QVBoxLayout>
#include <qcustomplot.h>

#include "heatmap/HeatmapToolbar.h"
#include "heatmap/MaskOverlay.h"
#include "heatmap/PendingOverlay.h"
#include "heatmap/SinkColumn.h"

namespace headmap::ui {
namespace {

constexpr double kLogFloor = 1e-4;  // weights below this share the darkest colour in log mode
constexpr int kMaxCellTexts = 4000;

}  // namespace

QString scaleModeName(ScaleMode mode) {
    switch (mode) {
    case ScaleMode::Fixed: return HeatmapView::tr("0 to 1");
    case ScaleMode::RowMax: return HeatmapView::tr("Per-row maximum");
    case ScaleMode::GlobalMax: return HeatmapView::tr("Global maximum");
    case ScaleMode::Log: return HeatmapView::tr("Logarithmic");
    }
    return QString();
}

QList<ScaleMode> allScaleModes() {
    return {ScaleMode::Fixed, ScaleMode::RowMax, ScaleMode::GlobalMax, ScaleMode::Log};
}

HeatmapView::HeatmapView(QWidget* parent) : QWidget(parent), m_plot(new QCustomPlot(this)) {
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(0);
    buildToolbar();
    layout->addWidget(m_toolbar);
    layout->addWidget(m_plot, 1);
    m_pendingOverlay = new PendingOverlay(m_plot);
    // QCustomPlot asks for room for every margin at the current font; with large classroom
    // fonts and three plots side by side that would push the window past the screen.
    m_plot->setMinimumSize(160, 120);
    m_plot->setMouseTracking(true);
    m_plot->setInteractions(QCP::iRangeDrag | QCP::iRangeZoom);

    m_plot->plotLayout()->insertRow(0);
    QFont titleFont = font();
    titleFont.setBold(true);
    titleFont.setPointSizeF(font().pointSizeF() * 1.15);
    m_plot->plotLayout()->addElement(0, 0, new QCPTextElement(m_plot, QString(), titleFont));

    m_map = new QCPColorMap(m_plot->xAxis, m_plot->yAxis);
    m_map->setInterpolate(false);
    m_map->setTightBoundary(false);
    m_scale = new QCPColorScale(m_plot);
    m_plot->plotLayout()->addElement(1, 1, m_scale);
    m_scale->setType(QCPAxis::atRight);
    m_map->setColorScale(m_scale);
    m_mask = new MaskOverlay(m_plot, m_plot->xAxis, m_plot->yAxis);  // above the cells, below the outlines

    auto* margins = new QCPMarginGroup(m_plot);
    m_plot->axisRect()->setMarginGroup(QCP::msBottom | QCP::msTop, margins);
    m_scale->setMarginGroup(QCP::msBottom | QCP::msTop, margins);
    m_sink = std::make_unique<SinkColumn>(m_plot, m_plot->yAxis, margins);

    applyAxisTitles();
    m_plot->yAxis->setRangeReversed(true);  // the first token's row on top, as in a matrix
    m_plot->xAxis->setTickLabelRotation(-45);
    for (QCPAxis* axis : {m_plot->xAxis, m_plot->yAxis}) {
        axis->setTicker(QSharedPointer<QCPAxisTickerText>::create());
        axis->grid()->setVisible(false);
        axis->setSubTicks(false);
    }

    QPen outline(QColor(255, 64, 64), 2);
    QPen match(QColor(255, 150, 0), 2, Qt::DashLine);  // a search match: not the selection's red
    m_rowOutline = new QCPItemRect(m_plot);
    m_columnOutline = new QCPItemRect(m_plot);
    m_matchRow = new QCPItemRect(m_plot);
    m_matchColumn = new QCPItemRect(m_plot);
    for (QCPItemRect* rect : {m_rowOutline, m_columnOutline, m_matchRow, m_matchColumn}) {
        const bool isMatch = rect == m_matchRow || rect == m_matchColumn;
        rect->setPen(isMatch ? match : outline);
        rect->setBrush(Qt::NoBrush);
        rect->setVisible(false);
        rect->setSelectable(false);
    }

    applyPaletteAndFont();
    connect(m_plot, &QCustomPlot::mouseMove, this, &HeatmapView::onMouseMove);
    m_plot->installEventFilter(this);
    connect(m_plot, &QCustomPlot::mousePress, this, &HeatmapView::onMousePress);
    connect(m_plot, &QCustomPlot::mouseRelease, this, &HeatmapView::onMouseRelease);
    connect(m_plot, &QCustomPlot::mouseDoubleClick, this, [this] { resetZoom(); });
    connect(m_plot->xAxis, qOverload<const QCPRange&>(&QCPAxis::rangeChanged), this, &HeatmapView::onRangeChanged);
    connect(m_plot->yAxis, qOverload<const QCPRange&>(&QCPAxis::rangeChanged), this, &HeatmapView::onRangeChanged);
    clear();
}

HeatmapView::~HeatmapView() = default;

void HeatmapView::clear(const QString& message) {
    display(MatrixF(), {}, {}, message.isEmpty() ? tr("No attention yet: type a sentence and press Enter") : message, false);
}

void HeatmapView::setMatrix(const MatrixF& values, const QStringList& queryLabels,
                            const QStringList& keyLabels, const QString& title) {
    display(values, queryLabels, keyLabels, title, false);
}

void HeatmapView::setDifference(const MatrixF& values, const QStringList& queryLabels,
                                const QStringList& keyLabels, const QString& title) {
    display(values, queryLabels, keyLabels, title, true);
}

void HeatmapView::display(const MatrixF& values, const QStringList& queryLabels,
                       const QStringList& keyLabels, const QString& title, bool difference) {
    HeatmapContent content;
    content.setValues(values);
    content.queryLabels = queryLabels;
    content.keyLabels = keyLabels;
    content.title = title;
    content.difference = difference;
    content.causal = m_causal;
    setContent(std::move(content));
}

PyramidKind HeatmapView::pyramidKind(bool difference) const {
    // A difference is signed: its maximum would hide every negative difference.
    const Pooling pooling = difference && m_pooling == Pooling::Max ? Pooling::MaxMagnitude : m_pooling;
    return PyramidKind{pooling, !difference && m_style.scale == ScaleMode::RowMax};
}

void HeatmapView::setContent(HeatmapContent content) {
    if (!content.prepared)
        prepareContent(content, pyramidKind(content.difference), false);  // the pyramid on first need
    const bool sameShape = content.values().rows() == shown().rows() && content.values().cols() == shown().cols();
    // An empty matrix (a view cleared while its data is computed) leaves what was released for
    // the matrix that follows.
    const bool empty = content.values().rows() == 0 || content.values().cols() == 0;
    const std::optional<ReleasedView> released = empty ? std::nullopt : std::exchange(m_released, std::nullopt);
    const bool resumes = released && content.values().rows() == released->queries &&
                         content.values().cols() == released->keys;
    if (resumes)
        m_selected = released->selected;
    m_matrix = content.matrix ? std::move(content.matrix) : std::make_shared<const MatrixF>();
    m_rowMaxima = std::move(content.rowMaxima);
    m_largest = content.largest;
    m_largestMagnitude = content.largestMagnitude;
    m_queryLabels = std::move(content.queryLabels);
    m_queryExperts = std::move(content.queryExperts);
    m_keyLabels = std::move(content.keyLabels);
    m_difference = content.difference;
    m_causal = content.causal;
    // A matrix that is not square cannot have one sentence on both axes.
    const bool sourceKeys = content.sourceKeys || content.values().rows() != content.values().cols();
    if (sourceKeys != m_sourceKeys) {
        m_sourceKeys = sourceKeys;
        applyAxisTitles();
    }
    m_hoverText.clear();
    m_pendingOverlay->setText(QString());
    if (m_selected >= (m_sourceKeys ? queryCount() : std::max(queryCount(), keyCount())))
        m_selected = -1;
    static_cast<QCPTextElement*>(m_plot->plotLayout()->element(0, 0))->setText(content.title);
    m_mask->setMask(std::move(content.mask));
    m_sink->setValues(std::move(content.querySinkMass));
    updateMaskNote();
    // The divisors of this matrix before applyStyle compares them, so that it keeps the pyramid.
    m_rowDivisors = pyramidKind(m_difference).rowScaled ? rowDivisors(m_rowMaxima) : std::vector<float>();
    m_pyramid.reset();
    if (content.pyramid && content.pyramidKind == pyramidKind(m_difference) &&
        content.pyramid->rows() == queryCount() && content.pyramid->cols() == keyCount())
        m_pyramid = std::move(content.pyramid);
    applyStyle();
    updateScaleHint();
    if (resumes && !sameShape) {
        updateMatches(m_search);  // the same labels as before the release, whose matches clear() dropped
        const QSignalBlocker blockX(m_plot->xAxis);
        const QSignalBlocker blockY(m_plot->yAxis);
        m_plot->xAxis->setRange(released->xLower, released->xUpper);
        m_plot->yAxis->setRange(released->yLower, released->yUpper);
        updateSelection();
        onRangeChanged();
    } else if (!sameShape) {
        // The matches of the new sentence, drawn once by resetZoom: each replot of a changed
        // sentence lays out every tick label again (two of them took 30 ms of a keystroke's
        // update while typing).
        updateMatches(m_search);
        resetZoom();  // a new sentence starts unzoomed; a new head keeps the user's zoom
    } else {
        onRangeChanged();
    }
}

void HeatmapView::setPending(const QString& text) {
    m_pendingOverlay->setText(text);
    if (!text.isEmpty()) {
        m_hoverText.clear();  // the cells under the veil are not the head asked for
        QToolTip::hideText();
    }
}

HeatmapView::ReleasedView HeatmapView::currentView() const {
    ReleasedView view;
    view.queries = queryCount();
    view.keys = keyCount();
    view.selected = m_selected;
    view.xLower = m_plot->xAxis->range().lower;
    view.xUpper = m_plot->xAxis->range().upper;
    view.yLower = m_plot->yAxis->range().lower;
    view.yUpper = m_plot->yAxis->range().upper;
    return view;
}

void HeatmapView::releaseMatrix(const QString& pendingText) {
    if (m_released) {  // released already: keep what the user had before the first release
        setPending(pendingText);
        return;
    }
    const ReleasedView view = currentView();
    clear(pendingText);
    setPending(pendingText);
    if (view.queries > 0 && view.keys > 0)
        m_released = view;
}

void HeatmapView::adoptViewOf(const HeatmapView& other) {
    setPositionsShown(other.positionsShown());
    setPooling(other.pooling());
    searchBox()->setText(other.searchBox()->text());  // may jump to a match: the zoom comes after
    std::optional<ReleasedView> view = other.m_released;
    if (!view && other.queryCount() > 0 && other.keyCount() > 0)
        view = other.currentView();
    if (!view)
        return;
    if (view->queries != queryCount() || view->keys != keyCount()) {
        m_released = view;  // for the matrix on its way
        return;
    }
    m_plot->xAxis->setRange(view->xLower, view->xUpper);
    m_plot->yAxis->setRange(view->yLower, view->yUpper);
    onRangeChanged();
}

bool HeatmapView::isPending() const { return !m_pendingOverlay->text().isEmpty(); }

QString HeatmapView::pendingText() const { return m_pendingOverlay->text(); }

void HeatmapView::setCausalMask(bool causal) {
    if (causal == m_causal)
        return;
    m_causal = causal;
    m_mask->setMask(causal && queryCount() == keyCount() ? CellMask::causal(queryCount()) : CellMask());
    updateMaskNote();
    applyStyle();
    onRangeChanged();
}

bool HeatmapView::isMasked(int query, int key) const { return m_mask->isMasked(query, key); }

int HeatmapView::maskedCellCount() const { return int(m_mask->maskedCount()); }

const CellMask& HeatmapView::cellMask() const { return m_mask->mask(); }

namespace {
bool masksBeforeQuery(const CellMask& mask) {
    for (int q = 0; q < mask.queries(); ++q)
        if (mask.allowed(q).first > 0)
            return true;
    return false;
}
}  // namespace

QString HeatmapView::maskLegendFor(const CellMask& mask) {
    if (mask.isEmpty())
        return QString();
    if (mask.isLocalWindow())
        return tr("Grey, hatched: masked (local window)");
    return masksBeforeQuery(mask) ? tr("Grey, hatched: masked (sliding window)") : tr("Grey, hatched: masked (causal)");
}

QString HeatmapView::maskNoteFor(const CellMask& mask) {
    if (mask.isEmpty())
        return QString();
    if (mask.isLocalWindow())
        return tr("Grey, hatched: masked (local window): a token attends only to the tokens near it, "
                  "before and after it");
    if (masksBeforeQuery(mask))
        return tr("Grey, hatched: masked (sliding window): a token attends only to itself and the "
                      "tokens just before it, never to later ones");
    return tr("Grey, hatched: masked (causal): a token never attends to the tokens after it");
}

QString HeatmapView::maskNote() const { return m_maskNote ? m_maskNote->text() : QString(); }

// The note under the plot exists only while cells are masked, so an encoder's figure keeps its
// layout.
void HeatmapView::updateMaskNote() {
    const bool wanted = m_mask->maskedCount() > 0;
    const QString text = maskNoteFor(m_mask->mask());
    if (wanted && m_maskNote) {
        m_maskNote->setText(text);
        return;
    }
    if (wanted == (m_maskNote != nullptr))
        return;
    if (wanted) {
        QFont noteFont = font();
        noteFont.setPointSizeF(font().pointSizeF() * 0.9);
        m_maskNote = new QCPTextElement(m_plot, text, noteFont);
        m_maskNote->setTextColor(palette().color(QPalette::WindowText));
        m_plot->plotLayout()->addElement(2, 0, m_maskNote);
    } else {
        m_plot->plotLayout()->remove(m_maskNote);
        m_plot->plotLayout()->simplify();
        m_maskNote = nullptr;
    }
}

void HeatmapView::setStyle(const HeatmapStyle& style) {
    m_style = style;
    applyStyle();
    updateScaleHint();
    onRangeChanged();
}

void HeatmapView::applyStyle() {
    const int queries = queryCount();
    const int keys = keyCount();
    m_map->setVisible(queries > 0 && keys > 0);

    // The scale mode is applied where cells are read (plottedValue, the pyramid), never to a
    // copy of the matrix: at 8,192 tokens that is 256 MB and a second per style change.
    std::vector<float> divisors;  // per-row scale only
    QCPRange range(0.0, 1.0);
    bool logarithmic = false;
    float floor = 0.0f;
    QString label = tr("Attention weight");
    if (m_difference) {
        // A floor keeps identical heads white with readable ticks instead of a ±1e-9 scale.
        const double extent = std::max(1e-3, shown().size() ? double(m_largestMagnitude) : 1.0);
        range = QCPRange(-extent, extent);
        label = tr("Difference of weights");
    } else {
        switch (m_style.scale) {
        case ScaleMode::Fixed:
            break;
        case ScaleMode::RowMax:
            divisors = rowDivisors(m_rowMaxima);  // an all-zero row stays 0
            label = tr("Weight / row maximum");
            break;
        case ScaleMode::GlobalMax:
            range = QCPRange(0.0, std::max(1e-9, shown().size() ? double(m_largest) : 1.0));
            break;
        case ScaleMode::Log:
            floor = float(kLogFloor);
            range = QCPRange(kLogFloor, 1.0);
            logarithmic = true;
            label = tr("Attention weight (log scale)");
            break;
        }
    }
    if (divisors != m_rowDivisors)
        m_pyramid.reset();  // it pooled the rows as the old scale showed them
    m_rowDivisors = std::move(divisors);
    m_valueFloor = floor;
    ++m_generation;

    QCPColorGradient gradient = gradientFor(m_difference ? Colormap::Diverging : m_style.colormap);
    gradient.setNanHandling(QCPColorGradient::nhNanColor);
    gradient.setNanColor(MaskOverlay::maskedColour(palette().color(QPalette::Base).lightness() < 128));
    m_map->setGradient(gradient);
    m_sink->setGradient(gradient);
    m_map->setDataScaleType(logarithmic ? QCPAxis::stLogarithmic : QCPAxis::stLinear);
    if (logarithmic)
        m_scale->axis()->setTicker(QSharedPointer<QCPAxisTickerLog>::create());
    else
        m_scale->axis()->setTicker(QSharedPointer<QCPAxisTicker>::create());
    m_map->setDataRange(range);
    m_scaleLabel = m_valueLabel.isEmpty() || m_difference ? label : m_valueLabel;
    updateTiles();
}

void HeatmapView::setValueLabel(const QString& label) {
    m_valueLabel = label;
    applyStyle();
    onRangeChanged();
}

double HeatmapView::cellValue(int query, int key) const {
    return plottedValue(query, key);
}

QString HeatmapView::title() const {
    return static_cast<QCPTextElement*>(m_plot->plotLayout()->element(0, 0))->text();
}

QPoint HeatmapView::cellCenter(int query, int key) const {
    const QPoint inPlot(int(std::lround(m_plot->xAxis->coordToPixel(key))),
                        int(std::lround(m_plot->yAxis->coordToPixel(query))));
    return m_plot->mapTo(this, inPlot);
}

const std::vector<float>& HeatmapView::sinkMass() const {
    return m_sink->values();
}

QPoint HeatmapView::sinkCellCenter(int query) const {
    return m_plot->mapTo(this, m_sink->cellCenter(query));
}

void HeatmapView::resetZoom() {
    const QSignalBlocker blockX(m_plot->xAxis);
    const QSignalBlocker blockY(m_plot->yAxis);
    m_plot->xAxis->setRange(-0.5, std::max(keyCount(), 1) - 0.5);
    m_plot->yAxis->setRange(-0.5, std::max(queryCount(), 1) - 0.5);
    onRangeChanged();
}

void HeatmapView::setSelectedToken(int index) {
    m_selected = index;
    updateSelection();
    m_plot->replot();
}

void HeatmapView::changeEvent(QEvent* event) {
    QWidget::changeEvent(event);
    if (event->type() == QEvent::PaletteChange || event->type() == QEvent::ApplicationPaletteChange ||
        event->type() == QEvent::FontChange || event->type() == QEvent::ApplicationFontChange) {
        applyPaletteAndFont();
        applyStyle();  // the masked colour follows the palette
        onRangeChanged();
    }
}

void HeatmapView::applyPaletteAndFont() {
    const QPalette& colours = palette();
    const QColor text = colours.color(QPalette::WindowText);
    m_plot->setBackground(colours.brush(QPalette::Base));
    QFont labelFont = font();
    if (m_compact)  // three heatmaps in a row: a little smaller, so that more labels fit
        labelFont.setPointSizeF(font().pointSizeF() * 0.9);
    QFont titleFont = font();
    titleFont.setBold(true);
    titleFont.setPointSizeF(font().pointSizeF() * 1.15);
    auto* title = static_cast<QCPTextElement*>(m_plot->plotLayout()->element(0, 0));
    title->setTextColor(text);
    title->setFont(titleFont);
    for (QCPAxis* axis : {m_plot->xAxis, m_plot->yAxis, m_scale->axis()}) {
        axis->setBasePen(QPen(text));
        axis->setTickPen(QPen(text));
        axis->setSubTickPen(QPen(text));
        axis->setTickLabelColor(text);
        axis->setLabelColor(text);
        axis->setTickLabelFont(labelFont);
        axis->setLabelFont(labelFont);
    }
    if (m_maskNote)
        m_maskNote->setTextColor(text);
}

void HeatmapView::applyAxisTitles() {
    if (m_sourceKeys) {  // cross-attention: the decoder asks, the encoder answers
        m_plot->xAxis->setLabel(m_compact ? tr("Key: source") : tr("Key: source token (encoder)"));
        m_plot->yAxis->setLabel(m_compact ? tr("Query: target") : tr("Query: target token (decoder)"));
    } else {
        m_plot->xAxis->setLabel(m_compact ? tr("Key") : tr("Key: attended to"));
        m_plot->yAxis->setLabel(m_compact ? tr("Query") : tr("Query: attending from"));
    }
}

void HeatmapView::setCompact(bool compact) {
    m_compact = compact;
    applyAxisTitles();
    m_scale->setBarWidth(compact ? 10 : 20);
    applyPaletteAndFont();
    onRangeChanged();
}

void HeatmapView::resizeEvent(QResizeEvent* event) {
    QWidget::resizeEvent(event);
    onRangeChanged();
}

void HeatmapView::onRangeChanged() {
    // Keep the view on the matrix: zooming out stops at the whole matrix, panning at its edges.
    auto clamp = [](QCPAxis* axis, int cells) {
        const double low = -0.5, high = std::max(cells, 1) - 0.5;
        QCPRange range = axis->range();
        if (range.size() >= high - low) {
            range = QCPRange(low, high);
        } else if (range.lower < low) {
            range = QCPRange(low, low + range.size());
        } else if (range.upper > high) {
            range = QCPRange(high - range.size(), high);
        }
        if (range != axis->range()) {
            const QSignalBlocker block(axis);
            axis->setRange(range);
        }
    };
    clamp(m_plot->xAxis, keyCount());
    clamp(m_plot->yAxis, queryCount());
    m_sink->followRows(m_plot->yAxis->range());  // the sink column's rows are the cells' rows
    // Label thinning and cell texts measure the axis rect, so the plot is laid out (not drawn:
    // drawing a 512 x 512 map and its labels three times held the GUI thread up) before each.
    auto layOut = [this] {
        QCPLayoutGrid* layout = m_plot->plotLayout();
        layout->update(QCPLayoutElement::upPreparation);
        layout->update(QCPLayoutElement::upMargins);
        layout->update(QCPLayoutElement::upLayout);
    };
    layOut();
    updateTickLabels();
    layOut();  // the labels' margins move the axis rect: thin once more for its final size
    updateTickLabels();
    updateTiles();
    updateCellTexts();
    updateSelection();
    updateSearchOutline();
    // A wheel notch changes both axes, one signal each, and QCustomPlot queues a replot of its
    // own: drawing here too would paint the view three times per notch. Calls from the view
    // itself (new matrix, style, search) draw at once, so that what they set is on screen.
    const bool fromAxis = sender() == m_plot->xAxis || sender() == m_plot->yAxis;
    m_plot->replot(fromAxis ? QCustomPlot::rpQueuedReplot : QCustomPlot::rpRefreshHint);
}

void HeatmapView::updateCellTexts() {
    for (QCPItemText* text : m_cellTexts)
        m_plot->removeItem(text);
    m_cellTexts.clear();
    if (!m_style.showValues || shown().size() == 0)
        return;
    const double cellWidth = std::abs(m_plot->xAxis->coordToPixel(1) - m_plot->xAxis->coordToPixel(0));
    const double cellHeight = std::abs(m_plot->yAxis->coordToPixel(1) - m_plot->yAxis->coordToPixel(0));
    QFont font = m_plot->xAxis->tickLabelFont();
    font.setPointSizeF(font.pointSizeF() * 0.85);
    const QFontMetrics metrics(font);
    const QString widest = m_difference ? QStringLiteral("-0.00") : QStringLiteral("0.00");
    if (cellWidth < metrics.horizontalAdvance(widest) + 4 || cellHeight < metrics.height())
        return;  // numbers would not fit: the hover text gives them

    const QCPRange xs = m_plot->xAxis->range();
    const QCPRange ys = m_plot->yAxis->range();
    const int k0 = std::max(0, int(std::ceil(xs.lower))), k1 = std::min(keyCount() - 1, int(std::floor(xs.upper)));
    const int q0 = std::max(0, int(std::ceil(ys.lower))), q1 = std::min(queryCount() - 1, int(std::floor(ys.upper)));
    QCPColorGradient gradient = m_map->gradient();  // color() is not const in QCustomPlot 2.1
    const bool logarithmic = m_map->dataScaleType() == QCPAxis::stLogarithmic;
    for (int q = q0; q <= q1; ++q) {
        for (int k = k0; k <= k1 && m_cellTexts.size() < kMaxCellTexts; ++k) {
            auto* text = new QCPItemText(m_plot);
            text->position->setCoords(k, q);
            text->setFont(font);
            text->setText(QString::number(double(shown()(q, k)), 'f', 2));
            // Dark text on light cells, light text on dark ones.
            const QColor cell = QColor::fromRgb(gradient.color(cellValue(q, k), m_map->dataRange(), logarithmic));
            text->setColor(cell.lightnessF() > 0.55 ? Qt::black : Qt::white);
            text->setSelectable(false);
            m_cellTexts << text;
        }
    }
}

void HeatmapView::updateSelection() {
    const bool showRow = m_selected >= 0 && m_selected < queryCount();
    // A target token selected in cross-attention has a row; its column would be a source token's.
    const bool showColumn = m_selected >= 0 && m_selected < keyCount() && !m_sourceKeys;
    m_rowOutline->setVisible(showRow);
    m_columnOutline->setVisible(showColumn);
    if (showRow) {
        m_rowOutline->topLeft->setCoords(-0.5, m_selected - 0.5);
        m_rowOutline->bottomRight->setCoords(keyCount() - 0.5, m_selected + 0.5);
    }
    if (showColumn) {
        m_columnOutline->topLeft->setCoords(m_selected - 0.5, -0.5);
        m_columnOutline->bottomRight->setCoords(m_selected + 0.5, queryCount() - 0.5);
    }
}

bool HeatmapView::cellAt(const QPointF& pos, int* query, int* key) const {
    if (!m_plot->axisRect()->rect().contains(pos.toPoint()))
        return false;
    *key = int(std::lround(m_plot->xAxis->pixelToCoord(pos.x())));
    *query = int(std::lround(m_plot->yAxis->pixelToCoord(pos.y())));
    return *query >= 0 && *query < queryCount() && *key >= 0 && *key < keyCount();
}

void HeatmapView::onMouseMove(QMouseEvent* event) {
    int query = -1, key = -1;
    const int sinkRow = isPending() ? -1 : m_sink->rowAt(event->position());
    if (sinkRow >= 0) {  // the sink column: no token's cell, so other views show none
        const bool wasOnCell = !m_hoverText.isEmpty();
        m_hoverText = sinkHoverText(sinkRow);
        QToolTip::showText(m_plot->mapToGlobal(event->position().toPoint()), m_hoverText, m_plot);
        if (wasOnCell)
            emit cellHovered(-1, -1, 0.0f);
        return;
    }
    if (isPending() || !cellAt(event->position(), &query, &key)) {
        endHover();
        return;
    }
    const float weight = shown()(query, key);
    m_hoverText = hoverTextFor(query, key);
    QToolTip::showText(m_plot->mapToGlobal(event->position().toPoint()), m_hoverText, m_plot);
    emit cellHovered(query, key, weight);
}

void HeatmapView::endHover() {
    const bool wasHovering = !m_hoverText.isEmpty();
    m_hoverText.clear();
    QToolTip::hideText();
    if (wasHovering)
        emit cellHovered(-1, -1, 0.0f);  // off the cells: whoever showed the cell shows it no more
}

bool HeatmapView::eventFilter(QObject* watched, QEvent* event) {
    if (watched == m_plot && event->type() == QEvent::Leave)
        endHover();
    return QWidget::eventFilter(watched, event);
}

void HeatmapView::onMousePress(QMouseEvent* event) {
    m_pressPos = event->position();
}

void HeatmapView::onMouseRelease(QMouseEvent* event) {
    const QPointF pos = event->position();
    if (event->button() != Qt::LeftButton || (pos - m_pressPos).manhattanLength() > 4)
        return;  // a drag pans; only a click selects
    const QRect rect = m_plot->axisRect()->rect();
    int index = -1;
    int query = -1, key = -1;
    if (cellAt(pos, &query, &key)) {
        index = query;  // a cell stands for its row: the token doing the attending
    } else if (pos.x() < rect.left() && pos.y() >= rect.top() && pos.y() <= rect.bottom()) {
        index = int(std::lround(m_plot->yAxis->pixelToCoord(pos.y())));  // a row label
        if (index >= queryCount()) index = -1;
    } else if (pos.y() > rect.bottom() && pos.x() >= rect.left() && pos.x() <= rect.right()) {
        index = int(std::lround(m_plot->xAxis->pixelToCoord(pos.x())));  // a column label
        if (index >= keyCount() || m_sourceKeys) index = -1;  // a source token is no row to select
    }
    if (index < 0)
        return;
    setSelectedToken(index == m_selected ? -1 : index);
    emit tokenSelected(m_selected);
}

}  // namespace headmap::ui
