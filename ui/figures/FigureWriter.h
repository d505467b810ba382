#pragma once
// Writes a Figure to PNG, SVG or PDF. One point of the figure is `scale` pixels in a PNG (whose
// header records 72 × scale dpi, so it prints at the figure's size) and one unit in SVG and PDF,
// whose text stays text. Drawn into memory first, then written all or nothing through
// io/AtomicFile: a failed export, a full disk included, never leaves a broken file.

#include <QByteArray>
#include <QImage>
#include <QString>

#include "figures/Figure.h"

namespace headmap::ui {

enum class ImageFormat;  // PlotExport.h: Png, Svg, Pdf

QImage renderFigure(const Figure& figure, double scale);  // the PNG's pixels, white background
// The file's bytes; empty when the figure could not be drawn.
QByteArray figureBytes(const Figure& figure, ImageFormat format, double scale = 1.0);
// The format follows the name's suffix (.png, .svg, .pdf). Returns an empty string on success,
// else one line naming the file.
QString writeFigure(const Figure& figure, const QString& path, double scale = 2.0);

}  // namespace headmap::ui
