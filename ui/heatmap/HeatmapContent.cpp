#include "heatmap/HeatmapContent.h"

#include <algorithm>
#include <cmath>

namespace headmap::ui {

const MatrixF& emptyMatrix() {
    static const MatrixF empty;
    return empty;
}

const MatrixF& HeatmapContent::values() const { return matrix ? *matrix : emptyMatrix(); }

std::vector<float> rowDivisors(const std::vector<float>& rowMaxima) {
    std::vector<float> divisors(rowMaxima.size());
    for (size_t r = 0; r < rowMaxima.size(); ++r)
        divisors[r] = rowMaxima[r] > 0 ? rowMaxima[r] : 1.0f;
    return divisors;
}

void prepareContent(HeatmapContent& content, const PyramidKind& kind, bool withPyramid) {
    const MatrixF& values = content.values();  // (queries, keys)
    const Eigen::Index queries = values.rows(), keys = values.cols();
    content.rowMaxima.assign(size_t(queries), 0.0f);
    content.largest = 0.0f;
    content.largestMagnitude = 0.0f;
    if (keys > 0 && queries > 0) {
        // Row-major: one pass over each row gives its maximum and its largest magnitude.
        float largest = values(0, 0), magnitude = 0.0f;
        for (Eigen::Index q = 0; q < queries; ++q) {
            const float rowMax = values.row(q).maxCoeff();
            content.rowMaxima[size_t(q)] = rowMax;
            largest = std::max(largest, rowMax);
            magnitude = std::max(magnitude, values.row(q).cwiseAbs().maxCoeff());
        }
        content.largest = largest;
        content.largestMagnitude = magnitude;
    }
    if (content.mask.isEmpty() && content.causal && queries == keys)
        content.mask = CellMask::causal(int(queries));
    if (content.mask.queries() != queries || content.mask.keys() != keys)
        content.mask = CellMask();  // not this matrix's
    content.pyramid.reset();
    content.pyramidKind = kind;
    if (withPyramid && queries > 1 && keys > 1) {
        const std::vector<float> divisors = kind.rowScaled ? rowDivisors(content.rowMaxima) : std::vector<float>();
        content.pyramid = std::make_shared<const AttentionPyramid>(
            ConstMatrixMap(values.data(), queries, keys), kind.pooling, divisors);
    }
    content.prepared = true;
}

}  // namespace headmap::ui
