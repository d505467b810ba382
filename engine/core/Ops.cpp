#include "core/Ops.h"

#include <cmath>
#include <limits>

#include <unsupported/Eigen/SpecialFunctions>  // vectorised erf for GELU

namespace headmap {

void softmaxRows(MatrixF& m) {
    for (Eigen::Index r = 0; r < m.rows(); ++r) {
        auto row = m.row(r);
        const float maxValue = row.maxCoeff();
        // A row masked entirely has no distribution; keep it all zeros rather than NaN.
        if (maxValue == -std::numeric_limits<float>::infinity()) {
            row.setZero();
            continue;
        }
        // Eigen's vectorised exp clamps its argument near -88.7 on SSE/AVX2/NEON, so exp(-inf)
        // would give ~3e-39 there; masked entries must be exactly zero on every CPU.
        row = (row.array() == -std::numeric_limits<float>::infinity())
                  .select(0.0f, (row.array() - maxValue).exp());
        row /= row.sum();
    }
}

void layerNormRows(MatrixF& x, const float* gamma, const float* beta, float eps) {
    const Eigen::Index d = x.cols();
    for (Eigen::Index r = 0; r < x.rows(); ++r) {
        auto row = x.row(r);
        const float mean = row.mean();
        row.array() -= mean;
        const float variance = row.squaredNorm() / float(d);
        row *= 1.0f / std::sqrt(variance + eps);
        if (gamma)
            row.array() *= ConstRowVectorMap(gamma, d).array();
        if (beta)
            row += ConstRowVectorMap(beta, d);
    }
}

void rmsNormRowSegments(MatrixF& x, int segment, const float* weight, float eps, bool addOne) {
    for (Eigen::Index r = 0; r < x.rows(); ++r) {
        float* row = x.row(r).data();
        for (Eigen::Index start = 0; start + segment <= x.cols(); start += segment) {
            Eigen::Map<RowVectorF> part(row + start, segment);
            const float meanSquare = part.squaredNorm() / float(segment);
            part *= 1.0f / std::sqrt(meanSquare + eps);
            if (weight && addOne)
                part.array() *= 1.0f + ConstRowVectorMap(weight, segment).array();
            else if (weight)
                part.array() *= ConstRowVectorMap(weight, segment).array();
        }
    }
}

void reluInPlace(MatrixF& x) {
    x = x.cwiseMax(0.0f);
}

void geluErfInPlace(MatrixF& x) {
    constexpr float kInvSqrt2 = 0.70710678118654752440f;
    x = (0.5f * x.array() * (1.0f + (x.array() * kInvSqrt2).erf())).matrix();
}

void geluTanhInPlace(MatrixF& x) {
    constexpr float kSqrt2OverPi = 0.79788456080286535588f;
    const auto a = x.array();
    x = (0.5f * a * (1.0f + (kSqrt2OverPi * (a + 0.044715f * a.cube())).tanh())).matrix();
}

void siluInPlace(MatrixF& x) {
    x = (x.array() / (1.0f + (-x.array()).exp())).matrix();
}

void applyActivation(MatrixF& x, Activation activation) {
    switch (activation) {
    case Activation::Relu: reluInPlace(x); break;
    case Activation::GeluErf: geluErfInPlace(x); break;
    case Activation::GeluTanh: geluTanhInPlace(x); break;
    case Activation::Silu: siluInPlace(x); break;
    }
}

}  // namespace headmap
