#pragma once
// Matrix types shared by the engine. Row-major everywhere: rows are tokens, which is how the
// views, the JSON output and safetensors files lay data out.

#include <Eigen/Core>

namespace headmap {

using MatrixF = Eigen::Matrix<float, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>;
using RowVectorF = Eigen::Matrix<float, 1, Eigen::Dynamic, Eigen::RowMajor>;

using ConstMatrixMap = Eigen::Map<const MatrixF>;
using MatrixMap = Eigen::Map<MatrixF>;
// A view with a row stride, for slices of a wider weight matrix (e.g. GPT-2's fused c_attn).
using ConstStridedMatrixMap = Eigen::Map<const MatrixF, Eigen::Unaligned, Eigen::OuterStride<>>;
using ConstRowVectorMap = Eigen::Map<const RowVectorF>;

}  // namespace headmap
