#include "analysis/AttentionRollout.h"

#include <algorithm>

namespace headmap {
namespace {

// Row-major like the trace. Double: the product runs through every layer, and views compare
// rollouts of neighbouring layers whose differences may be small.
using MatrixD = Eigen::Matrix<double, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>;

// Divides each row by its sum. A row summing to 0 (only possible with negative weights)
// stays as it is rather than becoming NaN.
void normaliseRows(MatrixD& m) {
    for (Eigen::Index r = 0; r < m.rows(); ++r) {
        const double sum = m.row(r).sum();
        if (sum != 0.0)
            m.row(r) /= sum;
    }
}

}  // namespace

std::vector<MatrixF> attentionRollout(const AttentionTrace& trace) {
    const int t = trace.length();
    std::vector<MatrixF> rollouts;
    rollouts.reserve(size_t(std::max(0, trace.layers())));
    MatrixD rollout = MatrixD::Identity(t, t);  // (T, T) rollout_(−1)
    for (int l = 0; l < trace.layers(); ++l) {
        MatrixD a = MatrixD::Zero(t, t);  // (T, T) A_l
        for (int h = 0; h < trace.heads(); ++h)
            a += trace.head(l, h).cast<double>();
        if (trace.heads() > 0)
            a /= double(trace.heads());
        MatrixD residual = 0.5 * a + 0.5 * MatrixD::Identity(t, t);  // (T, T) Â_l
        normaliseRows(residual);
        rollout = residual * rollout;
        rollouts.push_back(rollout.cast<float>());
    }
    return rollouts;
}

}  // namespace headmap
