// The all-heads grid and the comparison of an encoder–decoder model's stacks (issue #37): the
// grid's thumbnails are T×S for cross-attention (target rows, source columns), pooled by one
// block on both axes, heads switched off carry the grid's stack and only that stack's heads are
// marked; the comparison's panes have the source on the columns, compare two heads of one stack
// and say so when two sentences' sources differ in length; the figures draw the same.

#include <QtTest>

#include "FigureTestSupport.h"
#include "HeadExport.h"
#include "TinyTranslationModel.h"
#include "figures/ComparisonFigure.h"
#include "figures/FigureWriter.h"
#include "views/ComparisonView.h"
#include "views/HeadGridImages.h"
#include "views/HeadGridView.h"

using namespace headmap;
using namespace headmap::ui;

namespace {

std::shared_ptr<const AttentionTrace> stackTrace(StackKind stack, const QString& source = "katten sidder på måtten",
                                                 const QString& target = "the cat sits on the mat") {
    testmodels::TinyTranslationModel model;
    RunOptions options;
    options.decoderInput = model.decoderInputForTarget(target);
    RunResult run = model.run(model.tokenizer().encode(source, true), options);
    return std::make_shared<const AttentionTrace>(run.stack(stack));
}

// A cross-attention-like trace of `rows` × `columns` filled with a pattern: (q + k) % 7 / 7.
std::shared_ptr<AttentionTrace> wideTrace(int rows, int columns) {
    ModelSummary model;
    model.layers = 1;
    model.heads = 2;
    std::vector<int> ids(size_t(rows), 5), keyIds(size_t(columns), 6);
    QStringList tokens, keys;
    for (int i = 0; i < rows; ++i)
        tokens << QStringLiteral("t%1").arg(i);
    for (int i = 0; i < columns; ++i)
        keys << QStringLiteral("s%1").arg(i);
    auto trace = std::make_shared<AttentionTrace>(model, ids, tokens, tokens);
    trace->setKeyTokens(keyIds, keys, keys);
    for (int h = 0; h < 2; ++h) {
        float* data = trace->headData(0, h);
        for (int q = 0; q < rows; ++q)
            for (int k = 0; k < columns; ++k)
                data[q * columns + k] = float((q + k + h) % 7) / 7.0f;
    }
    return trace;
}

}  // namespace

class TestCrossViews : public QObject {
    Q_OBJECT
private slots:
    void gridImagesAreTargetBySource_data();
    void gridImagesAreTargetBySource();
    void gridSwitchesOffHeadsOfItsOwnStack();
    void comparisonPanesHaveTheSourceOnTheColumns();
    void twoSentencesWithSourcesOfOtherLengthsHaveNoDifference();
    void figuresHaveBothSentences();
};

void TestCrossViews::gridImagesAreTargetBySource_data() {
    QTest::addColumn<int>("rows");
    QTest::addColumn<int>("columns");
    QTest::addColumn<int>("pooling");
    QTest::addColumn<QSize>("image");
    QTest::newRow("short") << 7 << 5 << 1 << QSize(5, 7);
    QTest::newRow("long source") << 40 << 600 << 3 << QSize(200, 14);
    QTest::newRow("long target") << 513 << 20 << 3 << QSize(7, 171);
}

void TestCrossViews::gridImagesAreTargetBySource() {
    QFETCH(int, rows);
    QFETCH(int, columns);
    QFETCH(int, pooling);
    QFETCH(QSize, image);
    const auto trace = wideTrace(rows, columns);
    const GridImages images = buildGridImages(*trace, HeatmapStyle(), 256);
    QCOMPARE(images.pooling, pooling);
    QCOMPARE(int(images.images.size()), 1 * (2 + 2));  // two heads, the mean and the max
    for (const QImage& cell : images.images)
        QCOMPARE(cell.size(), image);
    if (pooling == 1) {  // one pixel per (query, key): brighter where the weight is larger
        const QImage& head = images.images[0];
        const auto lightness = [&](int q, int k) { return QColor(head.pixel(k, q)).lightness(); };
        QVERIFY(lightness(0, 0) != lightness(0, 6 % columns));
        QCOMPARE(lightness(1, 3), lightness(2, 2));  // (q + k) % 7 is the same
    }
}

void TestCrossViews::gridSwitchesOffHeadsOfItsOwnStack() {
    HeadGridView grid;
    grid.resize(600, 400);
    grid.show();
    QVERIFY(QTest::qWaitForWindowExposed(&grid));
    grid.setTrace(stackTrace(StackKind::Cross));
    grid.setStack(StackKind::Cross);
    QCOMPARE(grid.layerCount(), 1);
    QCOMPARE(grid.headCount(), 2);
    // A cross-attention head and an encoder head with the same numbers: only the first is this grid's.
    grid.setAblations({HeadAblation{0, 1, AblationMode::Zero, StackKind::Encoder}});
    QSignalSpy requested(&grid, &HeadGridView::ablationsRequested);
    grid.setSelectedHeads({{0, 1}});
    grid.switchOffSelected(AblationMode::Mean);
    QCOMPARE(requested.count(), 1);
    const auto asked = requested.takeFirst().at(0).value<std::vector<HeadAblation>>();
    QCOMPARE(asked.size(), size_t(2));  // the encoder's head stays off, the cross head joins it
    QVERIFY(asked[0] == (HeadAblation{0, 1, AblationMode::Zero, StackKind::Encoder}));
    QVERIFY(asked[1] == (HeadAblation{0, 1, AblationMode::Mean, StackKind::Cross}));
    grid.setAblations(asked);
    grid.restoreSelected();  // only the cross head comes back
    const auto restored = requested.takeFirst().at(0).value<std::vector<HeadAblation>>();
    QCOMPARE(restored.size(), size_t(1));
    QCOMPARE(restored[0].stack, std::optional<StackKind>(StackKind::Encoder));
    // Hovering a thumbnail names a target token and a source token.
    grid.resize(1400, 1000);
    QTest::qWait(10);
    const QRect cell = grid.cellRect(0, 0);
    QVERIFY(cell.width() >= 5 && cell.height() >= 7);
    QTest::mouseMove(&grid, QPoint(cell.left() + cell.width() * 3 / 10, cell.top() + cell.height() * 2 / 7 + 1));
    QTRY_VERIFY2(grid.hoverText().contains(QStringLiteral("\"cat\" attends to \"sidder\"")), qPrintable(grid.hoverText()));
}

void TestCrossViews::comparisonPanesHaveTheSourceOnTheColumns() {
    ComparisonView view;
    view.resize(1400, 600);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    view.setData(stackTrace(StackKind::Cross), nullptr, 0, 0, 0, 1);
    for (HeatmapView* pane : {view.heatmapA(), view.heatmapB(), view.difference()}) {
        QCOMPARE(pane->queryCount(), 7);
        QCOMPARE(pane->keyCount(), 5);
        QVERIFY(pane->hasSourceKeys());
    }
    QVERIFY(view.differenceMessage().isEmpty());
    const HeadWeights a = stackTrace(StackKind::Cross)->head(0, 0), b = stackTrace(StackKind::Cross)->head(0, 1);
    QVERIFY(std::abs(view.difference()->value(3, 2) - (a(3, 2) - b(3, 2))) < 1e-6f);
    // The layer and head boxes are the stack's: cross-attention has 1 layer × 2 heads, the encoder 2 × 4.
    QCOMPARE(view.headBBox()->maximum(), 1);
    view.setData(stackTrace(StackKind::Encoder), nullptr, 1, 3, 0, 2);
    QCOMPARE(view.headBBox()->maximum(), 3);
    QCOMPARE(view.heatmapA()->keyCount(), 5);
    QVERIFY(!view.heatmapA()->hasSourceKeys());
}

void TestCrossViews::twoSentencesWithSourcesOfOtherLengthsHaveNoDifference() {
    ComparisonView view;
    view.resize(1400, 600);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    view.setMode(ComparisonView::Mode::TwoSentences);
    // The same target under a source of 5 and one of 4 tokens.
    view.setData(stackTrace(StackKind::Cross), stackTrace(StackKind::Cross, "hunden løber i haven"), 0, 1, 0, 0);
    QVERIFY(view.differenceMessage().isEmpty());  // both sources have 5 tokens
    view.setData(stackTrace(StackKind::Cross), stackTrace(StackKind::Cross, "hunden løber"), 0, 1, 0, 0);
    QCOMPARE(view.heatmapB()->keyCount(), 3);
    QVERIFY2(view.differenceMessage().contains(QStringLiteral("sources")), qPrintable(view.differenceMessage()));
}

void TestCrossViews::figuresHaveBothSentences() {
    const auto cross = stackTrace(StackKind::Cross);
    ComparisonFigureData data;
    data.a = cross->head(0, 0);
    data.b = cross->head(0, 1);
    data.labelsA = data.labelsB = cross->displayTokens();
    data.keyLabelsA = data.keyLabelsB = cross->keyDisplayTokens();
    data.sourceKeys = true;
    const ComparisonFigure comparison(data, HeatmapStyle());
    QVERIFY(comparison.hasDifference());
    QStringList texts = figuretests::svgTexts(figureBytes(comparison, ImageFormat::Svg));
    for (const QString& text : {QStringLiteral("måtten"), QStringLiteral("sits"), HeatmapFigure::sourceAxisTitle()})
        QVERIFY2(texts.contains(text), qPrintable(text + " not in " + texts.join(" | ")));
    QVERIFY(!texts.contains(HeatmapFigure::keyAxisTitle()));

    HeadImageOptions options;
    texts = figuretests::svgTexts(figureBytes(*gridFigure(stackTrace(StackKind::Encoder), options), ImageFormat::Svg));
    QVERIFY2(std::any_of(texts.begin(), texts.end(),
                         [](const QString& t) { return t.contains(stackTitle(StackKind::Encoder)); }),
             qPrintable(texts.join(" | ")));
}

QTEST_MAIN(TestCrossViews)
#include "tst_crossviews.moc"
