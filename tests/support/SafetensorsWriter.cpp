#include "SafetensorsWriter.h"

#include <cstring>

#include <QtEndian>

namespace fixture {

QByteArray headerJson(const QList<TensorSpec>& tensors, const QByteArray& metadataJson) {
    QByteArrayList entries;
    if (!metadataJson.isEmpty())
        entries << "\"__metadata__\":" + metadataJson;
    qint64 offset = 0;
    for (const TensorSpec& tensor : tensors) {
        QByteArrayList dims;
        for (const qint64 dim : tensor.shape)
            dims << QByteArray::number(dim);
        const qint64 end = offset + tensor.bytes.size();
        entries << "\"" + tensor.name + "\":{\"dtype\":\"" + tensor.dtype + "\",\"shape\":[" +
                       dims.join(',') + "],\"data_offsets\":[" + QByteArray::number(offset) + "," +
                       QByteArray::number(end) + "]}";
        offset = end;
    }
    return "{" + entries.join(',') + "}";
}

QByteArray safetensors(const QList<TensorSpec>& tensors, const QByteArray& metadataJson, int extraSpaces) {
    QByteArray header = headerJson(tensors, metadataJson);
    while ((8 + header.size()) % 8 != 0)
        header += ' ';
    header += QByteArray(extraSpaces, ' ');
    QByteArray data;
    for (const TensorSpec& tensor : tensors)
        data += tensor.bytes;
    return rawFile(header, data);
}

QByteArray lengthField(quint64 length) {
    QByteArray field(8, '\0');
    qToLittleEndian<quint64>(length, field.data());
    return field;
}

QByteArray rawFile(const QByteArray& header, const QByteArray& data, qint64 claimedLength) {
    return lengthField(claimedLength < 0 ? quint64(header.size()) : quint64(claimedLength)) + header + data;
}

QByteArray f32Bytes(std::initializer_list<float> values) {
    QByteArray bytes;
    for (const float value : values) {
        quint32 bits;
        std::memcpy(&bits, &value, sizeof bits);
        char le[4];
        qToLittleEndian<quint32>(bits, le);
        bytes.append(le, 4);
    }
    return bytes;
}

QByteArray u16Bytes(const QList<quint16>& values) {
    QByteArray bytes;
    for (const quint16 value : values) {
        char le[2];
        qToLittleEndian<quint16>(value, le);
        bytes.append(le, 2);
    }
    return bytes;
}

QByteArray zeros(qsizetype count) {
    return QByteArray(count, '\0');
}

}  // namespace fixture
