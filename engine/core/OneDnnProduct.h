#pragma once
// y = x · W (or x · Wᵀ) through oneDNN's matmul (Debian's libdnnl-dev), f32 inputs, products
// and accumulation only, on row-major blocks that may sit in wider matrices (a fused QKV's
// block, one thread's share of the output columns). Used by Linear::forward when the build
// has oneDNN (HEADMAP_BLAS=onednn): on the projections and MLPs of 128 to 512 tokens it measured
// faster than OpenBLAS, whose sgemm copies ("packs") the whole weight matrix again on every call
// (a quarter of a 128-token pass); oneDNN's kernels read the weights where they are stored.
// oneDNN keeps the primitives it made in its own cache, keyed by shapes and strides, so a
// product of a shape seen before costs no code generation.

namespace headmap {

// x (m, k) with row stride ldx; W as stored: transposed ? (n, k) : (k, n), row stride ldw;
// y (m, n) with row stride ldy. Runs on the calling thread when called inside an OpenMP
// parallel region, else on oneDNN's (OpenMP) threads.
void oneDnnProduct(const float* x, int m, int k, int ldx, const float* w, int n, int ldw, bool transposed, float* y,
                   int ldy);

}  // namespace headmap
