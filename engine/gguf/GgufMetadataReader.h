#pragma once
// Reads a GGUF file's `{arch}.*` metadata as llama.cpp's load_hparams does (ml.get_key): a
// missing key or a number out of range is a ModelError naming the file and the key.

#include <QCoreApplication>

#include "formats/GgufFile.h"
#include "formats/SafetensorsHeader.h"  // quotedName

namespace headmap {

inline constexpr quint64 kMaxGgufDim = 1 << 20;
inline constexpr quint64 kMaxGgufLayers = 4096;
inline constexpr quint64 kMaxGgufPositions = 1 << 24;

class GgufMetadataReader {
public:
    GgufMetadataReader(const GgufFile& file, QString arch) : m_file(file), m_arch(std::move(arch)) {}

    [[noreturn]] void fail(const QString& detail) const { throwGgufError(m_file.path(), detail); }
    QString key(const char* name) const { return m_arch + QLatin1Char('.') + QLatin1String(name); }
    bool has(const char* name) const { return m_file.metadata().contains(key(name)); }

    int count(const char* name, quint64 low, quint64 high) const {
        return checked(name, m_file.metadata().uint(key(name)), low, high);
    }
    int countOr(const char* name, quint64 fallback, quint64 low, quint64 high) const {
        return checked(name, m_file.metadata().uint(key(name), fallback), low, high);
    }
    double number(const char* name, double fallback) const { return m_file.metadata().floatValue(key(name), fallback); }
    bool tensor(const QString& name) const { return m_file.info(name) != nullptr; }
    const GgufFile& file() const { return m_file; }

private:
    int checked(const char* name, quint64 value, quint64 low, quint64 high) const {
        if (value < low || value > high)
            fail(QCoreApplication::translate("Engine", "key %1 is %2, expected %3 to %4")
                     .arg(quotedName(key(name)), QString::number(value), QString::number(low), QString::number(high)));
        return int(value);
    }

    const GgufFile& m_file;
    QString m_arch;
};

}  // namespace headmap
