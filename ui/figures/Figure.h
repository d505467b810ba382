#pragma once
// A figure: what every export draws, laid out in points (1/72 inch) on a page of a size computed
// from its content (or given). paint() draws it into a painter whose unit is one point; the
// writer (FigureWriter.h) maps a point to `scale` pixels for PNG and to one unit for SVG and PDF,
// so the scale changes the pixels and nothing else.

#include <QList>
#include <QRectF>
#include <QSize>
#include <QString>
#include <QStringList>

class QPainter;

namespace headmap::ui {

// One placed element, for tests and for anyone checking the layout: its role ("title",
// "columnTitle", "colourBarLabel", ...), its bounding box in points and its text, if any.
struct FigureItem {
    QString role;
    QRectF rect;
    QString text;
};

class Figure {
public:
    virtual ~Figure() = default;

    virtual QSize pageSize() const = 0;  // whole points
    virtual void paint(QPainter& painter) const = 0;
    virtual QList<FigureItem> items() const = 0;
    virtual QString title() const = 0;  // also the SVG/PDF document title

    // Every text the figure draws (title, labels, tick labels, numbers in cells).
    QStringList texts() const {
        QStringList all;
        for (const FigureItem& item : items())
            if (!item.text.isEmpty())
                all << item.text;
        return all;
    }
};

}  // namespace headmap::ui
