#pragma once
// Reading a checkpoint that converts on read (F16/BF16 safetensors, GGUF) a layer at a time:
// LayerArena holds float buffers that keep their address and are reused, without allocating,
// by the next layer of the same shapes; ArenaReader presents the checkpoint with floats() that
// lands in the arena, so WeightLookup (names, prefixes, shape checks) serves both ways of
// loading. At most one layer is then ever held as floats.

#include <vector>

#include "core/Tensor.h"
#include "formats/Checkpoint.h"

namespace headmap {

class LayerArena {
public:
    float* allocate(size_t count);
    const float* copy(const std::vector<float>& values);
    void reset() { m_next = 0; }

private:
    std::vector<std::vector<float>> m_buffers;
    size_t m_next = 0;
};

class ArenaReader final : public Checkpoint {
public:
    ArenaReader(const Checkpoint& source, LayerArena& arena) : m_source(source), m_arena(arena) {}
    QStringList tensorNames() const override { return m_source.tensorNames(); }
    const TensorInfo* info(const QString& name) const override { return m_source.info(name); }
    QString fileOf(const QString& name) const override { return m_source.fileOf(name); }
    QString description() const override { return m_source.description(); }
    bool tensorConvertsOnRead(const QString& name) const override { return m_source.tensorConvertsOnRead(name); }
    const float* keptFloats(const QString& name) const override { return m_source.keptFloats(name); }
    const quint16* storedBf16(const QString& name) const override { return m_source.storedBf16(name); }
    void readBytes(const QString& name, qint64 first, qint64 count, uchar* out) const override {
        m_source.readBytes(name, first, count, out);
    }
    // The kept copy when the source keeps one (formats/KeepingCheckpoint.h), else converted into
    // the arena.
    const float* floats(const QString& name) const override;

private:
    const Checkpoint& m_source;
    LayerArena& m_arena;
};

// x · Wᵀ for the 2-D tensor `name` (rows × x.size()): from its kept copy when the checkpoint
// keeps one, else read in slices of rows, each converted into one reused buffer, so that an
// output head beyond the budget is never held whole as floats. (rows)
RowVectorF productWithRowsInSlices(const Checkpoint& checkpoint, const QString& name, qint64 rows,
                                   const Eigen::Ref<const RowVectorF>& x);

}  // namespace headmap
