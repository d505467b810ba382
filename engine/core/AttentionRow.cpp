#include "core/AttentionRow.h"

#include <cassert>
#include <limits>

#include "core/Ops.h"

namespace headmap {

MatrixF attentionRowOfHead(const LayerQueriesKeys& queriesKeys, int head, int query) {
    const AttentionSpec& spec = queriesKeys.scoring;
    const int t = int(queriesKeys.keys.rows());
    const int dh = spec.headDim;
    assert(head >= 0 && head < spec.heads && query >= 0 && query < int(queriesKeys.queries.rows()));
    const auto q = queriesKeys.queries.block(query, head * dh, 1, dh);         // (1, Dh)
    const auto k = queriesKeys.keys.middleCols(spec.kvHeadOf(head) * dh, dh);  // (T, Dh)
    MatrixF scores(1, t);  // (1, T)
    scores.noalias() = q * k.transpose();
    scores *= spec.scale;
    if (spec.softcap > 0.0f)
        scores = ((scores.array() / spec.softcap).tanh() * spec.softcap).matrix();
    const float minusInf = -std::numeric_limits<float>::infinity();
    for (int key = 0; key < t; ++key)
        if (!spec.allows(query, key))
            scores(0, key) = minusInf;
    softmaxRows(scores);
    return scores;
}

}  // namespace headmap
