#pragma once
// The typed key-value metadata of a GGUF file (docs/gguf.md of ggml-org/ggml): 13 value types,
// arrays of any of them (arrays of arrays too). Accessors throw ModelError naming the file and
// the key when the key is missing or holds another type, so a loader can write
// `metadata.uint("llama.block_count")` and get a message a user can act on.

#include <memory>
#include <unordered_map>
#include <vector>

#include <QByteArray>
#include <QString>
#include <QStringList>

namespace headmap {

// The numbers of `enum gguf_metadata_value_type`, as stored in the file.
enum class GgufValueType : quint32 {
    UInt8 = 0, Int8 = 1, UInt16 = 2, Int16 = 3, UInt32 = 4, Int32 = 5, Float32 = 6, Bool = 7,
    String = 8, Array = 9, UInt64 = 10, Int64 = 11, Float64 = 12,
};
constexpr quint32 kGgufValueTypeCount = 13;

// "UINT32", "STRING", ...; "unknown type 13" for numbers beyond the list.
QString ggufValueTypeName(quint32 type);

// "GGUF file 'PATH': DETAIL", the prefix shared by every error about one GGUF file.
[[noreturn]] void throwGgufError(const QString& path, const QString& detail);

// A GGUF file that ends before what it says it holds: most often a download that stopped
// early, so the message starts with what to do and keeps the detail: "GGUF file 'PATH' is
// incomplete (HAVE of at least NEED bytes): download it again. Detail: DETAIL". Only a lower
// bound is known: the sizes of what follows are in the part that is missing (and even a
// whole header gives no exact size, as writers pad after the last tensor).
[[noreturn]] void throwIncompleteGguf(const QString& path, qint64 fileSize, qint64 atLeast, const QString& detail);

class GgufValue {
public:
    GgufValue() = default;
    static GgufValue fromUnsigned(GgufValueType type, quint64 value);  // UINT8..UINT64
    static GgufValue fromSigned(GgufValueType type, qint64 value);     // INT8..INT64
    static GgufValue fromFloat(GgufValueType type, double value);      // FLOAT32, FLOAT64
    static GgufValue fromBool(bool value);
    static GgufValue fromString(QByteArray utf8);
    static GgufValue fromArray(GgufValueType elementType, std::vector<GgufValue> elements);

    GgufValueType type() const { return m_type; }
    bool isUnsigned() const;
    bool isSigned() const;
    bool isInteger() const { return isUnsigned() || isSigned(); }
    bool isFloat() const { return m_type == GgufValueType::Float32 || m_type == GgufValueType::Float64; }

    // The raw payloads; each is meaningful only for its own types.
    quint64 unsignedValue() const { return m_unsigned; }
    qint64 signedValue() const { return m_signed; }
    double floatValue() const { return m_float; }
    bool boolValue() const { return m_unsigned != 0; }
    const QByteArray& bytes() const { return m_string; }  // a STRING as stored (UTF-8, unchecked)
    QString string() const { return QString::fromUtf8(m_string); }
    GgufValueType elementType() const { return m_elementType; }  // for arrays
    const std::vector<GgufValue>& elements() const;               // empty unless an array

    // "UINT32", "ARRAY of STRING", "ARRAY of ARRAY of INT8"; for messages.
    QString typeText() const;

private:
    GgufValueType m_type = GgufValueType::UInt8;
    GgufValueType m_elementType = GgufValueType::UInt8;
    quint64 m_unsigned = 0;
    qint64 m_signed = 0;
    double m_float = 0;
    QByteArray m_string;
    std::shared_ptr<const std::vector<GgufValue>> m_elements;  // shared: values copy cheaply
};

class GgufMetadata {
public:
    explicit GgufMetadata(QString path = QString()) : m_path(std::move(path)) {}

    // The parser checks for duplicate keys before inserting; insert() keeps the first value.
    void insert(const QString& key, GgufValue value);

    qsizetype size() const { return qsizetype(m_keys.size()); }
    QStringList keys() const { return m_keys; }  // in file order
    bool contains(const QString& key) const { return m_values.count(key) != 0; }
    const GgufValue* find(const QString& key) const;  // nullptr when absent
    const GgufValue& value(const QString& key) const;  // throws when absent

    // Typed reads. Integers are accepted from any integer type whose value fits (files differ:
    // one writer's UINT32 is another's INT32 or UINT64); floats from FLOAT32 or FLOAT64.
    QString string(const QString& key) const;
    quint64 uint(const QString& key) const;
    qint64 integer(const QString& key) const;
    double floatValue(const QString& key) const;
    bool boolean(const QString& key) const;
    QStringList stringArray(const QString& key) const;
    std::vector<float> floatArray(const QString& key) const;
    std::vector<qint64> intArray(const QString& key) const;

    // For optional keys: the fallback when absent; a present key of the wrong type still throws.
    QString string(const QString& key, const QString& fallback) const;
    quint64 uint(const QString& key, quint64 fallback) const;
    double floatValue(const QString& key, double fallback) const;
    bool boolean(const QString& key, bool fallback) const;

private:
    [[noreturn]] void wrongType(const QString& key, const GgufValue& value, const QString& expected) const;
    const GgufValue& array(const QString& key, const QString& expected) const;

    QString m_path;
    QStringList m_keys;
    std::unordered_map<QString, GgufValue> m_values;
};

}  // namespace headmap
