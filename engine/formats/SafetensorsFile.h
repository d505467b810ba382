#pragma once
// A .safetensors file (https://huggingface.co/docs/safetensors), memory-mapped and validated
// before any tensor data is touched: header length within the file and below a sane limit,
// JSON well formed, every tensor's dtype known, offsets inside the data area, byte length equal
// to product(shape) × dtype size, no two tensors overlapping. F32 tensors are used in place;
// F16 and BF16 tensors are converted to F32 by readFloats/readRows straight from the mapping into
// the caller's buffer (a layer at a time), or by floats() into a copy kept on first use.
//
// File layout: 8 bytes little-endian N, N bytes of JSON header
// {"name": {"dtype": "F32", "shape": [..], "data_offsets": [begin, end]}, "__metadata__": {..}},
// then the data area; offsets are relative to the start of the data area.

#include <memory>
#include <mutex>
#include <unordered_map>
#include <vector>

#include <QFile>
#include <QJsonObject>
#include <QString>
#include <QStringList>

namespace headmap {

enum class TensorDType { F64, F32, F16, BF16, I64, I32, I16, I8, U8, Bool, F8E4M3, F8E5M2 };

struct TensorInfo {
    QString name;
    TensorDType dtype = TensorDType::F32;
    QString dtypeName;          // as written in the file, e.g. "BF16"
    std::vector<qint64> shape;
    qint64 begin = 0;           // byte offsets relative to the data area
    qint64 end = 0;

    qint64 elementCount() const;
    QString shapeText() const;  // "[768, 768]"
};

class SafetensorsFile {
public:
    static constexpr qint64 kMaxHeaderBytes = 100ll * 1024 * 1024;

    // Throws ModelError naming the file and what is wrong (which tensor, expected vs found).
    explicit SafetensorsFile(const QString& path);
    ~SafetensorsFile();
    SafetensorsFile(const SafetensorsFile&) = delete;
    SafetensorsFile& operator=(const SafetensorsFile&) = delete;

    const QString& path() const { return m_path; }
    QStringList tensorNames() const;  // in file order
    const TensorInfo* info(const QString& name) const;  // nullptr when absent
    QJsonObject metadata() const { return m_metadata; }

    // The tensor as F32, row-major: the mapped bytes for F32, a copy converted on first use for
    // F16/BF16 (kept as long as the file). Throws ModelError for an absent tensor or a dtype
    // that is not a float type.
    const float* floats(const QString& name) const;

    // Whether some float tensor cannot be used in place (F16, BF16, or F32 the host cannot
    // read through a pointer into the mapping), so that floats() would make a copy of it.
    bool convertsOnRead() const { return m_convertsOnRead; }
    // Whether floats() would copy this tensor (false for an absent one).
    bool convertsTensor(const QString& name) const;
    // The tensor's F32 values, converted straight from the mapping into `out`
    // (info(name)->elementCount() floats); bit-identical to floats(). Throws as floats() does.
    void readFloats(const QString& name, float* out) const;
    // Rows [first, first + count) of the tensor seen as (shape[0], rest) into `out`;
    // throws ModelError for rows outside it.
    void readRows(const QString& name, qint64 first, qint64 count, float* out) const;
    // Bytes [first, first + count) of the tensor's data as stored, any dtype (MXFP4's U8
    // blocks); throws ModelError for an absent tensor or a range outside it.
    void readBytes(const QString& name, qint64 first, qint64 count, uchar* out) const;
    // The tensor's BF16 values where the mapping holds them (a BF16 tensor on a little-endian
    // host), for products that read them in place; null for any other tensor.
    const quint16* storedBf16(const QString& name) const;

private:
    const TensorInfo& requireFloat(const QString& name) const;  // throws for absent or non-float
    bool usedInPlace(const TensorInfo& tensor) const;
    void convert(const TensorInfo& tensor, qint64 firstElement, qint64 count, float* out) const;
    const uchar* tensorBytes(const TensorInfo& tensor) const;
    static void releasePages(const uchar* bytes, qint64 length);

    QString m_path;
    QFile m_file;
    const uchar* m_map = nullptr;
    qint64 m_mapSize = 0;
    qint64 m_dataStart = 0;
    std::vector<TensorInfo> m_tensors;
    std::unordered_map<QString, size_t> m_index;
    struct FreeDeleter {
        void operator()(float* p) const { std::free(p); }
    };
    using FloatBuffer = std::unique_ptr<float[], FreeDeleter>;
    mutable std::unordered_map<QString, FloatBuffer> m_converted;  // made on first use by floats()
    mutable std::mutex m_convertedMutex;
    bool m_convertsOnRead = false;
    QJsonObject m_metadata;
};

}  // namespace headmap
