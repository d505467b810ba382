// HeatmapView at 4,096 and 8,192 tokens, shown offscreen: the colour map holds a pooled level
// with about one tile per pixel (not T² cells), the colour bar says "max-pooled 16×16" or
// "mean-pooled", a planted sharp weight survives max pooling, a tile's value is the max or
// mean of its block of the original matrix, hovering reports the exact weight of the cell
// under the pointer, the user switches max/mean in the toolbar, and zooming in with the wheel
// reaches level 0 with a token label on every cell (CJK tokens too). Small inputs keep level 0
// and no note. With HEADMAP_SCREENSHOT_DIR set, the rendered views are kept there as PNGs.

#include <QComboBox>
#include <QDir>
#include <QMouseEvent>
#include <QSignalSpy>
#include <QtTest>
#include "HeatmapTestSupport.h"
#include <qcustomplot.h>

#include "HeatmapView.h"
#include "SyntheticMatrices.h"
#include "heatmap/HeatmapLabels.h"

using headmap::MatrixF;
using headmap::Pooling;
using headmap::ui::HeatmapStyle;
using headmap::ui::HeatmapView;
using headmap::ui::ScaleMode;

Q_DECLARE_METATYPE(Pooling)

using heatmaptests::hover;

using testsupport::mixedTokens;

namespace {

struct Planted {
    int query, key;
    float weight;
};

// The planted cells: sharp weights far apart, as a positional or retrieval head has them.
QList<Planted> planted(int t) {
    return {{t / 3, t / 7, 0.9f}, {t - 1, 0, 0.75f}, {t / 2 + 5, t / 2 - 3, 0.6f}};
}

// (T, T): a faint, uneven background of weights up to 1e-3 (cheap to make at 8,192 tokens)
// with the planted sharp weights; causal zeroes every key after its query.
MatrixF longHead(int t, bool causal, float sign = 1.0f) {
    MatrixF m(t, t);
    for (int r = 0; r < t; ++r) {
        float* row = m.data() + size_t(r) * size_t(t);
        for (int c = 0; c < t; ++c)
            row[c] = causal && c > r ? 0.0f : sign * 1e-3f * float((r * 31 + c * 17) % 97) / 97.0f;
    }
    for (const Planted& p : planted(t))
        m(p.query, p.key) = sign * p.weight;
    return m;
}

// The max or mean of the original cells of the block of 2^level cells that holds (query, key).
double blockValue(const MatrixF& m, Pooling pooling, int level, int query, int key) {
    const int block = 1 << level;
    const int r0 = query / block * block, c0 = key / block * block;
    const int r1 = std::min<int>(int(m.rows()), r0 + block), c1 = std::min<int>(int(m.cols()), c0 + block);
    double sum = 0;
    float best = m(r0, c0);
    for (int r = r0; r < r1; ++r)
        for (int c = c0; c < c1; ++c) {
            sum += m(r, c);
            best = pooling == Pooling::MaxMagnitude ? (std::abs(m(r, c)) > std::abs(best) ? m(r, c) : best)
                                                    : std::max(best, m(r, c));
        }
    return pooling == Pooling::Mean ? sum / double((r1 - r0) * (c1 - c0)) : double(best);
}

// What the colour map draws at the cell coordinates of (query, key).
double drawnAt(const HeatmapView& view, int query, int key) {
    auto* map = qobject_cast<QCPColorMap*>(view.plot()->plottable(0));
    int keyIndex = -1, valueIndex = -1;
    map->data()->coordToCell(key, query, &keyIndex, &valueIndex);
    return map->data()->cell(keyIndex, valueIndex);
}

QString colourBarLabel(const HeatmapView& view) {
    auto* map = qobject_cast<QCPColorMap*>(view.plot()->plottable(0));
    return map->colorScale()->axis()->label();
}

void wheel(HeatmapView& view, QPoint pos, int delta) {
    const QPoint inPlot = view.plot()->mapFrom(&view, pos);
    QWheelEvent event(QPointF(inPlot), QPointF(view.plot()->mapToGlobal(inPlot)), QPoint(), QPoint(0, delta),
                      Qt::NoButton, Qt::NoModifier, Qt::NoScrollPhase, false);
    QApplication::sendEvent(view.plot(), &event);
}

void keep(QWidget& view, const QString& name) {
    const QString dir = qEnvironmentVariable("HEADMAP_SCREENSHOT_DIR");
    QApplication::processEvents();
    if (!dir.isEmpty())
        QVERIFY(view.grab().save(QDir(dir).filePath(name + QStringLiteral(".png"))));
}

}  // namespace

class HeatmapPyramidTest : public QObject {
    Q_OBJECT
private slots:
    void pooledWhenZoomedOut_data();
    void pooledWhenZoomedOut();
    void hoverReportsExactCell_data();
    void hoverReportsExactCell();
    void toolbarSwitchesPooling();
    void wheelReachesSingleCellsWithLabels_data();
    void wheelReachesSingleCellsWithLabels();
    void causalTilesMaskedOnlyWhenWhollyMasked();
    void smallInputsUnpooled_data();
    void smallInputsUnpooled();
};

void HeatmapPyramidTest::pooledWhenZoomedOut_data() {
    QTest::addColumn<int>("tokens");
    QTest::addColumn<Pooling>("pooling");
    QTest::addColumn<bool>("difference");
    QTest::addColumn<int>("scale");
    QTest::newRow("4096 max") << 4096 << Pooling::Max << false << int(ScaleMode::Fixed);
    QTest::newRow("4096 mean") << 4096 << Pooling::Mean << false << int(ScaleMode::Fixed);
    QTest::newRow("4096 max per-row scale") << 4096 << Pooling::Max << false << int(ScaleMode::RowMax);
    QTest::newRow("4096 max log scale") << 4096 << Pooling::Max << false << int(ScaleMode::Log);
    QTest::newRow("4096 difference by magnitude") << 4096 << Pooling::Max << true << int(ScaleMode::Fixed);
    QTest::newRow("8192 max") << 8192 << Pooling::Max << false << int(ScaleMode::Fixed);
}

void HeatmapPyramidTest::pooledWhenZoomedOut() {
    QFETCH(int, tokens);
    QFETCH(Pooling, pooling);
    QFETCH(bool, difference);
    QFETCH(int, scale);
    const MatrixF values = longHead(tokens, false, difference ? -1.0f : 1.0f);
    HeatmapView view;
    view.resize(1000, 800);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    HeatmapStyle style;
    style.scale = ScaleMode(scale);
    view.setStyle(style);
    view.setPooling(pooling);
    if (difference)
        view.setDifference(values, mixedTokens(tokens), mixedTokens(tokens), "A - B");
    else
        view.setMatrix(values, mixedTokens(tokens), mixedTokens(tokens), "long");

    // One tile per pixel or a little more, never fewer pixels than tiles.
    const QRect rect = view.plot()->axisRect()->rect();
    const int level = view.shownLevel();
    const int block = 1 << level;
    QVERIFY2(level > 0, qPrintable(QString::number(level)));
    QVERIFY(double(block) >= tokens / double(std::min(rect.width(), rect.height())));
    QVERIFY(double(block) / 2 < tokens / double(std::min(rect.width(), rect.height())));
    QVERIFY2(view.drawnCellCount() <= (rect.width() + 2) * (rect.height() + 2),
             qPrintable(QString::number(view.drawnCellCount())));

    const QString kind = pooling == Pooling::Mean ? QStringLiteral("mean-pooled") : QStringLiteral("max-pooled");
    const QString note = QStringLiteral("%1 %2×%2").arg(kind).arg(block) + (difference ? ", by magnitude" : "");
    QCOMPARE(view.poolingNote(), note);
    QVERIFY2(colourBarLabel(view).contains(note), qPrintable(colourBarLabel(view)));
    auto* box = view.findChild<QComboBox*>(QStringLiteral("pooling"));
    QVERIFY(box && box->isVisible());
    QCOMPARE(Pooling(box->currentData().toInt()), pooling);

    // The planted weights: their tiles hold the pooling of their block of the original cells
    // (of what is plotted: divided by the row's maximum, floored for the log scale).
    MatrixF plotted = values;  // (T, T)
    if (ScaleMode(scale) == ScaleMode::RowMax)
        for (int r = 0; r < tokens; ++r)
            plotted.row(r) /= plotted.row(r).maxCoeff();
    const Pooling effective = difference && pooling == Pooling::Max ? Pooling::MaxMagnitude : pooling;
    for (const Planted& p : planted(tokens)) {
        double expected = blockValue(plotted, effective, level, p.query, p.key);
        if (ScaleMode(scale) == ScaleMode::Log)
            expected = std::max(expected, 1e-4);
        const double drawn = drawnAt(view, p.query, p.key);
        if (pooling == Pooling::Mean)
            QVERIFY2(std::abs(drawn - expected) <= 1e-6 * std::abs(expected), qPrintable(QString::number(drawn)));
        else
            QCOMPARE(drawn, expected);
        if (pooling == Pooling::Max && ScaleMode(scale) == ScaleMode::Fixed)  // the sharp weight, not diluted
            QCOMPARE(drawn, double((difference ? -1 : 1) * p.weight));
    }
    if (tokens == 8192 && pooling == Pooling::Max && !difference && ScaleMode(scale) == ScaleMode::Fixed)
        keep(view, "pyramid_8192_max");
}

void HeatmapPyramidTest::hoverReportsExactCell_data() {
    QTest::addColumn<int>("tokens");
    QTest::addColumn<Pooling>("pooling");
    QTest::newRow("4096 mean") << 4096 << Pooling::Mean;
    QTest::newRow("8192 max") << 8192 << Pooling::Max;
}

void HeatmapPyramidTest::hoverReportsExactCell() {
    QFETCH(int, tokens);
    QFETCH(Pooling, pooling);
    const MatrixF values = longHead(tokens, false);
    const QStringList names = mixedTokens(tokens);
    HeatmapView view;
    view.resize(1000, 800);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    view.setPooling(pooling);
    view.setMatrix(values, names, names, "hover");
    QVERIFY(view.shownLevel() > 0);
    QSignalSpy spy(&view, &HeatmapView::cellHovered);
    const double cellsPerPixel = tokens / double(view.plot()->axisRect()->rect().height());
    // Two planted weights and a cell of the background (the matrix's last row lies on the
    // axis rect's border at this zoom, outside the cells a pointer can reach).
    const QList<Planted> planted_ = planted(tokens);
    for (const Planted& p : {planted_[0], planted_[2], Planted{tokens / 5, 3 * tokens / 4, 0.0f}}) {
        spy.clear();
        hover(view, view.cellCenter(p.query, p.key));
        QCOMPARE(spy.count(), 1);
        const int query = spy[0][0].toInt(), key = spy[0][1].toInt();
        // The cell under the pointer (a pixel holds several cells at this zoom), and its own
        // weight, not its tile's.
        QVERIFY(std::abs(query - p.query) <= cellsPerPixel && std::abs(key - p.key) <= cellsPerPixel);
        QCOMPARE(spy[0][2].toFloat(), values(query, key));
        const QString text = view.hoverText();
        QVERIFY2(text.contains(QStringLiteral("#%1 “%2”").arg(query).arg(names[query])), qPrintable(text));
        QVERIFY2(text.contains(QStringLiteral("#%1 “%2”").arg(key).arg(names[key])), qPrintable(text));
        QVERIFY2(text.contains(QString::number(double(values(query, key)), 'f', 6)), qPrintable(text));
    }
}

void HeatmapPyramidTest::toolbarSwitchesPooling() {
    const int tokens = 4096;
    const MatrixF values = longHead(tokens, false);
    HeatmapView view;
    view.resize(1000, 800);
    view.show();
    view.activateWindow();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    view.setMatrix(values, mixedTokens(tokens), mixedTokens(tokens), "switch");
    QCOMPARE(view.pooling(), Pooling::Max);  // the default: sharp heads stay visible
    const Planted p = planted(tokens).first();
    QCOMPARE(drawnAt(view, p.query, p.key), double(p.weight));
    auto* box = view.findChild<QComboBox*>(QStringLiteral("pooling"));
    QVERIFY(box && box->isVisible());
    box->setFocus();
    QTest::keyClick(box, Qt::Key_Down);  // as the user picks the next entry
    QCOMPARE(view.pooling(), Pooling::Mean);
    QVERIFY(view.poolingNote().startsWith("mean-pooled"));
    const double mean = blockValue(values, Pooling::Mean, view.shownLevel(), p.query, p.key);
    QVERIFY(std::abs(drawnAt(view, p.query, p.key) - mean) <= 1e-6 * mean);
    QVERIFY(mean < p.weight / 50);  // diluted, as a mean should be
    QTest::keyClick(box, Qt::Key_Up);
    QCOMPARE(view.pooling(), Pooling::Max);
    QCOMPARE(drawnAt(view, p.query, p.key), double(p.weight));
}

void HeatmapPyramidTest::wheelReachesSingleCellsWithLabels_data() {
    QTest::addColumn<int>("tokens");
    QTest::newRow("4096") << 4096;
    QTest::newRow("8192") << 8192;
}

void HeatmapPyramidTest::wheelReachesSingleCellsWithLabels() {
    QFETCH(int, tokens);
    const MatrixF values = longHead(tokens, true);
    const QStringList names = mixedTokens(tokens);
    HeatmapView view;
    view.resize(1000, 800);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    view.setCausalMask(true);
    view.setMatrix(values, names, names, "zoom");
    const Planted target = planted(tokens)[2];
    int level = view.shownLevel();
    QVERIFY(level > 0);
    for (int step = 0; step < 60 && (view.shownLevel() > 0 || view.plot()->xAxis->range().size() > 20); ++step) {
        wheel(view, view.cellCenter(target.query, target.key), 240);
        QVERIFY(view.shownLevel() <= level);  // zooming in never coarsens
        level = view.shownLevel();
    }
    QCOMPARE(view.shownLevel(), 0);
    QVERIFY(view.poolingNote().isEmpty());
    QVERIFY(!colourBarLabel(view).contains("pooled"));
    // A label on every cell in view, with its position, CJK as it is.
    for (Qt::Orientation axis : {Qt::Horizontal, Qt::Vertical}) {
        const auto ticks = view.tickLabels(axis);
        QVERIFY2(ticks.size() >= 5, qPrintable(QString::number(ticks.size())));
        for (int i = 0; i < ticks.size(); ++i) {
            QCOMPARE(ticks[i].second, headmap::ui::labelWithPosition(names[ticks[i].first], ticks[i].first));
            if (i > 0)
                QCOMPARE(ticks[i].first, ticks[i - 1].first + 1);
        }
    }
    // Cells drawn one by one, exactly; the planted one under the pointer.
    QCOMPARE(drawnAt(view, target.query, target.key), double(target.weight));
    QCOMPARE(view.cellValue(target.query, target.key + 1), double(values(target.query, target.key + 1)));
    QSignalSpy spy(&view, &HeatmapView::cellHovered);
    hover(view, view.cellCenter(target.query, target.key));
    QCOMPARE(spy.count(), 1);
    QCOMPARE(spy[0][0].toInt(), target.query);
    QCOMPARE(spy[0][1].toInt(), target.key);
    QCOMPARE(spy[0][2].toFloat(), target.weight);
    keep(view, QStringLiteral("pyramid_%1_zoomed_cjk").arg(tokens));
}

void HeatmapPyramidTest::causalTilesMaskedOnlyWhenWhollyMasked() {
    const int tokens = 4096;
    const MatrixF values = longHead(tokens, true);
    HeatmapView view;
    view.resize(1000, 800);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    view.setCausalMask(true);
    view.setMatrix(values, mixedTokens(tokens), mixedTokens(tokens), "causal");
    const int block = 1 << view.shownLevel();
    QVERIFY(block > 1);
    QVERIFY(std::isnan(drawnAt(view, 0, tokens - 1)));  // far above the diagonal: masked
    QVERIFY(std::isnan(drawnAt(view, 5 * block, 6 * block)));  // the tile right of the diagonal's
    // A diagonal tile holds weights and masked cells: it shows the weights' maximum.
    const double diagonal = drawnAt(view, 5 * block, 5 * block);
    QVERIFY(!std::isnan(diagonal));
    QCOMPARE(diagonal, blockValue(values, Pooling::Max, view.shownLevel(), 5 * block, 5 * block));
    keep(view, "pyramid_4096_causal");
}

void HeatmapPyramidTest::smallInputsUnpooled_data() {
    QTest::addColumn<int>("tokens");
    QTest::addColumn<bool>("pooled");
    QTest::newRow("16 tokens") << 16 << false;
    QTest::newRow("500 tokens") << 500 << false;
    QTest::newRow("2000 tokens") << 2000 << true;
}

void HeatmapPyramidTest::smallInputsUnpooled() {
    QFETCH(int, tokens);
    QFETCH(bool, pooled);
    const MatrixF values = longHead(tokens, false);
    HeatmapView view;
    view.resize(1000, 800);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    view.setMatrix(values, mixedTokens(tokens), mixedTokens(tokens), "small");
    QCOMPARE(view.shownLevel() > 0, pooled);
    QCOMPARE(view.poolingNote().isEmpty(), !pooled);
    QCOMPARE(view.findChild<QComboBox*>(QStringLiteral("pooling"))->isVisible(), pooled);
    if (!pooled) {
        QCOMPARE(view.drawnCellCount(), tokens * tokens);  // every cell, as before
        QCOMPARE(colourBarLabel(view), QStringLiteral("Attention weight"));
    }
    keep(view, QStringLiteral("pyramid_%1").arg(tokens));
}

QTEST_MAIN(HeatmapPyramidTest)
#include "tst_heatmappyramid.moc"
