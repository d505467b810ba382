// StepView's classroom ending on builtin:patterns' real numbers: with an output head the walk
// gains "What does the model predict?" and "Switch this head off" after the output projection;
// the Predict page lists the engine's top-k, the Ablate page's button asks for the switch and,
// given the ablated prediction, shows before and after with the KL divergence; without a head
// the nine (or more) classic steps stay as they were.

#include <QLabel>
#include <QListWidget>
#include <QPushButton>
#include <QSignalSpy>
#include <QtTest>

#include "model/Predictions.h"
#include "patterns/PatternsModel.h"
#include "predictions/PredictionBars.h"
#include "predictions/PredictionResult.h"
#include "steps/StepView.h"

using namespace headmap;
using namespace headmap::ui;

namespace {

const QString kSentence = QStringLiteral("the cat sat on the mat");

struct Walk {
    std::shared_ptr<const HeadSteps> steps;
    QStringList tokens;
    std::shared_ptr<const PredictionResult> prediction;
};

// Runs builtin:patterns with head `head`'s steps, predicting at `position`; with `off` the head
// is also switched off and the result carries before and after, as the document makes it.
Walk walk(int head, int position, bool off) {
    const PatternsModel model;
    const Encoding input = model.tokenizer().encode(kSentence, true);
    RunOptions options;
    options.steps = HeadIndex{0, head, std::nullopt};
    const RunResult plain = model.run(input, options);
    auto result = std::make_shared<PredictionResult>();
    result->position = position;
    result->positionText = QStringLiteral("at '%1' #%2").arg(input.displayTokens[position]).arg(position);
    result->after = predictTokens(model, plain, position, 5);
    if (off) {
        options.ablations = {HeadAblation{0, head, AblationMode::Zero, std::nullopt}};
        const RunResult ablated = model.run(input, options);
        result->before = result->after;
        result->after = predictTokens(model, ablated, position, 5);
        result->ablations = options.ablations;
        result->kl = klDivergence(*result->before, result->after);
    }
    return {std::make_shared<const HeadSteps>(*plain.steps), plain.trace.displayTokens(), result};
}

QStringList labels(const PredictionBars* bars) {
    QStringList out;
    for (int i = 0; i < bars->rowCount(); ++i)
        out << bars->rowLabel(i);
    return out;
}

}  // namespace

class StepViewPredictionsTest : public QObject {
    Q_OBJECT

private slots:
    void pagesOnlyWithAnOutputHead_data() {
        QTest::addColumn<bool>("available");
        QTest::addColumn<int>("pages");
        QTest::newRow("no output head: the nine classic steps") << false << 9;
        QTest::newRow("output head: prediction and switch-off pages") << true << 11;
    }

    void pagesOnlyWithAnOutputHead() {
        QFETCH(bool, available); QFETCH(int, pages);
        StepView view;
        view.resize(1200, 800);
        const Walk w = walk(0, 3, false);
        view.setSteps(w.steps, w.tokens, QStringLiteral("Layer 0 · head 0"));
        view.setPredictions(available, available ? w.prediction : nullptr, false);
        QCOMPARE(view.stepCount(), pages);
        QCOMPARE(view.findChild<QListWidget*>(QStringLiteral("stepList"))->count(), pages);
        QCOMPARE(view.pageOf(StepView::Predict) >= 0, available);
        QCOMPARE(view.pageOf(StepView::Ablate) >= 0, available);
        if (available) {
            QCOMPARE(view.pageOf(StepView::Predict), view.pageOf(StepView::Output) + 1);
            QCOMPARE(view.stepLabel(view.pageOf(StepView::Ablate)), QStringLiteral("Switch this head off"));
        }
    }

    // The Predict page lists the engine's top-k at the position, best first.
    void predictPageShowsTheEnginesTopK_data() {
        QTest::addColumn<int>("position");
        QTest::newRow("at 'cat' #2") << 2;
        QTest::newRow("at 'on' #4") << 4;
    }

    void predictPageShowsTheEnginesTopK() {
        QFETCH(int, position);
        StepView view;
        view.resize(1200, 800);
        const Walk w = walk(0, position, false);
        view.setSteps(w.steps, w.tokens, QStringLiteral("Layer 0 · head 0"));
        view.setPredictions(true, w.prediction, false);
        view.setStep(view.pageOf(StepView::Predict));
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        const PredictionBars* bars = view.predictionBars(QStringLiteral("predict"));
        QVERIFY(bars && bars->isVisible());
        QCOMPARE(bars->rowCount(), int(w.prediction->after.top.size()));
        for (int i = 0; i < bars->rowCount(); ++i) {
            QCOMPARE(bars->row(i).id, w.prediction->after.top[size_t(i)].id);
            QCOMPARE(bars->row(i).probability, w.prediction->after.top[size_t(i)].probability);
        }
        // The previous word (head 0's) and the next are among the predictions.
        QVERIFY2(labels(bars).contains(w.tokens[position - 1]), qPrintable(labels(bars).join(',')));
        QVERIFY(bars->title().contains(QStringLiteral("#%1").arg(position)));
        QVERIFY(view.explanationText().contains(QStringLiteral("previous word")));
    }

    // The button asks; the document answers with the ablated prediction, which the page shows.
    void switchingTheHeadOff() {
        StepView view;
        view.resize(1200, 800);
        const int position = 3;  // "sat": head 0 brings "cat"
        const Walk on = walk(0, position, false);
        view.setSteps(on.steps, on.tokens, QStringLiteral("Layer 0 · head 0"));
        view.setPredictions(true, on.prediction, false);
        view.setStep(view.pageOf(StepView::Ablate));
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        QPushButton* button = view.switchOffButton();
        QVERIFY(button && button->isVisible());
        QCOMPARE(button->text(), QStringLiteral("Switch layer 0 · head 0 off"));
        QVERIFY(!view.predictionBars(QStringLiteral("after"))->message().isEmpty());

        QSignalSpy asked(&view, &StepView::switchOffRequested);
        QTest::mouseClick(button, Qt::LeftButton);
        QCOMPARE(asked.count(), 1);
        QCOMPARE(asked.at(0).at(0).toBool(), true);

        const Walk off = walk(0, position, true);
        view.setPredictions(true, off.prediction, true);
        QCOMPARE(button->text(), QStringLiteral("Switch layer 0 · head 0 back on"));
        QVERIFY(button->isChecked());
        const QStringList before = labels(view.predictionBars(QStringLiteral("before")));
        const QStringList after = labels(view.predictionBars(QStringLiteral("after")));
        QVERIFY2(before.contains(QStringLiteral("cat")), qPrintable(before.join(',')));
        // Without the previous-token head "cat" leaves the top of the list.
        QVERIFY2(after.indexOf(QStringLiteral("cat")) != 0, qPrintable(after.join(',')));
        QVERIFY(off.prediction->kl > 0.1);
        QVERIFY2(view.formulaText().contains(QStringLiteral("KL = ")), qPrintable(view.formulaText()));
        QVERIFY(view.explanationText().contains(QStringLiteral("previous-token head")));

        QTest::mouseClick(button, Qt::LeftButton);
        QCOMPARE(asked.count(), 2);
        QCOMPARE(asked.at(1).at(0).toBool(), false);
    }

    // While the document computes, the pages say so instead of showing stale bars.
    void waitingForThePrediction() {
        StepView view;
        const Walk w = walk(1, 2, false);
        view.setSteps(w.steps, w.tokens, QStringLiteral("Layer 0 · head 1"));
        view.setPredictions(true, nullptr, false);
        QCOMPARE(view.stepCount(), 11);
        QVERIFY(view.predictionBars(QStringLiteral("predict"))->message().contains(QStringLiteral("Computing")));
    }
};

QTEST_MAIN(StepViewPredictionsTest)
#include "tst_stepview_predictions.moc"
