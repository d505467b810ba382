#include "views/HeadStatisticsModel.h"

namespace headmap::ui {

HeadStatisticsModel::HeadStatisticsModel(QObject* parent)
    : QAbstractTableModel(parent), m_metrics(allHeadMetrics()) {}

void HeadStatisticsModel::setStatistics(std::vector<HeadStatistics> statistics, std::vector<double> meanValueNorms) {
    beginResetModel();
    m_statistics = std::move(statistics);
    m_valueNorms = meanValueNorms.size() == m_statistics.size() ? std::move(meanValueNorms) : std::vector<double>();
    endResetModel();
}

void HeadStatisticsModel::setMetrics(const QList<HeadMetric>& metrics) {
    if (metrics == m_metrics)
        return;
    beginResetModel();
    m_metrics = metrics;
    endResetModel();
}

int HeadStatisticsModel::columnFor(HeadMetric metric) const {
    const int index = int(m_metrics.indexOf(metric));
    return index < 0 ? -1 : FirstMetricColumn + index;
}

int HeadStatisticsModel::valueNormColumn() const {
    return m_valueNorms.empty() ? -1 : FirstMetricColumn + int(m_metrics.size());
}

int HeadStatisticsModel::columnOf(HeadMetric metric) {
    return FirstMetricColumn + int(allHeadMetrics().indexOf(metric));
}

int HeadStatisticsModel::rowCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : int(m_statistics.size());
}

int HeadStatisticsModel::columnCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : FirstMetricColumn + int(m_metrics.size()) + (m_valueNorms.empty() ? 0 : 1);
}

QVariant HeadStatisticsModel::data(const QModelIndex& index, int role) const {
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return QVariant();
    const HeadStatistics& s = m_statistics[size_t(index.row())];
    const int column = index.column();
    if (column == LayerColumn || column == HeadColumn) {
        const int value = column == LayerColumn ? s.layer : s.head;
        switch (role) {
        case Qt::DisplayRole:
        case SortRole: return value;
        case Qt::TextAlignmentRole: return int(Qt::AlignRight | Qt::AlignVCenter);
        default: return QVariant();
        }
    }
    if (column == valueNormColumn()) {
        const double value = m_valueNorms[size_t(index.row())];
        switch (role) {
        case Qt::DisplayRole: return QString::number(value, 'f', 3);
        case SortRole: return value;
        case Qt::ToolTipRole:
            return tr("Layer %1, head %2: mean α·‖v·W_O‖ = %3").arg(s.layer).arg(s.head).arg(value, 0, 'g', 8);
        case Qt::TextAlignmentRole: return int(Qt::AlignRight | Qt::AlignVCenter);
        default: return QVariant();
        }
    }
    const HeadMetric metric = m_metrics[column - FirstMetricColumn];
    const double value = metricValue(s, metric);
    switch (role) {
    case Qt::DisplayRole: return QString::number(value, 'f', 3);
    case SortRole: return value;
    case Qt::ToolTipRole:
        return tr("Layer %1, head %2: %3 = %4").arg(s.layer).arg(s.head).arg(metricName(metric))
            .arg(value, 0, 'g', 8);
    case Qt::TextAlignmentRole: return int(Qt::AlignRight | Qt::AlignVCenter);
    default: return QVariant();
    }
}

QVariant HeadStatisticsModel::headerData(int section, Qt::Orientation orientation, int role) const {
    if (orientation != Qt::Horizontal || section < 0 || section >= columnCount())
        return QAbstractTableModel::headerData(section, orientation, role);
    if (section == LayerColumn || section == HeadColumn) {
        if (role == Qt::DisplayRole)
            return section == LayerColumn ? tr("Layer") : tr("Head");
        if (role == Qt::ToolTipRole)
            return section == LayerColumn ? tr("The layer, counted from 0")
                                          : tr("The head within its layer, counted from 0");
        return QVariant();
    }
    if (section == valueNormColumn()) {
        if (role == Qt::DisplayRole)
            return tr("mean ‖αv‖");
        if (role == Qt::ToolTipRole)
            return tr("Mean of weight × value norm, α_ij·‖v_j·W_O‖, over the entries a query may attend to: how "
                      "far the head actually moves the tokens' representations (Kobayashi et al. 2020). "
                      "Over the tokenizer's pieces.");
        return QVariant();
    }
    const HeadMetric metric = m_metrics[section - FirstMetricColumn];
    if (role == Qt::DisplayRole)
        return metricName(metric);
    if (role == Qt::ToolTipRole)
        return metricDescription(metric);
    return QVariant();
}

}  // namespace headmap::ui
