// headmap-cli on a full disk, run as a real process: every command that writes a file, aimed at
// a nearly full tmpfs where a good file of the same name already exists, must fail with exit 3,
// say "No space left on device" and name the file, print no "wrote" line, leave the old file
// byte for byte as it was and no temporary file behind. Output to standard output on a full
// device (/dev/full) must fail the same way instead of exiting 0 with the output lost.

#include <QDir>
#include <QFileInfo>
#ifdef HEADMAP_CLI_CAN_RENDER
#include <QImage>
#include <QImageReader>
#endif

#include "SmallDisk.h"
#include "CliProcess.h"

namespace {

const QString kNoSpace = QStringLiteral("No space left on device");

// About `count` tokens of the teaching model. 120 give a tokenize listing well over a page and
// attention (2 layers × 4 heads × T²) of hundreds of kilobytes.
QString longText(int count = 120) {
    QStringList words;
    for (int i = 0; i < count; ++i)
        words << QStringLiteral("word%1").arg(i);
    return words.join(QLatin1Char(' '));
}

QStringList modelAndText(int words = 120) {
    return {QStringLiteral("--model"), QStringLiteral("builtin:teaching"), QStringLiteral("--text"), longText(words)};
}

// What a complete earlier output looked like, as far as the test cares: distinct bytes that a
// truncated or replaced file cannot keep.
QByteArray oldContent(const QString& name) {
    return "an earlier, complete " + name.toUtf8() + " that must survive\n" + QByteArray(3000, 'o') + '\n';
}

// True when path holds a whole file of its kind (images decode, JSON parses, text ends a line).
bool complete(const QString& path) {
    const QString suffix = QFileInfo(path).suffix();
    const QByteArray bytes = readFile(path);
#ifdef HEADMAP_CLI_CAN_RENDER
    if (suffix == QLatin1String("png")) {
        QImageReader reader(path);
        return !reader.read().isNull();
    }
#endif
    if (suffix == QLatin1String("svg"))
        return bytes.trimmed().endsWith("</svg>");
    if (suffix == QLatin1String("pdf"))
        return bytes.trimmed().endsWith("%%EOF");
    if (suffix == QLatin1String("json"))
        return !QJsonDocument::fromJson(bytes).isNull();
    return bytes.endsWith('\n') || suffix == QLatin1String("npy");
}

}  // namespace

class CliDiskFullTest : public QObject {
    Q_OBJECT
private slots:
    void outputFileOnFullDisk_data();
    void outputFileOnFullDisk();
    void exportAllOnFullDisk_data();
    void exportAllOnFullDisk();
    void standardOutputOnFullDevice_data();
    void standardOutputOnFullDevice();
};

void CliDiskFullTest::outputFileOnFullDisk_data() {
    QTest::addColumn<QStringList>("command");  // --output FILE is added
    QTest::addColumn<QString>("fileName");
    QTest::addColumn<qint64>("freeBytes");
    const QStringList one{QStringLiteral("--layer"), QStringLiteral("1"), QStringLiteral("--head"), QStringLiteral("2")};
    const auto with = [](const char* command, const QStringList& extra, int words = 120) {
        return QStringList{QLatin1String(command)} + modelAndText(words) + extra;
    };
    // One free page: the first 4096 bytes fit, as in the report of files cut at 4,096 bytes.
    // 400 words: 11 to 14 KB, more than the free page, less than Qt's 16 KiB write buffer.
    QTest::newRow("tokenize json") << with("tokenize", {QStringLiteral("--format"), QStringLiteral("json")}, 400)
                                   << QStringLiteral("tokens.json") << qint64(4096);
    QTest::newRow("tokenize text") << with("tokenize", {}, 400) << QStringLiteral("tokens.tsv") << qint64(4096);
    QTest::newRow("attention json") << with("attention", {QStringLiteral("--format"), QStringLiteral("json")})
                                    << QStringLiteral("attention.json") << qint64(4096);
    QTest::newRow("attention csv") << with("attention", {QStringLiteral("--format"), QStringLiteral("csv")})
                                   << QStringLiteral("attention.csv") << qint64(4096);
    // Under QFileDevice's 16 KiB write buffer, where Qt alone loses the failure in commit().
    QTest::newRow("attention json, one head, 8 KB") << with("attention", one, 25) << QStringLiteral("head.json") << qint64(4096);
    QTest::newRow("attention json, disk full") << with("attention", {}) << QStringLiteral("attention.json") << qint64(0);
    QTest::newRow("steps json") << with("steps", one) << QStringLiteral("steps.json") << qint64(4096);
    QTest::newRow("render pdf") << with("render", one) << QStringLiteral("head.pdf") << qint64(8192);
    QTest::newRow("render png") << with("render", one) << QStringLiteral("head.png") << qint64(8192);
    QTest::newRow("render svg") << with("render", one) << QStringLiteral("head.svg") << qint64(8192);
}

void CliDiskFullTest::outputFileOnFullDisk() {
    QFETCH(QStringList, command);
    QFETCH(QString, fileName);
    QFETCH(qint64, freeBytes);
#ifndef HEADMAP_CLI_CAN_RENDER
    if (command.first() == QLatin1String("render"))
        QSKIP("this headmap-cli was built without the GUI libraries");
#endif
    SmallDisk disk;
    if (!disk.isMounted())
        QSKIP(qPrintable(disk.skipReason()));
    const QString path = disk.filePath(fileName);
    const QByteArray old = oldContent(fileName);
    QVERIFY(writeFile(path, old));
    QVERIFY(disk.fillLeaving(freeBytes));

    const CliResult r = runCli(command + QStringList{QStringLiteral("--output"), path});
    checkError(r, 3, {kNoSpace, path});
    QVERIFY2(!r.err.contains("Unknown error"), r.err.constData());
    QCOMPARE(readFile(path), old);
    QCOMPARE(disk.entries(), QStringList{fileName});
}

void CliDiskFullTest::exportAllOnFullDisk_data() {
    QTest::addColumn<QString>("format");
    QTest::addColumn<qint64>("freeBytes");
    // Small images, so some files fit before the disk is full and the run fails in the middle.
    QTest::newRow("png, fails midway") << QStringLiteral("png") << qint64(40960);
    QTest::newRow("png, disk full") << QStringLiteral("png") << qint64(0);
    QTest::newRow("pdf, fails midway") << QStringLiteral("pdf") << qint64(40960);
    QTest::newRow("svg, fails midway") << QStringLiteral("svg") << qint64(40960);
}

void CliDiskFullTest::exportAllOnFullDisk() {
    QFETCH(QString, format);
    QFETCH(qint64, freeBytes);
#ifndef HEADMAP_CLI_CAN_RENDER
    QSKIP("this headmap-cli was built without the GUI libraries");
#endif
    SmallDisk disk(256 * 1024);
    if (!disk.isMounted())
        QSKIP(qPrintable(disk.skipReason()));
    const QString outdir = disk.filePath(QStringLiteral("heads"));
    QVERIFY(QDir().mkpath(outdir));
    // An earlier export's files, one of each kind that the run writes first and last.
    const QStringList oldNames{QStringLiteral("layer0_head0.") + format, QStringLiteral("statistics.csv")};
    for (const QString& name : oldNames)
        QVERIFY(writeFile(QDir(outdir).filePath(name), oldContent(name)));
    QVERIFY(disk.fillLeaving(freeBytes));

    const CliResult r = runCli(QStringList{QStringLiteral("export-all")} + modelAndText() +
                               QStringList{QStringLiteral("--outdir"), outdir, QStringLiteral("--format"), format,
                                           QStringLiteral("--size"), QStringLiteral("300x240"),
                                           QStringLiteral("--scale"), QStringLiteral("0.5")});
    checkError(r, 3, {kNoSpace});
    QVERIFY2(r.err.contains(outdir.toUtf8() + '/'), "the failing file is not named: " + r.err);
    QVERIFY2(!r.err.contains("Unknown error"), r.err.constData());

    // Files written before the disk filled up stay (as after a cancelled export), each complete;
    // the file that did not fit is either the earlier one, unchanged, or absent.
    const QStringList names = disk.entries(outdir);
    const QRegularExpression exported(QStringLiteral("^((layer\\d+_head\\d+|grid)\\.%1|attention\\.(json|csv|npy)|statistics\\.csv)$")
                                          .arg(format));
    for (const QString& name : names) {
        const QString file = QDir(outdir).filePath(name);
        const bool unchanged = oldNames.contains(name) && readFile(file) == oldContent(name);
        QVERIFY2(unchanged || complete(file), qPrintable(QStringLiteral("%1 is truncated").arg(name)));
        QVERIFY2(exported.match(name).hasMatch(),
                 qPrintable(QStringLiteral("temporary file left behind: %1").arg(name)));
    }
    for (const QString& name : oldNames)
        QVERIFY2(names.contains(name), qPrintable(name + QStringLiteral(" was removed")));
    const QString failed = QString::fromUtf8(r.err).section(QLatin1Char('\''), 1, 1);
    if (oldNames.contains(QFileInfo(failed).fileName()))
        QCOMPARE(readFile(failed), oldContent(QFileInfo(failed).fileName()));
    else
        QVERIFY2(!QFileInfo::exists(failed), qPrintable(failed + QStringLiteral(" left behind")));
}

void CliDiskFullTest::standardOutputOnFullDevice_data() {
    QTest::addColumn<QString>("arguments");
    // A short listing sits in a buffer until the program ends; a long one fills it on the way.
    QTest::newRow("tokenize, short") << QStringLiteral("tokenize --model builtin:teaching --text 'a b c'");
    QTest::newRow("tokenize json, short")
        << QStringLiteral("tokenize --model builtin:teaching --text 'a b c' --format json");
    QTest::newRow("attention json, long")
        << QStringLiteral("attention --model builtin:teaching --text '%1'").arg(longText());
    QTest::newRow("attention csv, --output -")
        << QStringLiteral("attention --model builtin:teaching --text '%1' --format csv --output -").arg(longText());
    QTest::newRow("info") << QStringLiteral("info --model builtin:teaching");
}

void CliDiskFullTest::standardOutputOnFullDevice() {
    QFETCH(QString, arguments);
    if (!QFileInfo::exists(QStringLiteral("/dev/full")))
        QSKIP("no /dev/full here");
    const CliResult r = runCliThroughShell(QStringLiteral("\"$0\" %1 > /dev/full").arg(arguments));
    checkError(r, 3, {kNoSpace, QStringLiteral("standard output")});
}

QTEST_GUILESS_MAIN(CliDiskFullTest)
#include "tst_clidiskfull.moc"
