// The main window driven as a user would: type a sentence, press Enter, step through layers and
// heads; the heatmap must show exactly what the engine computes for that sentence.

#include <QInputMethodEvent>
#include <QLabel>
#include <QLineEdit>
#include <QSignalSpy>
#include <QSpinBox>
#include <QStatusBar>
#include <QtTest>

#include "AttentionDocument.h"
#include "HeatmapView.h"
#include "MainWindow.h"
#include "teaching/TeachingModel.h"

using namespace headmap;
using headmap::ui::AttentionDocument;
using headmap::ui::MainWindow;

namespace {

ModelSpec teachingSpec() {
    ModelSpec spec;
    spec.source = QStringLiteral("builtin:teaching");
    return spec;
}

// The reference: the engine run directly, without the GUI.
AttentionTrace engineTrace(const QString& text) {
    const TeachingModel model{TeachingOptions{}};
    return model.run(model.tokenizer().encode(text, true)).trace;
}

// Typed as a user would: key presses for Latin-1 text, an input method's commit for the rest
// (CJK is entered through an input method, never as key codes).
void typeText(QWidget* widget, const QString& text) {
    for (QChar c : text) {
        if (c.unicode() < 0x80) {
            QTest::keyClicks(widget, QString(c));
        } else {
            QInputMethodEvent event;
            event.setCommitString(QString(c));
            QApplication::sendEvent(widget, &event);
        }
    }
}

void compareHeatmap(const MainWindow& window, const AttentionTrace& expected, int layer, int head) {
    const auto* heatmap = window.heatmap();
    QCOMPARE(heatmap->queryCount(), expected.length());
    QCOMPARE(heatmap->keyCount(), expected.length());
    for (int q = 0; q < expected.length(); ++q)
        for (int k = 0; k < expected.length(); ++k)
            QCOMPARE(heatmap->cellValue(q, k), double(expected.weight(layer, head, q, k)));
}

}  // namespace

class MainWindowTest : public QObject {
    Q_OBJECT
private slots:
    void typedSentenceShowsEngineWeights_data();
    void typedSentenceShowsEngineWeights();
    void arrowKeysChangeLayerAndHead();
    void emptySentenceShowsError();
    void badModelShowsErrorAndKeepsWorking();
};

void MainWindowTest::typedSentenceShowsEngineWeights_data() {
    QTest::addColumn<QString>("sentence");
    QTest::newRow("coreference classic") << "The animal didn't cross the street because it was too tired.";
    QTest::newRow("danish seed") << "Multi-head self-attention gør det muligt for modellen samtidig at fokusere.";
    QTest::newRow("chinese seed") << "深入了解Transformer模型的好方法是学习注意机制。";
    QTest::newRow("single word") << "Headmap";
}

void MainWindowTest::typedSentenceShowsEngineWeights() {
    QFETCH(QString, sentence);
    AttentionDocument document;
    QVERIFY(document.setModelSpec(teachingSpec()));
    MainWindow window(&document);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));

    QSignalSpy traced(&document, &AttentionDocument::traceChanged);
    window.sentenceEdit()->setFocus();
    typeText(window.sentenceEdit(), sentence);
    QCOMPARE(window.sentenceEdit()->text(), sentence);
    QTest::keyClick(window.sentenceEdit(), Qt::Key_Return);
    QVERIFY(traced.wait(10000));

    const AttentionTrace expected = engineTrace(sentence);
    QCOMPARE(document.trace().displayTokens(), expected.displayTokens());
    compareHeatmap(window, expected, 0, 0);
}

void MainWindowTest::arrowKeysChangeLayerAndHead() {
    const QString sentence = QStringLiteral("Attention is all you need");
    AttentionDocument document;
    QVERIFY(document.setModelSpec(teachingSpec()));
    MainWindow window(&document);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    QSignalSpy traced(&document, &AttentionDocument::traceChanged);
    window.sentenceEdit()->setText(sentence);
    QTest::keyClick(window.sentenceEdit(), Qt::Key_Enter);
    QVERIFY(traced.wait(10000));
    const AttentionTrace expected = engineTrace(sentence);

    window.headBox()->setFocus();
    QTest::keyClick(window.headBox(), Qt::Key_Up);
    QTest::keyClick(window.headBox(), Qt::Key_Up);
    QCOMPARE(document.head(), 2);
    compareHeatmap(window, expected, 0, 2);

    window.layerBox()->setFocus();
    QTest::keyClick(window.layerBox(), Qt::Key_Up);
    QCOMPARE(document.layer(), 1);
    compareHeatmap(window, expected, 1, 2);

    QTest::keyClick(window.layerBox(), Qt::Key_Up);  // already the last layer
    QCOMPARE(document.layer(), 1);
}

void MainWindowTest::emptySentenceShowsError() {
    AttentionDocument document;
    QVERIFY(document.setModelSpec(teachingSpec()));
    MainWindow window(&document);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    QSignalSpy errors(&document, &AttentionDocument::errorOccurred);
    window.sentenceEdit()->setText(QStringLiteral("   "));
    QTest::keyClick(window.sentenceEdit(), Qt::Key_Return);
    QCOMPARE(errors.count(), 1);
    QVERIFY2(window.statusBar()->currentMessage().contains(QStringLiteral("empty")),
             qPrintable(window.statusBar()->currentMessage()));
}

void MainWindowTest::badModelShowsErrorAndKeepsWorking() {
    AttentionDocument document;
    QVERIFY(document.setModelSpec(teachingSpec()));
    MainWindow window(&document);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));

    ModelSpec bad;
    bad.source = QStringLiteral("/nonexistent/model/folder");
    QVERIFY(!document.setModelSpec(bad));
    QVERIFY2(window.statusBar()->currentMessage().contains(bad.source),
             qPrintable(window.statusBar()->currentMessage()));

    // The previous model is still there and still answers.
    QSignalSpy traced(&document, &AttentionDocument::traceChanged);
    window.sentenceEdit()->setText(QStringLiteral("still working"));
    QTest::keyClick(window.sentenceEdit(), Qt::Key_Return);
    QVERIFY(traced.wait(10000));
    compareHeatmap(window, engineTrace(QStringLiteral("still working")), 0, 0);
}

QTEST_MAIN(MainWindowTest)
#include "tst_mainwindow.moc"
