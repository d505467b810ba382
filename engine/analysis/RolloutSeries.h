#pragma once
// The attention rollout of a trace (AttentionRollout.h), layer by layer, in bounded memory.
//
// Every layer's rollout is (T, T): 24 layers at 4,096 tokens held 1.5 GB, more than the rest of
// the window together. A series keeps at most a budget's worth of them: a few "anchor" layers
// spread over the depth, plus the layer asked for last. Any other layer is recomputed from the
// nearest kept layer below it, with the same functions as attentionRollout, so every layer has
// exactly attentionRollout's bits whichever way it was reached. A short trace fits the budget
// whole, and then nothing is ever recomputed.

#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <vector>

#include "core/AttentionTrace.h"

namespace headmap {

class RolloutSeries {
public:
    // 2 layers at 4,096 tokens (one anchor and the newest), all 24 layers of a Qwen2.5-0.5B shape
    // up to 1,182 tokens.
    static constexpr qint64 kDefaultBudgetBytes = qint64(128) << 20;

    explicit RolloutSeries(std::shared_ptr<const AttentionTrace> trace, qint64 budgetBytes = kDefaultBudgetBytes);

    const std::shared_ptr<const AttentionTrace>& trace() const { return m_trace; }
    int layers() const { return m_layers; }
    // How many layers' rollouts are kept at most: all of them when they fit the budget, else at
    // least one (the layer asked for last).
    int capacity() const { return m_capacity; }
    bool keepsEveryLayer() const { return m_capacity >= m_layers; }

    // The rollout through `layer` (T, T), computed from the nearest kept layer below it (the
    // kept one at once). Thread-safe: overlapping calls wait for each other. cancelled() is
    // asked between heads and layers; when it says stop, the result is null, and what was
    // computed so far is kept for the next call. Throws what computing a head throws.
    std::shared_ptr<const MatrixF> through(int layer, const std::function<bool()>& cancelled = {}) const;
    // The rollout through `layer` when it is kept, else null; never computes (for the GUI thread).
    std::shared_ptr<const MatrixF> ifKept(int layer) const;
    // The layers kept now, ascending (tests, memory figures).
    std::vector<int> keptLayers() const;

private:
    bool isAnchor(int layer) const;
    // The kept layer nearest below or at `layer`, -1 if none; with its rollout.
    int startFor(int layer, std::shared_ptr<const MatrixF>* rollout) const;
    void keep(int layer, std::shared_ptr<const MatrixF> rollout) const;

    std::shared_ptr<const AttentionTrace> m_trace;
    int m_layers = 0;
    int m_capacity = 0;
    int m_anchorStride = 0;  // anchors are layers k·stride − 1; 0: every layer is kept

    mutable std::mutex m_computing;  // one computation at a time: each holds 2 (T, T) and the heads in flight
    mutable std::mutex m_keptLock;   // m_anchors, m_newest: quick, the GUI thread reads them
    mutable std::map<int, std::shared_ptr<const MatrixF>> m_anchors;
    mutable int m_newestLayer = -1;
    mutable std::shared_ptr<const MatrixF> m_newest;
};

}  // namespace headmap
