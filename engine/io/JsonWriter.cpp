#include "io/JsonWriter.h"

#include <charconv>
#include <cmath>

#include <QStringList>

namespace headmap {
namespace {
constexpr int kFlushThreshold = 1 << 16;
}

JsonWriter::JsonWriter(QIODevice* device) : m_device(device) {}

JsonWriter::~JsonWriter() {
    flush();
}

bool JsonWriter::flush() {
    if (!m_buffer.isEmpty()) {
        if (m_device->write(m_buffer) != m_buffer.size())
            m_error = true;
        m_buffer.clear();
    }
    return !m_error;
}

void JsonWriter::raw(const char* text, size_t length) {
    m_buffer.append(text, qsizetype(length));
    if (m_buffer.size() >= kFlushThreshold)
        flush();
}

void JsonWriter::setIndent(int spaces) {
    m_indent = spaces > 0 ? spaces : 0;
}

void JsonWriter::newLine(size_t depth) {
    raw("\n", 1);
    for (size_t i = 0; i < depth * size_t(m_indent); ++i)
        raw(" ", 1);
}

void JsonWriter::separator() {
    if (m_afterKey) {
        m_afterKey = false;
        return;
    }
    if (!m_needsComma.empty()) {
        if (m_needsComma.back())
            raw(",", 1);
        m_needsComma.back() = true;
        if (m_indent > 0 && m_isObject.back())  // a key: on a line of its own
            newLine(m_needsComma.size());
    }
}

void JsonWriter::beginObject() {
    separator();
    raw("{", 1);
    m_needsComma.push_back(false);
    m_isObject.push_back(true);
}

void JsonWriter::endObject() {
    const bool empty = !m_needsComma.back();
    m_needsComma.pop_back();
    m_isObject.pop_back();
    if (m_indent > 0 && !empty)
        newLine(m_needsComma.size());
    raw("}", 1);
}

void JsonWriter::beginArray() {
    separator();
    raw("[", 1);
    m_needsComma.push_back(false);
    m_isObject.push_back(false);
}

void JsonWriter::endArray() {
    m_needsComma.pop_back();
    m_isObject.pop_back();
    raw("]", 1);
}

void JsonWriter::key(const char* name) {
    value(name);
    if (m_indent > 0)
        raw(": ", 2);
    else
        raw(":", 1);
    m_afterKey = true;
}

void JsonWriter::value(const QString& text) {
    separator();
    const QByteArray utf8 = text.toUtf8();
    QByteArray escaped;
    escaped.reserve(utf8.size() + 2);
    escaped.append('"');
    for (char c : utf8) {
        switch (c) {
        case '"': escaped.append("\\\""); break;
        case '\\': escaped.append("\\\\"); break;
        case '\n': escaped.append("\\n"); break;
        case '\r': escaped.append("\\r"); break;
        case '\t': escaped.append("\\t"); break;
        default:
            if (uint8_t(c) < 0x20) {
                char code[8];
                std::snprintf(code, sizeof code, "\\u%04x", unsigned(uint8_t(c)));
                escaped.append(code);
            } else {
                escaped.append(c);
            }
        }
    }
    escaped.append('"');
    raw(escaped);
}

void JsonWriter::value(const char* text) {
    value(QString::fromUtf8(text));
}

void JsonWriter::value(int number) {
    value(static_cast<long long>(number));
}

void JsonWriter::value(long long number) {
    separator();
    char text[32];
    const auto result = std::to_chars(text, text + sizeof text, number);
    raw(text, size_t(result.ptr - text));
}

void JsonWriter::value(float number) {
    if (!std::isfinite(number)) {
        null();
        return;
    }
    separator();
    char text[48];
    const auto result = std::to_chars(text, text + sizeof text, number);
    raw(text, size_t(result.ptr - text));
}

void JsonWriter::value(double number) {
    if (!std::isfinite(number)) {
        null();
        return;
    }
    separator();
    char text[48];
    const auto result = std::to_chars(text, text + sizeof text, number);
    raw(text, size_t(result.ptr - text));
}

void JsonWriter::value(bool flag) {
    separator();
    if (flag)
        raw("true", 4);
    else
        raw("false", 5);
}

void JsonWriter::null() {
    separator();
    raw("null", 4);
}

void JsonWriter::matrix(const MatrixF& m) {
    beginArray();
    for (Eigen::Index r = 0; r < m.rows(); ++r) {
        beginArray();
        for (Eigen::Index c = 0; c < m.cols(); ++c)
            value(m(r, c));
        endArray();
    }
    endArray();
}

void JsonWriter::rowVector(const RowVectorF& v) {
    beginArray();
    for (Eigen::Index i = 0; i < v.size(); ++i)
        value(v(i));
    endArray();
}

void JsonWriter::stringList(const QStringList& list) {
    beginArray();
    for (const QString& s : list)
        value(s);
    endArray();
}

void JsonWriter::intList(const std::vector<int>& list) {
    beginArray();
    for (int i : list)
        value(i);
    endArray();
}

}  // namespace headmap
