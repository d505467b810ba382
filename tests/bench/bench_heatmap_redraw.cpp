// Redraw time of the heatmap at T = 512, 2,048, 4,096 and 8,192 tokens (issue #10: "a view of
// 8,192 × 8,192 redraws in < 30 ms at any zoom"), and the time to build the level-of-detail
// pyramid. Per T, the medians over repeats of:
//   build max / build mean   AttentionPyramid from the (T, T) matrix (wall time)
//   new head                 setMatrix of another head, drawn (copy, mask, pyramid, tiles, paint)
//   replot                   a repaint of the same view
//   wheel out / wheel in     one wheel notch, as the user zooms: new tiles, labels and paint,
//                            fully zoomed out (one notch in and back) and zoomed in to ~60 cells
//
//   QT_QPA_PLATFORM=offscreen build/tests/bench_heatmap_redraw [--repeats 9] [--shots DIR]
//
// --shots DIR keeps the view as PNGs (500, 2,000 and 8,192 tokens, zoomed out and zoomed in on
// CJK tokens) to look at. Not a ctest test: timings depend on the machine and are never
// asserted.

#include <algorithm>
#include <cstdio>
#include <ctime>
#include <functional>
#include <vector>

#include <QApplication>
#include <QCommandLineParser>
#include <QDir>
#include <QElapsedTimer>
#include <QWheelEvent>
#include <QtTest/QTest>
#include <qcustomplot.h>

#include "core/AllocatorTuning.h"
#include "HeatmapView.h"
#include "analysis/AttentionPyramid.h"

using headmap::AttentionPyramid;
using headmap::ConstMatrixMap;
using headmap::MatrixF;
using headmap::Pooling;
using headmap::ui::HeatmapView;

namespace {

// (T, T): a causal head with a faint uneven background, a diagonal and an attention sink on
// the first token, as decoders have them; `seed` shifts the pattern so two heads differ.
MatrixF syntheticHead(int t, int seed) {
    MatrixF m(t, t);
    for (int r = 0; r < t; ++r) {
        float* row = m.data() + size_t(r) * size_t(t);
        for (int c = 0; c < t; ++c)
            row[c] = c > r ? 0.0f : 0.2f / float(r + 1) * float((r * 31 + c * 17 + seed) % 97) / 97.0f;
        row[0] = 0.5f;
        row[r] = std::max(row[r], 0.3f);
        if (r > 8)
            row[r - 1 - (seed % 7)] = 0.25f;  // a previous-token head
    }
    return m;
}

QStringList tokens(int t) {
    const QStringList words =
        QString("深 入 了 解 Transformer 模 型 的 注 意 力 机 制 。 the cat sat on a mat").split(' ');
    QStringList list;
    for (int i = 0; i < t; ++i)
        list << words[i % words.size()];
    return list;
}

double median(std::vector<double> values) {
    std::sort(values.begin(), values.end());
    return values.empty() ? 0.0 : values[values.size() / 2];
}

double threadCpuMs() {
    timespec now{};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &now);
    return double(now.tv_sec) * 1e3 + double(now.tv_nsec) / 1e6;
}

// The GUI thread's CPU time, as well as the wall time: on a loaded machine the wall time
// counts the time other processes held the cores, the CPU time only this thread's work (the
// pyramid builds' OpenMP workers are not in it, so builds are reported as wall time only).
struct Timing {
    double wall = 0, cpu = 0;
};

// Milliseconds of `work`, medians over `repeats`.
Timing timed(int repeats, const std::function<void(int)>& work) {
    std::vector<double> walls, cpus;
    for (int i = 0; i < repeats; ++i) {
        QElapsedTimer clock;
        clock.start();
        const double cpu = threadCpuMs();
        work(i);
        cpus.push_back(threadCpuMs() - cpu);
        walls.push_back(double(clock.nsecsElapsed()) / 1e6);
    }
    return {median(walls), median(cpus)};
}

QByteArray figure(const Timing& timing) {
    return QByteArray::number(timing.wall, 'f', 1) + " / " + QByteArray::number(timing.cpu, 'f', 1);
}

void wheel(HeatmapView& view, int delta) {
    QWidget* plot = view.plot();
    const QPointF centre(view.plot()->axisRect()->rect().center());
    QWheelEvent event(centre, plot->mapToGlobal(centre), QPoint(), QPoint(0, delta), Qt::NoButton, Qt::NoModifier,
                      Qt::NoScrollPhase, false);
    QApplication::sendEvent(plot, &event);
    QApplication::processEvents();  // the queued repaint
}

void zoomTo(HeatmapView& view, double centre, double cells) {
    view.plot()->xAxis->setRange(centre - cells / 2, centre + cells / 2);
    view.plot()->yAxis->setRange(centre - cells / 2, centre + cells / 2);
}

void shot(HeatmapView& view, const QString& dir, const QString& name) {
    if (dir.isEmpty())
        return;
    QApplication::processEvents();
    const QString path = QDir(dir).filePath(name + QStringLiteral(".png"));
    if (!view.grab().save(path))
        std::fprintf(stderr, "could not write %s\n", qPrintable(path));
}

}  // namespace

int main(int argc, char** argv) {
    headmap::tuneAllocatorForForwardPasses();  // as headmap and headmap-cli do
    QApplication app(argc, argv);
    QCommandLineParser parser;
    parser.addHelpOption();
    parser.addOption({"repeats", "Repeats per figure (median reported).", "n", "9"});
    parser.addOption({"shots", "Keep PNGs of the view in this folder.", "dir"});
    parser.process(app);
    const int repeats = std::max(1, parser.value("repeats").toInt());
    const QString shots = parser.value("shots");
    if (!shots.isEmpty())
        QDir().mkpath(shots);

    HeatmapView view;
    view.resize(1200, 1000);
    view.setCausalMask(true);
    view.show();
    if (!QTest::qWaitForWindowExposed(&view))
        return 1;

    std::printf("%6s %9s %10s %14s %12s %12s %5s %12s %5s %7s\n", "T", "build max", "build mean", "new head",
                "replot", "wheel out", "level", "wheel in", "level", "tiles");
    for (int t : {512, 2048, 4096, 8192}) {
        const MatrixF a = syntheticHead(t, 1), b = syntheticHead(t, 2);
        const QStringList names = tokens(t);
        const ConstMatrixMap map(a.data(), t, t);
        const Timing buildMax = timed(std::max(3, repeats / 3), [&](int) { AttentionPyramid pyramid(map, Pooling::Max); });
        const Timing buildMean = timed(std::max(3, repeats / 3), [&](int) { AttentionPyramid pyramid(map, Pooling::Mean); });

        view.setMatrix(a, names, names, QStringLiteral("%1 tokens").arg(t));
        const Timing newHead = timed(std::max(3, repeats / 3), [&](int i) {
            view.setMatrix(i % 2 ? a : b, names, names, QStringLiteral("%1 tokens").arg(t));
            view.plot()->replot(QCustomPlot::rpImmediateRefresh);
        });
        const Timing replot = timed(repeats, [&](int) { view.plot()->replot(QCustomPlot::rpImmediateRefresh); });
        // Fully zoomed out: a notch in and back out.
        view.resetZoom();
        const Timing wheelOut = timed(repeats, [&](int i) { wheel(view, i % 2 ? -120 : 120); });
        view.resetZoom();
        const int outLevel = view.shownLevel();
        const int outCells = view.drawnCellCount();
        shot(view, shots, QStringLiteral("heatmap_%1_zoomed_out").arg(t));
        // Zoomed in to ~60 cells around the middle, still a pooled level or not.
        zoomTo(view, t / 2.0, 60);
        const Timing wheelIn = timed(repeats, [&](int i) { wheel(view, i % 2 ? -120 : 120); });
        const int inLevel = view.shownLevel();
        zoomTo(view, t / 2.0, 24);
        shot(view, shots, QStringLiteral("heatmap_%1_zoomed_in_cjk").arg(t));
        std::printf("%6d %9.1f %10.1f %14s %12s %12s %5d %12s %5d %7d\n", t, buildMax.wall, buildMean.wall,
                    figure(newHead).constData(), figure(replot).constData(), figure(wheelOut).constData(), outLevel,
                    figure(wheelIn).constData(), inLevel, outCells);
        std::fflush(stdout);
    }
    if (!shots.isEmpty()) {
        // The sizes the labels were tuned for (tst_heatmapview's long inputs): 500 and 2,000.
        for (int t : {500, 2000}) {
            const MatrixF m = syntheticHead(t, 3);
            view.setMatrix(m, tokens(t), tokens(t), QStringLiteral("%1 tokens").arg(t));
            shot(view, shots, QStringLiteral("heatmap_%1_zoomed_out").arg(t));
            zoomTo(view, t / 2.0, 24);
            shot(view, shots, QStringLiteral("heatmap_%1_zoomed_in_cjk").arg(t));
        }
    }
    std::printf("ms, median of %d (builds and new head: of %d); wall / GUI-thread CPU; builds: wall;\n"
                "tiles: colour-map cells drawn zoomed out\n",
                repeats, std::max(3, repeats / 3));
    return 0;
}
