#include "cli/CliBench.h"

#include <algorithm>

#include <QElapsedTimer>
#include <QFile>

#include "core/HeadmapError.h"
#include "core/Linear.h"
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

// GFLOP/s of a 2048 x 2048 x 2048 product, best of three, through Linear::forward (the dense
// layers' backend, Linear::backend()) and through Eigen's own product (the attention's): what
// the forward pass's matrix products could reach at best.
struct Peak {
    double dense = 0;
    double eigen = 0;
};

Peak peakGflops() {
    constexpr int kSize = 2048;
    const MatrixF a = MatrixF::Random(kSize, kSize);
    const MatrixF b = MatrixF::Random(kSize, kSize);
    const Linear linear(b.data(), nullptr, kSize, kSize, WeightLayout::OutIn);
    MatrixF c(kSize, kSize);
    auto best = [](auto product) {
        double bestNs = 0;
        for (int r = 0; r < 3; ++r) {
            QElapsedTimer timer;
            timer.start();
            product();
            const double ns = double(timer.nsecsElapsed());
            bestNs = r == 0 ? ns : std::min(bestNs, ns);
        }
        return 2.0 * kSize * kSize * kSize / bestNs;
    };
    Peak peak;
    peak.dense = best([&] { c = linear.forward(a); });
    peak.eigen = best([&] { c.noalias() = a * b.transpose(); });  // as Linear multiplies: x · Wᵀ
    return peak;
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

    const Peak peak = options.peak ? peakGflops() : Peak();
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
        json.key("dense_backend"); json.value(QString::fromLatin1(Linear::backend()));
        if (options.peak) {
            json.key("peak_gflops"); json.value(std::max(peak.dense, peak.eigen));
            json.key("peak_dense_gflops"); json.value(peak.dense);
            json.key("peak_eigen_gflops"); json.value(peak.eigen);
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
    text += QStringLiteral("dense layers multiplied by %1\n").arg(QString::fromLatin1(Linear::backend()));
    if (options.peak)
        text += QStringLiteral("matrix product 2048 x 2048 x 2048: %1 GFLOP/s (%2), %3 GFLOP/s (Eigen)\n")
                    .arg(peak.dense, 0, 'f', 1).arg(QString::fromLatin1(Linear::backend())).arg(peak.eigen, 0, 'f', 1);
    text += QStringLiteral("%1 %2 %3\n").arg(QStringLiteral("tokens"), 8).arg(QStringLiteral("best ms"), 12).arg(QStringLiteral("median ms"), 12);
    for (const Row& row : rows)
        text += QStringLiteral("%1 %2 %3\n").arg(row.length, 8).arg(row.bestMs, 12, 'f', 2).arg(row.medianMs, 12, 'f', 2);
    out->write(text.toUtf8());
}

}  // namespace headmap::cli
