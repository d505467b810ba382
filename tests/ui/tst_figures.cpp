// The figures every export draws (ui/figures): a PNG at scale 2 is the scale-1 figure at twice
// the pixels, everything lies inside the page and the text items do not collide, the grid
// carries no UI hint or selection frame, SVG keeps text as text, the PDF page has the figure's
// proportions, and 500 tokens thin the labels without losing either axis. Exports of a
// sliding-window model (render's and export-all's path) draw its masked cells grey and hatched
// from the model's rule, and a genuine 0 weight as a coloured cell.

#include <QPainter>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QtTest>

#include "FigureTestSupport.h"
#include "ImageChecks.h"
#include "PlotExport.h"
#include "figures/FigureLayout.h"
#include "figures/FigureStyle.h"
#include "figures/FigureWriter.h"
#include "Colormaps.h"
#include "HeadExport.h"
#include "model/ModelLoader.h"

using namespace headmap::ui;

namespace {

const QString kSentence = QStringLiteral("The animal didn't cross the street because it was too tired");

std::shared_ptr<headmap::AttentionTrace> teaching() {
    static const auto trace = testtraces::teachingTrace(kSentence);
    return trace;
}

bool inside(const QRectF& rect, const QSize& page) {
    return rect.left() >= -0.01 && rect.top() >= -0.01 && rect.right() <= page.width() + 0.01 &&
           rect.bottom() <= page.height() + 0.01;
}

// True when some pixel of the image's outermost `ring` pixels is not white: something cut off.
bool edgeTouched(const QImage& image, int ring) {
    const QImage rgb = image.convertToFormat(QImage::Format_RGB32);
    for (int y = 0; y < rgb.height(); ++y)
        for (int x = 0; x < rgb.width(); ++x) {
            const bool edge = x < ring || y < ring || x >= rgb.width() - ring || y >= rgb.height() - ring;
            if (edge && qGray(rgb.pixel(x, y)) < 245)
                return true;
        }
    return false;
}

}  // namespace

class FiguresTest : public QObject {
    Q_OBJECT
private slots:
    void scaleOnlyChangesPixels_data() {
        QTest::addColumn<QString>("kind");
        QTest::addColumn<int>("tokens");  // 0: the teaching model's sentence
        for (const char* kind : {"heatmap", "heatmap-values", "grid", "comparison", "matrix", "matrix-masked"})
            QTest::newRow(kind) << kind << 0;
        QTest::newRow("heatmap-500-tokens") << "heatmap" << 500;
        QTest::newRow("grid-500-tokens") << "grid" << 500;
    }

    // The issue's bug: at scale 2 the text doubled and the layout did not. Now a scale-2 PNG
    // shrunk to scale 1 must look like the scale-1 PNG.
    void scaleOnlyChangesPixels() {
        QFETCH(QString, kind);
        QFETCH(int, tokens);
        const auto trace = tokens > 0 ? figuretests::randomTrace(2, 4, tokens) : teaching();
        const auto figure = figuretests::makeFigure(kind, *trace);
        const QImage one = renderFigure(*figure, 1.0);
        const QImage two = renderFigure(*figure, 2.0);
        QCOMPARE(one.size(), figure->pageSize());
        QCOMPARE(two.size(), figure->pageSize() * 2);
        const QImage shrunk = two.scaled(one.size(), Qt::IgnoreAspectRatio, Qt::SmoothTransformation);
        const double difference = figuretests::meanAbsoluteDifference(one, shrunk);
        QVERIFY2(difference < 4.0, qPrintable(QStringLiteral("mean difference %1 of 255").arg(difference)));
        // And not trivially: a figure drawn at another layout (a wider page) differs far more.
        const auto wider = figuretests::makeFigure(kind, *trace, figure->pageSize() + QSize(160, 0));
        const QImage other = renderFigure(*wider, 1.0).copy(QRect(QPoint(0, 0), one.size()));
        QVERIFY2(figuretests::meanAbsoluteDifference(one, other) > difference * 2,
                 qPrintable(QString::number(figuretests::meanAbsoluteDifference(one, other))));
    }

    // Widget exports (the statistics table) go through exportImage: text in points must keep
    // its proportion at every scale too.
    void widgetExportScalesTextWithThePage_data() {
        QTest::addColumn<double>("scale");
        QTest::newRow("scale 2") << 2.0;
        QTest::newRow("scale 3") << 3.0;
    }

    void widgetExportScalesTextWithThePage() {
        QFETCH(double, scale);
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const auto paint = [](QPaintDevice* device, const QSize& size) {
            QPainter painter(device);
            QFont font = painter.font();
            font.setPointSizeF(14);
            painter.setFont(font);
            painter.fillRect(QRect(QPoint(0, 0), size), Qt::white);
            painter.setPen(Qt::black);
            painter.drawText(QRect(10, 10, size.width() - 20, size.height() - 20), Qt::AlignLeft | Qt::TextWordWrap,
                             QStringLiteral("Head statistics: entropy, distance, previous token, first token"));
            return true;
        };
        headmap::ui::ImageExportOptions options;
        options.size = QSize(300, 120);
        options.scale = 1.0;
        const QString onePath = dir.filePath(QStringLiteral("one.png"));
        const QString scaledPath = dir.filePath(QStringLiteral("scaled.png"));
        QCOMPARE(headmap::ui::exportImage(onePath, options, paint), QString());
        options.scale = scale;
        QCOMPARE(headmap::ui::exportImage(scaledPath, options, paint), QString());
        const QImage one(onePath);
        const QImage scaled(scaledPath);
        QCOMPARE(scaled.size(), (QSizeF(one.size()) * scale).toSize());
        const QImage shrunk = scaled.scaled(one.size(), Qt::IgnoreAspectRatio, Qt::SmoothTransformation);
        const double difference = figuretests::meanAbsoluteDifference(one.convertToFormat(QImage::Format_ARGB32),
                                                                      shrunk.convertToFormat(QImage::Format_ARGB32));
        // Glyph hinting differs between pixel sizes, so text-only pictures never match exactly;
        // what must match is where the ink is: the old bug wrapped and grew the text.
        QVERIFY2(difference < 12.0, qPrintable(QStringLiteral("mean difference %1 of 255").arg(difference)));
        const auto inkBox = [](const QImage& image) {
            QRect box;
            for (int y = 0; y < image.height(); ++y)
                for (int x = 0; x < image.width(); ++x)
                    if (qGray(image.pixel(x, y)) < 128)
                        box |= QRect(x, y, 1, 1);
            return box;
        };
        const QRect expected = inkBox(one), actual = inkBox(shrunk);
        QVERIFY2(std::abs(expected.left() - actual.left()) <= 2 && std::abs(expected.right() - actual.right()) <= 4 &&
                     std::abs(expected.top() - actual.top()) <= 2 && std::abs(expected.bottom() - actual.bottom()) <= 3,
                 qPrintable(QStringLiteral("ink at (%1,%2 %3x%4), expected (%5,%6 %7x%8)")
                                .arg(actual.x()).arg(actual.y()).arg(actual.width()).arg(actual.height())
                                .arg(expected.x()).arg(expected.y()).arg(expected.width()).arg(expected.height())));
        QCOMPARE(qRound(scaled.dotsPerMeterX() * 0.0254), qRound(96 * scale));  // the file's true resolution
    }

    void layoutInsidePage_data() {
        QTest::addColumn<QString>("kind");
        QTest::addColumn<QSize>("page");
        QTest::addColumn<double>("scale");
        for (const char* kind : {"heatmap", "grid", "comparison", "matrix"})
            for (double scale : {1.0, 2.0, 3.0}) {
                QTest::addRow("%s fitted x%g", kind, scale) << kind << QSize() << scale;
                QTest::addRow("%s 800x600 x%g", kind, scale) << kind << QSize(800, 600) << scale;
            }
    }

    // Title, axis titles and the colour bar's label are inside the page at every scale and no
    // two text items overlap; the drawn image leaves its border white (nothing is cut).
    void layoutInsidePage() {
        QFETCH(QString, kind);
        QFETCH(QSize, page);
        QFETCH(double, scale);
        const auto figure = figuretests::makeFigure(kind, *teaching(), page);
        if (page.isValid())
            QCOMPARE(figure->pageSize(), page);
        const QList<FigureItem> items = figure->items();
        QStringList roles;
        for (const FigureItem& item : items) {
            roles << item.role;
            QVERIFY2(inside(item.rect, figure->pageSize()),
                     qPrintable(QStringLiteral("%1 '%2' at %3,%4 %5x%6 leaves the page %7x%8")
                                    .arg(item.role, item.text).arg(item.rect.x()).arg(item.rect.y())
                                    .arg(item.rect.width()).arg(item.rect.height())
                                    .arg(figure->pageSize().width()).arg(figure->pageSize().height())));
        }
        for (const char* role : {"title", "rowTitle", "columnTitle", "colourBar", "colourBarLabel", "rowLabel", "columnLabel"})
            QVERIFY2(roles.contains(QLatin1String(role)), role);
        for (int i = 0; i < items.size(); ++i)
            for (int j = i + 1; j < items.size(); ++j) {
                const FigureItem& a = items[i];
                const FigureItem& b = items[j];
                if (a.text.isEmpty() || b.text.isEmpty() || a.role == QLatin1String("cellText") ||
                    (a.role == QLatin1String("columnLabel") && b.role == QLatin1String("columnLabel")))
                    continue;  // rotated labels' boxes overlap, their text does not (see below)
                QVERIFY2(!a.rect.adjusted(0.5, 0.5, -0.5, -0.5).intersects(b.rect.adjusted(0.5, 0.5, -0.5, -0.5)),
                         qPrintable(QStringLiteral("%1 '%2' overlaps %3 '%4'").arg(a.role, a.text, b.role, b.text)));
            }
        const QImage image = renderFigure(*figure, scale);
        QCOMPARE(image.size(), figure->pageSize() * scale);
        QVERIFY(!edgeTouched(image, int(std::ceil(4 * scale))));
    }

    void gridHasNoHintsOrSelection() {
        const auto figure = figuretests::makeFigure(QStringLiteral("grid"), *teaching());
        const QStringList texts = figure->texts();
        QVERIFY2(!texts.join(QLatin1Char('|')).contains(QLatin1String("Click"), Qt::CaseInsensitive), qPrintable(texts.join('|')));
        QVERIFY(texts.contains(QStringLiteral("teaching · all heads")));
        QVERIFY(texts.contains(QStringLiteral("Layer")) && texts.contains(QStringLiteral("Head")));
        QVERIFY(texts.contains(QStringLiteral("mean")) && texts.contains(QStringLiteral("max")));
        int cells = 0, bars = 0;
        for (const FigureItem& item : figure->items()) {
            cells += item.role == QLatin1String("cells");
            bars += item.role == QLatin1String("colourBar");
        }
        QCOMPARE(cells, 2 * (4 + 2));
        QCOMPARE(bars, 1);
        // No red current-head frame (the screen's selection colour) anywhere in the pixels.
        const QImage image = renderFigure(*figure, 2.0).convertToFormat(QImage::Format_RGB32);
        const QColor red = figureHighlight();
        for (int y = 0; y < image.height(); ++y)
            for (int x = 0; x < image.width(); ++x) {
                const QRgb p = image.pixel(x, y);
                QVERIFY2(!(std::abs(qRed(p) - red.red()) < 30 && std::abs(qGreen(p) - red.green()) < 30 &&
                           std::abs(qBlue(p) - red.blue()) < 30),
                         qPrintable(QStringLiteral("a red pixel at %1,%2").arg(x).arg(y)));
            }
        // Fitted to its content: the cells end near the page's bottom, no blank lower half.
        double bottom = 0;
        for (const FigureItem& item : figure->items())
            bottom = std::max(bottom, item.rect.bottom());
        QVERIFY2(figure->pageSize().height() - bottom < 40, qPrintable(QString::number(bottom)));
    }

    // The issue's bug: masked cells were exported as weights of 0. Gemma 2's layer 0 attends to
    // a window of 4 tokens: cells before it and after the query are masked by the rule; one
    // allowed cell set to an exact 0 must stay a coloured cell (the mask is not "the zeros").
    void slidingWindowExportsMaskedCells() {
        const auto model = headmap::loadModel(headmap::ModelSpec{
            QDir(QStringLiteral(HEADMAP_FIXTURES_DIR)).filePath(QStringLiteral("models/gemma2_f32")), {}});
        const headmap::AttentionTrace run = model->run(model->tokenizer().encode(QStringLiteral("the cat sat on the mat"), true)).trace;
        const int t = run.length();
        QVERIFY(t >= 7);
        QCOMPARE(run.model().maskOfLayer(0).kind, headmap::AttentionMask::SlidingWindow);
        auto trace = std::make_shared<headmap::AttentionTrace>(run);
        const int zeroQuery = 5, zeroKey = 3;  // inside the window (5 - 4 < 3 ≤ 5)
        trace->headData(0, 0)[zeroQuery * t + zeroKey] = 0.0f;
        QVERIFY(!trace->isMasked(0, zeroQuery, zeroKey));
        QTemporaryDir dir;
        HeadImageOptions options;
        options.scale = 2.0;
        const QString rendered = dir.filePath(QStringLiteral("render.png"));
        QCOMPARE(exportHeadImage(trace, 0, 0, options, rendered), QString());
        const auto figure = headFigure(trace, 0, 0, options);
        QVERIFY(figure);
        QRectF cells;
        for (const FigureItem& item : figure->items())
            if (item.role == QLatin1String("cells"))
                cells = item.rect;
        QVERIFY(!cells.isEmpty());
        const QImage image = QImage(rendered).convertToFormat(QImage::Format_RGB32);
        QCOMPARE(image.size(), figure->pageSize() * 2);
        // A cell's pixels, a pixel's margin off its edges.
        const auto cellPixels = [&](const QImage& png, int q, int k) {
            const double cw = cells.width() / t, ch = cells.height() / t;
            const QRect r = QRectF((cells.left() + k * cw) * 2, (cells.top() + q * ch) * 2, cw * 2, ch * 2).toAlignedRect().adjusted(2, 2, -2, -2);
            QList<QRgb> pixels;
            for (int y = r.top(); y <= r.bottom(); ++y)
                for (int x = r.left(); x <= r.right(); ++x)
                    pixels << png.pixel(x, y);
            return pixels;
        };
        // Grey (205) with darker grey hatch lines, nothing else.
        const auto hatched = [&](const QImage& png, int q, int k) {
            int grey = 0, lines = 0;
            for (QRgb p : cellPixels(png, q, k)) {
                if (std::abs(qRed(p) - qGreen(p)) > 2 || std::abs(qGreen(p) - qBlue(p)) > 2)
                    return false;  // a colour: drawn as a weight
                grey += qRed(p) >= 200;
                lines += qRed(p) < 190;
            }
            return grey > 0 && lines > 0;
        };
        const QColor zeroColour = QColor::fromRgb(gradientFor(Colormap::Viridis).color(0.0, QCPRange(0, 1), false));
        QVERIFY2(hatched(image, 6, 1), "(6, 1) is before the window");
        QVERIFY2(hatched(image, 1, 5), "(1, 5) is after the query");
        QVERIFY(!hatched(image, 6, 4) && !hatched(image, 2, 2));
        for (QRgb p : cellPixels(image, zeroQuery, zeroKey))
            QVERIFY2(QColor(p) == zeroColour,
                     qPrintable(QStringLiteral("the genuine 0 is %1, not %2").arg(QColor(p).name(), zeroColour.name())));
        QVERIFY(figure->texts().contains(QStringLiteral("Grey, hatched: masked (sliding window)")));
        // export-all draws every head the same way, and greys the grid's masked cells.
        const QString folder = dir.filePath(QStringLiteral("all"));
        const BatchExportResult all = exportAllHeads(trace, folder, ImageFormat::Png, options);
        QVERIFY2(all.error.isEmpty(), qPrintable(all.error));
        QCOMPARE(QImage(folder + QStringLiteral("/layer0_head0.png")).convertToFormat(QImage::Format_RGB32), image);
        const QImage layer1 = QImage(folder + QStringLiteral("/layer1_head0.png")).convertToFormat(QImage::Format_RGB32);
        QVERIFY(hatched(layer1, 1, 5));    // layer 1 is causal: after the query, masked
        QVERIFY(!hatched(layer1, 6, 1));   // and no window
        const auto grid = gridFigure(trace, options);
        QRectF head00;
        for (const FigureItem& item : grid->items())
            if (item.role == QLatin1String("cells")) {
                head00 = item.rect;
                break;
            }
        const QImage gridImage = QImage(folder + QStringLiteral("/grid.png")).convertToFormat(QImage::Format_RGB32);
        const auto thumbnail = [&](int q, int k) {
            return QColor(gridImage.pixel(int((head00.left() + (k + 0.5) * head00.width() / t) * 2),
                                          int((head00.top() + (q + 0.5) * head00.height() / t) * 2)));
        };
        QCOMPARE(thumbnail(6, 1), QColor(205, 205, 205));
        QCOMPARE(thumbnail(1, 5), QColor(205, 205, 205));
        QCOMPARE(thumbnail(zeroQuery, zeroKey), zeroColour);
    }

    void svgKeepsTextAsText_data() {
        QTest::addColumn<QString>("kind");
        QTest::addColumn<QStringList>("expected");
        QTest::newRow("heatmap") << "heatmap"
                                 << QStringList{"teaching · layer 0, head 1", "animal", "street", "[CLS]",
                                                "Query: attending from", "Key: attended to", "Attention weight"};
        QTest::newRow("grid") << "grid" << QStringList{"teaching · all heads", "The animal didn't cross the street", "Layer", "Head"};
        QTest::newRow("comparison") << "comparison" << QStringList{"teaching · two heads", "A: layer 0, head 0", "A - B", "tired", "-0.5"};
        QTest::newRow("matrix") << "matrix" << QStringList{"teaching · layer 0, head 1 · S = QKᵀ", "because", "Value"};
    }

    void svgKeepsTextAsText() {
        QFETCH(QString, kind);
        QFETCH(QStringList, expected);
        const auto figure = figuretests::makeFigure(kind, *teaching());
        const QByteArray svg = figureBytes(*figure, ImageFormat::Svg);
        const QStringList texts = figuretests::svgTexts(svg);
        for (const QString& text : expected)
            QVERIFY2(texts.contains(text), qPrintable(text + QStringLiteral(" not in ") + texts.join(QLatin1String(" | "))));
        // The viewBox is the page in points.
        const QSize page = figure->pageSize();
        QVERIFY2(svg.contains(QStringLiteral("viewBox=\"0 0 %1 %2\"").arg(page.width()).arg(page.height()).toLatin1()),
                 svg.left(600).constData());
    }

    void pdfHasThePagesProportions_data() {
        QTest::addColumn<QString>("kind");
        for (const char* kind : {"heatmap", "grid", "comparison", "matrix"})
            QTest::newRow(kind) << kind;
    }

    void pdfHasThePagesProportions() {
        QFETCH(QString, kind);
        const auto figure = figuretests::makeFigure(kind, *teaching());
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("figure.pdf"));
        QCOMPARE(writeFigure(*figure, path), QString());
        QFile file(path);
        QVERIFY(file.open(QIODevice::ReadOnly));
        const QByteArray pdf = file.readAll();
        QVERIFY(pdf.startsWith("%PDF-"));
        // The page shows the figure: pdftoppm draws it at 72 dpi (a pixel per point) as the PNG
        // export at scale 1, within what renderers differ by (ImageChecks.h). "More than 4000
        // bytes" (what this checked before) passed a blank page with the right fonts embedded.
        const QString png = dir.filePath(QStringLiteral("figure.png"));
        QCOMPARE(writeFigure(*figure, png, 1.0), QString());
        QString error;
        const QImage raster = testsupport::rasterisePdf(path, 1.0, &error);
        QVERIFY2(error.isEmpty(), qPrintable(error));
        const QString difference = testsupport::compareRendering(raster, testsupport::onWhite(QImage(png)),
                                                                 testsupport::kRendererDifference, kind);
        QVERIFY2(difference.isEmpty(), qPrintable(difference));
        static const QRegularExpression mediaBox(QStringLiteral("/MediaBox \\[\\s*([\\d.]+) ([\\d.]+) ([\\d.]+) ([\\d.]+)\\s*\\]"));
        const QRegularExpressionMatch m = mediaBox.match(QString::fromLatin1(pdf));
        QVERIFY2(m.hasMatch(), "no /MediaBox");
        const double w = m.captured(3).toDouble() - m.captured(1).toDouble();
        const double h = m.captured(4).toDouble() - m.captured(2).toDouble();
        const QSize page = figure->pageSize();
        QVERIFY2(std::abs(w / h - double(page.width()) / page.height()) < 0.01,
                 qPrintable(QStringLiteral("%1 x %2 pt for a page of %3 x %4").arg(w).arg(h).arg(page.width()).arg(page.height())));
        QVERIFY2(std::abs(w - page.width()) < 2, qPrintable(QString::number(w)));  // one point per unit
    }

    void longInputThinsLabels() {
        const auto trace = figuretests::randomTrace(1, 2, 500);
        const auto figure = figuretests::makeFigure(QStringLiteral("heatmap"), *trace);
        // Cells shrink instead of the page growing without end.
        QVERIFY2(figure->pageSize().width() < 1000 && figure->pageSize().height() < 1000,
                 qPrintable(QStringLiteral("%1 x %2").arg(figure->pageSize().width()).arg(figure->pageSize().height())));
        QList<QRectF> rows, columns;
        for (const FigureItem& item : figure->items()) {
            if (item.role == QLatin1String("rowLabel"))
                rows << item.rect;
            if (item.role == QLatin1String("columnLabel")) {
                columns << item.rect;
                // Thinned labels carry their position: "w120 #120".
                QVERIFY2(item.text.contains(QLatin1String(" #")), qPrintable(item.text));
            }
        }
        QVERIFY2(rows.size() >= 10 && columns.size() >= 10, qPrintable(QStringLiteral("%1 rows, %2 columns labelled").arg(rows.size()).arg(columns.size())));
        for (int i = 1; i < rows.size(); ++i)
            QVERIFY2(rows[i].top() >= rows[i - 1].bottom() - 0.01, qPrintable(QString::number(i)));
        for (int i = 1; i < columns.size(); ++i)  // rotated by 45°: apart along the axis by a line's height × √2
            QVERIFY(columns[i].center().x() - columns[i - 1].center().x() >= figureMetrics(figureFont(FigureFont::Tick)).height() * 1.4);
    }

    void tickIndicesNeverLeaveALoneLabel_data() {
        QTest::addColumn<int>("count");
        QTest::addColumn<double>("cell");
        QTest::addColumn<double>("needed");
        QTest::addColumn<QList<int>>("expected");
        QTest::newRow("all fit") << 4 << 20.0 << 10.0 << QList<int>{0, 1, 2, 3};
        QTest::newRow("every second") << 5 << 6.0 << 10.0 << QList<int>{0, 2, 4};
        QTest::newRow("every fifth") << 11 << 3.0 << 10.0 << QList<int>{0, 5, 10};
        QTest::newRow("both ends, not one") << 3 << 2.0 << 10.0 << QList<int>{0, 2};
        QTest::newRow("one token") << 1 << 2.0 << 10.0 << QList<int>{0};
        QTest::newRow("500 tokens") << 500 << 1.28 << 11.0 << QList<int>{0, 10, 20, 30, 40, 50, 60, 70, 80, 90, 100, 110, 120, 130, 140, 150, 160, 170, 180, 190, 200, 210, 220, 230, 240, 250, 260, 270, 280, 290, 300, 310, 320, 330, 340, 350, 360, 370, 380, 390, 400, 410, 420, 430, 440, 450, 460, 470, 480, 490};
    }

    void tickIndicesNeverLeaveALoneLabel() {
        QFETCH(int, count);
        QFETCH(double, cell);
        QFETCH(double, needed);
        QFETCH(QList<int>, expected);
        QCOMPARE(FigureLayout::tickIndices(count, cell, needed, nullptr), expected);
    }
};

QTEST_MAIN(FiguresTest)
#include "tst_figures.moc"
