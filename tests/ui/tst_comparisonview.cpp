// ComparisonView shown offscreen: A and B show exactly the chosen heads (or one head of two
// sentences), the third heatmap holds exactly A − B, sentences of different lengths get a
// message instead, and the second sentence is requested from the line edit. At 1280×860 the
// three panes share the width, no tick labels overlap and no title or merged label is cut; a
// causal model's masked cells are marked in all three.

#include <QApplication>
#include <QComboBox>
#include <QDir>
#include <QLineEdit>
#include <QPushButton>
#include <QSignalSpy>
#include <QSpinBox>
#include <QSplitter>
#include <QtTest>
#include <qcustomplot.h>

#include "TestTraces.h"
#include "MainWindowTestSupport.h"
#include "AttentionDocument.h"
#include "MainWindow.h"

#include "heatmap/HeadLoader.h"
#include "teaching/TeachingModel.h"
#include "views/ComparisonView.h"
#include "WidgetTestSupport.h"

using namespace headmap;
using headmap::ui::ComparisonView;
using headmap::ui::HeatmapView;

using testtraces::teachingTrace;

namespace {

using testsupport::showWidget;

void compareToHead(const HeatmapView* view, const AttentionTrace& trace, int layer, int head) {
    QCOMPARE(view->queryCount(), trace.length());
    QCOMPARE(view->keyCount(), trace.length());
    for (int q = 0; q < trace.length(); ++q)
        for (int k = 0; k < trace.length(); ++k)
            QCOMPARE(view->value(q, k), trace.weight(layer, head, q, k));
}

// The difference pane holds exactly A − B, cell by cell.
void compareDifference(const ComparisonView& view) {
    QVERIFY2(view.differenceMessage().isEmpty(), qPrintable(view.differenceMessage()));
    const HeatmapView* a = view.heatmapA();
    const HeatmapView* b = view.heatmapB();
    const HeatmapView* d = view.difference();
    QCOMPARE(d->queryCount(), a->queryCount());
    QCOMPARE(d->keyCount(), a->keyCount());
    for (int q = 0; q < a->queryCount(); ++q)
        for (int k = 0; k < a->keyCount(); ++k)
            QCOMPARE(d->value(q, k), a->value(q, k) - b->value(q, k));
}

// Where the tests show the view unless they need another size.
const QSize kViewSize(1500, 560);

QString pngPath(const QString& name) {
    const QString dir = QDir::temp().filePath(QStringLiteral("headmap_views"));
    QDir().mkpath(dir);
    return QDir(dir).filePath(name);
}

}  // namespace

class ComparisonViewTest : public QObject {
    Q_OBJECT
private slots:
    void twoHeadsDifferenceIsAMinusB_data();
    void twoHeadsDifferenceIsAMinusB();
    void spinBoxKeysChangeHeadB();
    void twoSentencesSameLength_data();
    void twoSentencesSameLength();
    void mismatchedLengthsShowMessage_data();
    void mismatchedLengthsShowMessage();
    void differenceThinsItsLabelsAsAAndBDo_data();
    void differenceThinsItsLabelsAsAAndBDo();
    void secondSentenceRequestedFromLineEdit();
    void hiddenSpecialTokensRenormaliseRows();
    void emptyAndOneTokenTraces();
    void styleReachesAllThree();
    void layoutAt1280x860_data();
    void layoutAt1280x860();
    void causalModelMasksAllThree();
    void longSentencesComputeInWorker_data();
    void longSentencesComputeInWorker();
};

void ComparisonViewTest::twoHeadsDifferenceIsAMinusB_data() {
    QTest::addColumn<QString>("sentence");
    QTest::addColumn<int>("layerA");
    QTest::addColumn<int>("headA");
    QTest::addColumn<int>("layerB");
    QTest::addColumn<int>("headB");
    QTest::newRow("same layer") << "The animal didn't cross the street" << 0 << 0 << 0 << 3;
    QTest::newRow("across layers") << "The animal didn't cross the street" << 0 << 2 << 1 << 1;
    QTest::newRow("same head gives zeros") << "The animal was tired" << 1 << 2 << 1 << 2;
    QTest::newRow("chinese") << "深入了解Transformer模型" << 1 << 0 << 0 << 3;
    QTest::newRow("emoji") << "good 👍 job 🎉" << 0 << 1 << 1 << 3;
    QTest::newRow("out of range is clamped") << "a b c" << 7 << 9 << -1 << 0;
}

void ComparisonViewTest::twoHeadsDifferenceIsAMinusB() {
    QFETCH(QString, sentence);
    QFETCH(int, layerA);
    QFETCH(int, headA);
    QFETCH(int, layerB);
    QFETCH(int, headB);
    const auto trace = teachingTrace(sentence);
    ComparisonView view;
    QVERIFY(showWidget(view, kViewSize));
    view.setTrace(trace);
    view.setHeads(layerA, headA, layerB, headB);
    QCOMPARE(view.mode(), ComparisonView::Mode::TwoHeads);
    const int la = std::clamp(layerA, 0, 1), ha = std::clamp(headA, 0, 3);
    const int lb = std::clamp(layerB, 0, 1), hb = std::clamp(headB, 0, 3);
    QCOMPARE(view.layerA(), la);
    QCOMPARE(view.headB(), hb);
    compareToHead(view.heatmapA(), *trace, la, ha);
    compareToHead(view.heatmapB(), *trace, lb, hb);
    compareDifference(view);
    QCOMPARE(view.difference()->title(), QStringLiteral("A − B"));
    if (la == lb && ha == hb)
        QCOMPARE(view.difference()->value(0, 0), 0.0f);
}

void ComparisonViewTest::spinBoxKeysChangeHeadB() {
    const auto trace = teachingTrace(QStringLiteral("Attention is all you need"));
    ComparisonView view;
    QVERIFY(showWidget(view, kViewSize));
    view.setTrace(trace);
    view.headBBox()->setFocus();
    QTest::keyClick(view.headBBox(), Qt::Key_Up);
    QTest::keyClick(view.headBBox(), Qt::Key_Up);
    QCOMPARE(view.headB(), 2);
    compareToHead(view.heatmapB(), *trace, 0, 2);
    compareDifference(view);
    view.layerABox()->setFocus();
    QTest::keyClick(view.layerABox(), Qt::Key_Up);
    QTest::keyClick(view.layerABox(), Qt::Key_Up);  // the teaching model has 2 layers
    QCOMPARE(view.layerA(), 1);
    compareToHead(view.heatmapA(), *trace, 1, 0);
    compareDifference(view);
    QVERIFY(view.grab().save(pngPath(QStringLiteral("comparison_two_heads.png"))));
}

void ComparisonViewTest::twoSentencesSameLength_data() {
    QTest::addColumn<QString>("first");
    QTest::addColumn<QString>("second");
    QTest::newRow("one word changed") << "The cat sat on the mat" << "The dog sat on the mat";
    QTest::newRow("chinese") << "深入了解" << "深入理解";
    QTest::newRow("identical") << "same words" << "same words";
}

void ComparisonViewTest::twoSentencesSameLength() {
    QFETCH(QString, first);
    QFETCH(QString, second);
    const auto a = teachingTrace(first), b = teachingTrace(second);
    QCOMPARE(a->length(), b->length());
    ComparisonView view;
    QVERIFY(showWidget(view, kViewSize));
    view.setTrace(a);
    view.modeBox()->setFocus();
    QTest::keyClick(view.modeBox(), Qt::Key_Down);  // "One head, two sentences"
    QCOMPARE(view.mode(), ComparisonView::Mode::TwoSentences);
    QVERIFY(view.secondSentenceEdit()->isVisible());
    QVERIFY(!view.layerBBox()->isVisible());
    QVERIFY(!view.differenceMessage().isEmpty());  // no second sentence yet

    view.setSecondTrace(b);
    view.setHeads(1, 2, 0, 0);  // B's head is A's in this mode
    compareToHead(view.heatmapA(), *a, 1, 2);
    compareToHead(view.heatmapB(), *b, 1, 2);
    compareDifference(view);
    if (first == second)
        QCOMPARE(view.difference()->value(1, 1), 0.0f);

    view.setSecondTrace(nullptr);
    QVERIFY(!view.differenceMessage().isEmpty());
    QCOMPARE(view.heatmapB()->queryCount(), 0);
}

void ComparisonViewTest::mismatchedLengthsShowMessage_data() {
    QTest::addColumn<QString>("first");
    QTest::addColumn<QString>("second");
    QTest::newRow("one word more") << "The cat sat" << "The black cat sat";
    QTest::newRow("ten and twelve words") << "one two three four five six seven eight nine ten"
                                          << "one two three four five six seven eight nine ten eleven twelve";
    QTest::newRow("cjk and emoji") << "深入了解" << "深入 👍";
}

void ComparisonViewTest::mismatchedLengthsShowMessage() {
    QFETCH(QString, first);
    QFETCH(QString, second);
    const auto a = teachingTrace(first), b = teachingTrace(second);
    QVERIFY(a->length() != b->length());
    ComparisonView view;
    QVERIFY(showWidget(view, kViewSize));
    view.setMode(ComparisonView::Mode::TwoSentences);
    view.setTrace(a);
    view.setSecondTrace(b);
    compareToHead(view.heatmapA(), *a, 0, 0);
    compareToHead(view.heatmapB(), *b, 0, 0);
    const QString expected =
        QStringLiteral("The sentences have %1 and %2 tokens; the difference needs the same number")
            .arg(a->length()).arg(b->length());
    QVERIFY2(view.differenceMessage().contains(expected), qPrintable(view.differenceMessage()));
    QVERIFY(!view.difference()->isVisible());
    if (QByteArray(QTest::currentDataTag()) == "ten and twelve words")
        QVERIFY(view.grab().save(pngPath(QStringLiteral("comparison_mismatch.png"))));
}

void ComparisonViewTest::differenceThinsItsLabelsAsAAndBDo_data() {
    QTest::addColumn<bool>("messageFirst");  // the difference pane hidden behind a message before
    QTest::addColumn<bool>("dataFirst");     // the data set before the view is first shown
    QTest::newRow("two heads") << false << false;
    QTest::newRow("two heads, data before showing") << false << true;
    QTest::newRow("two sentences, after a length mismatch") << true << false;
    QTest::newRow("the window's Compare tab, as the user opens it") << false << false;
}

// The A − B pane labels every token of a 30-token sentence only if they fit, like A and B: it
// got its content while it was a hidden page of its stack, laid out at no size, and showed all
// 30 labels on top of each other (found in Chinese at 1280 × 860).
void ComparisonViewTest::differenceThinsItsLabelsAsAAndBDo() {
    QFETCH(bool, messageFirst);
    QFETCH(bool, dataFirst);
    QStringList words;
    for (int i = 0; i < 28; ++i)
        words << QStringLiteral("w%1").arg(i);
    const auto a = teachingTrace(words.join(QLatin1Char(' ')));
    QVERIFY(a->length() >= 30);
    if (QByteArray(QTest::currentDataTag()).startsWith("the window")) {
        ui::AttentionDocument document;
        const auto window = mainwindowtests::openWindow(document, mainwindowtests::modelSpec(QStringLiteral("builtin:teaching")),
                                                        QSize(1280, 860));
        QVERIFY(window);
        window->tabs()->setCurrentIndex(ui::MainWindow::CompareTab);
        QVERIFY(mainwindowtests::runSentence(*window, words.join(QLatin1Char(' '))));
        const ComparisonView& shown = *window->comparison();
        QTRY_VERIFY(shown.differenceMessage().isEmpty() && shown.difference()->keyCount() == a->length());
        QApplication::processEvents();
        for (Qt::Orientation axis : {Qt::Horizontal, Qt::Vertical}) {
            const int shownA = int(shown.heatmapA()->tickLabels(axis).size());
            const int shownDifference = int(shown.difference()->tickLabels(axis).size());
            QVERIFY2(shownDifference <= shownA + 1,
                     qPrintable(QStringLiteral("A shows %1 labels, A − B %2").arg(shownA).arg(shownDifference)));
        }
        return;
    }
    ComparisonView view;
    if (dataFirst) {
        view.setTrace(a);
        view.setHeads(0, 0, 0, 1);
        QApplication::processEvents();
    }
    QVERIFY(showWidget(view, QSize(900, 420)));
    if (dataFirst) {
    } else if (messageFirst) {
        view.setMode(ComparisonView::Mode::TwoSentences);
        view.setTrace(a);
        view.setSecondTrace(teachingTrace(QStringLiteral("short")));
        QTRY_VERIFY(!view.differenceMessage().isEmpty());
        view.setSecondTrace(a);
    } else {
        view.setTrace(a);
        view.setHeads(0, 0, 0, 1);
    }
    QTRY_VERIFY(view.differenceMessage().isEmpty() && view.difference()->keyCount() == a->length());
    QApplication::processEvents();
    for (Qt::Orientation axis : {Qt::Horizontal, Qt::Vertical}) {
        const int shownA = int(view.heatmapA()->tickLabels(axis).size());
        const int shownDifference = int(view.difference()->tickLabels(axis).size());
        QVERIFY2(shownA < a->length(), qPrintable(QString::number(shownA)));  // the size thins them
        QVERIFY2(shownDifference <= shownA + 1,
                 qPrintable(QStringLiteral("A shows %1 labels, A − B %2").arg(shownA).arg(shownDifference)));
    }
}

void ComparisonViewTest::secondSentenceRequestedFromLineEdit() {
    ComparisonView view;
    QVERIFY(showWidget(view, kViewSize));
    view.setTrace(teachingTrace(QStringLiteral("The cat sat")));
    view.setMode(ComparisonView::Mode::TwoSentences);
    QSignalSpy spy(&view, &ComparisonView::secondSentenceRequested);
    QVERIFY(!view.compareButton()->isEnabled());
    QTest::mouseClick(view.compareButton(), Qt::LeftButton);
    QTest::keyClick(view.secondSentenceEdit(), Qt::Key_Return);
    QCOMPARE(spy.count(), 0);  // nothing typed yet

    view.secondSentenceEdit()->setFocus();
    QTest::keyClicks(view.secondSentenceEdit(), QStringLiteral("The dog sat"));
    QVERIFY(view.compareButton()->isEnabled());
    QTest::mouseClick(view.compareButton(), Qt::LeftButton);
    QCOMPARE(spy.count(), 1);
    QCOMPARE(spy[0][0].toString(), QStringLiteral("The dog sat"));
    QTest::keyClick(view.secondSentenceEdit(), Qt::Key_Return);
    QCOMPARE(spy.count(), 2);
}

void ComparisonViewTest::hiddenSpecialTokensRenormaliseRows() {
    const auto trace = teachingTrace(QStringLiteral("The animal was tired"));  // [CLS] … [SEP]
    ComparisonView view;
    QVERIFY(showWidget(view, kViewSize));
    view.setTrace(trace);
    view.setHeads(0, 1, 1, 3);
    view.setHideSpecialTokens(true);
    QCOMPARE(view.heatmapA()->queryCount(), trace->length() - 2);
    for (const HeatmapView* heatmap : {view.heatmapA(), view.heatmapB()})
        for (int q = 0; q < heatmap->queryCount(); ++q) {
            double sum = 0.0;
            for (int k = 0; k < heatmap->keyCount(); ++k)
                sum += heatmap->value(q, k);
            QVERIFY2(std::abs(sum - 1.0) < 1e-5, qPrintable(QString::number(sum)));
        }
    compareDifference(view);
    view.setHideSpecialTokens(false);
    compareToHead(view.heatmapA(), *trace, 0, 1);
}

void ComparisonViewTest::emptyAndOneTokenTraces() {
    ComparisonView view;
    QVERIFY(showWidget(view, kViewSize));
    QVERIFY(view.differenceMessage().contains(QStringLiteral("Type a sentence")));
    QVERIFY(!view.layerABox()->isEnabled());
    QCOMPARE(view.heatmapA()->queryCount(), 0);
    view.setHeads(1, 1, 1, 1);  // harmless without a trace

    const auto one = teachingTrace(QStringLiteral("Headmap"));
    auto single = std::make_shared<AttentionTrace>(one->model(), std::vector<int>{one->tokenIds()[1]},
                                                   QStringList{one->tokens()[1]},
                                                   QStringList{one->displayTokens()[1]});
    for (int l = 0; l < single->layers(); ++l)
        for (int h = 0; h < single->heads(); ++h)
            *single->headData(l, h) = 1.0f;
    view.setTrace(single);
    QVERIFY(view.layerABox()->isEnabled());
    QCOMPARE(view.heatmapA()->queryCount(), 1);
    compareDifference(view);
    QCOMPARE(view.difference()->value(0, 0), 0.0f);

    view.setTrace(nullptr);
    QVERIFY(view.differenceMessage().contains(QStringLiteral("Type a sentence")));
}

void ComparisonViewTest::styleReachesAllThree() {
    ComparisonView view;
    QVERIFY(showWidget(view, kViewSize));
    view.setTrace(teachingTrace(QStringLiteral("style check")));
    using headmap::ui::Colormap, headmap::ui::ScaleMode;
    const headmap::ui::HeatmapStyle style{Colormap::Magma, ScaleMode::RowMax, true};
    view.setStyle(style);
    for (const HeatmapView* heatmap : {view.heatmapA(), view.heatmapB(), view.difference()}) {
        QCOMPARE(heatmap->style().colormap, style.colormap);
        QCOMPARE(heatmap->style().scale, style.scale);
        QCOMPARE(heatmap->style().showValues, true);
    }
}

void ComparisonViewTest::layoutAt1280x860_data() {
    QTest::addColumn<QString>("first");
    QTest::addColumn<QString>("second");  // empty: two heads of the first
    QTest::newRow("two heads") << "the teacher gave the student a book because she liked it" << "";
    QTest::newRow("teacher / student") << "the teacher gave the student a book because she liked it"
                                       << "the student gave the teacher a book because she liked it";
    QTest::newRow("long sentence") << QString("the cat sat on the mat and it looked at the dog ").repeated(4) << "";
}

void ComparisonViewTest::layoutAt1280x860() {
    QFETCH(QString, first);
    QFETCH(QString, second);
    // The Compare tab's page in a 1280×860 main window: the window's controls, tab bar and
    // status bar take about 220 px of the height and 22 px of the width.
    ComparisonView view;
    view.resize(1258, 640);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    view.setTrace(teachingTrace(first));
    if (!second.isEmpty()) {
        view.setMode(ComparisonView::Mode::TwoSentences);
        view.setSecondTrace(teachingTrace(second));
    }
    view.setHeads(0, 0, 0, 1);
    QApplication::processEvents();
    QVERIFY(view.differenceMessage().isEmpty());

    auto* panes = view.findChild<QSplitter*>(QStringLiteral("comparisonPanes"));
    QVERIFY(panes);
    for (int i = 0; i < panes->count(); ++i)  // a fair share each: no squeezed A − B
        QVERIFY2(panes->widget(i)->width() >= panes->width() * 0.3,
                 qPrintable(QStringLiteral("pane %1: %2 of %3 px").arg(i).arg(panes->widget(i)->width()).arg(panes->width())));

    for (const HeatmapView* heatmap : {view.heatmapA(), view.heatmapB(), view.difference()}) {
        // The title whole.
        auto* title = static_cast<QCPTextElement*>(heatmap->plot()->plotLayout()->element(0, 0));
        QVERIFY(QFontMetrics(title->font()).horizontalAdvance(title->text()) <= heatmap->width());
        for (Qt::Orientation orientation : {Qt::Horizontal, Qt::Vertical}) {
            const auto ticks = heatmap->tickLabels(orientation);
            QVERIFY2(ticks.size() >= std::min(heatmap->keyCount(), 6), qPrintable(heatmap->title()));
            QCPAxis* axis = orientation == Qt::Horizontal ? heatmap->plot()->xAxis : heatmap->plot()->yAxis;
            for (int i = 1; i < ticks.size(); ++i) {
                const double gap = std::abs(axis->coordToPixel(ticks[i].first) - axis->coordToPixel(ticks[i - 1].first));
                QVERIFY2(gap >= heatmap->labelExtent(orientation) - 0.5,
                         qPrintable(QStringLiteral("%1: '%2' and '%3' %4 px apart")
                                        .arg(heatmap->title(), ticks[i - 1].second, ticks[i].second).arg(gap)));
            }
            for (const auto& tick : ticks)  // merged labels ("teacher/student") are not cut
                QVERIFY2(!tick.second.contains(QChar(0x2026)), qPrintable(tick.second));
        }
    }
    if (!second.isEmpty()) {
        bool merged = false;
        for (const auto& tick : view.difference()->tickLabels(Qt::Vertical))
            merged = merged || tick.second.startsWith(QStringLiteral("teacher/student"));
        QVERIFY(merged);
    }
}

void ComparisonViewTest::causalModelMasksAllThree() {
    TeachingOptions options;
    options.causal = true;
    const TeachingModel model{options};
    const auto trace = std::make_shared<AttentionTrace>(
        model.run(model.tokenizer().encode(QStringLiteral("a causal model looks back only"), true)).trace);
    ComparisonView view;
    QVERIFY(showWidget(view, kViewSize));
    view.setTrace(trace);
    view.setHeads(0, 0, 1, 1);
    const int t = trace->length();
    for (const HeatmapView* heatmap : {view.heatmapA(), view.heatmapB(), view.difference()}) {
        QVERIFY(heatmap->causalMask());
        QCOMPARE(heatmap->maskedCellCount(), t * (t - 1) / 2);
        QVERIFY(heatmap->isMasked(0, t - 1));
        QVERIFY(!heatmap->isMasked(t - 1, 0));
    }
    view.setTrace(teachingTrace(QStringLiteral("an encoder looks both ways")));
    QCOMPARE(view.heatmapA()->maskedCellCount(), 0);
}

void ComparisonViewTest::longSentencesComputeInWorker_data() {
    QTest::addColumn<bool>("twoSentences");
    QTest::newRow("two heads") << false;
    QTest::newRow("two sentences") << true;
}

// Past HeadLoader::asyncFrom() tokens (lowered here so the teaching model's sentences count as
// long) the panes are computed in a worker: they end on exactly the heads asked for last, and
// the difference is still exactly A − B.
void ComparisonViewTest::longSentencesComputeInWorker() {
    QFETCH(bool, twoSentences);
    headmap::ui::HeadLoader::setAsyncFrom(0);
    const auto a = teachingTrace(QStringLiteral("the cat sat on the mat"));
    const auto b = teachingTrace(QStringLiteral("the dog sat on the rug"));
    ComparisonView view;
    QVERIFY(showWidget(view, kViewSize));
    QSignalSpy shown(&view, &ComparisonView::headsShown);
    if (twoSentences)
        view.setMode(ComparisonView::Mode::TwoSentences);
    view.setData(a, b, 0, 0, 0, 1);
    // Quick steps, as spin box clicks: only the last request's panes arrive.
    view.setHeads(1, 0, 0, 2);
    view.setHeads(1, 1, 0, 3);
    QVERIFY(view.heatmapA()->isPending());
    QTRY_VERIFY(!view.isComputing());
    headmap::ui::workerPool()->waitForDone();
    QCoreApplication::processEvents();
    headmap::ui::HeadLoader::setAsyncFrom(headmap::ui::HeadLoader::kDefaultAsyncFrom);
    QCOMPARE(shown.count(), 1);
    QVERIFY(!view.heatmapA()->isPending());
    compareToHead(view.heatmapA(), *a, 1, 1);
    if (twoSentences)
        compareToHead(view.heatmapB(), *b, 1, 1);
    else
        compareToHead(view.heatmapB(), *a, 0, 3);
    compareDifference(view);
}

QTEST_MAIN(ComparisonViewTest)
#include "tst_comparisonview.moc"
