#pragma once
// A table of per-head statistics: one row per (layer, head), columns Layer, Head and every
// HeadMetric, then "mean ‖αv‖" when the trace has value norms. Values show with 3 decimals;
// SortRole gives the exact number for numeric sorting.

#include <vector>

#include <QAbstractTableModel>

#include "analysis/HeadStatistics.h"

namespace headmap::ui {

class HeadStatisticsModel : public QAbstractTableModel {
    Q_OBJECT
public:
    static constexpr int SortRole = Qt::UserRole + 1;  // double (metrics) or int (layer, head)
    static constexpr int LayerColumn = 0;
    static constexpr int HeadColumn = 1;
    static constexpr int FirstMetricColumn = 2;

    explicit HeadStatisticsModel(QObject* parent = nullptr);

    // meanValueNorms: per head, layer-major like statistics (analysis/AttentionMeasure's
    // meanValueNormPerHead); empty: no such column.
    void setStatistics(std::vector<HeadStatistics> statistics, std::vector<double> meanValueNorms = {});
    // The metric columns, in order: allHeadMetrics() (self-attention) unless told otherwise,
    // e.g. metricsFor(StackKind::Cross) for cross-attention's.
    void setMetrics(const QList<HeadMetric>& metrics);
    const QList<HeadMetric>& metrics() const { return m_metrics; }
    int columnFor(HeadMetric metric) const;  // -1 when not a column now
    const std::vector<double>& meanValueNorms() const { return m_valueNorms; }
    // The "mean ‖αv‖" column; -1 while there is none.
    int valueNormColumn() const;
    const std::vector<HeadStatistics>& statistics() const { return m_statistics; }
    const HeadStatistics& statisticsAt(int row) const { return m_statistics[size_t(row)]; }
    static int columnOf(HeadMetric metric);  // among allHeadMetrics()

    int rowCount(const QModelIndex& parent = QModelIndex()) const override;
    int columnCount(const QModelIndex& parent = QModelIndex()) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    std::vector<HeadStatistics> m_statistics;
    std::vector<double> m_valueNorms;
    QList<HeadMetric> m_metrics;
};

}  // namespace headmap::ui
