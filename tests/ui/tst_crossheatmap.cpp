// The heatmap of a cross-attention head (issue #37): T×S, the target's tokens on the rows and
// the source's on the columns, both axes labelled with their own tokens and titled so, thinned
// on their own, searchable on either axis, special tokens hidden on both; a selected target
// token outlines its row only (its column would be a source token's); the figure export draws
// the same. The heads come from tests/support/ui/TinyTranslationModel.

#include <QtTest>
#include <qcustomplot.h>

#include "FigureTestSupport.h"
#include "HeadExport.h"
#include "HeatmapView.h"
#include "TinyTranslationModel.h"
#include "figures/FigureWriter.h"
#include "heatmap/HeadLoader.h"
#include "views/ViewSupport.h"

using namespace headmap;
using namespace headmap::ui;

namespace {

const QString kSource = QStringLiteral("katten sidder på måtten");  // + </s>
const QString kTarget = QStringLiteral("the cat sits on the mat");  // <pad> + 6 words

std::shared_ptr<const AttentionTrace> crossTrace(const QString& source = kSource, const QString& target = kTarget) {
    testmodels::TinyTranslationModel model;
    RunOptions options;
    options.decoderInput = model.decoderInputForTarget(target);
    RunResult run = model.run(model.tokenizer().encode(source, true), options);
    return std::make_shared<const AttentionTrace>(run.stack(StackKind::Cross));
}

QStringList labelsOf(const QList<QPair<int, QString>>& ticks) {
    QStringList out;
    for (const auto& tick : ticks)
        out << tick.second;
    return out;
}

// The dashed (search) or solid (selection) outlines on show: (row?, index) each.
QList<QPair<bool, int>> outlines(const HeatmapView& view, Qt::PenStyle style) {
    QList<QPair<bool, int>> out;
    for (int i = 0; i < view.plot()->itemCount(); ++i) {
        auto* rect = qobject_cast<QCPItemRect*>(view.plot()->item(i));
        if (!rect || !rect->visible() || rect->pen().style() != style)
            continue;
        const QPointF topLeft = rect->topLeft->coords(), bottomRight = rect->bottomRight->coords();
        const bool row = std::abs(bottomRight.y() - topLeft.y() - 1.0) < 1e-9;
        out << qMakePair(row, int(std::lround(row ? topLeft.y() + 0.5 : topLeft.x() + 0.5)));
    }
    return out;
}

}  // namespace

class TestCrossHeatmap : public QObject {
    Q_OBJECT
private slots:
    void contentHasTargetRowsAndSourceColumns_data();
    void contentHasTargetRowsAndSourceColumns();
    void bothAxesAreLabelledAndTitled();
    void longSentencesThinEachAxisOnItsOwn();
    void searchFindsTokensOnEitherAxis_data();
    void searchFindsTokensOnEitherAxis();
    void aSelectedTargetTokenOutlinesItsRowOnly();
    void theFigureHasBothSentences();
};

void TestCrossHeatmap::contentHasTargetRowsAndSourceColumns_data() {
    QTest::addColumn<bool>("hide");
    QTest::addColumn<QStringList>("rows");
    QTest::addColumn<QStringList>("columns");
    QTest::newRow("all tokens") << false
                                << QStringList{"<pad>", "the", "cat", "sits", "on", "the", "mat"}
                                << QStringList{"katten", "sidder", "på", "måtten", "</s>"};
    // <pad> (the decoder's start) and </s> are special: gone from their own axis.
    QTest::newRow("special hidden") << true << QStringList{"the", "cat", "sits", "on", "the", "mat"}
                                    << QStringList{"katten", "sidder", "på", "måtten"};
}

void TestCrossHeatmap::contentHasTargetRowsAndSourceColumns() {
    QFETCH(bool, hide);
    QFETCH(QStringList, rows);
    QFETCH(QStringList, columns);
    const auto trace = crossTrace();
    const HeatmapContent content = HeadLoader::headContent(*trace, 0, 1, hide, PyramidKind(), false);
    QVERIFY(content.sourceKeys);
    QCOMPARE(content.queryLabels, rows);
    QCOMPARE(content.keyLabels, columns);
    QCOMPARE(int(content.values().rows()), int(rows.size()));
    QCOMPARE(int(content.values().cols()), int(columns.size()));
    const HeadWeights head = trace->head(0, 1);  // (7, 5)
    const int firstRow = hide ? 1 : 0;
    for (int r = 0; r < rows.size(); ++r) {
        // Every row a distribution over the columns shown; hiding renormalises the kept keys.
        QVERIFY(std::abs(content.values().row(r).sum() - 1.0f) < 1e-5f);
        const float kept = head.row(r + firstRow).head(columns.size()).sum();
        for (int c = 0; c < columns.size(); ++c)
            QVERIFY(std::abs(content.values()(r, c) - head(r + firstRow, c) / kept) < 1e-5f);
    }
    QVERIFY2(content.title.contains(stackTitle(StackKind::Cross)), qPrintable(content.title));
    // Hiding on the whole trace agrees with the one head.
    const auto shown = shownTrace(trace, hide);
    QCOMPARE(shown->length(), int(rows.size()));
    QCOMPARE(shown->keyLength(), int(columns.size()));
    QCOMPARE(shown->keyDisplayTokens(), columns);
    QVERIFY((MatrixF(shown->head(0, 1)) - content.values()).cwiseAbs().maxCoeff() < 1e-6f);
}

void TestCrossHeatmap::bothAxesAreLabelledAndTitled() {
    HeatmapView view;
    view.resize(900, 600);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    view.setContent(HeadLoader::headContent(*crossTrace(), 0, 0, false, view.pyramidKind(false), false));
    QVERIFY(view.hasSourceKeys());
    QCOMPARE(view.queryCount(), 7);
    QCOMPARE(view.keyCount(), 5);
    QCOMPARE(labelsOf(view.tickLabels(Qt::Vertical)), (QStringList{"<pad>", "the", "cat", "sits", "on", "the", "mat"}));
    QCOMPARE(labelsOf(view.tickLabels(Qt::Horizontal)), (QStringList{"katten", "sidder", "på", "måtten", "</s>"}));
    QCOMPARE(view.plot()->yAxis->label(), HeatmapFigure::targetAxisTitle());
    QCOMPARE(view.plot()->xAxis->label(), HeatmapFigure::sourceAxisTitle());
    view.setCompact(true);
    QVERIFY(view.plot()->xAxis->label() != view.plot()->yAxis->label());
    QVERIFY(view.plot()->xAxis->label() != HeatmapView::tr("Key"));
    // A self-attention head again: the usual titles.
    QStringList words{"a", "b"};
    view.setCompact(false);
    view.setMatrix(MatrixF::Constant(2, 2, 0.5f), words, words, "self");
    QVERIFY(!view.hasSourceKeys());
    QCOMPARE(view.plot()->xAxis->label(), HeatmapFigure::keyAxisTitle());
    // Hovering a cell names the target token and the source token.
    view.setContent(HeadLoader::headContent(*crossTrace(), 0, 0, false, view.pyramidKind(false), false));
    QTest::mouseMove(view.plot(), view.plot()->mapFrom(&view, view.cellCenter(2, 3)));
    QTRY_VERIFY(view.hoverText().contains(QStringLiteral("“cat”")));
    QVERIFY2(view.hoverText().contains(QStringLiteral("“måtten”")), qPrintable(view.hoverText()));
}

void TestCrossHeatmap::longSentencesThinEachAxisOnItsOwn() {
    // 30 target rows under 120 source columns: the columns thin, the rows need not.
    QStringList rows, columns;
    for (int i = 0; i < 30; ++i)
        rows << QStringLiteral("t%1").arg(i);
    for (int i = 0; i < 120; ++i)
        columns << QStringLiteral("source%1").arg(i);
    HeatmapContent content;
    content.setValues(MatrixF::Constant(30, 120, 1.0f / 120.0f));
    content.queryLabels = rows;
    content.keyLabels = columns;
    content.sourceKeys = true;
    HeatmapView view;
    view.resize(700, 900);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    view.setContent(content);
    const auto keys = view.tickLabels(Qt::Horizontal);
    const auto queries = view.tickLabels(Qt::Vertical);
    QVERIFY2(keys.size() < 120 && keys.size() > 3, qPrintable(QString::number(keys.size())));
    QCOMPARE(queries.size(), 30);
    for (const auto& tick : keys)  // the columns' own labels, thinned ones with their position
        QVERIFY2(tick.second.startsWith(QStringLiteral("source%1").arg(tick.first)), qPrintable(tick.second));
    for (const auto& tick : queries)
        QVERIFY(tick.second.startsWith(QStringLiteral("t%1").arg(tick.first)));
}

void TestCrossHeatmap::searchFindsTokensOnEitherAxis_data() {
    QTest::addColumn<QString>("text");
    QTest::addColumn<QList<int>>("matches");
    QTest::addColumn<bool>("onKeys");
    QTest::newRow("a target word: rows") << "cat" << QList<int>{2} << false;
    QTest::newRow("a target word twice") << "the" << QList<int>{1, 5} << false;
    QTest::newRow("a source word: columns") << "sidder" << QList<int>{1} << true;
    QTest::newRow("the source's end token") << "</s>" << QList<int>{4} << true;
    QTest::newRow("no match") << "hund" << QList<int>{} << false;
}

void TestCrossHeatmap::searchFindsTokensOnEitherAxis() {
    QFETCH(QString, text);
    QFETCH(QList<int>, matches);
    QFETCH(bool, onKeys);
    HeatmapView view;
    view.resize(900, 600);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    view.setContent(HeadLoader::headContent(*crossTrace(), 0, 0, false, view.pyramidKind(false), false));
    QCOMPARE(view.findToken(text), int(matches.size()));
    QCOMPARE(view.searchMatches(), matches);
    if (matches.isEmpty())
        return;
    QCOMPARE(view.currentMatch(), matches.first());
    QCOMPARE(view.currentMatchAxis(), onKeys ? Qt::Horizontal : Qt::Vertical);
    // One outline: the target token's row or the source token's column, never both.
    QCOMPARE(outlines(view, Qt::DashLine), (QList<QPair<bool, int>>{qMakePair(!onKeys, matches.first())}));
    if (matches.size() > 1) {
        view.findNext();
        QCOMPARE(view.currentMatch(), matches[1]);
        QCOMPARE(outlines(view, Qt::DashLine), (QList<QPair<bool, int>>{qMakePair(!onKeys, matches[1])}));
    }
}

void TestCrossHeatmap::aSelectedTargetTokenOutlinesItsRowOnly() {
    HeatmapView view;
    view.resize(900, 600);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    view.setContent(HeadLoader::headContent(*crossTrace(), 0, 0, false, view.pyramidKind(false), false));
    view.setSelectedToken(6);  // "mat": a row; there is no column 6
    QCOMPARE(view.selectedToken(), 6);
    QCOMPARE(outlines(view, Qt::SolidLine), (QList<QPair<bool, int>>{qMakePair(true, 6)}));
    view.setSelectedToken(2);
    QCOMPARE(outlines(view, Qt::SolidLine), (QList<QPair<bool, int>>{qMakePair(true, 2)}));
    // A click on a source token's column label selects no target token.
    QSignalSpy selected(&view, &HeatmapView::tokenSelected);
    const QRect rect = view.plot()->axisRect()->rect();
    const QPoint label(int(view.plot()->xAxis->coordToPixel(3)), rect.bottom() + 12);
    QTest::mouseClick(view.plot(), Qt::LeftButton, {}, label);
    QCOMPARE(selected.count(), 0);
    QCOMPARE(view.selectedToken(), 2);
    // A click on a row label does.
    QTest::mouseClick(view.plot(), Qt::LeftButton, {}, QPoint(rect.left() - 12, int(view.plot()->yAxis->coordToPixel(4))));
    QCOMPARE(selected.count(), 1);
    QCOMPARE(view.selectedToken(), 4);
}

void TestCrossHeatmap::theFigureHasBothSentences() {
    HeadImageOptions options;
    const auto figure = headFigure(crossTrace(), 0, 1, options);
    QVERIFY(figure);
    const QStringList texts = figuretests::svgTexts(figureBytes(*figure, ImageFormat::Svg));
    for (const QString& text : {QStringLiteral("katten"), QStringLiteral("måtten"), QStringLiteral("sits"),
                                HeatmapFigure::targetAxisTitle(), HeatmapFigure::sourceAxisTitle()})
        QVERIFY2(texts.contains(text), qPrintable(text + QStringLiteral(" not in ") + texts.join(QLatin1String(" | "))));
    QVERIFY2(std::any_of(texts.begin(), texts.end(), [](const QString& t) { return t.contains(stackTitle(StackKind::Cross)); }),
             qPrintable(texts.join(QLatin1String(" | "))));
    // Hidden special tokens leave both axes.
    options.hideSpecialTokens = true;
    const QStringList hidden = figuretests::svgTexts(figureBytes(*headFigure(crossTrace(), 0, 1, options), ImageFormat::Svg));
    QVERIFY(!hidden.contains(QStringLiteral("</s>")));
    QVERIFY(!hidden.contains(QStringLiteral("<pad>")));
    QVERIFY(hidden.contains(QStringLiteral("katten")));
}

QTEST_MAIN(TestCrossHeatmap)
#include "tst_crossheatmap.moc"
