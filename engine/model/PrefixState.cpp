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

}  // namespace headmap
