// headmap-cli translate --model builtin:numbers, run as a real process (issue #41): the text
// format prints the digits alone on one line, the JSON holds the same translation and the word
// pieces of the source.

#include <QtTest>

#include "CliProcess.h"

class TestCliNumbers : public QObject {
    Q_OBJECT
private slots:
    void translateText_data() {
        QTest::addColumn<QString>("text");
        QTest::addColumn<QByteArray>("expected");
        QTest::newRow("syvoghalvfems") << "syvoghalvfems" << QByteArray("97\n");
        QTest::newRow("to tusind tre hundrede og tolv") << "to tusind tre hundrede og tolv" << QByteArray("2312\n");
        QTest::newRow("一千零五") << "一千零五" << QByteArray("1005\n");
        QTest::newRow("nul") << "nul" << QByteArray("0\n");
    }
    void translateText() {
        QFETCH(QString, text);
        QFETCH(QByteArray, expected);
        const CliResult r = runCli({"translate", "--model", "builtin:numbers", "--text", text});
        QVERIFY2(r.finished() && r.exitCode == 0, r.describe().constData());
        QCOMPARE(r.out, expected);
    }

    void translateJson() {
        const CliResult r = runCli({"translate", "--model", "builtin:numbers", "--text", "syvoghalvfems",
                                    "--format", "json"});
        QVERIFY2(r.finished() && r.exitCode == 0, r.describe().constData());
        const QJsonObject json = r.json();
        QCOMPARE(json.value("translation").toString(), QStringLiteral("97"));
        QCOMPARE(json.value("source_tokens").toArray(),
                 (QJsonArray{"<s>", "syv", "og", "halvfems", "</s>"}));
        QCOMPARE(json.value("target_tokens").toArray().last().toString(), QStringLiteral("</s>"));
    }

    void listedByModels() {
        const CliResult r = runCli({"models"});
        QVERIFY2(r.finished() && r.exitCode == 0, r.describe().constData());
        QVERIFY2(r.out.contains("builtin:numbers"), r.out.constData());
    }
};

QTEST_GUILESS_MAIN(TestCliNumbers)
#include "tst_clinumbers.moc"
