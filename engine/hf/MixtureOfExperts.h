#pragma once
// The mixture-of-experts feed-forward of the decoder families whose FamilyTraits row has a
// MoeTraits (issue #39): Mixtral, Qwen2-MoE, Qwen3-MoE, OLMoE. As their <Family>SparseMoeBlock:
//   logits = x · Wᵣᵀ                          (T, E)
//   p      = softmax(logits) in float32       (T, E)
//   top-k of each row as torch.topk picks them (routeTokens: same order, ties included)
//   w      = the chosen p, divided by their sum when the family or norm_topk_prob says so
//   out    = Σ_k w_k · down(act(gate(x)) · up(x)) of expert k   (+ Qwen2-MoE's shared expert,
//            σ(x · w_shared_gate) · SwiGLU_shared(x))
// The experts are summed in ascending expert order, as the reference's index_add_ loop does.

#include <functional>
#include <vector>

#include "core/Linear.h"
#include "core/Ops.h"

namespace headmap {

// One SwiGLU expert: down(act(gate(x)) · up(x)).
struct ExpertWeights {
    Linear gate, up, down;
    bool isNull() const { return down.isNull(); }
};

struct MoeWeights {
    Linear router;                       // D -> E
    std::vector<ExpertWeights> experts;  // all E when they stay in the file; empty: fetched per expert
    ExpertWeights shared;                // Qwen2-MoE's shared expert, else null
    Linear sharedGate;                   // D -> 1, with `shared`
    bool isNull() const { return router.isNull(); }
};

// The experts each token goes to and their weights, [token][k] in torch.topk's order.
struct RouterChoice {
    std::vector<std::vector<int>> experts;
    std::vector<std::vector<float>> weights;
};

// Softmax of each row of logits (T, E) in float32, then torch's CPU topk of k (its
// topk_impl_loop: std::partial_sort when 64·k ≤ E, else std::nth_element then std::sort of the
// first k − 1, over (value, index) pairs compared by value alone, so tied experts come out in
// the order those algorithms leave them), then the optional renormalisation.
RouterChoice routeTokens(const MatrixF& logits, int k, bool renormalise);

// The weights of expert e: for a checkpoint that converts on read, read now (only the chosen
// experts of a layer are ever read).
using ExpertSource = std::function<ExpertWeights(int expert)>;

// The feed-forward for the rows of x (T, D); `choice` receives the router's picks.
MatrixF mixtureOfExperts(const MoeWeights& weights, const MatrixF& x, int k, bool renormalise,
                         Activation activation, const ExpertSource& expertOf, RouterChoice& choice);

// down(act(gate(x)) · up(x)) (T, D)
MatrixF swiGlu(const ExpertWeights& expert, const MatrixF& x, Activation activation);

}  // namespace headmap
