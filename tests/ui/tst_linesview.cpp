// LinesView and LinesFigure offscreen: hovering a token shows only its lines (outgoing on the
// left, incoming on the right) and exactly those above the weight threshold; a click pins;
// head checkboxes add and remove a head's lines; the pair filter keeps only A → B or B → A;
// hidden special tokens leave the columns and renormalise the rows; the second sentence is
// found from the separators; 500 tokens scroll, thin their labels and cap the lines per query;
// the figure at scale 2 is the scale-1 figure at twice the pixels and draws the view's lines.

#include <map>
#include <set>

#include <QCheckBox>
#include <QComboBox>
#include <QLabel>
#include <QMouseEvent>
#include <QScrollArea>
#include <QToolButton>
#include <QtTest>

#include "FigureTestSupport.h"
#include "TestTraces.h"
#include "analysis/AttentionTransforms.h"
#include "figures/FigureWriter.h"
#include "figures/LinesFigure.h"
#include "views/LinesView.h"
#include "views/ViewSupport.h"
#include "WidgetTestSupport.h"

using namespace headmap;
using namespace headmap::ui;

namespace {

using testsupport::showWidget;

const QString kSentence = QStringLiteral("The animal didn't cross the street because it was too tired");

void hover(LinesView& view, const QPoint& point) {
    QMouseEvent move(QEvent::MouseMove, QPointF(point), view.canvas()->mapToGlobal(QPointF(point)), Qt::NoButton,
                     Qt::NoButton, Qt::NoModifier);
    QApplication::sendEvent(view.canvas(), &move);
}

void click(LinesView& view, const QPoint& point) {
    QTest::mouseClick(view.canvas(), Qt::LeftButton, Qt::NoModifier, point);
}

void leave(LinesView& view) {
    QEvent event(QEvent::Leave);
    QApplication::sendEvent(view.canvas(), &event);
}

// Where the tests show the view unless they need another size.
const QSize kViewSize(900, 700);

// [CLS] a b [SEP] c d e [SEP]: every row uniform over the 8 tokens, so every line is drawn.
std::shared_ptr<AttentionTrace> pairTrace(int heads = 2) {
    const QStringList tokens{"[CLS]", "a", "b", "[SEP]", "c", "d", "e", "[SEP]"};
    std::vector<bool> special{true, false, false, true, false, false, false, true};
    auto trace = testtraces::blankTrace(1, heads, tokens, special);
    for (int h = 0; h < heads; ++h)
        std::fill(trace->headData(0, h), trace->headData(0, h) + 64, 1.0f / 8);
    return trace;
}

// The lines expected for a focus, straight from the weights: every (head, query, key) above the
// threshold, as a sorted list of triples.
QList<QList<int>> expectedLines(const AttentionTrace& trace, int layer, const QList<int>& heads, LineSide side,
                                int token, float minWeight) {
    QList<QList<int>> lines;
    for (int h : heads)
        for (int other = 0; other < trace.length(); ++other) {
            const int q = side == LineSide::Query ? token : other, k = side == LineSide::Query ? other : token;
            if (trace.weight(layer, h, q, k) >= minWeight)
                lines << QList<int>{h, q, k};
        }
    std::sort(lines.begin(), lines.end());
    return lines;
}

QList<QList<int>> drawnLines(const LinesView& view) {
    QList<QList<int>> lines;
    for (const AttentionLine& line : view.visibleLines())
        lines << QList<int>{line.head, line.query, line.key};
    std::sort(lines.begin(), lines.end());
    return lines;
}

}  // namespace

class LinesViewTest : public QObject {
    Q_OBJECT
private slots:
    void hoverShowsOnlyItsLines_data() {
        QTest::addColumn<QString>("sentence");
        QTest::addColumn<int>("side");
        QTest::addColumn<int>("token");
        QTest::newRow("query it") << kSentence << int(LineSide::Query) << 10;
        QTest::newRow("query first") << kSentence << int(LineSide::Query) << 0;
        QTest::newRow("key animal") << kSentence << int(LineSide::Key) << 2;
        QTest::newRow("key last") << kSentence << int(LineSide::Key) << 12;
        QTest::newRow("chinese query") << QStringLiteral("深入了解Transformer模型") << int(LineSide::Query) << 3;
    }

    void hoverShowsOnlyItsLines() {
        QFETCH(QString, sentence);
        QFETCH(int, side);
        QFETCH(int, token);
        const auto trace = testtraces::teachingTrace(sentence);
        QVERIFY(token < trace->length());
        LinesView view;
        QVERIFY(showWidget(view, kViewSize));
        view.setData(trace, 1, false);
        view.setShownHeads({0, 1, 2, 3});
        const LineSide s = LineSide(side);
        hover(view, view.tokenPoint(s, token));
        QCOMPARE(view.hovered().side, s);
        QCOMPARE(view.hovered().token, token);
        QVERIFY(!view.visibleLines().empty());
        QCOMPARE(drawnLines(view), expectedLines(*trace, 1, {0, 1, 2, 3}, s, token, view.limits().minWeight));
        for (const AttentionLine& line : view.visibleLines())  // each line carries its weight
            QCOMPARE(line.weight, trace->weight(1, line.head, line.query, line.key));
        leave(view);
        QCOMPARE(view.focus().side, LineSide::None);
        QVERIFY(qsizetype(view.visibleLines().size()) > expectedLines(*trace, 1, {0, 1, 2, 3}, s, token, 0.01f).size());
    }

    void valueNormOpacityIsRelativeToTheLayer_data() {
        QTest::addColumn<QString>("sentence");
        QTest::addColumn<int>("token");
        QTest::newRow("query it") << kSentence << 10;
        QTest::newRow("chinese query") << QStringLiteral("深入了解Transformer模型") << 3;
    }

    // With the weight × value norm measure the trace's values are not bounded by 1: each line's
    // opacity is its value over the largest of the layer (all heads), and the note says so.
    void valueNormOpacityIsRelativeToTheLayer() {
        QFETCH(QString, sentence);
        QFETCH(int, token);
        auto weights = testtraces::teachingTrace(sentence);
        AttentionTrace norms = *weights;
        for (int h = 0; h < norms.heads(); ++h)  // a stand-in for ‖αv‖: weights times 3 + h
            for (int i = 0; i < norms.length() * norms.length(); ++i)
                norms.headData(1, h)[i] *= float(3 + h);
        const auto trace = std::make_shared<const AttentionTrace>(std::move(norms));
        float largest = 0.0f;
        for (int h = 0; h < trace->heads(); ++h)
            largest = std::max(largest, trace->head(1, h).maxCoeff());
        LinesView view;
        QVERIFY(showWidget(view, kViewSize));
        view.setValueNorm(true);
        view.setData(trace, 1, false);
        view.setShownHeads({0, 2});
        hover(view, view.tokenPoint(LineSide::Query, token));
        QVERIFY(!view.visibleLines().empty());
        for (const AttentionLine& line : view.visibleLines()) {
            const float expected = trace->weight(1, line.head, line.query, line.key) / largest;
            QVERIFY(qAbs(line.weight - expected) <= 1e-6f);
            QVERIFY(line.weight <= 1.0f && line.weight >= view.limits().minWeight);
        }
        QVERIFY2(view.noteLabel()->text().contains(QStringLiteral("value norm")), qPrintable(view.noteLabel()->text()));
        view.setValueNorm(false);  // back to weights: the note and the values as they are
        QVERIFY(view.noteLabel()->text().contains(QStringLiteral("attention weight")));
        QVERIFY(std::any_of(view.visibleLines().begin(), view.visibleLines().end(),
                            [](const AttentionLine& line) { return line.weight > 1.0f; }));
    }

    void clickPinsAndReleases() {
        const auto trace = testtraces::teachingTrace(kSentence);
        LinesView view;
        QVERIFY(showWidget(view, kViewSize));
        view.setData(trace, 0, false);
        const QPoint it = view.tokenPoint(LineSide::Query, 10);
        click(view, it);
        QCOMPARE(view.pinned(), (LinesFocus{LineSide::Query, 10}));
        // Moving over the lines' middle hovers nothing: the pinned token's lines stay.
        hover(view, QPoint((view.tokenPoint(LineSide::Query, 0).x() + view.tokenPoint(LineSide::Key, 0).x()) / 2, it.y()));
        QCOMPARE(view.hovered().side, LineSide::None);
        QCOMPARE(drawnLines(view), expectedLines(*trace, 0, {0}, LineSide::Query, 10, view.limits().minWeight));
        // Hovering another token shows that one's lines while the mouse is there.
        hover(view, view.tokenPoint(LineSide::Key, 3));
        QCOMPARE(drawnLines(view), expectedLines(*trace, 0, {0}, LineSide::Key, 3, view.limits().minWeight));
        leave(view);
        QCOMPARE(drawnLines(view), expectedLines(*trace, 0, {0}, LineSide::Query, 10, view.limits().minWeight));
        click(view, it);  // a second click lets go
        QCOMPARE(view.pinned().side, LineSide::None);
        // The export keeps the pin, not a passing hover.
        click(view, view.tokenPoint(LineSide::Key, 2));
        hover(view, view.tokenPoint(LineSide::Query, 5));
        const LinesFigure figure(view.figureData());
        for (const AttentionLine& line : figure.lines())
            QCOMPARE(line.key, 2);
        QVERIFY(figure.texts().join(' ').contains(QStringLiteral("Only who looks at 'animal' #2")));
    }

    void headBoxesAddAndRemoveHeads() {
        const auto trace = testtraces::teachingTrace(kSentence);
        LinesView view;
        QVERIFY(showWidget(view, kViewSize));
        // As the window starts: no trace yet, then the document's head, then the trace.
        view.setData(nullptr, 0, false);
        view.setCurrentHead(1);
        view.setData(trace, 1, false);
        QCOMPARE(view.shownHeads(), QList<int>{1});
        view.setCurrentHead(2);
        QCOMPARE(view.shownHeads(), QList<int>{2});  // follows the document's head
        QVERIFY(view.headBox(2)->isChecked());
        QTRY_VERIFY(view.headBox(0)->isVisible());  // shown and laid out, as on screen
        QCoreApplication::processEvents();
        QTest::mouseClick(view.headBox(0), Qt::LeftButton);
        QCOMPARE(view.shownHeads(), (QList<int>{0, 2}));
        std::set<int> heads;
        for (const AttentionLine& line : view.visibleLines())
            heads.insert(line.head);
        QVERIFY(heads == (std::set<int>{0, 2}));
        view.setCurrentHead(3);  // a choice of several heads is kept
        QCOMPARE(view.shownHeads(), (QList<int>{0, 2}));
        QTest::mouseClick(view.headBox(2), Qt::LeftButton);
        QCOMPARE(view.shownHeads(), QList<int>{0});
        for (const AttentionLine& line : view.visibleLines())
            QCOMPARE(line.head, 0);
        view.findChildren<QToolButton*>().at(1)->click();  // None
        QVERIFY(view.visibleLines().empty());
        QVERIFY(view.title().contains(QStringLiteral("no head")));
        view.findChildren<QToolButton*>().at(0)->click();  // All
        QCOMPARE(view.shownHeads(), (QList<int>{0, 1, 2, 3}));
        QCOMPARE(view.title(), QStringLiteral("Layer 1 · heads 0, 1, 2, 3"));
    }

    void secondSentenceFromSeparators_data() {
        QTest::addColumn<QStringList>("tokens");
        QTest::addColumn<QList<int>>("specials");
        QTest::addColumn<int>("start");
        QTest::newRow("bert pair") << QStringList{"[CLS]", "a", "[SEP]", "b", "c", "[SEP]"} << QList<int>{0, 2, 5} << 3;
        QTest::newRow("roberta pair") << QStringList{"<s>", "a", "</s>", "</s>", "b", "</s>"} << QList<int>{0, 2, 3, 5} << 4;
        QTest::newRow("one sentence") << QStringList{"[CLS]", "a", "b", "[SEP]"} << QList<int>{0, 3} << -1;
        QTest::newRow("no special tokens") << QStringList{"a", "b"} << QList<int>{} << -1;
        QTest::newRow("only special tokens") << QStringList{"[CLS]", "[SEP]"} << QList<int>{0, 1} << -1;
    }

    void secondSentenceFromSeparators() {
        QFETCH(QStringList, tokens);
        QFETCH(QList<int>, specials);
        QFETCH(int, start);
        std::vector<bool> special(size_t(tokens.size()), false);
        for (int i : specials)
            special[size_t(i)] = true;
        const auto trace = testtraces::blankTrace(1, 1, tokens, special);
        QCOMPARE(secondSentenceStart(*trace), start);
    }

    void pairFilterKeepsOneDirection_data() {
        QTest::addColumn<int>("filter");
        QTest::addColumn<int>("expected");  // lines per head
        QTest::newRow("all") << int(PairFilter::All) << 64;
        QTest::newRow("A to B") << int(PairFilter::AToB) << 4 * 4;  // [CLS] a b [SEP] -> c d e [SEP]
        QTest::newRow("B to A") << int(PairFilter::BToA) << 4 * 4;
    }

    void pairFilterKeepsOneDirection() {
        QFETCH(int, filter);
        QFETCH(int, expected);
        const auto trace = pairTrace();
        LinesView view;
        QVERIFY(showWidget(view, kViewSize));
        view.setData(trace, 0, false, secondSentenceStart(*trace));
        view.setShownHeads({0, 1});
        QVERIFY(view.hasPair());
        QVERIFY(view.filterBox()->isEnabled());
        view.filterBox()->setCurrentIndex(view.filterBox()->findData(filter));
        QCOMPARE(int(view.filter()), filter);
        QCOMPARE(int(view.visibleLines().size()), 2 * expected);
        for (const AttentionLine& line : view.visibleLines()) {
            const bool queryInA = line.query < 4, keyInA = line.key < 4;
            if (PairFilter(filter) == PairFilter::AToB)
                QVERIFY(queryInA && !keyInA);
            if (PairFilter(filter) == PairFilter::BToA)
                QVERIFY(!queryInA && keyInA);
        }
        if (PairFilter(filter) != PairFilter::All)
            QVERIFY(view.note().contains(pairFilterName(PairFilter(filter))));
        // A single sentence has no filter.
        view.setData(trace, 0, false, -1);
        QVERIFY(!view.filterBox()->isEnabled());
        QCOMPARE(view.filter(), PairFilter::All);
        QCOMPARE(int(view.visibleLines().size()), 2 * 64);
    }

    void hiddenSpecialTokensLeaveTheColumns() {
        const auto trace = pairTrace(1);
        float* data = trace->headData(0, 0);  // a row that is not uniform, to see renormalising
        for (int k = 0; k < 8; ++k)
            data[1 * 8 + k] = k == 0 ? 0.5f : 0.5f / 7;
        LinesView view;
        QVERIFY(showWidget(view, kViewSize));
        view.setData(trace, 0, true, secondSentenceStart(*trace));
        QCOMPARE(view.labels(), (QStringList{"a", "b", "c", "d", "e"}));
        QCOMPARE(view.segments(), (std::vector<int>{0, 0, 1, 1, 1}));
        const MatrixF expected = shownHead(*trace, 0, 0, true);  // (5, 5), rows renormalised
        hover(view, view.tokenPoint(LineSide::Query, 0));
        QCOMPARE(int(view.visibleLines().size()), 5);
        for (const AttentionLine& line : view.visibleLines()) {
            QCOMPARE(line.query, 0);
            QCOMPARE(line.weight, expected(0, line.key));
        }
        QCOMPARE(expected.row(0).sum(), 1.0f);
        view.filterBox()->setCurrentIndex(view.filterBox()->findData(int(PairFilter::AToB)));
        QCOMPARE(int(view.visibleLines().size()), 3);  // a -> c d e
        // Every token special: a message instead of columns.
        const auto specials = testtraces::blankTrace(1, 1, {"[CLS]", "[SEP]"}, {true, true});
        view.setData(specials, 0, true);
        QVERIFY(view.labels().isEmpty());
        QVERIFY(view.visibleLines().empty());
    }

    void longInputScrollsThinsAndCaps() {
        const auto trace = figuretests::randomTrace(1, 4, 500);
        LinesView view;
        QVERIFY(showWidget(view, QSize(900, 640)));
        view.setData(trace, 0, false);
        view.setShownHeads({0, 1, 2, 3});
        QCOMPARE(view.rowHeight(), double(LinesView::kMinRow));
        QVERIFY(view.canvas()->height() > view.scrollArea()->viewport()->height());
        const QList<int> labelled = view.labelledTokens();
        QVERIFY(labelled.size() > 10 && labelled.size() < 500);
        QVERIFY(view.linesCapped());
        // 500 tokens × 4 heads: the line budget leaves 3 lines per query and head.
        QCOMPARE(view.perQueryCap(), std::min(view.limits().maxPerQuery, view.limits().maxLines / 2000));
        QVERIFY(int(view.visibleLines().size()) <= view.limits().maxLines);
        QVERIFY2(view.note().contains(QStringLiteral("at most 3 lines")), qPrintable(view.note()));
        std::map<std::pair<int, int>, int> perQuery;
        for (const AttentionLine& line : view.visibleLines())
            ++perQuery[{line.query, line.head}];
        for (const auto& [key, count] : perQuery)
            QVERIFY(count <= view.perQueryCap());
        // The kept lines are each query's strongest.
        for (const AttentionLine& line : view.visibleLines()) {
            int stronger = 0;
            for (int k = 0; k < 500; ++k)
                stronger += trace->weight(0, line.head, line.query, k) > line.weight;
            QVERIFY(stronger < view.perQueryCap());
        }
        // A hovered token far down shows all of its lines, uncapped.
        view.scrollArea()->ensureVisible(0, view.tokenPoint(LineSide::Query, 450).y());
        hover(view, view.tokenPoint(LineSide::Query, 450));
        QCOMPARE(view.hovered().token, 450);
        QCOMPARE(drawnLines(view), expectedLines(*trace, 0, {0, 1, 2, 3}, LineSide::Query, 450, view.limits().minWeight));
        QVERIFY(view.grab().width() > 0);  // paints without trouble
    }

    void figureScaleOnlyChangesPixels_data() {
        QTest::addColumn<int>("tokens");  // 0: the teaching sentence
        QTest::addColumn<bool>("pair");
        QTest::newRow("sentence") << 0 << false;
        QTest::newRow("pair with pinned token") << 0 << true;
        QTest::newRow("500 tokens") << 500 << false;
    }

    void figureScaleOnlyChangesPixels() {
        QFETCH(int, tokens);
        QFETCH(bool, pair);
        const auto trace = pair ? pairTrace() : tokens > 0 ? figuretests::randomTrace(1, 4, tokens)
                                                           : testtraces::teachingTrace(kSentence);
        LinesView view;
        QVERIFY(showWidget(view, kViewSize));
        view.setData(trace, 0, false, pair ? secondSentenceStart(*trace) : -1);
        view.setShownHeads({0, 1});
        if (pair)
            view.setPinned({LineSide::Key, 5});
        const LinesFigure figure(view.figureData());
        const QImage one = renderFigure(figure, 1.0), two = renderFigure(figure, 2.0);
        QCOMPARE(one.size(), figure.pageSize());
        QCOMPARE(two.size(), figure.pageSize() * 2);
        const QImage shrunk = two.scaled(one.size(), Qt::IgnoreAspectRatio, Qt::SmoothTransformation);
        const double difference = figuretests::meanAbsoluteDifference(one, shrunk);
        QVERIFY2(difference < 4.0, qPrintable(QStringLiteral("mean difference %1 of 255").arg(difference)));
        // Everything on the page; labels of one column do not overlap.
        QRectF previous;
        for (const FigureItem& item : figure.items()) {
            QVERIFY2(QRectF(QPointF(0, 0), QSizeF(figure.pageSize())).contains(item.rect),
                     qPrintable(item.role + ' ' + item.text));
            if (item.role == QLatin1String("queryLabel")) {
                QVERIFY(previous.isNull() || item.rect.top() >= previous.bottom() - 0.01);
                previous = item.rect;
            }
        }
        // The figure draws the view's lines (its pinned token, its heads).
        QCOMPARE(figure.lines().size(), view.visibleLines().size());
        QStringList legend;
        for (const FigureItem& item : figure.items())
            if (item.role == QLatin1String("legend"))
                legend << item.text;
        QCOMPARE(legend, (QStringList{"head 0", "head 1"}));
        if (tokens == 500)
            QVERIFY(figure.labelStep() > 1 && figure.pageSize().height() < 1000);
    }

    void figureFillsAGivenPage() {
        const auto trace = testtraces::teachingTrace(kSentence);
        LinesFigureData data;
        data.title = QStringLiteral("teaching · lines");
        data.input.labels = trace->displayTokens();
        data.input.heads.push_back({1, MatrixF(trace->head(0, 1))});
        data.page = QSize(700, 500);
        const LinesFigure figure(data);
        QCOMPARE(figure.pageSize(), QSize(700, 500));
        for (const FigureItem& item : figure.items())
            QVERIFY2(QRectF(0, 0, 700, 500).contains(item.rect), qPrintable(item.role));
        QVERIFY(figure.rowHeight() > LinesFigure::kMaxRow);  // the rows grew to fill the page
    }
};

QTEST_MAIN(LinesViewTest)
#include "tst_linesview.moc"
