#pragma once
// Comparing images for the export tests: how far two renderings of one figure are apart, and
// vector exports (PDF, SVG) drawn to pixels by other programs than Qt: pdftoppm (Debian's
// poppler-utils) and rsvg-convert (librsvg2-bin), which .ci/setup.sh installs. A missing
// program is a failure, never a skip: a test that cannot look at a PDF has not checked it.

#include <QImage>
#include <QString>
#include <QStringList>

namespace testsupport {

// The mean absolute difference per channel (0..255) of two images of one size.
double meanAbsoluteDifference(const QImage& a, const QImage& b);

// Opaque RGB32 on white (rsvg-convert writes alpha; the figures paint a white page anyway).
QImage onWhite(const QImage& image);

// The program's path, or empty with a warning naming the Debian package that has it.
QString requireTool(const QString& name, const QString& package);
// Runs program to its end; empty on success, else what went wrong (exit code, stderr).
QString runTool(const QString& program, const QStringList& arguments);

// A raster of a vector export at 72 × scale dpi, so that one point is scale pixels as in a PNG
// export at that scale; the image is onWhite'd. On failure a null image and *error says why.
QImage rasterisePdf(const QString& pdfPath, double scale, QString* error);
QImage rasteriseSvg(const QString& svgPath, double scale, QString* error);

// The text content of every element of an SVG (entities resolved), in document order: the
// labels, axis titles and cell values are <text> elements. xmlError gets the parse error, if any.
QStringList svgTexts(const QByteArray& svg, QString* xmlError = nullptr);

// Empty when `image` has `expected`'s size and differs from it by at most `bound` per channel
// on average; else one line saying which and by how much (for QVERIFY2).
QString compareRendering(const QImage& image, const QImage& expected, double bound, const QString& what);

// Renderers anti-alias glyph and line edges each their own way, so the same figure drawn by Qt,
// Cairo (rsvg-convert) and Splash (pdftoppm) differs by 1.8–4.7 per channel on average
// (tst_figurerasters measured it over five figures at scale 1 and 2); a figure drawn otherwise,
// even a point to the right, by 5.3–11.7, a blank page by far more. 6 leaves room for another
// version of the fonts or renderers.
constexpr double kRendererDifference = 6.0;

}  // namespace testsupport
