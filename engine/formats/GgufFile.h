#pragma once
// A GGUF file (llama.cpp, Ollama, LM Studio; spec: docs/gguf.md of ggml-org/ggml), versions 2
// and 3, memory-mapped and validated before any tensor data is touched: every read inside the
// file, sane limits on counts and lengths, known value and tensor types, `general.alignment` a
// power of two, tensor offsets aligned and inside the data section, byte sizes equal to
// elements / block size × block bytes, no two tensors overlapping, unique keys and names.
//
// Layout: "GGUF", u32 version, u64 tensor count, u64 key count, the key-value pairs, the tensor
// infos (name, n_dims, ne[0..n_dims), ggml type, offset), zero padding to the alignment, then
// the data section; tensor offsets are relative to its start. Everything is little-endian.
//
// Tensors are dequantised to F32 one at a time, on request: a model is converted a layer at a
// time and never held twice in memory.
//
//     GgufFile gguf(path);
//     const QString arch = gguf.metadata().string("general.architecture");
//     const quint64 layers = gguf.metadata().uint(arch + ".block_count");
//     std::vector<float> wq = gguf.floats("blk.0.attn_q.weight");  // ne[0] varies fastest

#include <unordered_map>
#include <vector>

#include <QFile>
#include <QString>
#include <QStringList>

#include "formats/GgmlQuants.h"
#include "formats/GgufMetadata.h"

namespace headmap {

struct GgufTensorInfo {
    QString name;
    quint32 typeId = 0;         // the number stored in the file
    GgmlType type = GgmlType::F32;
    QString typeName;           // "Q4_K"
    std::vector<qint64> dims;   // ggml order: dims[0] (ne[0]) varies fastest; 1 to 4 of them
    qint64 offset = 0;          // bytes from the start of the data section
    qint64 byteSize = 0;

    qint64 elementCount() const;
    // Row-major (PyTorch, safetensors) order: dims reversed, so a weight stored with
    // ne = [in, out] has shape [out, in].
    std::vector<qint64> shape() const;
    QString dimsText() const;   // "[64, 2]", in ggml order
};

class GgufFile {
public:
    // Limits far above any real model, far below what would exhaust memory.
    static constexpr qint64 kMaxTensors = 1 << 20;
    static constexpr qint64 kMaxKeys = 1 << 20;
    static constexpr qint64 kMaxStringBytes = 64ll << 20;  // one string value
    static constexpr qint64 kMaxKeyBytes = 65535;          // the spec's limit
    static constexpr qint64 kMaxTensorNameBytes = 1024;     // ggml itself stops at 63
    static constexpr qint64 kMaxArrayElements = 1ll << 30;
    static constexpr int kMaxArrayDepth = 8;               // arrays of arrays of ...
    static constexpr int kMaxDims = 4;                      // GGML_MAX_DIMS
    static constexpr quint32 kDefaultAlignment = 32;        // GGUF_DEFAULT_ALIGNMENT

    // Throws ModelError naming the file and what is wrong (which key or tensor, expected vs found).
    explicit GgufFile(const QString& path);
    ~GgufFile();
    GgufFile(const GgufFile&) = delete;
    GgufFile& operator=(const GgufFile&) = delete;

    const QString& path() const { return m_path; }
    quint32 version() const { return m_version; }
    quint32 alignment() const { return m_alignment; }
    qint64 dataStart() const { return m_dataStart; }  // file offset of the data section
    const GgufMetadata& metadata() const { return m_metadata; }

    QStringList tensorNames() const;  // in the order of the tensor infos
    const GgufTensorInfo* info(const QString& name) const;  // nullptr when absent
    qint64 tensorBytesTotal() const;  // the sum of every tensor's byte size

    // The tensor's bytes as stored (blocks of its type), inside the mapping.
    const uchar* rawBytes(const QString& name) const;

    // Converts one tensor to F32 into `out`, which holds info(name)->elementCount() floats,
    // in ggml order. Throws ModelError for an absent tensor or a type Headmap cannot dequantise.
    void dequantize(const QString& name, float* out) const;
    std::vector<float> floats(const QString& name) const;

private:
    const GgufTensorInfo& require(const QString& name) const;
    const GgufTensorInfo& requireDequantizable(const QString& name) const;

    QString m_path;
    QFile m_file;
    const uchar* m_map = nullptr;
    qint64 m_mapSize = 0;
    quint32 m_version = 0;
    quint32 m_alignment = kDefaultAlignment;
    qint64 m_dataStart = 0;
    GgufMetadata m_metadata;
    std::vector<GgufTensorInfo> m_tensors;
    std::unordered_map<QString, size_t> m_index;
};

}  // namespace headmap
