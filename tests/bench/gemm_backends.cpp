// Eigen's own matrix product against Eigen with EIGEN_USE_BLAS (OpenBLAS, BLIS) on the shapes a
// forward pass multiplies, for choosing HEADMAP_BLAS by measurement. Built and run three times
// by gemm_backends.sh (one binary per backend: EIGEN_USE_BLAS changes every product in a
// translation unit). Prints one line per shape: M K N, best ms of `repeat`, GFLOP/s.
//   (T, D) x (D, out)   projections and MLP, weights stored (out, in) as Linear uses them
//   (T, Dh) x (Dh, T)   one head's scores; (T, T) x (T, Dh) its weights times V

#include <algorithm>
#include <array>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <vector>

#include <Eigen/Dense>

using MatrixF = Eigen::Matrix<float, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>;

namespace {

double bestMs(int repeat, const MatrixF& a, const MatrixF& bTransposed, MatrixF& c) {
    double best = 1e300;
    for (int r = 0; r < repeat; ++r) {
        const auto start = std::chrono::steady_clock::now();
        c.noalias() = a * bTransposed.transpose();  // as Linear::forward: x · Wᵀ
        const auto stop = std::chrono::steady_clock::now();
        best = std::min(best, std::chrono::duration<double, std::milli>(stop - start).count());
    }
    return best;
}

}  // namespace

int main(int argc, char** argv) {
    const int repeat = argc > 1 ? std::atoi(argv[1]) : 5;
    // {M, K, N}: Qwen2.5-0.5B (D 896, FF 4864, Dh 64) and BERT-base (D 768, FF 3072) shapes,
    // and the square product used as the machine's peak.
    const std::vector<std::array<int, 3>> shapes = {
        {16, 896, 4864}, {128, 896, 4864}, {512, 896, 4864}, {2048, 896, 4864}, {2048, 4864, 896},
        {128, 768, 3072}, {512, 768, 3072}, {512, 64, 512}, {2048, 64, 2048}, {2048, 2048, 64},
        {2048, 2048, 2048}};
    std::printf("%-6s %-6s %-6s %10s %10s\n", "M", "K", "N", "best ms", "GFLOP/s");
    for (const auto& [m, k, n] : shapes) {
        const MatrixF a = MatrixF::Random(m, k);
        const MatrixF b = MatrixF::Random(n, k);
        MatrixF c(m, n);
        const double ms = bestMs(repeat, a, b, c);
        std::printf("%-6d %-6d %-6d %10.3f %10.1f\n", m, k, n, ms, 2.0 * m * k * n / ms / 1e6);
    }
    return 0;
}
