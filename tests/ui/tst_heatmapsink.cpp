// The heatmap's sink column (issue #39): a gpt-oss head, loaded by HeadLoader as the window shows
// it, drawn and hovered through the real widget. The weights are the run's (tst_gptossmodel
// checks them against transformers); here: one cell per row right of the cells holding 1 − the
// row's sum, its tooltip, its rows following the heatmap's zoom, and no column for a model
// without sinks, for hidden special tokens, or once a sink-free head replaces a sink head.

#include <QtTest>
#include <qcustomplot.h>

#include "HeatmapTestSupport.h"
#include "HeatmapView.h"
#include "hf/HfModelLoader.h"
#include "heatmap/HeadLoader.h"

using namespace headmap;
using namespace headmap::ui;
using heatmaptests::hover;

namespace {

QString fixture(const QString& path) {
    return QStringLiteral(HEADMAP_FIXTURES_DIR "/") + path;
}

RunResult runOf(const QString& folder) {
    const auto model = loadHfModelFolder(fixture(folder), "fixture");
    return model->run(model->tokenize(QStringLiteral("Sinks take what no token wants, row by row.")));
}

}  // namespace

class HeatmapSinkTest : public QObject {
    Q_OBJECT
private slots:
    void columnHoldsEachRowsSinkMass_data();
    void columnHoldsEachRowsSinkMass();
    void columnFollowsTheRowsZoom();
    void noColumnWithoutSinks();
};

void HeatmapSinkTest::columnHoldsEachRowsSinkMass_data() {
    QTest::addColumn<int>("layer");
    QTest::addColumn<int>("head");
    QTest::newRow("sliding layer 0, head 0 (a large sink)") << 0 << 0;
    QTest::newRow("full layer 1, head 3") << 1 << 3;
}

void HeatmapSinkTest::columnHoldsEachRowsSinkMass() {
    QFETCH(int, layer);
    QFETCH(int, head);
    const RunResult run = runOf(QStringLiteral("gpt_oss/gpt_oss_f32"));
    HeatmapView view;
    view.resize(900, 700);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    const int columnsBefore = view.plot()->plotLayout()->columnCount();
    view.setContent(HeadLoader::headContent(run.trace, layer, head, false, view.pyramidKind(false), false));
    QCOMPARE(view.plot()->plotLayout()->columnCount(), columnsBefore + 1);  // cells, sink, colour scale
    const HeadWeights weights = run.trace.head(layer, head);
    const int t = run.trace.length();
    QCOMPARE(int(view.sinkMass().size()), t);
    for (int q = 0; q < t; ++q) {
        const double expected = 1.0 - weights.row(q).cast<double>().sum();
        QVERIFY(std::abs(double(view.sinkMass()[size_t(q)]) - expected) <= 1e-6);
        QVERIFY(expected > 0.0);
    }
    // Right of the cells, one cell per row, each row at its row's height.
    view.plot()->replot();
    const QPoint first = view.sinkCellCenter(0), last = view.sinkCellCenter(t - 1);
    QVERIFY(first.x() > view.cellCenter(0, t - 1).x());
    QCOMPARE(first.y(), view.cellCenter(0, 0).y());
    QCOMPARE(last.y(), view.cellCenter(t - 1, 0).y());
    for (int q : {0, t / 2, t - 1}) {
        hover(view, view.sinkCellCenter(q));
        const QString text = view.hoverText();
        QVERIFY2(text.startsWith(QStringLiteral("Query token #%1 ").arg(q)), qPrintable(text));
        QVERIFY2(text.contains(QStringLiteral("gives its sink %1").arg(double(view.sinkMass()[size_t(q)]), 0, 'f', 6)),
                 qPrintable(text));
    }
    hover(view, view.cellCenter(t - 1, t - 1));  // the cells' tooltips are as before
    QVERIFY2(view.hoverText().contains(QStringLiteral("attends to key token #%1").arg(t - 1)), qPrintable(view.hoverText()));
    if (qEnvironmentVariableIsSet("HEADMAP_SINK_SCREENSHOT"))
        view.grab().save(qEnvironmentVariable("HEADMAP_SINK_SCREENSHOT"));
}

void HeatmapSinkTest::columnFollowsTheRowsZoom() {
    const RunResult run = runOf(QStringLiteral("gpt_oss/gpt_oss_mxfp4"));
    HeatmapView view;
    view.resize(900, 700);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    view.setContent(HeadLoader::headContent(run.trace, 2, 1, false, view.pyramidKind(false), false));
    view.plot()->yAxis->setRange(4.5, 9.5);  // rows 5..9
    view.plot()->replot();
    QCOMPARE(view.sinkCellCenter(7).y(), view.cellCenter(7, 0).y());
    hover(view, view.sinkCellCenter(7));
    QVERIFY2(view.hoverText().startsWith(QStringLiteral("Query token #7 ")), qPrintable(view.hoverText()));
}

void HeatmapSinkTest::noColumnWithoutSinks() {
    const RunResult sinks = runOf(QStringLiteral("gpt_oss/gpt_oss_f32"));
    const RunResult moe = runOf(QStringLiteral("moe/mixtral_f32"));
    HeatmapView view;
    view.resize(900, 700);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    const int columns = view.plot()->plotLayout()->columnCount();
    view.setContent(HeadLoader::headContent(moe.trace, 0, 0, false, view.pyramidKind(false), false));
    QVERIFY(view.sinkMass().empty());
    QCOMPARE(view.plot()->plotLayout()->columnCount(), columns);
    view.setContent(HeadLoader::headContent(sinks.trace, 0, 0, false, view.pyramidKind(false), false));
    QCOMPARE(view.plot()->plotLayout()->columnCount(), columns + 1);
    view.setContent(HeadLoader::headContent(moe.trace, 0, 0, false, view.pyramidKind(false), false));
    QVERIFY(view.sinkMass().empty());
    QCOMPARE(view.plot()->plotLayout()->columnCount(), columns);
    // With special tokens hidden the rows shown are no longer the softmax's own (they are
    // renormalised without those tokens): no sink column is claimed for them.
    QVERIFY(HeadLoader::headContent(sinks.trace, 0, 0, true, view.pyramidKind(false), false).querySinkMass.empty());
    view.clear();
    QVERIFY(view.sinkMass().empty());
}

QTEST_MAIN(HeatmapSinkTest)
#include "tst_heatmapsink.moc"
