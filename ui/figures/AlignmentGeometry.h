#pragma once
// Cross-attention's lines drawn as an alignment (issue #37): the source sentence in a row
// above, the target sentence in a row below, and a line from each target token up to the
// source tokens it looks at, so reordering shows as crossing lines, as in the alignment figures
// of the translation literature. The screen's lines view and its figure both lay out with this
// class, in their own units (pixels, points) and fonts.
//
// A row that fits its width gives each token a slot as wide as its label (words read as a
// sentence); a longer row gives every token the same slot and labels every step-th token with
// its position (1, 2, 5, 10, … as the heatmap's ticks), so 500 tokens still fit on one line.

#include <functional>
#include <vector>

#include <QList>
#include <QPointF>
#include <QRectF>
#include <QStringList>

namespace headmap::ui {

struct AlignmentMetrics {
    std::function<double(const QString&)> textWidth;
    std::function<QString(const QString&)> elide;  // a label as drawn: shortened past the longest allowed
    double lineHeight = 14;
    double gap = 6;  // between two labels of a row
};

class AlignmentGeometry {
public:
    struct Row {
        std::vector<double> left, width;  // each token's slot
        QStringList texts;                 // every token's label as drawn
        QList<int> labelled;               // the tokens whose labels are drawn
        int step = 1;
        double top = 0;                    // the labels' band: top .. top + lineHeight
        double start = 0, end = 0;         // the row's extent: labels stay within it
    };

    // Lays both rows out within [left, left + width]; the source's labels start at `top`, the
    // lines run over `span`, the target's labels follow.
    void place(const QStringList& source, const QStringList& target, const AlignmentMetrics& metrics, double left,
               double width, double top, double span);

    const Row& source() const { return m_source; }
    const Row& target() const { return m_target; }
    QPointF sourceAnchor(int token) const;  // the bottom of a source label, where its lines end
    QPointF targetAnchor(int token) const;  // the top of a target label, where its lines start
    QRectF sourceLabel(int token) const;
    QRectF targetLabel(int token) const;
    // Where a label `textWidth` wide is drawn: centred on its slot, moved inside the row's
    // extent where a thinned row's slot is narrower than its label.
    QRectF labelRect(bool source, int token, double textWidth) const;
    double linesTop() const { return m_source.top + m_lineHeight + kAnchorGap; }
    double linesBottom() const { return m_target.top - kAnchorGap; }
    double bottom() const { return m_target.top + m_lineHeight; }
    double narrowestSlot() const;  // heads' lines spread side by side within it
    // The source (true) or target (false) token under a point, or -1.
    int tokenAt(const QPointF& point, bool* isSource) const;

    static constexpr double kAnchorGap = 3;

private:
    Row layoutRow(const QStringList& labels, const AlignmentMetrics& metrics, double left, double width) const;
    double m_lineHeight = 14;
    Row m_source, m_target;
};

}  // namespace headmap::ui
