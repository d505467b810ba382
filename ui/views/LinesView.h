#pragma once
// The lines view (BertViz's "head view"): the tokens of the sentence in two columns, queries on
// the left and keys on the right, and a line from each query to each key it attends to, its
// opacity the weight, one colour per head; several heads of one layer at once (the checkboxes
// are the legend of colours). Hovering a token on the left shows only its outgoing lines, on
// the right only its incoming ones; a click pins the token (a second click, or a click beside
// the columns, lets go). For a sentence pair a filter keeps the lines from A to B or from B to
// A. It draws what it is given (views/AttentionLines.h chooses the lines, shared with the
// export, figures/LinesFigure.h) and knows nothing of the document.
//
// Long inputs: rows shrink to fit the height down to kMinRow pixels, then the columns scroll;
// labels thin out (every 2nd, 5th, 10th, … token, with their positions) where they would
// overlap; without a focused token each query keeps its strongest lines per head, and only
// the lines crossing the visible part are drawn. Painting is in LinesView_Paint.cpp.

#include <memory>
#include <vector>

#include <QList>
#include <QWidget>

#include "core/AttentionTrace.h"
#include "figures/AlignmentGeometry.h"
#include "figures/LinesFigure.h"
#include "views/AttentionLines.h"

class QCheckBox;
class QComboBox;
class QGridLayout;
class QLabel;
class QScrollArea;
class QToolButton;

namespace headmap::ui {

class LinesCanvas;

class LinesView : public QWidget {
    Q_OBJECT
public:
    static constexpr int kMinRow = 4;  // pixels per token before the columns scroll

    explicit LinesView(QWidget* parent = nullptr);
    ~LinesView() override;

    // trace: the whole sentence (null or empty: the empty state); the heads of `layer` are
    // drawn, over the tokens the view shows (special tokens hidden and rows renormalised when
    // hideSpecial). secondStart: the first token of sentence B in the whole sentence
    // (secondSentenceStart), -1 for a single text.
    void setData(std::shared_ptr<const AttentionTrace> trace, int layer, bool hideSpecial, int secondStart = -1);
    // The trace holds weight × value norm (AttentionMeasure::ValueNorm): opacity relative to the
    // layer's largest value instead of the weight itself.
    void setValueNorm(bool valueNorm);
    bool valueNorm() const { return m_valueNorm; }
    // The message shown instead of lines while there is no trace (e.g. "Computing attention…").
    void setPendingText(const QString& text);
    // The document's current head. While the view shows exactly the previous current head, it
    // follows to the new one; a choice of several heads is kept.
    void setCurrentHead(int head);

    int layer() const { return m_layer; }
    int heads() const;  // heads per layer of the trace; 0 without one
    QList<int> shownHeads() const { return m_shownHeads; }
    void setShownHeads(const QList<int>& heads);  // sorted, out-of-range heads dropped
    void setHeadShown(int head, bool shown);
    PairFilter filter() const { return m_filter; }
    void setFilter(PairFilter filter);
    bool hasPair() const { return !m_segments.empty(); }
    const std::vector<int>& segments() const { return m_segments; }

    LinesFocus hovered() const { return m_hovered; }
    LinesFocus pinned() const { return m_pinned; }
    void setPinned(const LinesFocus& focus);
    LinesFocus focus() const;  // the hovered token, else the pinned one

    // What is drawn now: the lines (lightest first) and whether some query lost lines to the cap.
    const std::vector<AttentionLine>& visibleLines() const { return m_lines; }
    bool linesCapped() const { return m_capped; }
    const LinesLimits& limits() const { return m_limits; }
    // Lines kept per query and head without a focused token (fewer on long inputs).
    int perQueryCap() const { return linesPerQuery(m_input, m_limits); }
    QStringList labels() const { return m_input.labels; }
    QStringList keyLabels() const { return m_input.keys(); }  // the right column: the source for cross-attention
    // The labels drawn now, by token (thinned on long inputs).
    QList<int> labelledTokens() const;
    QString title() const;
    QString note() const;

    // A token's label centre in canvas() coordinates (for tests, and hover).
    QPoint tokenPoint(LineSide side, int token) const;
    // The token at a canvas point: side None when none.
    LinesFocus tokenAt(const QPoint& point) const;
    QString queryTitle() const;  // the columns' titles: target and source for cross-attention
    QString keyTitle() const;
    double rowHeight() const { return m_row; }

    // The figure of what is on screen (the pinned token, not a passing hover).
    LinesFigureData figureData() const;

    QWidget* canvas() const;
    QScrollArea* scrollArea() const { return m_scroll; }
    QCheckBox* headBox(int head) const { return m_headBoxes.value(head, nullptr); }
    QComboBox* filterBox() const { return m_filterBox; }
    QLabel* noteLabel() const { return m_note; }

signals:
    void focusChanged();

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;  // the scroll area's resizes

private:
    friend class LinesCanvas;

    void rebuildHeadBoxes();
    void rebuildInput();    // heads, labels and segments from the trace
    void updateLines();     // the lines for the focus, filter and heads
    void layoutCanvas();    // row height, columns, canvas size (LinesView_Paint.cpp)
    void layoutAlignment(); // cross-attention: source row above, target row below (LinesView_Alignment.cpp)
    bool drawsAlignment() const { return m_input.sourceKeys(); }
    void setHovered(const LinesFocus& focus);
    void showState();       // title, note, controls

    std::shared_ptr<const AttentionTrace> m_trace;
    int m_layer = 0;
    bool m_hideSpecial = false;
    bool m_valueNorm = false;
    int m_currentHead = 0;
    QList<int> m_shownHeads{0};
    PairFilter m_filter = PairFilter::All;
    std::vector<int> m_segments;  // per shown token; empty: one text
    LinesInput m_input;
    LinesLimits m_limits;
    std::vector<AttentionLine> m_lines;
    bool m_capped = false;
    LinesFocus m_hovered, m_pinned;
    QString m_pendingText;

    // Canvas geometry in pixels (layoutCanvas).
    double m_row = 16;
    double m_top = 0;
    double m_labelWidth = 0;
    double m_linesLeft = 0, m_linesRight = 0;
    QList<int> m_labelled;
    QStringList m_labelTexts;
    QStringList m_keyLabelTexts;  // the right column's: the source's for cross-attention
    AlignmentGeometry m_alignment;  // cross-attention's rows, when drawsAlignment()

    QLabel* m_title;
    QGridLayout* m_headGrid;
    QList<QCheckBox*> m_headBoxes;
    QToolButton* m_allHeads;
    QToolButton* m_noHeads;
    QComboBox* m_filterBox;
    QScrollArea* m_scroll;
    LinesCanvas* m_canvas;
    QLabel* m_note;
    QLabel* m_hint;  // how to hover: columns or an alignment
};

}  // namespace headmap::ui
