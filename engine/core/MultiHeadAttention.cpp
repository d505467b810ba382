#include "core/MultiHeadAttention.h"

#include <cmath>
#include <limits>

#include "core/Ops.h"

namespace headmap {
namespace {

void applyCausalMask(MatrixF& scores) {
    const float minusInf = -std::numeric_limits<float>::infinity();
    const Eigen::Index t = scores.rows();
    for (Eigen::Index query = 0; query < t; ++query)
        for (Eigen::Index key = query + 1; key < t; ++key)
            scores(query, key) = minusInf;
}

}  // namespace

MatrixF multiHeadSelfAttention(const AttentionWeights& weights, const MatrixF& x, int heads,
                               bool causal, const AttentionCapture& capture) {
    const int t = int(x.rows());
    const int dModel = weights.query.outFeatures();
    const int dHead = dModel / heads;
    const float scale = 1.0f / std::sqrt(float(dHead));

    const MatrixF q = weights.query.forward(x);  // (T, D)
    const MatrixF k = weights.key.forward(x);    // (T, D)
    const MatrixF v = weights.value.forward(x);  // (T, D)
    MatrixF concat(t, dModel);                   // (T, D)

    // Heads are independent; short inputs are not worth waking threads for.
#pragma omp parallel for schedule(static) if (heads > 1 && t >= 32)
    for (int h = 0; h < heads; ++h) {
        MatrixF scores(t, t);  // (T, T)
        const auto qh = q.middleCols(h * dHead, dHead);  // (T, Dh)
        const auto kh = k.middleCols(h * dHead, dHead);  // (T, Dh)
        const auto vh = v.middleCols(h * dHead, dHead);  // (T, Dh)
        HeadSteps* steps = (capture.steps && capture.stepsHead == h) ? capture.steps : nullptr;

        scores.noalias() = qh * kh.transpose();
        if (steps)
            steps->scores = scores;
        scores *= scale;
        if (steps)
            steps->scaled = scores;
        if (causal)
            applyCausalMask(scores);
        if (steps)
            steps->masked = scores;
        softmaxRows(scores);
        concat.middleCols(h * dHead, dHead).noalias() = scores * vh;

        if (capture.weights)
            MatrixMap(capture.weights + size_t(h) * size_t(t) * size_t(t), t, t) = scores;
        if (steps) {
            steps->weights = scores;
            steps->x = x;
            steps->wQ = weights.query.columns(h * dHead, dHead);
            steps->wK = weights.key.columns(h * dHead, dHead);
            steps->wV = weights.value.columns(h * dHead, dHead);
            steps->bQ = weights.query.biasSlice(h * dHead, dHead);
            steps->bK = weights.key.biasSlice(h * dHead, dHead);
            steps->bV = weights.value.biasSlice(h * dHead, dHead);
            steps->q = qh;
            steps->k = kh;
            steps->v = vh;
            steps->headOutput = concat.middleCols(h * dHead, dHead);
            steps->head = h;
            steps->dModel = dModel;
            steps->dHead = dHead;
            steps->causal = causal;
        }
    }

    MatrixF output = weights.output.forward(concat);  // (T, D)
    if (capture.steps && capture.stepsHead >= 0 && capture.stepsHead < heads) {
        capture.steps->concat = concat;
        capture.steps->output = output;
    }
    return output;
}

}  // namespace headmap
