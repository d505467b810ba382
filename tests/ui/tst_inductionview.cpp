// The classroom's Induction tab (#41, #38) in the main window on builtin:induction, driven as a
// user would: type a random string of letters twice, open the tab, and read what it shows. The
// head it offers is the one the engine's induction probe ranks first (computed here on the same
// model, not named in advance); the note says that head looks, from the copy's last letter, at the
// letter after that letter's earlier occurrence (the engine's weights agree); the copying line
// counts the engine's top-1 predictions along the second copy. "Switch this head off" puts the
// head in the document's ablations: the copying line then counts the ablated model's predictions;
// with both of the model's induction heads off the copying fails, and the prediction panel shows
// the next letter's probability before and after. "Random letters"
// runs a new string typed twice. The model chooser explains the model.

#include <QCheckBox>
#include <QComboBox>
#include <QDir>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTabWidget>
#include <QtTest>

#include "AttentionDocument.h"
#include "HeatmapView.h"
#include "MainWindow.h"
#include "MainWindowTestSupport.h"
#include "ModelChooser.h"
#include "analysis/HeadRoleRun.h"
#include "analysis/RepeatCopying.h"
#include "model/ModelLoader.h"
#include "model/Predictions.h"
#include "predictions/PredictionPanel.h"
#include "tabs/InductionTabView.h"
#include "teaching/PortableRandom.h"
#include "views/InductionView.h"

using namespace headmap;
using namespace headmap::ui;
using mainwindowtests::readyWindow;

namespace {

// 12 random letters typed twice, from a seed of this test's own.
QString lettersTwice(quint64 seed) {
    PortableRandom random = PortableRandom::stream(seed, "tst_inductionview");
    QString s;
    for (int i = 0; i < 12; ++i)
        s += QChar(u'a' + int(random.next() % 26));
    return s + s;
}

struct EngineCopying {
    int right = 0;
    int total = 0;
};

// The engine's own count: top-1 next-token predictions along the second copy.
EngineCopying engineCopying(const Model& model, const QString& text, const std::vector<HeadAblation>& ablations) {
    const Encoding input = model.tokenize(text);
    RunOptions options;
    options.ablations = ablations;
    const RunResult result = model.run(input, options);
    const RepeatedStretch stretch = findRepeatedStretch(input.ids);
    EngineCopying out;
    for (int i = stretch.start; i + 1 < stretch.end; ++i) {
        out.right += predictTokens(model, result, i, 1).top.front().id == input.ids[size_t(i + 1)];
        ++out.total;
    }
    return out;
}

void keep(QWidget& widget, const QString& name) {
    const QString dir = qEnvironmentVariable("HEADMAP_SCREENSHOT_DIR");
    if (!dir.isEmpty())
        widget.grab().save(QDir(dir).filePath(name + QStringLiteral(".png")));
}

bool waitFor(const std::function<bool()>& done, int timeoutMs = 60000) {
    QElapsedTimer waited;
    waited.start();
    while (!done() && waited.elapsed() < timeoutMs)
        QTest::qWait(20);
    return done();
}

}  // namespace

class TestInductionView : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() { QStandardPaths::setTestModeEnabled(true); }

    void showsTheProbedHeadCopying_data() {
        QTest::addColumn<quint64>("seed");
        QTest::newRow("letters 1") << quint64(1);
        QTest::newRow("letters 2") << quint64(2);
    }

    void showsTheProbedHeadCopying() {
        QFETCH(quint64, seed);
        const QString text = lettersTwice(seed);
        const auto model = loadModel(ModelSpec{QStringLiteral("builtin:induction"), {}, std::nullopt});
        // The engine's probe, as the page runs it (50 tokens, 10 sequences, seed 0).
        const InductionProbeRun probe =
            scoreInductionProbe(*model, makeInductionProbe(*model, 50, 10, 0), HeadRoleOptions{});
        const int best = int(std::max_element(probe.stripe.begin(), probe.stripe.end()) - probe.stripe.begin());
        const int layer = best / model->summary().heads, head = best % model->summary().heads;

        AttentionDocument document;
        auto window = readyWindow(document, text, QStringLiteral("builtin:induction"));
        QVERIFY(window);
        QCOMPARE(window->tabs()->tabText(MainWindow::InductionTab), QStringLiteral("In&duction"));
        InductionView* view = window->viewOf<InductionTabView>()->induction();
        QSignalSpy found(view, &InductionView::headsFound);
        window->tabs()->setCurrentIndex(MainWindow::InductionTab);
        QVERIFY(found.count() > 0 || found.wait(60000));
        QVERIFY(waitFor([&] { return !view->isPredicting() && !document.isBusy(); }));

        // The probe's best head is offered first and becomes the document's head.
        QVERIFY(!view->heads().empty());
        QCOMPARE(view->heads().front().layer, layer);
        QCOMPARE(view->heads().front().head, head);
        QCOMPARE(view->heads().front().score, probe.stripe[size_t(best)]);
        QVERIFY(view->headBox()->currentText().startsWith(QStringLiteral("Layer %1, head %2:").arg(layer).arg(head)));
        QCOMPARE(document.layer(), layer);
        QCOMPARE(document.head(), head);

        // From the copy's last letter the head looks most at the letter after its earlier copy.
        const int last = 23, target = last - 12 + 1;
        QCOMPARE(view->queryToken(), last);
        const AttentionTrace trace = model->run(model->tokenize(text)).trace;
        const MatrixF row = trace.row(layer, head, last);
        Eigen::Index strongest = 0;
        row.row(0).maxCoeff(&strongest);
        QCOMPARE(int(strongest), target);
        const QString note = view->lookNote()->text();
        QVERIFY2(note.contains(QStringLiteral("'%1' #%2").arg(text[target]).arg(target)), qPrintable(note));
        QVERIFY2(note.contains(QStringLiteral("the letter after the earlier")), qPrintable(note));

        // The copying line counts the engine's predictions.
        const EngineCopying intact = engineCopying(*model, text, {});
        QVERIFY(intact.right >= intact.total - 1);  // the model copies (≥ 95 % over many strings)
        QVERIFY2(view->copyNote()->text().contains(QStringLiteral("<b>%1 of %2</b>").arg(intact.right).arg(intact.total)),
                 qPrintable(view->copyNote()->text()));
        keep(*window, QStringLiteral("induction-%1").arg(seed));

        // Switch it off: the document ablates it and the panel counts the ablated model's copies.
        // builtin:induction has two induction heads in layer 1 that copy side by side, so the
        // second best is then switched off too (picked in the list as a user would); with both
        // off the copying fails.
        QVERIFY(view->heads().size() >= 2);
        const InductionHead second = view->heads()[1];
        QVERIFY(second.score >= 0.6);
        QSignalSpy shown(view, &InductionView::copyingShown);
        view->switchOffBox()->click();
        QCOMPARE(document.ablations().size(), size_t(1));
        QCOMPARE(document.ablations().front().layer, layer);
        QCOMPARE(document.ablations().front().head, head);
        QVERIFY(shown.wait(60000));
        QVERIFY(waitFor([&] { return !view->isPredicting() && !document.isBusy(); }));
        const EngineCopying oneOff = engineCopying(*model, text, document.ablations());
        QVERIFY2(view->copyNote()->text().contains(QStringLiteral("<b>%1 of %2</b>").arg(oneOff.right).arg(oneOff.total)),
                 qPrintable(view->copyNote()->text()));
        QVERIFY(view->switchOffBox()->isChecked());

        QTest::keyClick(view->headBox(), Qt::Key_Down);  // the next head in the list, as a user picks it
        QCOMPARE(view->currentHeadIndex(), 1);
        QVERIFY(!view->switchOffBox()->isChecked());
        view->switchOffBox()->click();
        QCOMPARE(document.ablations().size(), size_t(2));
        QCOMPARE(document.ablations().back().layer, second.layer);
        QCOMPARE(document.ablations().back().head, second.head);
        QVERIFY(shown.count() >= 2 || shown.wait(60000));
        QVERIFY(waitFor([&] { return !view->isPredicting() && !document.isBusy(); }));
        const EngineCopying ablated = engineCopying(*model, text, document.ablations());
        QVERIFY2(view->copyNote()->text().contains(QStringLiteral("<b>%1 of %2</b>").arg(ablated.right).arg(ablated.total)),
                 qPrintable(view->copyNote()->text()));
        QVERIFY2(view->copyNote()->text().contains(QStringLiteral("with 2 head")),
                 qPrintable(view->copyNote()->text()));
        QVERIFY(2 * ablated.right <= ablated.total);  // copying fails: at most half right
        document.requestPredictions();
        QVERIFY(waitFor([&] { return document.predictions() && document.predictions()->hasAblations(); }));
        const auto predictions = document.predictions();
        // The next letter after the text continues the copy: text[12] (the letter after the
        // earlier copy of the last one); switching the heads off takes most of its probability.
        const int next = model->tokenize(text.mid(12, 1)).ids.front();
        QVERIFY(predictions->before->probabilityOf(next) > 2 * predictions->after.probabilityOf(next));
        keep(*window, QStringLiteral("induction-%1-off").arg(seed));

        // And on again, one head after the other.
        view->switchOffBox()->click();
        QCOMPARE(document.ablations().size(), size_t(1));
        QTest::keyClick(view->headBox(), Qt::Key_Up);
        QCOMPARE(view->currentHeadIndex(), 0);
        QVERIFY(view->switchOffBox()->isChecked());
        view->switchOffBox()->click();
        QVERIFY(document.ablations().empty());
    }

    // "Switch all induction heads off": one click ablates every head the probe scores 0.6 or
    // more (builtin:induction's two layer-1 heads), and the copying fails.
    void switchesAllInductionHeadsOff() {
        const QString text = lettersTwice(3);
        AttentionDocument document;
        auto window = readyWindow(document, text, QStringLiteral("builtin:induction"));
        QVERIFY(window);
        InductionView* view = window->viewOf<InductionTabView>()->induction();
        QSignalSpy found(view, &InductionView::headsFound);
        window->tabs()->setCurrentIndex(MainWindow::InductionTab);
        QVERIFY(found.count() > 0 || found.wait(60000));
        QVERIFY(waitFor([&] { return !view->isPredicting() && !document.isBusy(); }));

        const std::vector<InductionHead> induction = view->inductionHeads();
        QCOMPARE(int(induction.size()), 2);
        for (const InductionHead& h : view->heads())
            QCOMPARE(h.score >= 0.6, std::any_of(induction.begin(), induction.end(), [&](const InductionHead& i) {
                         return i.layer == h.layer && i.head == h.head;
                     }));
        QVERIFY(view->switchOffAllBox()->isVisibleTo(view));
        QVERIFY2(view->switchOffAllBox()->text().contains(QStringLiteral("2")), qPrintable(view->switchOffAllBox()->text()));

        QSignalSpy shown(view, &InductionView::copyingShown);
        view->switchOffAllBox()->click();
        QCOMPARE(document.ablations().size(), induction.size());
        for (const InductionHead& h : induction)
            QVERIFY(std::any_of(document.ablations().begin(), document.ablations().end(),
                                [&](const HeadAblation& a) { return a.layer == h.layer && a.head == h.head; }));
        QVERIFY(shown.wait(60000));
        QVERIFY(waitFor([&] { return !view->isPredicting() && !document.isBusy(); }));
        QVERIFY(view->switchOffBox()->isChecked());  // the head on show is one of them
        const EngineCopying ablated = engineCopying(*loadModel(ModelSpec{QStringLiteral("builtin:induction"), {}, std::nullopt}),
                                                    text, document.ablations());
        QVERIFY2(view->copyNote()->text().contains(QStringLiteral("<b>%1 of %2</b>").arg(ablated.right).arg(ablated.total)),
                 qPrintable(view->copyNote()->text()));
        QVERIFY(2 * ablated.right <= ablated.total);  // copying fails
        keep(*window, QStringLiteral("induction-all-off"));

        const int before = shown.count();
        view->switchOffAllBox()->click();
        QVERIFY(document.ablations().empty());
        QVERIFY(shown.count() > before || shown.wait(60000));
        QVERIFY(waitFor([&] { return !view->isPredicting() && !document.isBusy(); }));
        QVERIFY(!view->switchOffBox()->isChecked());
        QVERIFY(!view->switchOffAllBox()->isChecked());
    }

    // The model chooser lists it, explained.
    void chooserExplainsTheModel() {
        ModelChooser chooser;
        chooser.refresh({});
        const int index = chooser.findData(QStringLiteral("builtin:induction"));
        QVERIFY(index >= 0);
        const QString tip = chooser.itemData(index, Qt::ToolTipRole).toString();
        QVERIFY2(tip.contains(QStringLiteral("trained")) && tip.contains(QStringLiteral("Induction tab")), qPrintable(tip));
        QVERIFY(!chooser.itemData(chooser.findData(QStringLiteral("builtin:teaching")), Qt::ToolTipRole)
                     .toString().contains(QStringLiteral("trained")));
    }

    void randomLettersRunsAStringTypedTwice() {
        AttentionDocument document;
        auto window = readyWindow(document, QStringLiteral("abcabc"), QStringLiteral("builtin:induction"));
        QVERIFY(window);
        window->tabs()->setCurrentIndex(MainWindow::InductionTab);
        InductionView* view = window->viewOf<InductionTabView>()->induction();
        QSignalSpy traced(&document, &AttentionDocument::traceChanged);
        view->randomButton()->click();
        QVERIFY(traced.wait(60000));
        const QString text = window->sentenceEdit()->text();
        QCOMPARE(text.size(), 24);
        QCOMPARE(text.left(12), text.mid(12));
        QCOMPARE(document.text(), text);
        for (const QChar c : text)
            QVERIFY(c >= u'a' && c <= u'z');
    }
};

QTEST_MAIN(TestInductionView)
#include "tst_inductionview.moc"
