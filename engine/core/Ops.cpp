#include "core/Ops.h"

#include <algorithm>
#include <cmath>
#include <limits>

#include <unsupported/Eigen/SpecialFunctions>  // vectorised erf for GELU

namespace headmap {

void softmaxRows(MatrixF& m) {
    constexpr float kMasked = -std::numeric_limits<float>::infinity();
    Eigen::Array<float, 1, Eigen::Dynamic, Eigen::RowMajor> e(m.cols());  // (T)
    for (Eigen::Index r = 0; r < m.rows(); ++r) {
        auto row = m.row(r).array();
        const float maxValue = row.maxCoeff();
        // A row masked entirely has no distribution; keep it all zeros rather than NaN.
        if (maxValue == kMasked) {
            row.setZero();
            continue;
        }
        // The exponentials first, on their own, so that Eigen vectorises them (inside select()
        // it calls the scalar expf per entry: a quarter of a long pass went there). Its
        // vectorised exp clamps its argument near -88.7, so exp(-inf) would give ~3e-39;
        // masked entries are then set to exactly zero, on every CPU.
        e = (row - maxValue).exp();
        row = (row == kMasked).select(0.0f, e);
        row /= row.sum();
    }
}

void softmaxRowsWithSink(MatrixF& m, float sink) {
    constexpr float kMasked = -std::numeric_limits<float>::infinity();
    Eigen::Array<float, 1, Eigen::Dynamic, Eigen::RowMajor> e(m.cols());  // (T)
    for (Eigen::Index r = 0; r < m.rows(); ++r) {
        auto row = m.row(r).array();
        // As eager_attention_forward: combined − max(combined), then softmax over the keys and
        // the sink, then the sink's column dropped.
        const float maxValue = std::max(row.size() > 0 ? row.maxCoeff() : kMasked, sink);
        e = (row - maxValue).exp();
        row = (row == kMasked).select(0.0f, e);
        row /= row.sum() + std::exp(sink - maxValue);
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
