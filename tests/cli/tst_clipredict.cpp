// headmap-cli predict, attention --measure value-norm and --ablate, run as a real process and
// compared with PyTorch golden files (tests/golden/README.md): decoders_golden.json (every
// decoder family's last-position logits), predictions_golden.json (masked-LM and GPT-2 heads),
// ablation_golden.json (attention, hidden states and value norms with heads switched off) and
// predict_ablation_golden.json (probabilities with heads switched off).

#include <cmath>

#include "CliProcess.h"

namespace {

QJsonObject goldenCase(const QString& file, const QString& name) {
    QFile f(QStringLiteral(HEADMAP_GOLDEN_DIR "/") + file);
    if (!f.open(QIODevice::ReadOnly))
        return {};
    for (const QJsonValue& c : QJsonDocument::fromJson(f.readAll()).object().value("cases").toArray())
        if (c.toObject().value("name").toString() == name)
            return c.toObject();
    return {};
}

QList<double> doubles(const QJsonValue& value) {
    QList<double> out;
    for (const QJsonValue& v : value.toArray())
        out << v.toDouble();
    return out;
}

// softmax(logits / temperature) in double: the reference logits are PyTorch's.
QList<double> softmax(const QList<double>& logits, double temperature = 1.0) {
    double top = -INFINITY;
    for (double l : logits)
        top = std::max(top, l / temperature);
    QList<double> p;
    double sum = 0;
    for (double l : logits) {
        p << std::exp(l / temperature - top);
        sum += p.back();
    }
    for (double& v : p)
        v /= sum;
    return p;
}

// Checks the JSON "top" list against reference probabilities: ids in descending probability,
// each probability within 1e-4 of the reference.
void checkTop(const QJsonArray& top, const QList<double>& reference, int k) {
    QCOMPARE(top.size(), k);
    double previous = 2.0;
    for (const QJsonValue& entry : top) {
        const QJsonObject e = entry.toObject();
        const int id = e.value("id").toInt(-1);
        QVERIFY2(id >= 0 && id < reference.size(), qPrintable(QStringLiteral("id %1").arg(id)));
        const double p = e.value("probability").toDouble();
        QVERIFY2(std::abs(p - reference[id]) <= 1e-4,
                 qPrintable(QStringLiteral("token %1: %2, PyTorch %3").arg(id).arg(p).arg(reference[id])));
        QVERIFY(p <= previous + 1e-7);
        previous = p;
        QVERIFY(!e.value("token").toString().isEmpty());
    }
    // Nothing outside the list may beat its last entry (by more than rounding).
    int better = 0;
    for (double r : reference)
        if (r > previous + 1e-4)
            ++better;
    QVERIFY2(better < k, "a more likely token is missing from the top list");
}

}  // namespace

class CliPredictTest : public QObject {
    Q_OBJECT

private slots:
    // ---- predict, every decoder family: the last position's next-token distribution ----

    void decoderFamilies_data() {
        QTest::addColumn<QString>("golden");
        for (const char* name : {"llama_f32_tied_T16", "llama_bf16_sharded_T14", "mistral_f16_T14", "qwen2_bf16_T16",
                                 "qwen3_f32_T15", "gemma2_f32_T14", "gemma3_text_bf16_T16", "phi3_f32_T13",
                                 "olmo2_f32_T13", "gpt_neox_f16_T15", "llama_f32_tied_T1"})
            QTest::newRow(name) << QString::fromLatin1(name);
    }

    void decoderFamilies() {
        QFETCH(QString, golden);
        const QJsonObject c = goldenCase(QStringLiteral("decoders_golden.json"), golden);
        QVERIFY2(!c.isEmpty(), "golden case missing");
        const CliResult r = runCli({"predict", "--model", modelFixture(c.value("fixture").toString()), "--ids",
                                    idList(c.value("ids")), "--top", "5", "--format", "json"});
        CLI_CHECK(r, 0);
        CLI_JSON(json, r);
        const int t = c.value("T").toInt();
        QCOMPARE(json.value("position").toInt(), t - 1);
        QCOMPARE(ints(json.value("token_ids")), ints(c.value("ids")));
        checkTop(json.value("top").toArray(), softmax(doubles(c.value("logits_last"))), 5);
    }

    // ---- predict, masked-LM encoders (default position: the mask) and GPT-2 ----

    void maskedAndGpt2_data() {
        QTest::addColumn<QString>("golden");
        QTest::addColumn<int>("prediction");  // index into the case's "predictions"
        QTest::addColumn<bool>("givePosition");
        QTest::addColumn<bool>("atTemperature");
        for (const char* name : {"bert_f32_prefixed_mask", "distilbert_f32_mask", "roberta_bf16_mask"}) {
            QTest::newRow(qPrintable(QStringLiteral("%1, default position").arg(name))) << QString::fromLatin1(name) << 0 << false << false;
            QTest::newRow(qPrintable(QStringLiteral("%1, --temperature").arg(name))) << QString::fromLatin1(name) << 0 << true << true;
            QTest::newRow(qPrintable(QStringLiteral("%1, --position").arg(name))) << QString::fromLatin1(name) << 1 << true << false;
        }
        for (const char* name : {"gpt2_f32_text", "gpt2_bf16_sharded_text"}) {
            QTest::newRow(qPrintable(QStringLiteral("%1, --temperature").arg(name))) << QString::fromLatin1(name) << 0 << true << true;
            QTest::newRow(qPrintable(QStringLiteral("%1, --position").arg(name))) << QString::fromLatin1(name) << 1 << true << false;
        }
    }

    void maskedAndGpt2() {
        QFETCH(QString, golden); QFETCH(int, prediction); QFETCH(bool, givePosition); QFETCH(bool, atTemperature);
        const QJsonObject c = goldenCase(QStringLiteral("predictions_golden.json"), golden);
        QVERIFY2(!c.isEmpty(), "golden case missing");
        const QJsonObject p = c.value("predictions").toArray().at(prediction).toObject();
        QStringList args{"predict", "--model", modelFixture(c.value("fixture").toString()), "--ids",
                         idList(c.value("ids")), "--top", "5", "--format", "json"};
        if (givePosition)
            args << "--position" << QString::number(p.value("position").toInt());
        if (atTemperature)
            args << "--temperature" << QString::number(p.value("temperature").toDouble());
        const CliResult r = runCli(args);
        CLI_CHECK(r, 0);
        CLI_JSON(json, r);
        QCOMPARE(json.value("position").toInt(), p.value("position").toInt());
        const QList<double> reference = atTemperature ? doubles(p.value("probabilities_at_temperature"))
                                                      : doubles(p.value("probabilities"));
        checkTop(json.value("top").toArray(), reference, 5);
    }

    // ---- predict --ablate: the probabilities with heads switched off, and the baseline ----

    void ablatedPrediction_data() {
        QTest::addColumn<QString>("golden");
        for (const char* name : {"gpt2_f32_zero_0.1", "gpt2_f32_zero_0.0_mean_0.3", "llama_f32_tied_mean_0.2",
                                 "gemma2_f32_zero_0.1", "bert_f32_prefixed_zero_0.0_mean_0.3"})
            QTest::newRow(name) << QString::fromLatin1(name);
    }

    void ablatedPrediction() {
        QFETCH(QString, golden);
        const QJsonObject c = goldenCase(QStringLiteral("predict_ablation_golden.json"), golden);
        QVERIFY2(!c.isEmpty(), "golden case missing");
        const CliResult r = runCli({"predict", "--model", modelFixture(c.value("fixture").toString()), "--ids",
                                    idList(c.value("ids")), "--position", QString::number(c.value("position").toInt()),
                                    "--ablate", c.value("ablations").toString(), "--top", "5",
                                    "--target", QString::number(c.value("target").toInt()), "--format", "json"});
        CLI_CHECK(r, 0);
        CLI_JSON(json, r);
        const QList<double> after = doubles(c.value("probabilities"));
        const QList<double> before = doubles(c.value("baseline_probabilities"));
        checkTop(json.value("top").toArray(), after, 5);
        checkTop(json.value("baseline_top").toArray(), before, 5);
        QCOMPARE(json.value("ablations").toString(), c.value("ablations").toString());
        double kl = 0;
        for (int i = 0; i < before.size(); ++i)
            if (before[i] > 0)
                kl += before[i] * std::log(before[i] / after[i]);
        QVERIFY2(std::abs(json.value("kl_divergence").toDouble() - kl) <= 1e-4 + 1e-3 * kl,
                 qPrintable(QStringLiteral("KL %1, reference %2").arg(json.value("kl_divergence").toDouble()).arg(kl)));
        QVERIFY(kl > 0);
        const QJsonObject target = json.value("target").toObject();
        const int id = c.value("target").toInt();
        QCOMPARE(target.value("id").toInt(), id);
        QVERIFY(std::abs(target.value("probability").toDouble() - after[id]) <= 1e-4);
        QVERIFY(std::abs(target.value("baseline_probability").toDouble() - before[id]) <= 1e-4);
    }

    // ---- attention --ablate and --measure value-norm ----

    void attentionMeasures_data() {
        QTest::addColumn<QString>("golden");
        QTest::addColumn<bool>("valueNorm");
        for (const char* name : {"bert_f32_prefixed_none", "gpt2_f32_mean_0.2", "llama_f32_tied_zero_0.1",
                                 "gemma2_f32_zero_0.0_mean_0.3"}) {
            QTest::newRow(qPrintable(QStringLiteral("%1, weights").arg(name))) << QString::fromLatin1(name) << false;
            QTest::newRow(qPrintable(QStringLiteral("%1, value-norm").arg(name))) << QString::fromLatin1(name) << true;
        }
    }

    void attentionMeasures() {
        QFETCH(QString, golden); QFETCH(bool, valueNorm);
        const QJsonObject c = goldenCase(QStringLiteral("ablation_golden.json"), golden);
        QVERIFY2(!c.isEmpty(), "golden case missing");
        QStringList args{"attention", "--model", modelFixture(c.value("fixture").toString()), "--ids", idList(c.value("ids"))};
        if (!c.value("ablations").toString().isEmpty())
            args << "--ablate" << c.value("ablations").toString();
        if (valueNorm)
            args << "--measure" << "value-norm";
        const CliResult r = runCli(args);
        CLI_CHECK(r, 0);
        CLI_JSON(json, r);
        QCOMPARE(json.value("measure").toString(), valueNorm ? QStringLiteral("value-norm") : QStringLiteral("weights"));
        const QJsonArray attention = json.value("attention").toArray();
        const QJsonArray expected = c.value("attention").toArray();
        const QJsonArray norms = c.value("value_norms").toArray();  // [layer][head][key]
        QCOMPARE(attention.size(), expected.size());
        double worst = 0;
        for (int l = 0; l < attention.size(); ++l)
            for (int h = 0; h < attention[l].toArray().size(); ++h) {
                const Matrix got = matrix(attention[l].toArray()[h]);
                const Matrix want = matrix(expected[l].toArray()[h]);
                const QList<double> n = doubles(norms[l].toArray()[h]);
                for (int i = 0; i < got.size(); ++i)
                    for (int j = 0; j < got[i].size(); ++j) {
                        const double reference = valueNorm ? want[i][j] * n[j] : want[i][j];
                        worst = std::max(worst, std::abs(got[i][j] - reference) / std::max(1.0, std::abs(reference)));
                    }
            }
        QVERIFY2(worst <= 1e-4, qPrintable(QStringLiteral("largest difference from PyTorch: %1").arg(worst)));
    }

    // ---- output for people ----

    void textTable() {
        const CliResult r = runCli({"predict", "--model", "builtin:patterns", "--text", "the cat sat on the mat",
                                    "--ablate", "0.0", "--target", "mat", "--top", "3"});
        CLI_CHECK(r, 0);
        const QString text = QString::fromUtf8(r.out);
        QVERIFY2(text.contains(QStringLiteral("rank  probability")), r.out.constData());
        QVERIFY2(text.contains(QStringLiteral("heads switched off: 0.0")), r.out.constData());
        QVERIFY2(text.contains(QStringLiteral("KL(before||after)")), r.out.constData());
        QVERIFY2(text.contains(QStringLiteral("before:")) && text.contains(QStringLiteral("after:")), r.out.constData());
        QVERIFY2(text.contains(QStringLiteral("target mat")), r.out.constData());
    }

    // ---- mistakes: exit code and a message that says what is wrong ----

    void failures_data() {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<int>("exitCode");
        QTest::addColumn<QString>("message");
        const QStringList patterns{"predict", "--model", "builtin:patterns", "--text", "the cat sat"};
        QTest::newRow("model without an output head")
            << QStringList{"predict", "--model", modelFixture("bert_f16_gamma"), "--text", "the cat"} << 3 << "cls.predictions";
        QTest::newRow("builtin:teaching has no head")
            << QStringList{"predict", "--model", "builtin:teaching", "--text", "the cat"} << 3 << "no output head";
        QTest::newRow("position beyond the tokens") << patterns + QStringList{"--position", "99"} << 3 << "--position 99";
        QTest::newRow("negative temperature") << patterns + QStringList{"--temperature", "-1"} << 2 << "--temperature";
        QTest::newRow("top zero") << patterns + QStringList{"--top", "0"} << 2 << "--top";
        QTest::newRow("ablate not L.H") << patterns + QStringList{"--ablate", "0.x"} << 2 << "0.x";
        QTest::newRow("ablate unknown mode") << patterns + QStringList{"--ablate", "0.1:half"} << 2 << "0.1:half";
        QTest::newRow("ablate head out of range") << patterns + QStringList{"--ablate", "0.9"} << 3 << "head 9";
        QTest::newRow("ablate layer out of range") << patterns + QStringList{"--ablate", "4.0"} << 3 << "layer 4";
        QTest::newRow("target of several tokens") << patterns + QStringList{"--target", "the cat"} << 3 << "2 tokens";
        QTest::newRow("measure unknown")
            << QStringList{"attention", "--model", "builtin:patterns", "--text", "a b", "--measure", "norms"} << 2 << "value-norm";
        QTest::newRow("measure is for attention")
            << patterns + QStringList{"--measure", "value-norm"} << 2 << "--measure";
        QTest::newRow("csv is not a predict format") << patterns + QStringList{"--format", "csv"} << 2 << "text or json";
    }

    void failures() {
        QFETCH(QStringList, args); QFETCH(int, exitCode); QFETCH(QString, message);
        const CliResult r = runCli(args);
        CLI_CHECK(r, exitCode);
        QVERIFY2(r.out.isEmpty(), r.describe().constData());
        QVERIFY2(QString::fromUtf8(r.err).contains(message), r.describe().constData());
    }
};

QTEST_GUILESS_MAIN(CliPredictTest)
#include "tst_clipredict.moc"
