#include "core/AttentionRow.h"

#include <cassert>

#include "core/ScoringRule.h"

namespace headmap {

MatrixF attentionRowsOfHead(const LayerQueriesKeys& queriesKeys, int head, int first, int count) {
    const AttentionSpec& spec = queriesKeys.scoring;
    const int t = int(queriesKeys.keys.rows());
    const int dh = spec.headDim;
    assert(head >= 0 && head < spec.heads && first >= 0 && count >= 0 &&
           first + count <= int(queriesKeys.queries.rows()));
    const auto q = queriesKeys.queries.block(first, head * dh, count, dh);     // (count, Dh)
    const auto k = queriesKeys.keys.middleCols(spec.kvHeadOf(head) * dh, dh);  // (T, Dh)
    MatrixF scores(count, t);  // (count, T)
    scores.noalias() = q * k.transpose();
    applyScoringRule(scores, head, first, spec.scoringRule());
    return scores;
}

MatrixF attentionRowOfHead(const LayerQueriesKeys& queriesKeys, int head, int query) {
    return attentionRowsOfHead(queriesKeys, head, query, 1);
}

}  // namespace headmap
