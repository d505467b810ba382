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
// gpt-oss (GptOssMLP) differs in three places, which ExpertRule switches: the router has a bias
// and takes torch.topk of the logits before a softmax over the chosen k; each expert is one
// fused gate_up projection with interleaved gate and up columns and biases, through the clamped
// SwiGLU ((up + 1) · gate·σ(1.702·gate), gate ≤ 7, |up| ≤ 7).

#include <functional>
#include <vector>

#include "core/Linear.h"
#include "core/Ops.h"

namespace headmap {

// One SwiGLU expert: down(act(gate(x)) · up(x)); or, with gateUp set (gpt-oss), the clamped
// SwiGLU of gateUp's interleaved columns (2F: gate, up, gate, up, ...), then down.
struct ExpertWeights {
    Linear gate, up, down;
    Linear gateUp;  // D -> 2F with bias, gpt-oss
    bool isNull() const { return down.isNull(); }
};

// How the router picks and weighs the experts and how an expert computes (MoeTraits).
struct ExpertRule {
    int k = 1;                      // num_experts_per_tok
    bool renormalise = false;       // divide the chosen probabilities by their sum
    bool softmaxAfterTopK = false;  // gpt-oss: top-k of the logits, softmax over those k
    bool clamped = false;           // gpt-oss: the clamped SwiGLU of ExpertWeights::gateUp
    Activation activation = Activation::Silu;
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
// GptOssTopKRouter: torch.topk of each row of logits (T, E) (the same CPU order), then the
// softmax over the k chosen logits.
RouterChoice routeTopKThenSoftmax(const MatrixF& logits, int k);

// The weights of expert e: for a checkpoint that converts on read, read now (only the chosen
// experts of a layer are ever read).
using ExpertSource = std::function<ExpertWeights(int expert)>;

// The feed-forward for the rows of x (T, D); `choice` receives the router's picks.
MatrixF mixtureOfExperts(const MoeWeights& weights, const MatrixF& x, const ExpertRule& rule,
                         const ExpertSource& expertOf, RouterChoice& choice);

// down(act(gate(x)) · up(x)) (T, D)
MatrixF swiGlu(const ExpertWeights& expert, const MatrixF& x, Activation activation);
// GptOssExperts' expert: ((up + 1) · glu)·W_down + b_down of the clamped halves (T, D)
MatrixF clampedSwiGlu(const ExpertWeights& expert, const MatrixF& x);

}  // namespace headmap
