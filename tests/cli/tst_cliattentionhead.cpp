// headmap-cli attention --layer/--head computes and writes only the heads selected (#10); what it
// writes must be exactly that slice of the full `attention` output, in JSON and in .npy, for the
// plain weights, --measure value-norm and --words. The full output is the reference: the forward
// pass is the same, and the on-demand heads are proven equal to a full capture bit for bit in
// tst_ondemandheads.

#include <cstring>

#include <QtTest>

#include "CliProcess.h"

namespace {

// (layers, heads, T, T) float32 and the bytes after the header, from headmap-cli's .npy output.
struct Npy {
    QList<int> shape;
    QByteArray data;
};

Npy parseNpy(const QByteArray& bytes) {
    Npy npy;
    if (bytes.size() < 10 || !bytes.startsWith("\x93NUMPY"))
        return npy;
    const int headerLength = uchar(bytes[8]) | (uchar(bytes[9]) << 8);
    const QByteArray header = bytes.mid(10, headerLength);
    const int open = header.indexOf("'shape': (") + 10;
    const int close = header.indexOf(')', open);
    for (const QByteArray& part : header.mid(open, close - open).split(','))
        if (!part.trimmed().isEmpty())
            npy.shape << part.trimmed().toInt();
    npy.data = bytes.mid(10 + headerLength);
    return npy;
}

}  // namespace

class TestCliAttentionHead : public QObject {
    Q_OBJECT

private slots:
    void sliceEqualsFullOutput_data();
    void sliceEqualsFullOutput();
};

void TestCliAttentionHead::sliceEqualsFullOutput_data() {
    QTest::addColumn<QStringList>("input");
    QTest::addColumn<QStringList>("extra");
    QTest::addColumn<int>("layer");
    QTest::addColumn<int>("head");
    const QStringList teaching{"--model", "builtin:teaching", "--text", "The animal didn't cross the street because it was tired"};
    const QStringList gemma2{"--model", fixturePath("models/gemma2_f32"), "--ids", "5,17,29,41,53,65,77,89,101,113,125,137,149,161,173,185,197,209,221,233,245,257,269,281,7,12,24,36,48,60,72,84,96,108"};
    const QStringList qwen3{"--model", fixturePath("models/qwen3_f32"), "--text", "the cat sat on the mat and looked at the dog"};
    QTest::newRow("teaching layer 1 head 2") << teaching << QStringList{} << 1 << 2;
    QTest::newRow("teaching layer 0") << teaching << QStringList{} << 0 << -1;
    QTest::newRow("teaching head 3") << teaching << QStringList{} << -1 << 3;
    QTest::newRow("gemma2 softcap window layer 2 head 3") << gemma2 << QStringList{} << 2 << 3;
    QTest::newRow("gemma2 value-norm layer 1 head 0") << gemma2 << QStringList{"--measure", "value-norm"} << 1 << 0;
    QTest::newRow("qwen3 words layer 1 head 1") << qwen3 << QStringList{"--words"} << 1 << 1;
    QTest::newRow("qwen3 ablated layer 1 head 3") << qwen3 << QStringList{"--ablate", "0.1"} << 1 << 3;
}

void TestCliAttentionHead::sliceEqualsFullOutput() {
    QFETCH(QStringList, input);
    QFETCH(QStringList, extra);
    QFETCH(int, layer);
    QFETCH(int, head);
    QStringList selection;
    if (layer >= 0)
        selection << "--layer" << QString::number(layer);
    if (head >= 0)
        selection << "--head" << QString::number(head);
    const QStringList args = QStringList{"attention"} + input + extra;

    // JSON: the slice's numbers are the full output's, as text.
    const CliResult full = runCli(args + QStringList{"--format", "json"});
    QVERIFY2(full.finished() && full.exitCode == 0, full.describe().constData());
    const CliResult slice = runCli(args + selection + QStringList{"--format", "json"});
    QVERIFY2(slice.finished() && slice.exitCode == 0, slice.describe().constData());
    const QJsonArray all = full.json().value("attention").toArray();
    const QJsonArray part = slice.json().value("attention").toArray();
    const QList<int> layers = ints(slice.json().value("layer_indices"));
    const QList<int> heads = ints(slice.json().value("head_indices"));
    QCOMPARE(layers.size(), layer >= 0 ? 1 : all.size());
    QCOMPARE(heads.size(), head >= 0 ? 1 : all.at(0).toArray().size());
    QCOMPARE(part.size(), layers.size());
    for (int i = 0; i < layers.size(); ++i) {
        QCOMPARE(part.at(i).toArray().size(), heads.size());
        for (int j = 0; j < heads.size(); ++j) {
            const QJsonArray expected = all.at(layers[i]).toArray().at(heads[j]).toArray();
            QVERIFY(!expected.isEmpty());
            QCOMPARE(part.at(i).toArray().at(j).toArray(), expected);
        }
    }

    // npy: the slice's bytes are the full array's block for those heads.
    const CliResult fullNpy = runCli(args + QStringList{"--format", "npy"});
    QVERIFY2(fullNpy.finished() && fullNpy.exitCode == 0, fullNpy.describe().constData());
    const CliResult sliceNpy = runCli(args + selection + QStringList{"--format", "npy"});
    QVERIFY2(sliceNpy.finished() && sliceNpy.exitCode == 0, sliceNpy.describe().constData());
    const Npy whole = parseNpy(fullNpy.out), some = parseNpy(sliceNpy.out);
    QCOMPARE(whole.shape.size(), 4);
    const int t = whole.shape[2];
    QCOMPARE(some.shape, (QList<int>{int(layers.size()), int(heads.size()), t, t}));
    const qsizetype headBytes = qsizetype(t) * t * qsizetype(sizeof(float));
    QCOMPARE(whole.data.size(), whole.shape[0] * whole.shape[1] * headBytes);
    QCOMPARE(some.data.size(), layers.size() * heads.size() * headBytes);
    for (int i = 0; i < layers.size(); ++i)
        for (int j = 0; j < heads.size(); ++j) {
            const qsizetype from = (qsizetype(layers[i]) * whole.shape[1] + heads[j]) * headBytes;
            const qsizetype to = (qsizetype(i) * heads.size() + j) * headBytes;
            QVERIFY2(std::memcmp(whole.data.constData() + from, some.data.constData() + to, size_t(headBytes)) == 0,
                     qPrintable(QStringLiteral("layer %1, head %2").arg(layers[i]).arg(heads[j])));
        }
    // The float32 values are the JSON's (JSON writes the shortest text that reads back the float).
    const QJsonArray firstHead = part.at(0).toArray().at(0).toArray();
    float value = 0.0f;
    std::memcpy(&value, some.data.constData() + (qsizetype(t) + 1) * qsizetype(sizeof(float)), sizeof value);
    QCOMPARE(value, float(firstHead.at(1).toArray().at(1).toDouble()));
}

QTEST_GUILESS_MAIN(TestCliAttentionHead)
#include "tst_cliattentionhead.moc"
