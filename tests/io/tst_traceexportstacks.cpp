// The trace exporters (io/TraceExport, io/NpyWriter) with the stacks of an encoder–decoder run:
// hand-made traces (tests/support/SyntheticSeq2Seq.h) whose every cell holds a known value, so
// JSON, CSV and .npy are checked cell by cell for the encoder's (S, S), the decoder's (T, T) and
// cross-attention's (T, S) heads, with both axes' tokens named; and a one-stack trace keeps the
// layout it always had. Steps of a cross-attention head carry the encoder's output.

#include <cstring>

#include <QBuffer>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QtTest>

#include "SyntheticSeq2Seq.h"
#include "io/JsonWriter.h"
#include "io/NpyWriter.h"
#include "io/TraceExport.h"

using namespace headmap;
using testsupport::syntheticSeq2SeqRun;
using testsupport::syntheticWeight;

Q_DECLARE_METATYPE(headmap::StackKind)

namespace {

template <typename Write>
QByteArray writtenBy(Write write) {
    QBuffer buffer;
    buffer.open(QIODevice::WriteOnly);
    write(&buffer);
    return buffer.data();
}

QByteArray traceJson(const AttentionTrace& trace, const TraceSelection& selection = {},
                     const std::function<void(JsonWriter&)>& extra = {}) {
    return writtenBy([&](QIODevice* device) {
        JsonWriter json(device);
        writeTraceJson(json, trace, selection, QStringLiteral("weights"), extra);
        json.flush();
    });
}

QStringList stringsOf(const QJsonValue& value) {
    QStringList out;
    for (const QJsonValue& v : value.toArray())
        out << v.toString();
    return out;
}

std::vector<int> intsOf(const QJsonValue& value) {
    std::vector<int> out;
    for (const QJsonValue& v : value.toArray())
        out.push_back(v.toInt(-1));
    return out;
}

QStringList numbered(const QString& prefix, int n) {
    QStringList tokens;
    for (int i = 0; i < n; ++i)
        tokens << prefix + QString::number(i);
    return tokens;
}

// The number of cells in `attention` that differ from syntheticWeight, or -1 for a wrong shape.
int wrongCells(const QJsonArray& attention, StackKind stack, const std::vector<int>& layers,
               const std::vector<int>& heads, int t, int s) {
    if (attention.size() != qsizetype(layers.size()))
        return -1;
    int wrong = 0;
    for (size_t li = 0; li < layers.size(); ++li) {
        const QJsonArray layer = attention[qsizetype(li)].toArray();
        if (layer.size() != qsizetype(heads.size()))
            return -1;
        for (size_t hi = 0; hi < heads.size(); ++hi) {
            const QJsonArray rows = layer[qsizetype(hi)].toArray();
            if (rows.size() != t)
                return -1;
            for (int q = 0; q < t; ++q) {
                const QJsonArray row = rows[q].toArray();
                if (row.size() != s)
                    return -1;
                for (int k = 0; k < s; ++k) {
                    // The shortest text that reads back as the same float (JsonWriter) is compared
                    // as a float.
                    const float expected = syntheticWeight(stack, layers[li], heads[hi], q, k);
                    if (float(row[k].toDouble()) != expected && wrong++ == 0)
                        qWarning("first wrong cell: layer %d head %d [%d][%d] = %.9g, expected %.9g", layers[li],
                                 heads[hi], q, k, row[k].toDouble(), double(expected));
                }
            }
        }
    }
    return wrong;
}

}  // namespace

class TraceExportStacksTest : public QObject {
    Q_OBJECT

private slots:
    void json_data();
    void json();
    void jsonSelection();
    void csv_data();
    void csv();
    void npy_data();
    void npy();
    void oneStackLayoutUnchanged();
    void summaryStacks();
    void crossSteps();
};

void TraceExportStacksTest::json_data() {
    QTest::addColumn<StackKind>("stack");
    QTest::addColumn<int>("sourceLength");
    QTest::addColumn<int>("targetLength");
    for (StackKind stack : {StackKind::Encoder, StackKind::Decoder, StackKind::Cross}) {
        const QByteArray name = stackName(stack).toLatin1();
        QTest::addRow("%s, source longer", name.constData()) << stack << 5 << 3;
        QTest::addRow("%s, target longer", name.constData()) << stack << 2 << 6;
        QTest::addRow("%s, one target row", name.constData()) << stack << 4 << 1;
        QTest::addRow("%s, equal lengths", name.constData()) << stack << 3 << 3;
    }
}

// Each stack names its axes: queries and keys always, "tokens" only where they are one list;
// the heads are (T, S) with the formula's value in every cell; extra fields come before
// "attention".
void TraceExportStacksTest::json() {
    QFETCH(StackKind, stack);
    QFETCH(int, sourceLength);
    QFETCH(int, targetLength);
    const QStringList source = numbered(QStringLiteral("src"), sourceLength);
    const QStringList target = numbered(QStringLiteral("tgt"), targetLength);
    const RunResult run = syntheticSeq2SeqRun(source, target);
    const AttentionTrace& trace = run.stack(stack);
    const QByteArray text = traceJson(trace, {}, [](JsonWriter& json) {
        json.key("target_text");
        json.value("tgt0 tgt1");
    });
    const QJsonObject out = QJsonDocument::fromJson(text).object();
    QVERIFY2(!out.isEmpty(), text.left(200).constData());

    const QStringList queries = stack == StackKind::Encoder ? source : target;
    const QStringList keys = stack == StackKind::Cross ? source : queries;
    QCOMPARE(out["stack"].toString(), stackName(stack));
    QCOMPARE(stringsOf(out["query_tokens"]), queries);
    QCOMPARE(stringsOf(out["query_display_tokens"]), queries);
    QCOMPARE(stringsOf(out["key_tokens"]), keys);
    QCOMPARE(stringsOf(out["key_display_tokens"]), keys);
    QCOMPARE(intsOf(out["query_token_ids"]), trace.tokenIds());
    QCOMPARE(intsOf(out["key_token_ids"]), trace.keyTokenIds());
    QCOMPARE(out.contains("tokens"), stack != StackKind::Cross);
    QCOMPARE(out.contains("token_ids"), stack != StackKind::Cross);
    if (stack != StackKind::Cross)
        QCOMPARE(stringsOf(out["tokens"]), queries);
    QCOMPARE(out["target_text"].toString(), QStringLiteral("tgt0 tgt1"));
    QVERIFY(text.indexOf("\"target_text\"") < text.indexOf("\"attention\""));

    std::vector<int> layers, heads;
    for (int l = 0; l < trace.layers(); ++l)
        layers.push_back(l);
    for (int h = 0; h < trace.heads(); ++h)
        heads.push_back(h);
    QCOMPARE(wrongCells(out["attention"].toArray(), stack, layers, heads, int(queries.size()), int(keys.size())), 0);
}

// --layer/--head of a cross-attention trace: still four levels deep, the slice's own values.
void TraceExportStacksTest::jsonSelection() {
    const RunResult run = syntheticSeq2SeqRun(numbered("s", 4), numbered("t", 2));
    const AttentionTrace& cross = run.stack(StackKind::Cross);
    const QJsonObject out = QJsonDocument::fromJson(traceJson(cross, TraceSelection{0, 2})).object();
    QCOMPARE(intsOf(out["layer_indices"]), std::vector<int>{0});
    QCOMPARE(intsOf(out["head_indices"]), std::vector<int>{2});
    QCOMPARE(wrongCells(out["attention"].toArray(), StackKind::Cross, {0}, {2}, 2, 4), 0);
    // The encoder has two layers; its second, head 1.
    const QJsonObject encoder =
        QJsonDocument::fromJson(traceJson(run.stack(StackKind::Encoder), TraceSelection{1, 1})).object();
    QCOMPARE(wrongCells(encoder["attention"].toArray(), StackKind::Encoder, {1}, {1}, 4, 4), 0);
}

void TraceExportStacksTest::csv_data() {
    QTest::addColumn<StackKind>("stack");
    QTest::addColumn<int>("layer");
    QTest::addColumn<int>("head");
    QTest::newRow("cross, every head") << StackKind::Cross << -1 << -1;
    QTest::newRow("cross, head 1") << StackKind::Cross << 0 << 1;
    QTest::newRow("encoder, layer 1") << StackKind::Encoder << 1 << -1;
    QTest::newRow("decoder, every head") << StackKind::Decoder << -1 << -1;
}

// One line per (layer, head, query, key): query tokens from the rows, key tokens from the
// columns (the source for cross-attention), the cell's value.
void TraceExportStacksTest::csv() {
    QFETCH(StackKind, stack);
    QFETCH(int, layer);
    QFETCH(int, head);
    const RunResult run = syntheticSeq2SeqRun(numbered("src", 5), numbered("tgt", 3));
    const AttentionTrace& trace = run.stack(stack);
    const QByteArray text = writtenBy([&](QIODevice* device) {
        QVERIFY(writeTraceCsv(device, trace, TraceSelection{layer, head}));
    });
    QStringList lines = QString::fromUtf8(text).split(QLatin1Char('\n'), Qt::SkipEmptyParts);
    QCOMPARE(lines.takeFirst(), QStringLiteral("layer,head,query_index,query_token,key_index,key_token,weight"));
    const int t = trace.length(), s = trace.keyLength();
    const int layers = layer >= 0 ? 1 : trace.layers(), heads = head >= 0 ? 1 : trace.heads();
    QCOMPARE(lines.size(), layers * heads * t * s);
    for (int i = 0; i < lines.size(); ++i) {
        const QStringList f = lines[i].split(QLatin1Char(','));
        QCOMPARE(f.size(), 7);
        const int l = f[0].toInt(), h = f[1].toInt(), q = f[2].toInt(), k = f[4].toInt();
        QCOMPARE(l, layer >= 0 ? layer : i / (heads * t * s));
        QCOMPARE(h, head >= 0 ? head : (i / (t * s)) % heads);
        QCOMPARE(q, (i / s) % t);
        QCOMPARE(k, i % s);
        QCOMPARE(f[3], trace.tokens()[q]);
        QCOMPARE(f[5], trace.keyTokens()[k]);
        QCOMPARE(f[6].toFloat(), syntheticWeight(stack, l, h, q, k));
    }
}

void TraceExportStacksTest::npy_data() {
    csv_data();
}

// (L, H, T, S) float32 in C order: [layer][head][query][key].
void TraceExportStacksTest::npy() {
    QFETCH(StackKind, stack);
    QFETCH(int, layer);
    QFETCH(int, head);
    const RunResult run = syntheticSeq2SeqRun(numbered("src", 5), numbered("tgt", 3));
    const AttentionTrace& trace = run.stack(stack);
    const QByteArray bytes = writtenBy([&](QIODevice* device) { QVERIFY(writeTraceNpy(device, trace, layer, head)); });
    const int t = trace.length(), s = trace.keyLength();
    const int layers = layer >= 0 ? 1 : trace.layers(), heads = head >= 0 ? 1 : trace.heads();
    const QByteArray shape = QStringLiteral("'shape': (%1, %2, %3, %4), }").arg(layers).arg(heads).arg(t).arg(s).toLatin1();
    QVERIFY2(bytes.contains(shape), bytes.left(128).constData());
    const int headerLength = uchar(bytes[8]) | (uchar(bytes[9]) << 8);
    const QByteArray data = bytes.mid(10 + headerLength);
    QCOMPARE(data.size(), qsizetype(layers) * heads * t * s * 4);
    int wrong = 0;
    for (int li = 0; li < layers; ++li)
        for (int hi = 0; hi < heads; ++hi)
            for (int q = 0; q < t; ++q)
                for (int k = 0; k < s; ++k) {
                    float value;
                    std::memcpy(&value, data.constData() + 4 * (((qsizetype(li) * heads + hi) * t + q) * s + k), 4);
                    wrong += value != syntheticWeight(stack, layer >= 0 ? layer : li, head >= 0 ? head : hi, q, k);
                }
    QCOMPARE(wrong, 0);
}

// A trace of a one-stack model (no stacks, no key tokens) is written as before this work: the
// same keys in the same order, no "stack", no query/key names, the model without stacks.
void TraceExportStacksTest::oneStackLayoutUnchanged() {
    ModelSummary model;
    model.name = QStringLiteral("plain");
    model.layers = 1;
    model.heads = 1;
    AttentionTrace trace(model, {1, 2}, {"a", "b"}, {"A", "B"});
    trace.headData(0, 0)[1] = 0.5f;
    const QByteArray text = traceJson(trace);
    QVERIFY(text.startsWith("{\"model\":{\"name\":\"plain\","));
    QVERIFY2(text.contains("\"quantization\":\"\"},\"tokens\":[\"a\",\"b\"],\"display_tokens\":[\"A\",\"B\"],"
                           "\"token_ids\":[1,2],\"layer_indices\":[0],\"head_indices\":[0],\"measure\":\"weights\","
                           "\"attention\":[[[[0,0.5],[0,0]]]]}"),
             text.constData());
    QVERIFY(!text.contains("stack"));
    QVERIFY(!text.contains("query_"));
}

// The model object of an encoder–decoder trace: the stack it is of, all three stacks' shapes,
// the target vocabulary.
void TraceExportStacksTest::summaryStacks() {
    const RunResult run = syntheticSeq2SeqRun(numbered("s", 2), numbered("t", 2));
    const QJsonObject out = QJsonDocument::fromJson(traceJson(run.stack(StackKind::Encoder))).object();
    const QJsonObject model = out["model"].toObject();
    QCOMPARE(model["stack"].toString(), QStringLiteral("encoder"));
    QCOMPARE(model["layers"].toInt(), 2);
    QCOMPARE(model["target_vocab_size"].toInt(), 80);
    const QJsonArray stacks = model["stacks"].toArray();
    QCOMPARE(stacks.size(), 3);
    const QStringList names{"encoder", "decoder", "cross"};
    const QList<int> layers{2, 1, 1};
    for (int i = 0; i < 3; ++i) {
        const QJsonObject s = stacks[i].toObject();
        QCOMPARE(s["stack"].toString(), names[i]);
        QCOMPARE(s["layers"].toInt(), layers[i]);
        QCOMPARE(s["heads"].toInt(), 3);
        QCOMPARE(s["causal"].toBool(), i == 1);
    }
}

// Steps of a cross-attention head: the query and key tokens, and the encoder's output beside x;
// a self-attention head's steps have no "memory" (as before).
void TraceExportStacksTest::crossSteps() {
    const RunResult run = syntheticSeq2SeqRun(numbered("src", 4), numbered("tgt", 2));
    HeadSteps steps;
    steps.layer = 0;
    steps.head = 1;
    steps.x = MatrixF::Constant(2, 12, 0.25f);      // (T, d_model)
    steps.memory = MatrixF::Constant(4, 12, 0.5f);  // (S, d_model)
    steps.weights = MatrixF::Constant(2, 4, 0.25f);  // (T, S)
    const auto stepsJson = [](const AttentionTrace& trace, const HeadSteps& s) {
        return QJsonDocument::fromJson(writtenBy([&](QIODevice* device) {
                   JsonWriter json(device);
                   writeStepsJson(json, trace, s);
                   json.flush();
               })).object();
    };
    const QJsonObject cross = stepsJson(run.stack(StackKind::Cross), steps);
    QCOMPARE(cross["stack"].toString(), QStringLiteral("cross"));
    QCOMPARE(stringsOf(cross["key_tokens"]), numbered("src", 4));
    QCOMPARE(stringsOf(cross["query_tokens"]), numbered("tgt", 2));
    QCOMPARE(cross["memory"].toArray().size(), 4);
    QCOMPARE(cross["memory"].toArray()[0].toArray().size(), 12);
    QCOMPARE(cross["weights"].toArray()[1].toArray().size(), 4);
    QVERIFY(!cross.contains("biased"));

    steps.memory = MatrixF();
    ModelSummary model;
    model.layers = 1;
    model.heads = 2;
    const QJsonObject self = stepsJson(AttentionTrace(model, {1, 2}, {"a", "b"}, {"a", "b"}), steps);
    QVERIFY(!self.contains("memory"));
    QVERIFY(!self.contains("stack"));
    QCOMPARE(stringsOf(self["tokens"]), (QStringList{"a", "b"}));
}

QTEST_GUILESS_MAIN(TraceExportStacksTest)
#include "tst_traceexportstacks.moc"
