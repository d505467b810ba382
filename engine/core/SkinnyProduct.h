#pragma once
// y = x · Wᵀ for a few rows of x, reading each weight from memory once.
//
// With a handful of tokens a dense layer is bound by reading its weights, not by arithmetic:
// 16 tokens of a Qwen2.5-0.5B shape read 1.4 GB of F32 weights for 11 GFLOP. sgemm first copies
// the weights into packed panels and reads them again (measured: about a third of the machine's
// memory bandwidth). Here each block of 4 weight rows is read once, straight from the mapped
// file, and dotted with every row of x, which stays in the cache.
//
// Every dot product sums one vector register's lanes over k, then the lanes in a fixed order:
// the same bits on any number of threads (not across instruction sets: their registers differ in
// width, as OpenBLAS's kernels differ by processor).

#include <QtGlobal>

namespace headmap {

// y (m, n) = x (m, k) · Wᵀ, W stored (n, k) as torch.nn.Linear stores it. Strides are in floats
// between rows. One thread: callers split the n outputs over their threads.
void skinnyProduct(const float* x, int m, int k, int xStride, const float* w, int n, int wStride, float* y,
                   int yStride);
// The same with W stored as BF16 (the top 16 bits of each float): each weight widened to F32
// (exact) as it is read, then the same products in the same order, so the same bits as on the
// F32 copy of those weights, from half the bytes.
void skinnyProduct(const float* x, int m, int k, int xStride, const quint16* w, int n, int wStride, float* y,
                   int yStride);
//
// An output's value depends only on its row of x and its weights, never on how many rows are
// multiplied at once: one new token typed at the end of a short text gets exactly the numbers
// the whole text's run gives it (prefix reuse, model/PrefixState.h). GPT-2's Conv1D layout, W
// stored (in, out), has no such path: read by columns, the same idea was 1.1–2 times slower
// than OpenBLAS.

}  // namespace headmap
