// The walk-through of a cross-attention head (issue #37): Q from the decoder's rows X, K and V
// from the encoder's output M, T×S scores, softmax, ·V. The Input page shows M beside X, K, V and
// M have the source's tokens as rows, the score matrices its tokens as columns, the formulas say
// K = M·W_K, the texts say the decoder asks and the encoder answers, and the worked-out cells
// name a target token and a source token. A source row selects no target token. Self-attention
// heads keep their pages as before (no M). Steps from tests/support/ui/TinyTranslationModel.

#include <QtTest>

#include "TinyTranslationModel.h"
#include "WidgetTestSupport.h"
#include "steps/MatrixView.h"
#include "steps/StepView.h"

using namespace headmap;
using namespace headmap::ui;

namespace {

const QStringList kTarget{"<pad>", "the", "cat", "sits", "on", "the", "mat"};
const QStringList kSource{"katten", "sidder", "på", "måtten", "</s>"};

std::shared_ptr<const HeadSteps> stepsOf(StackKind stack, int layer, int head) {
    testmodels::TinyTranslationModel model;
    RunOptions options;
    options.decoderInput = model.decoderInputForTarget(QStringLiteral("the cat sits on the mat"));
    options.steps = HeadIndex{layer, head, stack};
    RunResult run = model.run(model.tokenizer().encode(QStringLiteral("katten sidder på måtten"), true), options);
    return run.steps ? std::make_shared<const HeadSteps>(*run.steps) : nullptr;
}

void clickCell(MatrixView* view, int row, int column) {
    view->scrollToCell(row, column);
    QTest::mouseClick(view->cellArea(), Qt::LeftButton, {}, view->cellRect(row, column).center());
}

QStringList rowLabels(MatrixView* view) {
    QStringList labels;
    for (int r = 0; r < view->rows(); ++r)
        labels << view->grid()->rowLabel(r);
    return labels;
}

}  // namespace

class TestStepViewCross : public QObject {
    Q_OBJECT
private slots:
    void matricesHaveTheirSentences_data();
    void matricesHaveTheirSentences();
    void textsSayTheDecoderAsksTheEncoderAnswers();
    void workedOutCellsNameBothSentences();
    void aSourceRowSelectsNoTargetToken();
    void selfAttentionHasNoMemory();
};

void TestStepViewCross::matricesHaveTheirSentences_data() {
    QTest::addColumn<int>("step");
    QTest::addColumn<QString>("id");
    QTest::addColumn<QStringList>("rows");
    QTest::addColumn<int>("columns");  // -1: not token columns
    QTest::newRow("X") << int(StepView::Input) << "x" << kTarget << -1;
    QTest::newRow("M") << int(StepView::Input) << "memory" << kSource << -1;
    QTest::newRow("Q") << int(StepView::Projections) << "q" << kTarget << -1;
    QTest::newRow("K") << int(StepView::Projections) << "k" << kSource << -1;
    QTest::newRow("V") << int(StepView::Projections) << "v" << kSource << -1;
    QTest::newRow("scores") << int(StepView::Scores) << "scores" << kTarget << 5;
    QTest::newRow("weights") << int(StepView::Softmax) << "weights" << kTarget << 5;
    QTest::newRow("head output") << int(StepView::HeadOutput) << "head_output" << kTarget << -1;
    QTest::newRow("V beside it") << int(StepView::HeadOutput) << "v" << kSource << -1;
}

void TestStepViewCross::matricesHaveTheirSentences() {
    QFETCH(int, step);
    QFETCH(QString, id);
    QFETCH(QStringList, rows);
    QFETCH(int, columns);
    StepView view;
    QVERIFY(testsupport::showWidget(view, QSize(1400, 900)));
    const auto steps = stepsOf(StackKind::Cross, 0, 1);
    QVERIFY(steps && steps->memory.rows() == 5);
    view.setSteps(steps, kTarget, QStringLiteral("Cross-attention · layer 0, head 1"), {}, kSource);
    QVERIFY(view.isCross());
    MatrixView* matrix = view.matrix(view.pageOf(StepView::Step(step)), id);
    QVERIFY(matrix);
    QVERIFY(!matrix->isHidden());
    QCOMPARE(rowLabels(matrix), rows);
    if (columns > 0) {
        QCOMPARE(matrix->matrixColumns(), columns);
        QStringList labels;
        for (int c = 0; c < columns; ++c)
            labels << matrix->grid()->columnLabel(c);
        QCOMPARE(labels, kSource);
    }
}

void TestStepViewCross::textsSayTheDecoderAsksTheEncoderAnswers() {
    StepView view;
    QVERIFY(testsupport::showWidget(view, QSize(1400, 900)));
    view.setSteps(stepsOf(StackKind::Cross, 0, 0), kTarget, QStringLiteral("Cross-attention · layer 0, head 0"), {},
                  kSource);
    QVERIFY2(view.formulaText(view.pageOf(StepView::Projections)).contains(QStringLiteral("K = M·W<sub>K</sub>")),
             qPrintable(view.formulaText(view.pageOf(StepView::Projections))));
    QVERIFY(view.formulaText(view.pageOf(StepView::Input)).contains(QStringLiteral("5 source")));
    QVERIFY(view.explanationText(view.pageOf(StepView::Input)).contains(QStringLiteral("The decoder asks, the encoder answers")));
    QVERIFY(view.explanationText(view.pageOf(StepView::Scores)).contains(QStringLiteral("T × S")));
    QVERIFY(view.explanationText(view.pageOf(StepView::HeadOutput)).contains(QStringLiteral("source's value rows")));
}

void TestStepViewCross::workedOutCellsNameBothSentences() {
    StepView view;
    QVERIFY(testsupport::showWidget(view, QSize(1400, 900)));
    const auto steps = stepsOf(StackKind::Cross, 0, 1);
    view.setSteps(steps, kTarget, QStringLiteral("Cross-attention · layer 0, head 1"), {}, kSource);
    const int scores = view.pageOf(StepView::Scores);
    view.setStep(scores);
    clickCell(view.matrix(scores, QStringLiteral("scores")), 2, 3);  // "cat" looks for "måtten"
    QVERIFY2(view.breakdownText(scores).contains(QStringLiteral("“cat” #2")) &&
                 view.breakdownText(scores).contains(QStringLiteral("“måtten” #3")),
             qPrintable(view.breakdownText(scores)));
    const int masked = view.pageOf(StepView::Masked);
    view.setStep(masked);
    QVERIFY2(view.breakdownText(masked).contains(QStringLiteral("Cross-attention has no mask")),
             qPrintable(view.breakdownText(masked)));
    const int softmax = view.pageOf(StepView::Softmax);
    view.setStep(softmax);
    QVERIFY(view.breakdownText(softmax).contains(QStringLiteral("“katten” #0")));
    QVERIFY(!view.breakdownText(softmax).contains(QStringLiteral("“the”")));
    const int output = view.pageOf(StepView::HeadOutput);
    view.setStep(output);
    QVERIFY2(view.breakdownText(output).contains(QStringLiteral("v(")) &&
                 std::any_of(kSource.begin(), kSource.end(),
                             [&](const QString& w) { return view.breakdownText(output).contains(QStringLiteral("v(%1").arg(w)); }),
             qPrintable(view.breakdownText(output)));
}

void TestStepViewCross::aSourceRowSelectsNoTargetToken() {
    StepView view;
    QVERIFY(testsupport::showWidget(view, QSize(1400, 900)));
    view.setSteps(stepsOf(StackKind::Cross, 0, 1), kTarget, QStringLiteral("Cross-attention"), {}, kSource);
    const int projections = view.pageOf(StepView::Projections);
    view.setStep(projections);
    clickCell(view.matrix(projections, QStringLiteral("q")), 6, 0);  // "mat"
    QCOMPARE(view.selectedToken(), 6);
    QCOMPARE(view.matrix(projections, QStringLiteral("q"))->highlightedRow(), 6);
    QCOMPARE(view.matrix(projections, QStringLiteral("k"))->highlightedRow(), -1);  // no source row 6
    clickCell(view.matrix(projections, QStringLiteral("k")), 1, 0);  // "sidder": a source row
    QCOMPARE(view.selectedToken(), 6);
}

void TestStepViewCross::selfAttentionHasNoMemory() {
    StepView view;
    QVERIFY(testsupport::showWidget(view, QSize(1400, 900)));
    view.setSteps(stepsOf(StackKind::Encoder, 1, 3), kSource, QStringLiteral("Encoder · layer 1, head 3"));
    QVERIFY(!view.isCross());
    QVERIFY(view.matrix(view.pageOf(StepView::Input), QStringLiteral("memory"))->isHidden());
    QVERIFY(view.formulaText(view.pageOf(StepView::Projections)).contains(QStringLiteral("K = X·W<sub>K</sub>")));
    QCOMPARE(view.matrix(view.pageOf(StepView::Scores), QStringLiteral("scores"))->matrixColumns(), 5);
}

QTEST_MAIN(TestStepViewCross)
#include "tst_stepview_cross.moc"
