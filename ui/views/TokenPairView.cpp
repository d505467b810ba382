#include "views/TokenPairView.h"

#include <cmath>

#include <QComboBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QToolButton>
#include <QToolTip>
#include <QVBoxLayout>
#include <qcustomplot.h>

#include "analysis/AttentionTransforms.h"
#include "figures/ColourScale.h"
#include "figures/HeatmapFigure.h"
#include "views/ViewSupport.h"

namespace headmap::ui {
namespace {

QCPTextElement* titleElement(QCustomPlot* plot) {
    return static_cast<QCPTextElement*>(plot->plotLayout()->element(0, 0));
}

}  // namespace

TokenPairView::TokenPairView(QWidget* parent)
    : QWidget(parent), m_queryBox(new QComboBox), m_keyBox(new QComboBox), m_swap(new QToolButton),
      m_plot(new QCustomPlot) {
    for (QComboBox* box : {m_queryBox, m_keyBox}) {
        box->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
        box->setMinimumContentsLength(14);
        box->setMaxVisibleItems(20);
    }
    m_queryBox->setToolTip(tr("The token that attends (a row of the heatmap tab)"));
    m_keyBox->setToolTip(tr("The token attended to (a column of the heatmap tab)"));
    m_swap->setText(QStringLiteral("⇄"));
    m_swap->setToolTip(tr("Swap the query and the key"));
    auto* queryLabel = new QLabel(tr("&Query:"));
    queryLabel->setBuddy(m_queryBox);
    auto* keyLabel = new QLabel(tr("attends to &key:"));
    keyLabel->setBuddy(m_keyBox);
    auto* hint = new QLabel(tr("Every layer and head at once; click a cell to select that head, double-click "
                               "to open it."));
    hint->setWordWrap(true);

    auto* controls = new QHBoxLayout;
    controls->addWidget(queryLabel);
    controls->addWidget(m_queryBox);
    controls->addWidget(m_swap);
    controls->addWidget(keyLabel);
    controls->addWidget(m_keyBox);
    controls->addStretch(1);

    m_plot->setMinimumSize(160, 120);
    m_plot->setMouseTracking(true);
    m_plot->plotLayout()->insertRow(0);
    m_plot->plotLayout()->addElement(0, 0, new QCPTextElement(m_plot, QString(), font()));
    m_map = new QCPColorMap(m_plot->xAxis, m_plot->yAxis);
    m_map->setInterpolate(false);
    m_map->setTightBoundary(false);
    m_scale = new QCPColorScale(m_plot);
    m_plot->plotLayout()->addElement(1, 1, m_scale);
    m_scale->setType(QCPAxis::atRight);
    m_map->setColorScale(m_scale);
    auto* margins = new QCPMarginGroup(m_plot);
    m_plot->axisRect()->setMarginGroup(QCP::msBottom | QCP::msTop, margins);
    m_scale->setMarginGroup(QCP::msBottom | QCP::msTop, margins);
    m_plot->xAxis->setLabel(tr("Head"));
    m_plot->yAxis->setLabel(tr("Layer"));
    m_plot->yAxis->setRangeReversed(true);  // layer 0 on top, as the grid of all heads
    for (QCPAxis* axis : {m_plot->xAxis, m_plot->yAxis}) {
        auto ticker = QSharedPointer<QCPAxisTickerFixed>::create();
        ticker->setTickStep(1.0);
        ticker->setScaleStrategy(QCPAxisTickerFixed::ssMultiples);  // thins to 2, 3, … when crowded
        axis->setTicker(ticker);
        axis->grid()->setVisible(false);
        axis->setSubTicks(false);
    }
    m_outline = new QCPItemRect(m_plot);
    m_outline->setPen(QPen(QColor(255, 64, 64), 2));
    m_outline->setBrush(Qt::NoBrush);
    m_outline->setSelectable(false);
    m_outline->setVisible(false);

    auto* layout = new QVBoxLayout(this);
    layout->addLayout(controls);
    // On a line of its own: squeezed beside the boxes in a narrow window it wrapped into a column
    // one word wide that made the row taller than the plot.
    layout->addWidget(hint);
    layout->addWidget(m_plot, 1);

    applyPalette();
    connect(m_queryBox, qOverload<int>(&QComboBox::activated), this,
            [this] { setPair(m_queryBox->currentData().toInt(), m_key); });
    connect(m_keyBox, qOverload<int>(&QComboBox::activated), this,
            [this] { setPair(m_query, m_keyBox->currentData().toInt()); });
    connect(m_swap, &QToolButton::clicked, this, [this] { setPair(m_key, m_query); });
    connect(m_plot, &QCustomPlot::mouseMove, this, &TokenPairView::onMouseMove);
    connect(m_plot, &QCustomPlot::mousePress, this, [this](QMouseEvent* event) { m_pressPos = event->position(); });
    connect(m_plot, &QCustomPlot::mouseRelease, this, &TokenPairView::onMouseRelease);
    connect(m_plot, &QCustomPlot::mouseDoubleClick, this, [this](QMouseEvent* event) {
        int layer = -1, head = -1;
        if (cellAt(event->position(), &layer, &head))
            emit headActivated(layer, head);
    });
    redraw();
}

void TokenPairView::setData(std::shared_ptr<const AttentionTrace> trace, bool hideSpecial) {
    const bool sameTokens = trace && m_trace && trace->tokenIds() == m_trace->tokenIds() &&
                            trace->keyTokenIds() == m_trace->keyTokenIds();
    m_trace = std::move(trace);
    m_hideSpecial = hideSpecial;
    if (hasNoAttention(m_trace.get())) {
        m_query = m_key = -1;
    } else {
        // The defaults: the last word looking at the first, special tokens and punctuation
        // ("." at the end of a sentence) passed over if there are others. Cross-attention's keys
        // are the source's tokens: its first word.
        auto words = [](const QStringList& labels, const std::vector<bool>& special) {
            std::vector<int> kept = keptTokens(special), lettered;
            for (int index : kept) {
                const QString label = labels.value(index);
                if (std::any_of(label.begin(), label.end(), [](QChar c) { return c.isLetterOrNumber(); }))
                    lettered.push_back(index);
            }
            if (!lettered.empty())
                return lettered;
            return kept.empty() ? std::vector<int>{0, int(labels.size()) - 1} : kept;
        };
        const int last = words(m_trace->displayTokens(), m_trace->special()).back();
        const int first = words(m_trace->keyDisplayTokens(), m_trace->keySpecial()).front();
        if (!sameTokens || !isShown(m_query, false))
            m_query = last;
        if (!sameTokens || !isShown(m_key, true))
            m_key = first;
    }
    fillTokenBoxes();
    compute();
    redraw();
}

void TokenPairView::setPendingText(const QString& text) {
    m_pendingText = text;
    if (hasNoAttention(m_trace.get()))
        redraw();
}

void TokenPairView::setStyle(const HeatmapStyle& style) {
    m_style = style;
    redraw();
}

void TokenPairView::setCurrentHead(int layer, int head) {
    m_currentLayer = layer;
    m_currentHead = head;
    redraw();
}

void TokenPairView::setPair(int query, int key) {
    if (hasNoAttention(m_trace.get()))
        return;
    const int q = isShown(query, false) ? query : m_query, k = isShown(key, true) ? key : m_key;
    if (q == m_query && k == m_key)
        return;
    m_query = q;
    m_key = k;
    fillTokenBoxes();
    compute();
    redraw();
    emit pairChanged(m_query, m_key);
}

void TokenPairView::setQueryToken(int query) {
    setPair(query, m_key);
}

QString TokenPairView::label(int token) const {
    if (!m_trace || token < 0)
        return QString();
    return QStringLiteral("'%1' #%2").arg(m_trace->displayTokens().value(token)).arg(token);
}

QString TokenPairView::keyLabel(int token) const {
    if (!m_trace || token < 0)
        return QString();
    return QStringLiteral("'%1' #%2").arg(m_trace->keyDisplayTokens().value(token)).arg(token);
}

bool TokenPairView::isShown(int index, bool key) const {
    if (!m_trace || index < 0 || index >= (key ? m_trace->keyLength() : m_trace->length()))
        return false;
    const std::vector<int> kept = key ? keptKeys(*m_trace, m_hideSpecial)
                                      : (m_hideSpecial ? keptTokens(m_trace->special()) : std::vector<int>{index});
    return std::find(kept.begin(), kept.end(), index) != kept.end();
}

void TokenPairView::fillTokenBoxes() {
    for (QComboBox* box : {m_queryBox, m_keyBox}) {
        const QSignalBlocker blocker(box);
        box->clear();
        if (hasNoAttention(m_trace.get()))
            continue;
        // The key box lists the source's tokens for cross-attention.
        const bool keys = box == m_keyBox && m_trace->hasKeyTokens();
        const QStringList labels = keys ? shownKeyLabels(*m_trace, m_hideSpecial) : shownLabels(*m_trace, m_hideSpecial);
        const std::vector<int> keyIndices = keys ? keptKeys(*m_trace, m_hideSpecial) : std::vector<int>();
        for (int shown = 0; shown < labels.size(); ++shown) {
            const int index = keys ? keyIndices[size_t(shown)] : fullTokenIndex(*m_trace, m_hideSpecial, shown);
            box->addItem(QStringLiteral("%1 #%2").arg(labels[shown]).arg(index), index);
        }
        box->setCurrentIndex(box->findData(box == m_queryBox ? m_query : m_key));
    }
    m_queryBox->setEnabled(m_queryBox->count() > 0);
    m_keyBox->setEnabled(m_keyBox->count() > 0);
    // A target token and a source token do not swap.
    m_swap->setEnabled(m_queryBox->count() > 0 && m_trace && !m_trace->hasKeyTokens());
}

void TokenPairView::compute() {
    if (hasNoAttention(m_trace.get()) || m_query < 0 || m_key < 0) {
        m_values = MatrixF();
        return;
    }
    const int layers = m_trace->layers(), heads = m_trace->heads();
    m_values.resize(layers, heads);  // (L, H)
    const std::vector<int> kept = keptKeys(*m_trace, m_hideSpecial);  // the keys a row is renormalised over
    const bool renormalise = m_hideSpecial && int(kept.size()) < m_trace->keyLength();
    // One query row per head (AttentionTrace::row), not every head whole: L·H rows of T cost
    // about one head's product, where whole heads took seconds at thousands of tokens.
    for (int l = 0; l < layers; ++l)
        for (int h = 0; h < heads; ++h) {
            const MatrixF row = m_trace->row(l, h, m_query);  // (1, T)
            float w = row(0, m_key);
            if (renormalise) {  // as withoutTokens: the query's row over the tokens shown sums to 1
                float sum = 0;
                for (int k : kept)
                    sum += row(0, k);
                if (sum != 0.0f)
                    w /= sum;
            }
            m_values(l, h) = w;
        }
}

QString TokenPairView::title() const {
    if (m_values.size() == 0)
        return m_pendingText.isEmpty()
                   ? ViewText::emptyState(m_trace.get(), m_hideSpecial,
                                          tr("Type a sentence and press Enter, then pick two tokens."))
                   : m_pendingText;
    return tr("How much %1 attends to %2 in every head").arg(label(m_query), keyLabel(m_key));
}

void TokenPairView::redraw() {
    const int layers = int(m_values.rows()), heads = int(m_values.cols());
    titleElement(m_plot)->setText(title());
    auto axisRange = [](int cells) { return cells > 1 ? QCPRange(0, cells - 1) : QCPRange(-0.5, 0.5); };
    m_map->data()->setSize(heads, layers);
    m_map->data()->setRange(axisRange(heads), axisRange(layers));
    m_map->setVisible(layers > 0 && heads > 0);
    MatrixF plotted;  // (L, H)
    const ColourScale scale = attentionScale(m_values, m_style, &plotted);
    for (int l = 0; l < layers; ++l)
        for (int h = 0; h < heads; ++h)
            m_map->data()->setCell(h, l, double(plotted(l, h)));
    m_map->setGradient(scale.gradient);
    m_map->setDataScaleType(scale.logarithmic ? QCPAxis::stLogarithmic : QCPAxis::stLinear);
    if (scale.logarithmic)
        m_scale->axis()->setTicker(QSharedPointer<QCPAxisTickerLog>::create());
    else
        m_scale->axis()->setTicker(QSharedPointer<QCPAxisTicker>::create());
    m_map->setDataRange(scale.range);
    m_scale->axis()->setLabel(scale.label);
    m_scale->setVisible(layers > 0);
    m_plot->xAxis->setRange(-0.5, std::max(heads, 1) - 0.5);
    m_plot->yAxis->setRange(-0.5, std::max(layers, 1) - 0.5);
    const bool outlined = m_currentLayer >= 0 && m_currentLayer < layers && m_currentHead >= 0 && m_currentHead < heads;
    m_outline->setVisible(outlined);
    if (outlined) {
        m_outline->topLeft->setCoords(m_currentHead - 0.5, m_currentLayer - 0.5);
        m_outline->bottomRight->setCoords(m_currentHead + 0.5, m_currentLayer + 0.5);
    }
    m_plot->replot();
}

double TokenPairView::cellValue(int layer, int head) const {
    return m_map->data()->cell(head, layer);
}

QPoint TokenPairView::cellCenter(int layer, int head) const {
    return QPoint(int(std::lround(m_plot->xAxis->coordToPixel(head))),
                  int(std::lround(m_plot->yAxis->coordToPixel(layer))));
}

bool TokenPairView::cellAt(const QPointF& pos, int* layer, int* head) const {
    if (m_values.size() == 0 || !m_plot->axisRect()->rect().contains(pos.toPoint()))
        return false;
    *head = int(std::lround(m_plot->xAxis->pixelToCoord(pos.x())));
    *layer = int(std::lround(m_plot->yAxis->pixelToCoord(pos.y())));
    return *layer >= 0 && *layer < m_values.rows() && *head >= 0 && *head < m_values.cols();
}

void TokenPairView::onMouseMove(QMouseEvent* event) {
    int layer = -1, head = -1;
    if (!cellAt(event->position(), &layer, &head)) {
        m_hoverText.clear();
        QToolTip::hideText();
        return;
    }
    const float value = m_values(layer, head);
    m_hoverText = tr("Layer %1, head %2: %3 attends to %4 with weight %5")
                      .arg(layer).arg(head).arg(label(m_query), keyLabel(m_key)).arg(double(value), 0, 'f', 4);
    QToolTip::showText(m_plot->mapToGlobal(event->position().toPoint()), m_hoverText, m_plot);
    emit cellHovered(layer, head, value);
}

void TokenPairView::onMouseRelease(QMouseEvent* event) {
    if (event->button() != Qt::LeftButton || (event->position() - m_pressPos).manhattanLength() > 4)
        return;
    int layer = -1, head = -1;
    if (cellAt(event->position(), &layer, &head))
        emit headSelected(layer, head);
}

std::unique_ptr<Figure> TokenPairView::figure() const {
    if (m_values.size() == 0)
        return nullptr;
    HeatmapFigureOptions options;
    options.style = m_style;
    options.rowTitle = tr("Layer");
    options.columnTitle = tr("Head");
    if (m_hideSpecial)
        options.valueLabel = tr("Attention weight (special tokens hidden)");
    const QString title = tr("%1 · how much %2 attends to %3").arg(m_trace->model().displayName(), label(m_query), keyLabel(m_key));
    return std::make_unique<HeatmapFigure>(m_values, QStringList(), QStringList(), title, options);
}

void TokenPairView::changeEvent(QEvent* event) {
    QWidget::changeEvent(event);
    if (event->type() == QEvent::PaletteChange || event->type() == QEvent::ApplicationPaletteChange ||
        event->type() == QEvent::FontChange || event->type() == QEvent::ApplicationFontChange) {
        applyPalette();
        m_plot->replot();
    }
}

void TokenPairView::applyPalette() {
    const QColor text = palette().color(QPalette::WindowText);
    m_plot->setBackground(palette().brush(QPalette::Base));
    QFont titleFont = font();
    titleFont.setBold(true);
    titleFont.setPointSizeF(font().pointSizeF() * 1.15);
    titleElement(m_plot)->setTextColor(text);
    titleElement(m_plot)->setFont(titleFont);
    for (QCPAxis* axis : {m_plot->xAxis, m_plot->yAxis, m_scale->axis()}) {
        axis->setBasePen(QPen(text));
        axis->setTickPen(QPen(text));
        axis->setTickLabelColor(text);
        axis->setLabelColor(text);
        axis->setTickLabelFont(font());
        axis->setLabelFont(font());
    }
}

}  // namespace headmap::ui
