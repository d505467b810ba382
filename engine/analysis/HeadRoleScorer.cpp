#include "analysis/HeadRoleScorer.h"

#include <algorithm>

#include "core/HeadmapError.h"

namespace headmap {

std::vector<std::pair<int, int>> HeadRoleResult::ranking(HeadRole role) const {
    std::vector<std::pair<int, int>> order;
    for (int layer = 0; layer < layers; ++layer)
        for (int head = 0; head < heads; ++head)
            order.emplace_back(layer, head);
    std::stable_sort(order.begin(), order.end(), [&](const auto& a, const auto& b) {
        return score(role, a.first, a.second) > score(role, b.first, b.second);
    });
    return order;
}

HeadRoleScorer::HeadRoleScorer(int layers, int heads) : m_layers(layers), m_heads(heads) {
    if (layers < 1 || heads < 1)
        throw InputError(QStringLiteral("head role scores need at least one layer and head, got %1 x %2")
                             .arg(layers).arg(heads));
    const size_t count = size_t(layers) * size_t(heads);
    for (int r = 0; r < kHeadRoleCount; ++r) {
        m_sums[size_t(r)].assign(count, 0.0);
        m_strongest[size_t(r)].assign(count, StrongestPosition());
    }
    m_divergenceSums.assign(count, 0.0);
    m_pending.assign(count, DocumentRoleScores());
    m_pendingSet.assign(count, 0);
    m_pendingDivergence.assign(count, 0.0);
    m_pendingCompared.assign(count, 0);
}

size_t HeadRoleScorer::checkedIndex(int layer, int head) const {
    if (!m_inDocument)
        throw InputError(QStringLiteral("a head was scored outside a document (call beginDocument first)"));
    if (layer < 0 || layer >= m_layers || head < 0 || head >= m_heads)
        throw InputError(QStringLiteral("head %1.%2 is out of range: the scorer has %3 layers of %4 heads")
                             .arg(layer).arg(head).arg(m_layers).arg(m_heads));
    return size_t(layer) * size_t(m_heads) + size_t(head);
}

void HeadRoleScorer::beginDocument(RoleTokens tokens, bool truncated, int index) {
    if (tokens.size() == 0)
        throw InputError(QStringLiteral("a document to score has no tokens"));
    m_current = std::move(tokens);
    m_inDocument = true;
    m_currentTruncated = truncated;
    m_currentIndex = index >= 0 ? index : m_documents;
    std::fill(m_pendingSet.begin(), m_pendingSet.end(), 0);
    std::fill(m_pendingCompared.begin(), m_pendingCompared.end(), 0);
}

void HeadRoleScorer::addHead(int layer, int head, const Eigen::Ref<const MatrixF>& weights) {
    const size_t i = checkedIndex(layer, head);
    m_pending[i] = scoreDocument(weights, m_current);
    m_pendingSet[i] = 1;
}

void HeadRoleScorer::addComparison(int layer, int head, const Eigen::Ref<const MatrixF>& weights,
                                   const Eigen::Ref<const MatrixF>& otherWeights) {
    const size_t i = checkedIndex(layer, head);
    m_pendingDivergence[i] = meanRowDivergence(weights, otherWeights);
    m_pendingCompared[i] = 1;
}

void HeadRoleScorer::endDocument() {
    if (!m_inDocument)
        return;
    for (size_t i = 0; i < m_pending.size(); ++i) {
        if (m_pendingCompared[i]) {
            m_divergenceSums[i] += m_pendingDivergence[i];
            m_compared = true;
        }
        if (!m_pendingSet[i])
            continue;
        const DocumentRoleScores& scores = m_pending[i];
        for (int r = 0; r < kHeadRoleCount; ++r) {
            m_sums[size_t(r)][i] += scores.score[size_t(r)];
            StrongestPosition& best = m_strongest[size_t(r)][i];
            // Documents come in order, so a strictly higher value keeps the earliest on ties.
            if (best.document < 0 || scores.strongestValue[size_t(r)] > best.value)
                best = StrongestPosition{m_currentIndex, scores.strongestRow[size_t(r)], scores.strongestValue[size_t(r)]};
        }
    }
    if (m_currentTruncated)
        ++m_truncated;
    m_tokens += m_current.size();
    ++m_documents;
    m_inDocument = false;
}

void HeadRoleScorer::abandonDocument() { m_inDocument = false; }

void HeadRoleScorer::addDocument(const AttentionTrace& trace, bool truncated, const AttentionTrace* other,
                                 int index) {
    if (trace.layers() != m_layers || trace.heads() != m_heads)
        throw InputError(QStringLiteral("the trace has %1 layers of %2 heads, the scorer %3 of %4")
                             .arg(trace.layers()).arg(trace.heads()).arg(m_layers).arg(m_heads));
    beginDocument(RoleTokens::fromLabels(trace.tokenIds(), trace.special(), trace.displayTokens()), truncated, index);
    for (int layer = 0; layer < m_layers; ++layer) {
        for (int head = 0; head < m_heads; ++head) {
            const HeadWeights weights = trace.headUncached(layer, head);
            addHead(layer, head, weights);
            if (other)
                addComparison(layer, head, weights, other->headUncached(layer, head));
        }
    }
    endDocument();
}

HeadRoleResult HeadRoleScorer::result() const {
    HeadRoleResult result;
    result.layers = m_layers;
    result.heads = m_heads;
    result.documents = m_documents;
    result.tokens = m_tokens;
    result.truncated = m_truncated;
    const double n = m_documents > 0 ? double(m_documents) : 1.0;
    for (int r = 0; r < kHeadRoleCount; ++r) {
        result.scores[size_t(r)] = m_sums[size_t(r)];
        for (double& s : result.scores[size_t(r)])
            s /= n;
        result.strongest[size_t(r)] = m_strongest[size_t(r)];
    }
    if (m_compared) {
        result.divergence = m_divergenceSums;
        for (double& d : result.divergence)
            d /= n;
    }
    return result;
}

}  // namespace headmap
