#pragma once
// The Head roles view's table: one row per head, columns Layer, Head, every role score and the
// divergence when a second model was compared. Values show with 3 decimals; SortRole gives the
// exact number, so that a QSortFilterProxyModel sorts numerically.

#include <memory>

#include <QAbstractTableModel>

#include "roles/HeadRolesMeasure.h"

namespace headmap::ui {

class HeadRolesTableModel : public QAbstractTableModel {
    Q_OBJECT
public:
    static constexpr int SortRole = Qt::UserRole + 1;
    static constexpr int LayerColumn = 0;
    static constexpr int HeadColumn = 1;
    static constexpr int FirstMeasureColumn = 2;  // then measure m at FirstMeasureColumn + m

    explicit HeadRolesTableModel(QObject* parent = nullptr);

    void setResult(std::shared_ptr<const HeadRoleResult> result);
    const HeadRoleResult* result() const { return m_result.get(); }

    int rowCount(const QModelIndex& parent = QModelIndex()) const override;
    int columnCount(const QModelIndex& parent = QModelIndex()) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    std::shared_ptr<const HeadRoleResult> m_result;
};

}  // namespace headmap::ui
