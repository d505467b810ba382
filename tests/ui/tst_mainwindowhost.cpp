// View › Language takes effect at once: MainWindowHost puts a window built in the chosen
// language in the old one's place. Driven through the real menu: the new window's menus, tabs
// and buttons speak the language, the setting is saved, and the user loses nothing: the same
// sentence (or long text), pair and comparison texts, tab, step, selected token, head and trace
// (nothing is computed again), the heatmap's zoom, search and positions, the token pair,
// presentation mode, a download dialog that was open and a session still waiting for its
// model. The old window is gone once the event loop has run.

#include <QAction>
#include <QCheckBox>
#include <QApplication>
#include <QLineEdit>
#include <QMenu>
#include <QMenuBar>
#include <QPointer>
#include <QPushButton>
#include <QSettings>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QStatusBar>
#include <QDir>
#include <QFileInfo>
#include <QHeaderView>
#include <QTableView>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QtTest>

#include "AppSettings.h"
#include "AttentionDocument.h"
#include "ErrorBanner.h"
#include "HeatmapView.h"
#include "Language.h"
#include "MainWindow.h"
#include "MainWindowHost.h"
#include "MainWindowTestSupport.h"
#include "Session.h"
#include "download/DownloadDialog.h"
#include "heatmap/HeatmapToolbar.h"
#include "steps/StepView.h"
#include "views/ComparisonView.h"
#include "views/HeadGridView.h"
#include "views/RolloutView.h"
#include "views/StatisticsView.h"
#include "views/LinesView.h"
#include "views/TokenPairView.h"

using namespace headmap;
using namespace headmap::ui;

namespace {

const QString kSentence = QStringLiteral("Multi-head self-attention gør det muligt 多头注意力");

QStringList menuTitles(const QMenuBar* bar) {
    QStringList titles;
    for (const QAction* action : bar->actions())
        titles << action->text();
    return titles;
}

// The View › Language entry for `code` ("" for System), found by its data: its text is the
// language's own name, the same in every language.
QAction* languageAction(const MainWindow& window, const QString& code) {
    for (QAction* action : window.menuBar()->findChildren<QAction*>())
        if (action->isCheckable() && action->data().typeId() == QMetaType::QString && action->data().toString() == code &&
            action->actionGroup())
            return action;
    return nullptr;
}

// The host's window shown at a size where every view has room; false if it never appears.
bool showAtFullSize(MainWindow* window) {
    window->resize(1280, 860);
    window->show();
    return QTest::qWaitForWindowExposed(window);
}

QStringList buttonTexts(const MainWindow& window) {
    QStringList texts;
    for (const QPushButton* button : window.findChildren<QPushButton*>())
        texts << button->text();
    return texts;
}

}  // namespace

class MainWindowHostTest : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() { QStandardPaths::setTestModeEnabled(true); }
    void init() { QSettings().clear(); }
    void cleanup() { installLanguage(QStringLiteral("en")); }

    void languageMenuRebuildsTheWindow_data();
    void languageMenuRebuildsTheWindow();
    void longDocumentKeepsItsView_data();
    void longDocumentKeepsItsView();
    void runningExportReportsToTheNewWindow();
    void windowErrorStaysInTheBanner();
    void commandLineLanguageGivesWay();
    void sessionWaitingForItsModelFollows();
    void nothingHappensWithoutAChange();
};

void MainWindowHostTest::languageMenuRebuildsTheWindow_data() {
    QTest::addColumn<QString>("from");
    QTest::addColumn<QString>("to");
    QTest::addColumn<int>("tab");
    QTest::addColumn<bool>("presentation");
    QTest::addColumn<bool>("longText");  // the text in the multi-line box instead of the field
    QTest::addColumn<QStringList>("menus");  // File, View, Help as the new menu bar shows them
    QTest::addColumn<QString>("heatmapTab");
    QTest::addColumn<QString>("runButton");
    const QStringList danish{"&Filer", "&Vis", "&Hjælp"}, chinese{"文件(&F)", "视图(&V)", "帮助(&H)"},
        english{"&File", "&View", "&Help"};
    QTest::newRow("english to danish, step by step")
        << "en" << "da" << int(MainWindow::StepsTab) << false << false << danish << "&Varmekort" << "Kør";
    QTest::newRow("english to chinese, heatmap zoomed")
        << "en" << "zh_CN" << int(MainWindow::HeatmapTab) << false << false << chinese << "热力图(&H)" << "运行";
    QTest::newRow("english to chinese, heatmap, presentation")
        << "en" << "zh_CN" << int(MainWindow::HeatmapTab) << true << false << chinese << "热力图(&H)" << "运行";
    QTest::newRow("danish to english, compare")
        << "da" << "en" << int(MainWindow::CompareTab) << false << false << english << "&Heatmap" << "Run";
    QTest::newRow("chinese to danish, rollout")
        << "zh_CN" << "da" << int(MainWindow::RolloutTab) << false << false << danish << "&Varmekort" << "Kør";
    QTest::newRow("chinese to english, all heads, two selected")
        << "zh_CN" << "en" << int(MainWindow::GridTab) << false << false << english << "&Heatmap" << "Run";
    QTest::newRow("english to danish, statistics sorted")
        << "en" << "da" << int(MainWindow::StatisticsTab) << false << false << danish << "&Varmekort" << "Kør";
    QTest::newRow("chinese to english, lines")
        << "zh_CN" << "en" << int(MainWindow::LinesTab) << false << false << english << "&Heatmap" << "Run";
    QTest::newRow("danish to chinese, token pair, long text")
        << "da" << "zh_CN" << int(MainWindow::TokenPairTab) << false << true << chinese << "热力图(&H)" << "运行";
}

void MainWindowHostTest::languageMenuRebuildsTheWindow() {
    QFETCH(QString, from);
    QFETCH(QString, to);
    QFETCH(int, tab);
    QFETCH(bool, presentation);
    QFETCH(bool, longText);
    QFETCH(QStringList, menus);
    QFETCH(QString, heatmapTab);
    QFETCH(QString, runButton);
    AppSettings settings = AppSettings::load();
    settings.language = from;
    settings.save();
    QCOMPARE(installLanguage(from), from);

    AttentionDocument document;
    QVERIFY(document.setModelSpec(mainwindowtests::modelSpec(QStringLiteral("builtin:teaching"))));
    MainWindowHost host(&document);
    QPointer<MainWindow> old = host.window();
    QVERIFY(showAtFullSize(old));
    // The long text differs from the field's (which keeps what it had before the box opened):
    // the box's text is the one run, and the one the new window must show.
    const QString text = longText ? kSentence + QStringLiteral("\nEn linje til.\n第二行。") : kSentence;
    if (longText) {
        old->sentenceEdit()->setText(QStringLiteral("the field's old sentence"));
        QVERIFY(mainwindowtests::runLongText(*old, text));
    } else {
        QVERIFY(mainwindowtests::runSentence(*old, text));
    }
    QCOMPARE(document.text(), text);
    const QString field = old->sentenceEdit()->text();
    old->pairEdit()->setText(QStringLiteral("en anden sætning"));
    old->comparison()->secondSentenceEdit()->setText(QStringLiteral("深入了解Transformer模型"));
    document.setHeadIndex(1, 2);
    document.setSelectedToken(3);
    // Two heads Ctrl+clicked in the grid, to be switched off next, whichever tab is on show.
    old->tabs()->setCurrentIndex(MainWindow::GridTab);
    HeadGridView* grid = old->grid();
    QTRY_VERIFY(grid->layerCount() == 2 && grid->message().isEmpty());
    const std::vector<std::pair<int, int>> chosenHeads{{0, 1}, {1, 3}};
    for (const auto& [layer, head] : chosenHeads)
        QTest::mouseClick(grid, Qt::LeftButton, Qt::ControlModifier, grid->cellRect(layer, head).center());
    QCOMPARE(grid->selectedHeads(), chosenHeads);
    old->tabs()->setCurrentIndex(tab);
    // A step of the walk-through: shown on its tab, asked for (not yet built) on the others.
    if (tab == MainWindow::StepsTab)
        QTRY_VERIFY_WITH_TIMEOUT(old->stepView()->stepCount() > 4, 10000);
    old->setCurrentStep(4);
    QCOMPARE(old->currentStep(), 4);
    // The heatmap's view: zoomed in, a token searched for, positions on the axes.
    QRectF zoom;
    if (tab == MainWindow::HeatmapTab) {
        HeatmapView* heatmap = old->heatmap();
        QTRY_VERIFY(heatmap->queryCount() > 8);
        heatmap->plot()->xAxis->setRange(1.5, 7.5);
        heatmap->plot()->yAxis->setRange(2.5, 9.5);
        heatmap->plot()->replot();
        heatmap->searchBox()->setText(QStringLiteral("gør"));
        QTest::mouseClick(heatmap->findChild<HeatmapToolbar*>()->positionsBox(), Qt::LeftButton);
        QVERIFY(heatmap->positionsShown());
    }
    if (tab == MainWindow::TokenPairTab) {
        QTRY_VERIFY(old->tokenPairView()->queryToken() >= 0);
        old->tokenPairView()->setPair(2, 6);
        QCOMPARE(old->tokenPairView()->keyToken(), 6);
    }
    if (tab == MainWindow::StepsTab) {
        old->stepView()->setWeightMatricesShown(true);
        old->stepView()->setShowAll(true);
    }
    const int rolloutLayer = tab == MainWindow::RolloutTab ? 0 : old->rollout()->layer();
    if (tab == MainWindow::RolloutTab) {
        QTRY_VERIFY(old->rollout()->layerBox()->maximum() == 1);
        old->rollout()->setLayer(rolloutLayer);
    }
    if (tab == MainWindow::LinesTab) {
        QTRY_VERIFY(old->linesView()->heads() == 4);
        old->linesView()->setShownHeads({1, 3});
    }
    const QList<int> lineHeads = old->linesView()->shownHeads();
    if (tab == MainWindow::StatisticsTab)  // by the third column, largest first
        old->statistics()->table()->sortByColumn(2, Qt::DescendingOrder);
    const int sortColumn = old->statistics()->table()->horizontalHeader()->sortIndicatorSection();
    const Qt::SortOrder sortOrder = old->statistics()->table()->horizontalHeader()->sortIndicatorOrder();
    if (presentation)
        old->setPresentationMode(true);
    // A download dialog the user left open goes on in the new window.
    for (QAction* action : old->menuBar()->findChildren<QAction*>())
        if (action->text() == translateInto(from, "headmap::ui::MainWindow", "Download model from the &Hub…"))
            action->trigger();
    QPointer<DownloadDialog> download = old->findChild<DownloadDialog*>();
    QVERIFY(download);
    QTRY_VERIFY(document.isBusy() == false);
    if (tab == MainWindow::HeatmapTab) {  // as the search left it
        const QCPAxis* x = old->heatmap()->plot()->xAxis;
        const QCPAxis* y = old->heatmap()->plot()->yAxis;
        zoom = QRectF(QPointF(x->range().lower, y->range().lower), QPointF(x->range().upper, y->range().upper));
        QVERIFY2(zoom.width() < 10, "zoomed in");
    }
    const int selected = document.view().selectedToken;
    const auto traceBefore = document.sharedTrace();
    QSignalSpy traced(&document, &AttentionDocument::traceChanged);
    QSignalSpy replaced(&host, &MainWindowHost::windowReplaced);

    QAction* choice = languageAction(*old, to);
    QVERIFY(choice);
    choice->trigger();
    QVERIFY(replaced.wait(5000));
    MainWindow* window = host.window();
    QVERIFY(window != old.data());
    QCOMPARE(replaced.at(0).at(0).value<MainWindow*>(), window);
    QTRY_VERIFY(old.isNull());  // deleted once the event loop ran
    QVERIFY(window->isVisible());
    QVERIFY(QTest::qWaitForWindowExposed(window));

    // The new language, everywhere the window speaks, and remembered.
    QCOMPARE(currentLanguage(), to);
    QCOMPARE(AppSettings::load().language, to);
    const QStringList titles = menuTitles(window->menuBar());
    for (const QString& menu : menus)
        QVERIFY2(titles.contains(menu), qPrintable(titles.join(QStringLiteral(", "))));
    QCOMPARE(window->tabs()->tabText(MainWindow::HeatmapTab), heatmapTab);
    QVERIFY2(buttonTexts(*window).contains(runButton), qPrintable(buttonTexts(*window).join(QStringLiteral(", "))));
    QVERIFY(languageAction(*window, to)->isChecked());
    QVERIFY(!languageAction(*window, from)->isChecked());

    // Nothing lost, nothing computed again.
    QCOMPARE(window->isLongTextShown(), longText);
    QCOMPARE(window->currentText(), text);
    QCOMPARE(window->sentenceEdit()->text(), field);
    QCOMPARE(window->pairEdit()->text(), QStringLiteral("en anden sætning"));
    QCOMPARE(window->comparison()->secondSentenceEdit()->text(), QStringLiteral("深入了解Transformer模型"));
    QCOMPARE(window->tabs()->currentIndex(), tab);
    QCOMPARE(window->currentStep(), 4);
    QCOMPARE(window->layerBox()->value(), 1);
    QCOMPARE(window->headBox()->value(), 2);
    QCOMPARE(document.view().selectedToken, selected);
    QCOMPARE(window->isPresentationMode(), presentation);
    QVERIFY(document.sharedTrace() == traceBefore);
    if (tab == MainWindow::HeatmapTab) {
        HeatmapView* heatmap = window->heatmap();
        QTRY_COMPARE(heatmap->queryCount(), int(document.trace().tokens().size()));
        QCOMPARE(heatmap->selectedToken(), selected);
        QCOMPARE(heatmap->searchBox()->text(), QStringLiteral("gør"));
        QVERIFY(heatmap->positionsShown());
        QVERIFY(heatmap->findChild<HeatmapToolbar*>()->positionsBox()->isChecked());
        const QRectF shown(QPointF(heatmap->plot()->xAxis->range().lower, heatmap->plot()->yAxis->range().lower),
                           QPointF(heatmap->plot()->xAxis->range().upper, heatmap->plot()->yAxis->range().upper));
        QCOMPARE(shown, zoom);
    }
    QCOMPARE(window->stepView()->weightMatricesShown(), tab == MainWindow::StepsTab);
    QCOMPARE(window->stepView()->showAll(), tab == MainWindow::StepsTab);
    if (tab == MainWindow::RolloutTab)
        QCOMPARE(window->rollout()->layer(), rolloutLayer);
    QCOMPARE(window->linesView()->shownHeads(), lineHeads);
    QCOMPARE(window->statistics()->table()->horizontalHeader()->sortIndicatorSection(), sortColumn);
    QCOMPARE(window->statistics()->table()->horizontalHeader()->sortIndicatorOrder(), sortOrder);
    if (tab == MainWindow::TokenPairTab) {
        QCOMPARE(window->tokenPairView()->queryToken(), 2);
        QCOMPARE(window->tokenPairView()->keyToken(), 6);
    }
    QTest::qWait(300);  // a rerun would have started by now
    QCOMPARE(traced.count(), 0);
    window->tabs()->setCurrentIndex(MainWindow::GridTab);
    QTRY_VERIFY(window->grid()->layerCount() == 2);
    QCOMPARE(window->grid()->selectedHeads(), chosenHeads);
    if (tab == MainWindow::GridTab)  // to look at: the two heads drawn selected in the new language
        QVERIFY(window->grab().save(QDir::temp().filePath(QStringLiteral("headmap_switch_grid_%1.png").arg(to))));
    {  // and Zero switches those two off
        QSignalSpy ablated(&document, &AttentionDocument::traceChanged);
        QTest::mouseClick(window->grid()->zeroButton(), Qt::LeftButton);
        const std::vector<HeadAblation> zeroed{{0, 1, AblationMode::Zero, std::nullopt},
                                                {1, 3, AblationMode::Zero, std::nullopt}};
        QCOMPARE(document.ablations(), zeroed);
        QVERIFY(ablated.wait(10000));
        QTRY_VERIFY(!document.isBusy());
    }
    QVERIFY(!document.isBusy());
    QVERIFY(download);
    QCOMPARE(download->parentWidget(), window);
    QVERIFY(download->isVisible());
    download->close();

    // The window the host owns now is the one that switches next.
    QSignalSpy again(&host, &MainWindowHost::windowReplaced);
    languageAction(*window, from)->trigger();
    QVERIFY(again.wait(5000));
    QCOMPARE(currentLanguage(), from);
    QCOMPARE(host.window()->currentText(), text);
    host.window()->setPresentationMode(false);  // the application font and palette back for the next row
}

void MainWindowHostTest::longDocumentKeepsItsView_data() {
    QTest::addColumn<QString>("to");
    QTest::addColumn<QString>("heatmapTab");
    QTest::newRow("2,000 tokens, english to chinese") << "zh_CN" << "热力图(&H)";
    QTest::newRow("2,000 tokens, english to danish") << "da" << "&Varmekort";
}

void MainWindowHostTest::longDocumentKeepsItsView() {
    // A document of some 2,000 tokens, its heatmap zoomed into the middle with a token clicked:
    // the new window shows the same cells and token at once, computing nothing again.
    QFETCH(QString, to);
    QFETCH(QString, heatmapTab);
    QStringList lines;
    for (int i = 0; lines.join(QLatin1Char('\n')).size() < 5250; ++i)
        lines << QStringLiteral("%1. Multi-head self-attention gør det muligt at se flere sammenhænge. 多头注意力让模型同时关注不同位置。")
                     .arg(i);
    const QString text = lines.join(QLatin1Char('\n'));
    AttentionDocument document;
    QVERIFY(document.setModelSpec(mainwindowtests::modelSpec(QStringLiteral("builtin:teaching"))));
    MainWindowHost host(&document);
    QPointer<MainWindow> old = host.window();
    QVERIFY(showAtFullSize(old));
    QVERIFY(mainwindowtests::runLongText(*old, text));
    const int tokens = document.trace().length();
    QVERIFY2(tokens >= 1900 && tokens <= 2048, qPrintable(QString::number(tokens)));
    old->tabs()->setCurrentIndex(MainWindow::HeatmapTab);
    HeatmapView* heatmap = old->heatmap();
    QTRY_COMPARE(heatmap->queryCount(), tokens);
    QVERIFY2(!heatmap->poolingNote().isEmpty(), "2,000 tokens on fewer pixels are pooled");
    document.setSelectedToken(1000);
    heatmap->plot()->xAxis->setRange(979.5, 1019.5);
    heatmap->plot()->yAxis->setRange(984.5, 1014.5);
    heatmap->plot()->replot();
    QTRY_COMPARE(heatmap->selectedToken(), 1000);
    QVERIFY(old->grab().save(QDir::temp().filePath(QStringLiteral("headmap_switch_2000_before_%1.png").arg(to))));
    const auto traceBefore = document.sharedTrace();
    QSignalSpy traced(&document, &AttentionDocument::traceChanged);

    QSignalSpy replaced(&host, &MainWindowHost::windowReplaced);
    languageAction(*old, to)->trigger();
    QVERIFY(replaced.wait(10000));
    MainWindow* window = host.window();
    QTRY_VERIFY(old.isNull());
    QVERIFY(QTest::qWaitForWindowExposed(window));
    QCOMPARE(window->tabs()->tabText(MainWindow::HeatmapTab), heatmapTab);
    QCOMPARE(window->tabs()->currentIndex(), int(MainWindow::HeatmapTab));
    QCOMPARE(window->currentText(), text);
    HeatmapView* shown = window->heatmap();
    QTRY_COMPARE(shown->queryCount(), tokens);
    QCOMPARE(shown->selectedToken(), 1000);
    QCOMPARE(shown->plot()->xAxis->range().lower, 979.5);
    QCOMPARE(shown->plot()->xAxis->range().upper, 1019.5);
    QCOMPARE(shown->plot()->yAxis->range().lower, 984.5);
    QCOMPARE(shown->plot()->yAxis->range().upper, 1014.5);
    QVERIFY(document.sharedTrace() == traceBefore);
    QTest::qWait(300);
    QCOMPARE(traced.count(), 0);
    QVERIFY(window->grab().save(QDir::temp().filePath(QStringLiteral("headmap_switch_2000_after_%1.png").arg(to))));
}

void MainWindowHostTest::runningExportReportsToTheNewWindow() {
    // File › Export image… draws on a worker; a window rebuilt meanwhile says how it went.
    AttentionDocument document;
    QVERIFY(document.setModelSpec(mainwindowtests::modelSpec(QStringLiteral("builtin:teaching"))));
    MainWindowHost host(&document);
    host.window()->show();
    QVERIFY(QTest::qWaitForWindowExposed(host.window()));
    QVERIFY(mainwindowtests::runSentence(*host.window(), kSentence));
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("figure.svg"));
    QVERIFY(host.window()->exportCurrentViewInBackground(path, 1.0));
    host.switchLanguage(QStringLiteral("da"));  // before the result is delivered
    QSignalSpy finished(host.window(), &MainWindow::exportFinished);
    QVERIFY(finished.wait(30000));
    QCOMPARE(finished.at(0).at(0).toString(), path);
    QCOMPARE(finished.at(0).at(1).toString(), QString());
    QVERIFY(host.window()->statusBar()->currentMessage().contains(path));
    QVERIFY(QFileInfo(path).size() > 0);

    // A folder that cannot be written: the error reaches the new window too.
    const QString unwritable = dir.filePath(QStringLiteral("missing/figure.svg"));
    QVERIFY(host.window()->exportCurrentViewInBackground(unwritable, 1.0));
    host.switchLanguage(QStringLiteral("zh_CN"));
    QSignalSpy failed(host.window(), &MainWindow::exportFinished);
    QVERIFY(failed.wait(30000));
    QVERIFY(!failed.at(0).at(1).toString().isEmpty());
    QCOMPARE(host.window()->statusBar()->currentMessage(), failed.at(0).at(1).toString());
}

void MainWindowHostTest::windowErrorStaysInTheBanner() {
    // File › Open text… on a file that is gone: the error is the window's, not the document's,
    // and stays in view across the switch; the document's own error (none) adds nothing.
    AttentionDocument document;
    QVERIFY(document.setModelSpec(mainwindowtests::modelSpec(QStringLiteral("builtin:teaching"))));
    MainWindowHost host(&document);
    host.window()->show();
    QVERIFY(mainwindowtests::runSentence(*host.window(), kSentence));
    QTemporaryDir dir;
    const QString missing = dir.filePath(QStringLiteral("lesson.txt"));
    const QString error = host.window()->openTextFile(missing);
    QVERIFY(error.contains(missing));
    QCOMPARE(host.window()->errorBanner()->message(), error);
    QVERIFY(document.lastError().message.isEmpty());
    host.switchLanguage(QStringLiteral("da"));
    QCOMPARE(host.window()->errorBanner()->message(), error);
    QVERIFY(host.window()->errorBanner()->isVisible());

    // Dismissed before the switch: nothing comes back.
    host.window()->errorBanner()->dismissButton()->click();
    QVERIFY(host.window()->errorBanner()->message().isEmpty());
    host.switchLanguage(QStringLiteral("zh_CN"));
    QVERIFY(host.window()->errorBanner()->message().isEmpty());
    QVERIFY(!host.window()->errorBanner()->isVisible());
}

void MainWindowHostTest::commandLineLanguageGivesWay() {
    // `headmap --lang da` with Chinese saved: the menu ticks the saved choice, and choosing it
    // switches from the Danish of this run.
    AppSettings settings = AppSettings::load();
    settings.language = QStringLiteral("zh_CN");
    settings.save();
    QCOMPARE(installLanguage(QStringLiteral("da")), QStringLiteral("da"));
    AttentionDocument document;
    MainWindowHost host(&document);
    host.window()->show();
    QVERIFY(languageAction(*host.window(), QStringLiteral("zh_CN"))->isChecked());
    QSignalSpy replaced(&host, &MainWindowHost::windowReplaced);
    languageAction(*host.window(), QStringLiteral("zh_CN"))->trigger();
    QVERIFY(replaced.wait(5000));
    QCOMPARE(currentLanguage(), QStringLiteral("zh_CN"));
    QCOMPARE(host.window()->tabs()->tabText(MainWindow::HeatmapTab), QStringLiteral("热力图(&H)"));
}

void MainWindowHostTest::sessionWaitingForItsModelFollows() {
    // A session whose model is still opening when the language changes is applied by the new
    // window, once, when the model is there.
    QTemporaryDir dir;
    Session session;
    session.modelSource = QStringLiteral("builtin:teaching");
    session.teaching.heads = 2;  // another model than the one open: it has to load first
    session.text = QStringLiteral("深入了解Transformer模型的好方法");
    session.view = QStringLiteral("grid");
    session.layer = 1;
    session.head = 1;
    session.selectedToken = 2;
    const QString path = dir.filePath(QStringLiteral("lesson.headmap"));
    QCOMPARE(saveSession(session, path), QString());

    // How many traces opening the session shows (the model's change, the session's sentence)
    // when the window stays, to compare with: a session applied by both windows shows more.
    int tracesWithoutSwitch = 0;
    {
        AttentionDocument document;
        QVERIFY(document.setModelSpec(mainwindowtests::modelSpec(QStringLiteral("builtin:teaching"))));
        MainWindowHost host(&document);
        host.window()->show();
        QSignalSpy traced(&document, &AttentionDocument::traceChanged);
        QCOMPARE(host.window()->openSessionFrom(path), QString());
        QTRY_COMPARE(document.view().selectedToken, 2);
        QTest::qWait(300);
        tracesWithoutSwitch = int(traced.count());
    }

    AttentionDocument document;
    QVERIFY(document.setModelSpec(mainwindowtests::modelSpec(QStringLiteral("builtin:teaching"))));
    MainWindowHost host(&document);
    QPointer<MainWindow> old = host.window();
    old->show();
    QVERIFY(QTest::qWaitForWindowExposed(old.data()));
    QSignalSpy traced(&document, &AttentionDocument::traceChanged);
    QCOMPARE(old->openSessionFrom(path), QString());
    QVERIFY(document.isOpeningModel());
    host.switchLanguage(QStringLiteral("da"));  // before the model's arrival is delivered
    MainWindow* window = host.window();
    QTRY_VERIFY(old.isNull());
    QTRY_COMPARE(document.view().selectedToken, 2);
    QCOMPARE(document.modelSummary().heads, 2);
    QCOMPARE(window->sentenceEdit()->text(), session.text);
    QCOMPARE(window->tabs()->currentIndex(), int(MainWindow::GridTab));
    QCOMPARE(window->layerBox()->value(), 1);
    QCOMPARE(window->headBox()->value(), 1);
    QCOMPARE(window->currentSession().text, session.text);
    QTest::qWait(300);
    QCOMPARE(int(traced.count()), tracesWithoutSwitch);  // applied once, not by both windows
    QVERIFY(tracesWithoutSwitch > 0);
}

void MainWindowHostTest::nothingHappensWithoutAChange() {
    AttentionDocument document;
    MainWindowHost host(&document);
    MainWindow* window = host.window();
    window->show();
    QVERIFY(QTest::qWaitForWindowExposed(window));
    QSignalSpy replaced(&host, &MainWindowHost::windowReplaced);
    // English is installed: choosing it (or the system's language when that is English) is
    // remembered, and keeps the window.
    languageAction(*window, QStringLiteral("en"))->trigger();
    QCOMPARE(AppSettings::load().language, QStringLiteral("en"));
    QTest::qWait(100);
    QCOMPARE(replaced.count(), 0);
    QCOMPARE(host.window(), window);
}

QTEST_MAIN(MainWindowHostTest)
#include "tst_mainwindowhost.moc"
