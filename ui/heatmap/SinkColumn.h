#pragma once
// The heatmap's sink column (gpt-oss, #39): a strip right of the cells with one cell per row,
// the row's sink mass (1 − the row's sum: what the head gave its learned sink instead of any
// token), on a colour scale of its own from 0 to 1 in the heatmap's colours. Its rows follow the
// heatmap's (zoom and pan); it is in the plot's layout only while the head shown has sinks, so
// every other heatmap keeps its layout.

#include <vector>

#include <QPoint>
#include <QPointF>

class QCustomPlot;
class QCPAxis;
class QCPAxisRect;
class QCPColorGradient;
class QCPColorMap;
class QCPMarginGroup;
class QCPRange;

namespace headmap::ui {

class SinkColumn {
public:
    // rows: the heatmap's row axis, whose range the column follows (followRows, called by the
    // view whenever its range changes).
    SinkColumn(QCustomPlot* plot, QCPAxis* rows, QCPMarginGroup* margins);
    ~SinkColumn();
    SinkColumn(const SinkColumn&) = delete;
    SinkColumn& operator=(const SinkColumn&) = delete;

    // mass: one value per row; empty hides the column.
    void setValues(std::vector<float> mass);
    bool isShown() const { return !m_mass.empty(); }
    const std::vector<float>& values() const { return m_mass; }
    void setGradient(const QCPColorGradient& gradient);
    // The row under `pos` (the plot's coordinates), or -1 off the column.
    int rowAt(const QPointF& pos) const;
    QPoint cellCenter(int row) const;  // in the plot's coordinates
    void followRows(const QCPRange& range);

private:
    QCustomPlot* m_plot;
    QCPAxis* m_rows;
    QCPAxisRect* m_rect;
    QCPColorMap* m_map;
    std::vector<float> m_mass;
    bool m_inLayout = false;
};

}  // namespace headmap::ui
