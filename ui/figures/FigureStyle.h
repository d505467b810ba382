#pragma once
// What every figure shares: fonts sized in points and measured the way the page draws them, the
// ink colours, and the ticks of a colour bar. Figures are laid out in points (1/72 inch); a PNG
// maps one point to `scale` pixels, SVG and PDF keep one point as one unit. Nothing here depends
// on the screen: the CLI and the GUI measure and draw the same figure.

#include <QColor>
#include <QFont>
#include <QFontMetricsF>
#include <QList>
#include <QString>

namespace headmap::ui {

enum class FigureFont { Title, Subtitle, AxisTitle, Tick, Cell };

// The font for a role, in points. Hinting is off, so a label is exactly twice as wide at scale 2
// as at scale 1 and a layout measured once holds at every scale.
QFont figureFont(FigureFont role);
// Metrics at 72 dpi: one unit per point, whatever the screen's resolution.
QFontMetricsF figureMetrics(const QFont& font);
// One line of a role's text, in points.
double figureLineHeight(FigureFont role);
double textWidth(const QFont& font, const QString& text);
// text cut to width points with an ellipsis; the whole text when it fits.
QString elidedText(const QFont& font, const QString& text, double width);

QColor figureInk();    // text, axes and ticks
QColor figureFaint();  // outlines of cells and colour bars
QColor figureHighlight();  // a selected token's row and column, as on screen

// Round tick values inside [low, high], about `target` of them (linear), or the powers of ten
// (logarithmic); always at least the two ends' neighbours, never a single tick.
QList<double> figureTicks(double low, double high, bool logarithmic, int target = 5);
QString tickText(double value, bool logarithmic);

}  // namespace headmap::ui
