#include "analysis/AttentionRollout.h"

#include <algorithm>
#include <atomic>
#include <exception>
#include <memory>
#include <mutex>

#ifdef _OPENMP
#include <omp.h>
#endif

#include <QCoreApplication>

#include "core/AttentionRow.h"
#include "core/HeadmapError.h"

namespace headmap {
namespace {

// Heads computed at once while a layer is summed: each is a (T, T) matrix waiting for its turn,
// so at most this many, and no more than kInFlightBytes of them (one at a time from 4,096 tokens).
constexpr int kHeadsInFlight = 4;
constexpr qint64 kInFlightBytes = qint64(64) << 20;
// Rows of the product computed at a time: the product needs no second (T, T) matrix, only a
// band of this many rows (16 MB at 4,096 tokens).
constexpr Eigen::Index kBandRows = 1024;
// Rows of every head computed at a time when a layer's heads are summed from its queries and keys.
constexpr int kStepBandRows = 64;

// Divides each row by its sum (added in double: 4,096 terms). A row summing to 0 (only possible
// with negative weights) stays as it is rather than becoming NaN.
void normaliseRows(MatrixF& m) {
    for (Eigen::Index r = 0; r < m.rows(); ++r) {
        const double sum = m.row(r).cast<double>().sum();
        if (sum != 0.0)
            m.row(r) /= float(sum);
    }
}

// Σ_h A_l,h of a layer whose heads are computed from its queries and keys: a band of rows of every
// head at a time, bands on every core, so that no (T, T) head is ever held. Each row adds its heads
// in head order whatever thread computes it: the same bits on any number of cores.
bool sumHeadsInBands(const AttentionTrace& trace, int layer, const std::function<bool()>& cancelled, MatrixF& sum) {
    const LayerQueriesKeys& queriesKeys = *trace.queriesKeys(layer);
    const int t = trace.length(), heads = trace.heads();
    const int bands = (t + kStepBandRows - 1) / kStepBandRows;
    std::atomic<bool> stop{false};
    std::mutex failureLock;
    std::exception_ptr failure;  // exceptions must not leave an OpenMP region
#pragma omp parallel for schedule(dynamic, 1)
    for (int band = 0; band < bands; ++band) {
        if (stop.load())
            continue;
        if (cancelled && cancelled()) {
            stop = true;
            continue;
        }
        const int first = band * kStepBandRows, count = std::min(kStepBandRows, t - first);
        try {
            for (int h = 0; h < heads; ++h)
                sum.middleRows(first, count) += attentionRowsOfHead(queriesKeys, h, first, count);  // (count, T)
        } catch (...) {
            const std::lock_guard<std::mutex> lock(failureLock);
            if (!failure)
                failure = std::current_exception();
            stop = true;
        }
    }
    if (failure)
        std::rethrow_exception(failure);
    return !stop.load();
}

// The same for heads that are stored or come from another trace: whole heads, a few at a time,
// added in head order.
bool sumWholeHeads(const AttentionTrace& trace, int layer, const std::function<bool()>& cancelled, MatrixF& a) {
    const int t = trace.length(), heads = trace.heads();
    std::atomic<bool> stop{false};
    std::mutex failureLock;
    std::exception_ptr failure;  // exceptions must not leave an OpenMP region
#ifdef _OPENMP
    const qint64 headBytes = std::max<qint64>(1, qint64(t) * t * qint64(sizeof(float)));
    const int byMemory = int(std::max<qint64>(1, kInFlightBytes / headBytes));
    const int threads = std::max(1, std::min({omp_get_max_threads(), kHeadsInFlight, heads, byMemory}));
#pragma omp parallel for ordered schedule(static, 1) num_threads(threads)
#endif
    for (int h = 0; h < heads; ++h) {
        std::shared_ptr<const MatrixF> head;  // (T, T)
        if (!stop.load()) {
            if (cancelled && cancelled()) {
                stop = true;
            } else {
                try {
                    head = trace.headUncached(layer, h).matrix();
                } catch (...) {
                    const std::lock_guard<std::mutex> lock(failureLock);
                    if (!failure)
                        failure = std::current_exception();
                    stop = true;
                }
            }
        }
        // Added in head order whatever thread computed the head: the same bits for any number of
        // threads (the sum; the products after it follow Eigen's blocking, which can change with it).
#ifdef _OPENMP
#pragma omp ordered
#endif
        if (head && !stop.load())
            a += *head;
    }
    if (failure)
        std::rethrow_exception(failure);
    return !stop.load();
}

// Every head of the layer is made from its queries and keys (none stored, the trace not derived).
bool headsFromQueriesKeys(const AttentionTrace& trace, int layer) {
    if (!trace.queriesKeys(layer))
        return false;
    for (int h = 0; h < trace.heads(); ++h)
        if (trace.isStored(layer, h))
            return false;
    return true;
}

}  // namespace

MatrixF rolloutStep(const AttentionTrace& trace, int layer, const std::function<bool()>& cancelled) {
    if (const QString reason = rolloutUnavailable(trace); !reason.isEmpty())
        throw InputError(reason);
    const int t = trace.length(), heads = trace.heads();
    MatrixF a = MatrixF::Zero(t, t);  // (T, T) Σ_h A_l,h, then Â_l
    const bool summed = headsFromQueriesKeys(trace, layer) ? sumHeadsInBands(trace, layer, cancelled, a)
                                                           : sumWholeHeads(trace, layer, cancelled, a);
    if (!summed)
        return MatrixF();
    if (heads > 0)
        a /= float(heads);
    a *= 0.5f;
    a.diagonal().array() += 0.5f;
    normaliseRows(a);
    return a;
}

void multiplyRollout(MatrixF& step, const MatrixF& previous) {
    // Row i of the product needs row i of Â_l only, so each band replaces the rows it was made of.
    MatrixF band;  // (≤ kBandRows, T)
    for (Eigen::Index first = 0; first < step.rows(); first += kBandRows) {
        const Eigen::Index rows = std::min(kBandRows, step.rows() - first);
        band.noalias() = step.middleRows(first, rows) * previous;
        step.middleRows(first, rows) = band;
    }
}

QString rolloutUnavailable(const AttentionTrace& trace) {
    if (trace.hasKeyTokens() || trace.stack() == StackKind::Cross)
        return QCoreApplication::translate(
            "Engine", "Rollout (Abnar & Zuidema, 2020) follows self-attention through its residual connections; "
                      "cross-attention has queries from the target and keys from the source, and no residual path "
                      "from its keys. Switch to the encoder to see its rollout.");
    if (trace.model().isEncoderDecoder() && trace.stack() == StackKind::Decoder)
        return QCoreApplication::translate(
            "Engine", "Rollout (Abnar & Zuidema, 2020) follows one stack of self-attention; a translation model's "
                      "decoder also reads the encoder through cross-attention at every layer, which the definition "
                      "does not cover. Switch to the encoder to see its rollout.");
    return QString();
}

std::vector<MatrixF> attentionRollout(const AttentionTrace& trace) {
    if (const QString reason = rolloutUnavailable(trace); !reason.isEmpty())
        throw InputError(reason);
    std::vector<MatrixF> rollouts;
    rollouts.reserve(size_t(std::max(0, trace.layers())));
    for (int l = 0; l < trace.layers(); ++l) {
        MatrixF step = rolloutStep(trace, l);
        // rollout_0 = Â_0 · I = Â_0: every product term but one is an exact zero.
        if (l > 0)
            multiplyRollout(step, rollouts.back());
        rollouts.push_back(std::move(step));
    }
    return rollouts;
}

}  // namespace headmap
