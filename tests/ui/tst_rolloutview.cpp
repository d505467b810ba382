// RolloutView shown offscreen: its cells are exactly attentionRollout's matrix for the chosen
// layer, hiding special tokens renormalises the rows after the rollout, and the empty,
// one-token and CJK/emoji cases.

#include <QDir>
#include <QLabel>
#include <QMouseEvent>
#include <QSpinBox>
#include <QtTest>

#include "TestTraces.h"
#include <qcustomplot.h>

#include "analysis/AttentionRollout.h"
#include "analysis/AttentionTransforms.h"
#include "analysis/RolloutSeries.h"
#include "heatmap/HeadLoader.h"
#include "teaching/PortableRandom.h"
#include "teaching/TeachingModel.h"
#include "views/RolloutView.h"
#include "WidgetTestSupport.h"

using namespace headmap;
using headmap::ui::HeatmapView;
using headmap::ui::RolloutView;

using testtraces::teachingTrace;

namespace {

using testsupport::showWidget;

void compareMatrix(const HeatmapView* view, const MatrixF& expected) {
    QCOMPARE(view->queryCount(), int(expected.rows()));
    QCOMPARE(view->keyCount(), int(expected.cols()));
    for (int q = 0; q < expected.rows(); ++q)
        for (int k = 0; k < expected.cols(); ++k)
            QCOMPARE(view->value(q, k), expected(q, k));
}

// Lowers the token counts from which layers are computed in a worker and the one on show is let
// go meanwhile, so that a short sentence counts as long; puts them back however the test ends.
struct LongTraceThresholds {
    LongTraceThresholds() {
        ui::HeadLoader::setAsyncFrom(0);
        RolloutView::setReleaseFrom(0);
    }
    ~LongTraceThresholds() {
        ui::HeadLoader::setAsyncFrom(ui::HeadLoader::kDefaultAsyncFrom);
        RolloutView::setReleaseFrom(RolloutView::kDefaultReleaseFrom);
    }
};

// Where the tests show the view unless they need another size.
const QSize kViewSize(900, 700);

}  // namespace

class RolloutViewTest : public QObject {
    Q_OBJECT
private slots:
    void cellsEqualAttentionRollout_data();
    void cellsEqualAttentionRollout();
    void spinBoxKeysChooseLayer();
    void hiddenSpecialTokensRenormaliseAfterRollout();
    void explanationCitesPaper();
    void emptyAndOneTokenTraces();
    void cjkAndEmojiLabels();
    void longTracesComputeLayersInWorker_data();
    void longTracesComputeLayersInWorker();
    void releasedLayersKeepZoomAndSelection_data();
    void releasedLayersKeepZoomAndSelection();
};

void RolloutViewTest::cellsEqualAttentionRollout_data() {
    QTest::addColumn<QString>("sentence");
    QTest::addColumn<int>("layers");
    QTest::addColumn<int>("layer");
    QTest::newRow("first layer") << "The animal didn't cross the street" << 2 << 0;
    QTest::newRow("last layer") << "The animal didn't cross the street" << 2 << 1;
    QTest::newRow("deep model middle") << "Attention is all you need" << 6 << 3;
    QTest::newRow("deep model last") << "Attention is all you need" << 6 << 5;
    QTest::newRow("layer past the end is clamped") << "short" << 3 << 99;
}

void RolloutViewTest::cellsEqualAttentionRollout() {
    QFETCH(QString, sentence);
    QFETCH(int, layers);
    QFETCH(int, layer);
    const auto trace = teachingTrace(sentence, layers);
    RolloutView view;
    QVERIFY(showWidget(view, kViewSize));
    view.setTrace(trace);
    view.setLayer(layer);
    const int expectedLayer = std::min(layer, layers - 1);
    QCOMPARE(view.layer(), expectedLayer);
    const std::vector<MatrixF> rollout = attentionRollout(*trace);
    compareMatrix(view.heatmap(), rollout[size_t(expectedLayer)]);
    QVERIFY(view.heatmap()->title().contains(QString::number(expectedLayer)));
    if (QByteArray(QTest::currentDataTag()) == "last layer")
        QVERIFY(view.grab().save(QDir::temp().filePath(QStringLiteral("headmap_views/rollout.png"))));
}

void RolloutViewTest::spinBoxKeysChooseLayer() {
    const auto trace = teachingTrace(QStringLiteral("one two three four"), 4);
    const std::vector<MatrixF> rollout = attentionRollout(*trace);
    RolloutView view;
    QVERIFY(showWidget(view, kViewSize));
    view.setTrace(trace);
    QCOMPARE(view.layer(), 0);
    view.layerBox()->setFocus();
    for (int expected = 1; expected <= 3; ++expected) {
        QTest::keyClick(view.layerBox(), Qt::Key_Up);
        QCOMPARE(view.layer(), expected);
        compareMatrix(view.heatmap(), rollout[size_t(expected)]);
    }
    QTest::keyClick(view.layerBox(), Qt::Key_Up);  // already the last layer
    QCOMPARE(view.layer(), 3);
    // A new sentence keeps the chosen layer when it exists.
    view.setTrace(teachingTrace(QStringLiteral("four three two one"), 4));
    QCOMPARE(view.layer(), 3);
}

void RolloutViewTest::hiddenSpecialTokensRenormaliseAfterRollout() {
    const auto trace = teachingTrace(QStringLiteral("The animal was tired"));  // [CLS] … [SEP]
    const std::vector<int> kept = keptTokens(trace->special());
    QCOMPARE(int(kept.size()), trace->length() - 2);
    RolloutView view;
    QVERIFY(showWidget(view, kViewSize));
    view.setTrace(trace);
    view.setLayer(1);
    view.setHideSpecialTokens(true);
    const MatrixF expected = withoutTokens(attentionRollout(*trace)[1], kept, true);
    compareMatrix(view.heatmap(), expected);
    for (int q = 0; q < view.heatmap()->queryCount(); ++q) {
        double sum = 0.0;
        for (int k = 0; k < view.heatmap()->keyCount(); ++k)
            sum += view.heatmap()->value(q, k);
        QVERIFY2(std::abs(sum - 1.0) < 1e-5, qPrintable(QString::number(sum)));
    }
    view.setHideSpecialTokens(false);
    compareMatrix(view.heatmap(), attentionRollout(*trace)[1]);
}

void RolloutViewTest::explanationCitesPaper() {
    RolloutView view;
    QVERIFY(view.explanation()->text().contains(QStringLiteral("Abnar & Zuidema (2020)")));
    QVERIFY(view.explanation()->toolTip().contains(QStringLiteral("arxiv.org/abs/2005.00928")));
}

void RolloutViewTest::emptyAndOneTokenTraces() {
    RolloutView view;
    QVERIFY(showWidget(view, kViewSize));
    QCOMPARE(view.heatmap()->queryCount(), 0);
    QVERIFY(view.heatmap()->title().contains(QStringLiteral("Type a sentence")));
    QVERIFY(!view.layerBox()->isEnabled());
    view.setLayer(3);
    view.setHideSpecialTokens(true);
    QCOMPARE(view.heatmap()->queryCount(), 0);

    view.setTrace(teachingTrace(QStringLiteral("word")));
    // Hiding [CLS] and [SEP] leaves the one word, attending only to itself.
    QCOMPARE(view.heatmap()->queryCount(), 1);
    QCOMPARE(view.heatmap()->value(0, 0), 1.0f);

    ModelSummary model;
    model.layers = 2;
    model.heads = 1;
    auto onlySpecial = std::make_shared<AttentionTrace>(model, std::vector<int>{1}, QStringList{"[CLS]"},
                                                        QStringList{"[CLS]"}, std::vector<bool>{true});
    *onlySpecial->headData(0, 0) = *onlySpecial->headData(1, 0) = 1.0f;
    view.setTrace(onlySpecial);
    QCOMPARE(view.heatmap()->queryCount(), 0);
    QVERIFY2(view.heatmap()->title().contains("special"), qPrintable(view.heatmap()->title()));
    view.setHideSpecialTokens(false);
    QCOMPARE(view.heatmap()->queryCount(), 1);

    view.setTrace(nullptr);
    QCOMPARE(view.heatmap()->queryCount(), 0);
    QVERIFY(view.rollout(0).size() == 0);
}

void RolloutViewTest::cjkAndEmojiLabels() {
    const auto trace = teachingTrace(QStringLiteral("深入了解 👍 café"));
    RolloutView view;
    QVERIFY(showWidget(view, kViewSize));
    view.setTrace(trace);
    HeatmapView* heatmap = view.heatmap();
    for (int q = 0; q < trace->length(); ++q) {
        QWidget* plot = heatmap->plot();
        const QPoint inPlot = plot->mapFrom(heatmap, heatmap->cellCenter(q, q));
        QMouseEvent move(QEvent::MouseMove, QPointF(inPlot), plot->mapToGlobal(QPointF(inPlot)),
                         Qt::NoButton, Qt::NoButton, Qt::NoModifier);
        QApplication::sendEvent(plot, &move);
        const QString text = heatmap->hoverText();
        QVERIFY2(text.contains(trace->displayTokens()[q]), qPrintable(text));
    }
}

void RolloutViewTest::longTracesComputeLayersInWorker_data() {
    QTest::addColumn<int>("budgetLayers");  // the series' budget in layers' worth of bytes
    QTest::addColumn<bool>("hideSpecial");
    QTest::newRow("one layer kept") << 1 << false;
    QTest::newRow("three layers kept") << 3 << false;
    QTest::newRow("one layer kept, special tokens hidden") << 1 << true;
}

void RolloutViewTest::longTracesComputeLayersInWorker() {
    // Past HeadLoader::asyncFrom() tokens (lowered here so that a short sentence counts as long),
    // a layer is computed in a worker from the nearest kept one while the view says so.
    QFETCH(int, budgetLayers);
    QFETCH(bool, hideSpecial);
    ui::HeadLoader::setAsyncFrom(0);
    const auto restore = qScopeGuard([] { ui::HeadLoader::setAsyncFrom(ui::HeadLoader::kDefaultAsyncFrom); });
    const auto trace = teachingTrace(QStringLiteral("The animal didn't cross the street because it was tired"), 6);
    const std::vector<MatrixF> expected = attentionRollout(*trace);
    const qint64 layerBytes = qint64(trace->length()) * trace->length() * qint64(sizeof(float));
    auto series = std::make_shared<const RolloutSeries>(trace, budgetLayers * layerBytes);
    const std::vector<int> kept = keptTokens(trace->special());
    RolloutView view;
    QVERIFY(showWidget(view, kViewSize));
    view.setHideSpecialTokens(hideSpecial);
    view.setRollout(trace, series);
    int computed = 0;
    for (int layer : {0, 5, 2, 3, 4, 1}) {
        view.setLayer(layer);
        if (view.isComputing() && ++computed)
            QVERIFY2(view.heatmap()->pendingText().contains(QStringLiteral("layer %1").arg(layer)),
                     qPrintable(view.heatmap()->pendingText()));
        QTRY_VERIFY(!view.isComputing());
        QVERIFY(!view.heatmap()->isPending());
        QVERIFY(view.heatmap()->title().endsWith(QStringLiteral("layer %1").arg(layer)) ||
                view.heatmap()->title().endsWith(QStringLiteral("layer %1 (special tokens hidden)").arg(layer)));
        compareMatrix(view.heatmap(), hideSpecial ? withoutTokens(expected[size_t(layer)], kept, true)
                                                  : expected[size_t(layer)]);
        QVERIFY(int(series->keptLayers().size()) <= series->capacity());
    }
    QCOMPARE(computed, 6);  // layer 0 is on its way from setRollout, each other one from setLayer
    // The same layer again (the document refreshes the tab on every change) computes nothing.
    view.setRollout(trace, series);
    QVERIFY(!view.isComputing());
}

void RolloutViewTest::releasedLayersKeepZoomAndSelection_data() {
    QTest::addColumn<int>("budgetLayers");
    QTest::addColumn<QList<int>>("layers");  // chosen one after the other with the spin box
    QTest::newRow("one layer kept, each layer recomputed") << 1 << QList<int>{1, 2, 1, 0};
    QTest::newRow("every layer kept, the way back is not released") << 6 << QList<int>{1, 2, 1, 0};
}

void RolloutViewTest::releasedLayersKeepZoomAndSelection() {
    // From RolloutView::releaseFrom() tokens the layer on show is let go while the next one is
    // made; the user's zoom and clicked token must survive it, as they survive a change of head.
    QFETCH(int, budgetLayers);
    QFETCH(QList<int>, layers);
    const LongTraceThresholds thresholds;
    const auto trace = teachingTrace(QStringLiteral("The animal didn't cross the street because it was tired"), 6);
    const int T = trace->length();
    const std::vector<MatrixF> expected = attentionRollout(*trace);
    auto series = std::make_shared<const RolloutSeries>(trace, budgetLayers * qint64(T) * T * qint64(sizeof(float)));
    RolloutView view;
    QVERIFY(showWidget(view, kViewSize));
    view.setRollout(trace, series);
    QTRY_VERIFY(!view.isComputing());
    HeatmapView* heatmap = view.heatmap();
    QCustomPlot* plot = heatmap->plot();

    const QPoint centre = plot->mapFrom(heatmap, heatmap->cellCenter(6, 6));
    QWheelEvent wheel(QPointF(centre), QPointF(plot->mapToGlobal(centre)), QPoint(), QPoint(0, 480), Qt::NoButton,
                      Qt::NoModifier, Qt::NoScrollPhase, false);
    QApplication::sendEvent(plot, &wheel);
    const QCPRange x = plot->xAxis->range(), y = plot->yAxis->range();
    QVERIFY2(x.size() < T * 0.8, "the wheel should zoom in");
    QTest::mouseClick(plot, Qt::LeftButton, Qt::NoModifier, plot->mapFrom(heatmap, heatmap->cellCenter(5, 6)));
    QCOMPARE(heatmap->selectedToken(), 5);

    view.layerBox()->setFocus();
    int at = 0;
    for (int layer : layers) {
        const bool kept = series->ifKept(layer) != nullptr;
        QTest::keyClick(view.layerBox(), layer > at ? Qt::Key_Up : Qt::Key_Down);
        at = layer;
        QCOMPARE(view.layer(), layer);
        QVERIFY(view.isComputing());
        // Released: nothing of the previous layer stays; kept: it stays, dimmed, the short while.
        QCOMPARE(heatmap->queryCount(), kept ? T : 0);
        QVERIFY(heatmap->pendingText().contains(QStringLiteral("layer %1").arg(layer)));
        QTRY_VERIFY(!view.isComputing());
        compareMatrix(heatmap, expected[size_t(layer)]);
        QCOMPARE(plot->xAxis->range().lower, x.lower);
        QCOMPARE(plot->xAxis->range().upper, x.upper);
        QCOMPARE(plot->yAxis->range().lower, y.lower);
        QCOMPARE(plot->yAxis->range().upper, y.upper);
        QCOMPARE(heatmap->selectedToken(), 5);
    }
    // A new sentence still starts unzoomed.
    const auto other = teachingTrace(QStringLiteral("a much shorter one"), 6);
    view.setRollout(other, std::make_shared<const RolloutSeries>(other, qint64(1) << 20));
    QTRY_VERIFY(!view.isComputing());
    QCOMPARE(plot->xAxis->range().size(), double(other->length()));
}

QTEST_MAIN(RolloutViewTest)
#include "tst_rolloutview.moc"
