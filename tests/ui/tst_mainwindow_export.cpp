// File › Export image… without holding up the window: MainWindow::exportCurrentViewInBackground
// takes the figure from the view on the GUI thread and draws and writes it on a worker. Checked
// for each kind of tab and format: the call returns with "Exporting…" in the status bar before
// the file is there, exportFinished names the file, and the file has the bytes the synchronous
// export writes; the statistics table (a widget) and an empty tab are answered at once, and a
// folder that cannot be written gives the error through the same signal.

#include <QFile>
#include <QSettings>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QStatusBar>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QtTest>

#include "AttentionDocument.h"
#include "HeatmapView.h"
#include "MainWindow.h"
#include "MainWindowTestSupport.h"

using namespace headmap;
using namespace headmap::ui;
using mainwindowtests::readyWindow;

namespace {

QByteArray fileBytes(const QString& path) {
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
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
    const QByteArray bytes = fileBytes(path);
    if (suffix == QLatin1String("pdf")) {  // a PDF carries its creation time
        QVERIFY(bytes.startsWith("%PDF-"));
        QVERIFY(qAbs(bytes.size() - fileBytes(reference).size()) < 64);
    } else {
        QVERIFY(bytes.size() > 1000);
        QVERIFY2(bytes == fileBytes(reference), "the worker drew another figure than the window thread");
    }
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
    QVERIFY(fileBytes(table).startsWith("\x89PNG"));

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
