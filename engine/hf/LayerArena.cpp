#include "hf/LayerArena.h"

#include <algorithm>

namespace headmap {

float* LayerArena::allocate(size_t count) {
    if (m_next == m_buffers.size())
        m_buffers.emplace_back();
    std::vector<float>& buffer = m_buffers[m_next++];
    buffer.resize(count);  // the same shapes layer after layer: no allocation after the first
    return buffer.data();
}

const float* LayerArena::copy(const std::vector<float>& values) {
    float* target = allocate(values.size());
    std::copy(values.begin(), values.end(), target);
    return target;
}

const float* ArenaReader::floats(const QString& name) const {
    const TensorInfo* tensor = m_source.info(name);
    if (!tensor)
        return m_source.floats(name);  // throws, naming the tensor
    if (const float* kept = m_source.keptFloats(name))
        return kept;
    float* values = m_arena.allocate(size_t(tensor->elementCount()));
    m_source.readFloats(name, values);
    return values;
}

RowVectorF productWithRowsInSlices(const Checkpoint& checkpoint, const QString& name, qint64 rows,
                                   const Eigen::Ref<const RowVectorF>& x) {
    constexpr qint64 kSliceRows = 4096;
    const qint64 columns = x.size();
    if (const float* kept = checkpoint.keptFloats(name))
        return x * ConstMatrixMap(kept, rows, columns).transpose();  // (1, columns)·(columns, rows)
    RowVectorF product(rows);
    std::vector<float> slice;
    for (qint64 first = 0; first < rows; first += kSliceRows) {
        const qint64 count = std::min<qint64>(kSliceRows, rows - first);
        slice.resize(size_t(count) * size_t(columns));
        checkpoint.readRows(name, first, count, slice.data());
        const ConstMatrixMap w(slice.data(), count, columns);  // (count, columns)
        product.segment(first, count) = x * w.transpose();
    }
    return product;
}

}  // namespace headmap
