// One more token at the end of a T-token input (issue #10: "one more token at the end of a
// 64-token input on the Qwen2.5-0.5B-shaped checkpoint updates the view in < 150 ms"). Times
// the run that reuses the first T tokens (RunOptions::reuse) against a fresh run of the same
// T + 1 tokens, through the engine, then through the real main window: a text of T tokens is
// run, one key is typed, and the time from the rerun's start (after the typing pause) until the
// heatmap shows the new token is measured (the key press to the heatmap, less the pause).
//
//   /usr/bin/python3 tests/bench/make_gguf_bench_model.py /tmp/qwen2.5-0.5b-shaped-q8_0.gguf
//   QT_QPA_PLATFORM=offscreen build/tests/bench_typing --model /tmp/qwen2.5-0.5b-shaped-q8_0.gguf
//
// Not a ctest test: timings depend on the machine and are never asserted. Exits 1 when the
// reuse run did not reuse or differs from the fresh run by more than 1e-4, or the window never
// showed the new token.

#include <algorithm>
#include <cstdio>
#include <vector>

#include <QApplication>
#include <QCommandLineParser>
#include <QElapsedTimer>
#include <QLineEdit>
#include <QSettings>
#include <QStandardPaths>
#include <QtTest/QTest>

#include "core/AllocatorTuning.h"
#include "AttentionDocument.h"
#include "EventLoopWait.h"
#include "HeatmapView.h"
#include "MainWindow.h"
#include "model/ModelLoader.h"
#include "model/PrefixState.h"

using namespace headmap;
using namespace headmap::ui;

namespace {

double median(std::vector<double> values) {
    std::sort(values.begin(), values.end());
    return values.empty() ? 0.0 : values[values.size() / 2];
}

double msSince(const QElapsedTimer& timer) {
    return double(timer.nsecsElapsed()) / 1e6;
}

// A text of at least `tokens` tokens: words until the model's tokenizer says so.
QString textOf(const Model& model, int tokens) {
    static const QStringList words = {QStringLiteral("the"), QStringLiteral("cat"), QStringLiteral("sat"),
                                      QStringLiteral("on"),  QStringLiteral("a"),   QStringLiteral("mat")};
    QString text = words[0];
    for (int i = 1; model.tokenize(text).size() < tokens; ++i)
        text += QStringLiteral(" ") + words[i % words.size()];
    return text;
}

int benchEngine(const Model& model, int length, int repeats) {
    std::vector<int> ids;
    for (int i = 0; i <= length; ++i)
        ids.push_back((37 * i + 11) % std::min(model.summary().vocabSize, model.tokenizer().vocabSize()));
    const Encoding prefix = model.tokenizer().fromIds(std::vector<int>(ids.begin(), ids.end() - 1));
    const Encoding longer = model.tokenizer().fromIds(ids);
    RunOptions keep;  // as the GUI runs a sentence
    keep.keepState = true;
    keep.valueNorms = true;
    std::vector<double> fresh, reused, first;
    double worst = 0;
    for (int r = 0; r < repeats; ++r) {
        QElapsedTimer timer;
        timer.start();
        const RunResult a = model.run(prefix, keep);
        first.push_back(msSince(timer));
        RunOptions next = keep;
        next.reuse = a.state;
        timer.restart();
        const RunResult b = model.run(longer, next);
        reused.push_back(msSince(timer));
        timer.restart();
        const RunResult c = model.run(longer, keep);
        fresh.push_back(msSince(timer));
        if (b.reusedTokens != length) {
            std::fprintf(stderr, "the run reused %d tokens, not %d\n", b.reusedTokens, length);
            return 1;
        }
        for (int l = 0; l < c.trace.layers(); ++l)
            for (int h = 0; h < c.trace.heads(); ++h)
                worst = std::max(worst, double((b.trace.head(l, h) - c.trace.head(l, h)).cwiseAbs().maxCoeff()));
    }
    std::printf("engine, T = %d -> %d, %d repeats (median ms):\n", length, length + 1, repeats);
    std::printf("  run of %d tokens, keeping state  %8.1f\n", length, median(first));
    std::printf("  fresh run of %d tokens           %8.1f\n", length + 1, median(fresh));
    std::printf("  reusing %d tokens                %8.1f   (%.1fx faster)\n", length, median(reused),
                median(fresh) / std::max(median(reused), 1e-9));
    std::printf("  largest weight difference       %.2g\n", worst);
    return worst <= 1e-4 ? 0 : 1;
}

// The window: run the text, type one key, time the rerun until the heatmap shows its tokens.
int benchWindow(const QString& modelPath, int length, int repeats) {
    QStandardPaths::setTestModeEnabled(true);
    QSettings().clear();
    AttentionDocument document;
    ModelSpec spec;
    spec.source = modelPath;
    if (!document.setModelSpec(spec)) {
        std::fprintf(stderr, "cannot open %s: %s\n", qPrintable(modelPath), qPrintable(document.lastError().message));
        return 1;
    }
    const auto reference = loadModel(spec);
    MainWindow window(&document);
    window.resize(1280, 860);
    window.show();
    if (!QTest::qWaitForWindowExposed(&window))
        return 1;
    const QString text = textOf(*reference, length);
    std::vector<double> shown, compute;
    for (int r = 0; r < repeats; ++r) {
        window.sentenceEdit()->setText(text);
        QTest::keyClick(window.sentenceEdit(), Qt::Key_Return);
        document.waitForIdle();
        const int before = document.pieceTrace()->length();
        // The next keystroke's text, and the tokens the heatmap must show for it.
        const QString key = r % 2 ? QStringLiteral("s") : QStringLiteral("x");
        const int expected = reference->tokenize(text + key).size();
        QElapsedTimer timer;
        timer.start();
        QTest::keyClick(window.sentenceEdit(), key.at(0).toLatin1());
        // Waits in the event loop (a spinning wait would take a core from the rerun).
        if (!bench::waitUntil([&] { return window.heatmap()->queryCount() == expected && document.text() == text + key; },
                              60000)) {
            std::fprintf(stderr, "the window did not show the new token\n");
            return 1;
        }
        // The rerun starts when the typing pause (a single-shot timer) ends.
        const double done = msSince(timer);
        shown.push_back(done - MainWindow::kTypingDelayMs);
        compute.push_back(done);
        std::printf("  window, repeat %d: %d -> %d tokens, %d reused, shown %.1f ms after the pause\n", r,
                    before, expected, document.reusedTokens(), done - MainWindow::kTypingDelayMs);
    }
    std::printf("window (median ms): from the end of the pause to the heatmap shown %8.1f\n", median(shown));
    std::printf("                    from the key press (includes the %d ms pause) %8.1f\n",
                MainWindow::kTypingDelayMs, median(compute));
    return 0;
}

}  // namespace

int main(int argc, char** argv) {
    tuneAllocatorForForwardPasses();  // as headmap and headmap-cli do
    QApplication app(argc, argv);
    std::setvbuf(stdout, nullptr, _IOLBF, 0);  // figures appear as they are measured
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral("Prefix reuse: one more token at the end of a T-token input."));
    parser.addHelpOption();
    parser.addOption({"model", "A decoder: GGUF file or model folder.", "PATH"});
    parser.addOption({"length", "Tokens before the new one.", "T", "64"});
    parser.addOption({"repeat", "Repeats of each measurement.", "N", "5"});
    parser.addOption({"engine-only", "Skip the window."});
    parser.process(app);
    if (!parser.isSet("model")) {
        std::fprintf(stderr, "--model is required\n");
        return 2;
    }
    const int length = parser.value("length").toInt();
    const int repeats = std::max(1, parser.value("repeat").toInt());
    ModelSpec spec;
    spec.source = parser.value("model");
    const auto model = loadModel(spec);
    const ModelSummary& summary = model->summary();
    std::printf("%s: %d layers x %d heads (%d K/V), d_model %d\n", qPrintable(summary.displayName()), summary.layers,
                summary.heads, summary.kvHeads, summary.dModel);
    if (const int failed = benchEngine(*model, length, repeats))
        return failed;
    if (parser.isSet("engine-only"))
        return 0;
    return benchWindow(spec.source, length, repeats);
}
