// headmap-cli --weight-memory (#40), run as a real process: info says what converting the weights
// takes and how much of it is kept (text and JSON), for BF16 and F16 fixtures, a GGUF file and an
// F32 folder (nothing converts: no line, no fields); a budget that keeps nothing or part gives the
// same attention as the default; sizes that are not sizes are usage errors naming the option.

#include <QtTest>

#include "CliProcess.h"

namespace {

QString gguf(const QString& name) {
    return QStringLiteral(HEADMAP_FIXTURES_DIR "/gguf/models/") + name;
}

}  // namespace

class CliWeightMemoryTest : public QObject {
    Q_OBJECT
private slots:
    void infoSaysWhatIsKept_data() {
        QTest::addColumn<QString>("model");
        QTest::addColumn<QStringList>("extra");
        QTest::addColumn<qint64>("budget");  // -1: the default, half of the memory available
        QTest::addColumn<QString>("says");
        const QString bf16 = modelFixture(QStringLiteral("qwen2_bf16"));
        QTest::newRow("bf16, default") << bf16 << QStringList{} << qint64(-1) << "all kept after the first pass";
        QTest::newRow("bf16, 1G") << bf16 << QStringList{"--weight-memory", "1G"} << (qint64(1) << 30)
                                  << "all kept after the first pass (budget 1.0 GB";
        QTest::newRow("bf16, 0") << bf16 << QStringList{"--weight-memory", "0"} << qint64(0)
                                 << "converted a layer at a time on every pass (--weight-memory 0)";
        QTest::newRow("bf16, 1k") << bf16 << QStringList{"--weight-memory", "1k"} << qint64(1024)
                                  << "up to 1.0 kB kept, the rest converted a layer at a time";
        QTest::newRow("f16, 512 bytes") << modelFixture(QStringLiteral("mistral_f16"))
                                        << QStringList{"--weight-memory", "512B"} << qint64(512) << "up to 512 B kept";
        QTest::newRow("gguf q8_0, 2.5MiB") << gguf(QStringLiteral("llama_q8_0.gguf"))
                                           << QStringList{"--weight-memory", "2.5MiB"} << qint64(2621440) << "kept";
    }

    void infoSaysWhatIsKept() {
        QFETCH(QString, model);
        QFETCH(QStringList, extra);
        QFETCH(qint64, budget);
        QFETCH(QString, says);
        const CliResult text = runCli(QStringList{"info", "--model", model} + extra);
        QVERIFY2(text.finished() && text.exitCode == 0, text.describe());
        const QString out = QString::fromUtf8(text.out);
        QVERIFY2(out.contains(QStringLiteral("converted      ")) && out.contains(says), qPrintable(out));
        const CliResult json = runCli(QStringList{"info", "--model", model, "--format", "json"} + extra);
        QVERIFY2(json.finished() && json.exitCode == 0, json.describe());
        const QJsonObject summary = json.json();
        const qint64 bytes = summary.value("converted_weight_bytes").toInteger(-1);
        QVERIFY2(bytes > 0, json.out.constData());
        const qint64 kept = summary.value("converted_weight_budget").toInteger(-1);
        if (budget >= 0)
            QCOMPARE(kept, budget);
        else
            QVERIFY(kept > 0);  // half of what /proc/meminfo says is available
    }

    void f32WeightsConvertNothing() {
        const CliResult text = runCli({"info", "--model", modelFixture(QStringLiteral("gpt2_f32"))});
        QVERIFY2(text.finished() && text.exitCode == 0, text.describe());
        QVERIFY(!text.out.contains("converted      "));
        const CliResult json =
            runCli({"info", "--model", modelFixture(QStringLiteral("gpt2_f32")), "--format", "json"});
        QVERIFY(!json.json().contains("converted_weight_bytes"));
        QVERIFY(!json.json().contains("converted_weight_budget"));
    }

    // Keeping changes when weights are converted, never the numbers.
    void attentionIsTheSameWhateverIsKept_data() {
        QTest::addColumn<QString>("budget");
        QTest::newRow("nothing kept") << "0";
        QTest::newRow("part kept") << "40k";
        QTest::newRow("all kept") << "1G";
    }

    void attentionIsTheSameWhateverIsKept() {
        QFETCH(QString, budget);
        const QStringList run{"attention", "--model", modelFixture(QStringLiteral("qwen2_bf16")), "--ids",
                              "1,5,9,14,3,27", "--format", "json"};
        const CliResult byDefault = runCli(run);
        QVERIFY2(byDefault.finished() && byDefault.exitCode == 0, byDefault.describe());
        const CliResult kept = runCli(run + QStringList{"--weight-memory", budget});
        QVERIFY2(kept.finished() && kept.exitCode == 0, kept.describe());
        const QJsonValue a = byDefault.json().value("attention");
        QVERIFY(a.isArray() && !a.toArray().isEmpty());
        QCOMPARE(kept.json().value("attention"), a);
    }

    void sizesThatAreNotSizesAreRefused_data() {
        QTest::addColumn<QString>("size");
        for (const char* size : {"", "x", "-1", "1x", "1.5.2G", "5iB", "1P", "99999999999T", "G", "nan", "inf"})
            QTest::newRow(size[0] ? size : "empty") << QString::fromLatin1(size);
    }

    void sizesThatAreNotSizesAreRefused() {
        QFETCH(QString, size);
        const CliResult r = runCli({"info", "--model", modelFixture(QStringLiteral("qwen2_bf16")), "--weight-memory", size});
        QVERIFY2(r.finished(), r.describe());
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.contains("--weight-memory expects a size such as 0, 512M or 4G"), r.err.constData());
    }
};

QTEST_GUILESS_MAIN(CliWeightMemoryTest)
#include "tst_cliweightmemory.moc"
