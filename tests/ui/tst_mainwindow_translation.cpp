// The main window over an encoder–decoder model (issue #37): the stack switch is in the view
// controls, and every tab shows the chosen stack's trace without failing, in each stack, with
// special tokens hidden and pieces merged; the heatmap tab's plot is the stack's shape. At
// 800 px in English, Danish and Chinese the stack switch and the target field are on screen,
// translated, and the window stays within 800 px. The model is
// tests/support/ui/TinyTranslationModel. With HEADMAP_SCREENSHOT_DIR set, the windows are saved
// there as PNGs to look at.


#include <QComboBox>
#include <QSpinBox>
#include <QTabWidget>
#include <QtTest>

#include <QDir>

#include "AttentionDocument.h"
#include "HeatmapView.h"
#include "Language.h"
#include "parts/TargetTextPart.h"
#include "MainWindow.h"
#include "MainWindowTestSupport.h"
#include "TinyTranslationModel.h"

using namespace headmap;
using namespace headmap::ui;

namespace {

void keep(QWidget& widget, const QString& name) {
    const QString dir = qEnvironmentVariable("HEADMAP_SCREENSHOT_DIR");
    if (!dir.isEmpty())
        widget.grab().save(QDir(dir).filePath(name + QStringLiteral(".png")));
}

}  // namespace

class TestMainWindowTranslation : public QObject {
    Q_OBJECT
private slots:
    void cleanup() { installLanguage(QStringLiteral("en")); }
    void everyTabShowsEachStack_data();
    void everyTabShowsEachStack();
    void narrowWindowInEachLanguage_data();
    void narrowWindowInEachLanguage();
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
        keep(window, QStringLiteral("translation_%1_%2").arg(stackName(shape.stack), QTest::currentDataTag()).replace(' ', '_'));
    }
}

void TestMainWindowTranslation::narrowWindowInEachLanguage_data() {
    QTest::addColumn<QString>("language");
    QTest::addColumn<QString>("stackWord");  // how the stack switch names cross-attention
    QTest::addColumn<QString>("targetWord");
    QTest::newRow("en") << "en" << "Cross-attention" << "Target:";
    QTest::newRow("da") << "da" << "Krydsopmærksomhed" << "Måltekst:";
    QTest::newRow("zh_CN") << "zh_CN" << "交叉注意力" << "目标：";
}

void TestMainWindowTranslation::narrowWindowInEachLanguage() {
    QFETCH(QString, language);
    QFETCH(QString, stackWord);
    QFETCH(QString, targetWord);
    installLanguage(language);
    AttentionDocument document;
    document.setModel(std::make_shared<testmodels::TinyTranslationModel>(), ModelSpec{"test:tiny-translation", {}});
    MainWindow window(&document);
    window.resize(800, 640);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    QVERIFY(mainwindowtests::runSentence(window, QStringLiteral("katten sidder på måtten")));
    document.waitForIdle();
    QCOMPARE(window.stackBox()->currentText(), stackWord);
    QVERIFY(window.targetPart()->edit()->isVisible());
    QVERIFY(!window.targetPart()->edit()->text().isEmpty());  // what the model generated
    const QList<QLabel*> labels = window.targetPart()->widget()->findChildren<QLabel*>();
    QVERIFY(std::any_of(labels.begin(), labels.end(), [&](QLabel* label) { return label->text() == targetWord; }));
    QVERIFY2(window.width() <= 800, qPrintable(QString::number(window.width())));
    QCoreApplication::processEvents();
    keep(window, QStringLiteral("translation_800_%1").arg(language));
    window.stackBox()->setCurrentIndex(window.stackBox()->findData(int(StackKind::Encoder)));
    window.tabs()->setCurrentIndex(MainWindow::GridTab);
    document.waitForIdle();
    QCoreApplication::processEvents();
    QVERIFY2(window.width() <= 800, qPrintable(QString::number(window.width())));
    keep(window, QStringLiteral("translation_800_%1_grid_encoder").arg(language));
}

QTEST_MAIN(TestMainWindowTranslation)
#include "tst_mainwindow_translation.moc"
