// The main window's feedback, driven offscreen as a user would: Cancel and Esc stop a long
// computation, busy text leaves the status bar when work ends, errors appear in the banner
// above the views (too-long text with its truncate button, a folder that is not a model, text
// files that cannot be read), the Pair field follows the model, the selected token follows the
// sentence, sessions keep the comparison, narrow windows keep the sentence field, the teaching
// boxes revert a refused value, the long-text box, and the list of shortcuts.

#include <QComboBox>
#include <QDockWidget>
#include <QLabel>
#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLineEdit>
#include <QMessageBox>
#include <QPlainTextEdit>
#include <QProgressBar>
#include <QPushButton>
#include <QSettings>
#include <QSignalSpy>
#include <QSpinBox>
#include <QStandardPaths>
#include <QStatusBar>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QTimer>
#include <QToolButton>
#include <QtTest>

#include "AttentionDocument.h"
#include "ErrorBanner.h"
#include "HeatmapView.h"
#include "MainWindow.h"
#include "MainWindowTestSupport.h"
#include "predictions/PredictionPanel.h"
#include "ModelChooser.h"
#include "TeachingOptionsPanel.h"
#include "TestPaths.h"
#include "derived/GridThumbnails.h"
#include "steps/StepView.h"
#include "teaching/TeachingModel.h"
#include "views/ComparisonView.h"

using namespace headmap;
using namespace headmap::ui;
using mainwindowtests::openWindow;
using mainwindowtests::runSentence;

namespace {

ModelSpec teaching(TeachingOptions options = {}) {
    ModelSpec spec;
    spec.source = QStringLiteral("builtin:teaching");
    spec.teaching = options;
    return spec;
}

// The shared helpers under this file's names (support/MainWindowTestSupport.h, TestPaths.h).
constexpr auto spec = &mainwindowtests::modelSpec;
constexpr auto fixture = &testsupport::modelFixture;

// `words` distinct-looking words; the teaching tokenizer gives one token per word.
QString words(int count) {
    QStringList list;
    for (int i = 0; i < count; ++i)
        list << QStringLiteral("w%1").arg(i % 97);
    return list.join(QLatin1Char(' '));
}

// What the window says while it works: none of it may stay once the work is done.
bool saysBusy(const QString& status) {
    return status.contains(QLatin1String("Computing")) || status.contains(QLatin1String("Drawing")) ||
           status.contains(QLatin1String("Opening the model"));
}

bool idleLooksIdle(const MainWindow& window) {
    return !window.progressBar()->isVisible() && !window.cancelButton()->isVisible() &&
           !saysBusy(window.statusBar()->currentMessage());
}

}  // namespace

class MainWindowFeedbackTest : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() { QStandardPaths::setTestModeEnabled(true); }  // settings in a scratch place
    void init() { QSettings().clear(); }
    void hubCacheIsScannedInTheBackground();
    void cancelStopsAndKeepsThePreviousTrace_data();
    void cancelStopsAndKeepsThePreviousTrace();
    void busyTextClearedWhenWorkEnds_data();
    void busyTextClearedWhenWorkEnds();
    void tooLongTextOffersTruncation_data();
    void tooLongTextOffersTruncation();
    void modelErrorsShowInTheBanner_data();
    void modelErrorsShowInTheBanner();
    void failedFirstLoadListsNoModel_data();
    void failedFirstLoadListsNoModel();
    void runInProgressSaysSo();
    void pairFieldFollowsTheModel_data();
    void pairFieldFollowsTheModel();
    void selectedTokenFollowsTheSentence_data();
    void selectedTokenFollowsTheSentence();
    void sessionKeepsTheComparison_data();
    void sessionKeepsTheComparison();
    void narrowWindowKeepsTheSentenceField_data();
    void narrowWindowKeepsTheSentenceField();
    void teachingBoxesRevertARefusedValue_data();
    void teachingBoxesRevertARefusedValue();
    void longTextBoxRunsLineBreaks();
    void textFiles_data();
    void textFiles();
    void shortcutsDialogListsTheKeys();
};

void MainWindowFeedbackTest::cancelStopsAndKeepsThePreviousTrace_data() {
    QTest::addColumn<bool>("escape");
    QTest::newRow("Cancel button") << false;
    QTest::newRow("Esc key") << true;
}

void MainWindowFeedbackTest::cancelStopsAndKeepsThePreviousTrace() {
    QFETCH(bool, escape);
    // Wide and deep enough that 2,000 tokens take seconds (about 2 s on one idle core).
    TeachingOptions options;
    options.dModel = 512;
    options.heads = 1;
    options.layers = 12;
    AttentionDocument document;
    auto window = openWindow(document, teaching(options));
    QVERIFY(window);
    QVERIFY(runSentence(*window, QStringLiteral("the cat sat on the mat")));
    const int shortLength = document.trace().length();
    QCOMPARE(window->heatmap()->queryCount(), shortLength);

    window->sentenceEdit()->setText(words(2000));
    QTest::keyClick(window->sentenceEdit(), Qt::Key_Return);
    QVERIFY(document.isWorking());
    QVERIFY(window->progressBar()->isVisible());
    QVERIFY(window->cancelButton()->isVisible());
    QVERIFY2(window->statusBar()->currentMessage().contains(QLatin1String("Computing")),
             qPrintable(window->statusBar()->currentMessage()));

    QElapsedTimer clock;
    clock.start();
    if (escape) {
        window->activateWindow();
        QVERIFY(QTest::qWaitForWindowActive(window.get()));
        QTest::keyClick(window.get(), Qt::Key_Escape);
    } else {
        QTest::mouseClick(window->cancelButton(), Qt::LeftButton);
    }
    // At once, without waiting for the worker to reach the end of its layer.
    QVERIFY(!document.isWorking());
    QVERIFY(!window->progressBar()->isVisible());
    QVERIFY(!window->cancelButton()->isVisible());
    const QString banner = window->errorBanner()->message();
    QVERIFY2(banner.contains(QLatin1String("Cancelled")), qPrintable(banner));
    QVERIFY2(banner.contains(QLatin1String("The views still show the previous text.")), qPrintable(banner));
    QVERIFY(!window->errorBanner()->truncateButton()->isVisible());
    QVERIFY2(!saysBusy(window->statusBar()->currentMessage()), qPrintable(window->statusBar()->currentMessage()));
    QVERIFY(document.lastError().staleTrace);
    QVERIFY2(clock.elapsed() < 500, qPrintable(QString::number(clock.elapsed())));

    // The stopped worker delivers nothing: the previous trace stays, and stays marked stale.
    document.waitForIdle();
    QCOMPARE(document.trace().length(), shortLength);
    QCOMPARE(window->heatmap()->queryCount(), shortLength);
    QVERIFY(idleLooksIdle(*window));
    QVERIFY(window->errorBanner()->message().contains(QLatin1String("Cancelled")));

    // A later run works and clears the banner.
    QVERIFY(runSentence(*window, QStringLiteral("a dog ran home")));
    QCOMPARE(document.trace().length(), 6);
    QCOMPARE(window->heatmap()->queryCount(), 6);
    QVERIFY(window->errorBanner()->isHidden());
    document.waitForIdle();
    QVERIFY(idleLooksIdle(*window));
}

void MainWindowFeedbackTest::busyTextClearedWhenWorkEnds_data() {
    QTest::addColumn<QString>("work");
    QTest::newRow("sentence") << "sentence";
    QTest::newRow("step tab") << "steps";
    QTest::newRow("comparison sentence") << "comparison";
    QTest::newRow("all heads tab") << "grid";
}

void MainWindowFeedbackTest::busyTextClearedWhenWorkEnds() {
    QFETCH(QString, work);
    AttentionDocument document;
    auto window = openWindow(document, teaching());
    QVERIFY(window);
    QVERIFY(runSentence(*window, QStringLiteral("The animal didn't cross the street because it was tired")));
    if (work == QLatin1String("steps")) {
        QSignalSpy stepped(&document, &AttentionDocument::stepsChanged);
        window->tabs()->setCurrentIndex(MainWindow::StepsTab);
        // While its job runs the tab says so, not "Type a sentence…".
        QVERIFY(document.isComputingSteps());
        QCOMPARE(window->stepView()->message(), QStringLiteral("Computing the step-by-step matrices…"));
        QVERIFY(window->cancelButton()->isVisible());
        QVERIFY(stepped.wait(15000));
        QVERIFY(window->stepView()->message().isEmpty());
    } else if (work == QLatin1String("comparison")) {
        window->tabs()->setCurrentIndex(MainWindow::CompareTab);
        window->comparison()->modeBox()->setCurrentIndex(1);
        QSignalSpy second(&document, &AttentionDocument::secondTraceChanged);
        window->comparison()->secondSentenceEdit()->setText(QStringLiteral("The animal didn't cross the road"));
        QTest::keyClick(window->comparison()->secondSentenceEdit(), Qt::Key_Return);
        QVERIFY(document.isWorking());
        QVERIFY(window->progressBar()->isVisible());
        QVERIFY(second.wait(15000));
        QVERIFY(document.secondTrace());
    } else if (work == QLatin1String("grid")) {
        window->tabs()->setCurrentIndex(MainWindow::GridTab);
        QVERIFY(window->cancelButton()->isVisible());
        QTRY_VERIFY_WITH_TIMEOUT(document.derived<GridThumbnails>(GridThumbnailsProducer().key()) != nullptr, 15000);
    }
    QTRY_VERIFY_WITH_TIMEOUT(!document.isBusy(), 15000);
    QVERIFY2(idleLooksIdle(*window), qPrintable(window->statusBar()->currentMessage()));
    QVERIFY(window->errorBanner()->isHidden());
}

void MainWindowFeedbackTest::tooLongTextOffersTruncation_data() {
    QTest::addColumn<QString>("before");  // a text run first, or empty
    QTest::newRow("first text too long") << "";
    QTest::newRow("after a good text: marked stale") << "the cat sat on the mat";
}

void MainWindowFeedbackTest::tooLongTextOffersTruncation() {
    QFETCH(QString, before);
    TeachingOptions options;
    options.maxPositions = 16;
    AttentionDocument document;
    auto window = openWindow(document, teaching(options));
    QVERIFY(window);
    if (!before.isEmpty())
        QVERIFY(runSentence(*window, before));
    const int shownBefore = window->heatmap()->queryCount();

    QSignalSpy errors(&document, &AttentionDocument::errorOccurred);
    window->sentenceEdit()->setText(words(40));
    QTest::keyClick(window->sentenceEdit(), Qt::Key_Return);
    QVERIFY(errors.wait(15000));
    ErrorBanner* banner = window->errorBanner();
    QVERIFY(banner->isVisible());
    QVERIFY2(banner->message().contains(QLatin1String("more than 16 tokens")), qPrintable(banner->message()));
    QVERIFY(banner->truncateButton()->isVisible());
    QVERIFY2(banner->truncateButton()->text().contains(QLatin1String("16")),
             qPrintable(banner->truncateButton()->text()));
    QCOMPARE(banner->message().contains(QLatin1String("The views still show the previous text.")), !before.isEmpty());
    QCOMPARE(window->heatmap()->queryCount(), shownBefore);  // nothing new is drawn
    QVERIFY2(window->statusBar()->currentMessage().contains(QLatin1String("16")),
             qPrintable(window->statusBar()->currentMessage()));

    QSignalSpy traced(&document, &AttentionDocument::traceChanged);
    QTest::mouseClick(banner->truncateButton(), Qt::LeftButton);
    QVERIFY(traced.wait(15000));
    QCOMPARE(document.trace().length(), 16);
    QCOMPARE(window->heatmap()->queryCount(), 16);
    QCOMPARE(document.trace().tokens().at(1), QStringLiteral("w0"));  // the first tokens, not the last
    QVERIFY(banner->isHidden());
    QVERIFY(!document.lastError().staleTrace);
}

void MainWindowFeedbackTest::modelErrorsShowInTheBanner_data() {
    QTest::addColumn<QString>("kind");
    QTest::newRow("folder that is not a model") << "not a model";
    QTest::newRow("truncated checkpoint") << "truncated";
}

void MainWindowFeedbackTest::modelErrorsShowInTheBanner() {
    QFETCH(QString, kind);
    QTemporaryDir scratch;
    QVERIFY(scratch.isValid());
    const QString folder = scratch.filePath(QStringLiteral("my-notes"));
    QVERIFY(QDir().mkpath(folder));
    if (kind == QLatin1String("not a model")) {
        QFile notes(folder + QStringLiteral("/notes.txt"));
        QVERIFY(notes.open(QIODevice::WriteOnly));
        notes.write("not a model\n");
    } else {
        const QDir from(fixture("gpt2_f32"));
        for (const QString& name : from.entryList(QDir::Files))
            QVERIFY(QFile::copy(from.filePath(name), folder + QLatin1Char('/') + name));
        QFile weights(folder + QStringLiteral("/model.safetensors"));
        QVERIFY(weights.exists());
        QVERIFY(weights.resize(weights.size() / 2));
    }

    AttentionDocument document;
    auto window = openWindow(document, teaching());
    QVERIFY(window);
    QVERIFY(runSentence(*window, QStringLiteral("keep this model")));
    QSignalSpy errors(&document, &AttentionDocument::errorOccurred);
    window->openModel(folder);
    QVERIFY(window->cancelButton()->isVisible());  // opening a model can be cancelled too
    QVERIFY(errors.wait(15000));
    QTRY_VERIFY(!document.isBusy());

    const QString banner = window->errorBanner()->message();
    QVERIFY2(banner.contains(QLatin1String("my-notes")), qPrintable(banner));
    QVERIFY2(window->statusBar()->currentMessage().contains(QLatin1String("my-notes")),
             qPrintable(window->statusBar()->currentMessage()));
    QVERIFY(idleLooksIdle(*window));
    QCOMPARE(document.modelSummary().name, QStringLiteral("builtin:teaching"));
    QCOMPARE(window->modelChooser()->currentModel(), QStringLiteral("builtin:teaching"));
    QCOMPARE(window->modelChooser()->currentText(), QStringLiteral("Teaching model (built in)"));
    QVERIFY(window->teachingPanel()->isVisible());  // the knobs of the model still loaded

    // The old model still works, and a good run clears the banner.
    QVERIFY(runSentence(*window, QStringLiteral("still working here")));
    QCOMPARE(window->heatmap()->queryCount(), 5);
    QVERIFY(window->errorBanner()->isHidden());
}

void MainWindowFeedbackTest::failedFirstLoadListsNoModel_data() {
    QTest::addColumn<QString>("source");
    QTest::newRow("folder that is not a model") << "not a model";  // was listed as "."
    QTest::newRow("missing folder") << "missing";
}

// Nothing loaded before the failure: the list shows nothing (its placeholder), never the model
// that failed nor the first built-in, and no teaching knobs, as the status bar says "No model".
void MainWindowFeedbackTest::failedFirstLoadListsNoModel() {
    QFETCH(QString, source);
    QTemporaryDir scratch;
    QVERIFY(scratch.isValid());
    QString folder = scratch.filePath(QStringLiteral("missing"));
    if (source == QLatin1String("not a model"))
        folder = scratch.path();  // empty: no config.json
    AttentionDocument document;
    MainWindow window(&document);
    window.resize(1000, 700);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    QSignalSpy errors(&document, &AttentionDocument::errorOccurred);
    window.openModel(folder);
    QVERIFY(errors.wait(15000));
    QTRY_VERIFY(!document.isBusy());
    QVERIFY(!document.hasModel());
    QCOMPARE(window.modelChooser()->currentIndex(), -1);
    QCOMPARE(window.modelChooser()->currentText(), QString());
    QCOMPARE(window.modelChooser()->placeholderText(), QStringLiteral("No model"));
    QCOMPARE(window.modelChooser()->currentModel(), QString());
    QVERIFY(!window.teachingPanel()->isVisible());
    QCOMPARE(window.modelLabel()->text(), QStringLiteral("No model"));
    // Choosing a model from the list then opens it, and the list shows it.
    QSignalSpy opened(&document, &AttentionDocument::modelChanged);
    const int teachingRow = window.modelChooser()->findData(QStringLiteral("builtin:teaching"));
    QVERIFY(teachingRow >= 0);
    window.modelChooser()->setCurrentIndex(teachingRow);
    emit window.modelChooser()->activated(teachingRow);
    QVERIFY(opened.wait(15000));
    QCOMPARE(window.modelChooser()->currentText(), QStringLiteral("Teaching model (built in)"));
    QVERIFY(window.teachingPanel()->isVisible());
}

// The first run of a long text: the empty heatmap and the predictions panel say the work is on
// its way, not "type a sentence and press Enter".
void MainWindowFeedbackTest::runInProgressSaysSo() {
    AttentionDocument document;
    auto window = openWindow(document, spec(fixture("gpt2_f32")));  // a model that predicts
    QVERIFY(window);
    if (!window->predictionDock()->isVisible())
        window->predictionsButton()->click();
    QVERIFY(window->predictionDock()->isVisible());
    window->sentenceEdit()->setText(QStringLiteral("The animal didn't cross the street because it was tired"));
    QTest::keyClick(window->sentenceEdit(), Qt::Key_Return);
    QVERIFY(document.isWorking());
    QVERIFY(document.trace().isEmpty());
    const QString heatmapText = window->heatmap()->title();
    QVERIFY2(!heatmapText.contains(QLatin1String("press Enter")), qPrintable(heatmapText));
    QVERIFY2(heatmapText == document.busyText(), qPrintable(heatmapText + " / " + document.busyText()));
    const QString panelText = window->predictionPanel()->statusLabel()->text();
    QVERIFY2(!panelText.contains(QLatin1String("press Enter")), qPrintable(panelText));
    QCOMPARE(panelText, document.busyText());
    QTRY_VERIFY_WITH_TIMEOUT(!document.isBusy(), 60000);
}

void MainWindowFeedbackTest::pairFieldFollowsTheModel_data() {
    QTest::addColumn<QString>("source");
    QTest::addColumn<bool>("causal");
    QTest::addColumn<bool>("pairs");  // the model reads sentence pairs
    QTest::newRow("gpt2") << fixture("gpt2_f32") << false << false;
    QTest::newRow("llama decoder") << fixture("llama_f32_tied") << false << false;
    QTest::newRow("qwen2 decoder") << fixture("qwen2_bf16") << false << false;
    QTest::newRow("bert") << fixture("bert_f32_prefixed") << false << true;
    QTest::newRow("builtin:teaching") << "builtin:teaching" << false << false;
    QTest::newRow("builtin:teaching causal") << "builtin:teaching" << true << false;
}

void MainWindowFeedbackTest::pairFieldFollowsTheModel() {
    QFETCH(QString, source);
    QFETCH(bool, causal);
    QFETCH(bool, pairs);
    ModelSpec model = spec(source);
    model.teaching.causal = causal;
    // Opened at start-up.
    {
        AttentionDocument document;
        auto window = openWindow(document, model);
        QVERIFY(window);
        // The teaching tokenizer refuses pairs ("this model's tokenizer does not take sentence
        // pairs"): its field is off like a decoder's.
        QCOMPARE(window->pairEdit()->isEnabled(), pairs);
    }
    // Opened from a window that had the other kind of model.
    AttentionDocument document;
    auto window = openWindow(document, spec(pairs ? fixture("gpt2_f32") : fixture("bert_f32_prefixed")));
    QVERIFY(window);
    QCOMPARE(window->pairEdit()->isEnabled(), !pairs);
    window->pairEdit()->setText(QStringLiteral("a second text"));
    QSignalSpy opened(&document, &AttentionDocument::modelChanged);
    document.openModel(model);  // as the model chooser does, with the teaching options
    QVERIFY(opened.wait(15000));
    QCOMPARE(window->pairEdit()->isEnabled(), pairs);
    // A disabled field's text is not sent: the model reads one text, with nothing glued on.
    QVERIFY(runSentence(*window, QStringLiteral("one text")));
    QCOMPARE(document.pairText().isEmpty(), !pairs);
}

void MainWindowFeedbackTest::selectedTokenFollowsTheSentence_data() {
    QTest::addColumn<QString>("next");
    QTest::addColumn<int>("expected");
    QTest::newRow("unrelated sentence") << "birds fly south in winter" << -1;
    QTest::newRow("same prefix") << "the cat sat on a rug today" << 3;
    QTest::newRow("same word elsewhere") << "a sat cat" << -1;
    QTest::newRow("shorter than the index") << "the" << -1;
}

void MainWindowFeedbackTest::selectedTokenFollowsTheSentence() {
    QFETCH(QString, next);
    QFETCH(int, expected);
    AttentionDocument document;
    auto window = openWindow(document, teaching());
    QVERIFY(window);
    QVERIFY(runSentence(*window, QStringLiteral("the cat sat on the mat")));

    // Click the cell in row 3 ("sat"): a cell stands for its query token.
    HeatmapView* heatmap = window->heatmap();
    QWidget* plot = heatmap->plot();
    const QPoint at = plot->mapFrom(heatmap, heatmap->cellCenter(3, 1));
    QTest::mouseClick(plot, Qt::LeftButton, Qt::NoModifier, at);
    QCOMPARE(window->selectedToken(), 3);
    QCOMPARE(document.view().selectedToken, 3);

    QVERIFY(runSentence(*window, next));
    QCOMPARE(window->selectedToken(), expected);
    QCOMPARE(heatmap->selectedToken(), expected);
}

void MainWindowFeedbackTest::sessionKeepsTheComparison_data() {
    QTest::addColumn<int>("modeIndex");  // in the mode box: 0 heads, 1 sentences
    QTest::addColumn<QString>("modeName");
    QTest::addColumn<int>("layerB");
    QTest::addColumn<int>("headB");
    QTest::newRow("sentences, head B 1/3") << 1 << "sentences" << 1 << 3;
    QTest::newRow("heads, head B 0/2") << 0 << "heads" << 0 << 2;
}

void MainWindowFeedbackTest::sessionKeepsTheComparison() {
    QFETCH(int, modeIndex);
    QFETCH(QString, modeName);
    QFETCH(int, layerB);
    QFETCH(int, headB);
    QTemporaryDir scratch;
    const QString path = scratch.filePath(QStringLiteral("compare.headmap"));
    {
        AttentionDocument document;
        auto window = openWindow(document, teaching());
        QVERIFY(window);
        QVERIFY(runSentence(*window, QStringLiteral("the cat sat on the mat")));
        window->tabs()->setCurrentIndex(MainWindow::CompareTab);
        ComparisonView* comparison = window->comparison();
        comparison->modeBox()->setCurrentIndex(modeIndex);
        comparison->layerBBox()->setValue(layerB);
        comparison->headBBox()->setValue(headB);
        QCOMPARE(document.view().layerB, layerB);
        QCOMPARE(document.view().headB, headB);
        QCOMPARE(window->saveSessionTo(path), QString());
    }
    QFile file(path);
    QVERIFY(file.open(QIODevice::ReadOnly));
    const QJsonObject compare = QJsonDocument::fromJson(file.readAll()).object().value("compare").toObject();
    QCOMPARE(compare.value("mode").toString(), modeName);
    QCOMPARE(compare.value("layer_b").toInt(-1), layerB);
    QCOMPARE(compare.value("head_b").toInt(-1), headB);

    AttentionDocument document;
    auto window = openWindow(document, teaching());
    QVERIFY(window);
    QCOMPARE(window->openSessionFrom(path), QString());
    document.waitForIdle();
    window->tabs()->setCurrentIndex(MainWindow::CompareTab);
    ComparisonView* comparison = window->comparison();
    QCOMPARE(comparison->modeBox()->currentIndex(), modeIndex);
    QCOMPARE(comparison->layerBBox()->value(), layerB);
    QCOMPARE(comparison->headBBox()->value(), headB);
    QCOMPARE(int(document.view().compareMode), modeIndex);
}

void MainWindowFeedbackTest::narrowWindowKeepsTheSentenceField_data() {
    QTest::addColumn<int>("width");
    QTest::newRow("800 px") << 800;  // the model row alone needs about 780 px
    QTest::newRow("900 px") << 900;
}

void MainWindowFeedbackTest::narrowWindowKeepsTheSentenceField() {
    QFETCH(int, width);
    AttentionDocument document;
    auto window = openWindow(document, teaching());
    QVERIFY(window);
    window->resize(width, 700);
    QTRY_VERIFY(window->width() <= std::max(width, window->minimumSizeHint().width()));
    QApplication::processEvents();
    QLineEdit* sentence = window->sentenceEdit();
    const int xs = sentence->fontMetrics().horizontalAdvance(QLatin1Char('x'));
    QVERIFY2(sentence->width() >= 28 * xs,
             qPrintable(QStringLiteral("sentence %1 px, 28 x = %2 px").arg(sentence->width()).arg(28 * xs)));
    const int chooserMinimum = window->modelChooser()->minimumSizeHint().width();
    QVERIFY2(sentence->width() > chooserMinimum,
             qPrintable(QStringLiteral("sentence %1 px, chooser minimum %2 px").arg(sentence->width()).arg(chooserMinimum)));
    // The window must get that narrow at all (a 1024 px screen, a window beside another).
    QVERIFY2(window->width() <= width + 40, qPrintable(QStringLiteral("window %1 px").arg(window->width())));
}

void MainWindowFeedbackTest::teachingBoxesRevertARefusedValue_data() {
    QTest::addColumn<QString>("box");
    QTest::addColumn<QString>("typed");
    QTest::addColumn<QString>("said");  // in the error
    QTest::newRow("5 heads with d_model 64") << "heads" << "5" << "divisible";
    QTest::newRow("d_model 66 with 4 heads") << "dModel" << "66" << "divisible";
}

void MainWindowFeedbackTest::teachingBoxesRevertARefusedValue() {
    QFETCH(QString, box);
    QFETCH(QString, typed);
    QFETCH(QString, said);
    AttentionDocument document;
    auto window = openWindow(document, teaching());
    QVERIFY(window);
    QVERIFY(runSentence(*window, QStringLiteral("the cat sat")));
    TeachingOptionsPanel* panel = window->teachingPanel();
    QVERIFY(panel->isVisible());
    QSpinBox* spin = box == QLatin1String("heads") ? panel->headsBox() : panel->dModelBox();
    const int before = spin->value();
    QSignalSpy options(panel, &TeachingOptionsPanel::optionsChanged);
    spin->setFocus();
    QTest::keyClick(spin, Qt::Key_A, Qt::ControlModifier);
    QTest::keyClicks(spin, typed);
    QCOMPARE(spin->value(), typed.toInt());
    QVERIFY(options.wait(2000));  // the panel's pause before it asks for a model
    QCOMPARE(spin->value(), before);
    QCOMPARE(document.modelSummary().heads, 4);
    QCOMPARE(document.modelSummary().dModel, 64);
    const QString status = window->statusBar()->currentMessage();
    QVERIFY2(status.contains(said), qPrintable(status));
    // The boxes are usable again: a valid value opens a new model.
    QSignalSpy opened(&document, &AttentionDocument::modelChanged);
    panel->headsBox()->setValue(8);
    QVERIFY(opened.wait(5000));
    QCOMPARE(document.modelSummary().heads, 8);
    QCOMPARE(panel->headsBox()->value(), 8);
}

void MainWindowFeedbackTest::longTextBoxRunsLineBreaks() {
    AttentionDocument document;
    auto window = openWindow(document, teaching());
    QVERIFY(window);
    window->activateWindow();
    QVERIFY(QTest::qWaitForWindowActive(window.get()));
    QVERIFY(window->longTextEdit()->isHidden());
    QTest::keyClick(window->sentenceEdit(), Qt::Key_L, Qt::ControlModifier);
    QTRY_VERIFY(window->longTextEdit()->isVisible());  // a button's shortcut clicks it animated
    QVERIFY(window->longTextButton()->isChecked());
    QVERIFY(!window->sentenceEdit()->isEnabled());

    QPlainTextEdit* box = window->longTextEdit();
    QTRY_VERIFY(box->hasFocus());
    QTest::keyClicks(box, QStringLiteral("first line"));
    QTest::keyClick(box, Qt::Key_Return);
    QTest::keyClicks(box, QStringLiteral("second line"));
    QSignalSpy traced(&document, &AttentionDocument::traceChanged);
    QTest::keyClick(box, Qt::Key_Return, Qt::ControlModifier);
    QVERIFY(traced.wait(15000));
    QCOMPARE(document.text(), QStringLiteral("first line\nsecond line"));
    QCOMPARE(box->toPlainText(), QStringLiteral("first line\nsecond line"));  // Ctrl+Enter added no line
    QVERIFY(document.trace().tokens().contains(QStringLiteral("second")));

    // Ctrl+L again: back to the one-line field, which holds the text on one line.
    QTest::keyClick(box, Qt::Key_L, Qt::ControlModifier);
    QTRY_VERIFY(box->isHidden());
    QVERIFY(window->sentenceEdit()->isEnabled());
    QCOMPARE(window->sentenceEdit()->text(), QStringLiteral("first line second line"));
}

void MainWindowFeedbackTest::textFiles_data() {
    QTest::addColumn<QByteArray>("content");  // null: no file at all
    QTest::addColumn<QString>("error");       // part of the error; empty: it runs
    QTest::addColumn<QString>("token");       // a token of the trace when it runs
    QTest::newRow("UTF-8 with CJK") << QByteArray("Attention is all.\n多头注意力是中心机制。\n") << "" << "多";
    QTest::newRow("Latin-1, not UTF-8") << QByteArray("gr\xf8" "d med fl\xf8" "de\n") << "not UTF-8" << "";
    QTest::newRow("missing file") << QByteArray() << "no such file" << "";
    QTest::newRow("a folder") << QByteArray("folder") << "not a file" << "";
}

void MainWindowFeedbackTest::textFiles() {
    QFETCH(QByteArray, content);
    QFETCH(QString, error);
    QFETCH(QString, token);
    QTemporaryDir scratch;
    const QString path = scratch.filePath(QStringLiteral("story.txt"));
    if (content == "folder") {
        QVERIFY(QDir().mkpath(path));
    } else if (!content.isNull()) {
        QFile file(path);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write(content);
    }
    AttentionDocument document;
    auto window = openWindow(document, teaching());
    QVERIFY(window);
    QVERIFY(runSentence(*window, QStringLiteral("before the file")));
    QSignalSpy traced(&document, &AttentionDocument::traceChanged);
    const QString result = window->openTextFile(path);
    if (error.isEmpty()) {
        QCOMPARE(result, QString());
        QVERIFY(window->isLongTextShown());
        QCOMPARE(window->longTextEdit()->toPlainText(), QString::fromUtf8(content));
        QVERIFY(traced.wait(15000));
        QCOMPARE(document.text(), QString::fromUtf8(content));
        QVERIFY2(document.trace().tokens().contains(token), qPrintable(document.trace().tokens().join(' ')));
        QVERIFY(window->errorBanner()->isHidden());
        return;
    }
    QVERIFY2(result.contains(error), qPrintable(result));
    QVERIFY2(result.contains(QLatin1String("story.txt")), qPrintable(result));
    QCOMPARE(window->statusBar()->currentMessage(), result);
    // Where the user looks, too; and Dismiss takes it away.
    QVERIFY2(window->errorBanner()->message().contains(error), qPrintable(window->errorBanner()->message()));
    QVERIFY(!window->errorBanner()->truncateButton()->isVisible());
    QTest::mouseClick(window->errorBanner()->dismissButton(), Qt::LeftButton);
    QVERIFY(window->errorBanner()->isHidden());
    QCOMPARE(document.text(), QStringLiteral("before the file"));  // nothing was run
    QVERIFY(!window->isLongTextShown());
    QVERIFY(!traced.wait(200));
}

void MainWindowFeedbackTest::shortcutsDialogListsTheKeys() {
    AttentionDocument document;
    auto window = openWindow(document, teaching());
    QVERIFY(window);
    window->activateWindow();
    QVERIFY(QTest::qWaitForWindowActive(window.get()));
    QString text;
    bool found = false;
    // The dialog is modal: it is looked at and closed from inside its own event loop.
    QTimer::singleShot(200, this, [&] {
        for (QWidget* widget : QApplication::topLevelWidgets()) {
            auto* box = qobject_cast<QMessageBox*>(widget);
            if (box && box->objectName() == QLatin1String("shortcutsDialog") && box->isVisible()) {
                found = true;
                text = box->text();
                box->button(QMessageBox::Close)->click();
            }
        }
    });
    QElapsedTimer clock;
    clock.start();
    QTest::keyClick(window.get(), Qt::Key_F1);
    QVERIFY2(found, "F1 should open the shortcuts dialog");
    QVERIFY(clock.elapsed() < 5000);
    for (const char* key : {"Esc", "Ctrl+T", "F5", "Ctrl+L", "Ctrl+Enter"})
        QVERIFY2(text.contains(QLatin1String(key)), key);
}

// The Hugging Face cache is walked on a worker thread: the window shows at once, and the
// cached models join the chooser when the scan is done.
void MainWindowFeedbackTest::hubCacheIsScannedInTheBackground() {
    QTemporaryDir cache;
    QVERIFY(cache.isValid());
    const QString snapshot = cache.filePath(
        QStringLiteral("models--tiny-org--tiny-gpt2/snapshots/0123456789abcdef0123456789abcdef01234567"));
    QVERIFY(QDir().mkpath(snapshot));
    QVERIFY(QFile::copy(QStringLiteral(HEADMAP_FIXTURES_DIR "/models/gpt2_f32/config.json"),
                        snapshot + QStringLiteral("/config.json")));
    qputenv("HF_HUB_CACHE", cache.path().toUtf8());
    const auto restore = qScopeGuard([] { qunsetenv("HF_HUB_CACHE"); });

    AttentionDocument document;
    QVERIFY(document.setModelSpec(spec(QStringLiteral("builtin:teaching"))));
    MainWindow window(&document);
    QSignalSpy scanned(window.modelChooser(), &ModelChooser::cacheScanned);
    QVERIFY(window.modelChooser()->isScanning() || scanned.count() == 1);
    QVERIFY(scanned.count() == 1 || scanned.wait(10000));
    QVERIFY(window.modelChooser()->findData(QStringLiteral("tiny-org/tiny-gpt2")) >= 0);
    QCOMPARE(window.modelChooser()->currentModel(), QStringLiteral("builtin:teaching"));  // the choice stays
}

QTEST_MAIN(MainWindowFeedbackTest)
#include "tst_mainwindow_feedback.moc"
