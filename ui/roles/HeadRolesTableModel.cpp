#include "roles/HeadRolesTableModel.h"

namespace headmap::ui {

HeadRolesTableModel::HeadRolesTableModel(QObject* parent) : QAbstractTableModel(parent) {}

void HeadRolesTableModel::setResult(std::shared_ptr<const HeadRoleResult> result) {
    // Partial results of the same model keep the shape: only the numbers change, and the view
    // keeps its sort order and scroll position.
    const bool sameShape = m_result && result && m_result->layers == result->layers &&
                           m_result->heads == result->heads && m_result->hasDivergence() == result->hasDivergence();
    if (sameShape) {
        m_result = std::move(result);
        emit dataChanged(index(0, 0), index(rowCount() - 1, columnCount() - 1));
        return;
    }
    beginResetModel();
    m_result = std::move(result);
    endResetModel();
}

int HeadRolesTableModel::rowCount(const QModelIndex& parent) const {
    return parent.isValid() || !m_result ? 0 : m_result->layers * m_result->heads;
}

int HeadRolesTableModel::columnCount(const QModelIndex& parent) const {
    if (parent.isValid())
        return 0;
    return FirstMeasureColumn + kHeadRoleCount + (m_result && m_result->hasDivergence() ? 1 : 0);
}

QVariant HeadRolesTableModel::data(const QModelIndex& index, int role) const {
    if (!m_result || !index.isValid())
        return QVariant();
    const int layer = index.row() / m_result->heads;
    const int head = index.row() % m_result->heads;
    if (index.column() == LayerColumn || index.column() == HeadColumn) {
        if (role == Qt::DisplayRole || role == SortRole)
            return index.column() == LayerColumn ? layer : head;
        if (role == Qt::TextAlignmentRole)
            return int(Qt::AlignRight | Qt::AlignVCenter);
        return QVariant();
    }
    const int measure = index.column() - FirstMeasureColumn;
    const double value = measureValues(*m_result, measure)[m_result->index(layer, head)];
    switch (role) {
    case Qt::DisplayRole: return measureText(value);
    case SortRole: return value;
    case Qt::TextAlignmentRole: return int(Qt::AlignRight | Qt::AlignVCenter);
    default: return QVariant();
    }
}

QVariant HeadRolesTableModel::headerData(int section, Qt::Orientation orientation, int role) const {
    if (orientation != Qt::Horizontal)
        return QVariant();
    if (role == Qt::DisplayRole) {
        if (section == LayerColumn)
            return tr("Layer");
        if (section == HeadColumn)
            return tr("Head");
        return headRoleTitle(section - FirstMeasureColumn);
    }
    if (role == Qt::ToolTipRole && section >= FirstMeasureColumn)
        return headRoleHint(section - FirstMeasureColumn);
    return QVariant();
}

}  // namespace headmap::ui
