#pragma once
// An attention heatmap: one cell per (query, key), queries as rows from the top, keys as
// columns, token labels on both axes and a colour scale. It shows the matrix it is given and
// knows nothing about models.

#include <QStringList>
#include <QWidget>

#include "core/Tensor.h"

class QCustomPlot;
class QCPColorMap;
class QCPColorScale;
class QMouseEvent;

namespace headmap::ui {

class HeatmapView : public QWidget {
    Q_OBJECT
public:
    explicit HeatmapView(QWidget* parent = nullptr);

    // values: (queries, keys) in [0, 1]; labels name the rows (queries) and columns (keys).
    void setMatrix(const MatrixF& values, const QStringList& queryLabels,
                   const QStringList& keyLabels, const QString& title);
    void clear();

    int queryCount() const { return int(m_values.rows()); }
    int keyCount() const { return int(m_values.cols()); }
    // The value drawn in a cell, read back from the plot's own data.
    double cellValue(int query, int key) const;
    // The widget position of a cell's centre, for hovering and for tests.
    QPoint cellCenter(int query, int key) const;
    QString hoverText() const { return m_hoverText; }
    QCustomPlot* plot() const { return m_plot; }

signals:
    void cellHovered(int query, int key, float weight);

protected:
    void resizeEvent(QResizeEvent* event) override;

private:
    void onMouseMove(QMouseEvent* event);
    void updateTickLabels();

    QCustomPlot* m_plot;
    QCPColorMap* m_map;
    QCPColorScale* m_scale;
    MatrixF m_values;
    QStringList m_queryLabels;
    QStringList m_keyLabels;
    QString m_hoverText;
};

}  // namespace headmap::ui
