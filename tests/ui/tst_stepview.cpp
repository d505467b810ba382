// StepView offscreen on real steps of the teaching model (encoder and causal): every matrix
// equals the engine's, Next/arrows/PageDown/the list visit the nine steps in order, clicked cells
// write out the dot product, softmax and weighted sum reproducing the engine's numbers, the
// selected token stays outlined, "All steps" shows everything (512 tokens: tst_matrixview).
// Breakdowns name keys with their positions ("it" #7), and in presentation fonts the step list
// fits its longest entry, a 16-token matrix labels every row and the navigation row does not
// overlap.

#include <cmath>

#include <QApplication>
#include <QDir>
#include <QLabel>
#include <QListWidget>
#include <QPushButton>
#include <QSignalSpy>
#include <QtTest>

#include "steps/MatrixView.h"
#include "steps/StepBreakdown.h"
#include "heatmap/HeatmapLabels.h"
#include "steps/StepView.h"
#include "teaching/TeachingModel.h"
#include "WidgetTestSupport.h"

using namespace headmap;
using namespace headmap::ui;

namespace {

using testsupport::showWidget;

const QString kSentence = QStringLiteral("The animal didn't cross the street because it was too tired");

struct Run {
    std::shared_ptr<const HeadSteps> steps;
    QStringList tokens;
};

Run runTeaching(bool causal, int layer, int head, int dModel = 64, const QString& sentence = kSentence) {
    TeachingOptions options;
    options.causal = causal;
    options.dModel = dModel;
    TeachingModel model{options};
    RunOptions run;
    run.steps = HeadIndex{layer, head, std::nullopt};
    RunResult result = model.run(model.tokenizer().encode(sentence, true), run);
    return {std::make_shared<const HeadSteps>(*result.steps), result.trace.displayTokens()};
}

// What each step must show: (step, matrix id, the engine's matrix).
QList<std::tuple<int, QString, const MatrixF*>> expected(const HeadSteps& s) {
    return {{StepView::Input, "x", &s.x}, {StepView::Projections, "q", &s.q}, {StepView::Projections, "k", &s.k},
            {StepView::Projections, "v", &s.v}, {StepView::Projections, "w_q", &s.wQ},
            {StepView::Projections, "w_k", &s.wK}, {StepView::Projections, "w_v", &s.wV},
            {StepView::Scores, "scores", &s.scores}, {StepView::Scaled, "scaled", &s.scaled},
            {StepView::Masked, "masked", &s.masked}, {StepView::Softmax, "weights", &s.weights},
            {StepView::HeadOutput, "head_output", &s.headOutput}, {StepView::HeadOutput, "v", &s.v},
            {StepView::Concat, "concat", &s.concat}, {StepView::Output, "output", &s.output}};
}

void clickCell(MatrixView* view, int row, int column) {
    view->scrollToCell(row, column);
    QTest::mouseClick(view->cellArea(), Qt::LeftButton, {}, view->cellRect(row, column).center());
}

// Shows the view (support/ui/WidgetTestSupport.h) with run's steps in it; false when it never appeared.
bool showSteps(StepView& view, const Run& run = {}, QSize size = QSize(1400, 900)) {
    if (!showWidget(view, size))
        return false;
    if (run.steps)
        view.setSteps(run.steps, run.tokens, QStringLiteral("Layer 1 · head 2"));
    return true;
}

// Renders the view; with HEADMAP_SCREENSHOT_DIR set, keeps it there as NAME.png to look at.
void keep(QWidget& view, const QString& name) {
    QApplication::processEvents();  // lay out what changed
    const QImage image = view.grab().toImage();
    QVERIFY(image.width() >= 1280);
    const QString dir = qEnvironmentVariable("HEADMAP_SCREENSHOT_DIR");
    if (!dir.isEmpty())
        QVERIFY(image.save(QDir(dir).filePath(name + QStringLiteral(".png"))));
}

}  // namespace

class StepViewTest : public QObject {
    Q_OBJECT
private slots:
    void matricesEqualEngine_data();
    void matricesEqualEngine();
    void visitsStepsInOrder_data();
    void visitsStepsInOrder();
    void dotProductBreakdown_data();
    void dotProductBreakdown();
    void softmaxBreakdown_data();
    void softmaxBreakdown();
    void weightedSumBreakdown_data();
    void weightedSumBreakdown();
    void selectedTokenStaysAcrossSteps();
    void allStepsShowsEveryMatrix();
    void maskStep_data();
    void maskStep();
    void clearShowsMessage();
    void rendersEveryStep();
    void breakdownsNamePositions();
    void presentationFontFits_data();
    void presentationFontFits();
};

void StepViewTest::matricesEqualEngine_data() {
    QTest::addColumn<bool>("causal");
    QTest::addColumn<int>("layer");
    QTest::addColumn<int>("head");
    QTest::newRow("teaching encoder, layer 0 head 1") << false << 0 << 1;
    QTest::newRow("teaching encoder, layer 1 head 3") << false << 1 << 3;
    QTest::newRow("teaching causal, layer 1 head 2") << true << 1 << 2;
}

void StepViewTest::matricesEqualEngine() {
    QFETCH(bool, causal);
    QFETCH(int, layer);
    QFETCH(int, head);
    const Run run = runTeaching(causal, layer, head);
    StepView view;
    QVERIFY(showSteps(view, run));
    QCOMPARE(view.stepCount(), 9);
    for (const auto& [step, id, m] : expected(*run.steps)) {
        view.setStep(step);
        MatrixView* shown = view.matrix(step, id);
        QVERIFY2(shown, qPrintable(id));
        QCOMPARE(shown->rows(), int(m->rows()));
        QCOMPARE(shown->columns(), int(m->cols()));
        QVERIFY(shown->title().contains(QStringLiteral("(%1 × %2)").arg(m->rows()).arg(m->cols())));
        const int r = int(m->rows()) - 1, c = int(m->cols()) - 1;
        for (const auto& [row, column] : {std::pair{0, 0}, {0, c}, {r, 0}, {r, c}, {r / 2, c / 2}, {1, c}})
            QCOMPARE(shown->valueAt(row, column), double((*m)(row, column)));  // exact, −∞ too
        QCOMPARE(shown->isVisible(), !id.startsWith("w_"));  // W on demand
    }
}

void StepViewTest::visitsStepsInOrder_data() {
    QTest::addColumn<QString>("how");
    QTest::newRow("next button") << "button";
    QTest::newRow("right arrow") << "right";
    QTest::newRow("page down") << "pagedown";
    QTest::newRow("right arrow on a matrix") << "matrix";
    QTest::newRow("step list") << "list";
}

void StepViewTest::visitsStepsInOrder() {
    QFETCH(QString, how);
    const Run run = runTeaching(false, 0, 0);
    StepView view;
    QVERIFY(showSteps(view, run));
    view.setFocus();
    QSignalSpy spy(&view, &StepView::stepChanged);
    QStringList formulas{view.formulaText()};
    auto* next = view.findChild<QPushButton*>(QStringLiteral("next"));
    auto* list = view.findChild<QListWidget*>(QStringLiteral("stepList"));
    QVERIFY(next && list);
    for (int i = 1; i < view.stepCount(); ++i) {
        if (how == "button")
            QTest::mouseClick(next, Qt::LeftButton);
        else if (how == "right")
            QTest::keyClick(&view, Qt::Key_Right);
        else if (how == "pagedown")
            QTest::keyClick(&view, Qt::Key_PageDown);
        else if (how == "matrix")
            QTest::keyClick(view.matrices(view.step()).first()->grid(), Qt::Key_Right);
        else
            QTest::mouseClick(list->viewport(), Qt::LeftButton, {}, list->visualItemRect(list->item(i)).center());
        QCOMPARE(view.step(), i);
        QCOMPARE(spy.count(), i);
        QCOMPARE(spy.last()[0].toInt(), i);
        QVERIFY2(!formulas.contains(view.formulaText()), "each step has its own formula");
        formulas << view.formulaText();
        QVERIFY(view.matrices(i).first()->isVisible());
        QVERIFY(!view.matrices(i - 1).first()->isVisible());
    }
    QCOMPARE(view.formulaText(StepView::Scores).contains(QStringLiteral("K<sup>T</sup>")), true);
    QVERIFY(!next->isEnabled());
    QTest::keyClick(&view, Qt::Key_Right);  // past the last step: stays
    QCOMPARE(view.step(), 8);
    for (int i = 7; i >= 0; --i) {
        QTest::keyClick(&view, i % 2 ? Qt::Key_Left : Qt::Key_PageUp);
        QCOMPARE(view.step(), i);
    }
}

void StepViewTest::dotProductBreakdown_data() {
    QTest::addColumn<bool>("causal");
    QTest::addColumn<int>("dModel");
    QTest::addColumn<int>("step");
    QTest::addColumn<int>("query");
    QTest::addColumn<int>("key");
    QTest::newRow("encoder scores q2·k5") << false << 64 << 2 << 2 << 5;
    QTest::newRow("encoder scaled q0·k0") << false << 64 << 3 << 0 << 0;
    QTest::newRow("causal masked, key after query") << true << 64 << 4 << 1 << 6;
    QTest::newRow("causal masked, key before query") << true << 64 << 4 << 7 << 2;
    QTest::newRow("d_head 32: largest terms only") << false << 128 << 2 << 4 << 3;
}

void StepViewTest::dotProductBreakdown() {
    QFETCH(bool, causal);
    QFETCH(int, dModel);
    QFETCH(int, step);
    QFETCH(int, query);
    QFETCH(int, key);
    const Run run = runTeaching(causal, 1, 0, dModel);
    const HeadSteps& s = *run.steps;
    StepView view;
    QVERIFY(showSteps(view, run));
    view.setStep(step);
    QSignalSpy selected(&view, &StepView::tokenSelected);
    clickCell(view.matrices(step).first(), query, key);
    QCOMPARE(selected.count(), 1);
    QCOMPARE(view.selectedToken(), query);

    const auto b = ui::dotProductBreakdown(s, query, key);
    QCOMPARE(int(b.terms.size()), s.dHead);
    double sum = 0;
    for (double term : b.terms)
        sum += term;
    const double score = s.scores(query, key);
    QVERIFY2(std::abs(sum - score) <= 1e-4 * std::max(1.0, std::abs(score)),
             qPrintable(QStringLiteral("Σ terms %1 vs score %2").arg(sum).arg(score)));
    QCOMPARE(b.total, sum);
    const QString text = view.breakdownText();
    QVERIFY2(text.contains(breakdownNumber(b.total)), qPrintable(text));
    QVERIFY(text.contains(subscripted("q", query) + "·" + subscripted("k", key)));
    QCOMPARE(text.contains(QStringLiteral("more terms")), s.dHead > 16);
    if (step >= 3)
        QVERIFY(text.contains(breakdownNumber(b.total / std::sqrt(double(s.dHead)))));
    if (step == 4)
        QCOMPARE(text.contains(QStringLiteral("−∞")), causal && key > query);
}

void StepViewTest::softmaxBreakdown_data() {
    QTest::addColumn<bool>("causal");
    QTest::addColumn<int>("row");
    QTest::addColumn<int>("key");
    QTest::newRow("encoder") << false << 3 << 5;
    QTest::newRow("causal first row") << true << 0 << 0;
    QTest::newRow("causal, masked key clicked") << true << 4 << 9;
    QTest::newRow("causal last row") << true << -1 << 2;
}

void StepViewTest::softmaxBreakdown() {
    QFETCH(bool, causal);
    QFETCH(int, row);
    QFETCH(int, key);
    const Run run = runTeaching(causal, 0, 2);
    const HeadSteps& s = *run.steps;
    const int t = int(s.weights.rows());
    row = row < 0 ? t - 1 : row;
    StepView view;
    QVERIFY(showSteps(view, run));
    view.setStep(StepView::Softmax);
    clickCell(view.matrix(StepView::Softmax, "weights"), row, key);
    QCOMPARE(view.selectedToken(), row);

    const auto b = ui::softmaxBreakdown(s, row);
    QCOMPARE(int(b.exps.size()), t);
    for (int j = 0; j < t; ++j) {
        QVERIFY(std::abs(b.exps[j] / b.sum - double(s.weights(row, j))) <= 1e-6);
        QCOMPARE(b.masked[j], causal && j > row);
        if (b.masked[j]) {
            QCOMPARE(b.exps[j], 0.0);
            QCOMPARE(s.weights(row, j), 0.0f);
        }
    }
    const QString text = view.breakdownText();
    QVERIFY2(text.contains(breakdownNumber(b.sum)), qPrintable(text));
    QVERIFY(text.contains(breakdownNumber(b.weights[key])));
    QVERIFY(text.contains(QStringLiteral("“%1” #%2").arg(run.tokens[key]).arg(key)));
}

void StepViewTest::weightedSumBreakdown_data() {
    QTest::addColumn<bool>("causal");
    QTest::addColumn<int>("row");
    QTest::addColumn<int>("column");
    QTest::newRow("encoder, first column") << false << 2 << 0;
    QTest::newRow("causal, column 9 added") << true << 5 << 9;
}

void StepViewTest::weightedSumBreakdown() {
    QFETCH(bool, causal);
    QFETCH(int, row);
    QFETCH(int, column);
    const Run run = runTeaching(causal, 1, 1);
    const HeadSteps& s = *run.steps;
    StepView view;
    QVERIFY(showSteps(view, run));
    view.setStep(StepView::HeadOutput);
    clickCell(view.matrix(StepView::HeadOutput, "head_output"), row, column);
    QCOMPARE(view.selectedToken(), row);

    const auto b = ui::weightedSumBreakdown(s, row, {0, 1, 2, 3, column});
    QCOMPARE(int(b.dims.size()), 5);
    for (size_t i = 0; i < b.dims.size(); ++i)
        QVERIFY(std::abs(b.values[i] - double(s.headOutput(row, b.dims[i]))) <= 1e-5);
    for (size_t i = 1; i < b.order.size(); ++i)
        QVERIFY(b.weights[b.order[i - 1]] >= b.weights[b.order[i]]);  // largest first
    const QString text = view.breakdownText();
    QVERIFY2(text.contains(breakdownNumber(b.values[0])), qPrintable(text));
    QVERIFY(text.contains(breakdownNumber(b.values[4])));  // the clicked column is written out
    QVERIFY2(text.contains(QStringLiteral("v(%1)").arg(labelWithPosition(run.tokens[b.order[0]], b.order[0]))),
             qPrintable(text));
}

void StepViewTest::selectedTokenStaysAcrossSteps() {
    const Run run = runTeaching(true, 0, 1);
    StepView view;
    QVERIFY(showSteps(view, run));
    QSignalSpy spy(&view, &StepView::tokenSelected);
    MatrixView* x = view.matrix(StepView::Input, "x");
    QTest::mouseClick(x->cellArea(), Qt::LeftButton, {}, QPoint(8, x->cellRect(3, 0).center().y()));  // row label
    QCOMPARE(spy.count(), 1);
    QCOMPARE(spy[0][0].toInt(), 3);
    for (int step = 0; step < view.stepCount(); ++step) {
        view.setStep(step);
        for (MatrixView* m : view.matrices(step))
            QCOMPARE(m->highlightedRow(), m->objectName().startsWith("w_") ? -1 : 3);
        if (!view.breakdownText().isEmpty())
            QVERIFY2(view.breakdownText().contains(run.tokens[3]), "the breakdown is about the token");
    }
    view.setSteps(runTeaching(true, 1, 1).steps, run.tokens, QStringLiteral("another head"));
    QCOMPARE(view.selectedToken(), 3);  // kept when the head changes
    QCOMPARE(view.matrix(StepView::Scores, "scores")->highlightedRow(), 3);
}

void StepViewTest::allStepsShowsEveryMatrix() {
    const Run run = runTeaching(false, 0, 0);
    StepView view;
    QVERIFY(showSteps(view, run));
    view.setStep(StepView::Scaled);
    auto* all = view.findChild<QPushButton*>(QStringLiteral("allSteps"));
    QVERIFY(all);
    QTest::mouseClick(all, Qt::LeftButton);
    QVERIFY(view.showAll());
    for (int step = 0; step < view.stepCount(); ++step)
        for (MatrixView* m : view.matrices(step))  // M is cross-attention's (tst_stepview_cross)
            QCOMPARE(m->isVisible(), !m->objectName().startsWith("w_") && m->objectName() != "memory");
    view.setWeightMatricesShown(true);
    QVERIFY(view.matrix(StepView::Projections, "w_q")->isVisible());
    QTest::keyClick(&view, Qt::Key_Right);  // still steps through
    QCOMPARE(view.step(), int(StepView::Masked));
    view.setShowAll(false);
    QVERIFY(!all->isChecked());
    QVERIFY(view.matrix(StepView::Masked, "masked")->isVisible());
    QVERIFY(!view.matrix(StepView::Input, "x")->isVisible());
}

void StepViewTest::maskStep_data() {
    QTest::addColumn<bool>("causal");
    QTest::newRow("encoder: no mask") << false;
    QTest::newRow("causal: −∞ above the diagonal") << true;
}

void StepViewTest::maskStep() {
    QFETCH(bool, causal);
    const Run run = runTeaching(causal, 0, 0);
    StepView view;
    QVERIFY(showSteps(view, run));
    view.setStep(StepView::Masked);
    MatrixView* masked = view.matrix(StepView::Masked, "masked");
    const int t = masked->rows();
    QCOMPARE(masked->textAt(0, t - 1) == QStringLiteral("−∞"), causal);
    QCOMPARE(masked->grid()->hasMasked(), causal);
    QCOMPARE(view.formulaText().contains(QStringLiteral("no mask")), !causal);
    QVERIFY(view.formulaText(StepView::Scaled).contains(QStringLiteral("√16 = S ÷ 4")));
}

void StepViewTest::clearShowsMessage() {
    StepView view;
    QVERIFY(showSteps(view));
    view.clear(QStringLiteral("Loading…"));
    QCOMPARE(view.message(), QStringLiteral("Loading…"));
    QTest::keyClick(&view, Qt::Key_Right);
    QCOMPARE(view.step(), 0);
    const Run run = runTeaching(false, 0, 0);
    view.setSteps(run.steps, run.tokens, QStringLiteral("head"));
    QVERIFY(view.message().isEmpty());
    view.setSteps(nullptr, {}, QString());
    QVERIFY(!view.message().isEmpty());
}

void StepViewTest::rendersEveryStep() {
    for (bool causal : {false, true}) {
        const QString suffix = causal ? QStringLiteral("_causal") : QString();
        StepView view;
        QVERIFY(showSteps(view, runTeaching(causal, 1, 2), QSize(1280, 800)));
        view.setSelectedToken(2);
        for (int step = 0; step < view.stepCount(); ++step) {
            view.setStep(step);
            if (step == StepView::Scores)
                clickCell(view.matrix(step, "scores"), 2, 5);
            keep(view, QStringLiteral("step%1").arg(step) + suffix);
        }
        view.setShowAll(true);
        keep(view, QStringLiteral("all") + suffix);
        view.setShowAll(false);
        view.setStep(StepView::Projections);
        view.setWeightMatricesShown(true);
        keep(view, QStringLiteral("weights") + suffix);
        QVERIFY(view.matrix(StepView::Projections, "w_k")->isVisible());
    }
}

void StepViewTest::breakdownsNamePositions() {
    // "it" three times: only the positions tell the rows of the softmax table apart.
    const Run run = runTeaching(false, 0, 1, 64, QStringLiteral("it said it was it"));
    QCOMPARE(run.tokens.count(QStringLiteral("it")), 3);
    StepView view;
    QVERIFY(showSteps(view, run));
    view.setStep(StepView::Softmax);
    clickCell(view.matrix(StepView::Softmax, "weights"), 2, 1);
    QString text = view.breakdownText();
    for (int j = 0; j < run.tokens.size(); ++j)
        QVERIFY2(text.contains(QStringLiteral("“%1” #%2").arg(run.tokens[j]).arg(j)), qPrintable(text));
    view.setStep(StepView::HeadOutput);
    clickCell(view.matrix(StepView::HeadOutput, "head_output"), 3, 0);
    text = view.breakdownText();
    QVERIFY2(text.contains(QStringLiteral("“it” #3")), qPrintable(text));
    QVERIFY2(text.contains(QStringLiteral("v(it #")), qPrintable(text));
}

void StepViewTest::presentationFontFits_data() {
    QTest::addColumn<double>("factor");
    QTest::newRow("desktop font") << 1.0;
    QTest::newRow("presentation font (F5)") << 1.7;  // as MainWindow::setPresentationMode
}

void StepViewTest::presentationFontFits() {
    QFETCH(double, factor);
    const QFont normal = QApplication::font();
    const Run run = runTeaching(true, 0, 1, 64, QStringLiteral("the cat sat on the mat and it looked at the dog while it"));
    QCOMPARE(run.tokens.size(), 16);
    StepView view;
    QVERIFY(showSteps(view, run, QSize(1920, 1080)));
    // The font grows after the steps are shown, as when F5 is pressed on a filled view.
    QFont big = normal;
    big.setPointSizeF(std::max(factor > 1 ? 18.0 : 0.0, normal.pointSizeF() * factor));
    QApplication::setFont(big);
    QApplication::processEvents();
    const QFontMetrics metrics(view.font());
    QCOMPARE(view.font().pointSizeF(), big.pointSizeF());

    auto* list = view.findChild<QListWidget*>(QStringLiteral("stepList"));
    QVERIFY(list);
    for (int i = 0; i < list->count(); ++i) {
        const QString entry = list->item(i)->text();
        QVERIFY2(list->viewport()->width() >= metrics.horizontalAdvance(entry) + 6,
                 qPrintable(QStringLiteral("'%1' needs %2 px, the list has %3")
                                .arg(entry).arg(metrics.horizontalAdvance(entry)).arg(list->viewport()->width())));
    }

    for (int step : {int(StepView::Projections), int(StepView::Softmax)}) {
        view.setStep(step);
        QApplication::processEvents();
        for (MatrixView* matrix : view.matrices(step)) {
            if (!matrix->isVisible())
                continue;
            // Every one of the 16 rows is tall enough for its label (labels are skipped only when
            // rows are shorter than a line).
            const QFontMetrics gridMetrics(matrix->grid()->font());
            QCOMPARE(matrix->rows(), 16);
            QVERIFY2(matrix->cellRect(0, 0).height() >= gridMetrics.height(),
                     qPrintable(QStringLiteral("%1: rows %2 px, labels %3 px")
                                    .arg(matrix->title()).arg(matrix->cellRect(0, 0).height()).arg(gridMetrics.height())));
        }
    }

    // The navigation row: buttons and "Step 6 of 9" side by side, none cut or overlapping.
    QList<QWidget*> row{view.findChild<QPushButton*>(QStringLiteral("previous")),
                        view.findChild<QPushButton*>(QStringLiteral("allSteps")),
                        view.findChild<QPushButton*>(QStringLiteral("next"))};
    for (QLabel* label : view.findChildren<QLabel*>())
        if (label->text().startsWith(QStringLiteral("Step ")) && label->text().contains(QStringLiteral(" of ")) &&
            label->isVisible() && label->y() > row[0]->y() - 10 && label->parentWidget() == row[0]->parentWidget())
            row << label;
    QCOMPARE(row.size(), 4);
    for (int i = 0; i < row.size(); ++i) {
        QVERIFY(row[i]->width() >= row[i]->minimumSizeHint().width());
        for (int j = i + 1; j < row.size(); ++j)
            QVERIFY2(!row[i]->geometry().intersects(row[j]->geometry()),
                     qPrintable(row[i]->objectName() + " / " + row[j]->objectName()));
    }
    keep(view, QStringLiteral("presentation_%1").arg(factor));
    QApplication::setFont(normal);
}

QTEST_MAIN(StepViewTest)
#include "tst_stepview.moc"
