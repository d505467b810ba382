#pragma once
// The few heads an AttentionTrace recomputed last, so that a view, its hover and its export do
// not recompute the head they are showing. Bounded twice: at most maxHeads heads and about
// maxBytes bytes (the newest head stays even when it alone is larger). Thread-safe: the GUI
// thread, workers and OpenMP threads may ask one trace for heads at the same time.

#include <cstddef>
#include <list>
#include <memory>
#include <mutex>

#include "core/Tensor.h"

namespace headmap {

class HeadCache {
public:
    static constexpr int kDefaultHeads = 8;
    // 6 heads at T = 2,048, 1 at 4,096 (64 MB), the newest alone at 8,192. The views share the
    // cached matrix instead of copying it, so the cache is for going back to a head just seen;
    // what it holds beyond the shown head counts against the weights + 1 GB a 4,096-token run
    // of a 0.5B model may take (#10): besides the trace's queries and keys (400 MB there) and two
    // head jobs in flight, bench_grid measured 3,030 MB with 256 MB here, 2,905 with 128 MB,
    // against 2,885.
    static constexpr size_t kDefaultBytes = size_t(96) << 20;

    // The cached (layer, head), made the most recent; null when it is not cached.
    std::shared_ptr<const MatrixF> find(int layer, int head);
    // Adds a head computed by the caller (the cached one when another thread was first) and
    // drops the least recently used heads beyond the limits; returns what the cache now holds.
    std::shared_ptr<const MatrixF> add(int layer, int head, std::shared_ptr<const MatrixF> weights);
    void clear();

    void setLimits(int maxHeads, size_t maxBytes);
    int maxHeads() const;
    size_t maxBytes() const;
    int heads() const;     // heads cached now
    size_t bytes() const;  // their weights' bytes

private:
    struct Entry {
        int layer;
        int head;
        std::shared_ptr<const MatrixF> weights;
    };
    void evict();  // with m_mutex held

    mutable std::mutex m_mutex;
    std::list<Entry> m_entries;  // most recent first
    size_t m_bytes = 0;
    int m_maxHeads = kDefaultHeads;
    size_t m_maxBytes = kDefaultBytes;
};

}  // namespace headmap
