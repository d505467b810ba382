#include "analysis/RepeatCopying.h"

#include "model/Predictions.h"

namespace headmap {

RepeatedStretch findRepeatedStretch(const std::vector<int>& ids) {
    const int n = int(ids.size());
    RepeatedStretch best;
    for (int offset = 1; offset < n; ++offset) {
        int start = n;
        while (start - 1 - offset >= 0 && ids[size_t(start - 1)] == ids[size_t(start - 1 - offset)])
            --start;
        const int length = n - start;
        if (length >= 2 && length > best.length())
            best = RepeatedStretch{start, n, offset};
    }
    return best;
}

std::vector<CopyStep> copySteps(const Model& model, const RunResult& result, const std::vector<int>& ids,
                                const RepeatedStretch& stretch) {
    std::vector<CopyStep> steps;
    for (int position = stretch.start; !stretch.isEmpty() && position + 1 < stretch.end; ++position) {
        const Prediction prediction = predictTokens(model, result, position, 1);
        steps.push_back(CopyStep{position, ids[size_t(position + 1)], prediction.top.front().id});
    }
    return steps;
}

}  // namespace headmap
