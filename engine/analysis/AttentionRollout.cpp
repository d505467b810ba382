#include "analysis/AttentionRollout.h"

#include <algorithm>
#include <atomic>
#include <exception>
#include <memory>
#include <mutex>

#ifdef _OPENMP
#include <omp.h>
#endif

namespace headmap {
namespace {

// Heads computed at once while a layer is summed: each is a (T, T) matrix waiting for its turn
// (64 MB at 4,096 tokens), so more threads than this would buy little speed for much memory.
constexpr int kHeadsInFlight = 4;

// Divides each row by its sum (added in double: 4,096 terms). A row summing to 0 (only possible
// with negative weights) stays as it is rather than becoming NaN.
void normaliseRows(MatrixF& m) {
    for (Eigen::Index r = 0; r < m.rows(); ++r) {
        const double sum = m.row(r).cast<double>().sum();
        if (sum != 0.0)
            m.row(r) /= float(sum);
    }
}

}  // namespace

MatrixF rolloutStep(const AttentionTrace& trace, int layer, const std::function<bool()>& cancelled) {
    const int t = trace.length(), heads = trace.heads();
    MatrixF a = MatrixF::Zero(t, t);  // (T, T) Σ_h A_l,h, then Â_l
    std::atomic<bool> stop{false};
    std::mutex failureLock;
    std::exception_ptr failure;  // exceptions must not leave an OpenMP region
#ifdef _OPENMP
    const int threads = std::max(1, std::min({omp_get_max_threads(), kHeadsInFlight, heads}));
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
        // Added in head order whatever thread computed the head: the same bits on any machine.
#ifdef _OPENMP
#pragma omp ordered
#endif
        if (head && !stop.load())
            a += *head;
    }
    if (failure)
        std::rethrow_exception(failure);
    if (stop.load())
        return MatrixF();
    if (heads > 0)
        a /= float(heads);
    a *= 0.5f;
    a.diagonal().array() += 0.5f;
    normaliseRows(a);
    return a;
}

MatrixF rolloutProduct(const MatrixF& step, const MatrixF& previous) {
    MatrixF rollout(step.rows(), previous.cols());  // (T, T)
    rollout.noalias() = step * previous;
    return rollout;
}

std::vector<MatrixF> attentionRollout(const AttentionTrace& trace) {
    std::vector<MatrixF> rollouts;
    rollouts.reserve(size_t(std::max(0, trace.layers())));
    for (int l = 0; l < trace.layers(); ++l) {
        MatrixF step = rolloutStep(trace, l);
        // rollout_0 = Â_0 · I = Â_0: every product term but one is an exact zero.
        rollouts.push_back(l == 0 ? std::move(step) : rolloutProduct(step, rollouts.back()));
    }
    return rollouts;
}

}  // namespace headmap
