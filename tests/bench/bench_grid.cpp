// The GUI at scale (issue #10: at T = 4,096 on a Qwen2.5-0.5B shape, resident memory ≤ weights +
// 1 GB, the grid of all heads < 300 ms after the pass, heatmap redraw < 30 ms, no event-loop
// stall > 100 ms). Drives the real main window offscreen: opens a model folder, shows the grid
// tab, runs a text of exactly T tokens (fitted with the folder's tokenizer alone), and records
//   - the time from the pass's end (the document's traceChanged) to the grid drawn;
//   - a heatmap redraw (QCustomPlot::replot, median of a few);
//   - stepping heads with PageDown (the head and its pyramid are made in a worker, HeadLoader):
//     the longest event-loop stall over the steps, and per step the time from the key press
//     until the heatmap shows the new head (median and largest); then five PageDowns at once
//     (only the last head is drawn): the stall and the time until the last head is shown;
//   - the rollout tab (--rollout): the time until its first layer shows, then to each layer of a
//     walk (up one, to the last, back to the middle), the longest stall, the layers kept;
//   - the longest event-loop stall while visiting every tab (--tabs);
//   - peak resident memory (VmHWM of /proc/self/status), and the weights' size on disk.
//
//   /usr/bin/python3 tests/bench/make_large_checkpoint.py /tmp/headmap-qwen --shape qwen2.5-0.5b --dtype F32
//   QT_QPA_PLATFORM=offscreen build/tests/bench_grid --model /tmp/headmap-qwen --length 4096
//
// Not a ctest test: timings depend on the machine and are never asserted. Exits 1 when a phase
// never showed its content.

#include <algorithm>
#include <functional>
#include <vector>

#include <QApplication>
#include <QCommandLineParser>
#include <QDir>
#include <QElapsedTimer>
#include <QEventLoop>
#include <QFile>
#include <QLineEdit>
#include <QSettings>
#include <QStandardPaths>
#include <QTabWidget>
#include <QTimer>
#include <QtTest/QTest>
#include <qcustomplot.h>

#include "EventLoopWait.h"
#include "AttentionDocument.h"
#include "HeatmapView.h"
#include "MainWindow.h"
#include "hf/HfModelLoader.h"
#include "heatmap/HeadLoader.h"
#include "views/HeadGridView.h"
#include "views/RolloutView.h"

using namespace headmap;
using namespace headmap::ui;

using headmap::bench::runEvents;
using headmap::bench::waitUntil;

namespace {

// The longest gap between ticks of a 1 ms timer on the GUI thread since the last restart().
class StallMonitor : public QObject {
public:
    StallMonitor() {
        m_timer.setTimerType(Qt::PreciseTimer);
        m_timer.setInterval(1);
        connect(&m_timer, &QTimer::timeout, this, &StallMonitor::tick);
        m_clock.start();
        m_last = m_clock.nsecsElapsed();
        m_timer.start();
    }
    double restart() {
        tick();
        const double longest = m_longest;
        m_longest = 0;
        return longest;
    }

private:
    void tick() {
        const qint64 now = m_clock.nsecsElapsed();
        m_longest = std::max(m_longest, double(now - m_last) / 1e6);
        m_last = now;
    }
    QTimer m_timer;
    QElapsedTimer m_clock;
    qint64 m_last = 0;
    double m_longest = 0;
};

// A line of /proc/self/status in MB ("VmHWM", "VmRSS"); -1 where there is none.
double statusMegabytes(const char* key) {
    QFile file(QStringLiteral("/proc/self/status"));
    if (!file.open(QIODevice::ReadOnly))
        return -1;
    for (const QByteArray& line : file.readAll().split('\n'))
        if (line.startsWith(key)) {
            const QList<QByteArray> parts = line.simplified().split(' ');
            return parts.size() >= 2 ? parts[1].toDouble() / 1024.0 : -1;
        }
    return -1;
}

double weightsMegabytes(const QString& folder) {
    double bytes = 0;
    for (const QFileInfo& info : QDir(folder).entryInfoList({"*.safetensors", "*.gguf"}, QDir::Files))
        bytes += double(info.size());
    return bytes / (1024.0 * 1024.0);
}

// Words "w1234" until the folder's tokenizer gives exactly `length` tokens (special ones
// included), else the nearest length below.
QString fittedText(const QString& folder, int length, bool chinese) {
    const HfTokenizerFolder loaded = loadHfTokenizerFolder(folder, QDir(folder).dirName());
    // The Chinese seed's sentence (shared/seeds), to look at CJK labels at length.
    const QString sentence = QStringLiteral("模型的好方法是学习注意机制。");
    auto tokens = [&](int words) {
        QStringList parts;
        for (int i = 0; i < words; ++i)
            parts << (chinese ? sentence.left(1 + i % sentence.size()) : QStringLiteral("w%1").arg(1000 + (i * 7919) % 29000));
        const QString text = parts.join(chinese ? QString() : QStringLiteral(" "));
        return std::make_pair(text, loaded.tokenizer->encode(text, true).size());
    };
    int low = 1, high = length;  // tokens grow with words: the largest word count that fits
    while (low < high) {
        const int mid = (low + high + 1) / 2;
        if (tokens(mid).second <= length)
            low = mid;
        else
            high = mid - 1;
    }
    QString text = tokens(low).first;
    // Pad with single characters where a word adds more than one token.
    for (int n = tokens(low).second; n < length; ++n) {
        const QString longer = text + QStringLiteral(" x");
        if (loaded.tokenizer->encode(longer, true).size() > length)
            break;
        text = longer;
    }
    return text;
}

double median(std::vector<double> values) {
    std::sort(values.begin(), values.end());
    return values.empty() ? 0 : values[values.size() / 2];
}

}  // namespace

int main(int argc, char** argv) {
    QApplication app(argc, argv);
    QCoreApplication::setApplicationName(QStringLiteral("bench_grid"));
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral("The grid, heatmap, stalls and memory of the main window at T tokens."));
    parser.addHelpOption();
    parser.addOption({"model", "Model folder (tests/bench/make_large_checkpoint.py writes one).", "DIR",
                      "/tmp/headmap-qwen"});
    parser.addOption({"length", "Tokens of the text, special tokens included.", "T", "4096"});
    parser.addOption({"steps", "Heads to step through with PageDown.", "N", "5"});
    parser.addOption({"async-from", "Compute heads in a worker from this many tokens on (HeadLoader; a large value "
                                    "shows the synchronous path).", "T", QString::number(HeadLoader::kDefaultAsyncFrom)});
    parser.addOption({"chinese", "Chinese text (the Chinese seed's sentence) instead of numbered words."});
    parser.addOption({"shots", "Save the window as DIR/pending.png while the last of the five heads is computed "
                               "and DIR/shown.png once it is there (that run's timings include the grabs).", "DIR"});
    parser.addOption({"rollout", "Also show the rollout tab and walk its layers (first, up one, the last, the middle)."});
    parser.addOption({"tabs", "Also visit every tab (those that run a pass or read every head again take minutes at "
                              "T = 4,096)."});
    parser.process(app);
    const QString folder = parser.value("model");
    const int length = std::max(3, parser.value("length").toInt());
    HeadLoader::setAsyncFrom(parser.value("async-from").toInt());
    constexpr int kTimeout = 1800000;  // a 4,096-token pass on two shared cores takes minutes

    QStandardPaths::setTestModeEnabled(true);  // the user's settings stay untouched
    QSettings().clear();
    const QString text = fittedText(folder, length, parser.isSet("chinese"));

    AttentionDocument document;
    MainWindow window(&document);
    window.resize(1280, 860);
    window.show();
    StallMonitor monitor;
    QElapsedTimer clock;
    clock.start();
    bool failed = false;
    auto require = [&](bool shown, const char* what) {
        if (!shown) {
            qCritical("bench_grid: %s never showed", what);
            failed = true;
        }
        return shown;
    };

    window.openModel(folder);
    require(waitUntil([&] { return document.hasModel() && !document.isBusy(); }, kTimeout), "the model");
    const double afterOpen = statusMegabytes("VmRSS");
    window.tabs()->setCurrentIndex(MainWindow::GridTab);
    runEvents(50);

    // The pass, then the grid: the stall counts from the trace's delivery on.
    qint64 traceAt = -1;
    QObject::connect(&document, &AttentionDocument::traceChanged, &window, [&] {
        if (traceAt < 0 && document.trace().length() > 0)
            traceAt = clock.nsecsElapsed();
    });
    const qint64 start = clock.nsecsElapsed();
    window.sentenceEdit()->setFocus();
    window.sentenceEdit()->setText(text);
    QTest::keyClick(window.sentenceEdit(), Qt::Key_Return);
    require(waitUntil([&] { return traceAt >= 0; }, kTimeout), "the trace");
    monitor.restart();
    const bool grid = require(waitUntil([&] {
        return window.grid()->message().isEmpty() && window.grid()->layerCount() > 0;
    }, kTimeout), "the grid");
    window.grid()->repaint();  // drawn, not only ready
    const double gridMs = grid ? double(clock.nsecsElapsed() - traceAt) / 1e6 : -1;
    const double passMs = double(traceAt - start) / 1e6;
    const double gridStall = monitor.restart();
    const int t = document.trace().length();
    const ModelSummary& model = document.modelSummary();
    setvbuf(stdout, nullptr, _IOLBF, 0);  // each figure as soon as it is measured
    printf("T = %d, %s: %d layers x %d heads (%d K/V), d_model %d\n", t, qPrintable(model.displayName()), model.layers,
           model.heads, model.kvHeads, model.dModel);
    printf("%-44s %10.0f\n", "weights on disk, MB", weightsMegabytes(folder));
    printf("%-44s %10.0f\n", "resident after opening the model, MB", afterOpen);
    printf("%-44s %10.0f\n", "forward pass (Enter to trace), ms", passMs);
    printf("%-44s %10.1f\n", "pass end to grid shown, ms", gridMs);
    printf("%-44s %10.1f\n", "longest stall until the grid, ms", gridStall);
    printf("%-44s %10.0f\n", "peak resident (VmHWM) with the grid, MB", statusMegabytes("VmHWM"));

    window.tabs()->setCurrentIndex(MainWindow::HeatmapTab);
    require(waitUntil([&] { return window.heatmap()->queryCount() == t; }, kTimeout), "the heatmap");
    runEvents(100);
    std::vector<double> redraws;
    for (int i = 0; i < 5; ++i) {
        QElapsedTimer redraw;
        redraw.start();
        window.heatmap()->plot()->replot(QCustomPlot::rpImmediateRefresh);
        redraws.push_back(double(redraw.nsecsElapsed()) / 1e6);
    }

    // Stepping heads on the heatmap, then every tab: the longest stall of each.
    HeatmapView* heatmap = window.heatmap();
    auto headShown = [&] {
        return !heatmap->isPending() &&
               heatmap->title().contains(QStringLiteral("layer %1, head %2").arg(document.layer()).arg(document.head()));
    };
    monitor.restart();
    std::vector<double> shownAfter;
    for (int i = 0; i < parser.value("steps").toInt() && !failed; ++i) {
        const int before = document.layer() * 1000 + document.head();
        QElapsedTimer step;
        step.start();
        QTest::keyClick(&window, Qt::Key_PageDown);
        require(waitUntil([&] {
            return document.layer() * 1000 + document.head() != before && !document.isBusy() && headShown();
        }, kTimeout), "the next head");
        shownAfter.push_back(double(step.nsecsElapsed()) / 1e6);
        runEvents(50);
    }
    const double headStall = monitor.restart();
    // Five steps at once, as a user holding PageDown: only the last head is computed to the end.
    QElapsedTimer burst;
    burst.start();
    for (int i = 0; i < 5; ++i)
        QTest::keyClick(&window, Qt::Key_PageDown);
    const double beforeShot = monitor.restart();  // grabbing the window is not a stall of the steps
    if (parser.isSet("shots") && heatmap->isPending())
        window.grab().save(QDir(parser.value("shots")).filePath(QStringLiteral("pending.png")));
    monitor.restart();
    require(waitUntil([&] { return !document.isBusy() && headShown(); }, kTimeout), "the last of five heads");
    const double burstMs = double(burst.nsecsElapsed()) / 1e6;
    const double burstStall = std::max(beforeShot, monitor.restart());
    if (parser.isSet("shots"))
        window.grab().save(QDir(parser.value("shots")).filePath(QStringLiteral("shown.png")));
    printf("%-44s %10.1f\n", "heatmap redraw (median of 5), ms", median(redraws));
    printf("%-44s %10d\n", "heads computed in a worker from T", HeadLoader::asyncFrom());
    printf("%-44s %10.1f\n", "longest stall stepping heads, ms", headStall);
    printf("%-44s %10.1f\n", "step to head shown (median), ms", median(shownAfter));
    printf("%-44s %10.1f\n", "step to head shown (largest), ms",
           shownAfter.empty() ? 0.0 : *std::max_element(shownAfter.begin(), shownAfter.end()));
    printf("%-44s %10.1f\n", "5 steps at once to the last head shown, ms", burstMs);
    printf("%-44s %10.1f\n", "longest stall during the 5 steps, ms", burstStall);
    printf("%-44s %10.0f\n", "peak resident (VmHWM) after the heads, MB", statusMegabytes("VmHWM"));
    if (parser.isSet("rollout") && !failed) {
        RolloutView* rollout = window.rollout();
        const int layers = document.modelSummary().layers;
        auto layerShown = [&](int layer) {
            return !rollout->isComputing() && !rollout->heatmap()->isPending() &&
                   rollout->heatmap()->title().endsWith(QStringLiteral("layer %1").arg(layer));
        };
        printf("%-44s %10.0f\n", "resident (VmRSS) before the rollout, MB", statusMegabytes("VmRSS"));
        monitor.restart();
        QElapsedTimer shown;
        shown.start();
        window.tabs()->setCurrentIndex(MainWindow::RolloutTab);
        const int first = rollout->layer();
        require(waitUntil([&] { return !document.isBusy() && layerShown(first); }, kTimeout), "the rollout");
        printf("%-44s %10.0f\n", qPrintable(QStringLiteral("rollout tab, layer %1 shown after, ms").arg(first)),
               double(shown.nsecsElapsed()) / 1e6);
        for (int layer : {first + 1, layers - 1, layers / 2}) {
            if (failed || layer < 0 || layer >= layers)
                continue;
            shown.restart();
            rollout->setLayer(layer);
            require(waitUntil([&] { return layerShown(layer); }, kTimeout), "a rollout layer");
            printf("%-44s %10.0f\n", qPrintable(QStringLiteral("rollout layer %1 shown after, ms").arg(layer)),
                   double(shown.nsecsElapsed()) / 1e6);
        }
        QString kept;
        if (rollout->series())
            for (int layer : rollout->series()->keptLayers())
                kept += QString::number(layer) + QLatin1Char(' ');
        printf("%-44s %10.1f\n", "longest stall in the rollout tab, ms", monitor.restart());
        printf("%-44s %s\n", "rollout layers kept", qPrintable(kept));
        printf("%-44s %10.0f\n", "peak resident (VmHWM) after the rollout, MB", statusMegabytes("VmHWM"));
    }
    for (int index = 0; index < window.tabs()->count() && !failed && parser.isSet("tabs"); ++index) {
        monitor.restart();
        QElapsedTimer shown;
        shown.start();
        window.tabs()->setCurrentIndex(index);
        waitUntil([&] { return !document.isBusy(); }, kTimeout);
        runEvents(100);
        const QString name = window.tabs()->tabText(index).remove(QLatin1Char('&'));
        const double stall = monitor.restart();
        printf("tab %-20s ready after %8.0f ms, longest stall %8.1f ms\n", qPrintable(name),
               double(shown.nsecsElapsed()) / 1e6, stall);
    }

    printf("%-44s %10.0f\n", "peak resident (VmHWM), MB", statusMegabytes("VmHWM"));
    return failed ? 1 : 0;
}
