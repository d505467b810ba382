// HeatmapView shown offscreen: the cells hold exactly the values given, hovering a cell names
// its query and key tokens, their positions and the weight, and the rendered widget is not
// blank. Long inputs: both axes stay labelled without overlap at 16, 500 and 2,000 tokens,
// zooming in shows every label, the token search jumps to and outlines its matches, the
// per-row scale is offered past 64 tokens, and a causal model's masked cells are told apart
// from weights near 0.

#include <QCheckBox>
#include <QDir>
#include <QLabel>
#include <QLineEdit>
#include <QMouseEvent>
#include <QSignalSpy>
#include <QSet>
#include <QtTest>
#include "HeatmapTestSupport.h"
#include "SyntheticMatrices.h"
#include <qcustomplot.h>

#include "Colormaps.h"
#include "HeatmapView.h"
#include "heatmap/HeatmapLabels.h"
#include "teaching/PortableRandom.h"

using headmap::MatrixF;
using headmap::ui::Colormap;
using headmap::ui::HeatmapStyle;
using headmap::ui::HeatmapView;
using headmap::ui::ScaleMode;
using headmap::ui::gradientFor;

using heatmaptests::hover;

using testsupport::randomAttention;

namespace {

QStringList labels(const QString& sentence) {
    return sentence.split(QLatin1Char(' '));
}

// n tokens of a short text repeated, so that words recur as in real long inputs.
QStringList longText(int n) {
    const QStringList words = labels("the cat sat on a mat and it looked at the dog while it slept");
    QStringList tokens;
    for (int i = 0; i < n; ++i)
        tokens << words[i % words.size()];
    return tokens;
}

// A causal head: each row's weights spread over the keys up to itself, exact zeros after it.
MatrixF causalAttention(int t, quint64 seed) {
    MatrixF m = randomAttention(t, seed);
    for (int r = 0; r < t; ++r) {
        for (int c = r + 1; c < t; ++c)
            m(r, c) = 0.0f;
        m.row(r) /= m.row(r).sum();
    }
    return m;
}

// With HEADMAP_SCREENSHOT_DIR set, keeps the rendered view there as NAME.png to look at.
void keep(QWidget& view, const QString& name) {
    const QString dir = qEnvironmentVariable("HEADMAP_SCREENSHOT_DIR");
    QApplication::processEvents();  // lay out what changed
    if (!dir.isEmpty())
        QVERIFY(view.grab().save(QDir(dir).filePath(name + QStringLiteral(".png"))));
}

// Adjacent labels of an axis, in pixels along it, are at least one label's extent apart.
void checkNoOverlap(const HeatmapView& view, Qt::Orientation orientation) {
    const auto ticks = view.tickLabels(orientation);
    QCPAxis* axis = orientation == Qt::Horizontal ? view.plot()->xAxis : view.plot()->yAxis;
    const double extent = view.labelExtent(orientation);
    for (int i = 1; i < ticks.size(); ++i) {
        const double gap = std::abs(axis->coordToPixel(ticks[i].first) - axis->coordToPixel(ticks[i - 1].first));
        QVERIFY2(gap >= extent - 0.5, qPrintable(QStringLiteral("labels %1 and %2 are %3 px apart, need %4")
                                                     .arg(ticks[i - 1].second, ticks[i].second).arg(gap).arg(extent)));
    }
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
    void labelHelpers_data();
    void labelHelpers();
    void longInputAxesLabelled_data();
    void longInputAxesLabelled();
    void zoomingInShowsEveryLabel();
    void positionsSwitch();
    void searchJumpsAndOutlines_data();
    void searchJumpsAndOutlines();
    void searchKeys();
    void scaleHintForLongInputs_data();
    void scaleHintForLongInputs();
    void scaleHintClickRequestsRowScale();
    void causalMaskedCells_data();
    void causalMaskedCells();
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
    QVERIFY2(text.contains(QStringLiteral("query token #%1 “%2”").arg(query).arg(tokens[query]), Qt::CaseInsensitive),
             qPrintable(text));
    QVERIFY2(text.contains(QStringLiteral("key token #%1 “%2”").arg(key).arg(tokens[key])), qPrintable(text));
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

// What is on screen is the matrix: the pixel at every cell's centre has the colour of its weight
// through the colour map (viridis on the fixed 0..1 range, the default style). Counting the
// image's colours (what this checked before) passed any picture with enough of them.
void HeatmapViewTest::rendersNonBlankImage() {
    const QStringList tokens = labels("[CLS] the animal was tired [SEP]");
    HeatmapView view;
    view.resize(700, 600);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    const MatrixF weights = randomAttention(int(tokens.size()), 5);
    view.setMatrix(weights, tokens, tokens, "render");
    QCOMPARE(view.style().colormap, Colormap::Viridis);
    QCOMPARE(view.style().scale, ScaleMode::Fixed);
    const QImage image = view.grab().toImage().convertToFormat(QImage::Format_RGB32);
    const qreal ratio = image.devicePixelRatio();
    QCPColorGradient gradient = gradientFor(Colormap::Viridis);  // color() is not const
    for (int q = 0; q < weights.rows(); ++q)
        for (int k = 0; k < weights.cols(); ++k) {
            const QColor expected = gradient.color(double(weights(q, k)), QCPRange(0, 1), false);
            const QColor actual = image.pixel(view.cellCenter(q, k) * ratio);
            // One level per channel: the plot may blend the cell image onto the widget.
            const int off = std::max({std::abs(actual.red() - expected.red()), std::abs(actual.green() - expected.green()),
                                      std::abs(actual.blue() - expected.blue())});
            QVERIFY2(off <= 1, qPrintable(QStringLiteral("cell (%1, %2), weight %3: %4, expected %5")
                                              .arg(q).arg(k).arg(weights(q, k)).arg(actual.name(), expected.name())));
        }
}

void HeatmapViewTest::labelHelpers_data() {
    QTest::addColumn<double>("visible");
    QTest::addColumn<double>("pixels");
    QTest::addColumn<double>("extent");
    QTest::addColumn<int>("step");
    QTest::newRow("all fit") << 16.0 << 800.0 << 20.0 << 1;
    QTest::newRow("just too many") << 41.0 << 800.0 << 20.0 << 2;
    QTest::newRow("500 tokens") << 500.0 << 800.0 << 20.0 << 20;
    QTest::newRow("2000 tokens") << 2000.0 << 800.0 << 20.0 << 50;
    QTest::newRow("tiny axis keeps three labels") << 12.0 << 30.0 << 20.0 << 2;
    QTest::newRow("no pixels at all") << 100.0 << 0.0 << 20.0 << 20;
}

void HeatmapViewTest::labelHelpers() {
    QFETCH(double, visible);
    QFETCH(double, pixels);
    QFETCH(double, extent);
    QFETCH(int, step);
    QCOMPARE(headmap::ui::labelStep(visible, pixels, extent), step);
    QCOMPARE(headmap::ui::labelWithPosition("it", 10), QStringLiteral("it #10"));
    QCOMPARE(headmap::ui::shortLabel("teacher", 16), QStringLiteral("teacher"));
    QCOMPARE(headmap::ui::shortLabel("Opmærksomhedsmekanisme", 8), QStringLiteral("Opmærks…"));
    QCOMPARE(headmap::ui::shortLabel(QStringLiteral("ab👍cd"), 4), QStringLiteral("ab…"));  // no half emoji
}

void HeatmapViewTest::longInputAxesLabelled_data() {
    QTest::addColumn<int>("tokens");
    QTest::addColumn<QSize>("size");
    QTest::addColumn<bool>("every");
    QTest::newRow("16 tokens, every label") << 16 << QSize(900, 700) << true;
    QTest::newRow("500 tokens") << 500 << QSize(1250, 660) << false;
    QTest::newRow("2000 tokens") << 2000 << QSize(1250, 660) << false;
    QTest::newRow("500 tokens, small window") << 500 << QSize(420, 360) << false;
}

void HeatmapViewTest::longInputAxesLabelled() {
    QFETCH(int, tokens);
    QFETCH(QSize, size);
    QFETCH(bool, every);
    const QStringList names = longText(tokens);
    HeatmapView view;
    view.resize(size);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    view.setMatrix(randomAttention(tokens, 21), names, names, "long");
    for (Qt::Orientation axis : {Qt::Horizontal, Qt::Vertical}) {
        const auto ticks = view.tickLabels(axis);
        QVERIFY2(ticks.size() >= (every ? tokens : 3), qPrintable(QString::number(ticks.size())));
        QCOMPARE(ticks.first().first, 0);  // the first token is always labelled
        checkNoOverlap(view, axis);
        for (const auto& tick : ticks) {
            // Thinned labels carry their position; a full axis shows the tokens as they are.
            const QString expected = every ? names[tick.first]
                                           : headmap::ui::labelWithPosition(names[tick.first], tick.first);
            QCOMPARE(tick.second, expected);
        }
    }
}

void HeatmapViewTest::zoomingInShowsEveryLabel() {
    const QStringList names = longText(500);
    HeatmapView view;
    view.resize(1250, 660);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    view.setMatrix(randomAttention(500, 22), names, names, "zoom");
    QVERIFY(view.tickLabels(Qt::Horizontal).size() < 100);
    view.plot()->xAxis->setRange(199.5, 219.5);  // as a wheel zoom does: rangeChanged
    view.plot()->yAxis->setRange(299.5, 309.5);
    const auto keys = view.tickLabels(Qt::Horizontal), queries = view.tickLabels(Qt::Vertical);
    QCOMPARE(keys.size(), 20);
    QCOMPARE(queries.size(), 10);
    // Zoomed in, the labels keep their positions: nothing else says where in the text this is.
    QCOMPARE(keys.first(), qMakePair(200, headmap::ui::labelWithPosition(names[200], 200)));
    QCOMPARE(queries.last(), qMakePair(309, headmap::ui::labelWithPosition(names[309], 309)));
    checkNoOverlap(view, Qt::Horizontal);
    checkNoOverlap(view, Qt::Vertical);
}

void HeatmapViewTest::positionsSwitch() {
    const QStringList tokens = labels("[CLS] it was it and it [SEP]");
    HeatmapView view;
    view.resize(900, 700);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    view.setMatrix(randomAttention(int(tokens.size()), 23), tokens, tokens, "positions");
    QCOMPARE(view.tickLabels(Qt::Horizontal).value(3).second, QStringLiteral("it"));
    auto* box = view.findChild<QCheckBox*>(QStringLiteral("labelPositions"));
    QVERIFY(box);
    box->click();
    QVERIFY(view.positionsShown());
    QCOMPARE(view.tickLabels(Qt::Horizontal).value(3).second, QStringLiteral("it #3"));
    QCOMPARE(view.tickLabels(Qt::Vertical).value(5).second, QStringLiteral("it #5"));
}

void HeatmapViewTest::searchJumpsAndOutlines_data() {
    QTest::addColumn<QString>("text");
    QTest::addColumn<QList<int>>("matches");
    QList<int> dogs;
    for (int i = 11; i < 500; i += 15)
        dogs << i;
    QTest::newRow("a repeated word") << "dog" << dogs;
    QTest::newRow("case and part of a word") << "DO" << dogs;
    QTest::newRow("a position") << "#437" << QList<int>{437};
    QTest::newRow("a position past the end") << "#500" << QList<int>{};
    QTest::newRow("no such token") << "zebra" << QList<int>{};
}

void HeatmapViewTest::searchJumpsAndOutlines() {
    QFETCH(QString, text);
    QFETCH(QList<int>, matches);
    const QStringList names = longText(500);
    HeatmapView view;
    view.resize(1250, 660);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    view.setMatrix(randomAttention(500, 24), names, names, "search");
    QCOMPARE(view.findToken(text), int(matches.size()));
    QCOMPARE(view.searchMatches(), matches);
    QCOMPARE(view.searchBox()->text(), text);
    if (matches.isEmpty()) {
        QCOMPARE(view.currentMatch(), -1);
        return;
    }
    for (int round = 0; round < std::min<int>(3, matches.size()); ++round) {
        const int token = matches[round];
        QCOMPARE(view.currentMatch(), token);
        // In view on both axes, with its own label showing.
        const auto label = qMakePair(token, headmap::ui::labelWithPosition(names[token], token));
        QVERIFY(view.tickLabels(Qt::Horizontal).contains(label));
        QVERIFY(view.tickLabels(Qt::Vertical).contains(label));
        // Outlined: the search outline items frame the token's row and column.
        int outlines = 0;
        for (int i = 0; i < view.plot()->itemCount(); ++i) {
            auto* rect = qobject_cast<QCPItemRect*>(view.plot()->item(i));
            if (rect && rect->visible() && rect->pen().style() == Qt::DashLine) {
                const QPointF topLeft = rect->topLeft->coords(), bottomRight = rect->bottomRight->coords();
                QVERIFY(std::abs(topLeft.x() - (token - 0.5)) < 1e-9 || std::abs(topLeft.y() - (token - 0.5)) < 1e-9);
                QVERIFY(std::abs(bottomRight.x() - (token + 0.5)) < 1e-9 || std::abs(bottomRight.y() - (token + 0.5)) < 1e-9);
                ++outlines;
            }
        }
        QCOMPARE(outlines, 2);
        if (round == 0)
            keep(view, QStringLiteral("search_%1").arg(QString(QTest::currentDataTag()).replace(' ', '_')));
        view.findNext();
    }
}

void HeatmapViewTest::searchKeys() {
    const QStringList names = longText(200);
    HeatmapView view;
    view.resize(1000, 700);
    view.show();
    view.activateWindow();
    QVERIFY(QTest::qWaitForWindowActive(&view));
    view.setMatrix(randomAttention(200, 25), names, names, "keys");
    view.plot()->setFocus();
    QTest::keyClick(view.plot(), Qt::Key_F, Qt::ControlModifier);  // Ctrl+F goes to the box
    QVERIFY(view.searchBox()->hasFocus());
    QTest::keyClicks(view.searchBox(), "mat");
    QCOMPARE(view.currentMatch(), 5);
    QTest::keyClick(view.searchBox(), Qt::Key_Return);  // Enter: the next match
    QCOMPARE(view.currentMatch(), 20);
    view.setToolbarVisible(false);  // views that hide the row give up Ctrl+F
    view.plot()->setFocus();
    QTest::keyClick(view.plot(), Qt::Key_F, Qt::ControlModifier);
    QVERIFY(!view.searchBox()->hasFocus());
}

void HeatmapViewTest::scaleHintForLongInputs_data() {
    QTest::addColumn<int>("tokens");
    QTest::addColumn<int>("mode");
    QTest::addColumn<bool>("difference");
    QTest::addColumn<bool>("shown");
    QTest::newRow("16 tokens on 0..1") << 16 << int(ScaleMode::Fixed) << false << false;
    QTest::newRow("64 tokens on 0..1") << 64 << int(ScaleMode::Fixed) << false << false;
    QTest::newRow("65 tokens on 0..1") << 65 << int(ScaleMode::Fixed) << false << true;
    QTest::newRow("2000 tokens on 0..1") << 2000 << int(ScaleMode::Fixed) << false << true;
    QTest::newRow("500 tokens per row") << 500 << int(ScaleMode::RowMax) << false << false;
    QTest::newRow("500 tokens log") << 500 << int(ScaleMode::Log) << false << false;
    QTest::newRow("500 tokens difference") << 500 << int(ScaleMode::Fixed) << true << false;
}

void HeatmapViewTest::scaleHintForLongInputs() {
    QFETCH(int, tokens);
    QFETCH(int, mode);
    QFETCH(bool, difference);
    QFETCH(bool, shown);
    const QStringList names = longText(tokens);
    HeatmapView view;
    view.resize(1000, 700);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    HeatmapStyle style;
    style.scale = ScaleMode(mode);
    view.setStyle(style);
    if (difference)
        view.setDifference(randomAttention(tokens, 26), names, names, "difference");
    else
        view.setMatrix(randomAttention(tokens, 26), names, names, "hint");
    QCOMPARE(view.scaleHintShown(), shown);
    if (shown) {
        auto* hint = qobject_cast<QLabel*>(view.scaleHint());
        QVERIFY(hint->isVisible());
        QVERIFY2(hint->text().contains(QString::number(tokens)), qPrintable(hint->text()));
        QVERIFY(hint->geometry().height() >= hint->fontMetrics().height());  // really on screen
    }
}

void HeatmapViewTest::scaleHintClickRequestsRowScale() {
    const QStringList names = longText(300);
    HeatmapView view;
    view.resize(1000, 700);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    view.setMatrix(randomAttention(300, 27), names, names, "click");
    auto* hint = qobject_cast<QLabel*>(view.scaleHint());
    QVERIFY(view.scaleHintShown());
    {
        // With an owner listening, the view asks and waits for setStyle.
        QSignalSpy spy(&view, &HeatmapView::scaleModeRequested);
        emit hint->linkActivated(QStringLiteral("rowmax"));
        QCOMPARE(spy.count(), 1);
        QCOMPARE(spy[0][0].value<ScaleMode>(), ScaleMode::RowMax);
        QCOMPARE(view.style().scale, ScaleMode::Fixed);
    }
    // Nobody listening: the view switches itself, and the hint goes.
    emit hint->linkActivated(QStringLiteral("rowmax"));
    QCOMPARE(view.style().scale, ScaleMode::RowMax);
    QVERIFY(!view.scaleHintShown());
    float rowMax = 0;
    for (int k = 0; k < 300; ++k)
        rowMax = std::max(rowMax, view.value(5, k));
    QVERIFY(std::abs(view.cellValue(5, 3) - double(view.value(5, 3) / rowMax)) < 1e-6);
}

void HeatmapViewTest::causalMaskedCells_data() {
    QTest::addColumn<bool>("causal");
    QTest::addColumn<int>("tokens");
    QTest::addColumn<bool>("difference");
    QTest::newRow("decoder head") << true << 9 << false;
    QTest::newRow("decoder, 500 tokens") << true << 500 << false;
    QTest::newRow("decoder difference") << true << 9 << true;
    QTest::newRow("encoder with the same zeros") << false << 9 << false;
}

void HeatmapViewTest::causalMaskedCells() {
    QFETCH(bool, causal);
    QFETCH(int, tokens);
    QFETCH(bool, difference);
    const QStringList names = longText(tokens);
    MatrixF values = causalAttention(tokens, 28);
    values(3, 1) = 0.0f;  // a weight of exactly 0 below the diagonal is a weight, not a mask
    values(4, 2) = 1e-6f;  // near 0
    HeatmapView view;
    view.resize(900, 700);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    view.setCausalMask(causal);
    if (difference)
        view.setDifference(values - values, names, names, "A - A");  // white where not masked
    else
        view.setMatrix(values, names, names, "causal");
    QCOMPARE(view.maskedCellCount(), causal ? tokens * (tokens - 1) / 2 : 0);
    QCOMPARE(view.isMasked(2, 5), causal);
    QVERIFY(!view.isMasked(3, 1));
    QVERIFY(!view.isMasked(5, 5));
    QCOMPARE(std::isnan(view.cellValue(2, 5)), causal);
    QCOMPARE(view.value(2, 5), 0.0f);  // as given
    QCOMPARE(view.maskNote().contains("masked (causal)"), causal);

    hover(view, view.cellCenter(2, 5));
    QCOMPARE(view.hoverText().contains("masked (causal)"), causal);
    hover(view, view.cellCenter(4, 2));
    QVERIFY2(!view.hoverText().contains("masked"), qPrintable(view.hoverText()));

    keep(view, QStringLiteral("causal_%1_%2").arg(tokens).arg(difference ? "difference" : causal ? "decoder" : "encoder"));
    if (tokens <= 16) {
        // Grey and hatched: neither the colour of a weight near 0 (or of "no difference") nor a
        // single flat colour.
        const QImage image = view.grab().toImage();
        const QRect masked(view.cellCenter(1, 7) - QPoint(8, 8), QSize(16, 16));
        const QColor nearZero = image.pixelColor(view.cellCenter(4, 2));
        QSet<QRgb> colours;
        double red = 0, green = 0, blue = 0;
        for (int y = masked.top(); y <= masked.bottom(); ++y)
            for (int x = masked.left(); x <= masked.right(); ++x) {
                const QColor c = image.pixelColor(x, y);
                colours.insert(c.rgb());
                red += c.red() / 256.0, green += c.green() / 256.0, blue += c.blue() / 256.0;
                if (causal)
                    QVERIFY2(std::abs(c.red() - c.green()) < 12 && std::abs(c.green() - c.blue()) < 12,
                             qPrintable(c.name()));  // grey
            }
        QCOMPARE(colours.size() > 1, causal);  // the hatching
        if (causal) {
            const double distance = std::abs(red - nearZero.red()) + std::abs(green - nearZero.green())
                                    + std::abs(blue - nearZero.blue());
            QVERIFY2(distance > 60, qPrintable(nearZero.name()));
        }
    }
}

QTEST_MAIN(HeatmapViewTest)
#include "tst_heatmapview.moc"
