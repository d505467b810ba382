// headmap-cli on mixture-of-experts models (issue #39), run as a real process on the fixtures of
// tests/fixtures/moe and compared with their golden.json (transformers' own classes, see
// make_moe_fixtures.py): attention's JSON "experts" ([layer][token], null for a dense layer),
// CSV's query_experts column, npy's second file run.experts.npy, info's experts line and JSON
// fields, predict's probabilities; and a dense model's output without any of them.

#include <cmath>

#include <QTemporaryDir>
#include <QtEndian>

#include "CliProcess.h"

namespace {

QString moeFixture(const QString& name) {
    return QStringLiteral(HEADMAP_FIXTURES_DIR "/moe/") + name;
}

QJsonArray goldenCases() {
    return testsupport::fixtureJson(QStringLiteral("moe/golden.json")).value("cases").toArray();
}

// "3 6" for a token's experts in a layer, "" for a dense layer (CSV's query_experts).
QString expertField(const QJsonValue& layer, int token) {
    if (layer.isNull())
        return QString();
    QStringList parts;
    for (int e : ints(layer.toArray()[token]))
        parts << QString::number(e);
    return parts.join(QLatin1Char(' '));
}

}  // namespace

class CliMoeTest : public QObject {
    Q_OBJECT
private slots:
    void attentionJsonHasExperts_data();
    void attentionJsonHasExperts();
    void oneLayerSelectsItsExperts();
    void csvHasQueryExperts();
    void npyWritesExpertsBeside();
    void infoDescribesExperts_data();
    void infoDescribesExperts();
    void predictMatchesTransformers_data() { attentionJsonHasExperts_data(); }
    void predictMatchesTransformers();
    void denseModelsWriteNoExperts();
};

void CliMoeTest::attentionJsonHasExperts_data() {
    QTest::addColumn<QJsonObject>("golden");
    const QJsonArray cases = goldenCases();
    QVERIFY2(cases.size() == 8, "tests/fixtures/moe/golden.json is missing or lost cases");
    for (const QJsonValue& c : cases)
        QTest::newRow(qPrintable(c.toObject().value("name").toString())) << c.toObject();
}

void CliMoeTest::attentionJsonHasExperts() {
    QFETCH(QJsonObject, golden);
    const CliResult r = runCli({"attention", "--model", moeFixture(golden.value("fixture").toString()), "--ids",
                                idList(golden.value("ids")), "--format", "json"});
    CLI_CHECK(r, 0);
    CLI_JSON(json, r);
    QCOMPARE(json.value("experts").toArray(), golden.value("experts").toArray());  // null for dense layers
    const QJsonArray expected = golden.value("attention").toArray();
    const QJsonArray got = json.value("attention").toArray();
    QCOMPARE(got.size(), expected.size());
    for (int l = 0; l < expected.size(); ++l)
        for (int h = 0; h < expected[l].toArray().size(); ++h) {
            const Matrix a = matrix(got[l].toArray()[h]);
            const Matrix b = matrix(expected[l].toArray()[h]);
            double diff = 0.0;
            for (int q = 0; q < b.size(); ++q)
                for (int k = 0; k < b[q].size(); ++k)
                    diff = std::max(diff, std::abs(a[q][k] - b[q][k]));
            QVERIFY2(diff <= 1e-4, qPrintable(QStringLiteral("layer %1 head %2: %3").arg(l).arg(h).arg(diff)));
        }
}

void CliMoeTest::oneLayerSelectsItsExperts() {
    const QJsonObject golden = goldenCases().at(0).toObject();  // qwen3_moe: layer 1 is dense
    for (int layer : {1, 2}) {
        const CliResult r = runCli({"attention", "--model", moeFixture(golden.value("fixture").toString()), "--ids",
                                    idList(golden.value("ids")), "--layer", QString::number(layer), "--head", "0"});
        CLI_CHECK(r, 0);
        CLI_JSON(json, r);
        QCOMPARE(json.value("experts").toArray(), QJsonArray{golden.value("experts").toArray()[layer]});
    }
}

void CliMoeTest::csvHasQueryExperts() {
    const QJsonObject golden = goldenCases().at(0).toObject();
    const CliResult r = runCli({"attention", "--model", moeFixture(golden.value("fixture").toString()), "--ids",
                                idList(golden.value("ids")), "--format", "csv"});
    CLI_CHECK(r, 0);
    const QList<QByteArray> lines = r.out.trimmed().split('\n');
    QCOMPARE(lines.first(), QByteArray("layer,head,query_index,query_token,key_index,key_token,weight,query_experts"));
    const QJsonArray experts = golden.value("experts").toArray();
    int checked = 0;
    for (int i = 1; i < lines.size(); ++i) {
        // layer, head and query_index come first and query_experts last, none with a comma;
        // the tokens between may hold one (quoted).
        const QList<QByteArray> fields = lines[i].split(',');
        QVERIFY(fields.size() >= 8);
        const int layer = fields[0].toInt();
        const int query = fields[2].toInt();
        QCOMPARE(QString::fromUtf8(fields.last()), expertField(experts[layer], query));
        ++checked;
    }
    const int t = ints(golden.value("ids")).size();
    QCOMPARE(checked, 3 * 4 * t * t);
}

void CliMoeTest::npyWritesExpertsBeside() {
    const QJsonObject golden = goldenCases().at(2).toObject();  // mixtral, with tied experts
    QTemporaryDir dir;
    const QString output = dir.filePath("run.npy");
    const CliResult r = runCli({"attention", "--model", moeFixture(golden.value("fixture").toString()), "--ids",
                                idList(golden.value("ids")), "--format", "npy", "--output", output});
    CLI_CHECK(r, 0);
    QVERIFY(QFile::exists(output));
    const QByteArray bytes = readFile(dir.filePath("run.experts.npy"));
    QVERIFY(bytes.startsWith("\x93NUMPY\x01\x00"));
    const int headerLength = qFromLittleEndian<quint16>(bytes.constData() + 8);
    const QByteArray header = bytes.mid(10, headerLength);
    const QJsonArray experts = golden.value("experts").toArray();
    const int t = ints(golden.value("ids")).size();
    QVERIFY2(header.contains("'descr': '<i4'"), header.constData());
    QVERIFY2(header.contains(QStringLiteral("'shape': (%1, %2, 2)").arg(experts.size()).arg(t).toLatin1()), header.constData());
    QCOMPARE((10 + headerLength) % 64, 0);
    const char* data = bytes.constData() + 10 + headerLength;
    QCOMPARE(bytes.size() - 10 - headerLength, qsizetype(experts.size() * t * 2 * 4));
    for (int l = 0; l < experts.size(); ++l)
        for (int q = 0; q < t; ++q) {
            const QList<int> want = ints(experts[l].toArray()[q]);
            for (int j = 0; j < 2; ++j)
                QCOMPARE(qFromLittleEndian<qint32>(data + 4 * ((l * t + q) * 2 + j)), qint32(want[j]));
        }
}

void CliMoeTest::infoDescribesExperts_data() {
    QTest::addColumn<QString>("fixture");
    QTest::addColumn<QString>("line");
    QTest::addColumn<int>("shared");
    QTest::addColumn<QList<int>>("sparseLayers");
    QTest::newRow("qwen3_moe") << "qwen3_moe_f32"
                               << "experts        8 per layer, top-4 per token, no shared expert; mixture on layers 0, 2; dense 1"
                               << 0 << QList<int>{0, 2};
    QTest::newRow("mixtral") << "mixtral_f32" << "experts        8 per layer, top-2 per token, no shared expert; mixture on every layer"
                             << 0 << QList<int>{0, 1};
    QTest::newRow("qwen2_moe") << "qwen2_moe_f32"
                               << "experts        6 per layer, top-2 per token, 1 shared (sigmoid-gated); mixture on layers 1, 3; dense 0, 2"
                               << 1 << QList<int>{1, 3};
}

void CliMoeTest::infoDescribesExperts() {
    QFETCH(QString, fixture);
    QFETCH(QString, line);
    QFETCH(int, shared);
    QFETCH(QList<int>, sparseLayers);
    const CliResult text = runCli({"info", "--model", moeFixture(fixture)});
    CLI_CHECK(text, 0);
    QVERIFY2(QString::fromUtf8(text.out).split(QLatin1Char('\n')).contains(line), text.out.constData());
    const CliResult r = runCli({"info", "--model", moeFixture(fixture), "--format", "json"});
    CLI_CHECK(r, 0);
    CLI_JSON(json, r);
    const QJsonObject model = json.contains("model") ? json.value("model").toObject() : json;
    QCOMPARE(model.value("shared_experts").toInt(-1), shared);
    QCOMPARE(ints(model.value("expert_layers")), sparseLayers);
}

// predict's next-token probabilities: softmax of transformers' logits at the last position.
void CliMoeTest::predictMatchesTransformers() {
    QFETCH(QJsonObject, golden);
    const CliResult r = runCli({"predict", "--model", moeFixture(golden.value("fixture").toString()), "--ids",
                                idList(golden.value("ids")), "--top", "3", "--format", "json"});
    CLI_CHECK(r, 0);
    CLI_JSON(json, r);
    const QJsonArray logits = golden.value("logits").toArray().last().toArray();
    double top = -INFINITY, sum = 0.0;
    for (const QJsonValue& v : logits)
        top = std::max(top, v.toDouble());
    for (const QJsonValue& v : logits)
        sum += std::exp(v.toDouble() - top);
    const QJsonArray got = json.value("top").toArray();
    QCOMPARE(got.size(), 3);
    for (const QJsonValue& entry : got) {
        const int id = entry.toObject().value("id").toInt(-1);
        QVERIFY(id >= 0 && id < logits.size());
        const double p = std::exp(logits[id].toDouble() - top) / sum;
        QVERIFY2(std::abs(entry.toObject().value("probability").toDouble() - p) <= 1e-4, qPrintable(QString::number(id)));
    }
    // The most likely token is transformers' argmax.
    int best = 0;
    for (int v = 1; v < logits.size(); ++v)
        if (logits[v].toDouble() > logits[best].toDouble())
            best = v;
    QCOMPARE(got[0].toObject().value("id").toInt(), best);
}

// The outputs of dense models stay as they were: no experts key, the old CSV header, one file.
void CliMoeTest::denseModelsWriteNoExperts() {
    const CliResult json = runCli({"attention", "--model", modelFixture("qwen3_f32"), "--text", "Hej", "--format", "json"});
    CLI_CHECK(json, 0);
    CLI_JSON(object, json);
    QVERIFY(!object.contains("experts"));
    QVERIFY(!object.value("model").toObject().contains("experts"));
    const CliResult csv = runCli({"attention", "--model", modelFixture("qwen3_f32"), "--text", "Hej", "--format", "csv"});
    CLI_CHECK(csv, 0);
    QVERIFY(csv.out.startsWith("layer,head,query_index,query_token,key_index,key_token,weight\n"));
    QTemporaryDir dir;
    const CliResult npy = runCli({"attention", "--model", modelFixture("qwen3_f32"), "--text", "Hej", "--format", "npy",
                                  "--output", dir.filePath("run.npy")});
    CLI_CHECK(npy, 0);
    QVERIFY(!QFile::exists(dir.filePath("run.experts.npy")));
}

QTEST_GUILESS_MAIN(CliMoeTest)
#include "tst_climoe.moc"
