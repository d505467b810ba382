// The prediction panel on its own, fed with real predictions of builtin:patterns (its engine's
// predictTokens): the bars list the top-k in order with their probabilities, the temperature
// controls agree and say so, a click on a row names the target, before/after columns with the
// target's change and KL appear only with ablations, the Clear button asks to restore every
// head, and a model without an output head gets a sentence instead of an empty panel.

#include <QDoubleSpinBox>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QPushButton>
#include <QSignalSpy>
#include <QSlider>
#include <QtTest>

#include "model/ModelLoader.h"
#include "model/Predictions.h"
#include "predictions/PredictionBars.h"
#include "predictions/PredictionPanel.h"

using namespace headmap;
using namespace headmap::ui;

namespace {

struct Runs {
    std::shared_ptr<const Model> model;
    RunResult plain;
    RunResult ablated;
    int position = 0;
};

Runs patternsRuns(const QString& text, const std::vector<HeadAblation>& ablations) {
    ModelSpec spec;
    spec.source = QStringLiteral("builtin:patterns");
    Runs runs;
    runs.model = loadModel(spec);
    const Encoding input = runs.model->tokenize(text);
    runs.plain = runs.model->run(input);
    RunOptions options;
    options.ablations = ablations;
    runs.ablated = runs.model->run(input, options);
    runs.position = defaultPredictionPosition(*runs.model, input);
    return runs;
}

std::shared_ptr<PredictionResult> resultOf(const Runs& runs, bool ablated, float temperature, int target) {
    auto result = std::make_shared<PredictionResult>();
    result->position = runs.position;
    result->positionText = QStringLiteral("after “x” #%1").arg(runs.position);
    result->after = predictTokens(*runs.model, ablated ? runs.ablated : runs.plain, runs.position, 5, temperature);
    if (ablated) {
        result->before = predictTokens(*runs.model, runs.plain, runs.position, 5, temperature);
        result->kl = klDivergence(*result->before, result->after);
    }
    result->targetToken = target;
    result->targetText = QStringLiteral("target");
    result->targetAfter = result->after.probabilityOf(target);
    result->targetBefore = ablated ? result->before->probabilityOf(target) : result->targetAfter;
    return result;
}

const QString kText = QStringLiteral("the cat sat on the mat and the dog sat on the log");

}  // namespace

class PredictionPanelTest : public QObject {
    Q_OBJECT
private slots:
    void barsListTheTopKInOrder_data();
    void barsListTheTopKInOrder();
    void temperatureControlsAgree_data();
    void temperatureControlsAgree();
    void clickingARowNamesTheTarget();
    void beforeAfterOnlyWithAblations_data();
    void beforeAfterOnlyWithAblations();
    void clearAsksToRestoreEveryHead();
    void noOutputHeadSaysSo();
};

void PredictionPanelTest::barsListTheTopKInOrder_data() {
    QTest::addColumn<float>("temperature");
    QTest::newRow("temperature 1") << 1.0f;
    QTest::newRow("temperature 0.5") << 0.5f;
    QTest::newRow("temperature 0 (argmax)") << 0.0f;
}

void PredictionPanelTest::barsListTheTopKInOrder() {
    QFETCH(float, temperature);
    const Runs runs = patternsRuns(kText, {});
    const auto result = resultOf(runs, false, temperature, -1);
    PredictionPanel panel;
    panel.resize(420, 500);
    panel.setResult(result);
    PredictionBars* bars = panel.afterBars();
    QCOMPARE(bars->rowCount(), int(result->after.top.size()));
    QVERIFY(bars->rowCount() > 0);
    for (int i = 0; i < bars->rowCount(); ++i) {
        QCOMPARE(bars->row(i).id, result->after.top[size_t(i)].id);
        QCOMPARE(bars->row(i).probability, result->after.top[size_t(i)].probability);
        QCOMPARE(bars->rowLabel(i), result->after.top[size_t(i)].display);
        if (i > 0)
            QVERIFY(bars->row(i - 1).probability >= bars->row(i).probability);
    }
    QVERIFY(panel.beforeBars()->isHidden());
    QVERIFY(panel.statusLabel()->text().contains(result->positionText));
}

void PredictionPanelTest::temperatureControlsAgree_data() {
    QTest::addColumn<int>("slider");
    QTest::addColumn<double>("temperature");
    QTest::newRow("slider at 0") << 0 << 0.0;
    QTest::newRow("slider at 0.5") << 50 << 0.5;
    QTest::newRow("slider at 2") << 200 << 2.0;
}

void PredictionPanelTest::temperatureControlsAgree() {
    QFETCH(int, slider);
    QFETCH(double, temperature);
    PredictionPanel panel;
    QSignalSpy spy(&panel, &PredictionPanel::temperatureChanged);
    panel.temperatureSlider()->setValue(slider);
    QCOMPARE(panel.temperatureBox()->value(), temperature);
    QCOMPARE(spy.count(), 1);
    QCOMPARE(spy.first().first().toFloat(), float(temperature));
    // The settings put the controls back without a signal.
    PredictionSettings settings;
    settings.temperature = 1.25f;
    panel.setSettings(settings);
    QCOMPARE(panel.temperatureSlider()->value(), 125);
    QCOMPARE(spy.count(), 1);
}

void PredictionPanelTest::clickingARowNamesTheTarget() {
    const Runs runs = patternsRuns(kText, {});
    PredictionPanel panel;
    panel.resize(420, 500);
    panel.show();
    panel.setResult(resultOf(runs, false, 1.0f, -1));
    QVERIFY(QTest::qWaitForWindowExposed(&panel));
    PredictionBars* bars = panel.afterBars();
    QVERIFY(bars->rowCount() >= 2);
    QSignalSpy spy(&panel, &PredictionPanel::targetChosen);
    QTest::mouseClick(bars, Qt::LeftButton, {}, bars->rowRect(1).center());
    QCOMPARE(spy.count(), 1);
    QCOMPARE(spy.first().at(0).toInt(), bars->row(1).id);
    QCOMPARE(panel.targetEdit()->text(), bars->rowLabel(1));
}

void PredictionPanelTest::beforeAfterOnlyWithAblations_data() {
    QTest::addColumn<int>("mode");
    QTest::newRow("previous-token head zeroed") << int(AblationMode::Zero);
    QTest::newRow("previous-token head mean") << int(AblationMode::Mean);
}

void PredictionPanelTest::beforeAfterOnlyWithAblations() {
    QFETCH(int, mode);
    const std::vector<HeadAblation> ablations{HeadAblation{0, 0, AblationMode(mode), std::nullopt}};
    const Runs runs = patternsRuns(kText, ablations);
    const Prediction plain = predictTokens(*runs.model, runs.plain, runs.position, 5);
    const int target = plain.top.front().id;
    auto result = resultOf(runs, true, 1.0f, target);
    result->ablations = ablations;
    PredictionPanel panel;
    panel.resize(520, 600);
    panel.setAblations(ablations);
    panel.setResult(result);
    QVERIFY(!panel.beforeBars()->isHidden());
    QCOMPARE(panel.beforeBars()->rowCount(), int(result->before->top.size()));
    QCOMPARE(panel.beforeBars()->row(0).id, target);
    QVERIFY(result->kl > 0.0);
    QVERIFY2(panel.klLabel()->text().contains(QString::number(result->kl, 'f', 4)), qPrintable(panel.klLabel()->text()));
    QVERIFY2(panel.targetLabel()->text().contains(percentText(result->targetBefore)) &&
                 panel.targetLabel()->text().contains(percentText(result->targetAfter)),
             qPrintable(panel.targetLabel()->text()));
    QCOMPARE(panel.ablationList()->count(), 1);
    QCOMPARE(panel.ablationList()->item(0)->text(), ablationText(ablations.front()));

    // Without ablations the same panel drops the before column and the KL line.
    panel.setAblations({});
    panel.setResult(resultOf(runs, false, 1.0f, target));
    QVERIFY(panel.beforeBars()->isHidden());
    QVERIFY(panel.klLabel()->text().isEmpty());
    QVERIFY(panel.ablationList()->parentWidget()->isHidden());
}

void PredictionPanelTest::clearAsksToRestoreEveryHead() {
    PredictionPanel panel;
    panel.setAblations({HeadAblation{0, 1, AblationMode::Zero, std::nullopt},
                        HeadAblation{0, 2, AblationMode::Mean, std::nullopt}});
    QCOMPARE(panel.ablationList()->count(), 2);
    QCOMPARE(panel.ablationList()->item(1)->text(), QStringLiteral("L0 H2 (mean)"));
    QSignalSpy spy(&panel, &PredictionPanel::ablationsCleared);
    QTest::mouseClick(panel.clearButton(), Qt::LeftButton);
    QCOMPARE(spy.count(), 1);
}

void PredictionPanelTest::noOutputHeadSaysSo() {
    PredictionPanel panel;
    panel.setUnavailable(QStringLiteral("this checkpoint has no masked-LM head"));
    QVERIFY(panel.statusLabel()->text().contains(QStringLiteral("no masked-LM head")));
    QVERIFY(panel.afterBars()->parentWidget()->isHidden());
}

QTEST_MAIN(PredictionPanelTest)
#include "tst_predictionpanel.moc"
