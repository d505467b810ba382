// headmap-cli on gpt-oss (issue #39), run as a real process on tests/fixtures/gpt_oss (dense F32
// and the Hub's MXFP4 layout) and compared with their golden.json (transformers' own GptOss
// classes, see make_gpt_oss_fixtures.py): attention's JSON keeps "attention" as transformers
// returns it (rows without the dropped sink) and adds "sink_mass" [layer][head][query] = 1 − the
// golden row's sum, and "experts"; CSV's sink column; npy's run.sink.npy; info's sinks and
// sliding layers; predict's probabilities; and a model without sinks writes none of them.

#include <cmath>

#include <QTemporaryDir>
#include <QtEndian>

#include "CliProcess.h"

namespace {

QString fixture(const QString& name) {
    return QStringLiteral(HEADMAP_FIXTURES_DIR "/gpt_oss/") + name;
}

QJsonArray goldenCases() {
    return testsupport::fixtureJson(QStringLiteral("gpt_oss/golden.json")).value("cases").toArray();
}

// 1 − the sum of row q of the golden's head (layer, head).
double goldenSinkMass(const QJsonObject& golden, int layer, int head, int q) {
    double sum = 0.0;
    for (const QJsonValue& v : golden.value("attention").toArray()[layer].toArray()[head].toArray()[q].toArray())
        sum += v.toDouble();
    return 1.0 - sum;
}

}  // namespace

class CliGptOssTest : public QObject {
    Q_OBJECT
private slots:
    void attentionJsonHasSinkMass_data();
    void attentionJsonHasSinkMass();
    void oneHeadSelectsItsSinkMass();
    void csvHasSinkColumn();
    void npyWritesSinkMassBeside();
    void infoDescribesSinksAndSlidingLayers();
    void predictMatchesTransformers();
    void modelsWithoutSinksWriteNone();
    void valueNormWritesNoSinkMass();
};

void CliGptOssTest::attentionJsonHasSinkMass_data() {
    QTest::addColumn<QString>("folder");
    QTest::addColumn<QJsonObject>("golden");
    const QJsonArray cases = goldenCases();
    QVERIFY2(cases.size() == 2, "tests/fixtures/gpt_oss/golden.json is missing or lost cases");
    for (const char* folder : {"gpt_oss_f32", "gpt_oss_mxfp4"})
        for (const QJsonValue& c : cases)
            QTest::newRow(qPrintable(QStringLiteral("%1 %2").arg(folder, c.toObject().value("name").toString())))
                << QString::fromLatin1(folder) << c.toObject();
}

void CliGptOssTest::attentionJsonHasSinkMass() {
    QFETCH(QString, folder);
    QFETCH(QJsonObject, golden);
    const CliResult r = runCli({"attention", "--model", fixture(folder), "--ids", idList(golden.value("ids")),
                                "--format", "json"});
    CLI_CHECK(r, 0);
    CLI_JSON(json, r);
    QVERIFY(json.value("model").toObject().value("attention_sinks").toBool());
    QCOMPARE(json.value("experts").toArray(), golden.value("experts").toArray());
    const QJsonArray expected = golden.value("attention").toArray();
    const QJsonArray got = json.value("attention").toArray();
    const QJsonArray sinks = json.value("sink_mass").toArray();
    QCOMPARE(got.size(), expected.size());
    QCOMPARE(sinks.size(), expected.size());
    for (int l = 0; l < expected.size(); ++l)
        for (int h = 0; h < expected[l].toArray().size(); ++h) {
            const Matrix a = matrix(got[l].toArray()[h]);
            const Matrix b = matrix(expected[l].toArray()[h]);
            const QJsonArray mass = sinks[l].toArray()[h].toArray();
            QCOMPARE(mass.size(), int(b.size()));
            double diff = 0.0, sinkDiff = 0.0;
            for (int q = 0; q < int(b.size()); ++q) {
                double rowSum = 0.0;
                for (int k = 0; k < int(b[q].size()); ++k) {
                    diff = std::max(diff, std::abs(a[q][k] - b[q][k]));
                    rowSum += a[q][k];
                }
                QVERIFY2(rowSum < 1.0, qPrintable(QStringLiteral("layer %1 head %2 row %3").arg(l).arg(h).arg(q)));
                QVERIFY(mass[q].toDouble() > 0.0);
                sinkDiff = std::max(sinkDiff, std::abs(mass[q].toDouble() - goldenSinkMass(golden, l, h, q)));
            }
            QVERIFY2(diff <= 1e-4, qPrintable(QStringLiteral("layer %1 head %2: %3").arg(l).arg(h).arg(diff)));
            QVERIFY2(sinkDiff <= 1e-4, qPrintable(QStringLiteral("sink mass of layer %1 head %2: %3").arg(l).arg(h).arg(sinkDiff)));
        }
}

void CliGptOssTest::oneHeadSelectsItsSinkMass() {
    const QJsonObject golden = goldenCases().at(0).toObject();
    const CliResult r = runCli({"attention", "--model", fixture("gpt_oss_mxfp4"), "--ids", idList(golden.value("ids")),
                                "--layer", "1", "--head", "2"});
    CLI_CHECK(r, 0);
    CLI_JSON(json, r);
    const QJsonArray sinks = json.value("sink_mass").toArray();
    QCOMPARE(sinks.size(), 1);
    QCOMPARE(sinks[0].toArray().size(), 1);
    const QJsonArray mass = sinks[0].toArray()[0].toArray();
    QCOMPARE(mass.size(), ints(golden.value("ids")).size());
    for (int q = 0; q < mass.size(); ++q)
        QVERIFY(std::abs(mass[q].toDouble() - goldenSinkMass(golden, 1, 2, q)) <= 1e-4);
}

void CliGptOssTest::csvHasSinkColumn() {
    const QJsonObject golden = goldenCases().at(1).toObject();
    const CliResult r = runCli({"attention", "--model", fixture("gpt_oss_f32"), "--ids", idList(golden.value("ids")),
                                "--format", "csv"});
    CLI_CHECK(r, 0);
    const QList<QByteArray> lines = r.out.trimmed().split('\n');
    QCOMPARE(lines.first(), QByteArray("layer,head,query_index,query_token,key_index,key_token,weight,sink,query_experts"));
    const QJsonArray experts = golden.value("experts").toArray();
    int checked = 0;
    for (int i = 1; i < lines.size(); ++i) {
        // layer, head and query_index first; weight, sink and query_experts last, none with a
        // comma; the tokens between may hold one (quoted).
        const QList<QByteArray> fields = lines[i].split(',');
        QVERIFY(fields.size() >= 9);
        const int layer = fields[0].toInt();
        const int head = fields[1].toInt();
        const int query = fields[2].toInt();
        QVERIFY(std::abs(fields[fields.size() - 2].toDouble() - goldenSinkMass(golden, layer, head, query)) <= 1e-4);
        QStringList want;
        for (int e : ints(experts[layer].toArray()[query]))
            want << QString::number(e);
        QCOMPARE(QString::fromUtf8(fields.last()), want.join(QLatin1Char(' ')));
        ++checked;
    }
    const int t = ints(golden.value("ids")).size();
    QCOMPARE(checked, 3 * 4 * t * t);
}

void CliGptOssTest::npyWritesSinkMassBeside() {
    const QJsonObject golden = goldenCases().at(0).toObject();
    QTemporaryDir dir;
    const QString output = dir.filePath("run.npy");
    const CliResult r = runCli({"attention", "--model", fixture("gpt_oss_mxfp4"), "--ids", idList(golden.value("ids")),
                                "--format", "npy", "--output", output});
    CLI_CHECK(r, 0);
    QVERIFY(QFile::exists(output));
    QVERIFY(QFile::exists(dir.filePath("run.experts.npy")));
    const QByteArray bytes = readFile(dir.filePath("run.sink.npy"));
    QVERIFY(bytes.startsWith("\x93NUMPY\x01\x00"));
    const int headerLength = qFromLittleEndian<quint16>(bytes.constData() + 8);
    const QByteArray header = bytes.mid(10, headerLength);
    const int t = ints(golden.value("ids")).size();
    QVERIFY2(header.contains("'descr': '<f4'"), header.constData());
    QVERIFY2(header.contains(QStringLiteral("'shape': (3, 4, %1)").arg(t).toLatin1()), header.constData());
    QCOMPARE((10 + headerLength) % 64, 0);
    QCOMPARE(bytes.size() - 10 - headerLength, qsizetype(3 * 4 * t * 4));
    const char* data = bytes.constData() + 10 + headerLength;
    for (int l = 0; l < 3; ++l)
        for (int h = 0; h < 4; ++h)
            for (int q = 0; q < t; ++q) {
                const float got = qFromLittleEndian<float>(data + 4 * ((l * 4 + h) * t + q));
                QVERIFY2(std::abs(got - goldenSinkMass(golden, l, h, q)) <= 1e-4,
                         qPrintable(QStringLiteral("%1 %2 %3").arg(l).arg(h).arg(q)));
            }
}

void CliGptOssTest::infoDescribesSinksAndSlidingLayers() {
    for (const char* folder : {"gpt_oss_f32", "gpt_oss_mxfp4"}) {
        const CliResult text = runCli({"info", "--model", fixture(QString::fromLatin1(folder))});
        CLI_CHECK(text, 0);
        const QStringList lines = QString::fromUtf8(text.out).split(QLatin1Char('\n'));
        QVERIFY2(lines.contains(QStringLiteral("sinks          a learned sink per head: rows sum to less than 1, "
                                               "1 - the sum is the sink mass")), text.out.constData());
        QVERIFY2(lines.contains(QStringLiteral("window         4 tokens on layers 0, 2")), text.out.constData());
        QVERIFY2(lines.contains(QStringLiteral("experts        8 per layer, top-3 per token, no shared expert; "
                                               "mixture on every layer")), text.out.constData());
        QVERIFY2(text.out.contains("rope (yarn"), text.out.constData());
        const CliResult r = runCli({"info", "--model", fixture(QString::fromLatin1(folder)), "--format", "json"});
        CLI_CHECK(r, 0);
        CLI_JSON(json, r);
        QVERIFY(json.value("attention_sinks").toBool());
        const QJsonArray masks = json.value("layer_masks").toArray();
        QCOMPARE(masks.size(), 3);
        QCOMPARE(masks[0].toObject().value("kind").toString(), QStringLiteral("sliding_window"));
        QCOMPARE(masks[1].toObject().value("kind").toString(), QStringLiteral("causal"));
        QCOMPARE(masks[2].toObject().value("window").toInt(), 4);
    }
}

// predict's next-token probabilities: softmax of transformers' logits at the last position.
void CliGptOssTest::predictMatchesTransformers() {
    for (const QJsonValue& value : goldenCases()) {
        const QJsonObject golden = value.toObject();
        const CliResult r = runCli({"predict", "--model", fixture("gpt_oss_mxfp4"), "--ids", idList(golden.value("ids")),
                                    "--top", "3", "--format", "json"});
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
    }
}

// Other families' outputs stay as they were: no sink_mass, no sink column, no .sink.npy.
void CliGptOssTest::modelsWithoutSinksWriteNone() {
    const QString mixtral = QStringLiteral(HEADMAP_FIXTURES_DIR "/moe/mixtral_f32");
    const CliResult json = runCli({"attention", "--model", mixtral, "--text", "Hej", "--format", "json"});
    CLI_CHECK(json, 0);
    CLI_JSON(object, json);
    QVERIFY(!object.contains("sink_mass"));
    QVERIFY(!object.value("model").toObject().contains("attention_sinks"));
    const CliResult csv = runCli({"attention", "--model", mixtral, "--text", "Hej", "--format", "csv"});
    CLI_CHECK(csv, 0);
    QVERIFY(csv.out.startsWith("layer,head,query_index,query_token,key_index,key_token,weight,query_experts\n"));
    QTemporaryDir dir;
    const CliResult npy = runCli({"attention", "--model", mixtral, "--text", "Hej", "--format", "npy", "--output",
                                  dir.filePath("run.npy")});
    CLI_CHECK(npy, 0);
    QVERIFY(!QFile::exists(dir.filePath("run.sink.npy")));
    const CliResult info = runCli({"info", "--model", mixtral});
    CLI_CHECK(info, 0);
    QVERIFY(!info.out.contains("sinks "));
}

// Value-norm rows are not the softmax's: no sink mass is claimed for them.
void CliGptOssTest::valueNormWritesNoSinkMass() {
    const CliResult r = runCli({"attention", "--model", fixture("gpt_oss_f32"), "--text", "Hej", "--measure",
                                "value-norm", "--format", "json"});
    CLI_CHECK(r, 0);
    CLI_JSON(json, r);
    QVERIFY(!json.contains("sink_mass"));
    QVERIFY(json.contains("attention"));
}

QTEST_GUILESS_MAIN(CliGptOssTest)
#include "tst_cligptoss.moc"
