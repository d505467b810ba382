#pragma once
// One row per head with the numbers that say what kind of head it is (HeadStatistics): a
// sortable table, and a choice of metric to colour the head grid by. Double-click or Enter on a
// row opens that head.

#include <memory>
#include <optional>

#include <QWidget>

#include "analysis/HeadStatistics.h"
#include "core/AttentionTrace.h"
#include "views/HeadStatisticsModel.h"
#include "views/ViewSupport.h"

class QComboBox;
class QLabel;
class QSortFilterProxyModel;
class QStackedWidget;
class QTableView;

namespace headmap::ui {

class StatisticsView : public QWidget {
    Q_OBJECT
public:
    explicit StatisticsView(QWidget* parent = nullptr);

    void setTrace(std::shared_ptr<const AttentionTrace> trace);  // null: the empty state
    // The same with statistics computed elsewhere (the document's worker); null statistics
    // with a trace: they are on their way, pendingText says so.
    void setStatistics(std::shared_ptr<const AttentionTrace> trace,
                       std::shared_ptr<const std::vector<HeadStatistics>> statistics,
                       const QString& pendingText = QString(),
                       std::shared_ptr<const std::vector<double>> meanValueNorms = nullptr);
    void setCurrentHead(int layer, int head);  // selects that row, without emitting headActivated
    // Sets the "Colour the grid by" choice; emits metricChosen when it changes.
    void setMetric(std::optional<HeadMetric> metric);
    std::optional<HeadMetric> chosenMetric() const;

    HeadStatisticsModel* model() const { return m_model; }
    QSortFilterProxyModel* proxy() const { return m_proxy; }
    QTableView* table() const { return m_table; }
    QComboBox* metricBox() const { return m_metricBox; }
    QString message() const;  // the empty-state text; empty while the table is shown

signals:
    void headActivated(int layer, int head);
    void metricChosen(std::optional<headmap::HeadMetric> metric);

private:
    void fillMetricBox(const QList<HeadMetric>& metrics);  // "none", then the metrics; keeps the choice
    void activateRow(const QModelIndex& proxyIndex);

    std::shared_ptr<const AttentionTrace> m_trace;
    HeadStatisticsModel* m_model;
    QSortFilterProxyModel* m_proxy;
    QTableView* m_table;
    QComboBox* m_metricBox;
    QStackedWidget* m_stack;
    QLabel* m_emptyLabel;
    QString m_emptyText;  // the empty label's own text, while pendingText borrows the label
};

}  // namespace headmap::ui
