// HeadLoader (#10): from HeadLoader::asyncFrom() tokens on, a head and its pyramid are made in
// a worker while the heatmap keeps the previous head dimmed; the view ends on exactly the
// weights trace.head(layer, head) gives (hovering a cell reports that float), stale results
// are dropped and a new sentence mid-job shows the new sentence's head.
//
// Gated traces make the timing deterministic: a derived trace whose heads wait on a gate the
// test opens, so a job is known to be running while the test steps on or changes sentence.
// The main-window rows run a real decoder fixture (llama_f32_yarn, four heads) on ~300 tokens,
// above the default threshold, and step with the window's own keys.

#include <algorithm>
#include <future>
#include <mutex>

#include <QDir>
#include <QSignalSpy>
#include <QSpinBox>
#include <QtTest>
#include <qcustomplot.h>

#include "AttentionDocument.h"
#include "HeatmapView.h"
#include "MainWindow.h"
#include "TestTraces.h"
#include "analysis/AttentionTransforms.h"
#include "heatmap/HeadLoader.h"
#include "views/ViewSupport.h"

using namespace headmap;
using namespace headmap::ui;

namespace {

QStringList numberedTokens(int count) {
    QStringList tokens;
    for (int i = 0; i < count; ++i)
        tokens << QStringLiteral("t%1").arg(i);
    return tokens;
}

// A head that differs in every cell and from head to head: row-stochastic, nothing masked.
MatrixF patternHead(int tokens, int layer, int head) {
    MatrixF weights(tokens, tokens);  // (T, T)
    for (int q = 0; q < tokens; ++q) {
        for (int k = 0; k < tokens; ++k)
            weights(q, k) = 1.0f + float((q * 31 + k * 17 + head * 7 + layer * 13) % 97);
        weights.row(q) /= weights.row(q).sum();
    }
    return weights;
}

// Heads computed only once the gate opens, so the test decides when a job may finish.
// It records which heads were computed, in the order they got past the gate.
struct GatedTrace {
    std::shared_ptr<AttentionTrace> trace;
    std::promise<void> gate;
    struct Log {
        std::mutex mutex;
        QList<int> heads;
    };
    std::shared_ptr<Log> computed = std::make_shared<Log>();

    GatedTrace(int tokens, int heads) {
        std::vector<bool> special(size_t(tokens), false);
        special[0] = true;  // something to hide
        trace = testtraces::blankTrace(1, heads, numberedTokens(tokens), special);
        std::shared_future<void> opened = gate.get_future().share();
        trace->deriveHeads([opened, tokens, log = computed](int layer, int head) {
            opened.wait();
            {
                std::lock_guard<std::mutex> lock(log->mutex);
                log->heads << head;
            }
            return patternHead(tokens, layer, head);
        });
    }
    QList<int> computedHeads() const {
        std::lock_guard<std::mutex> lock(computed->mutex);
        QList<int> heads = computed->heads;
        std::sort(heads.begin(), heads.end());
        return heads;
    }
    void open() { gate.set_value(); }
};

QString toText(const QList<int>& heads) {
    QStringList parts;
    for (int head : heads)
        parts << QString::number(head);
    return QStringLiteral("computed heads: ") + parts.join(QLatin1Char(' '));
}

// The view's whole matrix against the expected one, float for float.
void compareValues(const HeatmapView& view, const MatrixF& expected) {
    QCOMPARE(view.queryCount(), int(expected.rows()));
    QCOMPARE(view.keyCount(), int(expected.cols()));
    for (int q = 0; q < expected.rows(); ++q)
        for (int k = 0; k < expected.cols(); ++k)
            if (view.value(q, k) != expected(q, k))
                QFAIL(qPrintable(QStringLiteral("cell (%1, %2): %3, expected %4")
                                     .arg(q).arg(k).arg(double(view.value(q, k))).arg(double(expected(q, k)))));
}

// Hovers cell (query, key) with the mouse; returns the weight the view reported for it.
float hoveredWeight(HeatmapView& view, int query, int key) {
    QSignalSpy hovered(&view, &HeatmapView::cellHovered);
    QWidget* plot = view.plot();
    const QPoint inPlot = plot->mapFrom(&view, view.cellCenter(query, key));
    QMouseEvent move(QEvent::MouseMove, QPointF(inPlot), plot->mapToGlobal(QPointF(inPlot)), Qt::NoButton,
                     Qt::NoButton, Qt::NoModifier);
    QApplication::sendEvent(plot, &move);
    if (hovered.isEmpty() || hovered.last().at(0).toInt() != query || hovered.last().at(1).toInt() != key)
        return std::nanf("");
    return hovered.last().at(2).toFloat();
}

ModelSpec decoder() {
    return ModelSpec{QDir(QStringLiteral(HEADMAP_FIXTURES_DIR)).filePath(QStringLiteral("models/llama_f32_yarn")), {}};
}

QString longText(int words) {
    QStringList parts{QStringLiteral("</s>")};  // the tokenizer's special token: something to hide
    for (int i = 0; i < words; ++i)
        parts << QStringLiteral("the cat sat on mat %1").arg(i % 10);
    return parts.join(QLatin1Char(' '));
}

}  // namespace

class TestHeadLoader : public QObject {
    Q_OBJECT
private slots:
    void init() { HeadLoader::setAsyncFrom(HeadLoader::kDefaultAsyncFrom); }
    void cleanup() { HeadLoader::setAsyncFrom(HeadLoader::kDefaultAsyncFrom); }
    void workerShowsExactHead_data();
    void workerShowsExactHead();
    void shortTracesShowAtOnce();
    void quickSteppingEndsOnLastHead();
    void heldKeyComputesOnlyTwoStaleHeads();
    void droppedRequestNeverStarts();
    void newSentenceDropsRunningJob();
    void sameRequestStartsNoJob();
    void windowStepsToExactHead_data();
    void windowStepsToExactHead();
    void windowSurvivesNewSentenceDuringJob();
};

void TestHeadLoader::workerShowsExactHead_data() {
    QTest::addColumn<bool>("hideSpecial");
    QTest::addColumn<int>("head");
    QTest::newRow("every token, head 2") << false << 2;
    QTest::newRow("special tokens hidden, head 1") << true << 1;
}

void TestHeadLoader::workerShowsExactHead() {
    QFETCH(bool, hideSpecial);
    QFETCH(int, head);
    GatedTrace gated(300, 4);  // above the default threshold
    HeatmapView view;
    view.resize(340, 280);  // smaller than the matrix: pooled tiles
    view.show();
    HeadLoader loader(&view);
    QSignalSpy shown(&loader, &HeadLoader::headShown);

    loader.show(gated.trace, 0, head, hideSpecial);
    // The worker waits at the gate: the view says what it computes, hover reports nothing.
    QVERIFY(loader.isComputing());
    QVERIFY(view.isPending());
    QCOMPARE(view.pendingText(), QStringLiteral("Computing layer 0, head %1…").arg(head));
    QVERIFY(shown.isEmpty());
    // On Headmap's own pool: Qt's painter splits large fills over the global pool and waits for
    // them, so a head job there held up painting this very veil.
    QCOMPARE(workerPool()->activeThreadCount(), 1);
    QCOMPARE(QThreadPool::globalInstance()->activeThreadCount(), 0);
    QVERIFY(!view.grab().isNull());  // paints the veil over the whole view while the job waits
    QVERIFY(loader.isComputing());
    gated.open();
    QTRY_VERIFY(!loader.isComputing());
    QCOMPARE(shown.count(), 1);
    QVERIFY(!view.isPending());

    const MatrixF full = gated.trace->head(0, head);  // (T, T)
    const MatrixF expected = hideSpecial ? withoutTokens(full, keptTokens(gated.trace->special()), true) : full;
    compareValues(view, expected);
    QVERIFY(view.title().contains(QStringLiteral("layer 0, head %1").arg(head)));
    QCOMPARE(view.queryCount(), hideSpecial ? 299 : 300);
    // Hover reports the exact weight of the original cell, not a pooled tile's.
    QVERIFY(view.shownLevel() > 0);
    view.plot()->xAxis->setRange(100 - 0.5, 110 - 0.5);  // zoom in until cells are large
    view.plot()->yAxis->setRange(40 - 0.5, 50 - 0.5);
    view.plot()->replot();
    QCOMPARE(hoveredWeight(view, 45, 104), expected(45, 104));
    QVERIFY(view.hoverText().contains(QString::number(double(expected(45, 104)), 'f', 6)));
}

void TestHeadLoader::shortTracesShowAtOnce() {
    auto trace = testtraces::teachingTrace(QStringLiteral("the cat sat on the mat"));
    HeatmapView view;
    HeadLoader loader(&view);
    QSignalSpy shown(&loader, &HeadLoader::headShown);
    loader.show(trace, 1, 0, false);
    QVERIFY(!loader.isComputing());
    QVERIFY(!view.isPending());
    QCOMPARE(shown.count(), 1);
    compareValues(view, trace->head(1, 0));
}

void TestHeadLoader::quickSteppingEndsOnLastHead() {
    GatedTrace gated(300, 10);
    HeatmapView view;
    view.resize(600, 500);
    view.show();
    HeadLoader loader(&view);
    QStringList titles;  // the view's title each time a head arrives
    connect(&loader, &HeadLoader::headShown, this, [&] { titles << view.title(); });
    for (int head = 0; head < 10; ++head)
        loader.show(gated.trace, 0, head, false);
    QCOMPARE(view.pendingText(), QStringLiteral("Computing layer 0, head 9…"));
    gated.open();
    QTRY_VERIFY(!loader.isComputing());
    workerPool()->waitForDone();  // the nine superseded jobs too
    QCoreApplication::processEvents();
    QCOMPARE(titles.size(), 1);  // the nine superseded heads never reached the view
    QVERIFY(titles.front().contains(QStringLiteral("head 9")));
    compareValues(view, gated.trace->head(0, 9));
}

void TestHeadLoader::heldKeyComputesOnlyTwoStaleHeads() {
    // Ten requests while the first two jobs run: heads 2 to 8 only ever wait in the slot, each
    // replaced by the next, so the pool computes head 9 and at most heads 0 and 1 (started
    // before they were superseded; a job that sees it is superseded before it begins skips it).
    GatedTrace gated(300, 10);
    HeatmapView view;
    HeadLoader loader(&view);
    int mostRunning = 0;
    for (int head = 0; head < 10; ++head) {
        loader.show(gated.trace, 0, head, false);
        mostRunning = std::max(mostRunning, loader.runningJobs());
    }
    QCOMPARE(mostRunning, 2);
    gated.open();
    QTRY_VERIFY(!loader.isComputing());
    QTRY_COMPARE(loader.runningJobs(), 0);
    const QList<int> computed = gated.computedHeads();
    QVERIFY2(computed.contains(9), qPrintable(toText(computed)));
    for (int head : computed)
        QVERIFY2(head == 0 || head == 1 || head == 9, qPrintable(toText(computed)));
    QCOMPARE(QSet<int>(computed.begin(), computed.end()).size(), computed.size());  // none twice
    QVERIFY(view.title().contains(QStringLiteral("head 9")));
    compareValues(view, gated.trace->head(0, 9));
}

void TestHeadLoader::droppedRequestNeverStarts() {
    // A request waiting in the slot is dropped with clear(): it never runs.
    GatedTrace gated(300, 4);
    HeatmapView view;
    HeadLoader loader(&view);
    for (int head = 0; head < 3; ++head)
        loader.show(gated.trace, 0, head, false);
    loader.clear(QStringLiteral("closed"));
    QVERIFY(!loader.isComputing());
    gated.open();
    QTRY_COMPARE(loader.runningJobs(), 0);
    QCoreApplication::processEvents();
    for (int head : gated.computedHeads())
        QVERIFY2(head == 0 || head == 1, qPrintable(toText(gated.computedHeads())));  // never head 2
    QCOMPARE(view.queryCount(), 0);  // the message stays; no head arrived after it
}

void TestHeadLoader::newSentenceDropsRunningJob() {
    GatedTrace first(300, 4);
    auto second = testtraces::blankTrace(1, 4, numberedTokens(280), std::vector<bool>(280, false));
    for (int h = 0; h < 4; ++h) {
        const MatrixF weights = patternHead(280, 0, h + 1);
        std::copy(weights.data(), weights.data() + weights.size(), second->headData(0, h));
    }
    HeatmapView view;
    view.resize(600, 500);
    view.show();
    HeadLoader loader(&view);
    QSignalSpy shown(&loader, &HeadLoader::headShown);
    loader.show(second, 0, 0, false);
    QTRY_VERIFY(!loader.isComputing());
    QCOMPARE(shown.count(), 1);
    QVERIFY(!std::isnan(hoveredWeight(view, 3, 4)));
    loader.show(first.trace, 0, 1, false);  // the other sentence: blocked at the gate
    QVERIFY(loader.isComputing());
    QVERIFY(view.isPending());
    QVERIFY(std::isnan(hoveredWeight(view, 3, 4)));  // the dimmed head under the veil reports nothing
    QVERIFY(view.hoverText().isEmpty());
    loader.show(second, 0, 1, false);  // back to the first sentence before the job ends
    QTRY_VERIFY(!loader.isComputing());
    QCOMPARE(shown.count(), 2);
    compareValues(view, second->head(0, 1));
    first.open();  // the old sentence's job ends now; its head must not replace the new one
    workerPool()->waitForDone();
    QCoreApplication::processEvents();
    QCOMPARE(shown.count(), 2);
    compareValues(view, second->head(0, 1));
    QCOMPARE(view.queryCount(), 280);
}

void TestHeadLoader::sameRequestStartsNoJob() {
    GatedTrace gated(300, 2);
    gated.open();
    HeatmapView view;
    HeadLoader loader(&view);
    QSignalSpy shown(&loader, &HeadLoader::headShown);
    loader.show(gated.trace, 0, 1, false);
    QTRY_VERIFY(!loader.isComputing());
    QCOMPARE(shown.count(), 1);
    // Selecting a token asks for the same head again: nothing is recomputed or redrawn.
    loader.show(gated.trace, 0, 1, false);
    QVERIFY(!loader.isComputing());
    QVERIFY(!view.isPending());
    QCOMPARE(shown.count(), 1);
    // After a message the same head is shown again.
    loader.clear(QStringLiteral("busy"));
    QCOMPARE(view.queryCount(), 0);
    loader.show(gated.trace, 0, 1, false);
    QTRY_VERIFY(!loader.isComputing());
    compareValues(view, gated.trace->head(0, 1));
}

void TestHeadLoader::windowStepsToExactHead_data() {
    QTest::addColumn<bool>("hideSpecial");
    QTest::addColumn<bool>("spinBox");  // the head spin box instead of PageDown
    QTest::newRow("PageDown, every token") << false << false;
    QTest::newRow("PageDown, special tokens hidden") << true << false;
    QTest::newRow("head spin box") << false << true;
}

void TestHeadLoader::windowStepsToExactHead() {
    QFETCH(bool, hideSpecial);
    QFETCH(bool, spinBox);
    AttentionDocument document;
    QVERIFY(document.setModelSpec(decoder()));
    MainWindow window(&document);
    window.resize(1100, 800);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    if (hideSpecial)
        window.hideSpecialBox()->click();
    document.setText(longText(50));
    document.waitForIdle();
    const auto trace = document.sharedTrace();
    QVERIFY2(trace->length() >= HeadLoader::asyncFrom(), qPrintable(QString::number(trace->length())));
    QCOMPARE(trace->heads(), 4);
    QTRY_VERIFY(!window.heatmap()->isPending());

    window.activateWindow();
    for (int step = 0; step < 3; ++step) {
        if (spinBox)
            window.headBox()->setValue(window.headBox()->value() + 1);
        else
            QTest::keyClick(&window, Qt::Key_PageDown);
    }
    QCOMPARE(document.head(), 3);
    QTRY_VERIFY(!window.heatmap()->isPending());
    QVERIFY(window.heatmap()->title().contains(QStringLiteral("layer 0, head 3")));
    const MatrixF full = trace->head(0, 3);  // (T, T)
    const MatrixF expected = hideSpecial ? withoutTokens(full, keptTokens(trace->special()), true) : full;
    compareValues(*window.heatmap(), expected);
    QCOMPARE(window.heatmap()->queryCount(), hideSpecial ? trace->length() - 1 : trace->length());
}

void TestHeadLoader::windowSurvivesNewSentenceDuringJob() {
    AttentionDocument document;
    QVERIFY(document.setModelSpec(decoder()));
    MainWindow window(&document);
    window.resize(1000, 700);
    window.show();
    document.setText(longText(50));
    document.waitForIdle();
    QTRY_VERIFY(!window.heatmap()->isPending());
    // Step (a head job starts) and at once run another sentence; the old head's job is dropped
    // or shows the old trace until the new one arrives, and the window ends on the new trace.
    window.activateWindow();
    QTest::keyClick(&window, Qt::Key_PageDown);
    document.setText(longText(45));
    document.waitForIdle();
    QTRY_VERIFY(!window.heatmap()->isPending());
    const auto trace = document.sharedTrace();
    QVERIFY(trace->length() >= HeadLoader::asyncFrom());
    QCOMPARE(window.heatmap()->queryCount(), trace->length());
    compareValues(*window.heatmap(), trace->head(document.layer(), document.head()));
}

QTEST_MAIN(TestHeadLoader)
#include "tst_headloader.moc"
