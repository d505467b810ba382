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
    // 4 heads at T = 4,096 (64 MB each), the newest alone at 8,192: with the queries and keys the
    // trace keeps, a 4,096-token run of a 0.5B model stays within its weights + 1 GB (#10).
    static constexpr size_t kDefaultBytes = size_t(256) << 20;

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
