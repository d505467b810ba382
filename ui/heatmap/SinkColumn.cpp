#include "heatmap/SinkColumn.h"

#include <cmath>

#include <QCoreApplication>

#include <qcustomplot.h>

namespace headmap::ui {

namespace {
constexpr int kStripWidth = 22;  // px: a column, not a second heatmap
}

SinkColumn::SinkColumn(QCustomPlot* plot, QCPAxis* rows, QCPMarginGroup* margins)
    : m_plot(plot), m_rows(rows), m_rect(new QCPAxisRect(plot, true)) {
    m_rect->setAutoMargins(QCP::msTop | QCP::msBottom);
    m_rect->setMargins(QMargins(4, 0, 4, 0));
    m_rect->setMinimumSize(kStripWidth, 0);
    m_rect->setMaximumSize(kStripWidth, QWIDGETSIZE_MAX);
    m_rect->setMarginGroup(QCP::msBottom | QCP::msTop, margins);
    m_rect->setRangeDrag(Qt::Orientations());
    m_rect->setRangeZoom(Qt::Orientations());
    for (QCPAxis* axis : m_rect->axes()) {
        axis->setVisible(false);
        axis->grid()->setVisible(false);
    }
    QCPAxis* bottom = m_rect->axis(QCPAxis::atBottom);
    bottom->setVisible(true);
    bottom->setBasePen(Qt::NoPen);
    bottom->setTickPen(Qt::NoPen);
    bottom->setSubTicks(false);
    auto ticker = QSharedPointer<QCPAxisTickerText>::create();
    ticker->addTick(0, QCoreApplication::translate("headmap::ui::HeatmapView", "sink"));
    bottom->setTicker(ticker);
    bottom->setTickLabelRotation(-45);
    bottom->setRange(-0.5, 0.5);
    m_rect->axis(QCPAxis::atLeft)->setRangeReversed(true);  // the first row on top, as the heatmap's

    m_map = new QCPColorMap(bottom, m_rect->axis(QCPAxis::atLeft));
    m_map->setInterpolate(false);
    m_map->setTightBoundary(false);
    m_map->setDataRange(QCPRange(0.0, 1.0));  // a share of the row's attention
    m_map->setVisible(false);  // the strip joins the plot's layout only while shown
}

SinkColumn::~SinkColumn() {
    if (m_inLayout)
        return;  // the plot deletes the map and its layout the strip
    m_plot->removePlottable(m_map);  // before the axes it is drawn on
    delete m_rect;
}

void SinkColumn::setValues(std::vector<float> mass) {
    m_mass = std::move(mass);
    const bool shown = !m_mass.empty();
    if (shown && !m_inLayout) {
        // Between the cells and the colour scale.
        m_plot->plotLayout()->insertColumn(1);
        m_plot->plotLayout()->addElement(1, 1, m_rect);
        m_plot->plotLayout()->setColumnStretchFactor(1, 0.001);
        m_inLayout = true;
    } else if (!shown && m_inLayout) {
        m_plot->plotLayout()->take(m_rect);
        m_plot->plotLayout()->simplify();
        m_inLayout = false;
    }
    m_map->setVisible(shown);
    if (!shown)
        return;
    // Two equal cells across: QCustomPlot draws a map one cell wide as a line of no width.
    const int rows = int(m_mass.size());
    m_map->data()->setSize(2, rows);
    m_map->data()->setRange(QCPRange(-0.25, 0.25), QCPRange(0, rows - 1));
    for (int r = 0; r < rows; ++r)
        for (int c = 0; c < 2; ++c)
            m_map->data()->setCell(c, r, double(m_mass[size_t(r)]));
    m_map->setDataRange(QCPRange(0.0, 1.0));
    followRows(m_rows->range());
}

void SinkColumn::setGradient(const QCPColorGradient& gradient) {
    m_map->setGradient(gradient);
}

void SinkColumn::followRows(const QCPRange& range) {
    m_rect->axis(QCPAxis::atLeft)->setRange(range);
}

int SinkColumn::rowAt(const QPointF& pos) const {
    if (!isShown() || !m_rect->rect().contains(pos.toPoint()))
        return -1;
    const int row = int(std::lround(m_rect->axis(QCPAxis::atLeft)->pixelToCoord(pos.y())));
    return row >= 0 && row < int(m_mass.size()) ? row : -1;
}

QPoint SinkColumn::cellCenter(int row) const {
    const QRect rect = m_rect->rect();
    return QPoint(rect.center().x(), int(std::lround(m_rect->axis(QCPAxis::atLeft)->coordToPixel(row))));
}

}  // namespace headmap::ui
