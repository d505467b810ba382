// The window's keys and the line under the views, as a new user met them (issue #36): Ctrl+F
// from any focus goes to the heatmap's search and never into the user's text, PageUp/PageDown on
// the walk-through move its step, and hovering a cell neither shifts the plot nor leaves its
// line behind on other tabs.

#include <QLabel>
#include <QMouseEvent>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QTabWidget>
#include <QtTest>
#include <qcustomplot.h>
#include "HeatmapTestSupport.h"

#include "HeatmapView.h"
#include "MainWindow.h"
#include "MainWindowTestSupport.h"
#include "steps/StepView.h"

using namespace headmap;
using namespace headmap::ui;
using mainwindowtests::readyWindow;

using heatmaptests::hover;

namespace {

// The walk-through's pages exist once the document delivered the steps of the head shown.
bool waitForSteps(MainWindow& window) {
    window.tabs()->setCurrentIndex(MainWindow::StepsTab);
    return QTest::qWaitFor([&] { return window.stepView()->steps() != nullptr; }, 15000);
}

}  // namespace

class MainWindowKeysTest : public QObject {
    Q_OBJECT
private slots:
    void init() { QStandardPaths::setTestModeEnabled(true); }
    void findNeverEditsTheText_data();
    void findNeverEditsTheText();
    void pageKeysMoveTheStepOnTheWalkThrough();
    void pageKeysMoveTheHeadElsewhere();
    void hoverLineKeepsThePlotInPlace();
};

void MainWindowKeysTest::findNeverEditsTheText_data() {
    QTest::addColumn<int>("tab");
    QTest::addColumn<bool>("longText");  // the focus in the multi-line box, else the sentence field
    QTest::newRow("heatmap tab, long text focused") << int(MainWindow::HeatmapTab) << true;
    QTest::newRow("grid tab, long text focused") << int(MainWindow::GridTab) << true;
    QTest::newRow("steps tab, long text focused") << int(MainWindow::StepsTab) << true;
    QTest::newRow("statistics tab, sentence focused") << int(MainWindow::StatisticsTab) << false;
}

void MainWindowKeysTest::findNeverEditsTheText() {
    QFETCH(int, tab);
    QFETCH(bool, longText);
    AttentionDocument document;
    auto window = readyWindow(document, QStringLiteral("the cat sat on the mat"));
    QVERIFY(window);
    const QString text = QStringLiteral("one long text\nwith two lines");
    window->setLongTextShown(longText);
    window->longTextEdit()->setPlainText(text);
    window->tabs()->setCurrentIndex(tab);
    QWidget* focused = longText ? static_cast<QWidget*>(window->longTextEdit()) : window->sentenceEdit();
    window->activateWindow();
    QVERIFY(QTest::qWaitForWindowActive(window.get()));
    focused->setFocus();
    QVERIFY(QTest::qWaitFor([&] { return focused->hasFocus(); }));
    const QString sentence = window->sentenceEdit()->text();

    QTest::keyClick(focused, Qt::Key_F, Qt::ControlModifier);

    QCOMPARE(window->longTextEdit()->toPlainText(), text);
    QCOMPARE(window->sentenceEdit()->text(), sentence);
    QCOMPARE(window->tabs()->currentIndex(), int(MainWindow::HeatmapTab));
    QVERIFY(window->heatmap()->searchBox()->hasFocus());
    // What is typed now searches; Enter goes to the next match and starts no run.
    QSignalSpy traced(&document, &AttentionDocument::traceChanged);
    QTest::keyClicks(window->heatmap()->searchBox(), QStringLiteral("mat"));
    QTest::keyClick(window->heatmap()->searchBox(), Qt::Key_Return);
    QCOMPARE(window->heatmap()->searchMatches(), QList<int>{int(document.trace().displayTokens().indexOf(QStringLiteral("mat")))});
    QTest::qWait(50);
    QCOMPARE(traced.count(), 0);
    QCOMPARE(window->longTextEdit()->toPlainText(), text);
}

void MainWindowKeysTest::pageKeysMoveTheStepOnTheWalkThrough() {
    AttentionDocument document;
    auto window = readyWindow(document, QStringLiteral("one two three"));
    QVERIFY(window);
    QVERIFY(waitForSteps(*window));
    window->sentenceEdit()->setFocus();  // the README: "PageUp/PageDown on the tab", focus anywhere
    const int step = window->stepView()->step();
    QTest::keyClick(window->sentenceEdit(), Qt::Key_PageDown);
    QCOMPARE(window->stepView()->step(), step + 1);
    QCOMPARE(document.head(), 0);
    QCOMPARE(document.layer(), 0);
    QTest::keyClick(window->sentenceEdit(), Qt::Key_PageUp);
    QCOMPARE(window->stepView()->step(), step);
    QCOMPARE(document.head(), 0);
    // Ctrl+PageDown still moves through layers there.
    QTest::keyClick(window->sentenceEdit(), Qt::Key_PageDown, Qt::ControlModifier);
    QCOMPARE(document.layer(), 1);
}

void MainWindowKeysTest::pageKeysMoveTheHeadElsewhere() {
    AttentionDocument document;
    auto window = readyWindow(document, QStringLiteral("one two three"));
    QVERIFY(window);
    window->tabs()->setCurrentIndex(MainWindow::GridTab);
    QTest::keyClick(window->sentenceEdit(), Qt::Key_PageDown);
    QCOMPARE(document.head(), 1);
    QTest::keyClick(window->sentenceEdit(), Qt::Key_PageUp);
    QCOMPARE(document.head(), 0);
}

void MainWindowKeysTest::hoverLineKeepsThePlotInPlace() {
    AttentionDocument document;
    auto window = readyWindow(document, QStringLiteral("hover over a cell"));
    QVERIFY(window);
    HeatmapView& heatmap = *window->heatmap();
    QWidget* plot = heatmap.plot();
    QTest::qWait(50);
    const QRect before = plot->geometry();
    const QPoint cell = heatmap.cellCenter(2, 1);
    hover(heatmap, cell);
    QVERIFY(window->tokenInfo()->text().startsWith(QStringLiteral("Query #2")));
    QTest::qWait(50);  // a layout change would have moved the plot by now
    QCOMPARE(plot->geometry(), before);
    // Off the cells the line goes back to the legend; on another tab nothing of the hover stays.
    hover(heatmap, plot->mapTo(&heatmap, QPoint(1, 1)));
    QVERIFY(!window->tokenInfo()->text().startsWith(QStringLiteral("Query")));
    hover(heatmap, cell);
    QVERIFY(window->tokenInfo()->text().startsWith(QStringLiteral("Query #2")));
    window->tabs()->setCurrentIndex(MainWindow::StatisticsTab);
    QVERIFY(!window->tokenInfo()->text().startsWith(QStringLiteral("Query")));
}

QTEST_MAIN(MainWindowKeysTest)
#include "tst_mainwindow_keys.moc"
