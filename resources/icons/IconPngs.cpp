// Build tool: draws headmap.svg as the PNG sizes of the hicolor icon theme, so the PNGs are never
// out of step with the SVG and none is committed. Usage: headmap-icon-pngs SVG OUTDIR SIZE...
// writes OUTDIR/SIZExSIZE/headmap.png for each size (the name comes from the SVG's).

#include <cstdio>

#include <QDir>
#include <QFileInfo>
#include <QImage>
#include <QPainter>
#include <QSaveFile>
#include <QSvgRenderer>

int main(int argc, char* argv[]) {
    if (argc < 4) {
        std::fprintf(stderr, "usage: headmap-icon-pngs SVG OUTDIR SIZE...\n");
        return 2;
    }
    const QString svgPath = QString::fromLocal8Bit(argv[1]);
    QSvgRenderer renderer(svgPath);
    if (!renderer.isValid()) {
        std::fprintf(stderr, "headmap-icon-pngs: %s is not a readable SVG\n", argv[1]);
        return 1;
    }
    const QDir outdir(QString::fromLocal8Bit(argv[2]));
    const QString name = QFileInfo(svgPath).completeBaseName() + QStringLiteral(".png");
    for (int i = 3; i < argc; ++i) {
        bool ok = false;
        const int size = QByteArray(argv[i]).toInt(&ok);
        if (!ok || size < 1 || size > 4096) {
            std::fprintf(stderr, "headmap-icon-pngs: size must be 1-4096, got '%s'\n", argv[i]);
            return 2;
        }
        QImage image(size, size, QImage::Format_ARGB32_Premultiplied);
        image.fill(Qt::transparent);
        QPainter painter(&image);
        painter.setRenderHint(QPainter::Antialiasing);
        renderer.render(&painter);
        painter.end();
        const QString folder = QStringLiteral("%1x%1").arg(size);
        QSaveFile file(outdir.filePath(folder + QLatin1Char('/') + name));
        if (!outdir.mkpath(folder) || !file.open(QIODevice::WriteOnly) || !image.save(&file, "png") ||
            !file.commit()) {
            std::fprintf(stderr, "headmap-icon-pngs: cannot write %s\n", qPrintable(file.fileName()));
            return 1;
        }
    }
    return 0;
}
