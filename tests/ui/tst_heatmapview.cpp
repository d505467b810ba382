// HeatmapView shown offscreen: the cells hold exactly the values given, hovering a cell names
// its query and key tokens and weight, and the rendered widget is not blank.

#include <QMouseEvent>
#include <QSignalSpy>
#include <QSet>
#include <QtTest>
#include <qcustomplot.h>

#include "HeatmapView.h"
#include "teaching/PortableRandom.h"

using headmap::MatrixF;
using headmap::ui::HeatmapStyle;
using headmap::ui::HeatmapView;
using headmap::ui::ScaleMode;

namespace {

// A row-stochastic matrix with a recognisable spread of values.
MatrixF randomAttention(int t, quint64 seed) {
    headmap::PortableRandom random(seed);
    MatrixF m(t, t);
    for (int r = 0; r < t; ++r) {
        for (int c = 0; c < t; ++c)
            m(r, c) = float(random.uniform01());
        m.row(r) /= m.row(r).sum();
    }
    return m;
}

QStringList labels(const QString& sentence) {
    return sentence.split(QLatin1Char(' '));
}

void hover(HeatmapView& view, QPoint pos) {
    QWidget* plot = view.plot();
    const QPoint inPlot = plot->mapFrom(&view, pos);
    QMouseEvent move(QEvent::MouseMove, QPointF(inPlot), plot->mapToGlobal(QPointF(inPlot)),
                     Qt::NoButton, Qt::NoButton, Qt::NoModifier);
    QApplication::sendEvent(plot, &move);
}

}  // namespace

class HeatmapViewTest : public QObject {
    Q_OBJECT
private slots:
    void showsExactCells_data();
    void showsExactCells();
    void hoverNamesTokensAndWeight_data();
    void hoverNamesTokensAndWeight();
    void hoverOutsideShowsNothing();
    void rendersNonBlankImage();
    void clickSelectsToken_data();
    void clickSelectsToken();
    void wheelZoomsAndDoubleClickResets();
    void valuesShownWhenTheyFit_data();
    void valuesShownWhenTheyFit();
    void scaleModes_data();
    void scaleModes();
    void differenceIsSymmetric();
    void followsDarkPalette();
    void redraw512Benchmark();
    void hoverBenchmark();
};

namespace {

void click(HeatmapView& view, QPoint pos, bool dbl = false) {
    QWidget* plot = view.plot();
    const QPointF inPlot(plot->mapFrom(&view, pos));
    const QPointF global = plot->mapToGlobal(inPlot);
    QMouseEvent press(QEvent::MouseButtonPress, inPlot, global, Qt::LeftButton, Qt::LeftButton, Qt::NoModifier);
    QMouseEvent release(QEvent::MouseButtonRelease, inPlot, global, Qt::LeftButton, Qt::NoButton, Qt::NoModifier);
    QApplication::sendEvent(plot, &press);
    QApplication::sendEvent(plot, &release);
    if (dbl) {
        QMouseEvent twice(QEvent::MouseButtonDblClick, inPlot, global, Qt::LeftButton, Qt::LeftButton, Qt::NoModifier);
        QApplication::sendEvent(plot, &twice);
    }
}

}  // namespace

void HeatmapViewTest::clickSelectsToken_data() {
    QTest::addColumn<QString>("where");
    QTest::addColumn<int>("index");
    QTest::newRow("cell selects its query row") << "cell" << 3;
    QTest::newRow("row label") << "row label" << 5;
    QTest::newRow("column label") << "column label" << 2;
}

void HeatmapViewTest::clickSelectsToken() {
    QFETCH(QString, where);
    QFETCH(int, index);
    const QStringList tokens = labels("[CLS] the animal was too tired to cross [SEP]");
    HeatmapView view;
    view.resize(900, 700);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    view.setMatrix(randomAttention(int(tokens.size()), 2), tokens, tokens, "select");
    QSignalSpy spy(&view, &HeatmapView::tokenSelected);
    QPoint pos;
    if (where == "cell")
        pos = view.cellCenter(index, 6);
    else if (where == "row label")
        pos = QPoint(view.cellCenter(index, 0).x() - 60, view.cellCenter(index, 0).y());
    else
        pos = QPoint(view.cellCenter(0, index).x(), view.cellCenter(int(tokens.size()) - 1, index).y() + 40);
    click(view, pos);
    QCOMPARE(spy.count(), 1);
    QCOMPARE(spy[0][0].toInt(), index);
    QCOMPARE(view.selectedToken(), index);
    click(view, pos);  // a second click clears the selection
    QCOMPARE(view.selectedToken(), -1);
}

void HeatmapViewTest::wheelZoomsAndDoubleClickResets() {
    const QStringList tokens = labels("a b c d e f g h i j k l m n o p");
    HeatmapView view;
    view.resize(900, 700);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    view.setMatrix(randomAttention(int(tokens.size()), 4), tokens, tokens, "zoom");
    const double fullWidth = view.plot()->xAxis->range().size();
    const QPoint centre = view.plot()->mapFrom(&view, view.cellCenter(8, 8));
    QWheelEvent wheel(QPointF(centre), QPointF(view.plot()->mapToGlobal(centre)), QPoint(), QPoint(0, 480),
                      Qt::NoButton, Qt::NoModifier, Qt::NoScrollPhase, false);
    QApplication::sendEvent(view.plot(), &wheel);
    QVERIFY2(view.plot()->xAxis->range().size() < fullWidth * 0.8, "the wheel should zoom in");
    // Zooming far out stops at the whole matrix.
    QWheelEvent out(QPointF(centre), QPointF(view.plot()->mapToGlobal(centre)), QPoint(), QPoint(0, -4800),
                    Qt::NoButton, Qt::NoModifier, Qt::NoScrollPhase, false);
    QApplication::sendEvent(view.plot(), &out);
    QCOMPARE(view.plot()->xAxis->range().size(), fullWidth);
    QApplication::sendEvent(view.plot(), &wheel);
    click(view, view.cellCenter(8, 8), true);
    QCOMPARE(view.plot()->xAxis->range().size(), fullWidth);
}

void HeatmapViewTest::valuesShownWhenTheyFit_data() {
    QTest::addColumn<int>("tokens");
    QTest::addColumn<bool>("shown");
    QTest::newRow("five tokens fit") << 5 << true;
    QTest::newRow("two hundred do not") << 200 << false;
}

void HeatmapViewTest::valuesShownWhenTheyFit() {
    QFETCH(int, tokens);
    QFETCH(bool, shown);
    QStringList names;
    for (int i = 0; i < tokens; ++i)
        names << QStringLiteral("t%1").arg(i);
    HeatmapView view;
    view.resize(900, 700);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    HeatmapStyle style;
    style.showValues = true;
    view.setStyle(style);
    view.setMatrix(randomAttention(tokens, 9), names, names, "values");
    QCOMPARE(view.cellTextCount(), shown ? tokens * tokens : 0);
}

void HeatmapViewTest::scaleModes_data() {
    QTest::addColumn<int>("mode");
    QTest::addColumn<double>("rangeUpper");
    QTest::addColumn<bool>("logarithmic");
    QTest::newRow("fixed") << int(ScaleMode::Fixed) << 1.0 << false;
    QTest::newRow("row max") << int(ScaleMode::RowMax) << 1.0 << false;
    QTest::newRow("global max") << int(ScaleMode::GlobalMax) << 0.5 << false;
    QTest::newRow("log") << int(ScaleMode::Log) << 1.0 << true;
}

void HeatmapViewTest::scaleModes() {
    QFETCH(int, mode);
    QFETCH(double, rangeUpper);
    QFETCH(bool, logarithmic);
    MatrixF values(2, 2);
    values << 0.5f, 0.5f, 0.1f, 0.4f;
    HeatmapView view;
    view.resize(600, 500);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    HeatmapStyle style;
    style.scale = ScaleMode(mode);
    view.setStyle(style);
    view.setMatrix(values, {"a", "b"}, {"a", "b"}, "scale");
    auto* map = qobject_cast<QCPColorMap*>(view.plot()->plottable(0));
    QVERIFY(map);
    QCOMPARE(map->dataRange().upper, rangeUpper);
    QCOMPARE(map->dataScaleType() == QCPAxis::stLogarithmic, logarithmic);
    const double expected10 = ScaleMode(mode) == ScaleMode::RowMax ? 0.25 : 0.1;  // 0.1 / 0.4
    QVERIFY(std::abs(view.cellValue(1, 0) - expected10) < 1e-7);
    QCOMPARE(view.value(1, 0), 0.1f);  // the hover still reports the real weight
}

void HeatmapViewTest::differenceIsSymmetric() {
    MatrixF values(2, 2);
    values << 0.3f, -0.3f, -0.6f, 0.6f;
    HeatmapView view;
    view.resize(600, 500);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    view.setDifference(values, {"a", "b"}, {"a", "b"}, "A - B");
    auto* map = qobject_cast<QCPColorMap*>(view.plot()->plottable(0));
    QCOMPARE(map->dataRange().lower, -map->dataRange().upper);
    QVERIFY(std::abs(map->dataRange().upper - 0.6) < 1e-6);
    hover(view, view.cellCenter(1, 0));
    QVERIFY2(view.hoverText().contains("-0.6"), qPrintable(view.hoverText()));
}

void HeatmapViewTest::followsDarkPalette() {
    HeatmapView view;
    view.resize(600, 500);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    QPalette dark;
    dark.setColor(QPalette::Base, QColor(30, 30, 30));
    dark.setColor(QPalette::Window, QColor(40, 40, 40));
    dark.setColor(QPalette::WindowText, QColor(230, 230, 230));
    view.setPalette(dark);
    QCOMPARE(view.plot()->xAxis->tickLabelColor(), QColor(230, 230, 230));
    const QImage image = view.grab().toImage();
    QCOMPARE(QColor(image.pixel(3, image.height() / 2)).lightness() < 80, true);  // dark margin
}

void HeatmapViewTest::redraw512Benchmark() {
    // The target: a 512 × 512 heatmap redraws in under 30 ms (reported, not asserted).
    QStringList names;
    for (int i = 0; i < 512; ++i)
        names << QStringLiteral("tok%1").arg(i);
    const MatrixF a = randomAttention(512, 1), b = randomAttention(512, 2);
    HeatmapView view;
    view.resize(1200, 1000);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    int round = 0;
    QBENCHMARK {
        view.setMatrix(++round % 2 ? a : b, names, names, "benchmark");
        view.plot()->replot(QCustomPlot::rpImmediateRefresh);
    }
    QCOMPARE(view.queryCount(), 512);
}

void HeatmapViewTest::hoverBenchmark() {
    QStringList names;
    for (int i = 0; i < 512; ++i)
        names << QStringLiteral("tok%1").arg(i);
    HeatmapView view;
    view.resize(1200, 1000);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    view.setMatrix(randomAttention(512, 3), names, names, "hover");
    const QPoint a = view.cellCenter(100, 200), b = view.cellCenter(300, 400);
    int round = 0;
    QBENCHMARK {
        hover(view, ++round % 2 ? a : b);
    }
    QVERIFY(!view.hoverText().isEmpty());
}

void HeatmapViewTest::showsExactCells_data() {
    QTest::addColumn<QString>("sentence");
    QTest::newRow("one token") << "[CLS]";
    QTest::newRow("two tokens") << "[CLS] [SEP]";
    QTest::newRow("english") << "[CLS] The animal didn ' t cross the street [SEP]";
    QTest::newRow("chinese") << "[CLS] 深 入 了 解 Transformer 模 型 。 [SEP]";
    QTest::newRow("danish") << "[CLS] Opmærksomhedsmekanisme , hvor en sekvens æ ø å [SEP]";
}

void HeatmapViewTest::showsExactCells() {
    QFETCH(QString, sentence);
    const QStringList tokens = labels(sentence);
    const MatrixF values = randomAttention(int(tokens.size()), 7);
    HeatmapView view;
    view.resize(800, 600);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    view.setMatrix(values, tokens, tokens, "test");
    QCOMPARE(view.queryCount(), int(tokens.size()));
    QCOMPARE(view.keyCount(), int(tokens.size()));
    for (int q = 0; q < values.rows(); ++q)
        for (int k = 0; k < values.cols(); ++k)
            QCOMPARE(view.cellValue(q, k), double(values(q, k)));
}

void HeatmapViewTest::hoverNamesTokensAndWeight_data() {
    QTest::addColumn<int>("query");
    QTest::addColumn<int>("key");
    QTest::newRow("first cell") << 0 << 0;
    QTest::newRow("last cell") << 8 << 8;
    QTest::newRow("below diagonal") << 6 << 2;
    QTest::newRow("above diagonal") << 1 << 7;
}

void HeatmapViewTest::hoverNamesTokensAndWeight() {
    QFETCH(int, query);
    QFETCH(int, key);
    const QStringList tokens = labels("[CLS] the animal 深 入 café 👍 tired [SEP]");
    const MatrixF values = randomAttention(int(tokens.size()), 11);
    HeatmapView view;
    view.resize(900, 700);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    view.setMatrix(values, tokens, tokens, "hover");
    QSignalSpy spy(&view, &HeatmapView::cellHovered);

    hover(view, view.cellCenter(query, key));

    QCOMPARE(spy.count(), 1);
    QCOMPARE(spy[0][0].toInt(), query);
    QCOMPARE(spy[0][1].toInt(), key);
    QCOMPARE(spy[0][2].toFloat(), values(query, key));
    const QString text = view.hoverText();
    QVERIFY2(text.contains(tokens[query]), qPrintable(text));
    QVERIFY2(text.contains(tokens[key]), qPrintable(text));
    QVERIFY2(text.contains(QString::number(double(values(query, key)), 'f', 6)), qPrintable(text));
}

void HeatmapViewTest::hoverOutsideShowsNothing() {
    const QStringList tokens = labels("a b c");
    HeatmapView view;
    view.resize(600, 500);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    view.setMatrix(randomAttention(3, 3), tokens, tokens, "outside");
    hover(view, view.cellCenter(1, 1));
    QVERIFY(!view.hoverText().isEmpty());
    hover(view, QPoint(2, 2));  // the margin, not a cell
    QVERIFY(view.hoverText().isEmpty());
}

void HeatmapViewTest::rendersNonBlankImage() {
    const QStringList tokens = labels("[CLS] the animal was tired [SEP]");
    HeatmapView view;
    view.resize(700, 600);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    view.setMatrix(randomAttention(int(tokens.size()), 5), tokens, tokens, "render");
    const QImage image = view.grab().toImage();
    QSet<QRgb> colours;
    for (int y = 0; y < image.height(); y += 4)
        for (int x = 0; x < image.width(); x += 4)
            colours.insert(image.pixel(x, y));
    // Cells, labels and the colour scale give many colours; a blank widget gives one or two.
    QVERIFY2(colours.size() > 20, qPrintable(QString::number(colours.size())));
}

QTEST_MAIN(HeatmapViewTest)
#include "tst_heatmapview.moc"
