#include "figures/FigureWriter.h"

#include <algorithm>
#include <cmath>

#include <QBuffer>
#include <QImageWriter>
#include <QPainter>
#include <QPdfWriter>
#include <QRegularExpression>
#include <QSvgGenerator>

#include "PlotExport.h"
#include "io/AtomicFile.h"

namespace headmap::ui {
namespace {

constexpr double kPointsPerInch = 72.0;

int dotsPerMeter(double dpi) { return int(std::lround(dpi / 0.0254)); }

// QSvgGenerator gives the page's size in millimetres to six digits ("161.219mm" for 457 pt,
// 457.0006 pt), which a renderer rounds up to a pixel more than the page has. The page is whole
// points: say so exactly, as the viewBox does.
QByteArray withPageInPoints(QByteArray svg, const QSize& page) {
    static const QRegularExpression size(QStringLiteral("<svg width=\"[0-9.]+mm\" height=\"[0-9.]+mm\""));
    const QString head = QString::fromUtf8(svg.left(400));
    const QRegularExpressionMatch match = size.match(head);
    if (!match.hasMatch())
        return svg;
    const QByteArray exact = QStringLiteral("<svg width=\"%1pt\" height=\"%2pt\"").arg(page.width()).arg(page.height()).toUtf8();
    // The header before the match is ASCII: character and byte offsets agree.
    svg.replace(match.capturedStart(), match.capturedLength(), exact);
    return svg;
}

}  // namespace

QImage renderFigure(const Figure& figure, double scale) {
    scale = std::clamp(scale, 0.25, 16.0);
    const QSize page = figure.pageSize();
    QImage image(int(std::lround(page.width() * scale)), int(std::lround(page.height() * scale)),
                 QImage::Format_ARGB32_Premultiplied);
    if (image.isNull())
        return image;
    // 72 dpi while drawing, so a font of n points is n units before the scaling; no device pixel
    // ratio, which would scale the text a second time.
    image.setDotsPerMeterX(dotsPerMeter(kPointsPerInch));
    image.setDotsPerMeterY(dotsPerMeter(kPointsPerInch));
    image.fill(Qt::white);
    QPainter painter;
    if (!painter.begin(&image))
        return QImage();
    painter.scale(scale, scale);
    figure.paint(painter);
    painter.end();
    // What the file records: the figure's physical size.
    image.setDotsPerMeterX(dotsPerMeter(kPointsPerInch * scale));
    image.setDotsPerMeterY(dotsPerMeter(kPointsPerInch * scale));
    return image;
}

QByteArray figureBytes(const Figure& figure, ImageFormat format, double scale) {
    // QPdfWriter, QSvgGenerator and QImageWriter ignore a device that refuses bytes, so they
    // write into memory and the file gets only complete bytes, through the one checked writer.
    QBuffer buffer;
    buffer.open(QIODevice::WriteOnly);
    const QSize page = figure.pageSize();
    bool drawn = false;
    switch (format) {
    case ImageFormat::Png: {
        const QImage image = renderFigure(figure, scale);
        QImageWriter writer(&buffer, "png");
        drawn = !image.isNull() && writer.write(image);
        break;
    }
    case ImageFormat::Svg: {
        QSvgGenerator generator;
        generator.setOutputDevice(&buffer);
        generator.setResolution(int(kPointsPerInch));
        generator.setSize(page);
        generator.setViewBox(QRect(QPoint(0, 0), page));
        generator.setTitle(figure.title());
        generator.setDescription(QStringLiteral("Made with Headmap"));
        QPainter painter;
        drawn = painter.begin(&generator);
        if (drawn) {
            figure.paint(painter);
            drawn = painter.end();
        }
        break;
    }
    case ImageFormat::Pdf: {
        QPdfWriter writer(&buffer);
        writer.setTitle(figure.title());
        writer.setCreator(QStringLiteral("Headmap"));
        writer.setResolution(int(kPointsPerInch));
        writer.setPageMargins(QMarginsF(0, 0, 0, 0));
        writer.setPageSize(QPageSize(QSizeF(page), QPageSize::Point, QString(), QPageSize::ExactMatch));
        QPainter painter;
        drawn = painter.begin(&writer);
        if (drawn) {
            figure.paint(painter);
            drawn = painter.end();
        }
        break;
    }
    }
    buffer.close();
    if (!drawn)
        return QByteArray();
    if (format == ImageFormat::Svg)
        return withPageInPoints(buffer.data(), page);
    return buffer.data();
}

QString writeFigure(const Figure& figure, const QString& path, double scale) {
    ImageFormat format;
    if (!imageFormatFromPath(path, &format))
        return QObject::tr("cannot export '%1': the name must end in .png, .svg or .pdf").arg(path);
    const QByteArray bytes = figureBytes(figure, format, scale);
    if (bytes.isEmpty())
        return QObject::tr("cannot write '%1': the image could not be drawn").arg(path);
    return writeFileAtomically(path, bytes);
}

}  // namespace headmap::ui
