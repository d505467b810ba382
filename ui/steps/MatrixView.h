#pragma once
// One matrix of the step-by-step walk-through, drawn as a coloured grid of numbers: a title with
// its name and shape ("Q (12 × 16)"), the grid (tokens as row labels, column numbers on top) and
// a small colour legend. Signed matrices use diverging colours around 0, weights viridis on
// 0..1; −∞ (masked) cells are grey and hatched. Zoom with Ctrl+wheel or the −/+ buttons;
// "Summarise columns" replaces every block of 16 columns by its mean |value|, so a 768-wide
// matrix fits. Clicking a cell emits cellClicked; a highlighted row (the selected token) is
// outlined.

#include <QWidget>

#include "steps/MatrixGrid.h"

class QCheckBox;
class QLabel;
class QToolButton;

namespace headmap::ui {

class MatrixLegend;

class MatrixView : public QWidget {
    Q_OBJECT
public:
    static constexpr int kSummaryBlock = 16;

    explicit MatrixView(QWidget* parent = nullptr);

    // name: rich text ("W<sub>Q</sub>"); the title adds the shape. rowLabels: tokens (empty:
    // row numbers); columnLabels: e.g. tokens for T × T matrices (empty: column numbers).
    void setMatrix(const MatrixF& values, const QString& name, const QStringList& rowLabels,
                   MatrixScale scale, const QStringList& columnLabels = {});
    void clear();

    QString name() const { return m_name; }
    QString title() const;  // plain text, e.g. "Q (12 × 16)"
    int rows() const { return m_grid->rows(); }
    int columns() const { return m_grid->columns(); }  // as shown (blocks when summarised)
    int matrixColumns() const { return m_grid->matrixColumns(); }
    double valueAt(int row, int column) const { return m_grid->valueAt(row, column); }
    QString textAt(int row, int column) const { return m_grid->textAt(row, column); }
    bool numbersShown() const { return m_grid->numbersShown(); }

    // The widget that receives clicks on cells, and a cell's rectangle in its coordinates.
    QWidget* cellArea() const;
    QRect cellRect(int row, int column) const { return m_grid->cellRect(row, column); }
    void scrollToCell(int row, int column) { m_grid->ensureCellVisible(row, column); }
    MatrixGrid* grid() const { return m_grid; }

    double zoom() const { return m_grid->zoom(); }
    void setZoom(double zoom) { m_grid->setZoom(zoom); }
    void zoomIn();
    void zoomOut();
    void setSummarizeColumns(bool on);
    bool summarizeColumns() const { return m_grid->summaryBlock() > 0; }

    void setHighlightedRow(int row) { m_grid->setHighlightedRow(row); }
    int highlightedRow() const { return m_grid->highlightedRow(); }
    void setHighlightedColumns(int first, int count) { m_grid->setHighlightedColumns(first, count); }
    void setMarkedCell(int row, int column) { m_grid->setMarkedCell(row, column); }

    // Height that shows the whole matrix (or as much as `limit` allows), for stacked pages.
    int preferredHeight(int limit) const;

signals:
    void cellClicked(int row, int column);
    void rowClicked(int row);

protected:
    void changeEvent(QEvent* event) override;

private:
    void updateTitle();
    void applyTitleFont();

    QString m_name;
    QLabel* m_title = nullptr;
    QCheckBox* m_summarize = nullptr;
    QToolButton* m_zoomOut = nullptr;
    QToolButton* m_zoomIn = nullptr;
    MatrixGrid* m_grid = nullptr;
    MatrixLegend* m_legend = nullptr;
};

}  // namespace headmap::ui
