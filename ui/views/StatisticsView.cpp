#include "views/StatisticsView.h"

#include <QComboBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QSignalBlocker>
#include <QSortFilterProxyModel>
#include <QStackedWidget>
#include <QTableView>

namespace headmap::ui {

StatisticsView::StatisticsView(QWidget* parent)
    : QWidget(parent), m_model(new HeadStatisticsModel(this)), m_proxy(new QSortFilterProxyModel(this)),
      m_table(new QTableView), m_metricBox(new QComboBox), m_stack(new QStackedWidget),
      m_emptyLabel(new QLabel) {
    fillMetricBox(allHeadMetrics());
    m_metricBox->setToolTip(tr("Frame every cell of the head grid by this number, from low to high"));
    auto* colourLabel = new QLabel(tr("Colour the grid by:"));
    colourLabel->setBuddy(m_metricBox);

    m_proxy->setSourceModel(m_model);
    m_proxy->setSortRole(HeadStatisticsModel::SortRole);
    m_table->setModel(m_proxy);
    m_table->setSortingEnabled(true);
    m_table->sortByColumn(HeadStatisticsModel::LayerColumn, Qt::AscendingOrder);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setSelectionMode(QAbstractItemView::SingleSelection);
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_table->setAlternatingRowColors(true);
    m_table->verticalHeader()->setVisible(false);
    m_table->verticalHeader()->setDefaultSectionSize(m_table->fontMetrics().height() + 8);
    m_table->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_table->horizontalHeader()->setStretchLastSection(false);
    m_table->horizontalHeader()->setSortIndicatorShown(true);

    m_emptyLabel->setAlignment(Qt::AlignCenter);
    m_emptyLabel->setWordWrap(true);
    m_emptyLabel->setText(tr("Type a sentence and press Enter: one row per head appears here, "
                             "with numbers that say what kind of head it is."));
    m_stack->addWidget(m_emptyLabel);
    m_stack->addWidget(m_table);

    auto* hint = new QLabel(tr("Every number is a mean over the sentence's tokens. Click a column "
                               "header to sort, hover it for what it measures; double-click a row "
                               "or press Enter to open that head."));
    hint->setWordWrap(true);

    auto* top = new QHBoxLayout;
    top->addWidget(colourLabel);
    top->addWidget(m_metricBox);
    top->addStretch();
    auto* layout = new QVBoxLayout(this);
    layout->addLayout(top);
    layout->addWidget(m_stack, 1);
    layout->addWidget(hint);

    connect(m_table, &QAbstractItemView::activated, this, &StatisticsView::activateRow);
    connect(m_metricBox, qOverload<int>(&QComboBox::currentIndexChanged), this,
            [this] { emit metricChosen(chosenMetric()); });
}

void StatisticsView::fillMetricBox(const QList<HeadMetric>& metrics) {
    const std::optional<HeadMetric> chosen = m_metricBox->count() > 0 ? chosenMetric() : std::nullopt;
    const QSignalBlocker blocker(m_metricBox);
    m_metricBox->clear();
    m_metricBox->addItem(tr("none"), -1);
    for (int i = 0; i < metrics.size(); ++i) {  // the data: the metric's enum value
        m_metricBox->addItem(metricName(metrics[i]), int(metrics[i]));
        m_metricBox->setItemData(i + 1, metricDescription(metrics[i]), Qt::ToolTipRole);
    }
    m_metricBox->setCurrentIndex(chosen ? std::max(0, m_metricBox->findData(int(*chosen))) : 0);
    if (chosen && m_metricBox->currentIndex() == 0)
        emit metricChosen(std::nullopt);  // the other stack has no such metric
}

void StatisticsView::setTrace(std::shared_ptr<const AttentionTrace> trace) {
    const bool empty = hasNoAttention(trace.get());
    setStatistics(trace, empty ? nullptr
                               : std::make_shared<const std::vector<HeadStatistics>>(computeHeadStatistics(*trace)));
}

void StatisticsView::setStatistics(std::shared_ptr<const AttentionTrace> trace,
                                   std::shared_ptr<const std::vector<HeadStatistics>> statistics,
                                   const QString& pendingText,
                                   std::shared_ptr<const std::vector<double>> meanValueNorms) {
    m_trace = std::move(trace);
    // Cross-attention's numbers are its own: where the source's end token and the alignment
    // are, not distances between two sentences' positions.
    // A model with attention sinks adds what each head gave its sink.
    const QList<HeadMetric> metrics = m_trace ? metricsFor(m_trace->model(), m_trace->stack()) : allHeadMetrics();
    if (metrics != m_model->metrics()) {
        m_model->setMetrics(metrics);
        fillMetricBox(metrics);
    }
    const bool empty = hasNoAttention(m_trace.get()) || !statistics;
    if (m_emptyText.isEmpty())
        m_emptyText = m_emptyLabel->text();
    m_emptyLabel->setText(hasNoAttention(m_trace.get()) || pendingText.isEmpty() ? m_emptyText : pendingText);
    m_model->setStatistics(statistics ? *statistics : std::vector<HeadStatistics>(),
                           statistics && meanValueNorms ? *meanValueNorms : std::vector<double>());
    m_stack->setCurrentWidget(empty ? static_cast<QWidget*>(m_emptyLabel) : m_table);
}

QString StatisticsView::message() const {
    return m_stack->currentWidget() == m_emptyLabel ? m_emptyLabel->text() : QString();
}

void StatisticsView::setCurrentHead(int layer, int head) {
    for (int row = 0; row < m_model->rowCount(); ++row) {
        const HeadStatistics& s = m_model->statisticsAt(row);
        if (s.layer == layer && s.head == head) {
            const QModelIndex index = m_proxy->mapFromSource(m_model->index(row, 0));
            m_table->setCurrentIndex(index);
            m_table->scrollTo(index);
            return;
        }
    }
}

void StatisticsView::setMetric(std::optional<HeadMetric> metric) {
    m_metricBox->setCurrentIndex(metric ? std::max(0, m_metricBox->findData(int(*metric))) : 0);
}

std::optional<HeadMetric> StatisticsView::chosenMetric() const {
    const int value = m_metricBox->currentData().toInt();
    if (value < 0)
        return std::nullopt;
    return HeadMetric(value);
}

void StatisticsView::activateRow(const QModelIndex& proxyIndex) {
    const QModelIndex source = m_proxy->mapToSource(proxyIndex);
    if (!source.isValid())
        return;
    const HeadStatistics& s = m_model->statisticsAt(source.row());
    emit headActivated(s.layer, s.head);
}

}  // namespace headmap::ui
