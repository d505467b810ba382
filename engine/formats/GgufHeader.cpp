#include "formats/GgufHeader.h"

#include <algorithm>
#include <cstring>
#include <limits>
#include <unordered_map>

#include <QCoreApplication>
#include <QtEndian>

#include "formats/HalfFloat.h"
#include "formats/SafetensorsHeader.h"  // quotedName, checkedElementCount

namespace headmap {
namespace {


// The fewest bytes one entry can take, used to refuse counts the rest of the file cannot hold
// before anything is allocated for them. A tensor info: name length, a 1-byte name, n_dims,
// one dimension, type, offset. A key-value pair: key length, a 1-byte key, type, a 1-byte value.
constexpr qint64 kMinTensorInfoBytes = 8 + 1 + 4 + 8 + 4 + 8;
constexpr qint64 kMinKeyValueBytes = 8 + 1 + 4 + 1;

qint64 minValueBytes(GgufValueType type) {
    switch (type) {
    case GgufValueType::UInt8:
    case GgufValueType::Int8:
    case GgufValueType::Bool: return 1;
    case GgufValueType::UInt16:
    case GgufValueType::Int16: return 2;
    case GgufValueType::UInt32:
    case GgufValueType::Int32:
    case GgufValueType::Float32: return 4;
    case GgufValueType::UInt64:
    case GgufValueType::Int64:
    case GgufValueType::Float64:
    case GgufValueType::String: return 8;   // the length
    case GgufValueType::Array: return 12;   // element type and count
    }
    return 1;
}

QString rangeText(const GgufTensorInfo& tensor) {
    return QStringLiteral("[%1, %2)").arg(tensor.offset).arg(tensor.offset + tensor.byteSize);
}

// Reads the header front to back. Every read goes through need(), which throws when the bytes
// are not there; `m_subject` names what is being read for that message.
class HeaderReader {
public:
    HeaderReader(const QString& path, const uchar* bytes, qint64 size)
        : m_path(path), m_bytes(bytes), m_size(size) {}

    GgufHeader read() {
        GgufHeader header;
        header.metadata = GgufMetadata(m_path);
        readPreamble(&header);
        const qint64 tensorCount = readCount("the tensor count", GgufFile::kMaxTensors, kMinTensorInfoBytes);
        const qint64 keyCount = readCount("the metadata key count", GgufFile::kMaxKeys, kMinKeyValueBytes);
        for (qint64 i = 0; i < keyCount; ++i)
            readKeyValue(i, &header.metadata);
        header.alignment = readAlignment(header.metadata);
        std::unordered_map<QString, qint64> names;
        for (qint64 i = 0; i < tensorCount; ++i) {
            header.tensors.push_back(readTensorInfo(i, header.alignment));
            const auto [it, inserted] = names.emplace(header.tensors.back().name, i);
            if (!inserted)
                failAbout(QCoreApplication::translate("Engine", "tensor %1").arg(quotedName(it->first)),
                          QCoreApplication::translate("Engine", "appears twice (tensor infos #%1 and #%2)")
                              .arg(it->second).arg(i));
        }
        // ggml pads to the alignment only when there is tensor data to align.
        header.dataStart = tensorCount == 0 ? m_pos : (m_pos + header.alignment - 1) / header.alignment * header.alignment;
        checkPlacement(header);
        return header;
    }

private:
    [[noreturn]] void fail(const QString& detail) const { throwGgufError(m_path, detail); }

    // Names and keys are file contents: they are joined to the message, never passed to arg()
    // before other arguments, where a name holding "%1" would be substituted in its turn.
    [[noreturn]] void failAbout(const QString& subject, const QString& detail) const {
        fail(QCoreApplication::translate("Engine", "%1 %2").arg(subject, detail));
    }

    // What is being read, for messages: "metadata key 'k' element 7". The element index is kept
    // as a number: a tokenizer array has 150,000 elements, and no message is usually needed.
    QString where() const {
        return m_element < 0 ? m_subject
                             : QCoreApplication::translate("Engine", "%1 element %2")
                                   .arg(m_subject, QString::number(m_element));
    }

    // The file ends before what it says comes next, and needs at least `atLeast` bytes: a
    // download cut short, as far as anyone can tell from the bytes that are there.
    [[noreturn]] void failIncomplete(qint64 atLeast, const QString& detail) const {
        throwIncompleteGguf(m_path, m_size, atLeast, detail);
    }

    void need(qint64 count, const char* field) {
        if (count <= m_size - m_pos)
            return;
        // No overflow: count is at most a string's limit, m_pos at most the file size.
        if (m_subject.isEmpty())
            failIncomplete(m_pos + count,
                           QCoreApplication::translate("Engine", "%1 needs %2 bytes at offset %3, but the file "
                                                                 "has %4 bytes")
                               .arg(QLatin1String(field)).arg(count).arg(m_pos).arg(m_size));
        failIncomplete(m_pos + count,
                       QCoreApplication::translate("Engine", "%1: %2 needs %3 bytes at offset %4, but the file "
                                                             "has %5 bytes")
                           .arg(where(), QLatin1String(field), QString::number(count), QString::number(m_pos),
                                QString::number(m_size)));
    }

    template <typename T>
    T readNumber(const char* field) {
        need(sizeof(T), field);
        const T value = qFromLittleEndian<T>(m_bytes + m_pos);
        m_pos += sizeof(T);
        return value;
    }

    QByteArray readString(const char* field, qint64 maxBytes, const char* what) {
        const quint64 length = readNumber<quint64>(field);
        if (length > quint64(maxBytes))
            fail(QCoreApplication::translate("Engine", "%1: %2 of %3 bytes is more than the %4 allowed")
                     .arg(where(), QLatin1String(what), QString::number(length), QString::number(maxBytes)));
        need(qint64(length), what);
        const QByteArray bytes(reinterpret_cast<const char*>(m_bytes + m_pos), qsizetype(length));
        m_pos += qint64(length);
        return bytes;
    }

    void readPreamble(GgufHeader* header) {
        need(4, "the magic");
        if (std::memcmp(m_bytes, "GGUF", 4) != 0)
            fail(QCoreApplication::translate("Engine", "is not a GGUF file: it starts with bytes "
                                                       "%1 (expected 47 47 55 46, \"GGUF\")")
                     .arg(QString::fromLatin1(QByteArray(reinterpret_cast<const char*>(m_bytes), 4).toHex(' '))));
        m_pos = 4;
        const quint32 version = readNumber<quint32>("the version");
        if (version == 1)
            fail(QCoreApplication::translate("Engine", "is GGUF version 1, the 2023 format with 32-bit lengths, which "
                                                       "Headmap does not read (expected version 2 or 3); convert the "
                                                       "model again with a current llama.cpp"));
        if (qbswap(version) == 2 || qbswap(version) == 3)
            fail(QCoreApplication::translate("Engine", "is a big-endian GGUF file (version %1 byte-swapped); Headmap "
                                                       "reads little-endian files only").arg(qbswap(version)));
        if (version != 2 && version != 3)
            fail(QCoreApplication::translate("Engine", "has GGUF version %1; Headmap reads versions 2 and 3")
                     .arg(version));
        header->version = version;
    }

    qint64 readCount(const char* field, qint64 limit, qint64 minEntryBytes) {
        const quint64 count = readNumber<quint64>(field);
        if (count > quint64(limit))
            fail(QCoreApplication::translate("Engine", "%1 is %2, more than the %3 allowed")
                     .arg(QLatin1String(field)).arg(count).arg(limit));
        if (qint64(count) > (m_size - m_pos) / minEntryBytes)
            failIncomplete(m_pos + qint64(count) * minEntryBytes,  // count is at most 2^20 here
                           QCoreApplication::translate("Engine", "%1 is %2, more than the file can hold: each entry "
                                                                 "takes at least %3 bytes and %4 bytes remain after "
                                                                 "offset %5")
                               .arg(QLatin1String(field)).arg(count).arg(minEntryBytes).arg(m_size - m_pos).arg(m_pos));
        return qint64(count);
    }

    void readKeyValue(qint64 index, GgufMetadata* metadata) {
        m_subject = QCoreApplication::translate("Engine", "metadata key #%1").arg(index);
        const QByteArray keyBytes = readString("the key length", GgufFile::kMaxKeyBytes, "a key");
        if (keyBytes.isEmpty())
            fail(QCoreApplication::translate("Engine", "metadata key #%1 has an empty name").arg(index));
        const QString key = QString::fromUtf8(keyBytes);
        m_subject = QCoreApplication::translate("Engine", "metadata key %1").arg(quotedName(key));
        if (metadata->contains(key))
            failAbout(m_subject, QCoreApplication::translate("Engine", "appears twice (the second time as key #%1)")
                                     .arg(index));
        const quint32 type = readNumber<quint32>("the value type");
        metadata->insert(key, readValue(type, 0));
    }

    GgufValue readValue(quint32 typeId, int depth) {
        if (typeId >= kGgufValueTypeCount)
            failAbout(where(), QCoreApplication::translate("Engine", "has unknown value type %1 (expected 0 to 12)")
                                   .arg(typeId));
        switch (GgufValueType(typeId)) {
        case GgufValueType::UInt8: return GgufValue::fromUnsigned(GgufValueType::UInt8, readNumber<quint8>("the value"));
        case GgufValueType::Int8: return GgufValue::fromSigned(GgufValueType::Int8, readNumber<qint8>("the value"));
        case GgufValueType::UInt16: return GgufValue::fromUnsigned(GgufValueType::UInt16, readNumber<quint16>("the value"));
        case GgufValueType::Int16: return GgufValue::fromSigned(GgufValueType::Int16, readNumber<qint16>("the value"));
        case GgufValueType::UInt32: return GgufValue::fromUnsigned(GgufValueType::UInt32, readNumber<quint32>("the value"));
        case GgufValueType::Int32: return GgufValue::fromSigned(GgufValueType::Int32, readNumber<qint32>("the value"));
        case GgufValueType::UInt64: return GgufValue::fromUnsigned(GgufValueType::UInt64, readNumber<quint64>("the value"));
        case GgufValueType::Int64: return GgufValue::fromSigned(GgufValueType::Int64, readNumber<qint64>("the value"));
        case GgufValueType::Float32:
            return GgufValue::fromFloat(GgufValueType::Float32, floatFromBits(readNumber<quint32>("the value")));
        case GgufValueType::Float64: {
            const quint64 bits = readNumber<quint64>("the value");
            double value;
            std::memcpy(&value, &bits, sizeof value);
            return GgufValue::fromFloat(GgufValueType::Float64, value);
        }
        case GgufValueType::Bool: {
            const quint8 byte = readNumber<quint8>("the value");
            if (byte > 1)
                failAbout(where(), QCoreApplication::translate("Engine", "is a BOOL stored as byte %1; expected 0 or 1")
                                       .arg(byte));
            return GgufValue::fromBool(byte == 1);
        }
        case GgufValueType::String:
            return GgufValue::fromString(readString("the string length", GgufFile::kMaxStringBytes, "a string"));
        case GgufValueType::Array: return readArray(depth);
        }
        Q_UNREACHABLE();
    }

    GgufValue readArray(int depth) {
        if (depth >= GgufFile::kMaxArrayDepth)
            failAbout(where(), QCoreApplication::translate("Engine", "nests arrays more than %1 deep")
                                   .arg(GgufFile::kMaxArrayDepth));
        const quint32 elementType = readNumber<quint32>("the array element type");
        if (elementType >= kGgufValueTypeCount)
            failAbout(where(), QCoreApplication::translate("Engine",
                                                           "is an array of unknown value type %1 (expected 0 to 12)")
                                   .arg(elementType));
        const quint64 count = readNumber<quint64>("the array length");
        const qint64 elementBytes = minValueBytes(GgufValueType(elementType));
        if (count > quint64(GgufFile::kMaxArrayElements))
            failAbout(where(), QCoreApplication::translate("Engine",
                                                           "is an array of %1 elements, more than the %2 allowed")
                                   .arg(count).arg(GgufFile::kMaxArrayElements));
        if (qint64(count) > (m_size - m_pos) / elementBytes)  // count is at most 2^30 here
            failIncomplete(m_pos + qint64(count) * elementBytes,
                           QCoreApplication::translate("Engine", "%1 %2")
                               .arg(where(), QCoreApplication::translate("Engine", "is an array of %1 %2 elements, "
                                                                                  "which needs at least %3 bytes, but "
                                                                                  "only %4 remain after offset %5")
                                                 .arg(count).arg(ggufValueTypeName(elementType))
                                                 .arg(qint64(count) * elementBytes).arg(m_size - m_pos).arg(m_pos)));
        std::vector<GgufValue> elements;
        elements.reserve(size_t(count));
        // Arrays of arrays (rare) name the path "element 2 element 5" in the subject itself.
        const QString outerSubject = m_subject;
        const qint64 outerElement = m_element;
        if (m_element >= 0)
            m_subject = where();
        for (quint64 i = 0; i < count; ++i) {
            m_element = qint64(i);
            elements.push_back(readValue(elementType, depth + 1));
        }
        m_subject = outerSubject;
        m_element = outerElement;
        return GgufValue::fromArray(GgufValueType(elementType), std::move(elements));
    }

    quint32 readAlignment(const GgufMetadata& metadata) const {
        const QString key = QStringLiteral("general.alignment");
        const GgufValue* value = metadata.find(key);
        if (!value)
            return GgufFile::kDefaultAlignment;
        // ggml writes and reads it as UINT32 only.
        if (value->type() != GgufValueType::UInt32)
            fail(QCoreApplication::translate("Engine", "metadata key 'general.alignment' is %1; expected a UINT32")
                     .arg(value->typeText()));
        const quint64 alignment = value->unsignedValue();
        if (alignment == 0 || (alignment & (alignment - 1)) != 0)
            fail(QCoreApplication::translate("Engine",
                                             "metadata key 'general.alignment' is %1; expected a power of two")
                     .arg(alignment));
        return quint32(alignment);
    }

    GgufTensorInfo readTensorInfo(qint64 index, quint32 alignment) {
        m_subject = QCoreApplication::translate("Engine", "tensor info #%1").arg(index);
        GgufTensorInfo tensor;
        const QByteArray name = readString("the name length", GgufFile::kMaxTensorNameBytes, "a tensor name");
        if (name.isEmpty())
            fail(QCoreApplication::translate("Engine", "tensor info #%1 has an empty name").arg(index));
        tensor.name = QString::fromUtf8(name);
        m_subject = QCoreApplication::translate("Engine", "tensor %1").arg(quotedName(tensor.name));

        const quint32 dimCount = readNumber<quint32>("the dimension count");
        if (dimCount < 1 || dimCount > quint32(GgufFile::kMaxDims))
            failAbout(m_subject, QCoreApplication::translate("Engine", "has %1 dimensions; expected 1 to %2")
                                     .arg(dimCount).arg(GgufFile::kMaxDims));
        for (quint32 d = 0; d < dimCount; ++d) {
            const quint64 dim = readNumber<quint64>("a dimension");
            if (dim == 0)
                failAbout(m_subject, QCoreApplication::translate("Engine", "has ne[%1] = 0; expected every "
                                                                           "dimension to be at least 1")
                                         .arg(d));
            if (dim > quint64(kMaxQint64))
                failAbout(m_subject, QCoreApplication::translate("Engine", "has ne[%1] = %2, beyond the "
                                                                           "largest signed 64-bit integer")
                                         .arg(d).arg(dim));
            tensor.dims.push_back(qint64(dim));
        }
        qint64 elements = 0;
        if (!checkedElementCount(tensor.dims, &elements))
            failAbout(m_subject, QCoreApplication::translate("Engine",
                                                             "has dims %1, whose element count overflows 64 bits")
                                     .arg(tensor.dimsText()));

        tensor.typeId = readNumber<quint32>("the tensor type");
        const GgmlTypeTraits* traits = ggmlTypeTraits(tensor.typeId);
        if (!traits)
            failAbout(m_subject, QCoreApplication::translate("Engine", "has unknown ggml type %1").arg(tensor.typeId));
        tensor.type = traits->type;
        tensor.typeName = QString::fromLatin1(traits->name);
        // ggml's rule: rows (ne[0]) are whole blocks, so every row starts on a block.
        if (tensor.dims[0] % traits->blockSize != 0)
            failAbout(m_subject, QCoreApplication::translate("Engine", "of type %1 has ne[0] = %2, not "
                                                                       "a multiple of the block size %3")
                                     .arg(tensor.typeName).arg(tensor.dims[0]).arg(traits->blockSize));
        const qint64 blocks = elements / traits->blockSize;
        if (blocks > kMaxQint64 / traits->blockBytes)
            failAbout(m_subject, QCoreApplication::translate("Engine", "of type %1 with dims %2 has a "
                                                                       "byte size that overflows 64 bits")
                                     .arg(tensor.typeName, tensor.dimsText()));
        tensor.byteSize = blocks * traits->blockBytes;

        const quint64 offset = readNumber<quint64>("the data offset");
        if (offset % alignment != 0)
            failAbout(m_subject, QCoreApplication::translate("Engine",
                                                             "has data offset %1, not a multiple of the alignment %2")
                                     .arg(offset).arg(alignment));
        if (offset > quint64(kMaxQint64 - tensor.byteSize))
            failAbout(m_subject, QCoreApplication::translate("Engine", "has data offset %1, which with "
                                                                       "its %2 bytes overflows 64 bits")
                                     .arg(offset).arg(tensor.byteSize));
        tensor.offset = qint64(offset);
        return tensor;
    }

    // Every tensor inside the data section and no two sharing a byte.
    // A tensor past the end is what tensor data cut short looks like; the file then needs at
    // least the data section up to the end of its furthest tensor. An end beyond 64 bits is no
    // download but a broken header.
    void checkPlacement(const GgufHeader& header) const {
        const qint64 dataBytes = std::max<qint64>(0, m_size - header.dataStart);
        std::vector<const GgufTensorInfo*> byOffset;
        const GgufTensorInfo* firstPastEnd = nullptr;
        qint64 furthestEnd = 0;  // no overflow: the tensor info check keeps offset + byteSize in 64 bits
        for (const GgufTensorInfo& tensor : header.tensors) {
            if (!firstPastEnd && tensor.offset + tensor.byteSize > dataBytes)
                firstPastEnd = &tensor;
            furthestEnd = std::max(furthestEnd, tensor.offset + tensor.byteSize);
            byOffset.push_back(&tensor);
        }
        if (firstPastEnd) {
            const QString detail =
                QCoreApplication::translate("Engine", "%1 %2").arg(
                    QCoreApplication::translate("Engine", "tensor %1").arg(quotedName(firstPastEnd->name)),
                    QCoreApplication::translate("Engine", "(%1, dims %2) occupies bytes %3 of the data section, "
                                                          "which has only %4 bytes (from offset %5 to the end "
                                                          "of the file)")
                        .arg(firstPastEnd->typeName, firstPastEnd->dimsText(), rangeText(*firstPastEnd))
                        .arg(dataBytes).arg(header.dataStart));
            if (furthestEnd > kMaxQint64 - header.dataStart)
                fail(detail);
            failIncomplete(header.dataStart + furthestEnd, detail);
        }
        std::sort(byOffset.begin(), byOffset.end(), [](const GgufTensorInfo* a, const GgufTensorInfo* b) {
            return a->offset != b->offset ? a->offset < b->offset : a->byteSize < b->byteSize;
        });
        // Sorted by offset, a tensor overlaps an earlier one exactly when it starts before the
        // furthest end seen so far. Every tensor has at least one element, so at least one byte.
        const GgufTensorInfo* furthest = nullptr;
        for (const GgufTensorInfo* tensor : byOffset) {
            if (furthest && tensor->offset < furthest->offset + furthest->byteSize)
                fail(QCoreApplication::translate("Engine", "tensors %1 %2 and %3 %4 overlap")
                         .arg(quotedName(furthest->name), rangeText(*furthest), quotedName(tensor->name), rangeText(*tensor)));
            if (!furthest || tensor->offset + tensor->byteSize > furthest->offset + furthest->byteSize)
                furthest = tensor;
        }
    }

    const QString& m_path;
    const uchar* m_bytes;
    qint64 m_size;
    qint64 m_pos = 0;
    QString m_subject;
    qint64 m_element = -1;
};

}  // namespace

GgufHeader parseGgufHeader(const QString& path, const uchar* bytes, qint64 size) {
    return HeaderReader(path, bytes, size).read();
}

}  // namespace headmap
