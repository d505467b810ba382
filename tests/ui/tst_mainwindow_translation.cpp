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
#include <QHeaderView>
#include <QTableView>
#include <QTemporaryDir>

#include "AttentionDocument.h"
#include "HeatmapView.h"
#include "Language.h"
#include "parts/ClassroomPart.h"
#include "parts/TargetTextPart.h"
#include "views/HeadStatisticsModel.h"
#include "views/LinesView.h"
#include "views/RolloutView.h"
#include "views/StatisticsView.h"
#include "views/TokenPairView.h"
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
    void viewsSpeakOfTheStack_data();
    void viewsSpeakOfTheStack();
    void sessionsCarryTheStackAndTheTarget();
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
    // The classroom note: the decoder asks, the encoder answers, in the window's language.
    QVERIFY(window.headNote()->isVisible());
    QCOMPARE(window.headNote()->text(), ClassroomPart::stackNote(StackKind::Cross));
    QCOMPARE(window.headNote()->text().contains(QStringLiteral("the decoder asks, the encoder answers")),
             language == QLatin1String("en"));
    QCoreApplication::processEvents();
    keep(window, QStringLiteral("translation_800_%1").arg(language));
    window.stackBox()->setCurrentIndex(window.stackBox()->findData(int(StackKind::Encoder)));
    window.tabs()->setCurrentIndex(MainWindow::GridTab);
    document.waitForIdle();
    QCoreApplication::processEvents();
    QVERIFY2(window.width() <= 800, qPrintable(QString::number(window.width())));
    keep(window, QStringLiteral("translation_800_%1_grid_encoder").arg(language));
}

void TestMainWindowTranslation::viewsSpeakOfTheStack_data() {
    QTest::addColumn<int>("stack");
    QTest::newRow("encoder") << int(StackKind::Encoder);
    QTest::newRow("decoder") << int(StackKind::Decoder);
    QTest::newRow("cross") << int(StackKind::Cross);
}

// Statistics, rollout, lines and token pair of each stack.
void TestMainWindowTranslation::viewsSpeakOfTheStack() {
    QFETCH(int, stack);
    const StackKind kind = StackKind(stack);
    AttentionDocument document;
    document.setModel(std::make_shared<testmodels::TinyTranslationModel>(), ModelSpec{"test:tiny-translation", {}});
    MainWindow window(&document);
    window.resize(1280, 860);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    document.setTargetText(QStringLiteral("the cat sits on the mat"));
    QVERIFY(mainwindowtests::runSentence(window, QStringLiteral("katten sidder på måtten")));
    document.setStack(kind);
    const QStringList target{"<pad>", "the", "cat", "sits", "on", "the", "mat"};
    const QStringList source{"katten", "sidder", "på", "måtten", "</s>"};

    // Statistics: cross-attention's own numbers, self-attention's for the other stacks.
    window.tabs()->setCurrentIndex(MainWindow::StatisticsTab);
    document.waitForIdle();
    QTRY_VERIFY(window.statistics()->findChild<QTableView*>()->model()->rowCount() > 0);
    QAbstractItemModel* table = window.statistics()->findChild<QTableView*>()->model();
    QStringList headers;
    for (int c = 0; c < table->columnCount(); ++c)
        headers << table->headerData(c, Qt::Horizontal).toString();
    const ModelSummary summary = document.modelSummary();
    QCOMPARE(table->rowCount(), summary.layers * summary.heads);
    QCOMPARE(headers.contains(QStringLiteral("Monotonicity")), kind == StackKind::Cross);
    QCOMPARE(headers.contains(QStringLiteral("End token")), kind == StackKind::Cross);
    QCOMPARE(headers.contains(QStringLiteral("Mean distance (tokens)")), kind != StackKind::Cross);

    // Rollout: the encoder's; the decoder's and cross-attention's are refused, with the reason.
    window.tabs()->setCurrentIndex(MainWindow::RolloutTab);
    document.waitForIdle();
    QCoreApplication::processEvents();
    HeatmapView* rollout = window.rollout()->heatmap();
    if (kind == StackKind::Encoder) {
        QTRY_COMPARE(rollout->queryCount(), 5);
        QCOMPARE(rollout->keyCount(), 5);
    } else {
        QTRY_VERIFY2(rollout->title().contains(QStringLiteral("Abnar & Zuidema")), qPrintable(rollout->title()));
        QCOMPARE(rollout->queryCount(), 0);
    }

    // Lines: for cross-attention an alignment, the source in a row above the target.
    window.tabs()->setCurrentIndex(MainWindow::LinesTab);
    document.waitForIdle();
    QCoreApplication::processEvents();
    const QStringList rows = kind == StackKind::Encoder ? source : target;
    QCOMPARE(window.linesView()->labels(), rows);
    QCOMPARE(window.linesView()->keyLabels(), kind == StackKind::Cross ? source : rows);
    keep(window, QStringLiteral("translation_lines_%1").arg(stackName(kind)));

    // Token pair: a target token attends to a source token in cross-attention.
    window.tabs()->setCurrentIndex(MainWindow::TokenPairTab);
    document.waitForIdle();
    QCoreApplication::processEvents();
    QComboBox* keys = window.tokenPairView()->keyBox();
    QCOMPARE(keys->count(), int((kind == StackKind::Cross ? source : rows).size()));
    QVERIFY2(keys->itemText(0).startsWith((kind == StackKind::Cross ? source : rows).first()), qPrintable(keys->itemText(0)));
    QCOMPARE(window.tokenPairView()->queryBox()->count(), int(rows.size()));
}

// A session keeps the stack, the user's target and heads switched off in any stack; opening it
// shows them again. The Marian fixture is a model a session can name (a folder).
void TestMainWindowTranslation::sessionsCarryTheStackAndTheTarget() {
    const QString marian = QDir(QStringLiteral(HEADMAP_FIXTURES_DIR)).filePath(QStringLiteral("seq2seq/marian_f32"));
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("lesson.headmap"));
    {
        AttentionDocument document;
        auto window = mainwindowtests::openWindow(document, mainwindowtests::modelSpec(marian), QSize(1280, 860));
        QVERIFY(window);
        document.setTargetText(QStringLiteral("Attention over all other elements."));
        QVERIFY(mainwindowtests::runSentence(*window, QStringLiteral("Opmærksomhed over alle andre elementer.")));
        document.setStack(StackKind::Encoder);
        document.setHeadIndex(1, 3);
        document.setAblations({HeadAblation{1, 2, AblationMode::Zero, StackKind::Encoder},
                               HeadAblation{0, 1, AblationMode::Mean, StackKind::Cross}});
        document.waitForIdle();
        QCOMPARE(window->saveSessionTo(path), QString());
    }
    AttentionDocument document;
    auto window = mainwindowtests::openWindow(document, mainwindowtests::modelSpec(QStringLiteral("builtin:teaching")),
                                              QSize(1280, 860));
    QVERIFY(window);
    QCOMPARE(window->openSessionFrom(path), QString());
    QTRY_VERIFY_WITH_TIMEOUT(document.isEncoderDecoder() && !document.trace().isEmpty(), 15000);
    document.waitForIdle();
    QCOMPARE(document.stack(), StackKind::Encoder);
    QCOMPARE(window->stackBox()->currentData().toInt(), int(StackKind::Encoder));
    QCOMPARE(document.layer(), 1);
    QCOMPARE(document.head(), 3);
    QVERIFY(document.isTeacherForced());
    QCOMPARE(document.targetText(), QStringLiteral("Attention over all other elements."));
    QCOMPARE(window->targetPart()->edit()->text(), QStringLiteral("Attention over all other elements."));
    const std::vector<HeadAblation> expected = {HeadAblation{1, 2, AblationMode::Zero, StackKind::Encoder},
                                                HeadAblation{0, 1, AblationMode::Mean, StackKind::Cross}};
    QCOMPARE(document.ablations().size(), expected.size());
    for (size_t i = 0; i < expected.size(); ++i)
        QVERIFY(document.ablations()[i] == expected[i]);
    QCOMPARE(document.stackPieceTrace(StackKind::Cross)->ablations().size(), size_t(1));
}

QTEST_MAIN(TestMainWindowTranslation)
#include "tst_mainwindow_translation.moc"
