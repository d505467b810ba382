// model/ConvertedWeightBudget.h (#40): the sizes --weight-memory and the settings accept, the
// text they are shown in, and the default of half the available memory.

#include <QtTest>

#include "model/ConvertedWeightBudget.h"

using namespace headmap;

class ConvertedWeightBudgetTest : public QObject {
    Q_OBJECT
private slots:
    void parsesSizes_data() {
        QTest::addColumn<QString>("text");
        QTest::addColumn<qint64>("bytes");  // -1: refused
        const qint64 k = 1024, m = k * k, g = m * k;
        QTest::newRow("zero") << "0" << qint64(0);
        QTest::newRow("bytes") << "4096" << qint64(4096);
        QTest::newRow("B") << "512B" << qint64(512);
        QTest::newRow("k") << "1k" << k;
        QTest::newRow("KiB") << "2KiB" << 2 * k;
        QTest::newRow("M") << "512M" << 512 * m;
        QTest::newRow("MB") << "800MB" << 800 * m;
        QTest::newRow("decimal G") << "1.5G" << g + g / 2;
        QTest::newRow("gib, spaces") << " 2 gib " << 2 * g;
        QTest::newRow("T") << "1T" << 1024 * g;
        QTest::newRow("largest") << "4194304T" << (qint64(1) << 62);
        QTest::newRow("too large") << "4194305T" << qint64(-1);
        QTest::newRow("empty") << "" << qint64(-1);
        QTest::newRow("negative") << "-1" << qint64(-1);
        QTest::newRow("unit only") << "G" << qint64(-1);
        QTest::newRow("unknown unit") << "1P" << qint64(-1);
        QTest::newRow("iB without unit") << "5iB" << qint64(-1);
        QTest::newRow("two points") << "1.5.2G" << qint64(-1);
        QTest::newRow("exponent") << "1e9" << qint64(-1);
        QTest::newRow("nan") << "nan" << qint64(-1);
        QTest::newRow("hex") << "0x10" << qint64(-1);
    }

    void parsesSizes() {
        QFETCH(QString, text);
        QFETCH(qint64, bytes);
        const std::optional<qint64> parsed = parseMemorySize(text);
        if (bytes < 0) {
            QVERIFY2(!parsed, qPrintable(QStringLiteral("accepted as %1").arg(parsed.value_or(-1))));
        } else {
            QVERIFY(parsed);
            QCOMPARE(*parsed, bytes);
        }
    }

    void showsSizes_data() {
        QTest::addColumn<qint64>("bytes");
        QTest::addColumn<QString>("text");
        QTest::newRow("bytes") << qint64(512) << "512 B";
        QTest::newRow("kB") << qint64(1536) << "1.5 kB";
        QTest::newRow("MB") << qint64(300) * 1024 * 1024 << "300 MB";
        QTest::newRow("GB") << (qint64(1) << 30) << "1.0 GB";
        QTest::newRow("GB, tens") << qint64(11) * (qint64(1) << 30) << "11 GB";
    }

    void showsSizes() {
        QFETCH(qint64, bytes);
        QFETCH(QString, text);
        QCOMPARE(memorySizeText(bytes), text);
    }

    void defaultIsHalfOfWhatIsAvailable() {
        const qint64 available = availableMemoryBytes();
        if (available == 0)
            QSKIP("/proc/meminfo has no MemAvailable here");
        // Available memory moves between the two reads; both are of the same machine.
        const qint64 budget = defaultConvertedWeightBudget();
        QVERIFY(budget > 0);
        QVERIFY2(qAbs(budget - available / 2) <= available / 4,
                 qPrintable(QStringLiteral("budget %1, available %2").arg(budget).arg(available)));
    }
};

QTEST_GUILESS_MAIN(ConvertedWeightBudgetTest)
#include "tst_convertedweightbudget.moc"
