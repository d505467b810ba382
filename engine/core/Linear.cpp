#include "core/Linear.h"

#include <algorithm>

#ifdef _OPENMP
#include <omp.h>
#endif

#include "core/ColumnShare.h"
#include "core/SkinnyProduct.h"

#include <QString>

#ifdef HEADMAP_LINEAR_CBLAS
#include <QString>
#include <cblas.h>
#endif
#ifdef HEADMAP_LINEAR_ONEDNN
#include <QString>
#include "core/OneDnnProduct.h"
#endif

namespace headmap {

Linear::Linear(const float* weight, const float* bias, int in, int out, WeightLayout layout,
               int rowStride)
    : m_weight(weight), m_bias(bias), m_in(in), m_out(out), m_layout(layout),
      m_rowStride(rowStride > 0 ? rowStride : (layout == WeightLayout::OutIn ? in : out)) {}

#ifdef HEADMAP_LINEAR_ONEDNN
namespace {

// The dense layers' products of more than kSkinnyRows rows go through oneDNN (the build's
// choice, README "Speed"); HEADMAP_DENSE=openblas sends them to OpenBLAS instead, to compare
// the two in one binary.
bool useOneDnn() {
    static const bool use = qEnvironmentVariable("HEADMAP_DENSE") != QLatin1String("openblas");
    return use;
}

}  // namespace
#endif

const char* Linear::backend() {
#if defined(HEADMAP_LINEAR_ONEDNN)
    return useOneDnn() ? "oneDNN" : "OpenBLAS";
#elif defined(HEADMAP_LINEAR_CBLAS)
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

#ifdef HEADMAP_LINEAR_CBLAS
namespace {

// OpenMP's threads split each product's output columns, and OpenBLAS multiplies each share on
// one thread. Letting OpenBLAS thread the products itself (HEADMAP_DENSE_SPLIT=0, kept to
// compare) runs its thread pool beside libgomp's, which the attention code uses between the
// products: each pool's idle threads spin on the cores the other needs. Measured on the
// Qwen2.5-0.5B shape with 2 cores: 128 tokens 1013 -> 737 ms, 16 tokens 244 -> 188 ms
// (README, "Speed").
bool splitOverOpenMp() {
#ifdef _OPENMP
    static const bool split = qEnvironmentVariable("HEADMAP_DENSE_SPLIT", QStringLiteral("1")) != QLatin1String("0");
    return split;
#else
    return false;  // no OpenMP: OpenBLAS threads the products itself
#endif
}

void useOneBlasThreadOnce() {
    static const bool once = [] {
        if (splitOverOpenMp())
            openblas_set_num_threads(1);
        return true;
    }();
    (void)once;
}

}  // namespace
#endif

namespace {

// Products of at most this many rows of x read the weights once (SkinnyProduct.h) instead of
// through sgemm: from 2 to 32 rows they took 0.6–0.9 of sgemm's time on weights coming from
// memory (K·N = 896·4864 and 4864·896, 2 cores), one row as long as sgemv; and a row's outputs
// do not depend on how many rows there are, so typing one token reproduces the full run's numbers
// (torch.nn.Linear's layout; GPT-2's Conv1D layout stays with OpenBLAS).
constexpr int kSkinnyRows = 32;

// Products of at most this many rows read BF16 weights where the checkpoint stores them
// (setStoredBf16): half the bytes for the same bits. Measured on the BF16 Qwen2.5-0.5B shape
// (headmap-cli bench, 2 cores, HEADMAP_STORED_BF16=0 against the default, alternately): a pass
// of 1 / 2 / 4 / 8 / 16 / 32 tokens took 40 / 54 / 47 / 90 / 140 / 260 ms against
// 56 / 65 / 61 / 98 / 140 / 230: widening each weight costs two instructions a vector, which a
// pass bound by reading weights hides and one bound by arithmetic (32 rows) does not.
constexpr int kStoredBf16Rows = 16;

// HEADMAP_STORED_BF16=0 makes the few-row products read the F32 copies even where the BF16
// weights are at hand: to compare the two in one binary (the results are the same bits).
bool useStoredBf16(Eigen::Index rows) {
    static const bool use = qEnvironmentVariable("HEADMAP_STORED_BF16") != QLatin1String("0");
    return use && rows <= kStoredBf16Rows;
}

// Runs product(first, count) over the output columns, split in blocks of 64 (whole kernel tiles)
// over OpenMP's threads when there is much to compute or, for few rows, much to read.
template <typename Product>
void overColumns(Eigen::Index rows, int in, int out, bool mayThread, const Product& product) {
#ifdef _OPENMP
    const int threads = mayThread && !omp_in_parallel() ? omp_get_max_threads() : 1;
    const bool large = double(rows) * in * out >= 4.0e6 || double(in) * out >= 2.5e5;
    if (threads > 1 && large) {
#pragma omp parallel num_threads(threads)
        {
            const int blocks = (out + 63) / 64, n = omp_get_num_threads(), i = omp_get_thread_num();
            const int first = std::min(out, blocks * i / n * 64), last = std::min(out, blocks * (i + 1) / n * 64);
            if (last > first)
                product(first, last - first);
        }
        return;
    }
#else
    (void)rows, (void)in, (void)mayThread;
#endif
    product(0, out);
}

// The skinny products' columns in chunks of whole 64-column blocks that the calling thread and
// helpers take as they come (ColumnShare.h), when there is much to read. These products are
// short (a 512 × 512 layer is 0.1 ms) and come some fifty a generated token: ending each at an
// OpenMP barrier made two threads on a busy machine several times slower than one. A column's
// value depends only on its weights and x, so the chunks give the bits of one thread.
template <typename Product>
void overColumnChunks(Eigen::Index rows, int in, int out, const Product& product) {
    int threads = 1;
#ifdef _OPENMP
    threads = omp_in_parallel() ? 1 : omp_get_max_threads();
#endif
    const bool large = double(rows) * in * out >= 4.0e6 || double(in) * out >= 2.5e5;
    if (threads <= 1 || !large) {
        product(0, out);
        return;
    }
    const int blocks = (out + 63) / 64;
    const int perChunk = std::max(1, blocks / (threads * 8));  // 64-column blocks a chunk
    const int chunks = (blocks + perChunk - 1) / perChunk;
    shareChunks(chunks, threads, [&](int c) {
        const int first = c * perChunk * 64, last = std::min(out, (c + 1) * perChunk * 64);
        product(first, last - first);
    });
}

}  // namespace

MatrixF Linear::forward(const MatrixF& x) const {
    MatrixF y(x.rows(), m_out);  // (T, out)
    const bool transposed = m_layout == WeightLayout::OutIn;
    if (x.rows() == 0 || m_out == 0 || m_in == 0) {
        y.setZero();
    } else if (transposed && x.rows() <= kSkinnyRows) {
        overColumnChunks(x.rows(), m_in, m_out, [&](int first, int count) {
            const size_t offset = size_t(first) * size_t(m_rowStride);
            if (m_weightBf16 && useStoredBf16(x.rows()))
                skinnyProduct(x.data(), int(x.rows()), m_in, int(x.cols()), m_weightBf16 + offset, count, m_rowStride,
                              y.data() + first, m_out);
            else
                skinnyProduct(x.data(), int(x.rows()), m_in, int(x.cols()), m_weight + offset, count, m_rowStride,
                              y.data() + first, m_out);
        });
    } else {
#ifdef HEADMAP_LINEAR_ONEDNN
        if (useOneDnn()) {
            // Each thread's share of the columns on that thread, as with OpenBLAS below; with
            // HEADMAP_DENSE_SPLIT=0 one call that oneDNN threads itself.
            overColumns(x.rows(), m_in, m_out, splitOverOpenMp(), [&](int first, int count) {
                const float* w = m_weight + (transposed ? size_t(first) * size_t(m_rowStride) : size_t(first));
                oneDnnProduct(x.data(), int(x.rows()), m_in, int(x.cols()), w, count, m_rowStride, transposed,
                              y.data() + first, m_out);
            });
            if (m_bias)
                y.rowwise() += ConstRowVectorMap(m_bias, m_out);
            return y;
        }
#endif
#ifdef HEADMAP_LINEAR_CBLAS
        useOneBlasThreadOnce();
        // Row-major throughout: x (T, in), the stored W (out, in) or (in, out) with its row
        // stride. OpenBLAS packs these shapes about twice as well as Eigen does (README,
        // "Speed"). Small products stay on one thread: waking the others costs more.
        overColumns(x.rows(), m_in, m_out, splitOverOpenMp(), [&](int first, int count) {
            const float* w = m_weight + (transposed ? size_t(first) * size_t(m_rowStride) : size_t(first));
            if (x.rows() == 1) {
                // One token of GPT-2's layout: a matrix-vector product reads each weight once,
                // where sgemm would first copy the whole matrix into its panels.
                cblas_sgemv(CblasRowMajor, CblasTrans, m_in, count, 1.0f, w, m_rowStride, x.data(), 1, 0.0f,
                            y.data() + first, 1);
                return;
            }
            cblas_sgemm(CblasRowMajor, CblasNoTrans, transposed ? CblasTrans : CblasNoTrans, int(x.rows()), count,
                        m_in, 1.0f, x.data(), int(x.cols()), w, m_rowStride, 0.0f, y.data() + first, m_out);
        });
#else
        if (transposed)
            y.noalias() = x * storedWeight().transpose();
        else
            y.noalias() = x * storedWeight();
#endif
    }
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

void multiplySingleThreaded(const ConstStridedMatrixMap& a, const ConstStridedMatrixMap& b,
                            Eigen::Ref<MatrixF, 0, Eigen::OuterStride<>> out) {
#ifdef HEADMAP_LINEAR_CBLAS
    useOneBlasThreadOnce();
    if (splitOverOpenMp()) {
        if (out.size() > 0)
            cblas_sgemm(CblasRowMajor, CblasNoTrans, CblasNoTrans, int(a.rows()), int(b.cols()), int(a.cols()), 1.0f,
                        a.data(), int(a.outerStride()), b.data(), int(b.outerStride()), 0.0f, out.data(),
                        int(out.outerStride()));
        return;
    }
#endif
    out.noalias() = a * b;
}

MatrixF Linear::timesInputRows(const Eigen::Ref<const MatrixF, 0, Eigen::OuterStride<>>& x, int first,
                               int count) const {
    MatrixF y(x.rows(), m_out);  // (N, out)
    if (m_layout == WeightLayout::OutIn)
        y.noalias() = x * storedWeight().middleCols(first, count).transpose();
    else
        y.noalias() = x * storedWeight().middleRows(first, count);
    return y;
}

RowVectorF Linear::biasSlice(int first, int count) const {
    if (!m_bias)
        return RowVectorF::Zero(count);
    return ConstRowVectorMap(m_bias + first, count);
}

}  // namespace headmap
