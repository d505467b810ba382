#include "GgufBytes.h"

#include <cstring>

#include <QtEndian>

namespace fixture {

QByteArray le32(quint32 value) {
    QByteArray bytes(4, '\0');
    qToLittleEndian(value, bytes.data());
    return bytes;
}

QByteArray le64(quint64 value) {
    QByteArray bytes(8, '\0');
    qToLittleEndian(value, bytes.data());
    return bytes;
}

QByteArray ggufString(const QByteArray& text) {
    return le64(quint64(text.size())) + text;
}

QByteArray ggufKv(const QByteArray& key, quint32 type, const QByteArray& value) {
    return ggufString(key) + le32(type) + value;
}

QByteArray ggufStringKv(const QByteArray& key, const QByteArray& text) {
    return ggufKv(key, 8, ggufString(text));
}

QByteArray ggufU32Kv(const QByteArray& key, quint32 value) {
    return ggufKv(key, 4, le32(value));
}

QByteArray ggufArray(quint32 elementType, quint64 count, const QByteArray& elements) {
    return le32(elementType) + le64(count) + elements;
}

QByteArray ggufTensorInfo(const QByteArray& name, const std::vector<quint64>& dims, quint32 type, quint64 offset) {
    QByteArray bytes = ggufString(name) + le32(quint32(dims.size()));
    for (const quint64 dim : dims)
        bytes += le64(dim);
    return bytes + le32(type) + le64(offset);
}

QByteArray gguf(const GgufParts& parts) {
    QByteArray bytes = "GGUF" + le32(parts.version);
    bytes += le64(quint64(parts.tensorCount >= 0 ? parts.tensorCount : parts.tensorInfos.size()));
    bytes += le64(quint64(parts.kvCount >= 0 ? parts.kvCount : parts.kvs.size()));
    for (const QByteArray& kv : parts.kvs)
        bytes += kv;
    for (const QByteArray& info : parts.tensorInfos)
        bytes += info;
    if (!parts.tensorInfos.isEmpty())
        bytes += QByteArray((parts.alignment - bytes.size() % parts.alignment) % parts.alignment, '\0');
    return bytes + parts.data;
}

GgufParts validGgufParts() {
    GgufParts parts;
    parts.kvs << ggufStringKv("general.architecture", "llama");
    parts.tensorInfos << ggufTensorInfo("a", {8}, 0, 0) << ggufTensorInfo("b", {32}, 8, 32);
    // 'a': 8 floats 1..8; 'b': one Q8_0 block, d = 0.5 (F16 0x3800), quants 0..31.
    for (int i = 1; i <= 8; ++i) {
        const float value = float(i);
        quint32 bits;
        std::memcpy(&bits, &value, sizeof bits);
        parts.data += le32(bits);
    }
    parts.data += QByteArray::fromHex("0038");
    for (int i = 0; i < 32; ++i)
        parts.data += char(i);
    return parts;
}

}  // namespace fixture
