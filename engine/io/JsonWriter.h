#pragma once
// A streaming JSON writer. Attention data grows as layers × heads × T², which QJsonDocument
// would hold twice in memory; this writes as it goes. Floats use the shortest text that reads
// back to the same float, non-finite numbers become null. Compact by default; setIndent(n)
// writes each object's keys on lines of their own, n spaces deeper per level, as "key": value
// (a file people read and edit, such as a session); arrays stay on one line.

#include <vector>

#include <QByteArray>
#include <QIODevice>
#include <QString>

#include "core/Tensor.h"

namespace headmap {

class JsonWriter {
public:
    explicit JsonWriter(QIODevice* device);
    ~JsonWriter();

    void setIndent(int spaces);  // before the first value; 0: compact

    void beginObject();
    void endObject();
    void beginArray();
    void endArray();
    void key(const char* name);

    void value(const QString& text);
    void value(const char* text);
    void value(int number);
    void value(long long number);
    void value(float number);
    void value(double number);
    void value(bool flag);
    void null();

    void matrix(const MatrixF& m);           // list of rows
    void rowVector(const RowVectorF& v);     // flat list
    void stringList(const QStringList& list);
    void intList(const std::vector<int>& list);

    // Pushes buffered text to the device; false when the device refused to take it.
    bool flush();
    bool hasError() const { return m_error; }

private:
    void separator();
    void newLine(size_t depth);
    void raw(const char* text, size_t length);
    void raw(const QByteArray& text) { raw(text.constData(), size_t(text.size())); }

    QIODevice* m_device;
    QByteArray m_buffer;
    std::vector<bool> m_needsComma;  // one entry per open object/array
    std::vector<bool> m_isObject;    // the same, true for an object
    int m_indent = 0;
    bool m_afterKey = false;
    bool m_error = false;
};

}  // namespace headmap
