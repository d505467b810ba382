#include "gguf/GgufCheckpoint.h"

#include <QCoreApplication>
#include <QFileInfo>

#include "core/HeadmapError.h"
#include "formats/SafetensorsHeader.h"

namespace headmap {
namespace {

using Transform = GgufTensorMapping::Transform;

QString dimsText(const std::vector<qint64>& dims) {
    QStringList parts;
    for (qint64 d : dims)
        parts << QString::number(d);
    return QLatin1Char('[') + parts.join(QStringLiteral(", ")) + QLatin1Char(']');
}

// ggml lists dims fastest first: a row-major [out, in] weight has ne = [in, out].
std::vector<qint64> ggmlDims(const std::vector<qint64>& shape) {
    return std::vector<qint64>(shape.rbegin(), shape.rend());
}

// Inverse of LlamaModel.permute: per head, GGUF row h·Dh + 2i + j holds HF row h·Dh + j·Dh/2 + i
// (the converter's reshape(n_head, 2, Dh/2, ...).swapaxes(1, 2)).
std::vector<float> unpermuteRows(const std::vector<float>& gguf, qint64 rows, qint64 columns, int heads) {
    std::vector<float> hf(gguf.size());
    const qint64 dh = rows / heads;
    const qint64 half = dh / 2;
    for (qint64 h = 0; h < heads; ++h)
        for (qint64 i = 0; i < half; ++i)
            for (qint64 j = 0; j < 2; ++j) {
                const qint64 from = h * dh + 2 * i + j;
                const qint64 to = h * dh + j * half + i;
                std::copy_n(gguf.data() + from * columns, columns, hf.data() + to * columns);
            }
    return hf;
}

// Inverse of GPTNeoXModel.modify_tensors: GGUF rows [Q; K; V] (each H·Dh) back to per-head
// [q_h; k_h; v_h].
std::vector<float> ungroupQkv(const std::vector<float>& gguf, qint64 rows, qint64 columns, int heads) {
    std::vector<float> hf(gguf.size());
    const qint64 part = rows / 3;
    const qint64 dh = part / heads;
    for (qint64 p = 0; p < 3; ++p)
        for (qint64 h = 0; h < heads; ++h)
            for (qint64 r = 0; r < dh; ++r) {
                const qint64 from = p * part + h * dh + r;
                const qint64 to = h * 3 * dh + p * dh + r;
                std::copy_n(gguf.data() + from * columns, columns, hf.data() + to * columns);
            }
    return hf;
}

// ggml pads dims with ones (ne[2] = ne[3] = 1), and llama.cpp's create_tensor compares them so:
// Qwen2-MoE's shared-expert gate (1, D) is [D, 1] in a file and {n_embd} to llama.cpp.
std::vector<qint64> withoutTrailingOnes(std::vector<qint64> dims) {
    while (dims.size() > 1 && dims.back() == 1)
        dims.pop_back();
    return dims;
}

// The transforms that read a stacked tensor one expert at a time.
bool perExpert(Transform transform) {
    return transform == Transform::ExpertSlice || transform == Transform::InterleaveGateUp ||
           transform == Transform::TransposeExperts;
}

// Expert `expert` of a stacked GGUF tensor (E, ...), dequantised: every expert is whole rows,
// so whole blocks, at expert · byteSize / E.
std::vector<float> storedExpert(const GgufFile& file, const QString& name, qint64 experts, int expert) {
    const GgufTensorInfo* tensor = file.info(name);
    const qint64 values = tensor->elementCount() / experts;
    std::vector<float> out(static_cast<size_t>(values));
    dequantizeRow(tensor->type, file.rawBytes(name) + expert * (tensor->byteSize / experts), out.data(), values);
    return out;
}

}  // namespace

// One expert of a gpt-oss tensor in the Hub's layout (GgufExperts.h), into `out`.
void GgufCheckpoint::readExpertBlock(const GgufTensorMapping& m, int expert, float* out) const {
    const qint64 e = m.storedShape[0];
    const std::vector<float> first = storedExpert(*m_file, m.ggufName, e, expert);
    if (m.transform == Transform::TransposeExperts) {  // (rows, columns) from (columns, rows)
        const qint64 rows = m.shape[1];
        const qint64 columns = m.shape[2];
        for (qint64 r = 0; r < rows; ++r)
            for (qint64 k = 0; k < columns; ++k)
                out[r * columns + k] = first[size_t(k * rows + r)];
        return;
    }
    const std::vector<float> second = storedExpert(*m_file, m.ggufSecond, e, expert);
    if (m.shape.size() == 2) {  // biases: gate, up, gate, up, ... (2F)
        for (size_t j = 0; j < first.size(); ++j) {
            out[2 * j] = first[j];
            out[2 * j + 1] = second[j];
        }
        return;
    }
    // (D, 2F) from gate (F, D) and up (F, D): column 2j is gate row j, column 2j + 1 up row j.
    const qint64 d = m.shape[1];
    const qint64 f = m.shape[2] / 2;
    for (qint64 i = 0; i < d; ++i)
        for (qint64 j = 0; j < f; ++j) {
            out[i * 2 * f + 2 * j] = first[size_t(j * d + i)];
            out[i * 2 * f + 2 * j + 1] = second[size_t(j * d + i)];
        }
}

// Present, the expected dims (the experts' count included), a type Headmap can dequantise.
void GgufCheckpoint::checkTensor(const GgufFile& gguf, const QString& name, const std::vector<qint64>& expected,
                                 const QString& modelType) {
    const GgufTensorInfo* tensor = gguf.info(name);
    if (!tensor)
        throwGgufError(gguf.path(), QCoreApplication::translate("Engine", "has no tensor %1 (expected dims %2 "
                                                                          "for %3)")
                                        .arg(quotedName(name), dimsText(expected), modelType));
    if (withoutTrailingOnes(tensor->dims) != withoutTrailingOnes(expected))
        throwGgufError(gguf.path(), QCoreApplication::translate("Engine", "tensor %1 has dims %2, expected %3 "
                                                                          "(from the metadata)")
                                        .arg(quotedName(name), tensor->dimsText(), dimsText(expected)));
    const GgmlTypeTraits* traits = ggmlTypeTraits(tensor->typeId);
    if (!traits || !traits->dequantizable)
        throwGgufError(gguf.path(), QCoreApplication::translate("Engine", "tensor %1 has type %2, which Headmap "
                                                                          "cannot dequantise (it reads %3)")
                                        .arg(quotedName(name), tensor->typeName, dequantizableTypeNames()));
}

GgufCheckpoint::GgufCheckpoint(std::shared_ptr<const GgufFile> file, const DecoderConfig& config)
    : GgufCheckpoint(std::move(file), ggufTensorMappings(config), config.modelType) {}

GgufCheckpoint::GgufCheckpoint(std::shared_ptr<const GgufFile> file, std::vector<GgufTensorMapping> mappings,
                               const QString& modelType)
    : m_file(std::move(file)) {
    const GgufFile& gguf = *m_file;
    for (GgufTensorMapping& mapping : mappings) {
        const std::vector<qint64> expected = ggmlDims(mapping.storedShape.empty() ? mapping.shape : mapping.storedShape);
        const QStringList stored = mapping.ggufSecond.isEmpty() ? QStringList{mapping.ggufName}
                                                                : QStringList{mapping.ggufName, mapping.ggufSecond};
        for (const QString& name : stored)
            checkTensor(gguf, name, expected, modelType);
        if ((mapping.transform == Transform::UnpermuteRows && mapping.shape[0] % (2 * mapping.groups) != 0) ||
            (mapping.transform == Transform::UngroupQkv && mapping.shape[0] % (3 * mapping.groups) != 0))
            throwGgufError(gguf.path(), QCoreApplication::translate("Engine", "tensor %1 does not split into its heads")
                                            .arg(quotedName(mapping.ggufName)));
        Entry entry;
        entry.info.name = mapping.hfName;
        entry.info.dtype = TensorDType::F32;
        entry.info.dtypeName = gguf.info(mapping.ggufName)->typeName;
        entry.info.shape = mapping.shape;
        m_names << mapping.hfName;
        const QString name = mapping.hfName;
        entry.mapping = std::move(mapping);
        m_entries.emplace(name, std::move(entry));
    }
}

QStringList GgufCheckpoint::tensorNames() const {
    return m_names;
}

const TensorInfo* GgufCheckpoint::info(const QString& name) const {
    const auto it = m_entries.find(name);
    return it == m_entries.end() ? nullptr : &it->second.info;
}

GgufCheckpoint::Entry& GgufCheckpoint::require(const QString& name) const {
    const auto it = m_entries.find(name);
    if (it == m_entries.end())
        throwGgufError(m_file->path(), QCoreApplication::translate("Engine", "has no tensor that Headmap reads as %1")
                                           .arg(quotedName(name)));
    return it->second;
}

void GgufCheckpoint::readFloats(const QString& name, float* out) const {
    const GgufTensorMapping& mapping = require(name).mapping;
    const qint64 count = require(name).info.elementCount();
    if (perExpert(mapping.transform)) {  // every row of the slice, or every expert
        readRows(name, 0, mapping.shape[0], out);
        return;
    }
    m_file->dequantize(mapping.ggufName, out);  // ggml order is row-major [out, in]
    const qint64 rows = mapping.shape[0];
    const qint64 columns = mapping.shape.size() > 1 ? mapping.shape[1] : 1;
    switch (mapping.transform) {
    case Transform::None:
    case Transform::ExpertSlice:  // read above
    case Transform::InterleaveGateUp:
    case Transform::TransposeExperts:
        return;
    case Transform::MinusOne:
        for (qint64 i = 0; i < count; ++i)
            out[i] -= 1.0f;
        return;
    case Transform::UnpermuteRows:
    case Transform::UngroupQkv: {
        const std::vector<float> stored(out, out + count);
        const std::vector<float> hf = mapping.transform == Transform::UnpermuteRows
                                          ? unpermuteRows(stored, rows, columns, mapping.groups)
                                          : ungroupQkv(stored, rows, columns, mapping.groups);
        std::copy(hf.begin(), hf.end(), out);
        return;
    }
    }
}

void GgufCheckpoint::readRows(const QString& name, qint64 first, qint64 count, float* out) const {
    const Entry& entry = require(name);
    const GgufTensorMapping& mapping = entry.mapping;
    const qint64 rows = mapping.shape[0];
    if (first < 0 || count < 0 || first + count > rows)
        throwGgufError(m_file->path(), QCoreApplication::translate("Engine", "rows %1 + %2 are outside tensor %3")
                                           .arg(QString::number(first), QString::number(count),
                                                quotedName(mapping.ggufName)));
    if (mapping.transform == Transform::InterleaveGateUp || mapping.transform == Transform::TransposeExperts) {
        const qint64 perExpert = entry.info.elementCount() / rows;  // rows are experts here
        for (qint64 e = first; e < first + count; ++e)
            readExpertBlock(mapping, int(e), out + (e - first) * perExpert);
        return;
    }
    if (mapping.transform == Transform::ExpertSlice) {  // rows of expert `expert` of (E, rows, columns)
        const GgufTensorInfo* tensor = m_file->info(mapping.ggufName);
        const qint64 rowBytes = tensor->byteSize / (mapping.storedShape[0] * rows);
        dequantizeRow(tensor->type, m_file->rawBytes(mapping.ggufName) + (mapping.expert * rows + first) * rowBytes,
                      out, count * mapping.shape[1]);
        return;
    }
    if (entry.mapping.shape.size() != 2)
        throwGgufError(m_file->path(), QCoreApplication::translate("Engine", "rows %1 + %2 are outside tensor %3")
                                           .arg(QString::number(first), QString::number(count),
                                                quotedName(entry.mapping.ggufName)));
    if (entry.mapping.transform != Transform::None) {  // rows move: convert the whole tensor
        std::vector<float> all(size_t(entry.info.elementCount()));
        readFloats(name, all.data());
        const qint64 columns = entry.mapping.shape[1];
        std::copy_n(all.data() + first * columns, count * columns, out);
        return;
    }
    // Every row is whole blocks (the GGUF reader checked ne[0]), so row r starts at r · rowBytes.
    const GgufTensorInfo* tensor = m_file->info(entry.mapping.ggufName);
    const qint64 rowBytes = tensor->byteSize / rows;
    dequantizeRow(tensor->type, m_file->rawBytes(entry.mapping.ggufName) + first * rowBytes, out,
                  count * entry.mapping.shape[1]);
}

const float* GgufCheckpoint::floats(const QString& name) const {
    Entry& entry = require(name);
    const std::lock_guard<std::mutex> lock(m_mutex);
    if (!entry.values) {
        auto values = std::make_unique<std::vector<float>>(size_t(entry.info.elementCount()));
        readFloats(name, values->data());
        entry.values = std::move(values);
    }
    return entry.values->data();
}

QString GgufCheckpoint::fileOf(const QString& name) const {
    const QString gguf = ggufNameOf(name);
    const QString file = QFileInfo(m_file->path()).fileName();
    return gguf.isEmpty() ? file : file + QStringLiteral(" (") + gguf + QLatin1Char(')');
}

QString GgufCheckpoint::description() const {
    return QFileInfo(m_file->path()).fileName();
}

QString GgufCheckpoint::ggufNameOf(const QString& name) const {
    const auto it = m_entries.find(name);
    return it == m_entries.end() ? QString() : it->second.mapping.ggufName;
}

}  // namespace headmap
