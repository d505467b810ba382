// LinesView and LinesFigure over cross-attention (issue #37): an alignment, the source sentence
// in a row above and the target sentence in a row below, as in the translation literature's
// alignment figures. Each row keeps its tokens in reading order; a short sentence is laid out as
// words (every token labelled), 500- and 2,000-token ones in equal slots with thinned labels that still fit
// the view's width; hovering a target token shows exactly its lines to the source, hovering a
// source token exactly the target tokens' lines to it; the figure draws the same lines with the
// source's labels above the target's, within its page, at scale 2 the scale-1 figure at twice
// the pixels. AlignmentGeometry's rows are checked on their own too.

#include <QMouseEvent>
#include <QScrollArea>
#include <QScrollBar>
#include <QtTest>

#include "FigureTestSupport.h"
#include "SyntheticSeq2Seq.h"
#include "figures/AlignmentGeometry.h"
#include "figures/FigureWriter.h"
#include "figures/LinesFigure.h"
#include "views/LinesView.h"
#include "WidgetTestSupport.h"

using namespace headmap;
using namespace headmap::ui;

namespace {

const QSize kViewSize(900, 640);

QStringList numbered(const QString& stem, int n) {
    QStringList tokens;
    for (int i = 0; i < n; ++i)
        tokens << stem + QString::number(i);
    return tokens;
}

// The cross-attention trace of a synthetic translation: its weights peaked near a diagonal that
// differs per head (as a trained head's alignment is), each row normalised.
std::shared_ptr<AttentionTrace> crossTrace(const QStringList& source, const QStringList& target) {
    RunResult run = testsupport::syntheticSeq2SeqRun(source, target);
    auto trace = std::make_shared<AttentionTrace>(run.trace);
    const int t = trace->length(), s = trace->keyLength();
    for (int l = 0; l < trace->layers(); ++l)
        for (int h = 0; h < trace->heads(); ++h) {
            float* data = trace->headData(l, h);  // (T, S)
            for (int q = 0; q < t; ++q) {
                const float centre = h % 2 == 0 ? float(q) * s / t : float(t - 1 - q) * s / t;
                float sum = 0;
                for (int k = 0; k < s; ++k) {
                    const float d = 1.0f + std::abs(float(k) - centre);
                    data[q * s + k] = 1.0f / (d * d);
                    sum += data[q * s + k];
                }
                for (int k = 0; k < trace->keyLength(); ++k)
                    data[q * trace->keyLength() + k] /= sum;
            }
        }
    return trace;
}

void hover(LinesView& view, const QPoint& point) {
    QMouseEvent move(QEvent::MouseMove, QPointF(point), view.canvas()->mapToGlobal(QPointF(point)), Qt::NoButton,
                     Qt::NoButton, Qt::NoModifier);
    QApplication::sendEvent(view.canvas(), &move);
}

QList<QList<int>> drawnLines(const LinesView& view) {
    QList<QList<int>> lines;
    for (const AttentionLine& line : view.visibleLines())
        lines << QList<int>{line.head, line.query, line.key};
    std::sort(lines.begin(), lines.end());
    return lines;
}

// Every (head, query, key) at or above the threshold through a target (Query) or source (Key) token.
QList<QList<int>> expectedLines(const AttentionTrace& trace, const QList<int>& heads, LineSide side, int token,
                                float minWeight) {
    QList<QList<int>> lines;
    const int others = side == LineSide::Query ? trace.keyLength() : trace.length();
    for (int h : heads)
        for (int other = 0; other < others; ++other) {
            const int q = side == LineSide::Query ? token : other, k = side == LineSide::Query ? other : token;
            if (trace.weight(0, h, q, k) >= minWeight)
                lines << QList<int>{h, q, k};
        }
    std::sort(lines.begin(), lines.end());
    return lines;
}

void addSentences() {
    QTest::addColumn<QStringList>("source");
    QTest::addColumn<QStringList>("target");
    QTest::addColumn<bool>("thinned");
    QTest::newRow("danish to english")
        << QStringList{"▁katten", "▁sidder", "▁på", "▁måtten", "</s>"}
        << QStringList{"<pad>", "▁the", "▁cat", "▁sits", "▁on", "▁the", "▁mat"} << false;
    QTest::newRow("chinese to english")
        << QStringList{"▁深入", "了解", "Trans", "former", "模型", "</s>"}
        << QStringList{"<pad>", "▁under", "stand", "▁the", "▁Trans", "former", "▁model"} << false;
    QTest::newRow("500 tokens") << numbered(QStringLiteral("s"), 500) << numbered(QStringLiteral("t"), 480) << true;
    QTest::newRow("2000 tokens") << numbered(QStringLiteral("s"), 2000) << numbered(QStringLiteral("t"), 1900) << true;
}

}  // namespace

class LinesViewAlignmentTest : public QObject {
    Q_OBJECT
private slots:
    void rowsKeepReadingOrder_data() { addSentences(); }

    void rowsKeepReadingOrder() {
        QFETCH(QStringList, source);
        QFETCH(QStringList, target);
        QFETCH(bool, thinned);
        LinesView view;
        QVERIFY(testsupport::showWidget(view, kViewSize));
        view.setData(crossTrace(source, target), 0, false);
        QCOMPARE(view.labels(), target);
        QCOMPARE(view.keyLabels(), source);
        // Source above target; each row left to right in reading order, within the view's width
        // while every token has 1.5 px of it; a longer row (2,000 tokens) scrolls sideways, and
        // every token can still be pointed at on its own.
        const int viewport = view.scrollArea()->viewport()->width();
        const bool scrolls = 1.5 * double(std::max(source.size(), target.size())) + 24 > viewport;
        const int width = view.canvas()->width();
        QCOMPARE(width > viewport, scrolls);
        for (const auto& [side, n] : {std::pair{LineSide::Key, source.size()}, std::pair{LineSide::Query, target.size()}})
            for (int i = 0; i < n; ++i) {
                const QPoint point = view.tokenPoint(side, i);
                QVERIFY(point.x() >= 0 && point.x() <= width);
                if (i > 0)
                    QVERIFY(point.x() > view.tokenPoint(side, i - 1).x());
                QCOMPARE(view.tokenAt(point), (LinesFocus{side, i}));
            }
        QVERIFY(view.tokenPoint(LineSide::Key, 0).y() < view.tokenPoint(LineSide::Query, 0).y());
        if (!scrolls)
            QVERIFY(width <= viewport);  // no sideways scrolling while the tokens fit
        QTRY_COMPARE(view.scrollArea()->horizontalScrollBar()->isVisible(), scrolls);
        // Short sentences show every token as a word; 500 tokens are thinned.
        const QList<int> labelled = view.labelledTokens();
        if (thinned)
            QVERIFY(labelled.size() > 5 && labelled.size() < target.size());
        else
            QCOMPARE(labelled.size(), target.size());
        QVERIFY(view.grab().width() > 0);
    }

    void hoverShowsExactlyItsLines_data() {
        QTest::addColumn<int>("side");
        QTest::addColumn<int>("token");
        QTest::newRow("target cat") << int(LineSide::Query) << 2;
        QTest::newRow("target start") << int(LineSide::Query) << 0;
        QTest::newRow("source måtten") << int(LineSide::Key) << 3;
        QTest::newRow("source end") << int(LineSide::Key) << 4;
    }

    void hoverShowsExactlyItsLines() {
        QFETCH(int, side);
        QFETCH(int, token);
        const auto trace = crossTrace({"▁katten", "▁sidder", "▁på", "▁måtten", "</s>"},
                                      {"<pad>", "▁the", "▁cat", "▁sits", "▁on", "▁the", "▁mat"});
        LinesView view;
        QVERIFY(testsupport::showWidget(view, kViewSize));
        view.setData(trace, 0, false);
        view.setShownHeads({0, 1, 2});
        const LineSide s = LineSide(side);
        hover(view, view.tokenPoint(s, token));
        QCOMPARE(view.hovered(), (LinesFocus{s, token}));
        QVERIFY(!view.visibleLines().empty());
        QCOMPARE(drawnLines(view), expectedLines(*trace, {0, 1, 2}, s, token, view.limits().minWeight));
    }

    void figureIsTheAlignment_data() { addSentences(); }

    void figureIsTheAlignment() {
        QFETCH(QStringList, source);
        QFETCH(QStringList, target);
        QFETCH(bool, thinned);
        LinesView view;
        QVERIFY(testsupport::showWidget(view, kViewSize));
        view.setData(crossTrace(source, target), 0, false);
        view.setShownHeads({0, 1});
        const LinesFigure figure(view.figureData());
        QVERIFY(figure.drawsAlignment());
        QCOMPARE(figure.lines().size(), view.visibleLines().size());
        const QRectF page(QPointF(0, 0), QSizeF(figure.pageSize()));
        double sourceBottom = 0, targetTop = 1e9;
        QRectF previousSource, previousTarget;
        for (const FigureItem& item : figure.items()) {
            QVERIFY2(page.contains(item.rect), qPrintable(item.role + ' ' + item.text));
            if (item.role == QLatin1String("keyLabel") || item.role == QLatin1String("queryLabel")) {
                const bool isSource = item.role == QLatin1String("keyLabel");
                QRectF& previous = isSource ? previousSource : previousTarget;
                QVERIFY(previous.isNull() || item.rect.left() >= previous.right() - 0.01);  // no overlap, in order
                previous = item.rect;
                if (isSource)
                    sourceBottom = std::max(sourceBottom, item.rect.bottom());
                else
                    targetTop = std::min(targetTop, item.rect.top());
            }
        }
        QVERIFY(sourceBottom < targetTop);
        QVERIFY(figure.keyAnchor(0).y() < figure.queryAnchor(0).y());
        QCOMPARE(figure.labelStep() > 1, thinned);
        QVERIFY(figure.pageSize().width() <= LinesFigure::kMaxAlignmentWidth + 2 * LinesFigure::kMargin + 1);
        const QImage one = renderFigure(figure, 1.0), two = renderFigure(figure, 2.0);
        QCOMPARE(two.size(), figure.pageSize() * 2);
        const QImage shrunk = two.scaled(one.size(), Qt::IgnoreAspectRatio, Qt::SmoothTransformation);
        const double difference = figuretests::meanAbsoluteDifference(one, shrunk);
        QVERIFY2(difference < 4.0, qPrintable(QStringLiteral("mean difference %1 of 255").arg(difference)));
        if (qEnvironmentVariableIsSet("HEADMAP_SCREENSHOT_DIR")) {
            const QString name = QString::fromLatin1(QTest::currentDataTag()).replace(' ', '_');
            one.save(QDir(qEnvironmentVariable("HEADMAP_SCREENSHOT_DIR")).filePath("alignment_" + name + "_x1.png"));
            two.save(QDir(qEnvironmentVariable("HEADMAP_SCREENSHOT_DIR")).filePath("alignment_" + name + "_x2.png"));
            view.grab().save(QDir(qEnvironmentVariable("HEADMAP_SCREENSHOT_DIR")).filePath("alignment_view_" + name + ".png"));
        }
    }

    void geometryRows_data() {
        QTest::addColumn<int>("tokens");
        QTest::addColumn<double>("width");
        QTest::addColumn<bool>("words");
        QTest::newRow("fits") << 6 << 400.0 << true;
        QTest::newRow("exactly fits") << 10 << 100.0 << true;
        QTest::newRow("too long") << 60 << 300.0 << false;
        QTest::newRow("one token") << 1 << 50.0 << true;
        QTest::newRow("empty") << 0 << 50.0 << true;
    }

    void geometryRows() {
        QFETCH(int, tokens);
        QFETCH(double, width);
        QFETCH(bool, words);
        AlignmentMetrics metrics;  // every label 8 units wide, 2 apart: 10 per token as words
        metrics.textWidth = [](const QString&) { return 8.0; };
        metrics.elide = [](const QString& text) { return text; };
        metrics.lineHeight = 10;
        metrics.gap = 2;
        AlignmentGeometry geometry;
        const QStringList labels = numbered(QStringLiteral("w"), tokens);
        geometry.place(labels, labels, metrics, 5, width, 20, 100);
        const AlignmentGeometry::Row& row = geometry.source();
        QCOMPARE(int(row.left.size()), tokens);
        double total = 0;
        for (int i = 0; i < tokens; ++i) {
            total += row.width[size_t(i)];
            if (i > 0)
                QCOMPARE(row.left[size_t(i)], row.left[size_t(i - 1)] + row.width[size_t(i - 1)]);
        }
        QVERIFY(total <= width + 1e-9);
        if (tokens > 0)
            QVERIFY(row.left.front() >= 5 && row.left.back() + row.width.back() <= 5 + width + 1e-9);
        QCOMPARE(row.labelled.size() == tokens, words);
        QCOMPARE(row.step == 1, words);
        QCOMPARE(geometry.linesTop(), 20 + 10 + AlignmentGeometry::kAnchorGap);
        QCOMPARE(geometry.linesBottom() - geometry.linesTop(), 100.0);
        bool isSource = false;
        for (int i = 0; i < tokens; ++i) {
            QCOMPARE(geometry.tokenAt(geometry.sourceLabel(i).center(), &isSource), i);
            QVERIFY(isSource);
            QCOMPARE(geometry.tokenAt(geometry.targetLabel(i).center(), &isSource), i);
            QVERIFY(!isSource);
        }
        QCOMPARE(geometry.tokenAt(QPointF(5 + width / 2, 80), &isSource), -1);  // between the rows
    }
};

QTEST_MAIN(LinesViewAlignmentTest)
#include "tst_linesview_alignment.moc"
