// headmap-cli on the mixture-of-experts GGUF files (issue #39), run as a real process on
// tests/fixtures/gguf/models/{qwen3moe_f32, mixtral_f32, olmoe_f32, qwen2moe_f32, gpt_oss_mxfp4}.gguf (written by
// make_gguf_moe.py from the safetensors twins as llama.cpp's converter writes them) and compared
// with the twins' golden.json (transformers' own classes): attention's JSON has every head
// within 1e-4, "experts" equal to the golden's router choices ([layer][token], null for Qwen3-MoE's
// dense layer), and for gpt-oss "sink_mass" = 1 − the golden row's sum, none for the others;
// info names the experts and the layers that have them.

#include <cmath>

#include "CliProcess.h"

namespace {

QString ggufFile(const QString& name) {
    return QStringLiteral(HEADMAP_FIXTURES_DIR "/gguf/models/") + name;
}

// The first golden case of the twin (for moe/golden.json, the first of its fixture).
QJsonObject twinCase(const QString& golden, const QString& fixture) {
    for (const QJsonValue& c : testsupport::fixtureJson(golden).value("cases").toArray())
        if (fixture.isEmpty() || c.toObject().value("fixture").toString() == fixture)
            return c.toObject();
    return {};
}

}  // namespace

class CliGgufMoeTest : public QObject {
    Q_OBJECT
private slots:
    void attentionMatchesTwin_data();
    void attentionMatchesTwin();
    void infoDescribesExperts_data();
    void infoDescribesExperts();
};

void CliGgufMoeTest::attentionMatchesTwin_data() {
    QTest::addColumn<QString>("file");
    QTest::addColumn<QJsonObject>("golden");
    QTest::addColumn<bool>("sinks");
    QTest::newRow("qwen3moe") << "qwen3moe_f32.gguf" << twinCase("moe/golden.json", "qwen3_moe_f32") << false;
    QTest::newRow("mixtral") << "mixtral_f32.gguf" << twinCase("moe/golden.json", "mixtral_f32") << false;
    QTest::newRow("olmoe") << "olmoe_f32.gguf" << twinCase("moe/golden.json", "olmoe_f32") << false;
    QTest::newRow("qwen2moe") << "qwen2moe_f32.gguf" << twinCase("moe/golden.json", "qwen2_moe_f32") << false;
    QTest::newRow("gpt-oss MXFP4") << "gpt_oss_mxfp4.gguf" << twinCase("gpt_oss/golden.json", QString()) << true;
}

void CliGgufMoeTest::attentionMatchesTwin() {
    QFETCH(QString, file);
    QFETCH(QJsonObject, golden);
    QFETCH(bool, sinks);
    QVERIFY2(!golden.isEmpty(), "the twin's golden.json is missing or lost its cases");
    const CliResult r = runCli({"attention", "--model", ggufFile(file), "--ids", idList(golden.value("ids")),
                                "--format", "json"});
    CLI_CHECK(r, 0);
    CLI_JSON(json, r);
    QCOMPARE(json.value("experts").toArray(), golden.value("experts").toArray());
    QCOMPARE(json.contains("sink_mass"), sinks);
    const QJsonArray expected = golden.value("attention").toArray();
    const QJsonArray got = json.value("attention").toArray();
    QCOMPARE(got.size(), expected.size());
    for (int l = 0; l < expected.size(); ++l)
        for (int h = 0; h < expected[l].toArray().size(); ++h) {
            const Matrix a = matrix(got[l].toArray()[h]);
            const Matrix b = matrix(expected[l].toArray()[h]);
            QCOMPARE(a.size(), b.size());
            double diff = 0.0, sinkDiff = 0.0;
            for (int q = 0; q < int(b.size()); ++q) {
                double goldenSum = 0.0;
                for (int k = 0; k < int(b[q].size()); ++k) {
                    diff = std::max(diff, std::abs(a[q][k] - b[q][k]));
                    goldenSum += b[q][k];
                }
                if (sinks)  // the mass the sink took: what the golden's row lacks
                    sinkDiff = std::max(sinkDiff, std::abs(json.value("sink_mass").toArray()[l].toArray()[h]
                                                               .toArray()[q].toDouble() - (1.0 - goldenSum)));
            }
            QVERIFY2(diff <= 1e-4, qPrintable(QStringLiteral("layer %1 head %2: %3").arg(l).arg(h).arg(diff)));
            QVERIFY2(sinkDiff <= 1e-4, qPrintable(QStringLiteral("sink mass of layer %1 head %2: %3").arg(l).arg(h).arg(sinkDiff)));
        }
}

void CliGgufMoeTest::infoDescribesExperts_data() {
    QTest::addColumn<QString>("file");
    QTest::addColumn<QString>("line");
    QTest::addColumn<QList<int>>("sparseLayers");
    QTest::newRow("qwen3moe") << "qwen3moe_f32.gguf"
                              << "experts        8 per layer, top-4 per token, no shared expert; mixture on layers 0, 2; dense 1"
                              << QList<int>{0, 2};
    QTest::newRow("mixtral") << "mixtral_f32.gguf"
                             << "experts        8 per layer, top-2 per token, no shared expert; mixture on every layer"
                             << QList<int>{0, 1};
    QTest::newRow("qwen2moe") << "qwen2moe_f32.gguf"
                              << "experts        6 per layer, top-2 per token, 1 shared (sigmoid-gated); mixture on layers 1, 3; dense 0, 2"
                              << QList<int>{1, 3};
    QTest::newRow("gpt-oss") << "gpt_oss_mxfp4.gguf"
                             << "experts        8 per layer, top-3 per token, no shared expert; mixture on every layer"
                             << QList<int>{0, 1, 2};
}

void CliGgufMoeTest::infoDescribesExperts() {
    QFETCH(QString, file);
    QFETCH(QString, line);
    QFETCH(QList<int>, sparseLayers);
    const CliResult text = runCli({"info", "--model", ggufFile(file)});
    CLI_CHECK(text, 0);
    QVERIFY2(QString::fromUtf8(text.out).split(QLatin1Char('\n')).contains(line), text.out.constData());
    const CliResult r = runCli({"info", "--model", ggufFile(file), "--format", "json"});
    CLI_CHECK(r, 0);
    CLI_JSON(json, r);
    const QJsonObject model = json.contains("model") ? json.value("model").toObject() : json;
    QCOMPARE(ints(model.value("expert_layers")), sparseLayers);
}

QTEST_GUILESS_MAIN(CliGgufMoeTest)
#include "tst_cliggufmoe.moc"
