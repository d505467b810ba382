// File › Export image… without holding up the window: MainWindow::exportCurrentViewInBackground
// takes the figure from the view on the GUI thread and draws and writes it on a worker. Checked
// for each kind of tab and format: the call returns with "Exporting…" in the status bar before
// the file is there, exportFinished names the file, and the file has the bytes the synchronous
// export writes; the statistics table (a widget) and an empty tab are answered at once, and a
// folder that cannot be written gives the error through the same signal. A figure never carries
// the view's selection (the red crosshair of the selected token), which stays on screen; a
// sliding-window model's export has the masked cells grey and hatched, as the heatmap shows them.

#include <QFile>
#include <QSettings>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QStatusBar>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QtTest>

#include <QDir>
#include <QImage>

#include "AttentionDocument.h"
#include "figures/FigureStyle.h"
#include "HeatmapView.h"
#include "MainWindow.h"
#include "MainWindowTestSupport.h"
#include "ImageChecks.h"
#include "TestFiles.h"

using namespace headmap;
using namespace headmap::ui;
using mainwindowtests::readyWindow;

namespace {

using testsupport::readFile;

// Pixels near the screen's selection red (figureHighlight).
int redPixels(const QImage& image) {
    const QImage rgb = image.convertToFormat(QImage::Format_RGB32);
    const QColor red = figureHighlight();
    int count = 0;
    for (int y = 0; y < rgb.height(); ++y)
        for (int x = 0; x < rgb.width(); ++x) {
            const QRgb p = rgb.pixel(x, y);
            count += std::abs(qRed(p) - red.red()) < 40 && std::abs(qGreen(p) - red.green()) < 40 &&
                     std::abs(qBlue(p) - red.blue()) < 40;
        }
    return count;
}

}  // namespace

class MainWindowExportTest : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() { QStandardPaths::setTestModeEnabled(true); }
    void init() { QSettings().clear(); }
    void figureIsWrittenInTheBackground_data();
    void figureIsWrittenInTheBackground();
    void tableAndEmptyTabAnswerAtOnce();
    void unwritableFolderIsReported();
    void exportCarriesNoSelection_data();
    void exportCarriesNoSelection();
    void slidingWindowModelExportsItsMask();
    void localWindowModelShowsItsMask();
};

void MainWindowExportTest::figureIsWrittenInTheBackground_data() {
    QTest::addColumn<int>("tab");
    QTest::addColumn<QString>("suffix");
    QTest::addColumn<double>("scale");
    QTest::newRow("heatmap png scale 1") << int(MainWindow::HeatmapTab) << "png" << 1.0;
    QTest::newRow("heatmap png scale 2") << int(MainWindow::HeatmapTab) << "png" << 2.0;
    QTest::newRow("heatmap svg") << int(MainWindow::HeatmapTab) << "svg" << 1.0;
    QTest::newRow("grid png") << int(MainWindow::GridTab) << "png" << 2.0;
    QTest::newRow("rollout svg") << int(MainWindow::RolloutTab) << "svg" << 1.0;
    QTest::newRow("comparison png") << int(MainWindow::CompareTab) << "png" << 1.0;
    QTest::newRow("heatmap pdf") << int(MainWindow::HeatmapTab) << "pdf" << 1.0;
}

void MainWindowExportTest::figureIsWrittenInTheBackground() {
    QFETCH(int, tab);
    QFETCH(QString, suffix);
    QFETCH(double, scale);
    AttentionDocument document;
    auto window = readyWindow(document, QStringLiteral("Multi-head self-attention gør det muligt 多头注意力"));
    QVERIFY(window);
    window->tabs()->setCurrentIndex(tab);
    window->heatmap()->setSelectedToken(2);
    QTemporaryDir dir;
    const QString reference = dir.filePath("reference." + suffix);
    QCOMPARE(window->exportCurrentView(reference, scale), QString());

    const QString path = dir.filePath("background." + suffix);
    QSignalSpy finished(window.get(), &MainWindow::exportFinished);
    QVERIFY(window->exportCurrentViewInBackground(path, scale));
    // Back before the result: it is delivered through the event loop, which has not run yet.
    QCOMPARE(finished.count(), 0);
    QVERIFY2(window->statusBar()->currentMessage().contains(QStringLiteral("Exporting")),
             qPrintable(window->statusBar()->currentMessage()));
    QVERIFY(finished.wait(30000));
    QCOMPARE(finished.count(), 1);
    QCOMPARE(finished.at(0).at(0).toString(), path);
    QCOMPARE(finished.at(0).at(1).toString(), QString());
    QVERIFY2(window->statusBar()->currentMessage().contains(path), qPrintable(window->statusBar()->currentMessage()));
    const QByteArray bytes = readFile(path);
    if (suffix == QLatin1String("pdf")) {
        // A PDF carries its creation time, so the bytes differ; the pages, drawn by pdftoppm,
        // must not (a size within 64 bytes of the reference passed another figure of one size).
        QVERIFY(bytes.startsWith("%PDF-"));
        QString error;
        const QImage drawn = testsupport::rasterisePdf(path, scale, &error);
        QVERIFY2(error.isEmpty(), qPrintable(error));
        const QImage expected = testsupport::rasterisePdf(reference, scale, &error);
        QVERIFY2(error.isEmpty(), qPrintable(error));
        QVERIFY(!expected.isNull());
        QVERIFY2(drawn == expected, "the worker drew another figure than the window thread");
    } else {
        QVERIFY(bytes.size() > 1000);
        QVERIFY2(bytes == readFile(reference), "the worker drew another figure than the window thread");
    }
}

void MainWindowExportTest::exportCarriesNoSelection_data() {
    QTest::addColumn<int>("tab");
    QTest::addColumn<QString>("suffix");
    QTest::addColumn<double>("scale");
    QTest::newRow("heatmap png scale 1") << int(MainWindow::HeatmapTab) << "png" << 1.0;
    QTest::newRow("heatmap png scale 2") << int(MainWindow::HeatmapTab) << "png" << 2.0;
    QTest::newRow("heatmap svg") << int(MainWindow::HeatmapTab) << "svg" << 1.0;
    QTest::newRow("grid png") << int(MainWindow::GridTab) << "png" << 2.0;
    QTest::newRow("comparison png") << int(MainWindow::CompareTab) << "png" << 1.0;
    QTest::newRow("rollout png") << int(MainWindow::RolloutTab) << "png" << 1.0;
}

// The bug: the selected token's red row and column were drawn into the exported heatmap.
// An export with a token selected is the export without one, byte for byte, and has no red.
void MainWindowExportTest::exportCarriesNoSelection() {
    QFETCH(int, tab);
    QFETCH(QString, suffix);
    QFETCH(double, scale);
    AttentionDocument document;
    auto window = readyWindow(document, QStringLiteral("The animal didn't cross the street 我爱你 æøå"));
    QVERIFY(window);
    window->tabs()->setCurrentIndex(tab);
    QTemporaryDir dir;
    window->heatmap()->setSelectedToken(3);
    const QString selected = dir.filePath("selected." + suffix);
    QCOMPARE(window->exportCurrentView(selected, scale), QString());
    QCOMPARE(window->heatmap()->selectedToken(), 3);  // the selection stays on screen
    window->heatmap()->setSelectedToken(-1);
    const QString plain = dir.filePath("plain." + suffix);
    QCOMPARE(window->exportCurrentView(plain, scale), QString());
    QVERIFY(readFile(selected).size() > 1000);
    QVERIFY2(readFile(selected) == readFile(plain), "the selection changed the figure");
    if (suffix == QLatin1String("png") && tab != int(MainWindow::CompareTab))  // A − B's diverging colours have reds
        QCOMPARE(redPixels(QImage(selected)), 0);
}

// A model with sliding-window layers (Gemma 2: a window of 4 tokens on layer 0): the heatmap
// hatches the cells before the window as well as those after the query, and the GUI's export
// draws them grey and hatched, not as weights of 0.
void MainWindowExportTest::slidingWindowModelExportsItsMask() {
    AttentionDocument document;
    auto window = readyWindow(document, QStringLiteral("the cat sat on the mat and looked around"),
                              QDir(QStringLiteral(HEADMAP_FIXTURES_DIR)).filePath(QStringLiteral("models/gemma2_f32")));
    QVERIFY(window);
    window->tabs()->setCurrentIndex(MainWindow::HeatmapTab);
    QCOMPARE(document.layer(), 0);
    QTRY_VERIFY(window->heatmap()->queryCount() >= 8);
    HeatmapView* heatmap = window->heatmap();
    const int last = heatmap->queryCount() - 1;
    QVERIFY(heatmap->isMasked(last, 0));         // before the window
    QVERIFY(heatmap->isMasked(0, last));         // after the query
    QVERIFY(!heatmap->isMasked(last, last - 3));  // the window: the token and the 3 before it
    QVERIFY(heatmap->isMasked(last, last - 4));
    QVERIFY2(heatmap->maskNote().contains(QStringLiteral("sliding window")), qPrintable(heatmap->maskNote()));
    heatmap->setSelectedToken(2);
    QTemporaryDir dir;
    const QString path = dir.filePath("gemma2.png");
    QCOMPARE(window->exportCurrentView(path, 2.0), QString());
    const QImage image = QImage(path).convertToFormat(QImage::Format_RGB32);
    int grey = 0, hatch = 0;
    for (int y = 0; y < image.height(); ++y)
        for (int x = 0; x < image.width(); ++x) {
            const QRgb p = image.pixel(x, y);
            grey += p == qRgb(205, 205, 205);
            hatch += qRed(p) == qGreen(p) && qGreen(p) == qBlue(p) && qRed(p) >= 135 && qRed(p) <= 150;
        }
    // Most of the cells of 10 tokens are masked: tens of thousands of grey pixels, a fifth of
    // them under the hatch lines.
    QVERIFY2(grey > 20000 && hatch > 2000, qPrintable(QStringLiteral("%1 grey, %2 hatch pixels").arg(grey).arg(hatch)));
    QCOMPARE(redPixels(image), 0);
}

// ModernBERT's local layers (the fixture's layers 1 and 3: 4 tokens on either side of the
// query) hatch the cells beyond the window on both sides, and say so; its global layers mask
// nothing. Headmap's weights there are 0, which the heatmap must not show as weights.
void MainWindowExportTest::localWindowModelShowsItsMask() {
    AttentionDocument document;
    auto window = readyWindow(document, QStringLiteral("The quick brown fox jumps over the lazy dog."),
                              QDir(QStringLiteral(HEADMAP_FIXTURES_DIR)).filePath(QStringLiteral("models/modernbert_f32")));
    QVERIFY(window);
    window->tabs()->setCurrentIndex(MainWindow::HeatmapTab);
    HeatmapView* heatmap = window->heatmap();
    QTRY_VERIFY(heatmap->queryCount() >= 20);
    QCOMPARE(heatmap->maskedCellCount(), 0);  // layer 0 is global
    document.setLayer(1);
    QTRY_VERIFY(heatmap->maskedCellCount() > 0);
    const int t = heatmap->queryCount(), q = 10;
    for (int k = 0; k < t; ++k)
        QVERIFY2(heatmap->isMasked(q, k) == (std::abs(q - k) > 4), qPrintable(QString::number(k)));
    QVERIFY(heatmap->isMasked(0, 5) && !heatmap->isMasked(0, 4));
    QVERIFY2(heatmap->maskNote().contains(QStringLiteral("local window")), qPrintable(heatmap->maskNote()));
    QTemporaryDir dir;
    const QString path = dir.filePath("modernbert.png");
    QCOMPARE(window->exportCurrentView(path, 1.0), QString());
    QVERIFY(QImage(path).width() > 100);
    document.setLayer(2);
    QTRY_COMPARE(heatmap->maskedCellCount(), 0);
}

void MainWindowExportTest::tableAndEmptyTabAnswerAtOnce() {
    AttentionDocument document;
    auto window = readyWindow(document, QStringLiteral("The animal was tired"));
    QVERIFY(window);
    QTemporaryDir dir;
    QSignalSpy finished(window.get(), &MainWindow::exportFinished);
    window->tabs()->setCurrentIndex(MainWindow::StatisticsTab);
    const QString table = dir.filePath(QStringLiteral("table.png"));
    QVERIFY(window->exportCurrentViewInBackground(table, 1.0));
    QCOMPARE(finished.count(), 1);  // drawn from the widget, on this thread
    QCOMPARE(finished.at(0).at(1).toString(), QString());
    QVERIFY(readFile(table).startsWith("\x89PNG"));

    // A window where no sentence has run yet: nothing to draw.
    AttentionDocument empty;
    MainWindow fresh(&empty);
    fresh.show();
    QVERIFY(QTest::qWaitForWindowExposed(&fresh));
    QSignalSpy nothing(&fresh, &MainWindow::exportFinished);
    const QString none = dir.filePath(QStringLiteral("none.png"));
    QVERIFY(!fresh.exportCurrentViewInBackground(none, 1.0));
    QCOMPARE(nothing.count(), 1);
    QVERIFY(!nothing.at(0).at(1).toString().isEmpty());
    QVERIFY(!QFile::exists(none));
}

void MainWindowExportTest::unwritableFolderIsReported() {
    AttentionDocument document;
    auto window = readyWindow(document, QStringLiteral("The animal was tired"));
    QVERIFY(window);
    const QString path = QStringLiteral("/proc/headmap-no-such-folder/view.png");
    QSignalSpy finished(window.get(), &MainWindow::exportFinished);
    QVERIFY(window->exportCurrentViewInBackground(path, 1.0));
    QVERIFY(finished.wait(30000));
    const QString error = finished.at(0).at(1).toString();
    QVERIFY2(error.contains(path), qPrintable(error));
    QCOMPARE(window->statusBar()->currentMessage(), error);
}

QTEST_MAIN(MainWindowExportTest)
#include "tst_mainwindow_export.moc"
