#pragma once
// Converted weights kept while they fit a budget (#40). A checkpoint that converts on read
// (BF16/F16 safetensors, GGUF) would otherwise convert every layer again on every forward pass
// into a reused buffer: the memory stays low, but a short input pays the conversion in full each
// time (a 16-token pass on a BF16 Qwen2.5-0.5B spent two thirds of its time converting).
// KeepingCheckpoint wraps such a checkpoint: the first time a tensor is read, its F32 copy is
// made and kept (by the source's own floats(), which keeps what it converts) as long as the
// copies kept so far plus this one stay within the budget; beyond it the tensor is converted on
// every read, a layer at a time, as before. So a model that fits runs at F32 speed from its
// second pass on, and an 8B model still opens within the memory it needed before.
//
// Models read through keptFloats() (hf/LayerArena.h's ArenaReader and productWithRowsInSlices),
// which gives the kept copy, or null when the tensor is beyond the budget.

#include <atomic>
#include <memory>
#include <mutex>
#include <unordered_set>

#include "formats/Checkpoint.h"

namespace headmap {

class KeepingCheckpoint final : public Checkpoint {
public:
    // budgetBytes: F32 bytes the kept copies may take; 0 keeps none (every read converts).
    KeepingCheckpoint(std::unique_ptr<Checkpoint> source, qint64 budgetBytes);

    QStringList tensorNames() const override { return m_source->tensorNames(); }
    const TensorInfo* info(const QString& name) const override { return m_source->info(name); }
    const float* floats(const QString& name) const override { return m_source->floats(name); }
    QString fileOf(const QString& name) const override { return m_source->fileOf(name); }
    QString description() const override { return m_source->description(); }
    bool convertsOnRead() const override { return m_source->convertsOnRead(); }
    bool tensorConvertsOnRead(const QString& name) const override { return m_source->tensorConvertsOnRead(name); }
    const quint16* storedBf16(const QString& name) const override { return m_source->storedBf16(name); }
    // From the kept copy when there is one (or one fits), else converted from the file.
    void readFloats(const QString& name, float* out) const override;
    void readRows(const QString& name, qint64 first, qint64 count, float* out) const override;
    void readBytes(const QString& name, qint64 first, qint64 count, uchar* out) const override {
        m_source->readBytes(name, first, count, out);  // stored bytes (MXFP4 blocks): nothing to keep
    }
    const float* keptFloats(const QString& name) const override;

    qint64 budgetBytes() const { return m_budget; }
    qint64 keptBytes() const { return m_kept.load(); }
    // What keeping every converting tensor would take, in F32 bytes.
    qint64 convertedBytes() const { return m_convertedBytes; }

private:
    std::unique_ptr<Checkpoint> m_source;
    qint64 m_budget = 0;
    qint64 m_convertedBytes = 0;
    mutable std::atomic<qint64> m_kept{0};
    mutable std::mutex m_mutex;                 // guards the choice of what to keep
    mutable std::unordered_set<QString> m_keptNames;
    mutable std::unordered_set<QString> m_refused;  // beyond the budget: converted on every read
};

}  // namespace headmap
