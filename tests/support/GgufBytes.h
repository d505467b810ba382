#pragma once
// Builds GGUF files byte by byte for the tests, so every malformed file is spelled out in the
// row that uses it: the header fields, key-value pairs and tensor infos are written exactly as
// given, whatever they claim, and the data section is padded the way the format asks.

#include <vector>

#include <QByteArray>
#include <QList>

namespace fixture {

QByteArray le32(quint32 value);
QByteArray le64(quint64 value);
QByteArray ggufString(const QByteArray& text);  // u64 length, then the bytes

// One key-value pair: the key, the u32 value type, then `value` as already encoded.
QByteArray ggufKv(const QByteArray& key, quint32 type, const QByteArray& value);
QByteArray ggufStringKv(const QByteArray& key, const QByteArray& text);
QByteArray ggufU32Kv(const QByteArray& key, quint32 value);

// An array value (element type, u64 count, elements), without the ARRAY type in front.
QByteArray ggufArray(quint32 elementType, quint64 count, const QByteArray& elements);

// One tensor info: name, n_dims, dims, ggml type, offset.
QByteArray ggufTensorInfo(const QByteArray& name, const std::vector<quint64>& dims, quint32 type, quint64 offset);

struct GgufParts {
    quint32 version = 3;
    QList<QByteArray> kvs;          // from ggufKv()
    QList<QByteArray> tensorInfos;  // from ggufTensorInfo()
    QByteArray data;                // the data section
    quint32 alignment = 32;         // where the data section starts; written only through kvs
    qint64 tensorCount = -1;        // -1: the number of tensorInfos
    qint64 kvCount = -1;            // -1: the number of kvs
};

// "GGUF", version, counts, kvs, tensor infos, zero padding to the alignment, data.
QByteArray gguf(const GgufParts& parts);

// A valid file: tensor 'a' F32 [8] at offset 0 and 'b' Q8_0 [32] at offset 32, with
// general.architecture = "llama". Tests change one part of it.
GgufParts validGgufParts();

}  // namespace fixture
