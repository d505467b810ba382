#include "HeatmapView.h"

#include <cmath>

#include <QToolTip>
#include <QVBoxLayout>
#include <qcustomplot.h>

#include "Colormaps.h"

namespace headmap::ui {

HeatmapView::HeatmapView(QWidget* parent)
    : QWidget(parent), m_plot(new QCustomPlot(this)) {
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_plot);
    m_plot->setMouseTracking(true);

    m_plot->plotLayout()->insertRow(0);
    m_plot->plotLayout()->addElement(0, 0, new QCPTextElement(m_plot, QString(), QFont(font().family(), font().pointSize() + 1, QFont::Bold)));

    m_map = new QCPColorMap(m_plot->xAxis, m_plot->yAxis);
    m_map->setInterpolate(false);
    m_map->setTightBoundary(false);

    m_scale = new QCPColorScale(m_plot);
    m_plot->plotLayout()->addElement(1, 1, m_scale);
    m_scale->setType(QCPAxis::atRight);
    m_scale->axis()->setLabel(tr("Attention weight"));
    m_map->setColorScale(m_scale);
    // After setColorScale: the map takes the scale's gradient when they are linked.
    m_map->setGradient(viridisGradient());
    m_map->setDataRange(QCPRange(0.0, 1.0));

    auto* margins = new QCPMarginGroup(m_plot);
    m_plot->axisRect()->setMarginGroup(QCP::msBottom | QCP::msTop, margins);
    m_scale->setMarginGroup(QCP::msBottom | QCP::msTop, margins);

    m_plot->xAxis->setLabel(tr("Key: attended to"));
    m_plot->yAxis->setLabel(tr("Query: attending from"));
    m_plot->yAxis->setRangeReversed(true);  // the first token's row on top, as in a matrix
    m_plot->xAxis->setTickLabelRotation(-45);
    for (QCPAxis* axis : {m_plot->xAxis, m_plot->yAxis}) {
        axis->setTicker(QSharedPointer<QCPAxisTickerText>::create());
        axis->grid()->setVisible(false);
        axis->setSubTicks(false);
    }

    connect(m_plot, &QCustomPlot::mouseMove, this, &HeatmapView::onMouseMove);
    clear();
}

void HeatmapView::clear() {
    setMatrix(MatrixF(), {}, {}, tr("No attention yet: type a sentence and press Enter"));
}

void HeatmapView::setMatrix(const MatrixF& values, const QStringList& queryLabels,
                            const QStringList& keyLabels, const QString& title) {
    m_values = values;
    m_queryLabels = queryLabels;
    m_keyLabels = keyLabels;
    m_hoverText.clear();

    const int queries = int(values.rows());
    const int keys = int(values.cols());
    // Cell centres sit on whole numbers. QCustomPlot stretches a one-cell axis over its range,
    // so that range must be the cell itself.
    auto axisRange = [](int cells) {
        return cells > 1 ? QCPRange(0, cells - 1) : QCPRange(-0.5, 0.5);
    };
    m_map->data()->setSize(keys, queries);
    m_map->data()->setRange(axisRange(keys), axisRange(queries));
    for (int q = 0; q < queries; ++q)
        for (int k = 0; k < keys; ++k)
            m_map->data()->setCell(k, q, double(values(q, k)));
    m_map->setVisible(queries > 0 && keys > 0);

    m_plot->xAxis->setRange(-0.5, std::max(keys, 1) - 0.5);
    m_plot->yAxis->setRange(-0.5, std::max(queries, 1) - 0.5);
    static_cast<QCPTextElement*>(m_plot->plotLayout()->element(0, 0))->setText(title);
    updateTickLabels();
    m_plot->replot();
}

double HeatmapView::cellValue(int query, int key) const {
    return m_map->data()->cell(key, query);
}

QPoint HeatmapView::cellCenter(int query, int key) const {
    const QPoint inPlot(int(std::lround(m_plot->xAxis->coordToPixel(key))),
                        int(std::lround(m_plot->yAxis->coordToPixel(query))));
    return m_plot->mapTo(this, inPlot);
}

void HeatmapView::resizeEvent(QResizeEvent* event) {
    QWidget::resizeEvent(event);
    updateTickLabels();
}

void HeatmapView::updateTickLabels() {
    // Show every label when they fit, otherwise every n-th so long sentences stay legible.
    const int lineHeight = QFontMetrics(m_plot->xAxis->tickLabelFont()).height();
    auto fill = [&](QCPAxis* axis, const QStringList& labels, int pixels) {
        auto ticker = qSharedPointerCast<QCPAxisTickerText>(axis->ticker());
        ticker->clear();
        if (labels.isEmpty())
            return;
        const int step = std::max(1, int(std::ceil(double(labels.size()) * lineHeight / std::max(pixels, 1))));
        for (int i = 0; i < labels.size(); i += step) {
            // Long words would squeeze the cells; the hover text still names them in full.
            const QString& label = labels[i];
            ticker->addTick(i, label.size() > 16 ? label.left(15) + QChar(0x2026) : label);
        }
    };
    const QRect rect = m_plot->axisRect()->rect();
    fill(m_plot->xAxis, m_keyLabels, rect.width() > 0 ? rect.width() : width());
    fill(m_plot->yAxis, m_queryLabels, rect.height() > 0 ? rect.height() : height());
}

void HeatmapView::onMouseMove(QMouseEvent* event) {
    const QPointF pos = event->position();
    const int key = int(std::lround(m_plot->xAxis->pixelToCoord(pos.x())));
    const int query = int(std::lround(m_plot->yAxis->pixelToCoord(pos.y())));
    if (!m_plot->axisRect()->rect().contains(pos.toPoint()) || query < 0 ||
        query >= queryCount() || key < 0 || key >= keyCount()) {
        m_hoverText.clear();
        QToolTip::hideText();
        return;
    }
    const float weight = m_values(query, key);
    m_hoverText = tr("Query %1 \"%2\" attends to key %3 \"%4\": %5")
                      .arg(query).arg(m_queryLabels.value(query))
                      .arg(key).arg(m_keyLabels.value(key))
                      .arg(double(weight), 0, 'f', 6);
    QToolTip::showText(m_plot->mapToGlobal(pos.toPoint()), m_hoverText, m_plot);
    emit cellHovered(query, key, weight);
}

}  // namespace headmap::ui
