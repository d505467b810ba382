// builtin:numbers in the window (issue #41), driven offscreen through the real widgets: the
// Examples menu's "Danish numbers" and "Chinese numbers" open the model with the number words,
// the translation shows the digits, the cross-attention view opens on the most aligned head
// (analysis/NumberAlignment, computed here by the engine directly for comparison), the
// walk-through's pages are that cross-attention head's, and the model chooser lists
// builtin:numbers with its explanation.

#include <QMenu>
#include <QMenuBar>
#include <QSettings>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QtTest>

#include "AttentionDocument.h"
#include "MainWindow.h"
#include "MainWindowTestSupport.h"
#include "ModelChooser.h"
#include "analysis/NumberAlignment.h"
#include "model/ModelLoader.h"
#include "model/ShippedModels.h"
#include "parts/ClassroomPart.h"
#include "steps/MatrixView.h"
#include "steps/StepView.h"

using namespace headmap;
using namespace headmap::ui;

namespace {

QAction* numberAction(MainWindow& window, const char* menuName, int index) {
    auto* menu = window.menuBar()->findChild<QMenu*>(QLatin1String(menuName));
    if (!menu || index >= menu->actions().size())
        return nullptr;
    return menu->actions()[index];
}

AlignedHead expectedHead() {
    const std::unique_ptr<Model> model = loadModel(mainwindowtests::modelSpec(ClassroomPart::numbersModel()));
    return mostAlignedHead(
        measureCompoundAlignment(*model, probeCompounds(*shippedModelFolder(ClassroomPart::numbersModel()))));
}

}  // namespace

class MainWindowNumbersTest : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() { QStandardPaths::setTestModeEnabled(true); }
    void init() { QSettings().clear(); }

    void examplesOpenTheNumbersModel_data() {
        QTest::addColumn<QString>("menu");
        QTest::addColumn<int>("index");
        QTest::addColumn<QString>("text");
        QTest::addColumn<QString>("digits");
        QTest::newRow("syvoghalvfems") << "danishNumbersMenu" << 0 << "syvoghalvfems" << "97";
        QTest::newRow("et tusind og fem") << "danishNumbersMenu" << 1 << "et tusind og fem" << "1005";
        QTest::newRow("to tusind tre hundrede og tolv") << "danishNumbersMenu" << 2 << "to tusind tre hundrede og tolv"
                                                        << "2312";
        QTest::newRow("九十七") << "chineseNumbersMenu" << 0 << "九十七" << "97";
        QTest::newRow("一千零五") << "chineseNumbersMenu" << 1 << "一千零五" << "1005";
        QTest::newRow("二千三百一十二") << "chineseNumbersMenu" << 2 << "二千三百一十二" << "2312";
    }
    void examplesOpenTheNumbersModel() {
        QFETCH(QString, menu);
        QFETCH(int, index);
        QFETCH(QString, text);
        QFETCH(QString, digits);
        AttentionDocument document;
        auto window = mainwindowtests::openWindow(document, mainwindowtests::modelSpec("builtin:teaching"));
        QVERIFY(window);
        QAction* action = numberAction(*window, qPrintable(menu), index);
        QVERIFY(action);
        QVERIFY2(action->text().startsWith(text), qPrintable(action->text()));
        QSignalSpy traced(&document, &AttentionDocument::traceChanged);
        action->trigger();
        QTRY_COMPARE_WITH_TIMEOUT(document.modelSource(), ClassroomPart::numbersModel(), 15000);
        QTRY_COMPARE_WITH_TIMEOUT(document.targetText(), digits, 15000);
        QCOMPARE(window->sentenceEdit()->text(), text);
        QCOMPARE(document.stack(), StackKind::Cross);
        const AlignedHead head = expectedHead();
        QCOMPARE(document.layer(), head.layer);
        QCOMPARE(document.head(), head.head);
        QVERIFY(head.share >= 0.8);
        // A second example runs with the model already open, on the same head.
        QAction* first = numberAction(*window, "danishNumbersMenu", 0);
        first->trigger();
        QTRY_COMPARE_WITH_TIMEOUT(document.targetText(), QStringLiteral("97"), 15000);
        QCOMPARE(document.head(), head.head);
    }

    // The step-by-step tab walks through the same head: a cross-attention head (K and V from the
    // encoder's output), the most aligned one, with the weights the engine computes for it when
    // asked for that head's steps directly.
    void walkThroughUsesTheAlignedHead() {
        AttentionDocument document;
        auto window = mainwindowtests::openWindow(document, mainwindowtests::modelSpec("builtin:teaching"));
        QVERIFY(window);
        numberAction(*window, "danishNumbersMenu", 0)->trigger();  // syvoghalvfems
        QTRY_COMPARE_WITH_TIMEOUT(document.targetText(), QStringLiteral("97"), 15000);
        const AlignedHead head = expectedHead();
        QSignalSpy stepped(&document, &AttentionDocument::stepsChanged);
        window->tabs()->setCurrentIndex(MainWindow::StepsTab);
        QVERIFY(stepped.count() > 0 || stepped.wait(15000));
        StepView* view = window->stepView();
        QTRY_VERIFY_WITH_TIMEOUT(view->steps() != nullptr, 15000);
        QVERIFY(view->isCross());
        QCOMPARE(view->steps()->layer, head.layer);
        QCOMPARE(view->steps()->head, head.head);

        const auto model = loadModel(mainwindowtests::modelSpec(ClassroomPart::numbersModel()));
        RunOptions run;
        run.steps = HeadIndex{head.layer, head.head, StackKind::Cross};
        const RunResult expected = model->run(model->tokenize(QStringLiteral("syvoghalvfems")), run);
        QVERIFY(expected.steps);
        const MatrixF& weights = expected.steps->weights;  // (target rows, source tokens)
        MatrixView* shown = view->matrix(view->pageOf(StepView::Step::Softmax), QStringLiteral("weights"));
        QVERIFY(shown);
        QCOMPARE(shown->rows(), int(weights.rows()));
        QCOMPARE(shown->columns(), int(weights.cols()));
        for (int i = 0; i < weights.rows(); ++i)
            for (int j = 0; j < weights.cols(); ++j)
                QCOMPARE(shown->valueAt(i, j), double(weights(i, j)));
    }

    void chooserExplainsTheModel() {
        AttentionDocument document;
        auto window = mainwindowtests::openWindow(document, mainwindowtests::modelSpec("builtin:teaching"));
        QVERIFY(window);
        ModelChooser* chooser = window->modelChooser();
        const int index = chooser->findData(ClassroomPart::numbersModel());
        QVERIFY(index >= 0);
        QCOMPARE(chooser->itemText(index), ModelChooser::builtinLabel(ClassroomPart::numbersModel()));
        const QString tip = chooser->itemData(index, Qt::ToolTipRole).toString();
        QVERIFY2(tip.contains(QStringLiteral("syvoghalvfems")) && tip.contains(QStringLiteral("halvfems")),
                 qPrintable(tip));
        // Choosing it in the list opens it, on the most aligned cross-attention head.
        QSignalSpy opened(&document, &AttentionDocument::modelChanged);
        chooser->setCurrentIndex(index);
        emit chooser->activated(index);
        QTRY_COMPARE_WITH_TIMEOUT(document.modelSource(), ClassroomPart::numbersModel(), 15000);
        const AlignedHead head = expectedHead();
        QCOMPARE(document.layer(), head.layer);
        QCOMPARE(document.head(), head.head);
    }
};

QTEST_MAIN(MainWindowNumbersTest)
#include "tst_mainwindow_numbers.moc"
