// StepView offscreen on real steps of the decoder fixtures (tests/fixtures/models): the pages
// follow what the model recorded (QK-norm, RoPE, softcap only where they exist; BERT-style
// models keep their nine steps), the rotation page writes the angle of every pair of the
// selected token as the engine computed it, the scale, softcap and window are described as the
// model does them, and the heads sharing K/V are named.

#include <cmath>

#include <QDir>
#include <QListWidget>
#include <QPushButton>
#include <QtTest>

#include "hf/HfModelLoader.h"
#include "steps/MatrixView.h"
#include "steps/StepBreakdown.h"
#include "steps/StepView.h"
#include "teaching/TeachingModel.h"
#include "WidgetTestSupport.h"

using namespace headmap;
using namespace headmap::ui;
using Kinds = QList<int>;

namespace {

using testsupport::showWidget;

struct Run {
    std::shared_ptr<const HeadSteps> steps;
    QStringList tokens;
};

// model: a fixture folder name, or "teaching" for the built-in teaching model (encoder).
Run runModel(const QString& model, int layer, int head) {
    RunOptions options;
    options.steps = HeadIndex{layer, head, std::nullopt};
    if (model == QLatin1String("teaching")) {
        TeachingModel teaching{TeachingOptions{}};
        RunResult result = teaching.run(teaching.tokenizer().encode(QStringLiteral("the cat sat on the mat"), true), options);
        return {std::make_shared<const HeadSteps>(*result.steps), result.trace.displayTokens()};
    }
    const auto loaded = loadHfModelFolder(QDir(QStringLiteral(HEADMAP_FIXTURES_DIR "/models")).filePath(model), model);
    // Ten tokens: longer than the fixtures' sliding window of 4, within every vocabulary.
    const std::vector<int> ids{2, 17, 45, 90, 33, 120, 7, 250, 64, 12};
    RunResult result = loaded->run(loaded->tokenizer().fromIds(ids), options);
    return {std::make_shared<const HeadSteps>(*result.steps), result.trace.displayTokens()};
}

// Shows the view (support/ui/WidgetTestSupport.h) with run's steps in it; false when it never appeared.
bool showSteps(StepView& view, const Run& run, QSize size = QSize(1400, 900)) {
    if (!showWidget(view, size))
        return false;
    view.setSteps(run.steps, run.tokens, QStringLiteral("Layer 0 · head 1"));
    return true;
}

// Clicks a row's label, as a student selects a token.
void clickRow(MatrixView* view, int row) {
    view->scrollToCell(row, 0);
    QTest::mouseClick(view->cellArea(), Qt::LeftButton, {}, QPoint(8, view->cellRect(row, 0).center().y()));
}

void clickCell(MatrixView* view, int row, int column) {
    view->scrollToCell(row, column);
    QTest::mouseClick(view->cellArea(), Qt::LeftButton, {}, view->cellRect(row, column).center());
}

QString degrees(double radians) {
    return QString::number(radians * 180.0 / 3.14159265358979323846, 'f', 1).replace(QLatin1Char('-'), QChar(0x2212)) + QChar(0x00B0);
}

void compareMatrix(const MatrixView* shown, const MatrixF& m, const char* what) {
    QVERIFY2(shown, what);
    QCOMPARE(shown->rows(), int(m.rows()));
    QCOMPARE(shown->matrixColumns(), int(m.cols()));
    for (int r = 0; r < m.rows(); ++r)
        for (int c = 0; c < m.cols(); ++c)
            QCOMPARE(shown->valueAt(r, c), double(m(r, c)));
}

const Kinds kClassic{StepView::Input, StepView::Projections, StepView::Scores, StepView::Scaled, StepView::Masked,
                     StepView::Softmax, StepView::HeadOutput, StepView::Concat, StepView::Output};

Kinds with(std::initializer_list<std::pair<int, int>> inserted) {  // (kind, after this kind)
    Kinds kinds = kClassic;
    for (const auto& [kind, after] : inserted)
        kinds.insert(kinds.indexOf(after) + 1, kind);
    return kinds;
}

}  // namespace

class StepViewDecodersTest : public QObject {
    Q_OBJECT
private slots:
    void pagesFollowRecordedSteps_data();
    void pagesFollowRecordedSteps();
    void rotationShowsAnglesOfSelectedToken_data();
    void rotationShowsAnglesOfSelectedToken();
    void softcapAndWindowBreakdown();
    void changingModelKeepsTheStep();
    void rendersDecoderPages();
};

void StepViewDecodersTest::pagesFollowRecordedSteps_data() {
    QTest::addColumn<QString>("model");
    QTest::addColumn<int>("layer");
    QTest::addColumn<int>("head");
    QTest::addColumn<Kinds>("pages");
    QTest::addColumn<QString>("note");   // on the Q/K/V pages; empty: none
    QTest::addColumn<QString>("scale");  // in the scale step's formula
    QTest::addColumn<QString>("mask");   // in the mask step's formula
    QTest::addColumn<QString>("norm");   // in the QK-norm step's formula

    const auto rotary = std::pair{int(StepView::Rotary), int(StepView::Projections)};
    const auto softcap = std::pair{int(StepView::Softcap), int(StepView::Scaled)};
    const auto norm = std::pair{int(StepView::QkNorm), int(StepView::Projections)};
    const QString gqa01 = "Head 1 shares K/V head 0 with heads 0–1 (grouped-query attention, 2 query heads per K/V head).";
    const QString gqa13 = "Head 3 shares K/V head 1 with heads 2–3 (grouped-query attention, 2 query heads per K/V head).";
    QTest::newRow("gemma2_f32 layer 0: rope, softcap 3, window 4, scale 24^-0.5, GQA")
        << "gemma2_f32" << 0 << 1 << with({rotary, softcap}) << gqa01 << "S × 0.2041 = S × 1/√24"
        << "j ≤ i − 4" << QString();
    QTest::newRow("gemma2_f32 layer 1: full attention, causal")
        << "gemma2_f32" << 1 << 3 << with({rotary, softcap}) << gqa13 << "S × 0.2041 = S × 1/√24"
        << "−∞ if j &gt; i, else 0" << QString();
    QTest::newRow("gemma3_text_bf16 layer 0: per-head QK-norm, window, scale 20^-0.5")
        << "gemma3_text_bf16" << 0 << 1 << with({rotary, norm}) << gqa01 << "S × 0.2236 = S × 1/√20"
        << "j ≤ i − 4" << "per head";
    QTest::newRow("olmo2_f32: QK-norm over the whole projection")
        << "olmo2_f32" << 1 << 3 << with({rotary, norm}) << gqa13 << "S ÷ √d<sub>k</sub> = S ÷ √12"
        << "−∞ if j &gt; i, else 0" << "whole projection";
    QTest::newRow("llama_f32_tied: llama3 rope, GQA")
        << "llama_f32_tied" << 1 << 1 << with({rotary}) << gqa01 << "S ÷ √d<sub>k</sub> = S ÷ √16"
        << "−∞ if j &gt; i, else 0" << QString();
    QTest::newRow("gpt_neox_f16: partial rotary, every head its own K/V")
        << "gpt_neox_f16" << 0 << 2 << with({rotary}) << QString() << "S ÷ √d<sub>k</sub> = S ÷ √16"
        << "−∞ if j &gt; i, else 0" << QString();
    QTest::newRow("gpt2_f32: the classic nine")
        << "gpt2_f32" << 1 << 2 << kClassic << QString() << "S ÷ √d<sub>k</sub>" << "−∞ if j &gt; i, else 0" << QString();
    QTest::newRow("teaching encoder: the classic nine")
        << "teaching" << 0 << 1 << kClassic << QString() << "S ÷ √d<sub>k</sub>" << "no mask" << QString();
}

void StepViewDecodersTest::pagesFollowRecordedSteps() {
    QFETCH(QString, model);
    QFETCH(int, layer);
    QFETCH(int, head);
    QFETCH(Kinds, pages);
    QFETCH(QString, note);
    QFETCH(QString, scale);
    QFETCH(QString, mask);
    QFETCH(QString, norm);
    const Run run = runModel(model, layer, head);
    const HeadSteps& s = *run.steps;
    StepView view;
    QVERIFY(showSteps(view, run));

    // The list and the numbering name exactly the recorded steps.
    QCOMPARE(view.stepCount(), pages.size());
    auto* list = view.findChild<QListWidget*>(QStringLiteral("stepList"));
    auto* next = view.findChild<QPushButton*>(QStringLiteral("next"));
    QVERIFY(list && next);
    QCOMPARE(list->count(), pages.size());
    for (int page = 0; page < pages.size(); ++page) {
        QCOMPARE(int(view.stepKind(page)), pages[page]);
        QCOMPARE(view.pageOf(StepView::Step(pages[page])), page);
        QCOMPARE(list->item(page)->text(), QStringLiteral("%1. %2").arg(page + 1).arg(view.stepLabel(page)));
        // Labels fit the list: nothing is elided.
        QVERIFY2(list->visualItemRect(list->item(page)).width() >= list->fontMetrics().horizontalAdvance(list->item(page)->text()),
                 qPrintable(list->item(page)->text()));
    }
    for (int kind : {StepView::QkNorm, StepView::Rotary, StepView::Softcap})
        if (!pages.contains(kind))
            QCOMPARE(view.pageOf(StepView::Step(kind)), -1);

    // Next visits every page, each with a visible matrix and its own formula: no dead pages.
    QStringList formulas;
    for (int page = 0; page < pages.size(); ++page) {
        QCOMPARE(view.step(), page);
        QVERIFY(view.matrices(page).first()->isVisible());
        QVERIFY(view.matrices(page).first()->rows() > 0);
        QVERIFY2(!formulas.contains(view.formulaText()), qPrintable(view.formulaText()));
        formulas << view.formulaText();
        QTest::mouseClick(next, Qt::LeftButton);
    }
    QCOMPARE(view.step(), pages.size() - 1);

    const int projections = view.pageOf(StepView::Projections);
    QCOMPARE(view.noteText(projections), note);
    QCOMPARE(view.noteText(view.pageOf(StepView::HeadOutput)), note);
    QCOMPARE(view.noteText(view.pageOf(StepView::Softmax)), QString());
    QVERIFY2(view.formulaText(view.pageOf(StepView::Scaled)).contains(scale),
             qPrintable(view.formulaText(view.pageOf(StepView::Scaled))));
    QVERIFY2(view.formulaText(view.pageOf(StepView::Masked)).contains(mask),
             qPrintable(view.formulaText(view.pageOf(StepView::Masked))));

    // Every page shows what the engine recorded at that point.
    compareMatrix(view.matrix(projections, "q"), s.qProjected.size() ? s.qProjected : s.q, "q as projected");
    compareMatrix(view.matrix(projections, "k"), s.kProjected.size() ? s.kProjected : s.k, "k as projected");
    compareMatrix(view.matrix(view.pageOf(StepView::Scores), "scores"), s.scores, "scores");
    compareMatrix(view.matrix(view.pageOf(StepView::Masked), "masked"), s.masked, "masked");
    if (const int page = view.pageOf(StepView::QkNorm); page >= 0) {
        QVERIFY2(view.formulaText(page).contains(norm), qPrintable(view.formulaText(page)));
        QCOMPARE(view.noteText(page), note);
        compareMatrix(view.matrix(page, "q_projected"), s.qProjected, "q before the norm");
        compareMatrix(view.matrix(page, "q_normed"), s.qNormed, "q normed");
        compareMatrix(view.matrix(page, "k_normed"), s.kNormed, "k normed");
    }
    if (const int page = view.pageOf(StepView::Rotary); page >= 0) {
        compareMatrix(view.matrix(page, "q_unrotated"), s.qNormed.size() ? s.qNormed : s.qProjected, "q before rotation");
        compareMatrix(view.matrix(page, "q_rotated"), s.q, "q rotated");
        compareMatrix(view.matrix(page, "k_rotated"), s.k, "k rotated");
        compareMatrix(view.matrix(page, "angles"), s.rotaryAngles, "angles");
    }
    if (const int page = view.pageOf(StepView::Softcap); page >= 0) {
        compareMatrix(view.matrix(page, "softcapped"), s.softcapped, "softcapped");
        QVERIFY(view.formulaText(page).contains(QStringLiteral("softcap · tanh(S′ ÷ softcap) = 3 · tanh(S′ ÷ 3)")));
    }
    if (s.mask == AttentionMask::SlidingWindow) {
        QVERIFY(view.stepLabel(view.pageOf(StepView::Masked)).contains(QStringLiteral("window of 4")));
        QVERIFY(view.explanationText(view.pageOf(StepView::Masked))
                    .contains(QStringLiteral("each token sees itself and the 3 tokens before it (the last 4)")));
    }
}

void StepViewDecodersTest::rotationShowsAnglesOfSelectedToken_data() {
    QTest::addColumn<QString>("model");
    QTest::addColumn<int>("layer");
    QTest::addColumn<int>("head");
    QTest::addColumn<int>("pairs");
    QTest::newRow("llama_f32_tied: llama3 frequencies") << "llama_f32_tied" << 0 << 3 << 8;
    QTest::newRow("gpt_neox_f16: 4 of 16 dimensions turned") << "gpt_neox_f16" << 1 << 0 << 2;
    QTest::newRow("gemma3_text_bf16: turns the normed query") << "gemma3_text_bf16" << 2 << 0 << 8;
    QTest::newRow("llama_f32_yarn: cos and sin scaled") << "llama_f32_yarn" << 0 << 2 << 8;
}

void StepViewDecodersTest::rotationShowsAnglesOfSelectedToken() {
    QFETCH(QString, model);
    QFETCH(int, layer);
    QFETCH(int, head);
    QFETCH(int, pairs);
    const Run run = runModel(model, layer, head);
    const HeadSteps& s = *run.steps;
    QCOMPARE(int(s.rotaryAngles.cols()), pairs);
    StepView view;
    QVERIFY(showSteps(view, run));
    const int page = view.pageOf(StepView::Rotary);
    QVERIFY(page >= 0);
    view.setStep(page);
    QVERIFY(view.breakdownText().contains(QStringLiteral("Click a row")));

    for (int token : {2, 7}) {  // a second token: the angles follow the selection
        clickRow(view.matrix(page, "q_rotated"), token);
        QCOMPARE(view.selectedToken(), token);
        const QString text = view.breakdownText();
        QVERIFY2(text.contains(QStringLiteral("(position %1)").arg(token)), qPrintable(text));
        const RotationBreakdown b = rotationBreakdown(s, token);
        QCOMPARE(int(b.pairs.size()), pairs);
        for (int i = 0; i < pairs; ++i) {
            const RotationBreakdown::Pair& p = b.pairs[size_t(i)];
            QCOMPARE(p.angle, double(s.rotaryAngles(token, i)));
            QCOMPARE(p.second - p.first, pairs);  // rotate_half: (i, i + rotary_dim / 2)
            // Turning the pair by θ gives the engine's rotated query.
            QVERIFY(std::abs(p.after[0] - s.q(token, p.first)) < 1e-4);
            QVERIFY(std::abs(p.after[1] - s.q(token, p.second)) < 1e-4);
            QVERIFY2(text.contains(breakdownNumber(p.angle)) && text.contains(degrees(p.angle)),
                     qPrintable(QStringLiteral("pair %1: θ %2 in %3").arg(i).arg(p.angle).arg(text)));
        }
        // The last pair's angle at this position is shown, and no other position's.
        const int other = token == 2 ? 7 : 2;
        QVERIFY(!text.contains(QStringLiteral("(position %1)").arg(other)));
        QVERIFY(text.contains(breakdownNumber(s.rotaryAngles(token, pairs - 1))));
        QCOMPARE(text.contains(QStringLiteral("Only the first")), 2 * pairs < s.dHead);
        QCOMPARE(text.contains(QStringLiteral("cos θ and sin θ are multiplied by")), std::abs(s.rotaryScaling - 1.0f) > 1e-6f);
        QCOMPARE(view.matrix(page, "angles")->highlightedRow(), token);
    }
    // Position 0 is not turned at all.
    clickRow(view.matrix(page, "q_unrotated"), 0);
    QVERIFY(view.breakdownText().contains(QStringLiteral("0.0°")));
}

void StepViewDecodersTest::softcapAndWindowBreakdown() {
    const Run run = runModel(QStringLiteral("gemma2_f32"), 0, 1);
    const HeadSteps& s = *run.steps;
    QCOMPARE(s.mask, AttentionMask::SlidingWindow);
    QCOMPARE(s.window, 4);
    StepView view;
    QVERIFY(showSteps(view, run));

    const int softcap = view.pageOf(StepView::Softcap);
    view.setStep(softcap);
    clickCell(view.matrix(softcap, "softcapped"), 6, 5);
    QString text = view.breakdownText();
    QCOMPARE(view.step(), softcap);  // clicking keeps the page
    QVERIFY2(text.contains(QStringLiteral("Softcapped: 3 · tanh(%1 ÷ 3) = %2")
                               .arg(breakdownNumber(s.scaled(6, 5)), breakdownNumber(s.softcapped(6, 5)))),
             qPrintable(text));
    QVERIFY(text.contains(QStringLiteral("× 0.2041 = ") + breakdownNumber(s.scaled(6, 5))));

    const int masked = view.pageOf(StepView::Masked);
    view.setStep(masked);
    MatrixView* m = view.matrix(masked, "masked");
    QCOMPARE(m->textAt(6, 2), QStringLiteral("−∞"));  // 6 − 4 < 2 fails: outside the window
    QCOMPARE(m->textAt(6, 3) == QStringLiteral("−∞"), false);  // the oldest key inside it
    QCOMPARE(m->textAt(6, 7), QStringLiteral("−∞"));  // after the query
    clickCell(m, 6, 2);
    QVERIFY2(view.breakdownText().contains(QStringLiteral("outside its window of the last 4 tokens")), qPrintable(view.breakdownText()));
    clickCell(m, 6, 3);
    QVERIFY(view.breakdownText().contains(QStringLiteral("Not masked")));
    clickCell(m, 6, 8);
    QVERIFY(view.breakdownText().contains(QStringLiteral("comes after")));
    QCOMPARE(view.stepLabel(view.pageOf(StepView::Scaled)), QStringLiteral("Scale × 0.2041"));
}

void StepViewDecodersTest::changingModelKeepsTheStep() {
    const Run teaching = runModel(QStringLiteral("teaching"), 0, 0);
    const Run gemma = runModel(QStringLiteral("gemma2_f32"), 0, 1);
    StepView view;
    QVERIFY(showSteps(view, teaching));
    view.setStep(StepView::Softmax);
    view.setSteps(gemma.steps, gemma.tokens, QStringLiteral("gemma"));
    QCOMPARE(view.stepKind(), StepView::Softmax);
    QCOMPARE(view.step(), view.pageOf(StepView::Softmax));
    view.setStep(view.pageOf(StepView::Softcap));
    view.setSteps(teaching.steps, teaching.tokens, QStringLiteral("teaching"));  // no softcap: nearest page
    QCOMPARE(view.stepCount(), 9);
    QVERIFY(view.step() < 9);
    QVERIFY(view.matrices(view.step()).first()->isVisible());

    // "All steps" stacks only the recorded pages.
    view.setSteps(gemma.steps, gemma.tokens, QStringLiteral("gemma"));
    view.setShowAll(true);
    for (int page = 0; page < view.stepCount(); ++page)
        QVERIFY(view.matrices(page).first()->isVisible());
    view.setSteps(teaching.steps, teaching.tokens, QStringLiteral("teaching"));
    QVERIFY(!view.findChild<MatrixView*>(QStringLiteral("softcapped"))->isVisible());
    QVERIFY(!view.findChild<MatrixView*>(QStringLiteral("q_rotated"))->isVisible());
}

// With HEADMAP_SCREENSHOT_DIR set, keeps every page of three decoder heads as PNGs to look at.
void StepViewDecodersTest::rendersDecoderPages() {
    const QString dir = qEnvironmentVariable("HEADMAP_SCREENSHOT_DIR");
    for (const auto& [model, layer, head] : {std::tuple{"gemma2_f32", 0, 1}, {"gemma3_text_bf16", 0, 3}, {"gpt_neox_f16", 0, 0}}) {
        StepView view;
        QVERIFY(showSteps(view, runModel(QLatin1String(model), layer, head), QSize(1280, 800)));
        view.setSelectedToken(6);
        for (int page = 0; page < view.stepCount(); ++page) {
            view.setStep(page);
            QApplication::processEvents();
            const QImage image = view.grab().toImage();
            QVERIFY(image.width() >= 1280);
            if (!dir.isEmpty())
                QVERIFY(image.save(QDir(dir).filePath(QStringLiteral("%1_page%2.png").arg(QLatin1String(model)).arg(page + 1))));
        }
    }
}

QTEST_MAIN(StepViewDecodersTest)
#include "tst_stepview_decoders.moc"
