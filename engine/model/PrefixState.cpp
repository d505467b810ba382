#include "model/PrefixState.h"

#include <algorithm>

#include <QCoreApplication>

#include "core/PrefixAttention.h"
#include "model/Model.h"

namespace headmap {

int PrefixState::reusableFor(const void* owner, const std::vector<int>& newIds,
                             const std::vector<float>& newPositionKey, const RunOptions& options) const {
    if (owner != model || newPositionKey != positionKey || layers.empty())
        return 0;
    if (options.steps || !options.ablations.empty() || !trace.ablations().empty())
        return 0;
    // Heads stored in full or handed out as the pass computes them: only a full pass has them.
    if (options.storeHead || options.headWeights)
        return 0;
    if (options.valueNorms && !trace.hasValueNorms())
        return 0;
    // The shared tokens' queries come from the earlier trace (a cancelled run has none).
    for (int l = 0; l < int(layers.size()); ++l)
        if (!trace.queriesKeys(l))
            return 0;
    const size_t limit = std::min(ids.size(), newIds.size() > 0 ? newIds.size() - 1 : 0);
    size_t shared = 0;
    while (shared < limit && ids[shared] == newIds[shared])
        ++shared;
    return int(shared);
}

std::shared_ptr<PrefixState> PrefixState::start(const void* model, std::vector<int> ids,
                                                std::vector<float> positionKey, int layers) {
    auto state = std::make_shared<PrefixState>();
    state->model = model;
    state->ids = std::move(ids);
    state->positionKey = std::move(positionKey);
    state->layers.resize(size_t(layers));
    return state;
}

std::shared_ptr<PrefixState> PrefixState::extend(const PrefixState& previous, int reused, std::vector<int> ids,
                                                 std::vector<float> positionKey) {
    auto state = start(previous.model, std::move(ids), std::move(positionKey), int(previous.layers.size()));
    for (size_t l = 0; l < previous.layers.size(); ++l) {
        state->layers[l].keys = previous.layers[l].keys.topRows(reused);
        state->layers[l].values = previous.layers[l].values.topRows(reused);
    }
    return state;
}

void copySharedValueNorms(const AttentionTrace& previous, int reused, AttentionTrace& trace) {
    if (!trace.hasValueNorms() || !previous.hasValueNorms())
        return;
    for (int l = 0; l < trace.layers(); ++l)
        for (int h = 0; h < trace.heads(); ++h)
            std::copy_n(previous.valueNorms(l, h).data(), reused, trace.valueNormData(l, h));
}

void setReusedQueriesKeys(AttentionTrace& trace, int layer, const AttentionTrace& previous, int reused,
                          const MatrixF& newQueries, const MatrixF& keys, const AttentionSpec& spec) {
    const std::shared_ptr<const LayerQueriesKeys>& before = previous.queriesKeys(layer);
    auto layerQk = std::make_shared<LayerQueriesKeys>();
    layerQk->queries.resize(reused + newQueries.rows(), newQueries.cols());  // (T, H·Dh)
    layerQk->queries.topRows(reused) = before->queries.topRows(reused);
    layerQk->queries.bottomRows(newQueries.rows()) = newQueries;
    layerQk->keys = keys;  // (T, KV·Dh)
    layerQk->scoring = spec;
    layerQk->scoring.rotary = nullptr;
    layerQk->scoring.qkNorm = QkNormWeights{};
    trace.setQueriesKeys(layer, std::move(layerQk));
}

MatrixF attendReusing(int layer, const AttentionWeights& weights, const AttentionSpec& spec, const MatrixF& h,
                      int reused, const AttentionTrace& previous, PrefixState& state, AttentionTrace& trace) {
    if (!h.allFinite())
        throw NonFiniteValues{layer, QCoreApplication::translate("Engine", "input of the attention block")};
    PrefixState::Layer& cache = state.layers[size_t(layer)];
    MatrixF newQueries;  // (N, H·Dh)
    PrefixCapture capture;
    capture.queries = &newQueries;
    if (trace.hasValueNorms())
        capture.valueNorms = trace.valueNormData(layer, 0);
    MatrixF output = prefixSelfAttention(weights, spec, h, reused, cache.keys, cache.values, capture);
    if (!output.allFinite())
        throw NonFiniteValues{layer, QCoreApplication::translate("Engine", "attention output")};
    setReusedQueriesKeys(trace, layer, previous, reused, newQueries, cache.keys, spec);
    return output;
}

}  // namespace headmap
