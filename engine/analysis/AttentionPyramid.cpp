#include "analysis/AttentionPyramid.h"

#include <algorithm>
#include <cmath>

#include <QCoreApplication>
#include <QString>

#include "core/HeadmapError.h"

namespace headmap {
namespace {

int halved(int cells) { return (cells + 1) / 2; }

// The larger under the order (|v|, v): the weight of largest magnitude, and on a tie of
// magnitudes (+w, −w) the positive one, so that the result never depends on the order cells
// are visited in.
inline float largerMagnitude(float a, float b) {
    const float ma = std::abs(a), mb = std::abs(b);
    return ma > mb ? a : mb > ma ? b : std::max(a, b);
}

template <typename Combine>
inline float combine4(Combine combine, const float* top, const float* bottom, int c0, int c1) {
    return combine(combine(top[c0], top[c1]), combine(bottom[c0], bottom[c1]));
}

// One level of max or largest-magnitude pooling: (R, C) → (ceil(R/2), ceil(C/2)). A ragged last
// row or column pairs with itself, which is harmless for a maximum.
template <typename Combine>
void poolExtreme(const float* source, int rows, int cols, Combine combine, MatrixF& out) {
    out.resize(halved(rows), halved(cols));
    // Tiles are independent, so the result does not depend on the threads (as in MultiHeadAttention).
#pragma omp parallel for schedule(static) if (rows >= 512)
    for (int i = 0; i < int(out.rows()); ++i) {
        const float* top = source + size_t(2 * i) * size_t(cols);
        const float* bottom = source + size_t(std::min(2 * i + 1, rows - 1)) * size_t(cols);
        float* target = out.data() + size_t(i) * size_t(out.cols());
        const int pairs = cols / 2;
        for (int j = 0; j < pairs; ++j)
            target[j] = combine4(combine, top, bottom, 2 * j, 2 * j + 1);
        if (cols % 2)
            target[pairs] = combine(top[cols - 1], bottom[cols - 1]);
    }
}

// Cells of the original matrix along one side of block `index` at a level with blocks of
// `block` cells, over `cells` cells in all: `block`, or fewer for the ragged last block.
inline int cellsIn(int index, int block, int cells) { return std::min(block, cells - index * block); }

// One level of mean pooling from the level below, whose blocks are `block` cells along a side
// (1 at level 0). Each child's mean is weighted by the number of original cells it covers, so
// the result is the mean over the original cells (sums and counts, with the counts taken from
// the geometry rather than stored), not a mean of means that would overweight a ragged block.
void poolMean(const float* source, int rows, int cols, int block, int originalRows, int originalCols, MatrixF& out) {
    out.resize(halved(rows), halved(cols));
    std::vector<double> colWeight(static_cast<size_t>(cols));
    for (int c = 0; c < cols; ++c)
        colWeight[size_t(c)] = cellsIn(c, block, originalCols);
#pragma omp parallel for schedule(static) if (rows >= 512)
    for (int i = 0; i < int(out.rows()); ++i) {
        const int r0 = 2 * i, r1 = 2 * i + 1;
        const bool two = r1 < rows;
        const double w0 = cellsIn(r0, block, originalRows), w1 = two ? cellsIn(r1, block, originalRows) : 0.0;
        const float* top = source + size_t(r0) * size_t(cols);
        const float* bottom = two ? source + size_t(r1) * size_t(cols) : nullptr;
        float* target = out.data() + size_t(i) * size_t(out.cols());
        for (int j = 0; j < out.cols(); ++j) {
            const int c0 = 2 * j, c1 = 2 * j + 1;
            const double v0 = colWeight[size_t(c0)], v1 = c1 < cols ? colWeight[size_t(c1)] : 0.0;
            double sum = double(top[c0]) * w0 * v0;
            if (v1 > 0)
                sum += double(top[c1]) * w0 * v1;
            if (two) {
                sum += double(bottom[c0]) * w1 * v0;
                if (v1 > 0)
                    sum += double(bottom[c1]) * w1 * v1;
            }
            target[j] = float(sum / ((w0 + w1) * (v0 + v1)));
        }
    }
}

}  // namespace

AttentionPyramid::AttentionPyramid(const ConstMatrixMap& values, Pooling pooling, const std::vector<float>& rowDivisors)
    : m_pooling(pooling), m_rows(int(values.rows())), m_cols(int(values.cols())) {
    if (!rowDivisors.empty() && int(rowDivisors.size()) != m_rows)
        throw InputError(QCoreApplication::translate("Engine",
                                                     "attention pyramid: %1 row divisors for a matrix of %2 rows")
                             .arg(rowDivisors.size())
                             .arg(m_rows));
    MatrixF scaled;  // (rows, cols), only with divisors: level 1 is pooled from it
    const float* source = values.data();
    if (!rowDivisors.empty() && values.size() > 1) {
        // A per-row scale changes which cell of a block is largest: pool what is shown.
        scaled.resize(m_rows, m_cols);
        for (int r = 0; r < m_rows; ++r)
            scaled.row(r) = values.row(r) / rowDivisors[size_t(r)];
        source = scaled.data();
    }
    int rows = m_rows, cols = m_cols, block = 1;
    while (rows > 1 || cols > 1) {
        MatrixF next;
        switch (pooling) {
        case Pooling::Max:
            poolExtreme(source, rows, cols, [](float a, float b) { return std::max(a, b); }, next);
            break;
        case Pooling::MaxMagnitude:
            poolExtreme(source, rows, cols, largerMagnitude, next);
            break;
        case Pooling::Mean:
            poolMean(source, rows, cols, block, m_rows, m_cols, next);
            break;
        }
        m_levels.push_back(std::move(next));
        if (scaled.size()) {  // level 1 holds what it needed; the copy goes now
            scaled = MatrixF();
        }
        source = m_levels.back().data();
        rows = int(m_levels.back().rows());
        cols = int(m_levels.back().cols());
        block *= 2;
    }
}

ConstMatrixMap AttentionPyramid::level(int level) const {
    if (level < 1 || level >= levelCount())
        throw InputError(QCoreApplication::translate("Engine",
                                                     "attention pyramid: level %1 asked for, levels 1 to %2 are pooled")
                             .arg(level)
                             .arg(levelCount() - 1));
    const MatrixF& tiles = m_levels[size_t(level - 1)];
    return ConstMatrixMap(tiles.data(), tiles.rows(), tiles.cols());
}

int AttentionPyramid::levelFor(int rows, int cols, double cellsPerPixel) {
    int last = 0;  // the first level with a single tile, as the constructor stops
    while (blockSize(last) < std::max(rows, cols))
        ++last;
    int level = 0;
    while (level < last && double(blockSize(level)) < cellsPerPixel - 1e-9)
        ++level;
    return level;
}

}  // namespace headmap
