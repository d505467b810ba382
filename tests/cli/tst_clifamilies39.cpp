// headmap-cli on the families of issue #39 as a real process: info describes SmolLM3's NoPE
// layers and ModernBERT's global and local layers; attention --format json gives transformers'
// weights (the fixtures' golden.json, made by <family>_make_fixture.py from modeling_<family>.py)
// and each layer's mask rule; predict gives the next token (SmolLM3) or the [MASK] token
// (ModernBERT) with transformers' probabilities.

#include <cmath>

#include "CliProcess.h"

namespace {

QJsonObject golden(const QString& fixture) {
    QFile file(modelFixture(fixture) + QStringLiteral("/golden.json"));
    if (!file.open(QIODevice::ReadOnly))
        return {};
    return QJsonDocument::fromJson(file.readAll()).object();
}

QJsonObject goldenCase(const QString& fixture, const QString& name) {
    for (const QJsonValue& c : golden(fixture).value("cases").toArray())
        if (c.toObject().value("name").toString() == name)
            return c.toObject();
    return {};
}

}  // namespace

class CliFamilies39Test : public QObject {
    Q_OBJECT

private slots:
    void info_data() {
        QTest::addColumn<QString>("fixture");
        QTest::addColumn<QStringList>("lines");
        QTest::newRow("smollm3") << QStringLiteral("smollm3_f32")
                                 << QStringList{"architecture   smollm3",
                                                "positions      rope (default, theta 5e+06; none (NoPE) on layers 1, 4)",
                                                "window         4 tokens on layers 1, 4", "causal         yes"};
        QTest::newRow("modernbert") << QStringLiteral("modernbert_f32")
                                    << QStringList{"architecture   modernbert",
                                                   "positions      rope (default, theta 160000 on global layers, 10000 "
                                                   "on local layers)",
                                                   "window         9 tokens (±4) on layers 1, 3", "causal         no"};
    }

    void info() {
        QFETCH(QString, fixture);
        QFETCH(QStringList, lines);
        const CliResult r = runCli({"info", "--model", modelFixture(fixture)});
        CLI_CHECK(r, 0);
        const QStringList out = QString::fromUtf8(r.out).split(QLatin1Char('\n'));
        for (const QString& line : lines)
            QVERIFY2(out.contains(line), qPrintable(line + QStringLiteral("\n--- got:\n") + QString::fromUtf8(r.out)));
    }

    void attention_data() {
        QTest::addColumn<QString>("fixture");
        QTest::addColumn<QString>("name");
        QTest::addColumn<int>("layer");
        QTest::addColumn<QStringList>("kinds");  // layer_masks' kind per layer
        const QStringList smol{"causal", "sliding_window", "causal", "causal", "sliding_window"};
        const QStringList modern{"none", "local_window", "none", "local_window"};
        QTest::newRow("smollm3, NoPE sliding layer 1") << QStringLiteral("smollm3_f32") << QStringLiteral("sentence") << 1 << smol;
        QTest::newRow("smollm3, rope layer 2") << QStringLiteral("smollm3_f32") << QStringLiteral("danish") << 2 << smol;
        QTest::newRow("modernbert, global layer 0") << QStringLiteral("modernbert_f32") << QStringLiteral("sentence") << 0 << modern;
        QTest::newRow("modernbert, local layer 3") << QStringLiteral("modernbert_f32") << QStringLiteral("sentence") << 3 << modern;
        QTest::newRow("modernbert, local layer 1, [MASK]") << QStringLiteral("modernbert_f32") << QStringLiteral("mask") << 1 << modern;
    }

    void attention() {
        QFETCH(QString, fixture);
        QFETCH(QString, name);
        QFETCH(int, layer);
        QFETCH(QStringList, kinds);
        const QJsonObject c = goldenCase(fixture, name);
        QVERIFY2(!c.isEmpty(), "golden case missing");
        const CliResult r = runCli({"attention", "--model", modelFixture(fixture), "--text", c.value("text").toString(),
                                    "--layer", QString::number(layer), "--format", "json"});
        CLI_CHECK(r, 0);
        CLI_JSON(json, r);
        QCOMPARE(ints(json.value("token_ids")), ints(c.value("ids")));
        const QJsonArray masks = json.value("model").toObject().value("layer_masks").toArray();
        QCOMPARE(masks.size(), kinds.size());
        for (int l = 0; l < masks.size(); ++l)
            QCOMPARE(masks[l].toObject().value("kind").toString(), kinds[l]);
        const QJsonArray heads = json.value("attention").toArray().at(0).toArray();
        const QJsonArray expected = c.value("attention").toArray().at(layer).toArray();
        QCOMPARE(heads.size(), expected.size());
        double worst = 0.0;
        for (int h = 0; h < heads.size(); ++h) {
            const Matrix got = matrix(heads[h]), want = matrix(expected[h]);
            QCOMPARE(got.size(), want.size());
            for (int q = 0; q < got.size(); ++q) {
                QCOMPARE(got[q].size(), want[q].size());
                for (int k = 0; k < got[q].size(); ++k)
                    worst = std::max(worst, std::abs(got[q][k] - want[q][k]));
            }
        }
        QVERIFY2(worst <= 1e-5, qPrintable(QString::number(worst)));
    }

    void predict_data() {
        QTest::addColumn<QString>("fixture");
        QTest::addColumn<QString>("name");
        QTest::addColumn<int>("position");  // the default: the last token, or the [MASK]
        QTest::newRow("smollm3, next token") << QStringLiteral("smollm3_f32") << QStringLiteral("sentence") << 51;
        QTest::newRow("modernbert, [MASK]") << QStringLiteral("modernbert_f32") << QStringLiteral("mask") << 22;
    }

    void predict() {
        QFETCH(QString, fixture);
        QFETCH(QString, name);
        QFETCH(int, position);
        const QJsonObject c = goldenCase(fixture, name);
        QVERIFY2(!c.isEmpty(), "golden case missing");
        const CliResult r = runCli({"predict", "--model", modelFixture(fixture), "--text", c.value("text").toString(),
                                    "--top", "5", "--format", "json"});
        CLI_CHECK(r, 0);
        CLI_JSON(json, r);
        QCOMPARE(json.value("position").toInt(), position);
        const int index = ints(c.value("logit_positions")).indexOf(position);
        QVERIFY(index >= 0);
        QList<double> logits;
        for (const QJsonValue& v : c.value("logits").toArray().at(index).toArray())
            logits << v.toDouble();
        double top = -INFINITY, sum = 0.0;
        for (double l : logits)
            top = std::max(top, l);
        for (double l : logits)
            sum += std::exp(l - top);
        const QJsonArray got = json.value("top").toArray();
        QCOMPARE(got.size(), 5);
        double previous = 2.0;
        for (const QJsonValue& entry : got) {
            const int id = entry.toObject().value("id").toInt(-1);
            QVERIFY(id >= 0 && id < logits.size());
            const double p = entry.toObject().value("probability").toDouble();
            QVERIFY2(std::abs(p - std::exp(logits[id] - top) / sum) <= 1e-4, qPrintable(QString::number(id)));
            QVERIFY(p <= previous + 1e-7);
            previous = p;
        }
        int better = 0;  // nothing outside the list beats its last entry
        for (double l : logits)
            better += std::exp(l - top) / sum > previous + 1e-4;
        QVERIFY(better < 5);
    }
};

QTEST_GUILESS_MAIN(CliFamilies39Test)
#include "tst_clifamilies39.moc"
