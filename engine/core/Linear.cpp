#include "core/Linear.h"

namespace headmap {

Linear::Linear(const float* weight, const float* bias, int in, int out, WeightLayout layout,
               int rowStride)
    : m_weight(weight), m_bias(bias), m_in(in), m_out(out), m_layout(layout),
      m_rowStride(rowStride > 0 ? rowStride : (layout == WeightLayout::OutIn ? in : out)) {}

ConstStridedMatrixMap Linear::storedWeight() const {
    const int rows = m_layout == WeightLayout::OutIn ? m_out : m_in;
    const int cols = m_layout == WeightLayout::OutIn ? m_in : m_out;
    return ConstStridedMatrixMap(m_weight, rows, cols, Eigen::OuterStride<>(m_rowStride));
}

MatrixF Linear::forward(const MatrixF& x) const {
    MatrixF y(x.rows(), m_out);  // (T, out)
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
