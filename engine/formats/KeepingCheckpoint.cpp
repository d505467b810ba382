#include "formats/KeepingCheckpoint.h"

#include <algorithm>

namespace headmap {
namespace {

qint64 floatBytes(const TensorInfo& tensor) {
    return tensor.elementCount() * qint64(sizeof(float));
}

}  // namespace

KeepingCheckpoint::KeepingCheckpoint(std::unique_ptr<Checkpoint> source, qint64 budgetBytes)
    : m_source(std::move(source)), m_budget(std::max<qint64>(0, budgetBytes)) {
    for (const QString& name : m_source->tensorNames()) {
        const TensorInfo* tensor = m_source->info(name);
        if (tensor && m_source->tensorConvertsOnRead(name))
            m_convertedBytes += floatBytes(*tensor);
    }
}

const float* KeepingCheckpoint::keptFloats(const QString& name) const {
    const TensorInfo* tensor = m_source->info(name);
    if (!tensor)
        return nullptr;
    if (!m_source->tensorConvertsOnRead(name)) {
        const bool isFloat = tensor->dtype == TensorDType::F32 || tensor->dtype == TensorDType::F16 ||
                             tensor->dtype == TensorDType::BF16;
        return isFloat ? m_source->floats(name) : nullptr;  // F32 in place: costs nothing to keep
    }
    {
        const std::lock_guard<std::mutex> lock(m_mutex);
        if (m_refused.count(name))
            return nullptr;
        if (!m_keptNames.count(name)) {
            const qint64 bytes = floatBytes(*tensor);
            if (m_kept.load() + bytes > m_budget) {
                m_refused.insert(name);
                return nullptr;
            }
            m_kept += bytes;
            m_keptNames.insert(name);
        }
    }
    // The source converts on first use and keeps the copy (SafetensorsFile, GgufCheckpoint),
    // under its own lock; later calls return the same pointer.
    return m_source->floats(name);
}

void KeepingCheckpoint::readFloats(const QString& name, float* out) const {
    if (const float* kept = keptFloats(name)) {
        std::copy_n(kept, size_t(m_source->info(name)->elementCount()), out);
        return;
    }
    m_source->readFloats(name, out);
}

void KeepingCheckpoint::readRows(const QString& name, qint64 first, qint64 count, float* out) const {
    const TensorInfo* tensor = m_source->info(name);
    const float* kept = keptFloats(name);
    if (!kept || tensor->shape.empty()) {
        m_source->readRows(name, first, count, out);  // also checks the rows, naming the tensor
        return;
    }
    const qint64 columns = tensor->shape[0] > 0 ? tensor->elementCount() / tensor->shape[0] : 0;
    if (first < 0 || count < 0 || first + count > tensor->shape[0]) {
        m_source->readRows(name, first, count, out);  // throws, naming the tensor and the rows
        return;
    }
    std::copy_n(kept + size_t(first) * size_t(columns), size_t(count) * size_t(columns), out);
}

}  // namespace headmap
