#include "core/SkinnyProduct.h"

#include <cmath>
#include <cstring>

namespace headmap {
namespace {

// One vector register of floats: 16 with AVX-512, 8 with AVX2, 4 with SSE.
#if defined(__AVX512F__)
constexpr int kLanes = 16;
#elif defined(__AVX__)
constexpr int kLanes = 8;
#else
constexpr int kLanes = 4;
#endif
using Lanes = float __attribute__((vector_size(kLanes * sizeof(float))));
using LaneIndex = int __attribute__((vector_size(kLanes * sizeof(int))));

// Rows of x and of W per block: MB × NB accumulators, MB rows of x and one of W in registers
// (AVX-512 has 32 registers, AVX2 and SSE 16).
#if defined(__AVX512F__)
constexpr int kRowsX = 4;
#else
constexpr int kRowsX = 2;
#endif
constexpr int kRowsW = 4;

inline Lanes loadLanes(const float* p) {
    Lanes v;
    std::memcpy(&v, p, sizeof v);  // unaligned load
    return v;
}

// The same, kept in a register: left to itself GCC folds the load into every multiply that uses
// it, which loaded each vector four times and made the loop wait for loads (50 instead of 100
// GFLOP/s on one core).
inline Lanes loadLanesOnce(const float* p) {
    Lanes v = loadLanes(p);
#if defined(__AVX512F__)
    asm("" : "+v"(v));
#elif defined(__SSE2__)
    asm("" : "+x"(v));
#endif
    return v;
}

// kLanes BF16 weights widened to F32: each is the top half of its float's bits, so exact.
using HalfLanes = unsigned short __attribute__((vector_size(kLanes * sizeof(unsigned short))));
using WordLanes = unsigned __attribute__((vector_size(kLanes * sizeof(unsigned))));

inline Lanes loadLanes(const unsigned short* p) {
    HalfLanes h;
    std::memcpy(&h, p, sizeof h);  // unaligned load
    const WordLanes bits = __builtin_convertvector(h, WordLanes) << 16;
    Lanes v;
    std::memcpy(&v, &bits, sizeof v);
    return v;
}

inline Lanes loadLanesOnce(const unsigned short* p) {
    Lanes v = loadLanes(p);
#if defined(__AVX512F__)
    asm("" : "+v"(v));
#elif defined(__SSE2__)
    asm("" : "+x"(v));
#endif
    return v;
}

inline float widen(float w) { return w; }
inline float widen(unsigned short w) {
    const unsigned bits = unsigned(w) << 16;
    float f;
    std::memcpy(&f, &bits, sizeof f);
    return f;
}

// The lanes added in a fixed order (halves, then quarters, ...), on a copy so that the
// accumulators stay in registers.
inline float laneSum(Lanes v) {
    float f[kLanes];
    std::memcpy(f, &v, sizeof f);
    for (int width = kLanes / 2; width > 0; width /= 2)
        for (int lane = 0; lane < width; ++lane)
            f[lane] += f[lane + width];
    return f[0];
}

#if defined(__GNUC__) && !defined(__clang__)
// Halves the lanes each accumulator in a and in b still has (2·Width → Width) and packs both:
// the lower half of the result holds a's, the upper b's. log2(kLanes) rounds turn kLanes
// accumulators into one vector of their lane sums, each added in laneSum's order: a few vector
// operations instead of kLanes² scalar adds after every block.
template <int Width>
inline Lanes fold(Lanes a, Lanes b) {
    constexpr int half = kLanes / 2;
    LaneIndex low, high;
    for (int j = 0; j < kLanes; ++j) {
        const int source = (j / half) * kLanes;  // a, or b in the shuffle's second operand
        const int segment = (j % half) / Width, offset = (j % half) % Width;
        low[j] = source + segment * 2 * Width + offset;
        high[j] = low[j] + Width;
    }
    return __builtin_shuffle(a, b, low) + __builtin_shuffle(a, b, high);
}

template <int Width>
inline void foldAll(Lanes* v, int count) {
    for (int i = 0; i < count / 2; ++i)
        v[i] = fold<Width>(v[2 * i], v[2 * i + 1]);
}

// v: kLanes accumulators (overwritten); lane i of the result is laneSum(v[i]).
inline Lanes laneSums(Lanes* v) {
    int count = kLanes;
    if constexpr (kLanes >= 16) {
        foldAll<8>(v, count);
        count /= 2;
    }
    if constexpr (kLanes >= 8) {
        foldAll<4>(v, count);
        count /= 2;
    }
    foldAll<2>(v, count);
    foldAll<1>(v, count / 2);
    return v[0];
}
constexpr bool kFoldLanes = true;
#else
[[maybe_unused]] inline Lanes laneSums(Lanes* v) { return v[0]; }  // clang has no __builtin_shuffle
constexpr bool kFoldLanes = false;
#endif

// next: the W rows after these, fetched into the cache meanwhile (null: none), so the next block
// does not wait for memory.
template <int MB, int NB, typename W>
void block(const float* x, int k, int xStride, const W* w, int wStride, float* y, int yStride, const W* next) {
    Lanes acc[MB * NB] = {};  // acc[a * NB + b]: one array, so laneSums may walk all of it
    const int whole = k - k % kLanes;
    for (int i = 0; i < whole; i += kLanes) {
        Lanes xv[MB];
#pragma GCC unroll 4
        for (int a = 0; a < MB; ++a)
            xv[a] = loadLanesOnce(x + a * xStride + i);
#pragma GCC unroll 4
        for (int b = 0; b < NB; ++b) {
            if (next)
                __builtin_prefetch(next + b * wStride + i);  // a line a row a step with AVX-512; repeats with narrower lanes are cheap
            const Lanes wv = loadLanesOnce(w + b * wStride + i);
#pragma GCC unroll 4
            for (int a = 0; a < MB; ++a)
                acc[a * NB + b] += xv[a] * wv;
        }
    }
    float sums[MB][NB];
    if constexpr (kFoldLanes && MB * NB == kLanes) {
        const Lanes all = laneSums(acc);
        std::memcpy(sums, &all, sizeof sums);
    } else {
        for (int a = 0; a < MB; ++a)
            for (int b = 0; b < NB; ++b)
                sums[a][b] = laneSum(acc[a * NB + b]);
    }
    for (int a = 0; a < MB; ++a)
        for (int b = 0; b < NB; ++b) {
            float sum = sums[a][b];
            // The last k % kLanes products, in order, each fused: left to the compiler, whether
            // it fused them differed between the F32 and the BF16 weights' code.
            for (int i = whole; i < k; ++i)
                sum = std::fma(x[a * xStride + i], widen(w[b * wStride + i]), sum);
            y[a * yStride + b] = sum;
        }
}

// Every row of x against NB rows of W: those W rows come from memory once and stay in L1 for the
// other rows of x, which stay in L2.
template <int NB, typename W>
void rowsOfW(const float* x, int m, int k, int xStride, const W* w, int wStride, float* y, int yStride, const W* next) {
    int i = 0;
    for (; i + kRowsX <= m; i += kRowsX, next = nullptr)
        block<kRowsX, NB>(x + size_t(i) * xStride, k, xStride, w, wStride, y + size_t(i) * yStride, yStride, next);
    for (; i < m; ++i, next = nullptr)
        block<1, NB>(x + size_t(i) * xStride, k, xStride, w, wStride, y + size_t(i) * yStride, yStride, next);
}

template <typename W>
void skinny(const float* x, int m, int k, int xStride, const W* w, int n, int wStride, float* y, int yStride) {
    int j = 0;
    for (; j + kRowsW <= n; j += kRowsW) {
        const W* next = j + 2 * kRowsW <= n ? w + size_t(j + kRowsW) * wStride : nullptr;
        rowsOfW<kRowsW>(x, m, k, xStride, w + size_t(j) * wStride, wStride, y + j, yStride, next);
    }
    switch (n - j) {
    case 3: rowsOfW<3, W>(x, m, k, xStride, w + size_t(j) * wStride, wStride, y + j, yStride, nullptr); break;
    case 2: rowsOfW<2, W>(x, m, k, xStride, w + size_t(j) * wStride, wStride, y + j, yStride, nullptr); break;
    case 1: rowsOfW<1, W>(x, m, k, xStride, w + size_t(j) * wStride, wStride, y + j, yStride, nullptr); break;
    default: break;
    }
}

}  // namespace

void skinnyProduct(const float* x, int m, int k, int xStride, const float* w, int n, int wStride, float* y,
                   int yStride) {
    skinny(x, m, k, xStride, w, n, wStride, y, yStride);
}

void skinnyProduct(const float* x, int m, int k, int xStride, const quint16* w, int n, int wStride, float* y,
                   int yStride) {
    skinny(x, m, k, xStride, reinterpret_cast<const unsigned short*>(w), n, wStride, y, yStride);
}

}  // namespace headmap
