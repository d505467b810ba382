#include "ImageChecks.h"

#include <QXmlStreamReader>

#include <cmath>

#include <QFile>
#include <QPainter>
#include <QProcess>
#include <QStandardPaths>
#include <QTemporaryDir>

namespace testsupport {

QStringList svgTexts(const QByteArray& svg, QString* xmlError) {
    QStringList texts;
    QXmlStreamReader xml(svg);
    while (!xml.atEnd()) {
        xml.readNext();
        if (xml.isCharacters() && !xml.isWhitespace())
            texts << xml.text().toString().trimmed();
    }
    if (xmlError)
        *xmlError = xml.hasError() ? xml.errorString() : QString();
    return texts;
}

double meanAbsoluteDifference(const QImage& a, const QImage& b) {
    const QImage x = a.convertToFormat(QImage::Format_RGB32), y = b.convertToFormat(QImage::Format_RGB32);
    double sum = 0;
    for (int row = 0; row < x.height(); ++row) {
        const auto* p = reinterpret_cast<const QRgb*>(x.constScanLine(row));
        const auto* q = reinterpret_cast<const QRgb*>(y.constScanLine(row));
        for (int col = 0; col < x.width(); ++col)
            sum += std::abs(qRed(p[col]) - qRed(q[col])) + std::abs(qGreen(p[col]) - qGreen(q[col])) +
                   std::abs(qBlue(p[col]) - qBlue(q[col]));
    }
    return sum / (3.0 * x.width() * x.height());
}

QImage onWhite(const QImage& image) {
    QImage out(image.size(), QImage::Format_RGB32);
    out.fill(Qt::white);
    QPainter painter(&out);
    painter.drawImage(0, 0, image);
    painter.end();
    return out;
}

QString requireTool(const QString& name, const QString& package) {
    const QString path = QStandardPaths::findExecutable(name);
    if (path.isEmpty())
        qWarning("%s", qPrintable(QStringLiteral("%1 is missing: install Debian's %2 (.ci/setup.sh lists it)").arg(name, package)));
    return path;
}

QString runTool(const QString& program, const QStringList& arguments) {
    QProcess process;
    process.start(program, arguments);
    if (!process.waitForFinished(120000) || process.exitStatus() != QProcess::NormalExit || process.exitCode() != 0)
        return QStringLiteral("%1 %2 failed: %3").arg(program, arguments.join(QLatin1Char(' ')),
                                                     QString::fromLocal8Bit(process.readAllStandardError()));
    return QString();
}

namespace {

// Runs a rasteriser that writes its PNG into a temporary folder and reads that back.
QImage rasterise(const QString& tool, const QString& package, const QStringList& arguments, const QString& output,
                 QString* error) {
    const QString program = requireTool(tool, package);
    if (program.isEmpty()) {
        *error = QStringLiteral("%1 is missing: apt-get install %2 (.ci/setup.sh installs it)").arg(tool, package);
        return QImage();
    }
    *error = runTool(program, arguments);
    if (!error->isEmpty())
        return QImage();
    const QImage image(output);
    if (image.isNull()) {
        *error = QStringLiteral("%1 wrote no readable PNG at %2").arg(tool, output);
        return QImage();
    }
    return onWhite(image);
}

}  // namespace

QImage rasterisePdf(const QString& pdfPath, double scale, QString* error) {
    QTemporaryDir dir;
    const QString base = dir.filePath(QStringLiteral("page"));
    return rasterise(QStringLiteral("pdftoppm"), QStringLiteral("poppler-utils"),
                     {QStringLiteral("-r"), QString::number(72.0 * scale), QStringLiteral("-png"),
                      QStringLiteral("-singlefile"), pdfPath, base},
                     base + QStringLiteral(".png"), error);
}

QImage rasteriseSvg(const QString& svgPath, double scale, QString* error) {
    QTemporaryDir dir;
    const QString output = dir.filePath(QStringLiteral("page.png"));
    const QString dpi = QString::number(72.0 * scale);
    return rasterise(QStringLiteral("rsvg-convert"), QStringLiteral("librsvg2-bin"),
                     {QStringLiteral("--dpi-x"), dpi, QStringLiteral("--dpi-y"), dpi, QStringLiteral("-b"),
                      QStringLiteral("white"), QStringLiteral("-f"), QStringLiteral("png"), QStringLiteral("-o"),
                      output, svgPath},
                     output, error);
}

QString compareRendering(const QImage& image, const QImage& expected, double bound, const QString& what) {
    if (image.isNull())
        return what + QStringLiteral(": no image");
    if (image.size() != expected.size())
        return QStringLiteral("%1: %2 × %3 pixels, expected %4 × %5")
            .arg(what).arg(image.width()).arg(image.height()).arg(expected.width()).arg(expected.height());
    const double difference = meanAbsoluteDifference(image, expected);
    if (!(difference <= bound))
        return QStringLiteral("%1: mean difference %2 per channel, above %3").arg(what).arg(difference).arg(bound);
    return QString();
}

}  // namespace testsupport
