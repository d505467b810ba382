#include "core/Ops.h"

#include <algorithm>
#include <cmath>
#include <limits>

#include <QtGlobal>
#ifdef _OPENMP
#include <omp.h>
#endif

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

namespace {

using FlatArray = Eigen::Map<Eigen::ArrayXf>;

// The activations on a flat run of floats: element-wise, so any split of a matrix gives the same
// numbers as the whole.
void activate(FlatArray a, Activation activation) {
    switch (activation) {
    case Activation::Relu: a = a.max(0.0f); break;
    case Activation::GeluErf: {
        constexpr float kInvSqrt2 = 0.70710678118654752440f;
        a = 0.5f * a * (1.0f + (a * kInvSqrt2).erf());
        break;
    }
    case Activation::GeluTanh: {
        constexpr float kSqrt2OverPi = 0.79788456080286535588f;
        a = 0.5f * a * (1.0f + (kSqrt2OverPi * (a + 0.044715f * a.cube())).tanh());
        break;
    }
    case Activation::Silu: a = a / (1.0f + (-a).exp()); break;
    }
}

// Calls f(first, count) on pieces of [0, size) spread over the threads when the matrix is large
// and no parallel region is running (one thread each for the heads' loops). The MLP's (T, FF)
// activations ran on one core while the other waited at the next product's barrier. Pieces
// start at multiples of 16 floats, so every piece keeps the alignment of the whole matrix and
// Eigen vectorises it exactly as it would the whole.
template <typename F>
void forEachPiece(Eigen::Index size, F f) {
#ifdef _OPENMP
    const int threads = size >= (1 << 15) && !omp_in_parallel() ? omp_get_max_threads() : 1;
#else
    const int threads = 1;
#endif
    if (threads <= 1) {
        f(Eigen::Index(0), size);
        return;
    }
    const Eigen::Index piece = ((size + threads - 1) / threads + 15) / 16 * 16;
#pragma omp parallel for num_threads(threads) schedule(static)
    for (int i = 0; i < threads; ++i) {
        const Eigen::Index first = std::min(size, i * piece);
        f(first, std::min(size, first + piece) - first);
    }
}

}  // namespace

void reluInPlace(MatrixF& x) { applyActivation(x, Activation::Relu); }

void applyActivation(MatrixF& x, Activation activation) {
    float* data = x.data();
    forEachPiece(x.size(), [&](Eigen::Index first, Eigen::Index count) {
        activate(FlatArray(data + first, count), activation);
    });
}

void applyGatedActivation(MatrixF& gate, const MatrixF& up, Activation activation) {
    Q_ASSERT(gate.rows() == up.rows() && gate.cols() == up.cols());
    float* g = gate.data();
    const float* u = up.data();
    forEachPiece(gate.size(), [&](Eigen::Index first, Eigen::Index count) {
        FlatArray piece(g + first, count);
        activate(piece, activation);
        piece *= Eigen::Map<const Eigen::ArrayXf>(u + first, count);
    });
}

}  // namespace headmap
