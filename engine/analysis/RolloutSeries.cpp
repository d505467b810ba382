#include "analysis/RolloutSeries.h"

#include <algorithm>

#include "analysis/AttentionRollout.h"

namespace headmap {

RolloutSeries::RolloutSeries(std::shared_ptr<const AttentionTrace> trace, qint64 budgetBytes)
    : m_trace(std::move(trace)) {
    m_layers = m_trace ? std::max(0, m_trace->layers()) : 0;
    const qint64 t = m_trace ? m_trace->length() : 0;
    const qint64 perLayer = std::max<qint64>(1, t * t * qint64(sizeof(float)));
    m_capacity = int(std::clamp<qint64>(budgetBytes / perLayer, 1, std::max(1, m_layers)));
    if (m_capacity >= m_layers) {
        m_anchorStride = 0;  // every layer is kept
    } else {
        // One slot for the layer asked for last, the others for anchors spread evenly, so no
        // layer is more than `stride` products away from a kept one.
        const int anchors = m_capacity - 1;
        m_anchorStride = anchors > 0 ? (m_layers + anchors) / (anchors + 1) : -1;
    }
}

bool RolloutSeries::isAnchor(int layer) const {
    if (m_anchorStride == 0)
        return true;
    if (m_anchorStride < 0)
        return false;
    const int k = (layer + 1) / m_anchorStride;
    return (layer + 1) % m_anchorStride == 0 && k >= 1 && k <= m_capacity - 1;
}

void RolloutSeries::keep(int layer, std::shared_ptr<const MatrixF> rollout) const {
    const std::lock_guard<std::mutex> lock(m_keptLock);
    if (isAnchor(layer)) {
        m_anchors[layer] = std::move(rollout);
    } else {
        m_newestLayer = layer;
        m_newest = std::move(rollout);  // frees the previous newest
    }
}

int RolloutSeries::startFor(int layer, std::shared_ptr<const MatrixF>* rollout) const {
    const std::lock_guard<std::mutex> lock(m_keptLock);
    int start = -1;
    rollout->reset();
    auto anchor = m_anchors.upper_bound(layer);
    if (anchor != m_anchors.begin()) {
        --anchor;
        start = anchor->first;
        *rollout = anchor->second;
    }
    if (m_newest && m_newestLayer <= layer && m_newestLayer > start) {
        start = m_newestLayer;
        *rollout = m_newest;
    }
    return start;
}

std::shared_ptr<const MatrixF> RolloutSeries::through(int layer, const std::function<bool()>& cancelled) const {
    if (layer < 0 || layer >= m_layers)
        return nullptr;
    const std::lock_guard<std::mutex> computing(m_computing);
    std::shared_ptr<const MatrixF> rollout;  // (T, T) through layer `start`
    const int start = startFor(layer, &rollout);
    if (start == layer) {
        keep(layer, rollout);  // the newest again, so that stepping back and forth stays cheap
        return rollout;
    }
    {
        // The layer asked for before is replaced when this one is done; unless the computation
        // starts from it, let it go now rather than hold one more (T, T) meanwhile.
        const std::lock_guard<std::mutex> lock(m_keptLock);
        if (m_newest && m_newestLayer != start) {
            m_newest.reset();
            m_newestLayer = -1;
        }
    }
    for (int l = start + 1; l <= layer; ++l) {
        MatrixF step = cancelled && cancelled() ? MatrixF() : rolloutStep(*m_trace, l, cancelled);  // (T, T) Â_l
        if (step.size() == 0 && m_trace->length() > 0) {
            if (l > start + 1)
                keep(l - 1, rollout);  // what was computed is not lost
            return nullptr;
        }
        // As attentionRollout: rollout_0 = Â_0, then Â_l · rollout_(l−1).
        if (l > 0)
            multiplyRollout(step, *rollout);
        rollout = std::make_shared<const MatrixF>(std::move(step));
        if (isAnchor(l))
            keep(l, rollout);
    }
    keep(layer, rollout);
    return rollout;
}

std::shared_ptr<const MatrixF> RolloutSeries::ifKept(int layer) const {
    const std::lock_guard<std::mutex> lock(m_keptLock);
    if (const auto anchor = m_anchors.find(layer); anchor != m_anchors.end())
        return anchor->second;
    return layer == m_newestLayer ? m_newest : nullptr;
}

std::vector<int> RolloutSeries::keptLayers() const {
    const std::lock_guard<std::mutex> lock(m_keptLock);
    std::vector<int> layers;
    for (const auto& [layer, rollout] : m_anchors)
        layers.push_back(layer);
    if (m_newest && !m_anchors.count(m_newestLayer))
        layers.push_back(m_newestLayer);
    std::sort(layers.begin(), layers.end());
    return layers;
}

}  // namespace headmap
