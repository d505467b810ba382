#pragma once
// The token view: pick a query token and a key token, and a layers × heads heatmap shows how
// much that query attends to that key in every head, so "which heads link 'it' to 'animal'" is
// one look. Rows are layers (layer 0 on top), columns heads, coloured like the heatmap tab
// (colormap and scale mode); hovering a cell names the head and its weight, a click selects that
// head (headSelected), a double-click opens it (headActivated), and the current head is
// outlined. With special tokens hidden, each head's query row is renormalised over the tokens
// shown, as every other view does (withoutTokens). It knows nothing of the document.

#include <memory>

#include <QWidget>

#include "HeatmapView.h"
#include "core/AttentionTrace.h"
#include "figures/Figure.h"

class QComboBox;
class QCPColorMap;
class QCPColorScale;
class QCPItemRect;
class QCustomPlot;
class QMouseEvent;
class QToolButton;

namespace headmap::ui {

class TokenPairView : public QWidget {
    Q_OBJECT
public:
    explicit TokenPairView(QWidget* parent = nullptr);

    // trace: the whole sentence (null or empty: the empty state). The token lists hold the
    // tokens shown; a pair that no longer exists falls back to the defaults (the last token
    // that is not special looking at the first).
    void setData(std::shared_ptr<const AttentionTrace> trace, bool hideSpecial);
    void setPendingText(const QString& text);
    void setStyle(const HeatmapStyle& style);
    const HeatmapStyle& style() const { return m_style; }
    void setCurrentHead(int layer, int head);  // outlined; -1: none
    // Whole-sentence token indices; a hidden or missing token is ignored (keeps the old one).
    void setPair(int query, int key);
    void setQueryToken(int query);
    int queryToken() const { return m_query; }
    int keyToken() const { return m_key; }

    // (layers, heads): the weight from the query to the key in each head, as shown.
    const MatrixF& values() const { return m_values; }
    double cellValue(int layer, int head) const;  // as plotted (after the scale mode)
    QString title() const;
    QString hoverText() const { return m_hoverText; }
    QPoint cellCenter(int layer, int head) const;  // in plot() coordinates
    // The figure of what is on screen (HeatmapFigure with layer rows and head columns); null
    // without a trace.
    std::unique_ptr<Figure> figure() const;

    QCustomPlot* plot() const { return m_plot; }
    QComboBox* queryBox() const { return m_queryBox; }
    QComboBox* keyBox() const { return m_keyBox; }

signals:
    void headSelected(int layer, int head);
    void headActivated(int layer, int head);
    void pairChanged(int query, int key);
    void cellHovered(int layer, int head, float value);

protected:
    void changeEvent(QEvent* event) override;

private:
    void fillTokenBoxes();
    void compute();  // m_values for the pair
    void redraw();   // the plot from m_values and the style
    void applyPalette();
    bool cellAt(const QPointF& pos, int* layer, int* head) const;
    void onMouseMove(QMouseEvent* event);
    void onMouseRelease(QMouseEvent* event);
    QString keyLabel(int token) const;  // the source's token for cross-attention
    bool isShown(int index, bool key) const;  // a query (or key) token shown, special tokens hidden or not
    QString label(int token) const;  // "'it' #9"

    std::shared_ptr<const AttentionTrace> m_trace;
    bool m_hideSpecial = false;
    HeatmapStyle m_style;
    QString m_pendingText;
    int m_query = -1, m_key = -1;
    int m_currentLayer = -1, m_currentHead = -1;
    MatrixF m_values;  // (L, H)
    QString m_hoverText;
    QPointF m_pressPos;

    QComboBox* m_queryBox;
    QComboBox* m_keyBox;
    QToolButton* m_swap;
    QCustomPlot* m_plot;
    QCPColorMap* m_map;
    QCPColorScale* m_scale;
    QCPItemRect* m_outline;
};

}  // namespace headmap::ui
