// The views' paint and hover times, moved out of the unit tests (issue #36): a QBENCHMARK in a
// ctest test asserted nothing but a count, and timings are never asserted there. Run by hand:
//   build/tests/bench_views [-iterations N | -callgrind ...]   (QtTest's benchmark options)
// What the views draw is checked in tst_heatmapview, tst_matrixview and tst_headgridview.

#include <QPainter>
#include <QtTest>
#include <qcustomplot.h>

#include "FigureTestSupport.h"
#include "HeatmapTestSupport.h"
#include "HeatmapView.h"
#include "SyntheticMatrices.h"
#include "WidgetTestSupport.h"
#include "steps/MatrixView.h"
#include "teaching/PortableRandom.h"
#include "views/HeadGridView.h"

using namespace headmap;
using namespace headmap::ui;
using testsupport::numberedTokens;
using testsupport::randomAttention;
using testsupport::showWidget;

namespace {

}  // namespace

class BenchViews : public QObject {
    Q_OBJECT
private slots:
    // The target: a 512 × 512 heatmap redraws in under 30 ms.
    void heatmapRedraw512() {
        const QStringList names = numberedTokens(512);
        const MatrixF a = randomAttention(512, 1), b = randomAttention(512, 2);
        HeatmapView view;
        QVERIFY(showWidget(view, QSize(1200, 1000)));
        int round = 0;
        QBENCHMARK {
            view.setMatrix(++round % 2 ? a : b, names, names, "benchmark");
            view.plot()->replot(QCustomPlot::rpImmediateRefresh);
        }
    }

    void heatmapHover512() {
        const QStringList names = numberedTokens(512);
        HeatmapView view;
        QVERIFY(showWidget(view, QSize(1200, 1000)));
        view.setMatrix(randomAttention(512, 3), names, names, "hover");
        const QPoint a = view.cellCenter(100, 200), b = view.cellCenter(300, 400);
        int round = 0;
        QBENCHMARK {
            heatmaptests::hover(view, ++round % 2 ? a : b);
        }
    }

    void matrixPaint512x768_data() {
        QTest::addColumn<bool>("zoomedOut");
        QTest::addColumn<bool>("summarised");
        QTest::newRow("numbers") << false << false;
        QTest::newRow("zoomed out") << true << false;
        QTest::newRow("summarised") << false << true;
    }

    void matrixPaint512x768() {
        QFETCH(bool, zoomedOut);
        QFETCH(bool, summarised);
        PortableRandom random(99);
        MatrixF m(512, 768);
        for (Eigen::Index i = 0; i < m.size(); ++i)
            m.data()[i] = random.uniform(3.0);
        MatrixView view;
        QVERIFY(showWidget(view, QSize(1200, 800)));
        view.setMatrix(m, QStringLiteral("X"), numberedTokens(512), MatrixScale::Signed);
        view.setSummarizeColumns(summarised);
        view.setZoom(zoomedOut ? 0.01 : 1.0);
        QImage image(view.cellArea()->size(), QImage::Format_RGB32);
        view.cellArea()->render(&image);  // the colour image is made once, outside the benchmark
        QBENCHMARK {
            view.cellArea()->render(&image);
        }
    }

    void gridPaint_data() {
        QTest::addColumn<bool>("rebuild");
        QTest::newRow("cached cells") << false;
        QTest::newRow("after a style change") << true;
    }

    // 12 × 12 heads at T = 128.
    void gridPaint() {
        QFETCH(bool, rebuild);
        HeadGridView view;
        view.resize(1400, 1000);
        view.setTrace(figuretests::randomTrace(12, 12, 128, 12));
        QImage target(view.size(), QImage::Format_ARGB32_Premultiplied);
        QPainter painter(&target);
        view.render(painter, view.size());  // builds the 144 cell images
        QBENCHMARK {
            if (rebuild)
                view.setStyle(HeatmapStyle{Colormap::Magma, ScaleMode::RowMax, false});  // drops them
            view.render(painter, view.size());
        }
    }
};

QTEST_MAIN(BenchViews)
#include "bench_views.moc"
