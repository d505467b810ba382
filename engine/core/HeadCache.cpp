#include "core/HeadCache.h"

namespace headmap {
namespace {

size_t bytesOf(const MatrixF& m) {
    return size_t(m.size()) * sizeof(float);
}

}  // namespace

std::shared_ptr<const MatrixF> HeadCache::find(int layer, int head) {
    const std::lock_guard<std::mutex> lock(m_mutex);
    for (auto it = m_entries.begin(); it != m_entries.end(); ++it)
        if (it->layer == layer && it->head == head) {
            m_entries.splice(m_entries.begin(), m_entries, it);
            return it->weights;
        }
    return nullptr;
}

std::shared_ptr<const MatrixF> HeadCache::add(int layer, int head, std::shared_ptr<const MatrixF> weights) {
    const std::lock_guard<std::mutex> lock(m_mutex);
    for (auto it = m_entries.begin(); it != m_entries.end(); ++it)
        if (it->layer == layer && it->head == head) {
            m_entries.splice(m_entries.begin(), m_entries, it);
            return it->weights;
        }
    m_bytes += bytesOf(*weights);
    m_entries.push_front(Entry{layer, head, std::move(weights)});
    evict();
    return m_entries.front().weights;
}

void HeadCache::clear() {
    const std::lock_guard<std::mutex> lock(m_mutex);
    m_entries.clear();
    m_bytes = 0;
}

void HeadCache::setLimits(int maxHeads, size_t maxBytes) {
    const std::lock_guard<std::mutex> lock(m_mutex);
    m_maxHeads = maxHeads < 1 ? 1 : maxHeads;
    m_maxBytes = maxBytes;
    evict();
}

int HeadCache::maxHeads() const {
    const std::lock_guard<std::mutex> lock(m_mutex);
    return m_maxHeads;
}

size_t HeadCache::maxBytes() const {
    const std::lock_guard<std::mutex> lock(m_mutex);
    return m_maxBytes;
}

int HeadCache::heads() const {
    const std::lock_guard<std::mutex> lock(m_mutex);
    return int(m_entries.size());
}

size_t HeadCache::bytes() const {
    const std::lock_guard<std::mutex> lock(m_mutex);
    return m_bytes;
}

void HeadCache::evict() {
    while (m_entries.size() > 1 && (int(m_entries.size()) > m_maxHeads || m_bytes > m_maxBytes)) {
        m_bytes -= bytesOf(*m_entries.back().weights);
        m_entries.pop_back();
    }
}

}  // namespace headmap
