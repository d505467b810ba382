#pragma once
// The whole model on one screen: a layers × heads grid of small heatmaps (rows are layers,
// columns are heads) plus, per layer, the mean and the max over its heads. Drawn with QPainter
// from one cached T×T image per cell, so 12 × 12 heads stay fast. Clicking a cell (or Enter on
// the current one) activates that head; the arrow keys move the current-head frame. The cells
// can be framed by a per-head metric (HeadStatistics), normalised over all heads.
// Heads can be selected (Ctrl+click, or dragging a rectangle) and switched off or restored
// (buttons above the grid, the context menu, or X / M / R); switched-off heads are greyed and
// crossed. Selection and ablation live in views/HeadGridView_Selection.cpp.

#include <memory>
#include <optional>
#include <utility>
#include <vector>

#include <QImage>
#include <QWidget>

#include "HeatmapView.h"
#include "analysis/HeadStatistics.h"
#include "core/AttentionTrace.h"
#include "core/HeadAblation.h"
#include "views/HeadGridImages.h"
#include "views/ViewSupport.h"

class QToolButton;

namespace headmap::ui {

class HeadGridView : public QWidget {
    Q_OBJECT
public:
    explicit HeadGridView(QWidget* parent = nullptr);

    void setTrace(std::shared_ptr<const AttentionTrace> trace);  // null: the empty state
    void setStyle(const HeatmapStyle& style);  // colormap and scale; showValues does not apply
    void setHideSpecialTokens(bool hide);
    void setCurrentHead(int layer, int head);
    void setMetric(std::optional<HeadMetric> metric);  // nullopt: no metric frames
    // Made elsewhere (the document's worker) so that nothing heavy runs on the GUI thread:
    // images of `shown` (trace as shown, after hiding) in the current style and hiding, and the
    // statistics of the whole trace for metric frames. Null images: the grid computes its own.
    void setImages(std::shared_ptr<const AttentionTrace> trace, std::shared_ptr<const AttentionTrace> shown,
                   const HeatmapStyle& style, bool hideSpecial, std::shared_ptr<const GridImages> images);
    void setStatistics(std::shared_ptr<const std::vector<HeadStatistics>> statistics);
    // Shown instead of the grid while its images are being made elsewhere; empty: none.
    void setPendingText(const QString& text);
    // What the cells show when not attention weights (weight × value norm); empty: weights.
    void setValueLabel(const QString& label);
    QString valueLabel() const { return m_valueLabel; }

    // Heads switched off in the trace shown: drawn greyed and crossed, named in the legend.
    // Every switched-off head of the model; the grid marks those of its own stack (setStack).
    void setAblations(const std::vector<HeadAblation>& ablations);
    // The stack whose heads the grid shows (encoder–decoder models), nullopt for one-stack
    // models: heads it switches off carry it.
    void setStack(std::optional<StackKind> stack);
    const std::vector<HeadAblation>& ablations() const { return m_ablations; }
    // Selected heads, (layer, head) in reading order. Plain clicks do not select: they activate.
    std::vector<std::pair<int, int>> selectedHeads() const;
    // Before the grid has its trace (a window built over a document that has one), the heads
    // are selected once it arrives.
    void setSelectedHeads(const std::vector<std::pair<int, int>>& heads);
    void clearSelectedHeads();
    // Switches the selected heads (or, with none selected, the current head) off or back on:
    // emits ablationsRequested with the whole new list.
    void switchOffSelected(AblationMode mode);
    void restoreSelected();
    QToolButton* zeroButton() const { return m_zeroButton; }
    QToolButton* meanButton() const { return m_meanButton; }
    QToolButton* restoreButton() const { return m_restoreButton; }

    const HeatmapStyle& style() const { return m_style; }
    bool hideSpecialTokens() const { return m_hideSpecial; }
    std::optional<HeadMetric> frameMetric() const { return m_metric; }
    int currentLayer() const { return m_currentLayer; }
    int currentHead() const { return m_currentHead; }

    // The grid's shape; 0 while nothing is shown. Columns 0 … heads−1 are heads, then
    // meanColumn() and maxColumn().
    int layerCount() const;
    int headCount() const;
    int columnCount() const { return layerCount() > 0 ? headCount() + 2 : 0; }
    int meanColumn() const { return headCount(); }
    int maxColumn() const { return headCount() + 1; }
    int tokenCount() const;  // T of each cell, after hiding special tokens
    // A cell's rectangle in widget coordinates; a null QRect when there is no such cell.
    QRect cellRect(int layer, int column) const;
    QString hoverText() const { return m_hoverText; }  // the last tooltip, empty off the cells
    QString message() const;  // the empty-state text; empty while the grid is shown

    // Draws the grid, labels and legend into (0, 0, size): the widget paints with it, exports too.
    void render(QPainter& painter, const QSize& size) const;
    using QWidget::render;

    QSize sizeHint() const override;
    // The size at which every thumbnail is kMinCell pixels: put in a scroll area, the grid
    // scrolls below it instead of shrinking the heads into unreadable dots.
    QSize minimumSizeHint() const override;
    static constexpr int kMinCell = 36;      // pixels: a thumbnail whose pattern can be read
    static constexpr double kMaxAspect = 2;  // a cell is at most twice as wide as high, or high as wide

signals:
    void headActivated(int layer, int head);
    void selectedHeadsChanged();
    // The heads to switch off from now on (all of them, not only the change).
    void ablationsRequested(const std::vector<headmap::HeadAblation>& ablations);

protected:
    void paintEvent(QPaintEvent* event) override;
    void mouseMoveEvent(QMouseEvent* event) override;
    void mousePressEvent(QMouseEvent* event) override;
    void mouseReleaseEvent(QMouseEvent* event) override;
    void keyPressEvent(QKeyEvent* event) override;
    void leaveEvent(QEvent* event) override;
    void contextMenuEvent(QContextMenuEvent* event) override;
    void resizeEvent(QResizeEvent* event) override;

private:
    struct Geometry {
        QFont labelFont;
        int heads = 0;
        int cellWidth = 0;   // in pixels: the cells fill the space they have (aspect at most
        int cellHeight = 0;  // kMaxAspect), at least kMinCell (the owner scrolls beyond)
        int cell = 0;        // the shorter side, for marks drawn inside a cell
        int spacing = 0;     // between neighbouring cells
        int gap = 0;         // extra space before the mean column
        QPoint origin;       // top-left of cell (0, 0)
        QRect caption;       // the line above the column labels
        int labelTop = 0;    // the column labels' baseline band
        QRect legend;        // the legend lines below the grid
        QRect cellRect(int layer, int column) const;
    };
    Geometry geometryFor(const QSize& size) const;
    QString captionText() const;
    QRect captionRect(int width, int rowLabelWidth) const;  // the wrapped caption at that width
    // What geometryFor and minimumSizeHint both place around the cells.
    int legendLinesHeight() const;
    int rowLabelsWidth() const;
    int cellsTop(const QRect& caption) const;  // below the caption and the column labels
    bool cellAt(const QPoint& pos, int* layer, int* column) const;
    void invalidateImages();
    bool hasImages() const;  // images given, or a trace short enough to draw here
    void ensureImages() const;
    void ensureMetricValues() const;
    void drawLegend(QPainter& painter, const Geometry& geometry) const;
    // HeadGridView_Selection.cpp
    void buildAblationButtons();
    void updateAblationButtons();
    void drawSelectionAndAblations(QPainter& painter, const Geometry& geometry) const;
    bool isAblated(int layer, int head) const;
    // The heads a press-drag-release chose: under the rubber band, or the one clicked.
    void finishBand(const QRect& band, bool add);
    void toggleSelected(int layer, int head);
    std::vector<std::pair<int, int>> targetHeads() const;  // selected, else the current head
    void fitSelectionToShape();  // after a new trace: the requested, kept or no selection
    bool selectionKey(QKeyEvent* event);

    std::shared_ptr<const AttentionTrace> m_trace;
    std::shared_ptr<const AttentionTrace> m_shown;  // m_trace as shown (special tokens hidden)
    HeatmapStyle m_style;
    bool m_hideSpecial = false;
    std::optional<HeadMetric> m_metric;
    mutable std::shared_ptr<const std::vector<HeadStatistics>> m_statistics;
    QString m_pendingText;
    int m_currentLayer = 0;
    int m_currentHead = 0;
    int m_pressLayer = -1;
    int m_pressColumn = -1;
    QPoint m_pressPos;
    QRect m_band;  // the rubber band while dragging; null otherwise
    QString m_hoverText;
    QString m_valueLabel;
    std::vector<HeadAblation> m_ablations;
    std::optional<StackKind> m_stack;
    bool isOwn(const HeadAblation& ablation) const;  // of the grid's stack
    std::vector<char> m_selected;  // layer-major, 1: selected
    std::vector<std::pair<int, int>> m_requestedSelection;  // set before the grid had a shape
    QWidget* m_buttons = nullptr;
    QToolButton* m_zeroButton = nullptr;
    QToolButton* m_meanButton = nullptr;
    QToolButton* m_restoreButton = nullptr;

    // Caches rebuilt when the trace, the style or hiding change.
    mutable bool m_imagesValid = false;
    mutable GridImages m_images;
    mutable std::vector<double> m_metricValues;  // per head, layer-major; empty: not computed
    mutable double m_metricLow = 0.0, m_metricHigh = 0.0;
};

}  // namespace headmap::ui
