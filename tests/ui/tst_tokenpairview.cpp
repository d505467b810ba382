// TokenPairView offscreen: each cell of the layers × heads heatmap is exactly the trace's weight
// from the chosen query to the chosen key (renormalised like every view when special tokens are
// hidden); the token boxes list the tokens shown and pick the pair; hovering names the head and
// its weight; a click selects the head and a double-click opens it; the current head is
// outlined; and the figure is the same matrix, at scale 2 the scale-1 figure at twice the pixels.

#include <QComboBox>
#include <QMouseEvent>
#include <QApplication>
#include <QSignalSpy>
#include <QtTest>
#include <qcustomplot.h>

#include "FigureTestSupport.h"
#include "TestTraces.h"
#include "figures/FigureWriter.h"
#include "figures/HeatmapFigure.h"
#include "views/TokenPairView.h"
#include "views/ViewSupport.h"
#include "WidgetTestSupport.h"

using namespace headmap;
using namespace headmap::ui;

namespace {

using testsupport::showWidget;

const QString kSentence = QStringLiteral("The animal didn't cross the street because it was too tired");

// Where the tests show the view unless they need another size.
const QSize kViewSize(900, 600);

void pick(QComboBox* box, int token) {
    const int index = box->findData(token);
    QVERIFY(index >= 0);
    box->setCurrentIndex(index);
    emit box->activated(index);  // as a user's choice does
}

}  // namespace

class TokenPairViewTest : public QObject {
    Q_OBJECT
private slots:
    // In a narrow tab (800 px with the predictions panel open) the plot keeps most of the height:
    // the hint beside the boxes wrapped one word a line and the row took the tab (issue #36).
    void narrowTabLeavesThePlotItsHeight_data() {
        QTest::addColumn<int>("width");
        QTest::newRow("480 px") << 480;
        QTest::newRow("360 px") << 360;
    }

    void narrowTabLeavesThePlotItsHeight() {
        QFETCH(int, width);
        TokenPairView view;
        QVERIFY(showWidget(view, QSize(width, 400)));
        view.setData(testtraces::teachingTrace(kSentence), false);
        QApplication::processEvents();
        QVERIFY2(view.plot()->height() >= 400 / 2, qPrintable(QString::number(view.plot()->height())));
        QVERIFY(view.minimumSizeHint().height() <= 400);
    }

    void cellsAreTheTraceWeights_data() {
        QTest::addColumn<QString>("sentence");
        QTest::addColumn<int>("layers");
        QTest::addColumn<int>("query");
        QTest::addColumn<int>("key");
        QTest::newRow("it to animal") << kSentence << 2 << 10 << 2;
        QTest::newRow("self") << kSentence << 2 << 5 << 5;
        QTest::newRow("first to last") << kSentence << 3 << 0 << 12;
        QTest::newRow("chinese") << QStringLiteral("深入了解Transformer模型") << 2 << 4 << 1;
    }

    void cellsAreTheTraceWeights() {
        QFETCH(QString, sentence);
        QFETCH(int, layers);
        QFETCH(int, query);
        QFETCH(int, key);
        const auto trace = testtraces::teachingTrace(sentence, layers);
        QVERIFY(query < trace->length() && key < trace->length());
        TokenPairView view;
        QVERIFY(showWidget(view, kViewSize));
        view.setData(trace, false);
        QSignalSpy changed(&view, &TokenPairView::pairChanged);
        pick(view.queryBox(), query);
        pick(view.keyBox(), key);
        QCOMPARE(view.queryToken(), query);
        QCOMPARE(view.keyToken(), key);
        QVERIFY(!changed.isEmpty());
        QCOMPARE(changed.last().at(0).toInt(), query);
        QCOMPARE(view.values().rows(), trace->layers());
        QCOMPARE(view.values().cols(), trace->heads());
        for (int l = 0; l < trace->layers(); ++l)
            for (int h = 0; h < trace->heads(); ++h) {
                // One query's row from the layer's queries and keys (AttentionTrace::row): the
                // whole head's weight to 1e-6, not bit for bit.
                QVERIFY(std::abs(double(view.values()(l, h)) - double(trace->weight(l, h, query, key))) <= 1e-6);
                QCOMPARE(view.cellValue(l, h), double(view.values()(l, h)));  // 0 to 1 scale
            }
        const QStringList labels = trace->displayTokens();
        QCOMPARE(view.title(), QStringLiteral("How much '%1' #%2 attends to '%3' #%4 in every head")
                                   .arg(labels[query]).arg(query).arg(labels[key]).arg(key));
    }

    void defaultsAndKeptPair() {
        const auto trace = testtraces::teachingTrace(kSentence);
        TokenPairView view;
        QVERIFY(showWidget(view, kViewSize));
        view.setData(trace, false);
        QCOMPARE(view.queryToken(), trace->length() - 2);  // the last word looking at the first
        QCOMPARE(view.keyToken(), 1);
        QCOMPARE(view.queryBox()->count(), trace->length());
        view.setPair(10, 2);
        // The same tokens again (another layer, a style change): the pair stays.
        view.setData(testtraces::teachingTrace(kSentence), false);
        QCOMPARE(view.queryToken(), 10);
        QCOMPARE(view.keyToken(), 2);
        // Swap.
        view.findChild<QToolButton*>()->click();
        QCOMPARE(view.queryToken(), 2);
        QCOMPARE(view.keyToken(), 10);
        // Another sentence: back to the defaults.
        const auto other = testtraces::teachingTrace(QStringLiteral("short one"));
        view.setData(other, false);
        QCOMPARE(view.queryToken(), other->length() - 2);
        QCOMPARE(view.keyToken(), 1);
        // A sentence ending in a full stop: the last word, not the stop, looks at the first.
        const auto stopped = testtraces::teachingTrace(kSentence + QStringLiteral("."));
        view.setData(stopped, false);
        QCOMPARE(stopped->displayTokens().value(stopped->length() - 2), QStringLiteral("."));
        QCOMPARE(view.queryToken(), stopped->length() - 3);
        QCOMPARE(view.keyToken(), 1);
        // Only special tokens: they are all there is to pick.
        view.setData(testtraces::blankTrace(1, 1, {"[CLS]", "[SEP]"}, {true, true}), false);
        QCOMPARE(view.queryToken(), 1);
        QCOMPARE(view.keyToken(), 0);
        view.setData(nullptr, false);
        QCOMPARE(view.values().size(), 0);
        QVERIFY(view.title().contains(QStringLiteral("Type a sentence")));
    }

    void hiddenSpecialTokensRenormalise() {
        const auto trace = testtraces::teachingTrace(kSentence);
        TokenPairView view;
        QVERIFY(showWidget(view, kViewSize));
        view.setData(trace, true);
        const QStringList shown = shownLabels(*trace, true);
        QCOMPARE(view.queryBox()->count(), shown.size());
        QVERIFY(view.keyBox()->findData(0) < 0);  // [CLS] is not offered
        view.setPair(10, 2);
        const int q = shownTokenIndex(*trace, true, 10), k = shownTokenIndex(*trace, true, 2);
        for (int l = 0; l < trace->layers(); ++l)
            for (int h = 0; h < trace->heads(); ++h)
                QVERIFY(qAbs(view.values()(l, h) - shownHead(*trace, l, h, true)(q, k)) < 1e-6f);
        view.setPair(0, 2);  // a hidden token is refused
        QCOMPARE(view.queryToken(), 10);
    }

    void hoverNamesTheHead() {
        const auto trace = testtraces::teachingTrace(kSentence);
        TokenPairView view;
        QVERIFY(showWidget(view, kViewSize));
        view.setData(trace, false);
        view.setPair(10, 2);
        QSignalSpy hovered(&view, &TokenPairView::cellHovered);
        const QPoint centre = view.cellCenter(1, 3);
        QMouseEvent move(QEvent::MouseMove, QPointF(centre), view.plot()->mapToGlobal(QPointF(centre)), Qt::NoButton,
                         Qt::NoButton, Qt::NoModifier);
        QApplication::sendEvent(view.plot(), &move);
        QCOMPARE(hovered.count(), 1);
        QCOMPARE(hovered.first().at(0).toInt(), 1);
        QCOMPARE(hovered.first().at(1).toInt(), 3);
        QVERIFY2(view.hoverText().startsWith(QStringLiteral("Layer 1, head 3:")), qPrintable(view.hoverText()));
        QVERIFY(view.hoverText().contains(QString::number(double(trace->weight(1, 3, 10, 2)), 'f', 4)));
    }

    void clickSelectsDoubleClickOpens_data() {
        QTest::addColumn<int>("layer");
        QTest::addColumn<int>("head");
        QTest::newRow("first") << 0 << 0;
        QTest::newRow("last") << 1 << 3;
        QTest::newRow("middle") << 1 << 1;
    }

    void clickSelectsDoubleClickOpens() {
        QFETCH(int, layer);
        QFETCH(int, head);
        TokenPairView view;
        QVERIFY(showWidget(view, kViewSize));
        view.setData(testtraces::teachingTrace(kSentence), false);
        QSignalSpy selected(&view, &TokenPairView::headSelected);
        QSignalSpy activated(&view, &TokenPairView::headActivated);
        QTest::mouseClick(view.plot(), Qt::LeftButton, Qt::NoModifier, view.cellCenter(layer, head));
        QCOMPARE(selected.count(), 1);
        QCOMPARE(selected.first(), (QList<QVariant>{layer, head}));
        QTest::mouseDClick(view.plot(), Qt::LeftButton, Qt::NoModifier, view.cellCenter(layer, head));
        QCOMPARE(activated.count(), 1);
        QCOMPARE(activated.first(), (QList<QVariant>{layer, head}));
        // Outside the cells: nothing.
        selected.clear();
        QTest::mouseClick(view.plot(), Qt::LeftButton, Qt::NoModifier, QPoint(2, 2));
        QCOMPARE(selected.count(), 0);
    }

    void currentHeadOutlined() {
        TokenPairView view;
        QVERIFY(showWidget(view, kViewSize));
        view.setData(testtraces::teachingTrace(kSentence), false);
        view.setCurrentHead(1, 2);
        QCPItemRect* outline = nullptr;
        for (int i = 0; i < view.plot()->itemCount(); ++i)
            if (auto* rect = qobject_cast<QCPItemRect*>(view.plot()->item(i)))
                outline = rect;
        QVERIFY(outline && outline->visible());
        QCOMPARE(outline->topLeft->coords(), QPointF(1.5, 0.5));
        QCOMPARE(outline->bottomRight->coords(), QPointF(2.5, 1.5));
        view.setCurrentHead(5, 0);  // no such layer
        QVERIFY(!outline->visible());
    }

    void figureIsTheMatrix_data() {
        QTest::addColumn<int>("layers");
        QTest::newRow("two layers") << 2;
        QTest::newRow("six layers") << 6;
    }

    void figureIsTheMatrix() {
        QFETCH(int, layers);
        const auto trace = testtraces::teachingTrace(kSentence, layers);
        TokenPairView view;
        QVERIFY(showWidget(view, kViewSize));
        view.setData(trace, false);
        view.setPair(10, 2);
        const auto figure = view.figure();
        QVERIFY(figure);
        const auto* heatmap = dynamic_cast<const HeatmapFigure*>(figure.get());
        QVERIFY(heatmap);
        const FigurePanel& panel = heatmap->layout().spec().panels.front();
        QCOMPARE(panel.rows, layers);
        QCOMPARE(panel.columns, 4);
        QCOMPARE(panel.rowTitle, QStringLiteral("Layer"));
        QCOMPARE(panel.columnTitle, QStringLiteral("Head"));
        QVERIFY(figure->title().contains(QStringLiteral("how much 'it' #10 attends to 'animal' #2")));
        const QImage one = renderFigure(*figure, 1.0), two = renderFigure(*figure, 2.0);
        QCOMPARE(two.size(), one.size() * 2);
        const QImage shrunk = two.scaled(one.size(), Qt::IgnoreAspectRatio, Qt::SmoothTransformation);
        const double difference = figuretests::meanAbsoluteDifference(one, shrunk);
        QVERIFY2(difference < 4.0, qPrintable(QStringLiteral("mean difference %1 of 255").arg(difference)));
        view.setData(nullptr, false);
        QVERIFY(!view.figure());
    }
};

QTEST_MAIN(TokenPairViewTest)
#include "tst_tokenpairview.moc"
