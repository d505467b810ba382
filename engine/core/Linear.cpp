#include "core/Linear.h"

#ifdef HEADMAP_LINEAR_CBLAS
#include <cblas.h>
#endif

namespace headmap {

Linear::Linear(const float* weight, const float* bias, int in, int out, WeightLayout layout,
               int rowStride)
    : m_weight(weight), m_bias(bias), m_in(in), m_out(out), m_layout(layout),
      m_rowStride(rowStride > 0 ? rowStride : (layout == WeightLayout::OutIn ? in : out)) {}

const char* Linear::backend() {
#if defined(HEADMAP_LINEAR_CBLAS)
    return "OpenBLAS";
#elif defined(HEADMAP_EIGEN_BLAS)
    return "Eigen through " HEADMAP_EIGEN_BLAS;
#else
    return "Eigen";
#endif
}

ConstStridedMatrixMap Linear::storedWeight() const {
    const int rows = m_layout == WeightLayout::OutIn ? m_out : m_in;
    const int cols = m_layout == WeightLayout::OutIn ? m_in : m_out;
    return ConstStridedMatrixMap(m_weight, rows, cols, Eigen::OuterStride<>(m_rowStride));
}

MatrixF Linear::forward(const MatrixF& x) const {
    MatrixF y(x.rows(), m_out);  // (T, out)
#ifdef HEADMAP_LINEAR_CBLAS
    if (x.rows() > 0 && m_out > 0 && m_in > 0) {
        // Row-major throughout: x (T, in), the stored W (out, in) or (in, out) with its row
        // stride. OpenBLAS packs and threads these shapes about twice as well as Eigen does
        // (README, "Speed"); its threads follow OPENBLAS_NUM_THREADS / OMP_NUM_THREADS.
        cblas_sgemm(CblasRowMajor, CblasNoTrans, m_layout == WeightLayout::OutIn ? CblasTrans : CblasNoTrans,
                    int(x.rows()), m_out, m_in, 1.0f, x.data(), int(x.cols()), m_weight, m_rowStride, 0.0f,
                    y.data(), m_out);
    } else {
        y.setZero();
    }
    if (m_bias)
        y.rowwise() += ConstRowVectorMap(m_bias, m_out);
    return y;
#endif
    if (m_layout == WeightLayout::OutIn)
        y.noalias() = x * storedWeight().transpose();
    else
        y.noalias() = x * storedWeight();
    if (m_bias)
        y.rowwise() += ConstRowVectorMap(m_bias, m_out);
    return y;
}

MatrixF Linear::columns(int first, int count) const {
    if (m_layout == WeightLayout::OutIn)
        return storedWeight().middleRows(first, count).transpose();  // (in, count)
    return storedWeight().middleCols(first, count);                  // (in, count)
}

MatrixF Linear::inputRows(int first, int count) const {
    if (m_layout == WeightLayout::OutIn)
        return storedWeight().middleCols(first, count).transpose();  // (count, out)
    return storedWeight().middleRows(first, count);                  // (count, out)
}

RowVectorF Linear::biasSlice(int first, int count) const {
    if (!m_bias)
        return RowVectorF::Zero(count);
    return ConstRowVectorMap(m_bias + first, count);
}

}  // namespace headmap
