// The main window over an encoder–decoder model (issue #37): the stack switch is in the view
// controls, and every tab shows the chosen stack's trace without failing, in each stack, with
// special tokens hidden and pieces merged; the heatmap tab's plot is the stack's shape. The
// model is tests/support/ui/TinyTranslationModel.

#include <QComboBox>
#include <QSpinBox>
#include <QTabWidget>
#include <QtTest>

#include "AttentionDocument.h"
#include "HeatmapView.h"
#include "MainWindow.h"
#include "MainWindowTestSupport.h"
#include "TinyTranslationModel.h"

using namespace headmap;
using namespace headmap::ui;

class TestMainWindowTranslation : public QObject {
    Q_OBJECT
private slots:
    void everyTabShowsEachStack_data();
    void everyTabShowsEachStack();
};

void TestMainWindowTranslation::everyTabShowsEachStack_data() {
    QTest::addColumn<bool>("hide");
    QTest::addColumn<bool>("words");
    QTest::newRow("pieces") << false << false;
    QTest::newRow("special hidden") << true << false;
    QTest::newRow("words") << false << true;
}

void TestMainWindowTranslation::everyTabShowsEachStack() {
    QFETCH(bool, hide);
    QFETCH(bool, words);
    AttentionDocument document;
    document.setModel(std::make_shared<testmodels::TinyTranslationModel>(), ModelSpec{"test:tiny-translation", {}});
    MainWindow window(&document);
    window.resize(1280, 860);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    QVERIFY(window.stackBox()->isVisible());
    document.setTargetText(QStringLiteral("the cat sits on the mat"));
    QVERIFY(mainwindowtests::runSentence(window, QStringLiteral("katten sidder på måtten")));
    document.waitForIdle();
    window.hideSpecialBox()->setChecked(hide);
    window.wordsBox()->setChecked(words);
    document.waitForIdle();
    struct Shape {
        StackKind stack;
        int rows, columns, heads;
    };
    const int target = hide ? 6 : 7, source = hide ? 4 : 5;
    for (const Shape& shape : {Shape{StackKind::Encoder, source, source, 4}, Shape{StackKind::Decoder, target, target, 2},
                               Shape{StackKind::Cross, target, source, 2}}) {
        window.stackBox()->setCurrentIndex(window.stackBox()->findData(int(shape.stack)));
        QCOMPARE(document.stack(), shape.stack);
        QCOMPARE(window.headBox()->maximum(), shape.heads - 1);
        window.headBox()->setValue(shape.heads - 1);
        for (int tab = 0; tab < window.tabs()->count(); ++tab) {
            window.tabs()->setCurrentIndex(tab);
            QTest::qWait(1);
            document.waitForIdle();
            QCoreApplication::processEvents();
            QVERIFY(!window.grab().isNull());
            QVERIFY2(document.lastError().message.isEmpty(),
                     qPrintable(window.tabs()->tabText(tab) + ": " + document.lastError().message));
        }
        window.tabs()->setCurrentIndex(MainWindow::HeatmapTab);
        document.waitForIdle();
        QTRY_COMPARE(window.heatmap()->queryCount(), shape.rows);
        QCOMPARE(window.heatmap()->keyCount(), shape.columns);
        QCOMPARE(window.heatmap()->hasSourceKeys(), shape.stack == StackKind::Cross);
        QVERIFY2(window.heatmap()->title().contains(stackTitle(shape.stack)), qPrintable(window.heatmap()->title()));
    }
}

QTEST_MAIN(TestMainWindowTranslation)
#include "tst_mainwindow_translation.moc"
