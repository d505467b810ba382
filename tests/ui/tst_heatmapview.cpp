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
using headmap::ui::HeatmapView;

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
};

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
