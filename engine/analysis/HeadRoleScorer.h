#pragma once
// Head roles over a corpus (issue #38): every score of analysis/HeadRoles.h for every head,
// averaged over documents, with where each head shows each role most strongly. Memory is one
// set of accumulators per head, whatever the corpus size: documents are fed one at a time.
//
//   HeadRoleScorer scorer(layers, heads);
//   for each document:
//       scorer.beginDocument(RoleTokens::fromLabels(ids, special, labels), truncated);
//       scorer.addHead(layer, head, weights);   // every head, any order, any thread
//       scorer.endDocument();
//   HeadRoleResult result = scorer.result();    // also between documents: a partial result
//
// addDocument(trace) does the three steps from a forward pass's trace. addHead may be called for
// different heads of one document from several threads at once (RunOptions::headWeights does);
// beginDocument, endDocument and result() must not overlap with it.
//
// A head's score for a role is the mean over documents of its per-document score. Its strongest
// position for a role is the (document, query position) whose row value (HeadRoles.h) is the
// highest over the whole corpus, the earliest document and position on ties. Documents are
// numbered from 0 in the order they were begun, unless beginDocument is given their number.

#include <array>
#include <vector>

#include "analysis/HeadRoles.h"
#include "core/AttentionTrace.h"

namespace headmap {

struct StrongestPosition {
    int document = -1;  // -1: no document yet
    int position = -1;  // the query row in that document's tokens
    double value = 0.0;
};

struct HeadRoleResult {
    int layers = 0;
    int heads = 0;
    int documents = 0;
    qint64 tokens = 0;    // tokens scored (after truncation), special tokens included
    int truncated = 0;    // documents cut to the model's positions
    // Per role, layer-major per head: index = layer · heads + head.
    std::array<std::vector<double>, kHeadRoleCount> scores;
    std::array<std::vector<StrongestPosition>, kHeadRoleCount> strongest;
    // Mean Jensen–Shannon divergence per head against a second model; empty without one.
    std::vector<double> divergence;

    double score(HeadRole role, int layer, int head) const { return scores[size_t(role)][index(layer, head)]; }
    const StrongestPosition& strongestOf(HeadRole role, int layer, int head) const {
        return strongest[size_t(role)][index(layer, head)];
    }
    bool hasDivergence() const { return !divergence.empty(); }
    // Heads by descending score for `role` (by layer, then head, on ties), as (layer, head).
    std::vector<std::pair<int, int>> ranking(HeadRole role) const;
    size_t index(int layer, int head) const { return size_t(layer) * size_t(heads) + size_t(head); }
};

class HeadRoleScorer {
public:
    HeadRoleScorer(int layers, int heads);

    int layers() const { return m_layers; }
    int heads() const { return m_heads; }

    // Starts the next document; truncated: it was cut to the model's positions. index: the
    // number strongest positions name it by (the corpus reader's, which also counts documents
    // that were skipped); -1: the number of documents ended before it.
    void beginDocument(RoleTokens tokens, bool truncated = false, int index = -1);
    // One head's (T, T) weights in the current document. Throws InputError for indices out of
    // range or a shape that is not the document's T × T.
    void addHead(int layer, int head, const Eigen::Ref<const MatrixF>& weights);
    // The same head of a second model on the same tokens: adds to the head's divergence.
    void addComparison(int layer, int head, const Eigen::Ref<const MatrixF>& weights,
                       const Eigen::Ref<const MatrixF>& otherWeights);
    // Adds the current document's scores to the means; abandonDocument drops them instead (a
    // forward pass cancelled half-way), so a partial result never holds half a document.
    void endDocument();
    void abandonDocument();
    // beginDocument, addHead for every head (computed one at a time, outside the trace's cache),
    // endDocument. other: the second model's trace of the same tokens, for the divergence.
    void addDocument(const AttentionTrace& trace, bool truncated = false, const AttentionTrace* other = nullptr,
                     int index = -1);

    int documents() const { return m_documents; }
    qint64 tokens() const { return m_tokens; }
    // The scores so far (means over the documents ended so far).
    HeadRoleResult result() const;

private:
    size_t checkedIndex(int layer, int head) const;

    int m_layers;
    int m_heads;
    RoleTokens m_current;
    bool m_inDocument = false;
    bool m_compared = false;
    int m_documents = 0;
    qint64 m_tokens = 0;
    int m_truncated = 0;
    bool m_currentTruncated = false;
    int m_currentIndex = 0;
    // The current document's scores per head, added to the sums at endDocument.
    std::vector<DocumentRoleScores> m_pending;
    std::vector<char> m_pendingSet;
    std::vector<double> m_pendingDivergence;
    std::vector<char> m_pendingCompared;
    std::array<std::vector<double>, kHeadRoleCount> m_sums;  // Σ over documents of score_d
    std::array<std::vector<StrongestPosition>, kHeadRoleCount> m_strongest;
    std::vector<double> m_divergenceSums;
};

}  // namespace headmap
