#include "cli/CliBench.h"

#include <algorithm>

#include <QElapsedTimer>
#include <QFile>

#include "core/HeadmapError.h"
#include "core/Tensor.h"
#include "io/JsonWriter.h"

namespace headmap::cli {
namespace {

// Resident memory not backed by a file, in bytes: what loading allocates, as opposed to the
// mapped checkpoint, which the kernel can drop and reload at will.
qint64 anonymousResidentBytes() {
    QFile status(QStringLiteral("/proc/self/status"));
    if (!status.open(QIODevice::ReadOnly))
        return -1;
    for (const QByteArray& line : status.readAll().split('\n')) {
        if (line.startsWith("RssAnon:"))
            return line.mid(8).trimmed().split(' ').value(0).toLongLong() * 1024;
    }
    return -1;
}

Encoding syntheticInput(const Model& model, int length) {
    // Ordinary tokens, away from the special ids at the start of most vocabularies.
    const int vocab = std::min(model.tokenizer().vocabSize(), model.summary().vocabSize);
    std::vector<int> ids;
    for (int i = 0; i < length; ++i)
        ids.push_back(std::min(vocab - 1, 1000 + (i * 7919) % std::max(1, vocab - 1000)));
    return model.tokenizer().fromIds(ids);
}

// GFLOP/s of a 2048 x 2048 x 2048 product, best of three, through the same Eigen (and BLAS,
// with HEADMAP_BLAS) as the forward pass: what its matrix products could reach at best.
double peakGflops() {
    constexpr int kSize = 2048;
    const MatrixF a = MatrixF::Random(kSize, kSize);
    const MatrixF b = MatrixF::Random(kSize, kSize);
    MatrixF c(kSize, kSize);
    double bestNs = 0;
    for (int r = 0; r < 3; ++r) {
        QElapsedTimer timer;
        timer.start();
        c.noalias() = a * b.transpose();  // as Linear::forward multiplies: x · Wᵀ
        const double ns = double(timer.nsecsElapsed());
        bestNs = r == 0 ? ns : std::min(bestNs, ns);
    }
    return 2.0 * kSize * kSize * kSize / bestNs;
}

}  // namespace

void runBenchmark(const ModelSpec& spec, const BenchOptions& options, QIODevice* out) {
    const qint64 memoryBefore = anonymousResidentBytes();
    QElapsedTimer loadTimer;
    loadTimer.start();
    const auto model = loadModel(spec);
    const double loadMs = double(loadTimer.nsecsElapsed()) / 1e6;
    const qint64 memoryAfter = anonymousResidentBytes();

    struct Row {
        int length;
        double bestMs;
        double medianMs;
    };
    QList<Row> rows;
    for (int length : options.lengths) {
        if (length > model->summary().maxPositions)
            throw InputError(QStringLiteral("--lengths: %1 is longer than %2's %3 positions")
                                 .arg(length).arg(model->summary().name).arg(model->summary().maxPositions));
        const Encoding input = syntheticInput(*model, length);
        for (int w = 0; w < options.warmup; ++w)
            model->run(input);
        QList<double> times;
        for (int r = 0; r < options.repeat; ++r) {
            QElapsedTimer timer;
            timer.start();
            const RunResult result = model->run(input);
            times << double(timer.nsecsElapsed()) / 1e6;
            Q_ASSERT(result.trace.length() == length);
        }
        std::sort(times.begin(), times.end());
        rows << Row{length, times.first(), times[times.size() / 2]};
    }

    const double peak = options.peak ? peakGflops() : 0.0;
    const ModelSummary& s = model->summary();
    if (options.json) {
        JsonWriter json(out);
        json.beginObject();
        json.key("model"); json.value(s.name);
        json.key("heads_captured"); json.value(s.layers * s.heads);
        json.key("load_ms"); json.value(loadMs);
        json.key("load_anonymous_memory_bytes"); json.value(static_cast<long long>(memoryAfter - memoryBefore));
        // The ids run over [1000, vocab) of this many; a reference that repeats the run needs it.
        json.key("synthetic_vocab"); json.value(std::min(model->tokenizer().vocabSize(), s.vocabSize));
        if (options.peak) {
            json.key("peak_gflops"); json.value(peak);
        }
        json.key("runs");
        json.beginArray();
        for (const Row& row : rows) {
            json.beginObject();
            json.key("length"); json.value(row.length);
            json.key("best_ms"); json.value(row.bestMs);
            json.key("median_ms"); json.value(row.medianMs);
            json.endObject();
        }
        json.endArray();
        json.endObject();
        json.flush();
        out->write("\n");
        return;
    }
    QString text = QStringLiteral("%1: %2 layers × %3 heads = %4 heads captured\n")
                       .arg(s.name).arg(s.layers).arg(s.heads).arg(s.layers * s.heads);
    text += QStringLiteral("open: %1 ms, %2 MB of memory beyond the mapped file\n")
                .arg(loadMs, 0, 'f', 1).arg(double(memoryAfter - memoryBefore) / 1e6, 0, 'f', 1);
    if (options.peak)
        text += QStringLiteral("matrix product 2048 x 2048 x 2048: %1 GFLOP/s\n").arg(peak, 0, 'f', 1);
    text += QStringLiteral("%1 %2 %3\n").arg(QStringLiteral("tokens"), 8).arg(QStringLiteral("best ms"), 12).arg(QStringLiteral("median ms"), 12);
    for (const Row& row : rows)
        text += QStringLiteral("%1 %2 %3\n").arg(row.length, 8).arg(row.bestMs, 12, 'f', 2).arg(row.medianMs, 12, 'f', 2);
    out->write(text.toUtf8());
}

}  // namespace headmap::cli
