#pragma once
// The layout shared by the heatmap-like figures (one head, a comparison, a step matrix): a title
// (and an optional second line), a row of panels of coloured cells, each with its thinned tick
// labels and axis titles, and colour bars with their labels. Everything is measured with the
// figure fonts in points: the page grows with the content (cells of up to kMaxCell points, a
// panel of up to kMaxPanel points, then the cells shrink), or, when a page size is given, the
// cells fill what the text leaves of it. Painting is in FigureLayout_Paint.cpp.

#include <functional>
#include <vector>

#include <QImage>
#include <QStringList>

#include "figures/ColourScale.h"
#include "figures/Figure.h"

namespace headmap::ui {

constexpr double kTickLength = 3;  // tick marks, in points: measured by the layout, drawn by the paint
constexpr double kMaxLabelWidth = 120;  // points; longer tick labels are elided

struct FigurePanel {
    QString caption;  // above the cells ("A: layer 0, head 1"); empty: none
    QImage cells;     // one pixel per cell, columns × rows (colourCells)
    int rows = 0;
    int columns = 0;
    QStringList rowLabels;     // empty: the row numbers
    QStringList columnLabels;  // empty: the column numbers
    QString rowTitle;
    QString columnTitle;
    // The number written in a cell where it fits; null: no numbers.
    std::function<QString(int row, int column)> cellText;
    // Masked cells (the model's mask rule, −∞ scores): grey in `cells` and hatched as the screen
    // hatches them (paintMaskHatching); no numbers. Null: none.
    std::function<bool(int row, int column)> crossed;
    int colourBar = 0;    // index into FigureSpec::bars
    // There is no selected or hovered token: figures show the data, never the view's state.
};

struct FigureSpec {
    QString title;
    QString subtitle;  // a second, lighter line (e.g. the sentence); empty: none
    std::vector<FigurePanel> panels;
    std::vector<ColourScale> bars;  // each drawn right of the last panel that uses it
    QSize page;  // empty: fitted to the content
};

class FigureLayout {
public:
    static constexpr double kMargin = 14;
    static constexpr double kMaxCell = 26;     // points per cell when the panel is small
    static constexpr double kMaxPanel = 640;   // a single panel's longest side, before cells shrink
    static constexpr double kMinPanel = 180;   // a panel's shortest side: room for two labels

    struct Panel {
        QRectF cells;
        QRectF caption;
        QRectF rowTitle;     // the rotated text's bounding box
        QRectF columnTitle;
        QString rowTitleText, columnTitleText, captionText;
        int rowStep = 1;     // every rowStep-th row is labelled
        int columnStep = 1;
        QList<int> rowTicks, columnTicks;  // the labelled rows and columns
        QStringList rowTickTexts, columnTickTexts;
        QList<QRectF> rowTickRects, columnTickRects;  // bounding boxes (columns: rotated)
        bool numbers = false;  // cell texts fit and are drawn
    };
    struct Bar {
        QRectF bar;
        QRectF label;  // the rotated label's bounding box
        QString labelText;
        QList<double> ticks;
        QStringList tickTexts;
        QList<QRectF> tickRects;
    };

    explicit FigureLayout(const FigureSpec& spec);

    QSize pageSize() const { return m_page; }
    const FigureSpec& spec() const { return m_spec; }
    QRectF titleRect() const { return m_title; }
    QRectF subtitleRect() const { return m_subtitle; }
    QString titleText() const { return m_titleText; }
    QString subtitleText() const { return m_subtitleText; }
    const std::vector<Panel>& panels() const { return m_panels; }
    const std::vector<Bar>& bars() const { return m_bars; }
    QSizeF cellSize() const { return m_cell; }

    QList<FigureItem> items() const;
    void paint(QPainter& painter) const;  // FigureLayout_Paint.cpp

    // A vertical colour bar at `bar` with its ticks and label to its right (also the grid's).
    static double barBandWidth(const ColourScale& scale);  // from the bar's left edge
    static Bar placeBar(const ColourScale& scale, const QRectF& bar);
    static void paintBar(QPainter& painter, const Bar& bar, const ColourScale& scale);
    static void appendBarItems(QList<FigureItem>& items, const Bar& bar);

    // The tick label of index i: the label (or the number), with its position when labels are
    // thinned, so that repeated words can be told apart.
    static QString tickLabel(const QStringList& labels, int i, bool withPosition);
    // The labelled indices of n cells of `cell` points when a label needs `needed` points:
    // every step-th (1, 2, 5, 10, 20, 25, 50, … ), never a single lone label when n >= 2.
    static QList<int> tickIndices(int n, double cell, double needed, int* step);

private:
    void place();
    double leftOverhead(const Panel& panel, const FigurePanel& spec) const;
    void placeBars(double top);

    FigureSpec m_spec;
    QSize m_page;
    QSizeF m_cell;
    QRectF m_title, m_subtitle;
    QString m_titleText, m_subtitleText;
    std::vector<Panel> m_panels;
    std::vector<Bar> m_bars;
};

// The hatching of masked cells, as MaskOverlay and MatrixGrid draw it on screen ('/' lines in
// the hatch grey over the masked grey), as lines clipped to the masked runs of each row: the
// same in PNG, SVG and PDF (QSvgGenerator has no pattern brushes nor clip paths). A line that
// runs on through the masked cells of the next row continues as one line.
constexpr double kHatchSpacing = 6;    // points between lines, along a row (8 pixels at 96 dpi)
constexpr double kHatchWidth = 0.75;   // points (1 pixel at 96 dpi)
QColor maskHatchColour();              // MaskOverlay::hatch(false)'s grey
void paintMaskHatching(QPainter& painter, const QRectF& cells, int rows, int columns,
                       const std::function<bool(int row, int column)>& masked);

// Draws `image` (one pixel per cell) into rect without blurring its cells: scaled to the
// device's pixels with nearest neighbours when enlarged, averaged when reduced.
void drawCellImage(QPainter& painter, const QRectF& rect, const QImage& image);

}  // namespace headmap::ui
