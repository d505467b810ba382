#pragma once
// For tst_cli (header only): runs the built headmap-cli as a real process, reads its JSON and
// CSV output, and checks error runs and model summaries from inside QtTest functions.

#include <algorithm>
#include <cmath>
#include <limits>
#include <optional>

#include <QByteArray>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QRegularExpression>
#include <QString>
#include <QStringList>
#include <QtTest>

#include "TestFiles.h"
#include "TestPaths.h"

using testsupport::fixturePath;
using testsupport::modelFixture;
using testsupport::readFile;
using testsupport::writeFile;

struct CliResult {
    QStringList arguments;
    bool started = false;
    bool timedOut = false;
    QProcess::ExitStatus status = QProcess::CrashExit;
    int exitCode = -1;
    QByteArray out;
    QByteArray err;

    // True when the process ran to its end on its own (no crash, no hang).
    bool finished() const { return started && !timedOut && status == QProcess::NormalExit; }
    QByteArray describe() const {
        return "headmap-cli " + arguments.join(QLatin1Char(' ')).toUtf8() +
               (started ? QByteArray() : QByteArray(" [did not start]")) +
               (timedOut ? QByteArray(" [timed out]") : QByteArray()) +
               (status == QProcess::CrashExit ? QByteArray(" [crashed]") : QByteArray()) +
               " exit=" + QByteArray::number(exitCode) + "\nstderr: " + err.left(2000) +
               "\nstdout: " + out.left(500);
    }
    QJsonObject json() const { return QJsonDocument::fromJson(out).object(); }
};

// program with arguments; input, when given, is written to standard input. Standard input is
// always closed so that a CLI which reads it never waits.
inline CliResult runProgram(const QString& program, const QStringList& arguments,
                            const std::optional<QByteArray>& input = std::nullopt,
                            int timeoutMs = 120000) {
    CliResult result;
    result.arguments = arguments;
    QProcess process;
    process.setProgram(program);
    process.setArguments(arguments);
    process.start();
    result.started = process.waitForStarted(30000);
    if (!result.started)
        return result;
    if (input)
        process.write(*input);
    process.closeWriteChannel();
    if (!process.waitForFinished(timeoutMs)) {
        result.timedOut = true;
        process.kill();
        process.waitForFinished(5000);
    }
    result.status = process.exitStatus();
    result.exitCode = process.exitCode();
    result.out = process.readAllStandardOutput();
    result.err = process.readAllStandardError();
    return result;
}

inline CliResult runCli(const QStringList& arguments,
                        const std::optional<QByteArray>& input = std::nullopt) {
    return runProgram(HEADMAP_CLI_PATH, arguments, input);
}

// Runs script with /bin/sh -c; inside it "$0" is headmap-cli. Lets a test pass raw bytes
// (e.g. invalid UTF-8 made with printf) as a command-line argument.
inline CliResult runCliThroughShell(const QString& script) {
    CliResult result = runProgram(QStringLiteral("/bin/sh"),
                                  {QStringLiteral("-c"), script, HEADMAP_CLI_PATH});
    result.arguments = QStringList{QStringLiteral("(sh -c)"), script};
    return result;
}

// Checks that a run ended on its own with the expected exit code; use inside test functions.
#define CLI_CHECK(result, expectedExit)                                                    \
    do {                                                                                   \
        QVERIFY2((result).finished(), (result).describe().constData());                    \
        QVERIFY2((result).exitCode == (expectedExit), (result).describe().constData());    \
    } while (false)

// Parses standard output as one JSON object into `var`.
#define CLI_JSON(var, result)                                                              \
    QJsonObject var;                                                                       \
    do {                                                                                   \
        QJsonParseError parseError_;                                                       \
        const QJsonDocument doc_ = QJsonDocument::fromJson((result).out, &parseError_);    \
        QVERIFY2(parseError_.error == QJsonParseError::NoError && doc_.isObject(),         \
                 qPrintable(parseError_.errorString() + QLatin1String(" in ") +            \
                            QString::fromUtf8((result).out.left(300))));                   \
        var = doc_.object();                                                               \
    } while (false)

// ---- reading the output ----

using Matrix = QList<QList<double>>;

inline QStringList chars(const QString& text) {
    QStringList out;
    for (QChar c : text)
        out << QString(c);
    return out;
}

inline QStringList strings(const QJsonValue& value) {
    QStringList out;
    for (const QJsonValue& v : value.toArray())
        out << v.toString();
    return out;
}

inline QList<int> ints(const QJsonValue& value) {
    QList<int> out;
    for (const QJsonValue& v : value.toArray())
        out << v.toInt(-999);
    return out;
}

// A JSON list of ids as --ids takes them: "1,5,9".
inline QString idList(const QJsonValue& ids) {
    QStringList parts;
    for (int id : ints(ids))
        parts << QString::number(id);
    return parts.join(QLatin1Char(','));
}

// A JSON matrix (or a vector, as one row); null (a masked entry) becomes -inf.
inline Matrix matrix(const QJsonValue& value) {
    Matrix out;
    const QJsonArray rows = value.toArray();
    QJsonArray wrapped;
    wrapped.append(rows);  // a vector is read as a matrix of one row
    const bool vector = !rows.isEmpty() && !rows.first().isArray();
    for (const QJsonValue& row : vector ? wrapped : rows) {
        QList<double> r;
        for (const QJsonValue& v : row.toArray())
            r << (v.isNull() ? -std::numeric_limits<double>::infinity() : v.toDouble());
        out << r;
    }
    return out;
}

inline bool hasShape(const QJsonValue& value, int rows, int cols) {
    if (!value.isArray() || value.toArray().size() != rows)
        return false;
    for (const QJsonValue& row : value.toArray())
        if (!row.isArray() || row.toArray().size() != cols)
            return false;
    return true;
}

inline Matrix multiply(const Matrix& a, const Matrix& b, bool transposeB = false) {
    const int inner = transposeB ? b.first().size() : b.size();
    const int cols = transposeB ? b.size() : b.first().size();
    Matrix out(a.size(), QList<double>(cols, 0.0));
    for (int i = 0; i < a.size(); ++i)
        for (int j = 0; j < cols; ++j)
            for (int k = 0; k < inner; ++k)
                out[i][j] += a[i][k] * (transposeB ? b[j][k] : b[k][j]);
    return out;
}

inline Matrix addRow(Matrix m, const Matrix& row) {
    for (auto& r : m)
        for (int j = 0; j < r.size(); ++j)
            r[j] += row.first()[j];
    return m;
}

// Empty when actual ≈ expected (1e-4, relative for large values); else the first difference.
inline QString difference(const Matrix& actual, const Matrix& expected, const char* name) {
    if (actual.size() != expected.size())
        return QStringLiteral("%1 has %2 rows, expected %3").arg(name).arg(actual.size()).arg(expected.size());
    for (int i = 0; i < actual.size(); ++i) {
        if (actual[i].size() != expected[i].size())
            return QStringLiteral("%1 row %2 has the wrong length").arg(name).arg(i);
        for (int j = 0; j < actual[i].size(); ++j) {
            const double a = actual[i][j], e = expected[i][j];
            if (std::isinf(e) ? a != e : !(std::abs(a - e) <= 1e-4 * std::max(1.0, std::abs(e))))
                return QStringLiteral("%1[%2][%3] = %4, expected %5").arg(name).arg(i).arg(j).arg(a).arg(e);
        }
    }
    return QString();
}

// True when text names word as a whole word ("4" is not found inside "2048").
inline bool mentions(const QString& text, const QString& word) {
    return text.contains(QRegularExpression(QStringLiteral("(?<!\\w)") +
                                            QRegularExpression::escape(word) +
                                            QStringLiteral("(?!\\w)")));
}

inline QStringList withoutSelection(QStringList args) {
    for (const QString& option : {QStringLiteral("--layer"), QStringLiteral("--head")}) {
        const qsizetype i = args.indexOf(option);
        if (i >= 0)
            args.remove(i, 2);
    }
    return args;
}

inline QStringList csvFields(const QString& line) {
    QStringList fields{QString()};
    bool quoted = false;
    for (qsizetype i = 0; i < line.size(); ++i) {
        const QChar c = line[i];
        if (quoted && c == QLatin1Char('"') && i + 1 < line.size() && line[i + 1] == QLatin1Char('"'))
            fields.last() += line[++i];
        else if (c == QLatin1Char('"'))
            quoted = !quoted;
        else if (c == QLatin1Char(',') && !quoted)
            fields << QString();
        else
            fields.last() += c;
    }
    return fields;
}

// ---- checks (call from test functions; they report through QtTest) ----

// A failed run: the exit code, nothing on stdout, one error line naming each of words.
inline void checkError(const CliResult& r, int exitCode, const QStringList& words) {
    QVERIFY2(r.finished(), r.describe().constData());
    QVERIFY2(r.exitCode == exitCode, r.describe().constData());
    QVERIFY2(r.out.isEmpty(), "nothing may reach standard output on failure: " + r.out.left(200));
    QVERIFY2(r.err.startsWith("headmap-cli: error:"), r.err.constData());
    QVERIFY2(r.err.endsWith('\n') && r.err.count('\n') == 1, "stderr must be one line: " + r.err);
    for (const QString& word : words)
        QVERIFY2(mentions(QString::fromUtf8(r.err), word),
                 qPrintable(QStringLiteral("'%1' not named in: %2").arg(word, QString::fromUtf8(r.err))));
}

// The "model" object of the JSON outputs (and of info --format json).
inline void checkModel(const QJsonObject& model, int layers, int heads, int dModel, bool causal) {
    for (const char* key : {"name", "architecture", "layers", "heads", "kv_heads", "d_model", "d_head",
                            "max_positions", "vocab_size", "causal", "positions", "window"})
        QVERIFY2(model.contains(QLatin1String(key)), key);
    QCOMPARE(model["name"].toString(), QStringLiteral("builtin:teaching"));
    QCOMPARE(model["layers"].toInt(), layers);
    QCOMPARE(model["heads"].toInt(), heads);
    QCOMPARE(model["d_model"].toInt(), dModel);
    QCOMPARE(model["d_head"].toInt(), dModel / heads);
    QCOMPARE(model["vocab_size"].toInt(), 1 << 24);
    QVERIFY(model["max_positions"].toInt() > 0);
    QCOMPARE(model["causal"].toBool(!causal), causal);
}
