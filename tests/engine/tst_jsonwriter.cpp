// The streaming JSON writer and the trace exporters built on it. Output is checked both as exact
// text (commas, escapes) and by parsing it back with QJsonDocument, the way users' scripts read it.

#include <cmath>
#include <cstring>
#include <limits>

#include <QBuffer>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QtTest>

#include "io/JsonWriter.h"
#include "io/TraceExport.h"
#include "teaching/PortableRandom.h"

using headmap::JsonWriter;

namespace {

// Runs write() against a fresh writer and returns everything it produced.
template <typename Write>
QByteArray written(Write write) {
    QBuffer buffer;
    buffer.open(QIODevice::WriteOnly);
    {
        JsonWriter json(&buffer);
        write(json);
    }  // the destructor flushes
    return buffer.data();
}

QJsonDocument parsed(const QByteArray& text) {
    QJsonParseError error;
    const QJsonDocument document = QJsonDocument::fromJson(text, &error);
    if (error.error != QJsonParseError::NoError)
        qWarning("invalid JSON (%s): %s", qPrintable(error.errorString()), text.left(200).constData());
    return document;
}

// A 2-layer, 2-head, 3-token trace with a distinct, exactly representable weight everywhere.
headmap::AttentionTrace sampleTrace() {
    headmap::ModelSummary model;
    model.name = QStringLiteral("builtin:teaching");
    model.architecture = QStringLiteral("teaching");
    model.layers = 2;
    model.heads = 2;
    model.dModel = 8;
    model.dHead = 4;
    model.maxPositions = 2048;
    model.vocabSize = 1 << 24;
    model.causal = false;
    // The second token needs CSV quoting: a comma and a double quote.
    headmap::AttentionTrace trace(model, {1, 4711, 2}, {"[CLS]", "a,\"b", "[SEP]"},
                                  {"[CLS]", "A,\"b", "[SEP]"});
    for (int l = 0; l < 2; ++l)
        for (int h = 0; h < 2; ++h) {
            float* data = trace.headData(l, h);
            for (int i = 0; i < 9; ++i)
                data[i] = float(l * 1000 + h * 100 + i) / 1024.0f + 0.1f;  // 0.1f: not a short decimal
        }
    return trace;
}

// Splits one CSV line, honouring "quoted, ""fields""".
QStringList csvFields(const QString& line) {
    QStringList fields;
    QString field;
    bool quoted = false;
    for (int i = 0; i < line.size(); ++i) {
        const QChar c = line[i];
        if (quoted) {
            if (c == '"' && i + 1 < line.size() && line[i + 1] == '"') {
                field += '"';
                ++i;
            } else if (c == '"') {
                quoted = false;
            } else {
                field += c;
            }
        } else if (c == '"') {
            quoted = true;
        } else if (c == ',') {
            fields << field;
            field.clear();
        } else {
            field += c;
        }
    }
    fields << field;
    return fields;
}

}  // namespace

class JsonWriterTest : public QObject {
    Q_OBJECT

private slots:
    void nestingPutsCommasRight();
    void indentedObjects();
    void stringEscaping_data();
    void stringEscaping();
    void floatsRoundTripExactly();
    void nonFiniteBecomesNull();
    void integers();
    void matricesAndLists();
    void largeOutputIsFlushedWhole();
    void reportsDeviceErrors();
    void traceJsonLayout();
    void traceJsonSelection();
    void traceCsvLayout();
};

void JsonWriterTest::nestingPutsCommasRight() {
    const QByteArray text = written([](JsonWriter& json) {
        json.beginObject();
        json.key("a");
        json.beginArray();
        json.value(1);
        json.value(2);
        json.beginObject();
        json.key("b");
        json.beginArray();
        json.endArray();
        json.endObject();
        json.endArray();
        json.key("c");
        json.beginObject();
        json.endObject();
        json.key("d");
        json.beginArray();
        json.beginArray();
        json.endArray();
        json.beginArray();
        json.value(3);
        json.endArray();
        json.endArray();
        json.key("e"); json.value(true);
        json.key("f"); json.value(false);
        json.key("g"); json.null();
        json.endObject();
    });
    QCOMPARE(text, QByteArray(R"({"a":[1,2,{"b":[]}],"c":{},"d":[[],[3]],"e":true,"f":false,"g":null})"));
    QVERIFY(parsed(text).isObject());
}

// setIndent: what a person reads and edits (a session file): each key on its own line, two
// spaces deeper per object, "key": value; arrays and empty objects on one line.
void JsonWriterTest::indentedObjects() {
    const QByteArray text = written([](JsonWriter& json) {
        json.setIndent(2);
        json.beginObject();
        json.key("a");
        json.beginArray();
        json.value(1);
        json.beginObject();
        json.key("b");
        json.beginArray();
        json.endArray();
        json.endObject();
        json.endArray();
        json.key("c");
        json.beginObject();
        json.endObject();
        json.key("d");
        json.beginObject();
        json.key("e");
        json.beginObject();
        json.key("f"); json.value(QStringLiteral("x"));
        json.endObject();
        json.key("g"); json.value(true);
        json.endObject();
        json.key("h"); json.null();
        json.endObject();
    });
    QCOMPARE(text, QByteArray("{\n"
                              "  \"a\": [1,{\n"
                              "      \"b\": []\n"
                              "    }],\n"
                              "  \"c\": {},\n"
                              "  \"d\": {\n"
                              "    \"e\": {\n"
                              "      \"f\": \"x\"\n"
                              "    },\n"
                              "    \"g\": true\n"
                              "  },\n"
                              "  \"h\": null\n"
                              "}"));
    QVERIFY(parsed(text).isObject());
}

void JsonWriterTest::stringEscaping_data() {
    QTest::addColumn<QString>("text");
    QTest::addColumn<QByteArray>("json");
    QTest::newRow("plain") << QStringLiteral("head") << QByteArray(R"("head")");
    QTest::newRow("quotes") << QStringLiteral("say \"hi\"") << QByteArray(R"("say \"hi\"")");
    QTest::newRow("backslash") << QStringLiteral("a\\b") << QByteArray(R"("a\\b")");
    QTest::newRow("newline tab cr") << QStringLiteral("a\nb\tc\rd") << QByteArray(R"("a\nb\tc\rd")");
    QTest::newRow("control u0001") << QStringLiteral("x\x01y\x1fz") << QByteArray(R"("x\u0001y\u001fz")");
    // Non-ASCII stays raw UTF-8: smaller, and readable in any editor.
    QTest::newRow("non-ascii") << QString::fromUtf8("æøå 深 😀 —")
                               << QByteArray("\"\xc3\xa6\xc3\xb8\xc3\xa5 \xe6\xb7\xb1 \xf0\x9f\x98\x80 \xe2\x80\x94\"");
    QTest::newRow("empty") << QString() << QByteArray(R"("")");
}

void JsonWriterTest::stringEscaping() {
    QFETCH(QString, text);
    QFETCH(QByteArray, json);
    const QByteArray out = written([&](JsonWriter& w) {
        w.beginArray();
        w.value(text);
        w.endArray();
    });
    QCOMPARE(out, '[' + json + ']');
    QCOMPARE(parsed(out).array().at(0).toString(), text);
}

void JsonWriterTest::floatsRoundTripExactly() {
    std::vector<float> values = {0.0f, 1.0f, -1.0f, 0.1f, 1e-5f, 1.0f / 3.0f, 3.14159265f,
                                 0.99999994f, std::numeric_limits<float>::min(),
                                 std::numeric_limits<float>::max(),
                                 std::numeric_limits<float>::denorm_min(), 16777217.0f, -2.5e-38f};
    // Random bit patterns over the whole exponent range, skipping NaN and infinity.
    headmap::PortableRandom random(31);
    while (values.size() < 5000) {
        const uint32_t bits = uint32_t(random.next());
        float f;
        std::memcpy(&f, &bits, sizeof f);
        if (std::isfinite(f))
            values.push_back(f);
    }
    const QByteArray text = written([&](JsonWriter& json) {
        json.beginArray();
        for (float f : values)
            json.value(f);
        json.endArray();
    });
    const QJsonArray array = parsed(text).array();
    QCOMPARE(int(array.size()), int(values.size()));
    for (int i = 0; i < int(values.size()); ++i) {
        const float back = float(array.at(i).toDouble());
        QVERIFY2(back == values[size_t(i)],
                 qPrintable(QStringLiteral("%1 came back as %2")
                                .arg(double(values[size_t(i)]), 0, 'g', 9).arg(double(back), 0, 'g', 9)));
    }
    // Shortest form: a float that prints as 0.1 is not padded out to its full double expansion.
    QVERIFY(text.startsWith("[0,1,-1,0.1,1e-05,"));
}

void JsonWriterTest::nonFiniteBecomesNull() {
    const float inf = std::numeric_limits<float>::infinity();
    const QByteArray text = written([&](JsonWriter& json) {
        json.beginArray();
        json.value(1.5f);
        json.value(-inf);
        json.value(inf);
        json.value(std::numeric_limits<float>::quiet_NaN());
        json.value(-std::numeric_limits<double>::infinity());
        json.value(std::numeric_limits<double>::quiet_NaN());
        json.value(0.25);
        json.endArray();
    });
    QCOMPARE(text, QByteArray("[1.5,null,null,null,null,null,0.25]"));
}

void JsonWriterTest::integers() {
    const QByteArray text = written([](JsonWriter& json) {
        json.beginArray();
        json.value(0);
        json.value(-1);
        json.value(std::numeric_limits<int>::max());
        json.value(std::numeric_limits<int>::min());
        json.value(9007199254740992LL);  // 2^53, still exact as a JSON reader's double
        json.endArray();
    });
    QCOMPARE(text, QByteArray("[0,-1,2147483647,-2147483648,9007199254740992]"));
    const QJsonArray array = parsed(text).array();
    QCOMPARE(array.at(3).toInt(), std::numeric_limits<int>::min());
    QCOMPARE(array.at(4).toInteger(), 9007199254740992LL);
}

void JsonWriterTest::matricesAndLists() {
    headmap::MatrixF m(2, 3);
    m << 1.0f, 2.5f, -0.125f, 0.0f, std::numeric_limits<float>::quiet_NaN(), 4.0f;
    headmap::RowVectorF v(2);
    v << 0.5f, -std::numeric_limits<float>::infinity();
    const QByteArray text = written([&](JsonWriter& json) {
        json.beginObject();
        json.key("m"); json.matrix(m);
        json.key("v"); json.rowVector(v);
        json.key("s"); json.stringList({"x", "y,z"});
        json.key("i"); json.intList({3, -4});
        json.key("e"); json.matrix(headmap::MatrixF());
        json.endObject();
    });
    QCOMPARE(text, QByteArray(R"({"m":[[1,2.5,-0.125],[0,null,4]],"v":[0.5,null],"s":["x","y,z"],"i":[3,-4],"e":[]})"));
}

void JsonWriterTest::largeOutputIsFlushedWhole() {
    // Well past the writer's 64 KiB buffer, so it flushes mid-stream more than once.
    const int n = 60000;
    const QByteArray text = written([&](JsonWriter& json) {
        json.beginArray();
        for (int i = 0; i < n; ++i)
            json.value(i);
        json.endArray();
    });
    QVERIFY(text.size() > 3 * 65536);
    const QJsonArray array = parsed(text).array();
    QCOMPARE(int(array.size()), n);
    QCOMPARE(array.at(n - 1).toInt(), n - 1);
}

void JsonWriterTest::reportsDeviceErrors() {
    QBuffer closed;  // never opened: every write fails
    JsonWriter json(&closed);
    json.beginArray();
    json.value(1);
    json.endArray();
    QVERIFY(!json.flush());
    QVERIFY(json.hasError());
}

void JsonWriterTest::traceJsonLayout() {
    const headmap::AttentionTrace trace = sampleTrace();
    const QByteArray text = written([&](JsonWriter& json) { headmap::writeTraceJson(json, trace); });
    const QJsonObject root = parsed(text).object();
    QCOMPARE(root.keys(), (QStringList{"attention", "display_tokens", "head_indices", "layer_indices",
                                       "measure", "model", "token_ids", "tokens"}));
    QCOMPARE(root.value("measure").toString(), QStringLiteral("weights"));
    const QJsonObject model = root.value("model").toObject();
    QCOMPARE(model.value("name").toString(), QStringLiteral("builtin:teaching"));
    QCOMPARE(model.value("architecture").toString(), QStringLiteral("teaching"));
    QCOMPARE(model.value("layers").toInt(), 2);
    QCOMPARE(model.value("heads").toInt(), 2);
    QCOMPARE(model.value("d_model").toInt(), 8);
    QCOMPARE(model.value("d_head").toInt(), 4);
    QCOMPARE(model.value("max_positions").toInt(), 2048);
    QCOMPARE(model.value("vocab_size").toInt(), 1 << 24);
    QCOMPARE(model.value("causal").toBool(true), false);
    QCOMPARE(root.value("tokens").toVariant().toStringList(), (QStringList{"[CLS]", "a,\"b", "[SEP]"}));
    QCOMPARE(root.value("display_tokens").toVariant().toStringList(),
             (QStringList{"[CLS]", "A,\"b", "[SEP]"}));
    QCOMPARE(root.value("token_ids").toArray(), (QJsonArray{1, 4711, 2}));
    QCOMPARE(root.value("layer_indices").toArray(), (QJsonArray{0, 1}));
    QCOMPARE(root.value("head_indices").toArray(), (QJsonArray{0, 1}));

    // attention[layer][head][query][key]
    const QJsonArray attention = root.value("attention").toArray();
    QCOMPARE(int(attention.size()), 2);
    for (int l = 0; l < 2; ++l) {
        QCOMPARE(int(attention.at(l).toArray().size()), 2);
        for (int h = 0; h < 2; ++h) {
            const QJsonArray rows = attention.at(l).toArray().at(h).toArray();
            QCOMPARE(int(rows.size()), 3);
            for (int q = 0; q < 3; ++q) {
                QCOMPARE(int(rows.at(q).toArray().size()), 3);
                for (int k = 0; k < 3; ++k)
                    QVERIFY(float(rows.at(q).toArray().at(k).toDouble()) == trace.weight(l, h, q, k));
            }
        }
    }
}

void JsonWriterTest::traceJsonSelection() {
    const headmap::AttentionTrace trace = sampleTrace();
    const QByteArray text = written([&](JsonWriter& json) {
        headmap::writeTraceJson(json, trace, headmap::TraceSelection{1, 0});
    });
    const QJsonObject root = parsed(text).object();
    QCOMPARE(root.value("layer_indices").toArray(), (QJsonArray{1}));
    QCOMPARE(root.value("head_indices").toArray(), (QJsonArray{0}));
    const QJsonArray attention = root.value("attention").toArray();
    QCOMPARE(int(attention.size()), 1);
    QCOMPARE(int(attention.at(0).toArray().size()), 1);
    const QJsonArray rows = attention.at(0).toArray().at(0).toArray();
    QCOMPARE(int(rows.size()), 3);
    // The selected layer 1 / head 0, not whatever comes first.
    QVERIFY(float(rows.at(2).toArray().at(1).toDouble()) == trace.weight(1, 0, 2, 1));
}

void JsonWriterTest::traceCsvLayout() {
    const headmap::AttentionTrace trace = sampleTrace();
    QBuffer buffer;
    buffer.open(QIODevice::WriteOnly);
    QVERIFY(headmap::writeTraceCsv(&buffer, trace));
    const QString text = QString::fromUtf8(buffer.data());
    QVERIFY(text.endsWith('\n'));
    const QStringList lines = text.split('\n', Qt::SkipEmptyParts);
    QCOMPARE(int(lines.size()), 2 * 2 * 3 * 3 + 1);  // L·H·T·T rows and the header
    QCOMPARE(lines.first(), QStringLiteral("layer,head,query_index,query_token,key_index,key_token,weight"));
    // Token 1 is `a,"b`: quoted, inner quote doubled (RFC 4180).
    QVERIFY(text.contains(QStringLiteral(",1,\"a,\"\"b\",")));

    int row = 1;
    for (int l = 0; l < 2; ++l)
        for (int h = 0; h < 2; ++h)
            for (int q = 0; q < 3; ++q)
                for (int k = 0; k < 3; ++k, ++row) {
                    const QStringList fields = csvFields(lines[row]);
                    QCOMPARE(fields.size(), 7);
                    QCOMPARE(fields[0].toInt(), l);
                    QCOMPARE(fields[1].toInt(), h);
                    QCOMPARE(fields[2].toInt(), q);
                    QCOMPARE(fields[3], trace.tokens()[q]);
                    QCOMPARE(fields[4].toInt(), k);
                    QCOMPARE(fields[5], trace.tokens()[k]);
                    QVERIFY2(fields[6].toFloat() == trace.weight(l, h, q, k), qPrintable(lines[row]));
                }

    QBuffer one;
    one.open(QIODevice::WriteOnly);
    QVERIFY(headmap::writeTraceCsv(&one, trace, headmap::TraceSelection{0, 1}));
    QCOMPARE(int(one.data().count('\n')), 3 * 3 + 1);
}

QTEST_APPLESS_MAIN(JsonWriterTest)
#include "tst_jsonwriter.moc"
