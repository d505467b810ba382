#pragma once
// The scrolling grid inside a MatrixView: one coloured cell per entry with its number, row
// labels (tokens) on the left and column numbers on top, both staying in place while the cells
// scroll. Only the visible cells are painted, from a colour image made once per matrix, so a
// 512 × 768 matrix scrolls as fast as a small one. Ctrl+wheel zooms; numbers are hidden when the
// cells get too small for them. Until the user zooms, the cells shrink to fit the width.

#include <limits>

#include <QAbstractScrollArea>
#include <QImage>
#include <QStringList>
#include <qcustomplot.h>

#include "core/Tensor.h"

namespace headmap::ui {

enum class MatrixScale {
    Signed,   // diverging colours, symmetric around 0 (Q, K, V, scores, ...)
    Weights,  // viridis on 0..1 (attention weights)
};

class MatrixGrid : public QAbstractScrollArea {
    Q_OBJECT
public:
    explicit MatrixGrid(QWidget* parent = nullptr);

    // rowLabels name the rows (empty: row numbers); columnLabels name the columns (empty:
    // column numbers).
    void setMatrix(const MatrixF& values, const QStringList& rowLabels,
                   const QStringList& columnLabels, MatrixScale scale);
    // 0: every column; n > 0: one column per block of n columns, holding the block's mean |value|.
    void setSummaryBlock(int columns);
    int summaryBlock() const { return m_block; }

    int rows() const { return int(m_shown.rows()); }
    int columns() const { return int(m_shown.cols()); }  // as shown (blocks when summarised)
    int matrixColumns() const { return int(m_values.cols()); }
    double valueAt(int row, int column) const;  // as shown: the given value, or a block's mean |value|
    QString textAt(int row, int column) const;  // the number written in the cell
    // The labels as given (a token, or the row's number when none), and a column's as shown
    // ("0–15" for a block when summarised).
    QString rowLabel(int row) const { return row < m_rowLabels.size() ? m_rowLabels[row] : QString::number(row); }
    QString columnLabel(int column) const;
    static QString cellText(double value);      // 2–3 significant digits, "−∞" for -inf
    static bool isMasked(float value) { return value == -std::numeric_limits<float>::infinity(); }
    static QColor maskedColour();  // the grey behind −∞ cells
    static QBrush maskedHatch();   // the hatching over them

    QRect cellRect(int row, int column) const;  // in viewport() coordinates, as scrolled now
    void ensureCellVisible(int row, int column);
    double zoom() const { return m_zoom; }
    void setZoom(double zoom);  // 1: cells fit their numbers; stops the fitting to the width
    bool numbersShown() const;

    void setHighlightedRow(int row);  // outlined, label emphasised; -1: none
    int highlightedRow() const { return m_highlightedRow; }
    void setHighlightedColumns(int first, int count);  // in matrix columns; count 0: none
    void setMarkedCell(int row, int column);  // the clicked cell, outlined; -1: none

    bool hasMasked() const { return m_hasMasked; }
    QCPRange colourRange() const { return m_range; }
    QCPColorGradient gradient() const { return m_gradient; }  // a copy: its color() is not const
    QSize contentSize() const;  // labels plus cells at the current zoom
    // Token labels longer than this are elided: 140 px, or ten average characters when the
    // font is larger (presentation mode), so that big fonts do not cut every token short.
    int maxTokenWidth() const;
    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

signals:
    void cellClicked(int row, int column);
    void rowClicked(int row);  // a row label
    void zoomChanged(double zoom);

protected:
    void paintEvent(QPaintEvent* event) override;
    void resizeEvent(QResizeEvent* event) override;
    void mousePressEvent(QMouseEvent* event) override;
    void wheelEvent(QWheelEvent* event) override;
    void keyPressEvent(QKeyEvent* event) override;
    void scrollContentsBy(int dx, int dy) override;
    void changeEvent(QEvent* event) override;
    bool viewportEvent(QEvent* event) override;

private:
    void rebuildShown();
    void updateMetrics();
    void paintCells(QPainter& painter, int r0, int r1, int c0, int c1);
    void paintLabels(QPainter& painter, int r0, int r1, int c0, int c1);
    bool cellAt(QPoint pos, int* row, int* column) const;
    int cellX(int column) const;
    int cellY(int row) const;

    MatrixF m_values;  // as given
    MatrixF m_shown;   // as shown: m_values or its column blocks
    QStringList m_rowLabels;
    QStringList m_columnLabels;
    MatrixScale m_scale = MatrixScale::Signed;
    int m_block = 0;
    bool m_hasMasked = false;
    QCPRange m_range{-1, 1};
    QCPColorGradient m_gradient;
    QImage m_image;  // one pixel per shown cell
    bool m_imageDirty = true;

    double m_zoom = 1;
    bool m_fit = true;
    int m_cellWidth = 40;
    int m_cellHeight = 24;
    int m_baseWidth = 40;
    int m_baseHeight = 24;
    int m_labelWidth = 60;
    int m_headerHeight = 24;
    bool m_rotatedHeader = false;
    QSize m_lastHint;

    int m_highlightedRow = -1;
    int m_firstColumn = 0;
    int m_columnCount = 0;
    int m_markedRow = -1;
    int m_markedColumn = -1;
};

}  // namespace headmap::ui
