// The main window's predictions, value-norm measure and head ablation, driven offscreen as a
// user would: the panel shows the engine's own top-k (predictTokens on an independent run),
// the temperature changes probabilities but not the order, Ctrl+clicking two heads in the grid
// and "Switch off (zero)" reruns the sentence (later layers change, the panel shows before and
// after with KL > 0) and Restore brings everything back, the measure combo shows α·‖v·W_O‖ in
// the heatmap and the statistics table, session files keep measure and ablations, and a model
// without an output head hides the panel and says why.

#include <QComboBox>
#include <QDockWidget>
#include <QDoubleSpinBox>
#include <QLabel>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLineEdit>
#include <QPushButton>
#include <QSettings>
#include <QStandardPaths>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QToolButton>
#include <QtTest>

#include "AttentionDocument.h"
#include "FigureTestSupport.h"
#include "HeatmapView.h"
#include "MainWindowTestSupport.h"
#include "MatrixDifference.h"
#include "MainWindow.h"
#include "Session.h"
#include "TestPaths.h"
#include "analysis/AttentionMeasure.h"
#include "core/HeadmapError.h"
#include "model/ModelLoader.h"
#include "model/Predictions.h"
#include "predictions/PredictionBars.h"
#include "predictions/PredictionPanel.h"
#include "steps/StepView.h"
#include "views/HeadGridView.h"
#include "views/HeadStatisticsModel.h"
#include "views/StatisticsView.h"

using namespace headmap;
using namespace headmap::ui;

namespace {

using mainwindowtests::modelSpec;
using testsupport::maxDifference;
using testsupport::modelFixture;

// Types the text, presses Enter and waits for the trace and, with the panel shown, the predictions.
void run(MainWindow& window, const QString& text) {
    window.sentenceEdit()->setText(text);
    QTest::keyClick(window.sentenceEdit(), Qt::Key_Return);
    for (int i = 0; i < 3; ++i) {  // the trace, then the predictions it asks for
        window.document()->waitForIdle();
        QCoreApplication::processEvents();
    }
}

std::shared_ptr<const PredictionResult> waitForPredictions(MainWindow& window) {
    for (int i = 0; i < 50 && !window.document()->predictions(); ++i) {
        window.document()->waitForIdle();
        QTest::qWait(10);
    }
    return window.document()->predictions();
}

}  // namespace

class MainWindowPredictionsTest : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() { QStandardPaths::setTestModeEnabled(true); }
    void init() { QSettings().clear(); }
    void panelShowsTheEnginesTopK_data();
    void panelShowsTheEnginesTopK();
    void temperatureChangesProbabilitiesNotOrder_data();
    void temperatureChangesProbabilitiesNotOrder();
    void switchingHeadsOffAndRestoring_data();
    void switchingHeadsOffAndRestoring();
    void measureShowsWeightTimesValueNorm_data();
    void measureShowsWeightTimesValueNorm();
    void sessionKeepsMeasureAndAblations_data();
    void sessionKeepsMeasureAndAblations();
    void sessionRefusesBadAblations();
    void noOutputHeadHidesThePanel();
    void walkThroughPredictsAndSwitchesTheHeadOff_data();
    void walkThroughPredictsAndSwitchesTheHeadOff();
};

void MainWindowPredictionsTest::panelShowsTheEnginesTopK_data() {
    QTest::addColumn<QString>("model");
    QTest::addColumn<QString>("text");
    QTest::newRow("builtin:patterns") << QStringLiteral("builtin:patterns")
                                      << QStringLiteral("the cat sat on the mat and the cat ate");
    QTest::newRow("llama tied fixture") << modelFixture("llama_f32_tied") << QStringLiteral("the cat sat on the mat");
    QTest::newRow("llama tied fixture, CJK") << modelFixture("llama_f32_tied") << QStringLiteral("多语言模型");
    QTest::newRow("BERT masked LM, [MASK] fill-in") << modelFixture("bert_f32_prefixed")
                                                    << QStringLiteral("the cat [MASK] on the mat");
    QTest::newRow("RoBERTa masked LM, <mask> fill-in") << modelFixture("roberta_bf16")
                                                       << QStringLiteral("the cat<mask> on the mat");
    QTest::newRow("DistilBERT masked LM") << modelFixture("distilbert_f32") << QStringLiteral("the [MASK] sat");
}

void MainWindowPredictionsTest::panelShowsTheEnginesTopK() {
    QFETCH(QString, model);
    QFETCH(QString, text);
    AttentionDocument document;
    MainWindow window(&document);
    window.show();
    QVERIFY(document.setModelSpec(modelSpec(model)));
    QVERIFY(document.hasOutputHead());
    QVERIFY(window.predictionDock()->isVisible());
    run(window, text);
    const auto result = waitForPredictions(window);
    QVERIFY(result);

    // An independent run of the same model and text.
    const auto reference = loadModel(modelSpec(model));
    const Encoding input = reference->tokenize(text);
    const RunResult plain = reference->run(input);
    const int position = defaultPredictionPosition(*reference, input);
    const Prediction expected = predictTokens(*reference, plain, position, 10);
    QCOMPARE(result->position, position);
    PredictionBars* bars = window.predictionPanel()->afterBars();
    QCOMPARE(bars->rowCount(), int(expected.top.size()));
    for (int i = 0; i < bars->rowCount(); ++i) {
        QCOMPARE(bars->row(i).id, expected.top[size_t(i)].id);
        QVERIFY(qAbs(bars->row(i).probability - expected.top[size_t(i)].probability) <= 1e-6f);
    }
    QVERIFY(window.predictionPanel()->statusLabel()->text().contains(QStringLiteral("#%1").arg(position)));
    if (text.contains(QLatin1String("[MASK]")) || text.contains(QLatin1String("<mask>")))  // at the mask, said so
        QVERIFY2(window.predictionPanel()->statusLabel()->text().contains(QStringLiteral("fill-in for")),
                 qPrintable(window.predictionPanel()->statusLabel()->text()));

    // Selecting another token predicts there.
    document.setSelectedToken(0);
    const auto atFirst = waitForPredictions(window);
    QVERIFY(atFirst);
    QCOMPARE(atFirst->position, 0);
    QCOMPARE(atFirst->after.top.front().id, predictTokens(*reference, plain, 0, 10).top.front().id);
}

void MainWindowPredictionsTest::temperatureChangesProbabilitiesNotOrder_data() {
    QTest::addColumn<QString>("model");
    QTest::newRow("builtin:patterns") << QStringLiteral("builtin:patterns");
    QTest::newRow("llama tied fixture") << modelFixture("llama_f32_tied");
}

void MainWindowPredictionsTest::temperatureChangesProbabilitiesNotOrder() {
    QFETCH(QString, model);
    AttentionDocument document;
    MainWindow window(&document);
    window.show();
    QVERIFY(document.setModelSpec(modelSpec(model)));
    run(window, QStringLiteral("the cat sat on the mat and the cat ate"));
    const auto warm = waitForPredictions(window);
    QVERIFY(warm);
    window.predictionPanel()->temperatureBox()->setValue(0.5);
    QCOMPARE(document.predictionSettings().temperature, 0.5f);
    const auto cool = waitForPredictions(window);
    QVERIFY(cool);
    QCOMPARE(cool->after.temperature, 0.5f);
    QCOMPARE(cool->after.top.size(), warm->after.top.size());
    for (size_t i = 0; i < warm->after.top.size(); ++i)
        QCOMPARE(cool->after.top[i].id, warm->after.top[i].id);
    // A colder softmax is sharper: the likeliest token gains.
    QVERIFY(cool->after.top.front().probability > warm->after.top.front().probability);
}

void MainWindowPredictionsTest::switchingHeadsOffAndRestoring_data() {
    QTest::addColumn<QString>("model");
    QTest::addColumn<int>("laterLayer");
    QTest::newRow("llama tied fixture, two layers") << modelFixture("llama_f32_tied") << 1;
}

void MainWindowPredictionsTest::switchingHeadsOffAndRestoring() {
    QFETCH(QString, model);
    QFETCH(int, laterLayer);
    AttentionDocument document;
    MainWindow window(&document);
    window.resize(1400, 900);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    QVERIFY(document.setModelSpec(modelSpec(model)));
    run(window, QStringLiteral("the cat sat on the mat"));
    const auto original = waitForPredictions(window);
    QVERIFY(original);
    const auto before = document.pieceTrace();

    window.tabs()->setCurrentIndex(MainWindow::GridTab);
    document.waitForIdle();
    QCoreApplication::processEvents();
    HeadGridView* grid = window.grid();
    QVERIFY(grid->layerCount() > laterLayer);
    QTest::mouseClick(grid, Qt::LeftButton, Qt::ControlModifier, grid->cellRect(0, 0).center());
    QTest::mouseClick(grid, Qt::LeftButton, Qt::ControlModifier, grid->cellRect(0, 1).center());
    QCOMPARE(grid->selectedHeads().size(), size_t(2));
    QCOMPARE(window.tabs()->currentIndex(), int(MainWindow::GridTab));  // Ctrl+click did not open a head
    QVERIFY(grid->zeroButton()->isEnabled());
    QTest::mouseClick(grid->zeroButton(), Qt::LeftButton);
    QCOMPARE(document.ablations().size(), size_t(2));
    document.waitForIdle();
    const auto ablated = waitForPredictions(window);
    QVERIFY(ablated);

    // The layer of the switched-off heads keeps its weights; the next one changes.
    const auto after = document.pieceTrace();
    QCOMPARE(maxDifference(after->head(0, 0), before->head(0, 0)), 0.0);
    double change = 0.0;
    for (int h = 0; h < after->heads(); ++h)
        change = std::max(change, maxDifference(after->head(laterLayer, h), before->head(laterLayer, h)));
    QVERIFY2(change > 1e-6f, qPrintable(QString::number(change)));
    QCOMPARE(grid->ablations().size(), size_t(2));

    // The panel: before (the original prediction) and after, and KL > 0.
    QVERIFY(ablated->hasAblations());
    QVERIFY(ablated->kl > 0.0);
    PredictionPanel* panel = window.predictionPanel();
    QVERIFY(!panel->beforeBars()->isHidden());
    QCOMPARE(panel->beforeBars()->row(0).id, original->after.top.front().id);
    QVERIFY(panel->klLabel()->text().contains(QStringLiteral("nats")));
    QCOMPARE(panel->ablationList()->count(), 2);

    // Restore: the selected heads back on, and everything as before.
    QVERIFY(grid->restoreButton()->isEnabled());
    QTest::mouseClick(grid->restoreButton(), Qt::LeftButton);
    QVERIFY(document.ablations().empty());
    document.waitForIdle();
    const auto restored = waitForPredictions(window);
    QVERIFY(restored);
    QVERIFY(!restored->hasAblations());
    QVERIFY(panel->beforeBars()->isHidden());
    QCOMPARE(maxDifference(document.pieceTrace()->head(laterLayer, 0), before->head(laterLayer, 0)), 0.0);
    QCOMPARE(restored->after.probabilities, original->after.probabilities);
}

void MainWindowPredictionsTest::measureShowsWeightTimesValueNorm_data() {
    QTest::addColumn<QString>("model");
    QTest::newRow("builtin:patterns") << QStringLiteral("builtin:patterns");
    QTest::newRow("llama tied fixture") << modelFixture("llama_f32_tied");
}

void MainWindowPredictionsTest::measureShowsWeightTimesValueNorm() {
    QFETCH(QString, model);
    AttentionDocument document;
    MainWindow window(&document);
    window.show();
    QVERIFY(document.setModelSpec(modelSpec(model)));
    run(window, QStringLiteral("the cat sat on the mat"));
    const int layer = document.layer(), head = document.head();
    window.measureBox()->setCurrentIndex(window.measureBox()->findData(int(AttentionMeasure::ValueNorm)));
    QCOMPARE(document.view().measure, AttentionMeasure::ValueNorm);
    QCOMPARE(document.view().style.scale, ScaleMode::GlobalMax);  // the 0-to-1 scale would saturate
    document.waitForIdle();
    QCoreApplication::processEvents();

    const auto pieces = document.pieceTrace();
    QVERIFY(pieces->hasValueNorms());
    HeatmapView* heatmap = window.heatmap();
    QCOMPARE(heatmap->queryCount(), pieces->length());
    for (int q = 0; q < pieces->length(); ++q)
        for (int k = 0; k < pieces->length(); ++k) {
            const float expected = pieces->weight(layer, head, q, k) * pieces->valueNorm(layer, head, k);
            QVERIFY2(qAbs(heatmap->value(q, k) - expected) <= 1e-6f * std::max(1.0f, expected),
                     qPrintable(QStringLiteral("cell %1, %2: %3 vs %4").arg(q).arg(k).arg(heatmap->value(q, k)).arg(expected)));
        }
    // Like every tab, the grid catches up with the document when it is shown.
    window.tabs()->setCurrentIndex(MainWindow::GridTab);
    QCoreApplication::processEvents();
    QVERIFY(window.grid()->valueLabel().contains(QStringLiteral("value norm")));

    // Exports say what they show: the figure's colour bar and the data file's "measure".
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    for (int tab : {int(MainWindow::HeatmapTab), int(MainWindow::GridTab)}) {
        window.tabs()->setCurrentIndex(tab);
        QCoreApplication::processEvents();
        const QString svg = dir.filePath(QStringLiteral("tab%1.svg").arg(tab));
        QCOMPARE(window.exportCurrentView(svg, 1.0), QString());
        QFile file(svg);
        QVERIFY(file.open(QIODevice::ReadOnly));
        const QStringList texts = figuretests::svgTexts(file.readAll());
        QVERIFY2(std::any_of(texts.begin(), texts.end(), [](const QString& t) { return t.contains(QStringLiteral("value norm")); }),
                 qPrintable(texts.join(QStringLiteral(" | "))));
    }
    window.tabs()->setCurrentIndex(MainWindow::HeatmapTab);
    const QString data = dir.filePath(QStringLiteral("attention.json"));
    QCOMPARE(window.exportData(data), QString());
    QFile json(data);
    QVERIFY(json.open(QIODevice::ReadOnly));
    QCOMPARE(QJsonDocument::fromJson(json.readAll()).object().value(QStringLiteral("measure")).toString(),
             QStringLiteral("value-norm"));

    // The statistics table: the mean ‖αv‖ column, per head.
    window.tabs()->setCurrentIndex(MainWindow::StatisticsTab);
    document.waitForIdle();
    QCoreApplication::processEvents();
    HeadStatisticsModel* table = window.statistics()->model();
    QVERIFY(table->valueNormColumn() >= 0);
    const std::vector<double> means = meanValueNormPerHead(*pieces);
    QCOMPARE(table->rowCount(), int(means.size()));
    for (int row = 0; row < table->rowCount(); ++row)
        QCOMPARE(table->data(table->index(row, table->valueNormColumn()), HeadStatisticsModel::SortRole).toDouble(),
                 means[size_t(row)]);

    // Back to weights: the heatmap shows α again.
    window.measureBox()->setCurrentIndex(window.measureBox()->findData(int(AttentionMeasure::Weights)));
    document.waitForIdle();
    window.tabs()->setCurrentIndex(MainWindow::HeatmapTab);
    QCoreApplication::processEvents();
    QCOMPARE(heatmap->value(0, 0), pieces->weight(layer, head, 0, 0));
}

void MainWindowPredictionsTest::sessionKeepsMeasureAndAblations_data() {
    QTest::addColumn<int>("measure");
    QTest::addColumn<QString>("ablations");
    QTest::newRow("weights, no ablations") << int(AttentionMeasure::Weights) << QString();
    QTest::newRow("value norm, two heads off") << int(AttentionMeasure::ValueNorm) << QStringLiteral("0.1,1.2:mean");
}

void MainWindowPredictionsTest::sessionKeepsMeasureAndAblations() {
    QFETCH(int, measure);
    QFETCH(QString, ablations);
    QTemporaryDir folder;
    const QString path = folder.filePath(QStringLiteral("ablated.headmap"));
    Session session;
    session.modelSource = modelFixture("llama_f32_tied");
    session.text = QStringLiteral("the cat sat");
    session.measure = AttentionMeasure(measure);
    session.ablations = parseHeadAblations(ablations);
    QCOMPARE(saveSession(session, path), QString());
    QFile file(path);
    QVERIFY(file.open(QIODevice::ReadOnly));
    const QByteArray json = file.readAll();
    QVERIFY2(json.contains("\"measure\": \"" + measureName(session.measure).toUtf8() + '"'), json.constData());
    QVERIFY2(json.contains("\"ablations\": \"" + ablations.toUtf8() + '"'), json.constData());
    const Session loaded = loadSession(path);
    QCOMPARE(loaded.measure, session.measure);
    QCOMPARE(loaded.ablations, session.ablations);
    QCOMPARE(loaded, session);
}

void MainWindowPredictionsTest::sessionRefusesBadAblations() {
    QTemporaryDir folder;
    const QString path = folder.filePath(QStringLiteral("bad.headmap"));
    QFile file(path);
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write(R"({"format": "headmap-session", "version": 1, "model": {"source": "builtin:patterns"},
                   "text": "a b", "ablations": "0.x"})");
    file.close();
    try {
        loadSession(path);
        QFAIL("a session with ablations \"0.x\" loaded");
    } catch (const HeadmapError& error) {
        QVERIFY2(error.message().contains(QStringLiteral("\"ablations\"")), qPrintable(error.message()));
    }
}

void MainWindowPredictionsTest::noOutputHeadHidesThePanel() {
    AttentionDocument document;
    MainWindow window(&document);
    window.show();
    QVERIFY(document.setModelSpec(modelSpec(QStringLiteral("builtin:teaching"))));
    QVERIFY(!document.hasOutputHead());
    QVERIFY(!window.predictionDock()->isVisible());
    window.predictionsButton()->click();  // shown on request, it says why it is empty
    QVERIFY(window.predictionDock()->isVisible());
    QVERIFY(window.predictionPanel()->statusLabel()->text().contains(document.outputHeadMissing()));
    QVERIFY(!document.outputHeadMissing().isEmpty());
}


void MainWindowPredictionsTest::walkThroughPredictsAndSwitchesTheHeadOff_data() {
    QTest::addColumn<QString>("model");
    QTest::addColumn<int>("head");
    QTest::addColumn<int>("firstStep");  // --step N before the model has loaded
    QTest::newRow("builtin:patterns, previous-token head, from the command line") << QStringLiteral("builtin:patterns") << 0 << 10;
    QTest::newRow("builtin:patterns, first-token head") << QStringLiteral("builtin:patterns") << 3 << 0;
    QTest::newRow("llama tied fixture, layer 0 head 1") << modelFixture("llama_f32_tied") << 1 << 0;
}

// The walk-through's last two pages, as a class would use them: the Predict page shows the
// document's prediction, and the Ablate page's button switches the shown head off and on again.
void MainWindowPredictionsTest::walkThroughPredictsAndSwitchesTheHeadOff() {
    QFETCH(QString, model);
    QFETCH(int, head);
    QFETCH(int, firstStep);
    AttentionDocument document;
    MainWindow window(&document);
    window.resize(1400, 900);
    window.tabs()->setCurrentIndex(MainWindow::StepsTab);
    window.setCurrentStep(firstStep);  // a page that exists only once the model is known
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    QVERIFY(document.setModelSpec(modelSpec(model)));
    document.setHeadIndex(0, head);
    run(window, QStringLiteral("the cat sat on the mat"));
    StepView* steps = window.stepView();
    QTRY_VERIFY(steps->predictionsAvailable() && steps->steps());
    const int predictPage = steps->pageOf(StepView::Predict);
    const int ablatePage = steps->pageOf(StepView::Ablate);
    QCOMPARE(predictPage, steps->stepCount() - 2);
    QCOMPARE(ablatePage, steps->stepCount() - 1);
    if (firstStep >= predictPage)
        QCOMPARE(steps->step(), firstStep);

    steps->setStep(predictPage);
    const auto prediction = waitForPredictions(window);
    QVERIFY(prediction);
    QCoreApplication::processEvents();
    PredictionBars* bars = steps->predictionBars(QStringLiteral("predict"));
    QVERIFY(bars);
    QCOMPARE(bars->rowCount(), int(prediction->after.top.size()));
    QCOMPARE(bars->row(0).id, prediction->after.top.front().id);

    steps->setStep(ablatePage);
    QPushButton* button = steps->switchOffButton();
    QVERIFY(button->isVisible());
    QVERIFY(button->text().contains(QStringLiteral("head %1 off").arg(head)));
    QTest::mouseClick(button, Qt::LeftButton);
    QCOMPARE(document.ablations().size(), size_t(1));
    QCOMPARE(document.ablations().front(), (HeadAblation{0, head, AblationMode::Zero, std::nullopt}));
    document.waitForIdle();
    const auto ablated = waitForPredictions(window);
    QVERIFY(ablated);
    QVERIFY(ablated->hasAblations());
    QTRY_VERIFY(steps->steps());  // the head's matrices again, with the head off
    QCoreApplication::processEvents();
    QVERIFY(button->isChecked());
    QVERIFY(button->text().contains(QStringLiteral("back on")));
    PredictionBars* after = steps->predictionBars(QStringLiteral("after"));
    QVERIFY(after->title().contains(QStringLiteral("L0 H%1").arg(head)));
    QCOMPARE(after->row(0).id, ablated->after.top.front().id);
    QCOMPARE(steps->predictionBars(QStringLiteral("before"))->row(0).id, prediction->after.top.front().id);

    QTest::mouseClick(button, Qt::LeftButton);
    QVERIFY(document.ablations().empty());
    document.waitForIdle();
    QVERIFY(waitForPredictions(window));
    QCoreApplication::processEvents();
    QVERIFY(!button->isChecked());
}

QTEST_MAIN(MainWindowPredictionsTest)
#include "tst_mainwindow_predictions.moc"
