// `headmap-cli steps` on sinks and experts (issue #39), run as a real process on the gpt-oss and
// mixture-of-experts fixtures and compared with their golden.json (transformers' own classes:
// make_gpt_oss_fixtures.py, make_moe_fixtures.py). "sink" is the head's sink logit: softmax of a
// row of "masked" with it as one more column, that column dropped, gives the golden's row of
// attention; "sink_mass" [query] is 1 − the golden row's sum; "experts" [token][k] is the golden
// router's choice in the head's layer, null for a dense layer. A dense model writes all three null.

#include <cmath>
#include <limits>

#include "CliProcess.h"

namespace {

QJsonArray goldenCases(const QString& folder) {
    return testsupport::fixtureJson(folder + QStringLiteral("/golden.json")).value("cases").toArray();
}

QJsonArray goldenRow(const QJsonObject& golden, int layer, int head, int q) {
    return golden.value("attention").toArray()[layer].toArray()[head].toArray()[q].toArray();
}

CliResult runSteps(const QString& model, const QJsonObject& golden, int layer, int head) {
    return runCli({"steps", "--model", model, "--ids", idList(golden.value("ids")), "--layer", QString::number(layer),
                   "--head", QString::number(head), "--format", "json"});
}

}  // namespace

class CliStepsSinkExpertsTest : public QObject {
    Q_OBJECT
private slots:
    void sinkReproducesTheGolden_data();
    void sinkReproducesTheGolden();
    void expertsOfTheHeadsLayer_data();
    void expertsOfTheHeadsLayer();
    void denseModelWritesNull();
    void helpNamesTheFields();
};

void CliStepsSinkExpertsTest::sinkReproducesTheGolden_data() {
    QTest::addColumn<QString>("folder");
    QTest::addColumn<QJsonObject>("golden");
    QTest::addColumn<int>("layer");
    QTest::addColumn<int>("head");
    const QJsonArray cases = goldenCases(QStringLiteral("gpt_oss"));
    QVERIFY2(cases.size() == 2, "tests/fixtures/gpt_oss/golden.json is missing or lost cases");
    // Heads with the sink 3.0 (layer l, head l) and random ones; sliding layers 0 and 2, full 1.
    for (const char* folder : {"gpt_oss_f32", "gpt_oss_mxfp4"})
        for (const auto& [layer, head] : {std::pair{0, 0}, {1, 1}, {1, 3}, {2, 2}, {2, 0}})
            for (const QJsonValue& c : cases)
                QTest::newRow(qPrintable(QStringLiteral("%1 %2 L%3 H%4").arg(QLatin1String(folder),
                                         c.toObject().value("name").toString()).arg(layer).arg(head)))
                    << QString::fromLatin1(folder) << c.toObject() << layer << head;
}

void CliStepsSinkExpertsTest::sinkReproducesTheGolden() {
    QFETCH(QString, folder);
    QFETCH(QJsonObject, golden);
    QFETCH(int, layer);
    QFETCH(int, head);
    const CliResult r = runSteps(fixturePath(QStringLiteral("gpt_oss/") + folder), golden, layer, head);
    CLI_CHECK(r, 0);
    CLI_JSON(json, r);
    QVERIFY(json.value("sink").isDouble());
    const double sink = json.value("sink").toDouble();
    const QJsonArray masked = json.value("masked").toArray();  // null where masked
    const QJsonArray mass = json.value("sink_mass").toArray();
    const int t = ints(golden.value("ids")).size();
    QCOMPARE(masked.size(), t);
    QCOMPARE(mass.size(), t);
    QCOMPARE(json.value("experts").toArray(), golden.value("experts").toArray()[layer].toArray());
    double weightDiff = 0.0, massDiff = 0.0;
    for (int q = 0; q < t; ++q) {
        // softmax([masked row, sink]) in double, the sink's column dropped: transformers' eager
        // attention with sinks.
        const QJsonArray row = masked[q].toArray();
        double top = sink;
        for (const QJsonValue& v : row)
            if (!v.isNull())
                top = std::max(top, v.toDouble());
        double sum = std::exp(sink - top);
        for (const QJsonValue& v : row)
            sum += v.isNull() ? 0.0 : std::exp(v.toDouble() - top);
        const QJsonArray expected = goldenRow(golden, layer, head, q);
        double goldenSum = 0.0;
        for (int k = 0; k < t; ++k) {
            const double weight = row[k].isNull() ? 0.0 : std::exp(row[k].toDouble() - top) / sum;
            weightDiff = std::max(weightDiff, std::abs(weight - expected[k].toDouble()));
            goldenSum += expected[k].toDouble();
        }
        massDiff = std::max(massDiff, std::abs(mass[q].toDouble() - (1.0 - goldenSum)));
        QVERIFY(mass[q].toDouble() > 0.0);
    }
    QVERIFY2(weightDiff <= 1e-4, qPrintable(QStringLiteral("softmax with the sink vs golden: %1").arg(weightDiff)));
    QVERIFY2(massDiff <= 1e-4, qPrintable(QStringLiteral("sink_mass vs 1 − golden row sum: %1").arg(massDiff)));
    if (layer == head)  // the fixture sets head l's sink of layer l to 3.0 (a BF16 value)
        QCOMPARE(sink, 3.0);
}

void CliStepsSinkExpertsTest::expertsOfTheHeadsLayer_data() {
    QTest::addColumn<QString>("folder");
    QTest::addColumn<QJsonObject>("golden");
    QTest::addColumn<int>("layer");
    const QJsonArray cases = goldenCases(QStringLiteral("moe"));
    QVERIFY2(cases.size() == 8, "tests/fixtures/moe/golden.json is missing or lost cases");
    for (const QJsonValue& v : cases) {
        const QJsonObject c = v.toObject();
        for (int layer = 0; layer < c.value("experts").toArray().size(); ++layer)
            QTest::newRow(qPrintable(QStringLiteral("%1 L%2").arg(c.value("name").toString()).arg(layer)))
                << c.value("fixture").toString() << c << layer;
    }
}

void CliStepsSinkExpertsTest::expertsOfTheHeadsLayer() {
    QFETCH(QString, folder);
    QFETCH(QJsonObject, golden);
    QFETCH(int, layer);
    const CliResult r = runSteps(fixturePath(QStringLiteral("moe/") + folder), golden, layer, 1);
    CLI_CHECK(r, 0);
    CLI_JSON(json, r);
    const QJsonValue expected = golden.value("experts").toArray()[layer];
    QVERIFY(json.contains("experts"));
    if (expected.isNull())
        QVERIFY2(json.value("experts").isNull(), "a dense layer writes experts: null");
    else
        QCOMPARE(json.value("experts").toArray(), expected.toArray());
    QVERIFY(json.contains("sink") && json.value("sink").isNull());
    QVERIFY(json.contains("sink_mass") && json.value("sink_mass").isNull());
}

void CliStepsSinkExpertsTest::denseModelWritesNull() {
    const CliResult r = runCli({"steps", "--model", modelFixture(QStringLiteral("qwen3_f32")), "--ids", "2,17,45,90",
                                "--layer", "0", "--head", "1", "--format", "json"});
    CLI_CHECK(r, 0);
    CLI_JSON(json, r);
    for (const char* key : {"sink", "sink_mass", "experts"}) {
        QVERIFY2(json.contains(QLatin1String(key)), key);
        QVERIFY2(json.value(QLatin1String(key)).isNull(), key);
    }
    QVERIFY(hasShape(json.value("weights"), 4, 4));
}

void CliStepsSinkExpertsTest::helpNamesTheFields() {
    const CliResult r = runCli({"help", "steps"});
    CLI_CHECK(r, 0);
    for (const char* word : {"sink:", "sink_mass:", "experts:"})
        QVERIFY2(r.out.contains(word), word);
}

QTEST_MAIN(CliStepsSinkExpertsTest)
#include "tst_clistepssinkexperts.moc"
