#pragma once
// The weights of a model, by their Hugging Face tensor names, as F32. openFolder reads a model
// folder: model.safetensors, or the shards listed in model.safetensors.index.json
// ({"weight_map": {"tensor name": "model-00001-of-00002.safetensors"}}). Other containers
// (GGUF, engine/gguf/GgufCheckpoint.h) present their tensors under the same names, so every
// model class reads any of them.

#include <memory>
#include <unordered_map>
#include <vector>

#include "formats/SafetensorsFile.h"

namespace headmap {

class Checkpoint {
public:
    virtual ~Checkpoint() = default;

    // Throws ModelError when the folder has neither file, or a shard is missing or broken.
    static std::unique_ptr<Checkpoint> openFolder(const QString& folder);

    virtual QStringList tensorNames() const = 0;
    virtual const TensorInfo* info(const QString& name) const = 0;  // nullptr when absent
    // F32 values in row-major order of info(name)->shape, valid as long as the checkpoint lives
    // (as SafetensorsFile::floats); throws ModelError for an absent tensor.
    virtual const float* floats(const QString& name) const = 0;
    virtual QString fileOf(const QString& name) const = 0;  // file name holding the tensor, for messages
    // "model.safetensors", "model.safetensors.index.json (3 shards)", "model.gguf"
    virtual QString description() const = 0;

    // Whether floats() would convert (dequantise) into memory of its own rather than point
    // into the file. A model then reads each layer as it computes it, with readFloats into a
    // reused buffer, and never holds the whole model converted.
    virtual bool convertsOnRead() const { return false; }
    // Whether this tensor is among those (F32 in place beside BF16 ones is not).
    virtual bool tensorConvertsOnRead(const QString& name) const {
        Q_UNUSED(name);
        return convertsOnRead();
    }
    // A converted F32 copy of the tensor kept for the checkpoint's lifetime, when the model's
    // budget for converted weights allows one (formats/KeepingCheckpoint.h); null otherwise, and
    // the caller converts into a buffer of its own with readFloats / readRows.
    virtual const float* keptFloats(const QString& name) const {
        Q_UNUSED(name);
        return nullptr;
    }
    // The tensor's values as the file stores them when that is BF16, row-major, valid as long
    // as the checkpoint lives; null otherwise. BF16 to F32 is exact (the top half of the float's
    // bits), so a product that reads these gives the bits it would give on the F32 values, from
    // half the bytes (core/SkinnyProduct.h).
    virtual const quint16* storedBf16(const QString& name) const {
        Q_UNUSED(name);
        return nullptr;
    }
    // The tensor's F32 values, row-major, into `out` (info(name)->elementCount() floats).
    virtual void readFloats(const QString& name, float* out) const;
    // Rows [first, first + count) of a 2-D tensor into `out` (count × columns floats).
    virtual void readRows(const QString& name, qint64 first, qint64 count, float* out) const;
    // Bytes [first, first + count) of the tensor's stored data, whatever its dtype (MXFP4's U8
    // blocks and scales). Throws ModelError for a range outside it, or a container that keeps
    // no such bytes (the default).
    virtual void readBytes(const QString& name, qint64 first, qint64 count, uchar* out) const;
};

// model.safetensors or its shards. F32 is used in place (floats() points into the mapping); a
// checkpoint with F16 or BF16 tensors converts on read, so a model reads it a layer at a time.
class SafetensorsCheckpoint final : public Checkpoint {
public:
    explicit SafetensorsCheckpoint(QString folder) : m_folder(std::move(folder)) {}

    QStringList tensorNames() const override;
    const TensorInfo* info(const QString& name) const override;
    const float* floats(const QString& name) const override;
    QString fileOf(const QString& name) const override;
    QString description() const override { return m_description; }
    bool convertsOnRead() const override { return m_convertsOnRead; }
    bool tensorConvertsOnRead(const QString& name) const override;
    void readFloats(const QString& name, float* out) const override;
    void readRows(const QString& name, qint64 first, qint64 count, float* out) const override;
    void readBytes(const QString& name, qint64 first, qint64 count, uchar* out) const override;
    const quint16* storedBf16(const QString& name) const override;

    void addFile(std::unique_ptr<SafetensorsFile> file);  // refuses a tensor already in another file
    void setDescription(QString description) { m_description = std::move(description); }

private:
    const SafetensorsFile& fileHolding(const QString& name) const;  // throws for an absent tensor

    QString m_folder;
    std::vector<std::unique_ptr<SafetensorsFile>> m_files;
    std::unordered_map<QString, size_t> m_fileOfTensor;
    QString m_description;
    bool m_convertsOnRead = false;
};

}  // namespace headmap
