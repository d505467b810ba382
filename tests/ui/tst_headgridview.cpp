// HeadGridView shown offscreen: one cell per head plus a layer's mean and max, each pixel the
// gradient colour of its weight, clicks and Enter activate heads, the current-head frame moves,
// metric frames and the empty state, thumbnails max-pooled past their side (against pooling by
// brute force) (the paint at 12 × 12 heads, T = 128 is timed in tests/bench/bench_views.cpp)
// (the target is well under 200 ms, also when the cell images are rebuilt).

#include <QDir>
#include <QMouseEvent>
#include <QPainter>
#include <QScrollArea>
#include <QSignalSpy>
#include <QtTest>

#include "TestTraces.h"

#include "PlotExport.h"
#include "analysis/AttentionTransforms.h"
#include "analysis/HeadStatistics.h"
#include "teaching/PortableRandom.h"
#include "teaching/TeachingModel.h"
#include "views/HeadGridView.h"

using namespace headmap;
using headmap::ui::HeadGridView;
using headmap::ui::HeatmapStyle;
using headmap::ui::ScaleMode;
using headmap::ui::Colormap;

using testtraces::teachingTrace;

namespace {

using Heads = std::vector<std::pair<int, int>>;  // (layer, head)

// layers × heads heads of row-stochastic weights over tokens "[CLS] t1 … [SEP]" (first and
// last special), some rows sharply peaked so that every scale mode has work to do.
std::shared_ptr<AttentionTrace> randomTrace(int layers, int heads, int t, quint64 seed) {
    QStringList tokens;
    std::vector<bool> special;
    for (int i = 0; i < t; ++i) {
        const bool edge = t > 2 && (i == 0 || i == t - 1);
        tokens << (edge ? QString(i == 0 ? "[CLS]" : "[SEP]") : QStringLiteral("t%1").arg(i));
        special.push_back(edge);
    }
    auto trace = testtraces::blankTrace(layers, heads, tokens, special);
    PortableRandom random(seed);
    for (int l = 0; l < layers; ++l)
        for (int h = 0; h < heads; ++h) {
            MatrixMap w(trace->headData(l, h), t, t);
            for (int q = 0; q < t; ++q) {
                for (int k = 0; k < t; ++k)
                    w(q, k) = float(std::pow(random.uniform01(), 4.0));
                w.row(q) /= w.row(q).sum();
            }
        }
    return trace;
}

// The pixel at the centre of token square (q, k) of a cell.
QRgb pixelAt(const QImage& image, const QRect& cell, int t, int q, int k) {
    const int x = cell.left() + int((k + 0.5) * cell.width() / t);
    const int y = cell.top() + int((q + 0.5) * cell.height() / t);
    return image.pixel(x, y);
}

// Pixels of the current-head colour in the ring just outside a cell.
int framePixels(const QImage& image, const QRect& cell) {
    int count = 0;
    const QRect outer = cell.adjusted(-6, -6, 6, 6);  // within half the spacing of 12
    for (int y = outer.top(); y <= outer.bottom(); ++y)
        for (int x = outer.left(); x <= outer.right(); ++x)
            count += !cell.contains(x, y) && image.valid(x, y) && image.pixel(x, y) == qRgb(255, 64, 64);
    return count;
}

void showGrid(HeadGridView& view, QSize size = QSize(1000, 760)) {
    view.resize(size);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
}

void hover(HeadGridView& view, QPoint pos) {
    QMouseEvent move(QEvent::MouseMove, QPointF(pos), view.mapToGlobal(QPointF(pos)), Qt::NoButton,
                     Qt::NoButton, Qt::NoModifier);
    QApplication::sendEvent(&view, &move);
}

QString pngDir() {
    const QString dir = QDir::temp().filePath(QStringLiteral("headmap_views"));
    QDir().mkpath(dir);
    return dir;
}

}  // namespace

class HeadGridViewTest : public QObject {
    Q_OBJECT
private slots:
    void gridHasCellPerHeadPlusMeanAndMax_data() {
        QTest::addColumn<int>("layers");
        QTest::addColumn<int>("heads");
        QTest::addColumn<int>("tokens");
        QTest::newRow("teaching-sized 2x4") << 2 << 4 << 7;
        QTest::newRow("base-sized 12x12") << 12 << 12 << 20;
        QTest::newRow("one token") << 3 << 2 << 1;
        QTest::newRow("one layer one head") << 1 << 1 << 4;
    }

    void gridHasCellPerHeadPlusMeanAndMax() {
        QFETCH(int, layers);
        QFETCH(int, heads);
        QFETCH(int, tokens);
        HeadGridView view;
        showGrid(view);
        view.setTrace(randomTrace(layers, heads, tokens, 3));
        QCOMPARE(view.layerCount(), layers);
        QCOMPARE(view.headCount(), heads);
        QCOMPARE(view.columnCount(), heads + 2);
        QVERIFY(view.message().isEmpty());
        QList<QRect> rects;
        for (int l = 0; l < layers; ++l)
            for (int c = 0; c < heads + 2; ++c) {
                const QRect rect = view.cellRect(l, c);
                QVERIFY(!rect.isEmpty());
                QVERIFY(view.rect().contains(rect));
                for (const QRect& other : rects)
                    QVERIFY(!other.intersects(rect));
                rects << rect;
            }
        QVERIFY(view.cellRect(layers, 0).isNull());
        QVERIFY(view.cellRect(0, heads + 2).isNull());
        if (tokens == 1)
            QVERIFY(view.grab().save(QDir(pngDir()).filePath(QStringLiteral("headgrid_one_token.png"))));
    }

    // In its tab the grid sits in a scroll area: it fills the panel (24 × 14 heads used a third
    // of it, in 20-pixel thumbnails), keeps every thumbnail at least kMinCell pixels, and
    // scrolls rather than shrink them.
    void gridFillsItsPanel_data() {
        QTest::addColumn<int>("layers");
        QTest::addColumn<int>("heads");
        QTest::addColumn<QSize>("panel");
        QTest::addColumn<bool>("scrolls");
        QTest::newRow("12 x 12 fits") << 12 << 12 << QSize(1200, 760) << false;
        QTest::newRow("24 x 14 (Qwen2.5-0.5B)") << 24 << 14 << QSize(1200, 560) << true;
        QTest::newRow("32 x 32") << 32 << 32 << QSize(1280, 800) << true;
        QTest::newRow("2 x 4 at 800 px") << 2 << 4 << QSize(780, 420) << false;
    }

    void gridFillsItsPanel() {
        QFETCH(int, layers);
        QFETCH(int, heads);
        QFETCH(QSize, panel);
        QFETCH(bool, scrolls);
        QScrollArea area;
        auto* view = new HeadGridView;
        area.setWidget(view);
        area.setWidgetResizable(true);
        area.setFrameShape(QFrame::NoFrame);
        area.resize(panel);
        area.show();
        QVERIFY(QTest::qWaitForWindowExposed(&area));
        view->setTrace(randomTrace(layers, heads, 12, 5));
        QTRY_VERIFY(view->size().height() >= view->minimumSizeHint().height());
        const QRect first = view->cellRect(0, 0);
        const QRect last = view->cellRect(layers - 1, heads + 1);
        QVERIFY(first.width() >= HeadGridView::kMinCell && first.height() >= HeadGridView::kMinCell);
        QVERIFY(first.width() <= HeadGridView::kMaxAspect * first.height() + 1);
        QVERIFY(first.height() <= HeadGridView::kMaxAspect * first.width() + 1);
        QVERIFY2(view->rect().contains(last), qPrintable(QStringLiteral("view %1 x %2, minimum %3 x %4, last cell right %5 bottom %6")
                                                          .arg(view->width()).arg(view->height())
                                                          .arg(view->minimumSizeHint().width()).arg(view->minimumSizeHint().height())
                                                          .arg(last.right()).arg(last.bottom())));  // all of it reachable
        const bool scrolled = view->height() > area.viewport()->height() || view->width() > area.viewport()->width();
        QCOMPARE(scrolled, scrolls);
        // The cells take the panel's width, unless they would grow past kMaxAspect of its height.
        const double used = double(last.right() - first.left()) / view->width();
        if (first.width() < HeadGridView::kMaxAspect * first.height() - 1)
            QVERIFY2(used > 0.8, qPrintable(QString::number(used)));
        QVERIFY(area.grab().save(QDir(pngDir()).filePath(QStringLiteral("headgrid_%1x%2.png").arg(layers).arg(heads))));
    }

    void selectionAskedForBeforeTheTrace_data() {
        QTest::addColumn<Heads>("asked");
        QTest::addColumn<Heads>("selected");
        QTest::newRow("two heads") << Heads{{0, 1}, {1, 3}} << Heads{{0, 1}, {1, 3}};
        QTest::newRow("a head the model lacks is dropped") << Heads{{0, 2}, {5, 0}, {1, 4}} << Heads{{0, 2}};
        QTest::newRow("none") << Heads{} << Heads{};
    }

    void selectionAskedForBeforeTheTrace() {
        // A window built over a document that has a trace (another language) selects the heads
        // the old window had before its grid has the trace: they are selected when it comes.
        QFETCH(Heads, asked);
        QFETCH(Heads, selected);
        HeadGridView view;
        showGrid(view);
        view.setSelectedHeads(asked);
        QVERIFY(view.selectedHeads().empty());
        view.setTrace(randomTrace(2, 4, 6, 5));
        QCOMPARE(view.selectedHeads(), selected);
        // Asked for once: the next trace of the same shape keeps the selection, another shape
        // drops it, as for heads clicked.
        view.setTrace(randomTrace(2, 4, 9, 6));
        QCOMPARE(view.selectedHeads(), selected);
        view.setTrace(randomTrace(3, 4, 6, 7));
        QVERIFY(view.selectedHeads().empty());
    }

    void clickActivatesHead_data() {
        QTest::addColumn<int>("layer");
        QTest::addColumn<int>("head");
        QTest::newRow("first head") << 0 << 0;
        QTest::newRow("last head") << 11 << 11;
        QTest::newRow("middle") << 5 << 7;
        QTest::newRow("last layer first head") << 11 << 0;
    }

    void clickActivatesHead() {
        QFETCH(int, layer);
        QFETCH(int, head);
        HeadGridView view;
        showGrid(view);
        view.setTrace(randomTrace(12, 12, 6, 5));
        QSignalSpy spy(&view, &HeadGridView::headActivated);
        QTest::mouseClick(&view, Qt::LeftButton, {}, view.cellRect(layer, head).center());
        QCOMPARE(spy.count(), 1);
        QCOMPARE(spy[0], (QList<QVariant>{layer, head}));
        QCOMPARE(std::make_pair(view.currentLayer(), view.currentHead()), std::make_pair(layer, head));
        // The mean and max columns are not heads; the gap between cells is nothing.
        QTest::mouseClick(&view, Qt::LeftButton, {}, view.cellRect(layer, view.meanColumn()).center());
        QTest::mouseClick(&view, Qt::LeftButton, {}, view.cellRect(layer, view.maxColumn()).center());
        QTest::mouseClick(&view, Qt::LeftButton, {}, QPoint(2, 2));
        QCOMPARE(spy.count(), 1);
    }

    void cellPixelsAreGradientColours_data() {
        QTest::addColumn<int>("scale");
        QTest::addColumn<int>("colormap");
        QTest::newRow("fixed viridis") << int(ScaleMode::Fixed) << int(Colormap::Viridis);
        QTest::newRow("row max magma") << int(ScaleMode::RowMax) << int(Colormap::Magma);
        QTest::newRow("global max greys") << int(ScaleMode::GlobalMax) << int(Colormap::Greys);
        QTest::newRow("log cividis") << int(ScaleMode::Log) << int(Colormap::Cividis);
    }

    void cellPixelsAreGradientColours() {
        QFETCH(int, scale);
        QFETCH(int, colormap);
        const auto trace = randomTrace(2, 3, 5, 17);
        HeadGridView view;
        showGrid(view);
        view.setTrace(trace);
        view.setStyle(HeatmapStyle{Colormap(colormap), ScaleMode(scale), false});
        const QImage image = view.grab().toImage();

        // What each cell shows, computed here from the engine's transforms.
        float largest = 0.0f;
        for (int l = 0; l < 2; ++l)
            for (int h = 0; h < 3; ++h)
                largest = std::max(largest, trace->head(l, h).maxCoeff());
        const bool logarithmic = ScaleMode(scale) == ScaleMode::Log;
        const QCPRange range = ScaleMode(scale) == ScaleMode::GlobalMax ? QCPRange(0.0, double(largest))
                               : logarithmic                            ? QCPRange(1e-4, 1.0)
                                                                        : QCPRange(0.0, 1.0);
        QCPColorGradient gradient = headmap::ui::gradientFor(Colormap(colormap));
        for (int l = 0; l < 2; ++l) {
            for (int c = 0; c < view.columnCount(); ++c) {
                MatrixF m = c < 3 ? MatrixF(trace->head(l, c)) : c == 3 ? layerMean(*trace, l)
                                                                        : layerMax(*trace, l);
                if (ScaleMode(scale) == ScaleMode::RowMax)
                    m = normaliseRowsByMax(m);
                if (ScaleMode(scale) == ScaleMode::Log)
                    m = m.cwiseMax(1e-4f);
                for (int q = 0; q < 5; ++q)
                    for (int k = 0; k < 5; ++k) {
                        const QRgb expected = gradient.color(double(m(q, k)), range, logarithmic);
                        const QRgb actual = pixelAt(image, view.cellRect(l, c), 5, q, k);
                        QVERIFY2(actual == expected, qPrintable(QStringLiteral("layer %1 column %2 (%3, %4)")
                                                                    .arg(l).arg(c).arg(q).arg(k)));
                    }
            }
        }
    }

    void currentHeadFrameMovesWithKeys() {
        HeadGridView view;
        showGrid(view);
        view.setTrace(randomTrace(3, 4, 6, 2));
        view.setCurrentHead(1, 2);
        QImage image = view.grab().toImage();
        QVERIFY(framePixels(image, view.cellRect(1, 2)) > 20);
        QCOMPARE(framePixels(image, view.cellRect(0, 0)), 0);

        view.setFocus();
        QTest::keyClick(&view, Qt::Key_Right);
        QTest::keyClick(&view, Qt::Key_Down);
        QCOMPARE(std::make_pair(view.currentLayer(), view.currentHead()), std::make_pair(2, 3));
        QTest::keyClick(&view, Qt::Key_Down);  // already the last layer
        QTest::keyClick(&view, Qt::Key_Right);  // already the last head
        QCOMPARE(std::make_pair(view.currentLayer(), view.currentHead()), std::make_pair(2, 3));
        image = view.grab().toImage();
        QCOMPARE(framePixels(image, view.cellRect(1, 2)), 0);
        QVERIFY(framePixels(image, view.cellRect(2, 3)) > 20);

        QSignalSpy spy(&view, &HeadGridView::headActivated);
        QTest::keyClick(&view, Qt::Key_Return);
        QTest::keyClick(&view, Qt::Key_Left);
        QTest::keyClick(&view, Qt::Key_Enter);
        QCOMPARE(spy.count(), 2);
        QCOMPARE(spy[0], (QList<QVariant>{2, 3}));
        QCOMPARE(spy[1], (QList<QVariant>{2, 2}));
    }

    void hoverAndFramesShowMetric() {
        const auto trace = randomTrace(2, 4, 6, 8);
        HeadGridView view;
        showGrid(view);
        view.setTrace(trace);
        hover(view, view.cellRect(1, 2).center());
        QVERIFY2(view.hoverText().startsWith("Layer 1, head 2"), qPrintable(view.hoverText()));
        QVERIFY(!view.hoverText().contains(QStringLiteral("Entropy")));

        view.setMetric(HeadMetric::Entropy);
        hover(view, view.cellRect(1, 2).center());
        const auto statistics = computeHeadStatistics(*trace);
        const QString entropy = QString::number(statistics[1 * 4 + 2].entropy, 'f', 3);
        QVERIFY2(view.hoverText().contains(QStringLiteral("Entropy (nats): ") + entropy),
                 qPrintable(view.hoverText()));

        hover(view, view.cellRect(0, view.meanColumn()).center());
        QVERIFY2(view.hoverText().contains(QStringLiteral("mean")), qPrintable(view.hoverText()));
        hover(view, QPoint(1, 1));
        QVERIFY(view.hoverText().isEmpty());
        view.setMetric(HeadMetric::MaxWeight);
        const QImage image = view.grab().toImage();
        auto byValue = [](const HeadStatistics& a, const HeadStatistics& b) {
            return a.maxWeight < b.maxWeight;
        };
        const auto [low, high] = std::minmax_element(statistics.begin(), statistics.end(), byValue);
        // The band just left of a cell: the lightest blue for the lowest head, the darkest for
        // the highest; the background once the metric is off.
        auto band = [&](const QImage& picture, const HeadStatistics& s) {
            const QRect rect = view.cellRect(s.layer, s.head);
            return picture.pixel(rect.left() - 1, rect.center().y());
        };
        QCOMPARE(band(image, *low), QColor("#c6dbef").rgb());
        QCOMPARE(band(image, *high), QColor("#08306b").rgb());
        view.setMetric(std::nullopt);
        QCOMPARE(band(view.grab().toImage(), *high), view.palette().color(QPalette::Base).rgb());
    }

    void hiddenSpecialTokensRenormaliseRows() {
        const auto trace = randomTrace(2, 3, 6, 4);  // [CLS] t1 … t4 [SEP]
        const auto shown = headmap::ui::shownTrace(trace, true);
        QCOMPARE(shown->length(), 4);
        QCOMPARE(shown->displayTokens(), (QStringList{"t1", "t2", "t3", "t4"}));
        for (int l = 0; l < 2; ++l)
            for (int h = 0; h < 3; ++h)
                for (int q = 0; q < 4; ++q)
                    QVERIFY(std::abs(shown->head(l, h).row(q).sum() - 1.0f) < 1e-5f);
        QCOMPARE(headmap::ui::shownTrace(trace, false).get(), trace.get());

        HeadGridView view;
        showGrid(view);
        view.setTrace(trace);
        view.setHideSpecialTokens(true);
        QCOMPARE(view.tokenCount(), 4);
        const QImage image = view.grab().toImage();
        QCPColorGradient gradient = headmap::ui::gradientFor(Colormap::Viridis);
        const MatrixF expected = withoutTokens(MatrixF(trace->head(1, 2)), {1, 2, 3, 4}, true);
        for (int q = 0; q < 4; ++q)
            for (int k = 0; k < 4; ++k)
                QCOMPARE(pixelAt(image, view.cellRect(1, 2), 4, q, k),
                         gradient.color(double(expected(q, k)), QCPRange(0, 1), false));
        view.setHideSpecialTokens(false);
        QCOMPARE(view.tokenCount(), 6);
    }

    void emptyAndAllSpecialTracesShowMessage() {
        HeadGridView view;
        showGrid(view);
        QCOMPARE(view.layerCount(), 0);
        QVERIFY(view.message().contains(QStringLiteral("Type a sentence")));
        QVERIFY(view.cellRect(0, 0).isNull());
        QSignalSpy spy(&view, &HeadGridView::headActivated);
        QTest::mouseClick(&view, Qt::LeftButton, {}, view.rect().center());
        QTest::keyClick(&view, Qt::Key_Return);
        QCOMPARE(spy.count(), 0);
        QVERIFY(view.grab().save(QDir(pngDir()).filePath(QStringLiteral("headgrid_empty.png"))));

        view.setTrace(std::make_shared<AttentionTrace>());  // no tokens, no layers
        QVERIFY(view.message().contains(QStringLiteral("Type a sentence")));

        ModelSummary model;  // a sentence of nothing but "[CLS] [SEP]"
        model.layers = 1;
        model.heads = 1;
        const QStringList tokens{"[CLS]", "[SEP]"};
        auto special = std::make_shared<AttentionTrace>(model, std::vector<int>{1, 2}, tokens, tokens,
                                                        std::vector<bool>{true, true});
        std::fill(special->headData(0, 0), special->headData(0, 0) + 4, 0.5f);
        view.setTrace(special);
        QCOMPARE(view.layerCount(), 1);
        view.setHideSpecialTokens(true);
        QCOMPARE(view.layerCount(), 0);
        QVERIFY2(view.message().contains(QStringLiteral("special")), qPrintable(view.message()));
    }

    void cjkAndEmojiTokensInTooltip() {
        const auto trace = teachingTrace(QStringLiteral("The animal didn't cross: 深入了解 café 👍"));
        HeadGridView view;
        showGrid(view, QSize(900, 520));
        view.setTrace(trace);
        QCOMPARE(view.layerCount(), 2);
        QCOMPARE(view.headCount(), 4);
        const int t = trace->length();
        const QRect cell = view.cellRect(0, 1);
        QVERIFY(cell.width() >= t);
        for (int q = 0; q < t; ++q) {
            hover(view, QPoint(cell.left() + int((q + 0.5) * cell.width() / t),
                               cell.top() + int((q + 0.5) * cell.height() / t)));
            const QString token = trace->displayTokens()[q];
            QVERIFY2(view.hoverText().contains(QStringLiteral("\"%1\" attends to \"%1\"").arg(token)),
                     qPrintable(view.hoverText()));
        }
        QVERIFY(view.grab().save(QDir(pngDir()).filePath(QStringLiteral("headgrid_teaching.png"))));
    }

    void exportsPng() {
        HeadGridView view;
        showGrid(view);
        view.setTrace(randomTrace(12, 12, 24, 9));
        view.setCurrentHead(3, 5);
        view.setMetric(HeadMetric::PreviousToken);
        const QString path = QDir(pngDir()).filePath(QStringLiteral("headgrid.png"));
        headmap::ui::ImageExportOptions options;
        options.size = QSize(1100, 820);
        options.scale = 1.0;
        auto paint = [&](QPaintDevice* device, QSize size) {
            QPainter painter(device);
            view.render(painter, size);
            return true;
        };
        const QString error = headmap::ui::exportImage(path, options, paint);
        QVERIFY2(error.isEmpty(), qPrintable(error));
        QCOMPARE(QImage(path).size(), QSize(1100, 820));
    }

    void thumbnailsAreMaxPooled_data() {
        QTest::addColumn<int>("t");
        QTest::addColumn<int>("maxSide");
        QTest::addColumn<int>("scale");
        QTest::newRow("T at the side: one pixel per weight") << 40 << 40 << int(ScaleMode::Fixed);
        QTest::newRow("T = 2·side") << 40 << 20 << int(ScaleMode::Fixed);
        QTest::newRow("ragged last block") << 41 << 20 << int(ScaleMode::Fixed);  // blocks of 3
        QTest::newRow("row max of full rows") << 37 << 16 << int(ScaleMode::RowMax);
        QTest::newRow("global max") << 45 << 16 << int(ScaleMode::GlobalMax);
        QTest::newRow("log") << 33 << 8 << int(ScaleMode::Log);
    }

    void thumbnailsAreMaxPooled() {
        // Each pixel is the largest of its block of the full matrix after the scale's transform,
        // written out here by brute force from layerMean, layerMax and normaliseRowsByMax.
        QFETCH(int, t);
        QFETCH(int, maxSide);
        QFETCH(int, scale);
        const auto trace = randomTrace(2, 3, t, 7);
        const HeatmapStyle style{Colormap::Viridis, ScaleMode(scale), false};
        const headmap::ui::GridImages images = headmap::ui::buildGridImages(*trace, style, maxSide);
        const int block = t <= maxSide ? 1 : (t + maxSide - 1) / maxSide;
        const int side = (t + block - 1) / block;
        QCOMPARE(images.pooling, block);
        QCOMPARE(int(images.images.size()), 2 * 5);
        std::vector<MatrixF> cells;
        for (int l = 0; l < 2; ++l) {
            for (int h = 0; h < 3; ++h)
                cells.emplace_back(trace->head(l, h));
            cells.push_back(layerMean(*trace, l));
            cells.push_back(layerMax(*trace, l));
        }
        float largest = 0;
        for (MatrixF& cell : cells) {
            if (style.scale == ScaleMode::RowMax)
                cell = normaliseRowsByMax(cell);
            if (style.scale == ScaleMode::Log)
                cell = cell.cwiseMax(1e-4f);
            largest = std::max(largest, cell.maxCoeff());
        }
        const QCPRange range = style.scale == ScaleMode::GlobalMax ? QCPRange(0, largest)
                               : style.scale == ScaleMode::Log     ? QCPRange(1e-4, 1.0)
                                                                   : QCPRange(0, 1);
        QCOMPARE(images.range.upper, range.upper);
        QCPColorGradient gradient = headmap::ui::gradientFor(style.colormap);
        for (size_t c = 0; c < cells.size(); ++c) {
            const QImage& image = images.images[c];
            QCOMPARE(image.size(), QSize(side, side));
            for (int r = 0; r < side; ++r)
                for (int k = 0; k < side; ++k) {
                    float peak = -1;
                    for (int i = r * block; i < std::min(t, (r + 1) * block); ++i)
                        for (int j = k * block; j < std::min(t, (k + 1) * block); ++j)
                            peak = std::max(peak, cells[c](i, j));
                    QCOMPARE(image.pixel(k, r), gradient.color(double(peak), range, style.scale == ScaleMode::Log));
                }
        }
    }
};

QTEST_MAIN(HeadGridViewTest)
#include "tst_headgridview.moc"
