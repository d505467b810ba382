#include "formats/SafetensorsHeader.h"

#include <algorithm>
#include <limits>

#include <QCoreApplication>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonParseError>
#include <QJsonValue>

#include "core/HeadmapError.h"

namespace headmap {
namespace {


struct DTypeName {
    const char* name;
    TensorDType dtype;
};

// The dtype strings of the safetensors specification, in its order.
constexpr DTypeName kDTypes[] = {
    {"F64", TensorDType::F64},   {"F32", TensorDType::F32},         {"F16", TensorDType::F16},
    {"BF16", TensorDType::BF16}, {"I64", TensorDType::I64},         {"I32", TensorDType::I32},
    {"I16", TensorDType::I16},   {"I8", TensorDType::I8},           {"U8", TensorDType::U8},
    {"BOOL", TensorDType::Bool}, {"F8_E4M3", TensorDType::F8E4M3}, {"F8_E5M2", TensorDType::F8E5M2},
};

QString knownDTypeList() {
    QStringList names;
    for (const DTypeName& entry : kDTypes)
        names << QLatin1String(entry.name);
    return names.join(QStringLiteral(", "));
}

// How a JSON value that has the wrong type is described: "a string", "the number 2.5".
QString describe(const QJsonValue& value) {
    switch (value.type()) {
    case QJsonValue::Null: return QStringLiteral("null");
    case QJsonValue::Bool: return value.toBool() ? QStringLiteral("true") : QStringLiteral("false");
    case QJsonValue::Double:
        return QCoreApplication::translate("Engine", "the number %1").arg(value.toDouble(), 0, 'g', 17);
    case QJsonValue::String: return QCoreApplication::translate("Engine", "a string");
    case QJsonValue::Array: return QCoreApplication::translate("Engine", "an array");
    case QJsonValue::Object: return QCoreApplication::translate("Engine", "an object");
    case QJsonValue::Undefined: break;
    }
    return QCoreApplication::translate("Engine", "missing");
}

// Reads one shape dimension or offset. JSON numbers may be fractional, negative or beyond
// 2^63; all three are refused here so later arithmetic works on sane qint64 values.
bool readCount(const QJsonValue& value, qint64* out) {
    if (!value.isDouble() || value.toDouble() < 0)
        return false;
    const qint64 integer = value.toInteger(-1);  // -1: fractional or out of qint64 range
    if (integer < 0)
        return false;
    *out = integer;
    return true;
}

QString offsetsText(const TensorInfo& tensor) {
    return QStringLiteral("[%1, %2]").arg(tensor.begin).arg(tensor.end);
}

class HeaderParser {
public:
    HeaderParser(const QString& path, qint64 dataBytes) : m_path(path), m_dataBytes(dataBytes) {}

    [[noreturn]] void fail(const QString& detail) const { throwFileError(m_path, detail); }
    [[noreturn]] void failTensor(const QString& name, const QString& detail) const {
        fail(QCoreApplication::translate("Engine", "tensor %1 %2").arg(quotedName(name), detail));
    }

    void readMetadata(const QJsonValue& value, SafetensorsHeader* header) const {
        if (!value.isObject())
            fail(QCoreApplication::translate("Engine", "__metadata__ is %1; expected an object of strings")
                     .arg(describe(value)));
        const QJsonObject metadata = value.toObject();
        for (auto it = metadata.begin(); it != metadata.end(); ++it)
            if (!it.value().isString())
                fail(QCoreApplication::translate("Engine", "__metadata__ value %1 is %2; expected a string")
                         .arg(quotedName(it.key()), describe(it.value())));
        header->metadata = metadata;
    }

    TensorInfo readTensor(const QString& name, const QJsonValue& value) {
        if (!value.isObject())
            failTensor(name, QCoreApplication::translate("Engine", "is %1; expected an object with dtype, shape and "
                                                                   "data_offsets").arg(describe(value)));
        const QJsonObject entry = value.toObject();
        TensorInfo tensor;
        tensor.name = name;
        readDType(entry, &tensor);
        readShape(entry, &tensor);
        readOffsets(entry, &tensor);
        checkByteLength(tensor);
        return tensor;
    }

    // After every entry: a tensor past the end of the data area means the file is cut short.
    // The header is whole, so the size the file should have is known exactly: the length
    // field, the header and the data area up to the end of its furthest tensor (the format
    // leaves no bytes after it). A size beyond 64 bits is no download but a broken header.
    void checkComplete(qint64 headerBytes) const {
        if (m_pastEnd.isEmpty())
            return;
        const qint64 before = 8 + headerBytes;
        if (m_furthestEnd > kMaxQint64 - before)
            fail(m_pastEnd);
        throwIncompleteFile(m_path, before + m_dataBytes, before + m_furthestEnd, true, m_pastEnd);
    }

    void checkNoOverlap(std::vector<TensorInfo>* tensors) const {
        std::sort(tensors->begin(), tensors->end(), [](const TensorInfo& a, const TensorInfo& b) {
            if (a.begin != b.begin)
                return a.begin < b.begin;
            if (a.end != b.end)
                return a.end < b.end;
            return a.name < b.name;
        });
        // Sorted by begin, a tensor overlaps an earlier one exactly when it starts before the
        // furthest end seen so far. Zero-size tensors occupy no bytes and overlap nothing.
        const TensorInfo* furthest = nullptr;
        for (const TensorInfo& tensor : *tensors) {
            if (tensor.begin == tensor.end)
                continue;
            if (furthest && tensor.begin < furthest->end)
                fail(QCoreApplication::translate("Engine", "tensors %1 %2 and %3 %4 overlap")
                         .arg(quotedName(furthest->name), offsetsText(*furthest),
                              quotedName(tensor.name), offsetsText(tensor)));
            if (!furthest || tensor.end > furthest->end)
                furthest = &tensor;
        }
    }

private:
    void readDType(const QJsonObject& entry, TensorInfo* tensor) const {
        const QJsonValue value = entry.value(QLatin1String("dtype"));
        if (value.isUndefined())
            failTensor(tensor->name, QCoreApplication::translate("Engine", "has no dtype"));
        if (!value.isString())
            failTensor(tensor->name,
                       QCoreApplication::translate("Engine", "dtype is %1; expected a string").arg(describe(value)));
        tensor->dtypeName = value.toString();
        for (const DTypeName& known : kDTypes)
            if (tensor->dtypeName == QLatin1String(known.name)) {
                tensor->dtype = known.dtype;
                return;
            }
        failTensor(tensor->name, QCoreApplication::translate("Engine", "has unknown dtype %1 (expected one of %2)")
                                     .arg(quotedName(tensor->dtypeName), knownDTypeList()));
    }

    void readShape(const QJsonObject& entry, TensorInfo* tensor) const {
        const QJsonValue value = entry.value(QLatin1String("shape"));
        if (value.isUndefined())
            failTensor(tensor->name, QCoreApplication::translate("Engine", "has no shape"));
        if (!value.isArray())
            failTensor(tensor->name, QCoreApplication::translate("Engine", "shape is %1; expected an array of "
                                                                           "non-negative integers")
                                         .arg(describe(value)));
        const QJsonArray dims = value.toArray();
        for (qsizetype i = 0; i < dims.size(); ++i) {
            qint64 dim = 0;
            if (!readCount(dims.at(i), &dim))
                failTensor(tensor->name, QCoreApplication::translate("Engine", "shape[%1] is %2; expected a "
                                                                               "non-negative integer")
                                             .arg(i).arg(describe(dims.at(i))));
            tensor->shape.push_back(dim);
        }
    }

    void readOffsets(const QJsonObject& entry, TensorInfo* tensor) {
        const QJsonValue value = entry.value(QLatin1String("data_offsets"));
        if (value.isUndefined())
            failTensor(tensor->name, QCoreApplication::translate("Engine", "has no data_offsets"));
        if (!value.isArray() || value.toArray().size() != 2)
            failTensor(tensor->name, QCoreApplication::translate("Engine", "data_offsets is %1; expected an array "
                                                                           "[begin, end]")
                                         .arg(value.isArray() ? QCoreApplication::translate("Engine",
                                                                                            "an array of %1 values")
                                                                    .arg(value.toArray().size())
                                                              : describe(value)));
        const QJsonArray offsets = value.toArray();
        const char* names[] = {"begin", "end"};
        qint64* targets[] = {&tensor->begin, &tensor->end};
        for (int i = 0; i < 2; ++i)
            if (!readCount(offsets.at(i), targets[i]))
                failTensor(tensor->name, QCoreApplication::translate("Engine", "data_offsets %1 is %2; expected a "
                                                                               "non-negative integer")
                                             .arg(QLatin1String(names[i]), describe(offsets.at(i))));
        if (tensor->begin > tensor->end)
            failTensor(tensor->name, QCoreApplication::translate("Engine", "has data_offsets %1: begin after end")
                                         .arg(offsetsText(*tensor)));
        // Past the end is what a download cut short looks like. The first such tensor is kept
        // for the message and the others are read on, so that the end of the furthest tensor
        // gives the size the file should have.
        m_furthestEnd = std::max(m_furthestEnd, tensor->end);
        if (tensor->end > m_dataBytes && m_pastEnd.isEmpty())
            m_pastEnd = QCoreApplication::translate("Engine", "tensor %1 %2")
                            .arg(quotedName(tensor->name),
                                 QCoreApplication::translate("Engine", "has data_offsets %1 past the end of the "
                                                                       "data area, which has %2 bytes")
                                     .arg(offsetsText(*tensor)).arg(m_dataBytes));
    }

    void checkByteLength(const TensorInfo& tensor) const {
        qint64 count = 0;
        const qint64 size = dtypeSize(tensor.dtype);
        if (!checkedElementCount(tensor.shape, &count) || count > kMaxQint64 / size)
            failTensor(tensor.name, QCoreApplication::translate("Engine", "has shape %1 of %2, whose byte size "
                                                                          "overflows 64 bits")
                                        .arg(tensor.shapeText(), tensor.dtypeName));
        const qint64 expected = count * size;
        const qint64 found = tensor.end - tensor.begin;
        if (found != expected)
            failTensor(tensor.name, QCoreApplication::translate("Engine", "has wrong byte length: shape %1 of %2 "
                                                                          "needs %3 bytes but data_offsets %4 hold %5")
                                        .arg(tensor.shapeText(), tensor.dtypeName).arg(expected)
                                        .arg(offsetsText(tensor)).arg(found));
    }

    QString m_path;
    qint64 m_dataBytes;
    qint64 m_furthestEnd = 0;
    QString m_pastEnd;  // the message about the first tensor past the end, if any
};

}  // namespace

int dtypeSize(TensorDType dtype) {
    switch (dtype) {
    case TensorDType::F64:
    case TensorDType::I64: return 8;
    case TensorDType::F32:
    case TensorDType::I32: return 4;
    case TensorDType::F16:
    case TensorDType::BF16:
    case TensorDType::I16: return 2;
    case TensorDType::I8:
    case TensorDType::U8:
    case TensorDType::Bool:
    case TensorDType::F8E4M3:
    case TensorDType::F8E5M2: return 1;
    }
    return 1;
}

bool checkedElementCount(const std::vector<qint64>& shape, qint64* count) {
    if (std::find(shape.begin(), shape.end(), 0) != shape.end()) {
        *count = 0;
        return true;
    }
    qint64 product = 1;  // a scalar (shape []) has one element
    for (const qint64 dim : shape) {
        if (dim < 0 || product > kMaxQint64 / dim)
            return false;
        product *= dim;
    }
    *count = product;
    return true;
}

QString quotedName(const QString& name) {
    constexpr int kMaxShown = 120;
    QString shown;
    for (const QChar c : name.left(kMaxShown)) {
        if (c.unicode() < 0x20 || c.unicode() == 0x7f || c == QChar::LineSeparator ||
            c == QChar::ParagraphSeparator)
            shown += QStringLiteral("\\u%1").arg(c.unicode(), 4, 16, QLatin1Char('0'));
        else
            shown += c;
    }
    if (name.size() > kMaxShown)
        shown += QStringLiteral("…");
    return QLatin1Char('\'') + shown + QLatin1Char('\'');
}

void throwFileError(const QString& path, const QString& detail) {
    throw ModelError(QCoreApplication::translate("Engine", "safetensors file %1: %2").arg(quotedName(path), detail));
}

void throwIncompleteFile(const QString& path, qint64 fileSize, qint64 expectedSize, bool exact,
                         const QString& detail) {
    const QString text =
        exact ? QCoreApplication::translate("Engine", "safetensors file %1 is incomplete (%2 of %3 bytes): download "
                                                      "it again. Detail: %4")
              : QCoreApplication::translate("Engine", "safetensors file %1 is incomplete (%2 of at least %3 bytes): "
                                                      "download it again. Detail: %4");
    throw ModelError(text.arg(quotedName(path), byteCountText(fileSize), byteCountText(expectedSize), detail));
}

QString byteCountText(qint64 bytes) {
    //: The separator between groups of three digits in a byte count: "1,026,854 bytes"
    const QString separator = QCoreApplication::translate("Engine", ",", "thousands separator");
    QString digits = QString::number(bytes);
    const qsizetype first = bytes < 0 ? 1 : 0;  // after a minus sign
    for (qsizetype at = digits.size() - 3; at > first; at -= 3)
        digits.insert(at, separator);
    return digits;
}

SafetensorsHeader parseSafetensorsHeader(const QString& path, const QByteArray& json, qint64 dataBytes) {
    // Qt's parser rejects invalid UTF-8 (overlong forms and surrogates included) itself.
    QJsonParseError parseError;
    const QJsonDocument document = QJsonDocument::fromJson(json, &parseError);
    if (parseError.error != QJsonParseError::NoError)
        throwFileError(path, QCoreApplication::translate("Engine", "header is not valid UTF-8 JSON (%1 at byte %2)")
                                 .arg(parseError.errorString()).arg(parseError.offset));
    if (!document.isObject())
        throwFileError(path, document.isArray()
                                 ? QCoreApplication::translate("Engine", "header is a JSON array; expected an object")
                                 : QCoreApplication::translate("Engine", "header is a JSON value; expected an object"));

    HeaderParser parser(path, dataBytes);
    SafetensorsHeader header;
    const QJsonObject root = document.object();
    for (auto it = root.begin(); it != root.end(); ++it) {
        if (it.key() == QLatin1String("__metadata__"))
            parser.readMetadata(it.value(), &header);
        else
            header.tensors.push_back(parser.readTensor(it.key(), it.value()));
    }
    parser.checkComplete(json.size());
    parser.checkNoOverlap(&header.tensors);
    return header;
}

}  // namespace headmap
