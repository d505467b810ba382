#pragma once
// The lines view as a figure (BertViz's "head view"): the title, the tokens in two columns
// (queries left, keys right, with their axis titles), a line per (query, key, head) in the head's
// colour with opacity = weight, a dashed rule between the sentences of a pair, and below a
// legend of head colours and a note saying what is left out. The lines are those the view
// draws (views/AttentionLines.h). Laid out in points like every figure: rows of up to kMaxRow
// points, a column of at most kMaxColumn points before rows shrink and labels thin out (with
// their positions), or filling a given page.

#include <vector>

#include "figures/AlignmentGeometry.h"
#include "figures/Figure.h"
#include "views/AttentionLines.h"

namespace headmap::ui {

struct LinesFigureData {
    QString title;
    QString subtitle;  // a second, lighter line (the layer, the sentence); empty: none
    LinesInput input;
    LinesLimits limits;
    QSize page;  // empty: fitted to the content
};

class LinesFigure : public Figure {
public:
    static constexpr double kMargin = 14;
    static constexpr double kMaxRow = 15;       // points per token when there are few
    static constexpr double kMaxColumn = 720;   // the token columns' height before rows shrink
    static constexpr double kSpan = 220;        // between the two columns, where the lines run

    explicit LinesFigure(const LinesFigureData& data);

    QSize pageSize() const override { return m_page; }
    void paint(QPainter& painter) const override;
    QList<FigureItem> items() const override { return m_items; }
    QString title() const override { return m_data.title; }

    const std::vector<AttentionLine>& lines() const { return m_lines; }
    double rowHeight() const { return m_row; }
    int labelStep() const { return m_step; }  // every labelStep-th token is labelled
    QPointF queryAnchor(int token) const;  // where a token's lines start (left) and end (right)
    QPointF keyAnchor(int token) const;
    // Cross-attention is drawn as an alignment: the source in a row above, the target below.
    bool drawsAlignment() const { return m_data.input.sourceKeys(); }
    const AlignmentGeometry& alignment() const { return m_alignment; }

    static constexpr double kMaxAlignmentWidth = 900;  // the rows' width before labels thin out
    static constexpr double kAlignmentSpan = 150;      // the lines' vertical run between the rows

private:
    void place();
    void placeAlignment();                            // LinesFigure_Alignment.cpp
    void placeLegendAndNote(double top, double pageW);  // below either layout; sets m_page's height
    void paintAlignmentLabels(QPainter& painter) const;
    double rowCentre(int token) const { return m_rowsTop + (token + 0.5) * m_row; }

    LinesFigureData m_data;
    std::vector<AttentionLine> m_lines;
    bool m_capped = false;
    QSize m_page;
    double m_row = kMaxRow;
    int m_step = 1;
    double m_rowsTop = 0;
    double m_linesLeft = 0, m_linesRight = 0;  // the lines' ends, a small gap from the labels
    double m_lineWidth = 1;
    QList<int> m_labelled;
    AlignmentGeometry m_alignment;
    QList<FigureItem> m_items;
    struct Swatch {
        QRectF line;
        QColor colour;
    };
    QList<Swatch> m_swatches;
};

}  // namespace headmap::ui
