#include "formats/GgufMetadata.h"

#include <limits>

#include <QCoreApplication>

#include "core/HeadmapError.h"
#include "formats/SafetensorsHeader.h"  // quotedName, byteCountText

namespace headmap {
namespace {

const char* const kTypeNames[kGgufValueTypeCount] = {
    "UINT8", "INT8", "UINT16", "INT16", "UINT32", "INT32", "FLOAT32", "BOOL", "STRING", "ARRAY",
    "UINT64", "INT64", "FLOAT64",
};

const std::vector<GgufValue>& noElements() {
    static const std::vector<GgufValue> empty;
    return empty;
}

// A value shown in a message: the number itself, or "a STRING" for anything longer.
QString shownValue(const GgufValue& value) {
    if (value.isUnsigned())
        return QString::number(value.unsignedValue());
    if (value.isSigned())
        return QString::number(value.signedValue());
    return QCoreApplication::translate("Engine", "a %1").arg(value.typeText());
}

}  // namespace

QString ggufValueTypeName(quint32 type) {
    return type < kGgufValueTypeCount ? QString::fromLatin1(kTypeNames[type])
                                      : QCoreApplication::translate("Engine", "unknown type %1").arg(type);
}

void throwGgufError(const QString& path, const QString& detail) {
    throw ModelError(QCoreApplication::translate("Engine", "GGUF file %1: %2").arg(quotedName(path), detail));
}

void throwIncompleteGguf(const QString& path, qint64 fileSize, qint64 atLeast, const QString& detail) {
    throw ModelError(QCoreApplication::translate("Engine", "GGUF file %1 is incomplete (%2 of at least %3 bytes): "
                                                           "download it again. Detail: %4")
                         .arg(quotedName(path), byteCountText(fileSize), byteCountText(atLeast), detail));
}

GgufValue GgufValue::fromUnsigned(GgufValueType type, quint64 value) {
    GgufValue result;
    result.m_type = type;
    result.m_unsigned = value;
    return result;
}

GgufValue GgufValue::fromSigned(GgufValueType type, qint64 value) {
    GgufValue result;
    result.m_type = type;
    result.m_signed = value;
    return result;
}

GgufValue GgufValue::fromFloat(GgufValueType type, double value) {
    GgufValue result;
    result.m_type = type;
    result.m_float = value;
    return result;
}

GgufValue GgufValue::fromBool(bool value) {
    GgufValue result;
    result.m_type = GgufValueType::Bool;
    result.m_unsigned = value ? 1 : 0;
    return result;
}

GgufValue GgufValue::fromString(QByteArray utf8) {
    GgufValue result;
    result.m_type = GgufValueType::String;
    result.m_string = std::move(utf8);
    return result;
}

GgufValue GgufValue::fromArray(GgufValueType elementType, std::vector<GgufValue> elements) {
    GgufValue result;
    result.m_type = GgufValueType::Array;
    result.m_elementType = elementType;
    result.m_elements = std::make_shared<const std::vector<GgufValue>>(std::move(elements));
    return result;
}

bool GgufValue::isUnsigned() const {
    return m_type == GgufValueType::UInt8 || m_type == GgufValueType::UInt16 ||
           m_type == GgufValueType::UInt32 || m_type == GgufValueType::UInt64;
}

bool GgufValue::isSigned() const {
    return m_type == GgufValueType::Int8 || m_type == GgufValueType::Int16 ||
           m_type == GgufValueType::Int32 || m_type == GgufValueType::Int64;
}

const std::vector<GgufValue>& GgufValue::elements() const {
    return m_elements ? *m_elements : noElements();
}

QString GgufValue::typeText() const {
    if (m_type != GgufValueType::Array)
        return ggufValueTypeName(quint32(m_type));
    // An empty array of arrays has no element to ask, so only one level is named.
    if (m_elementType == GgufValueType::Array && !elements().empty())
        return QCoreApplication::translate("Engine", "ARRAY of %1").arg(elements().front().typeText());
    return QCoreApplication::translate("Engine", "ARRAY of %1").arg(ggufValueTypeName(quint32(m_elementType)));
}

void GgufMetadata::insert(const QString& key, GgufValue value) {
    if (m_values.emplace(key, std::move(value)).second)
        m_keys << key;
}

const GgufValue* GgufMetadata::find(const QString& key) const {
    const auto it = m_values.find(key);
    return it == m_values.end() ? nullptr : &it->second;
}

const GgufValue& GgufMetadata::value(const QString& key) const {
    const GgufValue* found = find(key);
    if (!found)
        throwGgufError(m_path, QCoreApplication::translate("Engine", "has no metadata key %1").arg(quotedName(key)));
    return *found;
}

void GgufMetadata::wrongType(const QString& key, const GgufValue& value, const QString& expected) const {
    throwGgufError(m_path, QCoreApplication::translate("Engine", "metadata key %1 is %2; expected %3")
                               .arg(quotedName(key), value.typeText(), expected));
}

QString GgufMetadata::string(const QString& key) const {
    const GgufValue& found = value(key);
    if (found.type() != GgufValueType::String)
        wrongType(key, found, QCoreApplication::translate("Engine", "a STRING"));
    return found.string();
}

quint64 GgufMetadata::uint(const QString& key) const {
    const GgufValue& found = value(key);
    if (found.isUnsigned())
        return found.unsignedValue();
    if (found.isSigned() && found.signedValue() >= 0)
        return quint64(found.signedValue());
    if (found.isSigned())
        throwGgufError(m_path, QCoreApplication::translate("Engine",
                                                           "metadata key %1 is %2; expected a non-negative integer")
                                   .arg(quotedName(key), shownValue(found)));
    wrongType(key, found, QCoreApplication::translate("Engine", "an unsigned integer"));
}

qint64 GgufMetadata::integer(const QString& key) const {
    const GgufValue& found = value(key);
    if (found.isSigned())
        return found.signedValue();
    if (found.isUnsigned() && found.unsignedValue() <= quint64(std::numeric_limits<qint64>::max()))
        return qint64(found.unsignedValue());
    if (found.isUnsigned())
        throwGgufError(m_path, QCoreApplication::translate("Engine", "metadata key %1 is %2, beyond the largest "
                                                                     "signed 64-bit integer")
                                   .arg(quotedName(key), shownValue(found)));
    wrongType(key, found, QCoreApplication::translate("Engine", "an integer"));
}

double GgufMetadata::floatValue(const QString& key) const {
    const GgufValue& found = value(key);
    if (!found.isFloat())
        wrongType(key, found, QCoreApplication::translate("Engine", "a FLOAT32 or FLOAT64"));
    return found.floatValue();
}

bool GgufMetadata::boolean(const QString& key) const {
    const GgufValue& found = value(key);
    if (found.type() != GgufValueType::Bool)
        wrongType(key, found, QCoreApplication::translate("Engine", "a BOOL"));
    return found.boolValue();
}

const GgufValue& GgufMetadata::array(const QString& key, const QString& expected) const {
    const GgufValue& found = value(key);
    if (found.type() != GgufValueType::Array)
        wrongType(key, found, expected);
    return found;
}

QStringList GgufMetadata::stringArray(const QString& key) const {
    const QString expected = QCoreApplication::translate("Engine", "an ARRAY of STRING");
    const GgufValue& found = array(key, expected);
    if (found.elementType() != GgufValueType::String)
        wrongType(key, found, expected);
    QStringList strings;
    strings.reserve(qsizetype(found.elements().size()));
    for (const GgufValue& element : found.elements())
        strings << element.string();
    return strings;
}

std::vector<float> GgufMetadata::floatArray(const QString& key) const {
    const QString expected = QCoreApplication::translate("Engine", "an ARRAY of FLOAT32 or FLOAT64");
    const GgufValue& found = array(key, expected);
    if (found.elementType() != GgufValueType::Float32 && found.elementType() != GgufValueType::Float64)
        wrongType(key, found, expected);
    std::vector<float> values;
    values.reserve(found.elements().size());
    for (const GgufValue& element : found.elements())
        values.push_back(float(element.floatValue()));
    return values;
}

std::vector<qint64> GgufMetadata::intArray(const QString& key) const {
    const QString expected = QCoreApplication::translate("Engine", "an ARRAY of integers");
    const GgufValue& found = array(key, expected);
    if (found.elementType() == GgufValueType::Array || found.elementType() == GgufValueType::String ||
        found.elementType() == GgufValueType::Bool || found.elementType() == GgufValueType::Float32 ||
        found.elementType() == GgufValueType::Float64)
        wrongType(key, found, expected);
    std::vector<qint64> values;
    values.reserve(found.elements().size());
    for (size_t i = 0; i < found.elements().size(); ++i) {
        const GgufValue& element = found.elements()[i];
        if (element.isUnsigned() && element.unsignedValue() > quint64(std::numeric_limits<qint64>::max()))
            throwGgufError(m_path, QCoreApplication::translate("Engine", "metadata key %1 element %2 is %3, beyond "
                                                                         "the largest signed 64-bit integer")
                                       .arg(quotedName(key), QString::number(i),
                                            QString::number(element.unsignedValue())));
        values.push_back(element.isUnsigned() ? qint64(element.unsignedValue()) : element.signedValue());
    }
    return values;
}

QString GgufMetadata::string(const QString& key, const QString& fallback) const {
    return contains(key) ? string(key) : fallback;
}

quint64 GgufMetadata::uint(const QString& key, quint64 fallback) const {
    return contains(key) ? uint(key) : fallback;
}

double GgufMetadata::floatValue(const QString& key, double fallback) const {
    return contains(key) ? floatValue(key) : fallback;
}

bool GgufMetadata::boolean(const QString& key, bool fallback) const {
    return contains(key) ? boolean(key) : fallback;
}

}  // namespace headmap
