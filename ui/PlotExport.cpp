#include "PlotExport.h"

#include <QBuffer>
#include <QFileInfo>
#include <QImageWriter>
#include <QPainter>
#include <QPdfWriter>
#include <QSvgGenerator>
#include <qcustomplot.h>

#include "io/AtomicFile.h"

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

    // Drawn into memory first: QPdfWriter, QSvgGenerator and QImageWriter ignore a device that
    // refuses bytes, so the file gets only complete bytes, through the one checked writer.
    QBuffer buffer;
    buffer.open(QIODevice::WriteOnly);
    bool drawn = false;
    switch (format) {
    case ImageFormat::Png: {
        const double scale = std::clamp(options.scale, 0.25, 16.0);
        QImage image((QSizeF(size) * scale).toSize(), QImage::Format_ARGB32_Premultiplied);
        image.setDevicePixelRatio(scale);
        // Fonts in points become pixels through the device's dots per inch, on top of the pixel
        // ratio: drawing at 96 dpi keeps text in proportion at every scale (scale 2 is the
        // scale-1 picture at twice the pixels). The file then says its true resolution.
        image.setDotsPerMeterX(int(std::lround(96.0 / 0.0254)));
        image.setDotsPerMeterY(image.dotsPerMeterX());
        image.fill(Qt::white);
        drawn = paint(&image, size);
        image.setDotsPerMeterX(int(std::lround(96.0 * scale / 0.0254)));
        image.setDotsPerMeterY(image.dotsPerMeterX());
        QImageWriter writer(&buffer, "png");
        drawn = drawn && writer.write(image);
        break;
    }
    case ImageFormat::Svg: {
        QSvgGenerator generator;
        generator.setOutputDevice(&buffer);
        generator.setSize(size);
        generator.setViewBox(QRect(QPoint(0, 0), size));
        generator.setTitle(options.title);
        generator.setDescription(QStringLiteral("Made with Headmap"));
        drawn = paint(&generator, size);
        break;
    }
    case ImageFormat::Pdf: {
        QPdfWriter writer(&buffer);
        writer.setTitle(options.title);
        writer.setCreator(QStringLiteral("Headmap"));
        writer.setResolution(96);
        writer.setPageMargins(QMarginsF(0, 0, 0, 0));
        writer.setPageSize(QPageSize(QSizeF(size) / 96.0 * 72.0, QPageSize::Point));
        drawn = paint(&writer, size);
        break;
    }
    }
    if (!drawn || buffer.data().isEmpty())
        return QObject::tr("cannot write '%1': the image could not be drawn").arg(path);
    return writeFileAtomically(path, buffer.data());
}

}  // namespace headmap::ui
