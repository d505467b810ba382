#pragma once
// Builds .safetensors files byte by byte for the tests, so every abuse case is spelled out in the
// test that uses it: a well-formed file from a list of tensors, or raw header text and data with
// any length field at all.

#include <initializer_list>

#include <QByteArray>
#include <QList>
#include <QString>

namespace fixture {

struct TensorSpec {
    QByteArray name;
    QByteArray dtype;     // written as is, so unknown dtypes can be written too
    QList<qint64> shape;
    QByteArray bytes;     // the tensor's data, little-endian
};

// A well-formed file: tensors laid out in order, the header padded with spaces so the data area
// starts on an 8-byte boundary (as the Python writer does), then `extraSpaces` more spaces, which
// a test uses to misalign the data. `metadataJson` is the "__metadata__" object's text, if any.
QByteArray safetensors(const QList<TensorSpec>& tensors, const QByteArray& metadataJson = {},
                       int extraSpaces = 0);

// The header JSON safetensors() would write, for tests that edit it before wrapping it.
QByteArray headerJson(const QList<TensorSpec>& tensors, const QByteArray& metadataJson = {});

// 8-byte little-endian length, header, data. `claimedLength` replaces the true header length.
QByteArray rawFile(const QByteArray& header, const QByteArray& data = {}, qint64 claimedLength = -1);
QByteArray lengthField(quint64 length);

QByteArray f32Bytes(std::initializer_list<float> values);
QByteArray u16Bytes(const QList<quint16>& values);  // F16 or BF16 bit patterns
QByteArray zeros(qsizetype count);

}  // namespace fixture
