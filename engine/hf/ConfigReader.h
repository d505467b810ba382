#pragma once
// Typed access to the fields of a config.json object. Every failure names the file and the
// field; numbers are range-checked as doubles before any cast (a 1E25 must not be undefined
// behaviour).

#include <cmath>
#include <optional>

#include <QCoreApplication>
#include <QJsonArray>
#include <QJsonObject>
#include <QString>

#include "core/HeadmapError.h"
#include "core/Ops.h"

namespace headmap {

constexpr int kMaxDim = 1 << 16;
constexpr int kMaxLayers = 1024;
constexpr int kMaxVocab = 1 << 24;
constexpr int kMaxPositionsLimit = 1 << 24;

// transformers' ACT2FN names Headmap computes; nullopt for any other.
inline std::optional<Activation> activationNamed(const QString& name) {
    if (name == QLatin1String("gelu"))
        return Activation::GeluErf;
    if (name == QLatin1String("gelu_new") || name == QLatin1String("gelu_pytorch_tanh"))
        return Activation::GeluTanh;
    if (name == QLatin1String("relu"))
        return Activation::Relu;
    if (name == QLatin1String("silu") || name == QLatin1String("swish"))
        return Activation::Silu;
    return std::nullopt;
}

class ConfigReader {
public:
    // prefix: where the object sits in config.json ("rope_scaling."), for messages.
    ConfigReader(const QString& path, const QJsonObject& json, const QString& prefix = QString())
        : m_path(path), m_json(json), m_prefix(prefix) {}

    // The field's name as the user sees it in config.json.
    QString name(const char* key) const { return m_prefix + QLatin1String(key); }

    [[noreturn]] void fail(const QString& what) const {
        throw ModelError(QCoreApplication::translate("Engine", "%1: %2").arg(m_path, what));
    }

    const QString& path() const { return m_path; }
    const QJsonObject& json() const { return m_json; }

    bool has(const char* key) const {
        return m_json.contains(QLatin1String(key)) && !m_json.value(QLatin1String(key)).isNull();
    }

    int integer(const char* key, int low, int high) const {
        if (!has(key))
            fail(QCoreApplication::translate("Engine", "missing field '%1'").arg(name(key)));
        return integerOr(key, 0, low, high);
    }

    int integerOr(const char* key, int fallback, int low, int high) const {
        if (!has(key))
            return fallback;
        const QJsonValue value = m_json.value(QLatin1String(key));
        if (!value.isDouble())
            fail(QCoreApplication::translate("Engine", "field '%1' must be a whole number").arg(name(key)));
        // The range first: casting a double outside the integer range is undefined behaviour.
        const double number = value.toDouble();
        if (!(number >= low && number <= high))
            fail(QCoreApplication::translate("Engine", "field '%1' is %2; expected a whole number in %3..%4")
                     .arg(name(key), QString::number(number, 'g', 17)).arg(low).arg(high));
        if (number != std::floor(number))
            fail(QCoreApplication::translate("Engine", "field '%1' is %2; expected a whole number")
                     .arg(name(key), QString::number(number, 'g', 17)));
        return int(number);
    }

    double numberOr(const char* key, double fallback) const {
        if (!has(key))
            return fallback;
        const QJsonValue value = m_json.value(QLatin1String(key));
        if (!value.isDouble())
            fail(QCoreApplication::translate("Engine", "field '%1' must be a number").arg(name(key)));
        return value.toDouble();
    }

    QString stringOr(const char* key, const QString& fallback) const {
        if (!has(key))
            return fallback;
        const QJsonValue value = m_json.value(QLatin1String(key));
        if (!value.isString())
            fail(QCoreApplication::translate("Engine", "field '%1' must be a string").arg(name(key)));
        return value.toString();
    }

    bool boolOr(const char* key, bool fallback) const {
        if (!has(key))
            return fallback;
        const QJsonValue value = m_json.value(QLatin1String(key));
        if (!value.isBool())
            fail(QCoreApplication::translate("Engine", "field '%1' must be true or false").arg(name(key)));
        return value.toBool();
    }

    Activation activation(const char* key, const QString& fallback) const {
        const QString name = stringOr(key, fallback);
        if (const std::optional<Activation> activation = activationNamed(name))
            return *activation;
        fail(QCoreApplication::translate("Engine", "activation '%1' in field '%2' is not supported (supported: gelu, "
                                                   "gelu_new, gelu_pytorch_tanh, relu, silu)")
                 .arg(name, this->name(key)));
    }

private:
    QString m_path;
    QJsonObject m_json;
    QString m_prefix;
};

}  // namespace headmap
