#include "hf/MixtureOfExperts.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <utility>

namespace headmap {
namespace {

using TopKEntry = std::pair<double, std::int64_t>;  // torch's elem_t: (acc_type<float> = double, index)

// torch's comparator for largest = true (NaN first, for numpy compatibility).
bool topKBefore(const TopKEntry& x, const TopKEntry& y) {
    return (std::isnan(x.first) && !std::isnan(y.first)) || x.first > y.first;
}

// The k largest of `row` in the order ATen's topk_impl_loop (TopKImpl.h) returns them.
std::vector<int> torchTopK(const float* row, int count, int k) {
    std::vector<TopKEntry> queue(static_cast<size_t>(count));
    for (int j = 0; j < count; ++j)
        queue[size_t(j)] = {double(row[j]), j};
    if (std::int64_t(k) * 64 <= count) {
        std::partial_sort(queue.begin(), queue.begin() + k, queue.end(), topKBefore);
    } else {
        std::nth_element(queue.begin(), queue.begin() + k - 1, queue.end(), topKBefore);
        std::sort(queue.begin(), queue.begin() + k - 1, topKBefore);  // sorted = true; the k-th is in place
    }
    std::vector<int> chosen(static_cast<size_t>(k));
    for (int j = 0; j < k; ++j)
        chosen[size_t(j)] = int(queue[size_t(j)].second);
    return chosen;
}

}  // namespace

RouterChoice routeTokens(const MatrixF& logits, int k, bool renormalise) {
    const int t = int(logits.rows());
    const int e = int(logits.cols());
    RouterChoice choice;
    choice.experts.resize(size_t(t));
    choice.weights.resize(size_t(t));
    RowVectorF p(e);
    for (int i = 0; i < t; ++i) {
        // softmax(dtype=float32): exp(x − max) / Σ
        const float top = logits.row(i).maxCoeff();
        p = (logits.row(i).array() - top).exp().matrix();
        p /= p.sum();
        std::vector<int> chosen = torchTopK(p.data(), e, k);
        std::vector<float> weights(static_cast<size_t>(k));
        float sum = 0.0f;
        for (int j = 0; j < k; ++j) {
            weights[size_t(j)] = p[chosen[size_t(j)]];
            sum += weights[size_t(j)];
        }
        if (renormalise)
            for (float& w : weights)
                w /= sum;
        choice.experts[size_t(i)] = std::move(chosen);
        choice.weights[size_t(i)] = std::move(weights);
    }
    return choice;
}

RouterChoice routeTopKThenSoftmax(const MatrixF& logits, int k) {
    const int t = int(logits.rows());
    const int e = int(logits.cols());
    RouterChoice choice;
    choice.experts.resize(size_t(t));
    choice.weights.resize(size_t(t));
    RowVectorF row(e);
    for (int i = 0; i < t; ++i) {
        row = logits.row(i);
        std::vector<int> chosen = torchTopK(row.data(), e, k);
        // softmax(router_top_value, dim=1): exp(v − max) / Σ over the k, largest first.
        std::vector<float> weights(static_cast<size_t>(k));
        const float top = row[chosen[0]];
        float sum = 0.0f;
        for (int j = 0; j < k; ++j) {
            weights[size_t(j)] = std::exp(row[chosen[size_t(j)]] - top);
            sum += weights[size_t(j)];
        }
        for (float& w : weights)
            w /= sum;
        choice.experts[size_t(i)] = std::move(chosen);
        choice.weights[size_t(i)] = std::move(weights);
    }
    return choice;
}

MatrixF clampedSwiGlu(const ExpertWeights& expert, const MatrixF& x) {
    constexpr float kAlpha = 1.702f;  // GptOssExperts.alpha
    constexpr float kLimit = 7.0f;    // GptOssExperts.limit
    const MatrixF gateUp = expert.gateUp.forward(x);  // (T, 2F) gate, up, gate, up, ...
    const int f = int(gateUp.cols()) / 2;
    MatrixF h(x.rows(), f);  // (T, F)
    for (Eigen::Index i = 0; i < gateUp.rows(); ++i)
        for (int j = 0; j < f; ++j) {
            const float gate = std::min(gateUp(i, 2 * j), kLimit);
            const float up = std::clamp(gateUp(i, 2 * j + 1), -kLimit, kLimit);
            const float glu = gate * (1.0f / (1.0f + std::exp(-gate * kAlpha)));
            h(i, j) = (up + 1.0f) * glu;
        }
    return expert.down.forward(h);  // (T, D)
}

MatrixF swiGlu(const ExpertWeights& expert, const MatrixF& x, Activation activation) {
    MatrixF gate = expert.gate.forward(x);  // (T, F)
    applyActivation(gate, activation);
    gate.array() *= expert.up.forward(x).array();
    return expert.down.forward(gate);       // (T, D)
}

MatrixF mixtureOfExperts(const MoeWeights& weights, const MatrixF& x, const ExpertRule& rule,
                         const ExpertSource& expertOf, RouterChoice& choice) {
    const int t = int(x.rows());
    const int e = weights.router.outFeatures();
    const int k = rule.k;
    const MatrixF logits = weights.router.forward(x);  // (T, E)
    choice = rule.softmaxAfterTopK ? routeTopKThenSoftmax(logits, k) : routeTokens(logits, k, rule.renormalise);

    // Per expert the tokens that chose it and the weight they give it, as the reference's
    // one_hot mask gathers them.
    std::vector<std::vector<std::pair<int, float>>> tokensOf(static_cast<size_t>(e));
    for (int i = 0; i < t; ++i)
        for (int j = 0; j < k; ++j)
            tokensOf[size_t(choice.experts[size_t(i)][size_t(j)])].push_back({i, choice.weights[size_t(i)][size_t(j)]});

    MatrixF out = MatrixF::Zero(t, x.cols());  // (T, D)
    for (int expert = 0; expert < e; ++expert) {
        const auto& tokens = tokensOf[size_t(expert)];
        if (tokens.empty())
            continue;  // never read
        MatrixF rows(int(tokens.size()), x.cols());  // (N, D) the tokens routed here
        for (size_t n = 0; n < tokens.size(); ++n)
            rows.row(Eigen::Index(n)) = x.row(tokens[n].first);
        const ExpertWeights w = weights.experts.empty() ? expertOf(expert) : weights.experts[size_t(expert)];
        const MatrixF y = rule.clamped ? clampedSwiGlu(w, rows) : swiGlu(w, rows, rule.activation);  // (N, D)
        for (size_t n = 0; n < tokens.size(); ++n)
            out.row(tokens[n].first) += y.row(Eigen::Index(n)) * tokens[n].second;
    }
    if (!weights.shared.isNull()) {
        MatrixF shared = swiGlu(weights.shared, x, rule.activation);  // (T, D)
        const MatrixF gate = weights.sharedGate.forward(x);      // (T, 1)
        for (int i = 0; i < t; ++i)
            shared.row(i) *= 1.0f / (1.0f + std::exp(-gate(i, 0)));
        out += shared;
    }
    return out;
}

}  // namespace headmap
