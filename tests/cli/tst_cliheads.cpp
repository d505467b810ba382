// headmap-cli heads (#38) as a real process: every score, strongest position, divergence and
// probe stripe against tests/golden/heads/heads_golden.json (numpy, from `attention` of each
// document on its own: make_heads_golden.py); CSV against JSON; builtin:patterns' hand-built
// heads in their roles; --compare with itself (0) and with a copy whose previous-token head is
// made broad (that head alone); truncation; bad corpora and bad options.

#include <csignal>

#include <sys/stat.h>

#include <cmath>

#include <QTemporaryDir>

#include "CliProcess.h"

using testsupport::goldenPath;

namespace {

// The layer-major flat list of a [layer][head] grid.
QList<double> grid(const QJsonValue& value) {
    QList<double> out;
    for (const QJsonValue& layer : value.toArray())
        for (const QJsonValue& v : layer.toArray())
            out << v.toDouble(std::nan(""));
    return out;
}

QString gridDifference(const QJsonValue& actual, const QJsonValue& expected, const QString& name, double tolerance) {
    const QList<double> a = grid(actual), e = grid(expected);
    if (a.size() != e.size() || a.isEmpty())
        return QStringLiteral("%1: %2 values, expected %3").arg(name).arg(a.size()).arg(e.size());
    for (int i = 0; i < a.size(); ++i)
        if (!(std::abs(a[i] - e[i]) <= tolerance))
            return QStringLiteral("%1 head %2: %3, expected %4").arg(name).arg(i).arg(a[i], 0, 'g', 12).arg(e[i], 0, 'g', 12);
    return QString();
}

// How far a score may be from numpy's on another x86-64 processor. numpy recomputed the scores
// from one build's attention; another processor's kernels give weights that agree with it to
// kWeightTolerance (the engine's goldens hold every weight to 1e-5 of transformers). Rows sum to 1
// on both sides, so a row's weight on any set of keys moves by at most T·ε/2 (T: tokens in the
// document, bounded here by the case's total), its entropy by T·ε·(2 + ln(1/ε)) and its mean
// distance by T·ε·T/2; the scores are means of such row values over rows and documents. The
// Jensen–Shannon divergence moves like an entropy, the probe's stripe like a share. On the build that made the
// golden the difference is rounding only (below 1e-14).
constexpr double kWeightTolerance = 1e-5;

double scoreTolerance(const QString& role, double tokens) {
    const double share = 0.5 * tokens * kWeightTolerance;
    if (role == QLatin1String("entropy") || role == QLatin1String("divergence"))
        return tokens * kWeightTolerance * (2.0 + std::log(1.0 / kWeightTolerance));
    if (role == QLatin1String("distance"))
        return share * tokens;
    return share;
}

// The golden case's arguments with fixture paths made absolute.
QStringList caseArguments(const QJsonArray& args) {
    QStringList out;
    for (int i = 0; i < args.size(); ++i) {
        QString a = args[i].toString();
        const QString before = i > 0 ? args[i - 1].toString() : QString();
        if (before == QLatin1String("--corpus") || (a.startsWith(QLatin1String("models/")) && before == QLatin1String("--model")))
            a = fixturePath(a);
        out << a;
    }
    return out;
}

QJsonObject goldenCases() {
    QJsonObject cases;
    const QJsonObject golden = QJsonDocument::fromJson(readFile(goldenPath(QStringLiteral("heads/heads_golden.json")))).object();
    for (const QJsonValue& c : golden.value(QStringLiteral("cases")).toArray())
        cases.insert(c.toObject().value(QStringLiteral("name")).toString(), c);
    return cases;
}

const QStringList kRoles{"previous-token", "duplicate-token", "induction", "sink",
                         "entropy", "distance", "special", "punctuation"};

// (layer, head) of the highest score of a role (the first on ties).
int bestHead(const QJsonObject& json, const QString& role, bool lowest = false) {
    const QList<double> scores = grid(json.value("scores").toObject().value(role));
    int best = 0;
    for (int i = 1; i < scores.size(); ++i)
        if (lowest ? scores[i] < scores[best] : scores[i] > scores[best])
            best = i;
    return best;
}

}  // namespace

class CliHeadsTest : public QObject {
    Q_OBJECT
private slots:
    void matchesNumpy_data();
    void matchesNumpy();
    void csvMatchesJson();
    void scoreListAndOutputFile();
    void patternsHeadsInTheirRoles_data();
    void patternsHeadsInTheirRoles();
    void compareWithItselfIsZero_data();
    void compareWithItselfIsZero();
    void compareSinglesOutBroadHead();
    void longDocumentsAreCut();
    void translationStacks_data();
    void translationStacks();
    void interruptWritesNothing();
    void badCorpus_data();
    void badCorpus();
    void tenMegabyteLineInBoundedMemory();
    void badOptions_data();
    void badOptions();

private:
    QTemporaryDir m_dir;
};

void CliHeadsTest::matchesNumpy_data() {
    QTest::addColumn<QJsonObject>("golden");
    const QJsonObject cases = goldenCases();
    QVERIFY(cases.size() >= 8);
    for (auto it = cases.begin(); it != cases.end(); ++it)
        QTest::newRow(qPrintable(it.key())) << it.value().toObject();
}

void CliHeadsTest::matchesNumpy() {
    QFETCH(QJsonObject, golden);
    const QJsonObject expected = golden.value("expected").toObject();
    const CliResult run = runCli(QStringList{"heads"} + caseArguments(golden.value("args").toArray()));
    CLI_CHECK(run, 0);
    CLI_JSON(json, run);
    for (const char* count : {"documents", "tokens", "truncated"})
        QVERIFY2(json.value(count).toInt(-1) == expected.value(count).toInt(-2), count);
    const QJsonObject scores = json.value("scores").toObject();
    const QJsonObject strongest = json.value("strongest").toObject();
    const QJsonObject expectedStrongest = expected.value("strongest").toObject();
    const double tokens = expected.value("tokens").toDouble();
    for (const QString& role : kRoles) {
        const double tolerance = scoreTolerance(role, tokens);
        const QString difference = gridDifference(scores.value(role), expected.value("scores")[role], role, tolerance);
        QVERIFY2(difference.isEmpty(), qPrintable(difference));
        const QJsonArray got = strongest.value(role).toArray(), want = expectedStrongest.value(role).toArray();
        QCOMPARE(got.size(), want.size());
        for (int i = 0; i < got.size(); ++i) {
            const QJsonObject g = got[i].toObject(), w = want[i].toObject();
            QCOMPARE(g.value("layer").toInt(), w.value("layer").toInt());
            QCOMPARE(g.value("head").toInt(), w.value("head").toInt());
            QVERIFY2(std::abs(g.value("value").toDouble() - w.value("value").toDouble()) <= tolerance, qPrintable(role));
            const QJsonArray position{g.value("document"), g.value("position")};
            QVERIFY2(w.value("candidates").toArray().contains(position),
                     qPrintable(QStringLiteral("%1 head %2: document %3 position %4 is not where the row value is highest")
                                    .arg(role).arg(i).arg(g.value("document").toInt()).arg(g.value("position").toInt())));
        }
    }
    if (expected.contains("divergence")) {
        const QString difference = gridDifference(json.value("divergence"), expected.value("divergence"), "divergence",
                                                  scoreTolerance(QStringLiteral("divergence"), tokens));
        QVERIFY2(difference.isEmpty(), qPrintable(difference));
    } else {
        QVERIFY(!json.contains("divergence"));
    }
    if (expected.contains("probe")) {
        // The ids the output reports are the ones numpy ran (with attention --ids) to get the stripe.
        const QJsonObject probe = json.value("probe").toObject();
        QCOMPARE(probe.value("ids"), expected.value("probe")["ids"]);
        const QString difference = gridDifference(probe.value("stripe"), expected.value("probe")["stripe"], "stripe",
                                                  scoreTolerance(QStringLiteral("stripe"), tokens));
        QVERIFY2(difference.isEmpty(), qPrintable(difference));
    }
}

void CliHeadsTest::csvMatchesJson() {
    const QStringList args{"heads", "--model", "builtin:patterns", "--corpus", fixturePath("heads/corpus.txt"),
                           "--compare", "builtin:patterns:broad=0"};
    const CliResult jsonRun = runCli(args);
    const CliResult csvRun = runCli(args + QStringList{"--format", "csv"});
    CLI_CHECK(jsonRun, 0);
    CLI_CHECK(csvRun, 0);
    CLI_JSON(json, jsonRun);
    const QList<QByteArray> lines = csvRun.out.trimmed().split('\n');
    QCOMPARE(lines.first(), QByteArray("layer,head,previous-token,duplicate-token,induction,sink,entropy,distance,"
                                       "special,punctuation,divergence"));
    QCOMPARE(lines.size(), 1 + 6);
    for (int row = 1; row < lines.size(); ++row) {
        const QList<QByteArray> cells = lines[row].split(',');
        QCOMPARE(cells.size(), 2 + kRoles.size() + 1);
        QCOMPARE(cells[0].toInt(), 0);
        QCOMPARE(cells[1].toInt(), row - 1);
        for (int r = 0; r < kRoles.size(); ++r)
            QCOMPARE(cells[2 + r].toDouble(), grid(json.value("scores")[kRoles[r]])[row - 1]);
        QCOMPARE(cells.last().toDouble(), grid(json.value("divergence"))[row - 1]);
    }
}

void CliHeadsTest::scoreListAndOutputFile() {
    const QString output = m_dir.filePath("heads.json");
    const CliResult run = runCli({"heads", "--model", "builtin:patterns", "--corpus", fixturePath("heads/short.txt"),
                                  "--score", "sink,previous-token", "--output", output});
    CLI_CHECK(run, 0);
    QVERIFY(run.out.isEmpty());
    const QJsonObject json = QJsonDocument::fromJson(readFile(output)).object();
    QCOMPARE(json.value("scores").toObject().keys(), (QStringList{"previous-token", "sink"}));
    QCOMPARE(json.value("strongest").toObject().keys(), (QStringList{"previous-token", "sink"}));
    QCOMPARE(json.value("documents").toInt(), 4);
}

void CliHeadsTest::patternsHeadsInTheirRoles_data() {
    QTest::addColumn<QString>("role");
    QTest::addColumn<bool>("lowest");
    QTest::addColumn<int>("head");
    // PatternsModel.h: 0 previous token, 1 next token, 2 self, 3 first token, 4 same token
    // earlier, 5 broad.
    QTest::newRow("previous-token: head 0") << "previous-token" << false << 0;
    QTest::newRow("duplicate-token: head 4") << "duplicate-token" << false << 4;
    QTest::newRow("sink: head 3") << "sink" << false << 3;
    QTest::newRow("entropy: head 5") << "entropy" << false << 5;
    QTest::newRow("lowest distance: head 2 (self)") << "distance" << true << 2;
}

void CliHeadsTest::patternsHeadsInTheirRoles() {
    QFETCH(QString, role);
    QFETCH(bool, lowest);
    QFETCH(int, head);
    const CliResult run = runCli({"heads", "--model", "builtin:patterns", "--corpus", fixturePath("heads/corpus.txt")});
    CLI_CHECK(run, 0);
    CLI_JSON(json, run);
    QCOMPARE(bestHead(json, role, lowest), head);
}

void CliHeadsTest::compareWithItselfIsZero_data() {
    QTest::addColumn<QStringList>("arguments");
    QTest::newRow("patterns corpus") << QStringList{"--model", "builtin:patterns", "--corpus", fixturePath("heads/corpus.txt"),
                                                    "--compare", "builtin:patterns"};
    QTest::newRow("teaching probe") << QStringList{"--model", "builtin:teaching", "--probe", "induction", "--length", "8",
                                                   "--compare", "builtin:teaching"};
    QTest::newRow("gpt2 fixture") << QStringList{"--model", modelFixture("gpt2_f32"), "--corpus", fixturePath("heads/short.txt"),
                                                 "--compare", modelFixture("gpt2_f32")};
}

void CliHeadsTest::compareWithItselfIsZero() {
    QFETCH(QStringList, arguments);
    const CliResult run = runCli(QStringList{"heads"} + arguments);
    CLI_CHECK(run, 0);
    CLI_JSON(json, run);
    const QList<double> divergence = grid(json.value("divergence"));
    QVERIFY(!divergence.isEmpty());
    for (double d : divergence)
        QCOMPARE(d, 0.0);
}

void CliHeadsTest::compareSinglesOutBroadHead() {
    // The copy's head 0 attends uniformly instead of to the previous token; the other heads are
    // computed from the same weights, bit for bit, in this one-layer model.
    const CliResult run = runCli({"heads", "--model", "builtin:patterns", "--corpus", fixturePath("heads/corpus.txt"),
                                  "--compare", "builtin:patterns:broad=0"});
    CLI_CHECK(run, 0);
    CLI_JSON(json, run);
    QCOMPARE(json.value("compare").toString(), QStringLiteral("builtin:patterns:broad=0"));
    const QList<double> divergence = grid(json.value("divergence"));
    QCOMPARE(divergence.size(), 6);
    QVERIFY2(divergence[0] > 0.3, qPrintable(QString::number(divergence[0])));
    for (int head = 1; head < 6; ++head)
        QCOMPARE(divergence[head], 0.0);
}

void CliHeadsTest::longDocumentsAreCut() {
    // builtin:patterns has 256 positions: a line of 1000 words keeps [CLS] and 255 words.
    QByteArray line;
    for (int i = 0; i < 1000; ++i)
        line += "w" + QByteArray::number(i % 300) + ' ';
    const QString corpus = m_dir.filePath("long.txt");
    QVERIFY(writeFile(corpus, "short line.\n" + line + "\n"));
    const CliResult run = runCli({"heads", "--model", "builtin:patterns", "--corpus", corpus, "--score", "sink"});
    CLI_CHECK(run, 0);
    CLI_JSON(json, run);
    QCOMPARE(json.value("documents").toInt(), 2);
    QCOMPARE(json.value("truncated").toInt(), 1);
    QCOMPARE(json.value("tokens").toInt(), 5 + 256);  // [CLS] short line . [SEP], then the cut one
}

void CliHeadsTest::translationStacks_data() {
    QTest::addColumn<QStringList>("stack");
    QTest::addColumn<QString>("named");
    QTest::newRow("encoder by default") << QStringList{} << "encoder";
    QTest::newRow("encoder") << QStringList{"--stack", "encoder"} << "encoder";
    QTest::newRow("decoder, on its own translation") << QStringList{"--stack", "decoder"} << "decoder";
}

void CliHeadsTest::translationStacks() {
    QFETCH(QStringList, stack);
    QFETCH(QString, named);
    const CliResult run = runCli(QStringList{"heads", "--model", "builtin:translation", "--corpus",
                                             fixturePath("heads/short.txt"), "--score", "previous-token"} + stack);
    CLI_CHECK(run, 0);
    CLI_JSON(json, run);
    QCOMPARE(json.value("stack").toString(), named);
    QCOMPARE(json.value("documents").toInt(), 4);
    QVERIFY(hasShape(json.value("scores")["previous-token"], 2, 4));
}

void CliHeadsTest::interruptWritesNothing() {
    // A corpus long enough to still be running when SIGINT comes: stops between documents,
    // exit 130, no output file.
    QByteArray text;
    for (int i = 0; i < 4000; ++i)
        text += "line " + QByteArray::number(i) + " of a corpus that takes a while to score, word after word.\n";
    const QString corpus = m_dir.filePath("interrupted.txt");
    const QString output = m_dir.filePath("interrupted.json");
    QVERIFY(writeFile(corpus, text));
    QProcess process;
    process.start(HEADMAP_CLI_PATH, {"heads", "--model", "builtin:teaching", "--layers", "6", "--d-model", "256",
                                     "--corpus", corpus, "--output", output});
    QVERIFY(process.waitForStarted(30000));
    QTest::qWait(1500);  // past loading the model, when the guard is in place
    QCOMPARE(process.state(), QProcess::Running);
    ::kill(pid_t(process.processId()), SIGINT);
    QVERIFY(process.waitForFinished(30000));
    QCOMPARE(process.exitStatus(), QProcess::NormalExit);
    QCOMPARE(process.exitCode(), 130);
    QVERIFY(process.readAllStandardError().contains("interrupted"));
    QVERIFY(!QFile::exists(output));
}

void CliHeadsTest::badCorpus_data() {
    QTest::addColumn<QString>("setup");
    QTest::addColumn<QString>("message");
    QTest::newRow("empty file") << "empty" << "has no documents: it is empty or holds only blank lines";
    QTest::newRow("blank lines only") << "blank" << "has no documents";
    QTest::newRow("binary file") << "binary" << "is not text: byte 4 is NUL";
    QTest::newRow("2 GB sparse file") << "sparse" << "is not text: byte 6 is NUL";
    QTest::newRow("FIFO without a writer") << "fifo" << "is not a regular file (it is a FIFO)";
    QTest::newRow("missing file") << "missing" << "does not exist";
    QTest::newRow("folder") << "folder" << "is not a regular file";
}

void CliHeadsTest::badCorpus() {
    QFETCH(QString, setup);
    QFETCH(QString, message);
    const QString path = m_dir.filePath(QStringLiteral("corpus-") + setup);
    if (setup == QLatin1String("empty")) {
        QVERIFY(writeFile(path, QByteArray()));
    } else if (setup == QLatin1String("blank")) {
        QVERIFY(writeFile(path, "\n  \n\t\n"));
    } else if (setup == QLatin1String("binary")) {
        QVERIFY(writeFile(path, QByteArray("\x7f" "ELF\x00\x01\x02\x03", 8)));
    } else if (setup == QLatin1String("sparse")) {
        // Text, then a hole of zeros up to 2 GB: refused at the first zero, not read whole.
        QFile file(path);
        QVERIFY(file.open(QIODevice::WriteOnly));
        QVERIFY(file.write("hello\n") == 6);
        QVERIFY(file.resize(2ll * 1024 * 1024 * 1024));
        file.close();
    } else if (setup == QLatin1String("fifo")) {
        QCOMPARE(::mkfifo(QFile::encodeName(path).constData(), 0600), 0);
    } else if (setup == QLatin1String("folder")) {
        QVERIFY(QDir().mkpath(path));
    }
    const QString output = m_dir.filePath(QStringLiteral("out-") + setup + ".json");
    const CliResult run = runCli({"heads", "--model", "builtin:patterns", "--corpus", path, "--output", output});
    CLI_CHECK(run, 3);
    QVERIFY2(run.err.contains(message.toUtf8()), run.describe().constData());
    QVERIFY2(run.err.contains(path.toUtf8()), run.describe().constData());
    QVERIFY(!QFile::exists(output));
}

void CliHeadsTest::tenMegabyteLineInBoundedMemory() {
    // One line of 10 MB: kept only up to 64 bytes per position, tokenized up to 256 tokens.
    const QString path = m_dir.filePath("ten-megabytes.txt");
    QByteArray line;
    line.reserve(10 * 1024 * 1024 + 1);
    while (line.size() < 10 * 1024 * 1024)
        line += "ord og tegn, ";
    QVERIFY(writeFile(path, line + '\n'));
    if (!QFile::exists(QStringLiteral("/usr/bin/time"))) {
        const CliResult run = runCli({"heads", "--model", "builtin:patterns", "--corpus", path});
        CLI_CHECK(run, 0);
        QSKIP("no /usr/bin/time to measure the peak memory with");
    }
    const CliResult run = runCliThroughShell(QStringLiteral("/usr/bin/time -f 'peak-kb %M' \"$0\" heads --model "
                                                            "builtin:patterns --corpus '%1'").arg(path));
    CLI_CHECK(run, 0);
    CLI_JSON(json, run);
    QCOMPARE(json.value("documents").toInt(), 1);
    QCOMPARE(json.value("truncated").toInt(), 1);
    QCOMPARE(json.value("tokens").toInt(), 256);
    const QRegularExpressionMatch peak = QRegularExpression(QStringLiteral("peak-kb (\\d+)")).match(QString::fromUtf8(run.err));
    QVERIFY2(peak.hasMatch(), run.err.constData());
    // Reading the line whole would add 10 MB of bytes and 20 MB of QString at least.
    QVERIFY2(peak.captured(1).toLongLong() < 100 * 1024, run.err.constData());
}

void CliHeadsTest::badOptions_data() {
    QTest::addColumn<QStringList>("arguments");
    QTest::addColumn<int>("exitCode");
    QTest::addColumn<QString>("message");
    const QString corpus = fixturePath("heads/short.txt");
    QTest::newRow("neither corpus nor probe") << QStringList{"--model", "builtin:patterns"} << 2
                                              << "needs one of --corpus FILE and --probe induction";
    QTest::newRow("both corpus and probe") << QStringList{"--model", "builtin:patterns", "--corpus", corpus, "--probe", "induction"}
                                           << 2 << "needs one of --corpus FILE and --probe induction";
    QTest::newRow("unknown probe") << QStringList{"--model", "builtin:patterns", "--probe", "copying"} << 2
                                   << "--probe must be induction";
    QTest::newRow("unknown score") << QStringList{"--model", "builtin:patterns", "--corpus", corpus, "--score", "sinks"} << 2
                                   << "--score: unknown score 'sinks'";
    QTest::newRow("seed with a corpus") << QStringList{"--model", "builtin:patterns", "--corpus", corpus, "--seed", "3"} << 2
                                        << "--seed goes with --probe induction";
    QTest::newRow("npy format") << QStringList{"--model", "builtin:patterns", "--corpus", corpus, "--format", "npy"} << 2
                                << "--format for 'heads' must be json or csv";
    QTest::newRow("different tokenizer") << QStringList{"--model", "builtin:patterns", "--corpus", corpus, "--compare",
                                                        modelFixture("gpt2_f32")}
                                         << 3 << "--compare needs two models with the same tokenizer";
    QTest::newRow("different shape") << QStringList{"--model", "builtin:patterns", "--corpus", corpus, "--compare",
                                                    "builtin:teaching"}
                                     << 3 << "--compare needs two models of the same shape";
    QTest::newRow("probe longer than the positions") << QStringList{"--model", modelFixture("gpt2_f32"), "--probe", "induction",
                                                                    "--length", "40"}
                                                     << 3 << "use --length 32 or less";
    QTest::newRow("cross-attention stack") << QStringList{"--model", "builtin:translation", "--corpus", corpus, "--stack", "cross"}
                                           << 3 << "choose --stack encoder or decoder";
    QTest::newRow("a stack the model does not have") << QStringList{"--model", "builtin:patterns", "--corpus", corpus, "--stack",
                                                                    "decoder"}
                                                     << 3 << "--stack decoder";
    QTest::newRow("broad head out of range") << QStringList{"--model", "builtin:patterns:broad=6", "--corpus", corpus} << 3
                                             << "expected head numbers 0..5 after broad=";
}

void CliHeadsTest::badOptions() {
    QFETCH(QStringList, arguments);
    QFETCH(int, exitCode);
    QFETCH(QString, message);
    const CliResult run = runCli(QStringList{"heads"} + arguments);
    CLI_CHECK(run, exitCode);
    QVERIFY2(run.err.contains(message.toUtf8()), run.describe().constData());
    QVERIFY(run.out.isEmpty());
}

QTEST_GUILESS_MAIN(CliHeadsTest)
#include "tst_cliheads.moc"
