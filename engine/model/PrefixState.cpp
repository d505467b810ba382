#include "model/PrefixState.h"

#include <algorithm>

#include "model/Model.h"

namespace headmap {

int PrefixState::reusableFor(const void* owner, const std::vector<int>& newIds,
                             const std::vector<float>& newPositionKey, const RunOptions& options) const {
    if (owner != model || newPositionKey != positionKey || layers.empty())
        return 0;
    if (options.steps || !options.ablations.empty() || !trace.ablations().empty())
        return 0;
    if (options.valueNorms && !trace.hasValueNorms())
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

void copySharedRows(const AttentionTrace& previous, int reused, AttentionTrace& trace) {
    const int t = trace.length();
    const int before = previous.length();
    const bool norms = trace.hasValueNorms() && previous.hasValueNorms();
    for (int l = 0; l < trace.layers(); ++l)
        for (int h = 0; h < trace.heads(); ++h) {
            const float* from = previous.head(l, h).data();
            float* to = trace.headData(l, h);
            for (int q = 0; q < reused; ++q)
                std::copy_n(from + size_t(q) * size_t(before), reused, to + size_t(q) * size_t(t));
            if (norms)
                std::copy_n(previous.valueNorms(l, h).data(), reused, trace.valueNormData(l, h));
        }
}

}  // namespace headmap
