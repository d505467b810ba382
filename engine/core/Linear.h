#pragma once
// A dense layer y = x·W + b over weights owned elsewhere (a memory-mapped file or a model's
// buffers). Checkpoints store W either as (out, in) like torch.nn.Linear or as (in, out) like
// GPT-2's Conv1D; Linear hides the difference so attention code has one orientation.

#include <QtGlobal>

#include "core/Tensor.h"

namespace headmap {

enum class WeightLayout {
    OutIn,  // torch.nn.Linear: weight (out, in), y = x·Wᵀ + b
    InOut,  // GPT-2 Conv1D:   weight (in, out), y = x·W + b
};

class Linear {
public:
    Linear() = default;
    // rowStride: distance between stored rows, in floats; 0 means densely packed. Lets a Linear
    // view one block of a fused matrix without copying it.
    Linear(const float* weight, const float* bias, int in, int out, WeightLayout layout,
           int rowStride = 0);

    // The same weights as the checkpoint stores them, when that is BF16 in the layout of
    // `weight` (null: none). Products of few rows read these instead, half the bytes: such a
    // product is bound by reading the weights, and BF16 to F32 is exact, so the result has the
    // same bits (one token typed at the end of a text, short texts).
    void setStoredBf16(const quint16* weight) { m_weightBf16 = weight; }

    int inFeatures() const { return m_in; }
    int outFeatures() const { return m_out; }
    bool isNull() const { return m_weight == nullptr; }

    // (T, in) -> (T, out)
    MatrixF forward(const MatrixF& x) const;
    // Which library forward() multiplies with (the build's HEADMAP_BLAS), for benchmarks' output:
    // "OpenBLAS", "Eigen", "Eigen through OpenBLAS", ...
    static const char* backend();

    // Columns [first, first + count) of W oriented (in, out): the weights that produce those
    // output features. (in, count)
    MatrixF columns(int first, int count) const;
    // Rows [first, first + count) of W oriented (in, out): what those input features contribute
    // to every output, e.g. W_O,h, the block of W_O that head h's output columns feed. (count, out)
    MatrixF inputRows(int first, int count) const;
    // x · inputRows(first, count), reading the block where it is stored instead of copying it
    // (a head's value norms: copying W_O,h for every head was most of a one-token rerun's
    // cost). (N, count) -> (N, out)
    MatrixF timesInputRows(const Eigen::Ref<const MatrixF, 0, Eigen::OuterStride<>>& x, int first, int count) const;
    // The matching bias entries, zeros when the layer has no bias. (count)
    RowVectorF biasSlice(int first, int count) const;

private:
    ConstStridedMatrixMap storedWeight() const;

    const float* m_weight = nullptr;
    const quint16* m_weightBf16 = nullptr;
    const float* m_bias = nullptr;
    int m_in = 0;
    int m_out = 0;
    WeightLayout m_layout = WeightLayout::OutIn;
    int m_rowStride = 0;
};

// out = a · b on row-major blocks (each may be a block of a wider matrix). One thread: callers
// run it inside their own loops over heads. Through OpenBLAS when the build uses it for the
// dense layers (HEADMAP_BLAS), which is about twice as fast as Eigen for a head's
// weights · values, (T, T)·(T, Dh); otherwise Eigen.
void multiplySingleThreaded(const ConstStridedMatrixMap& a, const ConstStridedMatrixMap& b,
                            Eigen::Ref<MatrixF, 0, Eigen::OuterStride<>> out);

}  // namespace headmap
