// StatisticsView shown offscreen: one row per head whose numbers are exactly
// computeHeadStatistics, numeric sorting by a clicked header, double-click or Enter opens a head,
// and the "Colour the grid by" choice. The model passes QAbstractItemModelTester.

#include <QAbstractItemModelTester>
#include <QComboBox>
#include <QDir>
#include <QHeaderView>
#include <QSignalSpy>
#include <QSortFilterProxyModel>
#include <QTableView>
#include <QtTest>

#include "TestTraces.h"

#include "hf/HfModelLoader.h"
#include "teaching/PortableRandom.h"
#include "teaching/TeachingModel.h"
#include "views/StatisticsView.h"
#include "WidgetTestSupport.h"

using namespace headmap;
using headmap::ui::HeadStatisticsModel;
using headmap::ui::StatisticsView;

using testtraces::teachingTrace;

namespace {

using testsupport::showWidget;

// Row-stochastic random heads over T tokens, the first and last special; some heads local and
// some long-range, so mean distances straddle 10 (where text sorting would go wrong).
std::shared_ptr<AttentionTrace> randomTrace(int layers, int heads, int t, quint64 seed) {
    QStringList tokens;
    std::vector<bool> special;
    for (int i = 0; i < t; ++i) {
        tokens << QStringLiteral("w%1").arg(i);
        special.push_back(t > 2 && (i == 0 || i == t - 1));
    }
    auto trace = testtraces::blankTrace(layers, heads, tokens, special);
    PortableRandom random(seed);
    for (int l = 0; l < layers; ++l)
        for (int h = 0; h < heads; ++h) {
            const double reach = 1.0 + 30.0 * random.uniform01();  // how far this head looks
            MatrixMap w(trace->headData(l, h), t, t);
            for (int q = 0; q < t; ++q) {
                for (int k = 0; k < t; ++k)
                    w(q, k) = float(std::exp(-std::abs(q - k) / reach) * (0.5 + random.uniform01()));
                w.row(q) /= w.row(q).sum();
            }
        }
    return trace;
}

// Where the tests show the view unless they need another size.
const QSize kViewSize(1100, 600);

void clickHeader(QTableView* table, int column) {
    QHeaderView* header = table->horizontalHeader();
    const int x = header->sectionViewportPosition(column) + header->sectionSize(column) / 2;
    const QPoint pos(x, header->height() / 2);
    QTest::mouseClick(header->viewport(), Qt::LeftButton, {}, pos);
}

}  // namespace

class StatisticsViewTest : public QObject {
    Q_OBJECT
private slots:
    void modelPassesModelTester();
    void tableHasRowPerHeadWithExactValues_data();
    void tableHasRowPerHeadWithExactValues();
    void headersNameAndDescribeMetrics();
    void sortingByMetricIsNumeric_data();
    void sortingByMetricIsNumeric();
    void doubleClickAndEnterActivateHead();
    void metricComboEmitsChoice();
    void emptyTraceShowsPrompt();
    void currentHeadSelectsRow();
    void sinkModelListsSinkMass();
};

void StatisticsViewTest::modelPassesModelTester() {
    HeadStatisticsModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    QSortFilterProxyModel proxy;
    proxy.setSourceModel(&model);
    proxy.setSortRole(HeadStatisticsModel::SortRole);
    QAbstractItemModelTester proxyTester(&proxy, QAbstractItemModelTester::FailureReportingMode::QtTest);
    proxy.sort(HeadStatisticsModel::columnOf(HeadMetric::Entropy), Qt::DescendingOrder);
    model.setStatistics(computeHeadStatistics(*randomTrace(3, 5, 12, 1)));
    QCOMPARE(model.rowCount(), 15);
    model.setStatistics(computeHeadStatistics(*teachingTrace(QStringLiteral("深入了解 👍"))));
    QCOMPARE(model.rowCount(), 8);
    model.setStatistics({});
    QCOMPARE(model.rowCount(), 0);
}

void StatisticsViewTest::tableHasRowPerHeadWithExactValues_data() {
    QTest::addColumn<int>("layers");
    QTest::addColumn<int>("heads");
    QTest::addColumn<int>("tokens");
    QTest::newRow("12x12 heads") << 12 << 12 << 30;
    QTest::newRow("teaching-sized") << 2 << 4 << 9;
    QTest::newRow("one token") << 2 << 3 << 1;
}

void StatisticsViewTest::tableHasRowPerHeadWithExactValues() {
    QFETCH(int, layers);
    QFETCH(int, heads);
    QFETCH(int, tokens);
    const auto trace = randomTrace(layers, heads, tokens, 7);
    StatisticsView view;
    QVERIFY(showWidget(view, kViewSize));
    view.setTrace(trace);
    QVERIFY(view.message().isEmpty());
    QAbstractItemModel* table = view.table()->model();
    QCOMPARE(table->rowCount(), layers * heads);
    QCOMPARE(table->columnCount(), 2 + int(allHeadMetrics().size()));
    const std::vector<HeadStatistics> expected = computeHeadStatistics(*trace);
    for (int row = 0; row < table->rowCount(); ++row) {
        const int layer = table->index(row, HeadStatisticsModel::LayerColumn).data().toInt();
        const int head = table->index(row, HeadStatisticsModel::HeadColumn).data().toInt();
        const HeadStatistics& s = expected[size_t(layer * heads + head)];
        for (HeadMetric metric : allHeadMetrics()) {
            const QModelIndex index = table->index(row, HeadStatisticsModel::columnOf(metric));
            QCOMPARE(index.data(HeadStatisticsModel::SortRole).toDouble(), metricValue(s, metric));
            QCOMPARE(index.data().toString(), QString::number(metricValue(s, metric), 'f', 3));
        }
    }
}

void StatisticsViewTest::headersNameAndDescribeMetrics() {
    StatisticsView view;
    view.setTrace(teachingTrace(QStringLiteral("The animal was tired")));
    const QAbstractItemModel* table = view.table()->model();
    QCOMPARE(table->headerData(0, Qt::Horizontal).toString(), QStringLiteral("Layer"));
    QCOMPARE(table->headerData(1, Qt::Horizontal).toString(), QStringLiteral("Head"));
    for (HeadMetric metric : allHeadMetrics()) {
        const int column = HeadStatisticsModel::columnOf(metric);
        QCOMPARE(table->headerData(column, Qt::Horizontal).toString(), metricName(metric));
        QCOMPARE(table->headerData(column, Qt::Horizontal, Qt::ToolTipRole).toString(),
                 metricDescription(metric));
    }
}

void StatisticsViewTest::sortingByMetricIsNumeric_data() {
    QTest::addColumn<int>("metric");
    for (HeadMetric metric : allHeadMetrics())
        QTest::newRow(qPrintable(metricName(metric))) << int(metric);
}

void StatisticsViewTest::sortingByMetricIsNumeric() {
    QFETCH(int, metric);
    const auto trace = randomTrace(6, 6, 40, 3);
    StatisticsView view;
    QVERIFY(showWidget(view, kViewSize));
    view.setTrace(trace);
    const int column = HeadStatisticsModel::columnOf(HeadMetric(metric));
    QAbstractItemModel* table = view.table()->model();
    auto values = [&] {
        QList<double> list;
        for (int row = 0; row < table->rowCount(); ++row)
            list << table->index(row, column).data(HeadStatisticsModel::SortRole).toDouble();
        return list;
    };
    clickHeader(view.table(), column);
    const Qt::SortOrder first = view.table()->horizontalHeader()->sortIndicatorOrder();
    QCOMPARE(view.table()->horizontalHeader()->sortIndicatorSection(), column);
    QList<double> sorted = values();
    for (int i = 1; i < sorted.size(); ++i)
        QVERIFY(first == Qt::AscendingOrder ? sorted[i - 1] <= sorted[i] : sorted[i - 1] >= sorted[i]);
    clickHeader(view.table(), column);
    QVERIFY(view.table()->horizontalHeader()->sortIndicatorOrder() != first);
    QList<double> reversed = values();
    std::reverse(reversed.begin(), reversed.end());
    std::sort(sorted.begin(), sorted.end());
    std::sort(reversed.begin(), reversed.end());
    QCOMPARE(reversed, sorted);  // the same numbers, now the other way round
    if (HeadMetric(metric) == HeadMetric::MeanDistance) {  // some above 10, some below
        QVERIFY(sorted.first() < 10.0 && sorted.last() > 10.0);
        QVERIFY(view.grab().save(QDir::temp().filePath(QStringLiteral("headmap_views/statistics.png"))));
    }
}

void StatisticsViewTest::doubleClickAndEnterActivateHead() {
    const auto trace = randomTrace(4, 5, 12, 9);
    StatisticsView view;
    QVERIFY(showWidget(view, kViewSize));
    view.setTrace(trace);
    clickHeader(view.table(), HeadStatisticsModel::columnOf(HeadMetric::Entropy));
    QSignalSpy spy(&view, &StatisticsView::headActivated);
    QAbstractItemModel* table = view.table()->model();
    for (int row : {0, 7, table->rowCount() - 1}) {
        const QModelIndex index = table->index(row, HeadStatisticsModel::columnOf(HeadMetric::Entropy));
        const int layer = table->index(row, 0).data().toInt(), head = table->index(row, 1).data().toInt();
        view.table()->scrollTo(index);
        // What a double-click delivers: press, release, double-click, release.
        const QPoint centre = view.table()->visualRect(index).center();
        QTest::mouseClick(view.table()->viewport(), Qt::LeftButton, {}, centre);
        QCOMPARE(spy.count(), 0);  // one click only selects
        QTest::mouseDClick(view.table()->viewport(), Qt::LeftButton, {}, centre);
        QTest::mouseRelease(view.table()->viewport(), Qt::LeftButton, {}, centre);
        QCOMPARE(spy.count(), 1);
        QCOMPARE(spy.takeFirst(), (QList<QVariant>{layer, head}));

        view.table()->setFocus();
        view.table()->setCurrentIndex(index);
        QTest::keyClick(view.table(), Qt::Key_Return);
        QCOMPARE(spy.count(), 1);
        QCOMPARE(spy.takeFirst(), (QList<QVariant>{layer, head}));
    }
}

void StatisticsViewTest::metricComboEmitsChoice() {
    StatisticsView view;
    QVERIFY(showWidget(view, kViewSize));
    view.setTrace(teachingTrace(QStringLiteral("The animal was tired")));
    QVERIFY(!view.chosenMetric().has_value());
    QCOMPARE(view.metricBox()->itemText(0), QStringLiteral("none"));
    QCOMPARE(view.metricBox()->count(), 1 + int(allHeadMetrics().size()));
    QSignalSpy spy(&view, &StatisticsView::metricChosen);
    view.metricBox()->setFocus();
    QTest::keyClick(view.metricBox(), Qt::Key_Down);
    QTest::keyClick(view.metricBox(), Qt::Key_Down);
    QCOMPARE(spy.count(), 2);
    using Choice = std::optional<HeadMetric>;
    QCOMPARE(spy[0][0].value<Choice>(), Choice(allHeadMetrics()[0]));
    QCOMPARE(spy[1][0].value<Choice>(), Choice(allHeadMetrics()[1]));
    QCOMPARE(view.chosenMetric(), std::optional<HeadMetric>(allHeadMetrics()[1]));
    view.setMetric(std::nullopt);
    QCOMPARE(spy.count(), 3);
    QVERIFY(!spy[2][0].value<std::optional<HeadMetric>>().has_value());
}

void StatisticsViewTest::emptyTraceShowsPrompt() {
    StatisticsView view;
    QVERIFY(showWidget(view, kViewSize));
    QVERIFY(view.message().contains(QStringLiteral("Type a sentence")));
    QCOMPARE(view.model()->rowCount(), 0);
    view.setTrace(std::make_shared<AttentionTrace>());
    QVERIFY(view.message().contains(QStringLiteral("Type a sentence")));
    view.setTrace(teachingTrace(QStringLiteral("x")));
    QVERIFY(view.message().isEmpty());
    view.setTrace(nullptr);
    QCOMPARE(view.model()->rowCount(), 0);
    QVERIFY(!view.message().isEmpty());
}

void StatisticsViewTest::currentHeadSelectsRow() {
    StatisticsView view;
    QVERIFY(showWidget(view, kViewSize));
    view.setTrace(randomTrace(3, 3, 6, 4));
    QSignalSpy spy(&view, &StatisticsView::headActivated);
    view.setCurrentHead(2, 1);
    const QModelIndex current = view.table()->currentIndex();
    QCOMPARE(current.siblingAtColumn(0).data().toInt(), 2);
    QCOMPARE(current.siblingAtColumn(1).data().toInt(), 1);
    QCOMPARE(spy.count(), 0);
}

// gpt-oss (attention sinks, #39): a "Sink mass" column after the usual ones, each head's mean of
// 1 − its rows' sums (computeHeadStatistics), and a choice to colour the grid by; a model
// without sinks shows no such column.
void StatisticsViewTest::sinkModelListsSinkMass() {
    const auto model = loadHfModelFolder(QStringLiteral(HEADMAP_FIXTURES_DIR "/gpt_oss/gpt_oss_f32"), "fixture");
    const auto trace = std::make_shared<const AttentionTrace>(model->run(model->tokenize(QStringLiteral("Sinks take what no token wants"))).trace);
    StatisticsView view;
    QVERIFY(showWidget(view, kViewSize));
    view.setTrace(trace);
    const QAbstractItemModel* table = view.table()->model();
    const int column = HeadStatisticsModel::FirstMetricColumn + int(allHeadMetrics().size());
    QCOMPARE(table->headerData(column, Qt::Horizontal).toString(), QStringLiteral("Sink mass"));
    QCOMPARE(table->rowCount(), trace->layers() * trace->heads());
    const std::vector<HeadStatistics> expected = computeHeadStatistics(*trace);
    for (int row = 0; row < table->rowCount(); ++row) {
        const int layer = table->index(row, HeadStatisticsModel::LayerColumn).data(HeadStatisticsModel::SortRole).toInt();
        const int head = table->index(row, HeadStatisticsModel::HeadColumn).data(HeadStatisticsModel::SortRole).toInt();
        const double value = table->index(row, column).data(HeadStatisticsModel::SortRole).toDouble();
        QCOMPARE(value, expected[size_t(layer * trace->heads() + head)].sinkMass);
        QVERIFY(value > 0.0 && value < 1.0);
    }
    const QComboBox* box = view.metricBox();
    QVERIFY(box);
    QVERIFY(box->findText(QStringLiteral("Sink mass")) >= 0);

    view.setTrace(teachingTrace(QStringLiteral("The animal was tired")));
    QCOMPARE(view.table()->model()->columnCount(), HeadStatisticsModel::FirstMetricColumn + int(allHeadMetrics().size()));
    QVERIFY(box->findText(QStringLiteral("Sink mass")) < 0);
}

QTEST_MAIN(StatisticsViewTest)
#include "tst_statisticsview.moc"
