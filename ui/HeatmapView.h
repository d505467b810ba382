#pragma once
// An attention heatmap: one cell per (query, key), queries as rows from the top, keys as
// columns, token labels on both axes and a colour scale. It shows the matrix it is given and
// knows nothing about models. Wheel zooms, drag pans, double-click resets; clicking a cell or a
// label selects a token, whose row and column are outlined.

#include <QStringList>
#include <QWidget>

#include "Colormaps.h"
#include "core/Tensor.h"

class QCustomPlot;
class QCPColorMap;
class QCPColorScale;
class QCPItemRect;
class QCPItemText;
class QMouseEvent;

namespace headmap::ui {

enum class ScaleMode {
    Fixed,      // 0..1: weights comparable across heads
    RowMax,     // each row against its own maximum: where each token looks most
    GlobalMax,  // 0..largest weight shown
    Log,        // log10, for the long tail of small weights
};
QString scaleModeName(ScaleMode mode);
QList<ScaleMode> allScaleModes();

struct HeatmapStyle {
    Colormap colormap = Colormap::Viridis;
    ScaleMode scale = ScaleMode::Fixed;
    bool showValues = false;  // numbers in the cells, where they fit
};

class HeatmapView : public QWidget {
    Q_OBJECT
public:
    explicit HeatmapView(QWidget* parent = nullptr);

    // values: (queries, keys) attention weights; labels name the rows and columns.
    void setMatrix(const MatrixF& values, const QStringList& queryLabels,
                   const QStringList& keyLabels, const QString& title);
    // Signed values (e.g. head A − head B): diverging colours on a range symmetric around 0.
    void setDifference(const MatrixF& values, const QStringList& queryLabels,
                       const QStringList& keyLabels, const QString& title);
    void clear(const QString& message = QString());

    void setStyle(const HeatmapStyle& style);
    const HeatmapStyle& style() const { return m_style; }
    // What the colour scale measures, when not attention weights (e.g. rollout); empty: default.
    void setValueLabel(const QString& label);
    void setSelectedToken(int index);  // -1: none
    int selectedToken() const { return m_selected; }
    void resetZoom();

    int queryCount() const { return int(m_values.rows()); }
    int keyCount() const { return int(m_values.cols()); }
    float value(int query, int key) const { return m_values(query, key); }  // as given
    double cellValue(int query, int key) const;  // as plotted (after the scale mode)
    QPoint cellCenter(int query, int key) const;  // in this widget's coordinates
    QString hoverText() const { return m_hoverText; }
    int cellTextCount() const { return int(m_cellTexts.size()); }  // numbers drawn in cells
    QString title() const;
    QCustomPlot* plot() const { return m_plot; }

signals:
    void cellHovered(int query, int key, float value);
    void tokenSelected(int index);

protected:
    void resizeEvent(QResizeEvent* event) override;
    void changeEvent(QEvent* event) override;

private:
    void display(const MatrixF& values, const QStringList& queryLabels, const QStringList& keyLabels,
              const QString& title, bool difference);
    void applyStyle();
    void applyPaletteAndFont();  // follows the system's light/dark palette and the font size
    void onMouseMove(QMouseEvent* event);
    void onMousePress(QMouseEvent* event);
    void onMouseRelease(QMouseEvent* event);
    void onRangeChanged();
    void updateTickLabels();
    void updateCellTexts();
    void updateSelection();
    bool cellAt(const QPointF& pos, int* query, int* key) const;

    QCustomPlot* m_plot;
    QCPColorMap* m_map;
    QCPColorScale* m_scale;
    QCPItemRect* m_rowOutline;
    QCPItemRect* m_columnOutline;
    QList<QCPItemText*> m_cellTexts;
    MatrixF m_values;
    QStringList m_queryLabels;
    QStringList m_keyLabels;
    HeatmapStyle m_style;
    bool m_difference = false;
    int m_selected = -1;
    QPointF m_pressPos;
    QString m_hoverText;
    QString m_valueLabel;
};

}  // namespace headmap::ui
