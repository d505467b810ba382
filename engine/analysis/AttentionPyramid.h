#pragma once
// A level-of-detail pyramid over one head's attention matrix, so that a view can draw a
// 8,192 × 8,192 head with about one tile per screen pixel instead of 67 million cells.
//
// Level 0 is the matrix itself (not copied: at 8,192 tokens it is 256 MB). Level k ≥ 1 has one
// tile per 2^k × 2^k block of cells: tile (i, j) covers rows i·2^k … i·2^k + 2^k − 1 and the
// same for columns. The last block of a row or column may be ragged (T not a power of two):
// it pools only the cells that exist. Each level is built in one pass from the level below.
//
//   AttentionPyramid pyramid(ConstMatrixMap(head.data(), t, t), Pooling::Max);
//   const ConstMatrixMap tiles = pyramid.level(3);  // (ceil(t / 8), ceil(t / 8))
//
// Masked cells of a causal head are weights of 0 here, like any other: the view decides how
// to draw a tile whose cells are all masked.

#include <vector>

#include "core/Tensor.h"

namespace headmap {

enum class Pooling {
    Max,           // the largest weight of the block: one sharp weight is never lost
    Mean,          // the mean over the block's cells: how much attention the block gets
    MaxMagnitude,  // the weight of largest |value|, sign kept: for signed matrices (differences)
};

class AttentionPyramid {
public:
    AttentionPyramid() = default;
    // values: (rows, cols). rowDivisors, when not empty, holds one divisor per row: level 1 pools
    // values(r, c) / rowDivisors[r] (computed in float, as a per-row colour scale shows it), so
    // a per-row scale needs no copy of the matrix. Throws InputError for a divisor count that
    // is not `rows`.
    AttentionPyramid(const ConstMatrixMap& values, Pooling pooling, const std::vector<float>& rowDivisors = {});

    Pooling pooling() const { return m_pooling; }
    int rows() const { return m_rows; }
    int cols() const { return m_cols; }
    // Levels including level 0: the first level with a single tile is the last (a 1 × 1 or
    // empty matrix has only level 0).
    int levelCount() const { return int(m_levels.size()) + 1; }
    // Cells along one side of a level's blocks: 2^level.
    static int blockSize(int level) { return 1 << level; }
    // The tiles of level 1 … levelCount() − 1: (ceil(rows / 2^level), ceil(cols / 2^level)).
    // Throws InputError for level 0 (the matrix itself) or past the last level.
    ConstMatrixMap level(int level) const;
    // The finest level whose blocks span at least `cellsPerPixel` cells along a side, i.e. whose
    // tiles are at least one pixel: 0 while cells are a pixel or more, the last level at most.
    int levelFor(double cellsPerPixel) const { return levelFor(m_rows, m_cols, cellsPerPixel); }
    // The same for a (rows, cols) matrix, without building its pyramid.
    static int levelFor(int rows, int cols, double cellsPerPixel);

private:
    Pooling m_pooling = Pooling::Max;
    int m_rows = 0;
    int m_cols = 0;
    std::vector<MatrixF> m_levels;  // m_levels[k - 1] is level k
};

}  // namespace headmap
