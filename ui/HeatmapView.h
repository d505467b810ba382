#pragma once
// An attention heatmap: one cell per (query, key), queries as rows from the top, keys as
// columns, token labels on both axes and a colour scale. It shows the matrix it is given and
// knows nothing about models. Wheel zooms, drag pans, double-click resets; clicking a cell or a
// label selects a token, whose row and column are outlined.
//
// Long inputs: axis labels thin out to every n-th token (n = 1, 2, 5, 10, …) for the zoom and
// size, and thinned labels carry their position ("it #10"); zooming in reaches every label. A
// search box above the plot (Ctrl+F) jumps to a token and outlines it. Past kScaleHintTokens
// tokens on the 0..1 scale a hint offers the per-row scale. Masked cells of causal models (a
// token may not look at later ones) are grey and hatched, not coloured as weights of 0.
//
// Any length: the colour map holds only the cells in view, at the level of detail whose tiles
// are about a screen pixel (engine/analysis/AttentionPyramid), so a redraw costs what the
// screen holds, not T². Pooled tiles show the maximum of their block (sharp heads stay
// visible) or its mean, as the user picks; the colour bar's label says which and how large the
// blocks are. Hover and the cell values always report the exact weight of the original cell.
// Split by feature: heatmap/HeatmapView_Labels.cpp (axis labels, hover text),
// heatmap/HeatmapView_Search.cpp (search and the scale hint), heatmap/HeatmapView_Tiles.cpp
// (the tiles in view and their level of detail).

#include <memory>
#include <optional>
#include <vector>

#include <QStringList>
#include <QWidget>

#include "Colormaps.h"
#include "analysis/AttentionPyramid.h"
#include "heatmap/HeatmapContent.h"
#include "heatmap/HeatmapStyle.h"
#include "core/Tensor.h"

class QCustomPlot;
class QCPColorMap;
class QCPColorScale;
class QCPItemRect;
class QCPItemText;
class QCPTextElement;
class QLineEdit;
class QMouseEvent;
class QShortcut;

namespace headmap::ui {

class HeatmapToolbar;
class MaskOverlay;
class SinkColumn;
class PendingOverlay;

class HeatmapView : public QWidget {
    Q_OBJECT
public:
    static constexpr int kScaleHintTokens = 64;  // longer inputs on the 0..1 scale get the hint

    explicit HeatmapView(QWidget* parent = nullptr);
    ~HeatmapView() override;

    // values: (queries, keys) attention weights; labels name the rows and columns.
    void setMatrix(const MatrixF& values, const QStringList& queryLabels,
                   const QStringList& keyLabels, const QString& title);
    // Signed values (e.g. head A − head B): diverging colours on a range symmetric around 0.
    void setDifference(const MatrixF& values, const QStringList& queryLabels,
                       const QStringList& keyLabels, const QString& title);
    void clear(const QString& message = QString());
    // Shows content as setMatrix/setDifference would, adopting what prepareContent worked out
    // (a worker ran it, see heatmap/HeadLoader.h): no pass over the cells on this thread, and its
    // pyramid when it is of pyramidKind(content.difference). Unprepared content is prepared here.
    void setContent(HeatmapContent content);
    // The pyramid this view would build now for a matrix (difference: signed values).
    PyramidKind pyramidKind(bool difference) const;
    // While the next matrix is computed elsewhere: the current one stays, dimmed, under text
    // ("Computing layer 3, head 5…") and hover reports nothing. Showing anything (setContent,
    // setMatrix, clear) ends it; an empty text ends it too.
    void setPending(const QString& text);
    // Lets go of the matrix (tens of MB at thousands of tokens) while the next one, of the same
    // shape, is computed elsewhere: the view shows text on an empty plot, and the next setContent
    // of that shape comes back with the user's zoom and selected token, as a new head does.
    void releaseMatrix(const QString& pendingText);
    // What `other` shows, for a view that will show the same matrices (a window rebuilt in
    // another language): its search text, positions switch and pooling at once, its zoom and
    // selected token with the next matrix of its shape, as after releaseMatrix.
    void adoptViewOf(const HeatmapView& other);
    bool isPending() const;
    QString pendingText() const;

    void setStyle(const HeatmapStyle& style);
    const HeatmapStyle& style() const { return m_style; }
    // What the colour scale measures, when not attention weights (e.g. rollout); empty: default.
    void setValueLabel(const QString& label);
    void setSelectedToken(int index);  // -1: none
    int selectedToken() const { return m_selected; }
    void resetZoom();

    int queryCount() const { return int(shown().rows()); }
    int keyCount() const { return int(shown().cols()); }
    float value(int query, int key) const { return shown()(query, key); }  // as given
    double cellValue(int query, int key) const;  // as plotted (after the scale mode)
    QPoint cellCenter(int query, int key) const;  // in this widget's coordinates
    // The sink column (models with attention sinks): each row's sink mass, empty when the head
    // shown has none, and the centre of a row's cell in this widget's coordinates.
    const std::vector<float>& sinkMass() const;
    QPoint sinkCellCenter(int query) const;
    QString hoverText() const { return m_hoverText; }
    int cellTextCount() const { return int(m_cellTexts.size()); }  // numbers drawn in cells
    QString title() const;
    QCustomPlot* plot() const { return m_plot; }
    // Cross-attention content (HeatmapContent::sourceKeys): target rows, source columns. The
    // selected token is then a row's, and a search match lies on one axis (currentMatchAxis).
    bool hasSourceKeys() const { return m_sourceKeys; }

    // The matrix comes from a causal model: cells above the diagonal that are exactly 0 are
    // masked, drawn grey and hatched, and named so in the hover text and under the plot. Set it
    // before setMatrix/setDifference; it stays until changed.
    void setCausalMask(bool causal);
    bool causalMask() const { return m_causal; }
    bool isMasked(int query, int key) const;
    int maskedCellCount() const;
    const CellMask& cellMask() const;  // the masked cells shown (content.mask); empty: none
    QString maskNote() const;  // the line under the plot explaining the hatching; empty: none
    // That line for a mask (causal, or a sliding window when some masked cell lies before its
    // query); empty when nothing is masked.
    static QString maskNoteFor(const CellMask& mask);
    // The same in brief, for figures: "Grey, hatched: masked (causal)".
    static QString maskLegendFor(const CellMask& mask);

    // Axis labels with positions ("it #10") even where every label fits. Thinned labels carry
    // them anyway. Hover texts always do.
    void setPositionsShown(bool shown);
    bool positionsShown() const { return m_positionsShown; }
    // The labels now on an axis, by cell index: Qt::Horizontal keys, Qt::Vertical queries.
    QList<QPair<int, QString>> tickLabels(Qt::Orientation axis) const;
    // Pixels one label needs along an axis; labels closer than this overlap.
    double labelExtent(Qt::Orientation axis) const;

    // Token search. Matches are labels containing the text (case-insensitive) or, for "#12",
    // the token at position 12. Jumps to the first match (from the current one on), zooming
    // until its label shows, and outlines its row and column. Returns the number of matches.
    int findToken(const QString& text);
    void findNext();
    QList<int> searchMatches() const { return m_matches; }
    int currentMatch() const { return m_match >= 0 ? m_matches.value(m_match, -1) : -1; }
    // Qt::Vertical: the current match is a row (a query), Qt::Horizontal: a column (a key);
    // with one sentence on both axes it is both, and this says Qt::Vertical.
    Qt::Orientation currentMatchAxis() const;
    QLineEdit* searchBox() const;
    void focusSearch();

    // The hint that offers the per-row scale (null-free; hidden when it does not apply).
    QWidget* scaleHint() const;
    bool scaleHintShown() const;
    // The row with the search box, the positions switch and the hint. Views that put several
    // heatmaps side by side hide it (and lose Ctrl+F), for room.
    void setToolbarVisible(bool visible);
    // A window that owns Ctrl+F for all its tabs (MainWindow's Find action) takes it from the
    // view: two shortcuts on one key would make Qt fire neither.
    void giveUpFindShortcut();
    // Shorter axis titles and a narrower colour bar, for heatmaps that share a row.
    void setCompact(bool compact);

    // Level of detail. How a pooled tile sums up its block: Pooling::Max (the default) or
    // Pooling::Mean; a difference shown with Max keeps the weight of largest magnitude, sign
    // and all. The toolbar offers the choice while the matrix has more cells than pixels.
    void setPooling(Pooling pooling);
    Pooling pooling() const { return m_pooling; }
    // The level drawn now: 0 is one cell per matrix entry, k pools 2^k × 2^k blocks.
    int shownLevel() const { return m_level; }
    // "max-pooled 16×16" while a pooled level is drawn (the colour bar's label carries it);
    // empty at level 0.
    QString poolingNote() const;
    // Cells the colour map holds now (bounded by the screen, not by T²).
    int drawnCellCount() const;

signals:
    void cellHovered(int query, int key, float value);
    void tokenSelected(int index);
    // The user asked for another scale (the long-input hint). The owner of the style changes
    // it and calls setStyle; with nothing connected the view changes its own style.
    void scaleModeRequested(ScaleMode mode);

protected:
    void resizeEvent(QResizeEvent* event) override;
    void changeEvent(QEvent* event) override;
    bool eventFilter(QObject* watched, QEvent* event) override;  // the pointer leaving the plot

private:
    void endHover();
    int updateMatches(const QString& text);  // findToken without drawing
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
    void updateMaskNote();
    bool cellAt(const QPointF& pos, int* query, int* key) const;
    // heatmap/HeatmapView_Tiles.cpp
    void updateTiles();  // the colour map's cells for the range in view, at its level of detail
    void showScaleLabel();
    void fitMaskNote();  // the mask note in lines as wide as the plot  // the colour bar's title and pooling note, fitted to the bar
    int levelForView() const;
    double plottedValue(int query, int key) const;  // cell (query, key) after the scale mode
    const AttentionPyramid& pyramid();
    QString hoverTextFor(int query, int key) const;
    QString expertsLine(int query) const;
    QString sinkHoverText(int query) const;
    // heatmap/HeatmapView_Search.cpp
    void buildToolbar();
    void jumpTo(int token, std::optional<Qt::Orientation> axis = std::nullopt);  // nullopt: both axes
    void applyAxisTitles();
    void updateSearchOutline();
    void updateScaleHint();
    void requestScale(ScaleMode mode);
    void showOnAxis(QCPAxis* axis, int index, int cells, Qt::Orientation orientation);

    QCustomPlot* m_plot;
    HeatmapToolbar* m_toolbar = nullptr;
    QShortcut* m_findShortcut = nullptr;
    bool m_ownsFindShortcut = true;
    QCPColorMap* m_map;
    QCPColorScale* m_scale;
    MaskOverlay* m_mask;
    std::unique_ptr<SinkColumn> m_sink;  // right of the cells while the head has sinks
    QCPTextElement* m_maskNote = nullptr;  // under the plot while cells are masked
    QCPItemRect* m_rowOutline;
    QCPItemRect* m_columnOutline;
    QCPItemRect* m_matchRow;
    QCPItemRect* m_matchColumn;
    QList<QCPItemText*> m_cellTexts;
    const MatrixF& shown() const { return *m_matrix; }  // (queries, keys) as given
    std::shared_ptr<const MatrixF> m_matrix = std::make_shared<const MatrixF>();  // never null
    // Level of detail (heatmap/HeatmapView_Tiles.cpp). The pyramid is built on first need, from
    // what is plotted (per-row scale included), and dropped when that changes.
    Pooling m_pooling = Pooling::Max;
    std::shared_ptr<const AttentionPyramid> m_pyramid;
    // What the colour scales need from the matrix, worked out once per matrix (prepareContent).
    std::vector<float> m_rowMaxima;  // (queries)
    float m_largest = 0.0f;
    float m_largestMagnitude = 0.0f;
    PendingOverlay* m_pendingOverlay = nullptr;
    std::vector<float> m_rowDivisors;  // per-row scale: each row's maximum (1 where ≤ 0); else empty
    float m_valueFloor = 0.0f;  // log scale: weights below share the darkest colour; else 0 (none)
    QString m_scaleLabel;  // the colour bar's label without the pooling note
    int m_level = 0;
    quint64 m_generation = 0;  // bumped when what is plotted changes: the tiles are redone
    struct TileWindow {
        quint64 generation = ~0ull;
        int level = -1, firstRow = 0, lastRow = -1, firstCol = 0, lastCol = -1;
        bool operator==(const TileWindow& o) const {
            return generation == o.generation && level == o.level && firstRow == o.firstRow && lastRow == o.lastRow
                   && firstCol == o.firstCol && lastCol == o.lastCol;
        }
    };
    TileWindow m_tiles;
    QStringList m_queryLabels;
    std::vector<std::vector<int>> m_queryExperts;  // HeatmapContent::queryExperts
    QStringList m_keyLabels;
    HeatmapStyle m_style;
    bool m_difference = false;
    int m_selected = -1;
    struct ReleasedView {  // what releaseMatrix keeps for the matrix that follows
        int queries = 0, keys = 0, selected = -1;
        double xLower = 0, xUpper = 0, yLower = 0, yUpper = 0;  // the axes' ranges
    };
    std::optional<ReleasedView> m_released;
    ReleasedView currentView() const;  // the shape, selection and zoom on show
    QPointF m_pressPos;
    QString m_hoverText;
    QString m_valueLabel;
    bool m_causal = false;
    bool m_positionsShown = false;
    bool m_toolbarVisible = true;
    bool m_compact = false;
    QString m_search;
    QList<int> m_matches;
    QList<bool> m_matchOnKeys;  // per match, with source keys: a column's, not a row's
    bool m_sourceKeys = false;
    int m_match = -1;  // index into m_matches
};

}  // namespace headmap::ui
