// The Lines and Token pair tabs in the main window, driven as a user would: type a sentence,
// switch to Lines, hover a token and see only its lines with the engine's weights; the head and
// layer controls move the lines; hidden special tokens leave the columns; a BERT sentence pair
// gets its A → B filter; in Token pair, pick two tokens, read every head's weight, click a cell
// and find that head in the Heatmap tab; both tabs export figures; sessions name the tabs.

#include <QCheckBox>
#include <QComboBox>
#include <QImage>
#include <QLineEdit>
#include <QMouseEvent>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QtTest>
#include <qcustomplot.h>

#include "AttentionDocument.h"
#include "HeatmapView.h"
#include "MainWindow.h"
#include "MainWindowTestSupport.h"
#include "teaching/TeachingModel.h"
#include "views/LinesView.h"
#include "views/TokenPairView.h"

using namespace headmap;
using namespace headmap::ui;
using mainwindowtests::readyWindow;

namespace {

const QString kSentence = QStringLiteral("The animal didn't cross the street because it was too tired.");

AttentionTrace engineTrace(const QString& text) {
    const TeachingModel model{TeachingOptions{}};
    return model.run(model.tokenizer().encode(text, true)).trace;
}

void hover(LinesView* view, const QPoint& point) {
    QMouseEvent move(QEvent::MouseMove, QPointF(point), view->canvas()->mapToGlobal(QPointF(point)), Qt::NoButton,
                     Qt::NoButton, Qt::NoModifier);
    QApplication::sendEvent(view->canvas(), &move);
}

}  // namespace

class MainWindowLinesTest : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() { QStandardPaths::setTestModeEnabled(true); }

    void linesTabHoverShowsTheEnginesLines() {
        AttentionDocument document;
        auto window = readyWindow(document, kSentence);
        QVERIFY(window);
        document.setHeadIndex(1, 2);
        window->tabs()->setCurrentIndex(MainWindow::LinesTab);
        QCOMPARE(window->tabs()->tabText(MainWindow::LinesTab), QStringLiteral("L&ines"));
        LinesView* lines = window->linesView();
        QCOMPARE(lines->layer(), 1);
        QCOMPARE(lines->shownHeads(), QList<int>{2});
        const AttentionTrace expected = engineTrace(kSentence);
        const int it = int(expected.displayTokens().indexOf(QStringLiteral("it")));
        QVERIFY(it > 0);
        hover(lines, lines->tokenPoint(LineSide::Query, it));
        QVERIFY(!lines->visibleLines().empty());
        float sum = 0;
        for (const AttentionLine& line : lines->visibleLines()) {
            QCOMPARE(line.query, it);
            QCOMPARE(line.head, 2);
            QCOMPARE(line.weight, expected.weight(1, 2, it, line.key));
            sum += line.weight;
        }
        QVERIFY(sum > 0.5f);  // the lines carry most of the row
        // PageDown moves to the next head; the lines follow.
        document.stepHead(1);
        QCOMPARE(lines->shownHeads(), QList<int>{3});
        for (const AttentionLine& line : lines->visibleLines())
            QCOMPARE(line.weight, expected.weight(1, 3, line.query, line.key));
        // Hide special tokens: [CLS] and [SEP] leave the columns.
        QTest::mouseClick(window->hideSpecialBox(), Qt::LeftButton);
        QCOMPARE(lines->labels().size(), expected.length() - 2);
        QVERIFY(!lines->labels().contains(QStringLiteral("[CLS]")));
    }

    void bertPairFiltersAToB() {
        AttentionDocument document;
        auto window = readyWindow(document, QStringLiteral("Hej verden!"),
                                  QStringLiteral(HEADMAP_FIXTURES_DIR "/models/bert_f32_prefixed"),
                                  QStringLiteral("Jeg læser bøger."));
        QVERIFY(window);
        window->tabs()->setCurrentIndex(MainWindow::LinesTab);
        LinesView* lines = window->linesView();
        QVERIFY(lines->hasPair());
        const QStringList tokens = document.trace().tokens();
        const int secondStart = int(tokens.indexOf(QStringLiteral("[SEP]"))) + 1;
        for (int i = 0; i < tokens.size(); ++i)
            QCOMPARE(lines->segments()[size_t(i)], i >= secondStart ? 1 : 0);
        QVERIFY(lines->filterBox()->isEnabled());
        lines->filterBox()->setCurrentIndex(lines->filterBox()->findData(int(PairFilter::AToB)));
        QVERIFY(!lines->visibleLines().empty());
        for (const AttentionLine& line : lines->visibleLines())
            QVERIFY(line.query < secondStart && line.key >= secondStart);
    }

    void tokenPairClickSelectsTheHead() {
        AttentionDocument document;
        auto window = readyWindow(document, kSentence);
        QVERIFY(window);
        window->tabs()->setCurrentIndex(MainWindow::TokenPairTab);
        QCOMPARE(window->tabs()->tabText(MainWindow::TokenPairTab), QStringLiteral("To&ken pair"));
        TokenPairView* pair = window->tokenPairView();
        const AttentionTrace expected = engineTrace(kSentence);
        const int it = int(expected.displayTokens().indexOf(QStringLiteral("it")));
        const int animal = int(expected.displayTokens().indexOf(QStringLiteral("animal")));
        for (auto [box, token] : {std::pair{pair->queryBox(), it}, std::pair{pair->keyBox(), animal}}) {
            const int index = box->findData(token);
            QVERIFY(index >= 0);
            box->setCurrentIndex(index);
            emit box->activated(index);
        }
        QCOMPARE(pair->queryToken(), it);
        QCOMPARE(pair->keyToken(), animal);
        QCOMPARE(document.view().selectedToken, it);  // the query is the document's selection
        for (int l = 0; l < expected.layers(); ++l)
            for (int h = 0; h < expected.heads(); ++h)
                QCOMPARE(pair->values()(l, h), expected.weight(l, h, it, animal));
        // A click selects the head; the Heatmap tab then shows it.
        QTest::mouseClick(pair->plot(), Qt::LeftButton, Qt::NoModifier, pair->cellCenter(1, 3));
        QCOMPARE(document.layer(), 1);
        QCOMPARE(document.head(), 3);
        QCOMPARE(window->tabs()->currentIndex(), int(MainWindow::TokenPairTab));
        window->tabs()->setCurrentIndex(MainWindow::HeatmapTab);
        HeatmapView* heatmap = window->heatmap();
        QCOMPARE(heatmap->value(it, animal), expected.weight(1, 3, it, animal));
        QVERIFY2(heatmap->title().contains(QStringLiteral("layer 1, head 3")), qPrintable(heatmap->title()));
        // A double-click opens the head in the Heatmap tab.
        window->tabs()->setCurrentIndex(MainWindow::TokenPairTab);
        QTest::mouseDClick(pair->plot(), Qt::LeftButton, Qt::NoModifier, pair->cellCenter(0, 1));
        QCOMPARE(window->tabs()->currentIndex(), int(MainWindow::HeatmapTab));
        QCOMPARE(document.head(), 1);
        // A token selected on the heatmap becomes the pair's query.
        document.setSelectedToken(animal);
        window->tabs()->setCurrentIndex(MainWindow::TokenPairTab);
        QCOMPARE(pair->queryToken(), animal);
        QCOMPARE(pair->keyToken(), animal);
    }

    void bothTabsExportFigures_data() {
        QTest::addColumn<int>("tab");
        QTest::newRow("lines") << int(MainWindow::LinesTab);
        QTest::newRow("token pair") << int(MainWindow::TokenPairTab);
    }

    void bothTabsExportFigures() {
        QFETCH(int, tab);
        AttentionDocument document;
        auto window = readyWindow(document, kSentence);
        QVERIFY(window);
        window->tabs()->setCurrentIndex(tab);
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QString one = dir.filePath(QStringLiteral("one.png")), two = dir.filePath(QStringLiteral("two.png"));
        QCOMPARE(window->exportCurrentView(one, 1.0), QString());
        QCOMPARE(window->exportCurrentView(two, 2.0), QString());
        const QImage a(one), b(two);
        QVERIFY(!a.isNull());
        QCOMPARE(b.size(), a.size() * 2);  // a figure, not a grab of the widget
        QCOMPARE(window->exportCurrentView(dir.filePath(QStringLiteral("figure.svg"))), QString());
        QCOMPARE(window->currentSession().view, tab == MainWindow::LinesTab ? QStringLiteral("lines")
                                                                             : QStringLiteral("token-pair"));
    }
};

QTEST_MAIN(MainWindowLinesTest)
#include "tst_mainwindow_lines.moc"
