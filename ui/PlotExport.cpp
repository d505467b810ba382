#include "PlotExport.h"

#include <QFileInfo>
#include <QImageWriter>
#include <QPainter>
#include <QPdfWriter>
#include <QSaveFile>
#include <QSvgGenerator>
#include <qcustomplot.h>

namespace headmap::ui {

bool imageFormatFromPath(const QString& path, ImageFormat* format) {
    const QString suffix = QFileInfo(path).suffix().toLower();
    if (suffix == QLatin1String("png")) *format = ImageFormat::Png;
    else if (suffix == QLatin1String("svg")) *format = ImageFormat::Svg;
    else if (suffix == QLatin1String("pdf")) *format = ImageFormat::Pdf;
    else return false;
    return true;
}

QString exportImage(const QString& path, const ImageExportOptions& options,
                    const std::function<bool(QPaintDevice*, const QSize&)>& paint) {
    ImageFormat format;
    if (!imageFormatFromPath(path, &format))
        return QObject::tr("cannot export '%1': the name must end in .png, .svg or .pdf").arg(path);
    const QSize size = options.size.isValid() && !options.size.isEmpty() ? options.size : QSize(1000, 800);

    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly))
        return QObject::tr("cannot write '%1': %2").arg(path, file.errorString());
    bool written = false;
    switch (format) {
    case ImageFormat::Png: {
        const double scale = std::clamp(options.scale, 0.25, 16.0);
        QImage image((QSizeF(size) * scale).toSize(), QImage::Format_ARGB32_Premultiplied);
        image.setDevicePixelRatio(scale);
        image.setDotsPerMeterX(int(std::lround(96.0 * scale / 0.0254)));
        image.setDotsPerMeterY(image.dotsPerMeterX());
        image.fill(Qt::white);
        QImageWriter writer(&file, "png");
        written = paint(&image, size) && writer.write(image);
        break;
    }
    case ImageFormat::Svg: {
        QSvgGenerator generator;
        generator.setOutputDevice(&file);
        generator.setSize(size);
        generator.setViewBox(QRect(QPoint(0, 0), size));
        generator.setTitle(options.title);
        generator.setDescription(QStringLiteral("Made with Headmap"));
        written = paint(&generator, size);
        break;
    }
    case ImageFormat::Pdf: {
        QPdfWriter writer(&file);
        writer.setTitle(options.title);
        writer.setCreator(QStringLiteral("Headmap"));
        writer.setResolution(96);
        writer.setPageMargins(QMarginsF(0, 0, 0, 0));
        writer.setPageSize(QPageSize(QSizeF(size) / 96.0 * 72.0, QPageSize::Point));
        written = paint(&writer, size);
        break;
    }
    }
    if (!written || !file.commit())
        return QObject::tr("cannot write '%1': %2").arg(path, file.errorString().isEmpty()
                                                                  ? QObject::tr("the image could not be drawn")
                                                                  : file.errorString());
    return QString();
}

QString exportPlot(QCustomPlot* plot, const QString& path, const ImageExportOptions& options) {
    ImageExportOptions sized = options;
    if (!sized.size.isValid() || sized.size.isEmpty())
        sized.size = plot->size().isEmpty() ? QSize(1000, 800) : plot->size();
    const bool raster = path.endsWith(QLatin1String(".png"), Qt::CaseInsensitive);
    return exportImage(path, sized, [plot, raster](QPaintDevice* device, const QSize& size) {
        // QCPPainter keeps text and lines as vectors in SVG and PDF (no cached pixmaps).
        QCPPainter painter;
        if (!painter.begin(device))
            return false;
        if (!raster) {
            painter.setMode(QCPPainter::pmVectorized);
            painter.setMode(QCPPainter::pmNoCaching);
        }
        plot->toPainter(&painter, size.width(), size.height());
        return painter.end();
    });
}

}  // namespace headmap::ui
