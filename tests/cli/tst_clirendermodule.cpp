// headmap-cli links no Qt GUI library: render and export-all load libheadmap-render.so (and
// with it Qt Widgets) only when they run. Checked on the built binary: its NEEDED entries and
// ldd closure, the libraries the dynamic loader really opens for each command (LD_DEBUG=files),
// and what the drawing commands say when the module is missing or broken while the other
// commands go on working.

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QProcess>
#include <QRegularExpression>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QtTest>

#include "FakeHub.h"

namespace {

const QStringList kGuiLibraries = {"libQt6Gui", "libQt6Widgets", "libQt6PrintSupport", "libQt6Svg", "libQCustomPlot"};

struct Run {
    int exitCode = -1;
    bool finished = false;
    QString out;
    QString err;
};

Run runProgram(const QString& program, const QStringList& arguments, const QProcessEnvironment& environment) {
    QProcess process;
    process.setProcessEnvironment(environment);
    process.start(program, arguments);
    process.closeWriteChannel();
    Run run;
    run.finished = process.waitForFinished(120000) && process.exitStatus() == QProcess::NormalExit;
    if (!run.finished)
        process.kill();
    run.exitCode = process.exitCode();
    run.out = QString::fromUtf8(process.readAllStandardOutput());
    run.err = QString::fromUtf8(process.readAllStandardError());
    return run;
}

QProcessEnvironment cleanEnvironment() {
    QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
    environment.remove(QStringLiteral("HEADMAP_RENDER_MODULE"));
    environment.insert(QStringLiteral("QT_QPA_PLATFORM"), QStringLiteral("offscreen"));
    return environment;
}

// The shared objects the dynamic loader opened during a run, from glibc's LD_DEBUG=files trace
// ("file=libQt6Core.so.6 [0];  needed by ..." and "... dynamically loaded by ...").
QStringList loadedFiles(const QString& trace) {
    QStringList files;
    static const QRegularExpression line(QStringLiteral(R"(file=(\S+)\s+\[\d+\];\s+(needed|dynamically loaded) by)"));
    for (auto match = line.globalMatch(trace); match.hasNext();)
        files << QFileInfo(match.next().captured(1)).fileName();
    files.removeDuplicates();
    return files;
}

QStringList guiLibrariesIn(const QStringList& files) {
    QStringList found;
    for (const QString& file : files)
        for (const QString& library : kGuiLibraries)
            if (file.startsWith(library))
                found << file;
    return found;
}

const QStringList kTeaching = {"--model", "builtin:teaching"};

}  // namespace

class CliRenderModuleTest : public QObject {
    Q_OBJECT

private slots:
    void linksNoGuiLibrary_data();
    void linksNoGuiLibrary();
    void commandsOpenNoGuiLibrary_data();
    void commandsOpenNoGuiLibrary();
    void downloadOpensNoGuiLibrary();
    void renderLoadsTheModule();
    void drawingWithoutTheModule_data();
    void drawingWithoutTheModule();
};

void CliRenderModuleTest::linksNoGuiLibrary_data() {
    QTest::addColumn<QString>("tool");
    QTest::addColumn<QStringList>("arguments");
    QTest::addColumn<QString>("pattern");  // captures a library name
    QTest::newRow("readelf NEEDED") << "readelf" << QStringList{"-d"} << R"(\(NEEDED\).*\[(\S+)\])";
    QTest::newRow("ldd closure") << "ldd" << QStringList{} << R"(^\s*(\S+\.so\S*)\s)";
}

void CliRenderModuleTest::linksNoGuiLibrary() {
    QFETCH(QString, tool);
    QFETCH(QStringList, arguments);
    QFETCH(QString, pattern);
    if (QStandardPaths::findExecutable(tool).isEmpty())
        QSKIP(qPrintable(tool + " is not installed"));
    const Run run = runProgram(tool, arguments << HEADMAP_CLI_PATH, cleanEnvironment());
    QVERIFY2(run.finished && run.exitCode == 0, qPrintable(run.err));
    QStringList libraries;
    const QRegularExpression library(pattern, QRegularExpression::MultilineOption);
    for (auto match = library.globalMatch(run.out); match.hasNext();)
        libraries << match.next().captured(1);
    // The pattern must see the libraries that are there, or the absence below proves nothing.
    QVERIFY2(libraries.filter(QStringLiteral("libQt6Core")).size() == 1, qPrintable(run.out));
    QVERIFY2(guiLibrariesIn(libraries).isEmpty(), qPrintable(libraries.join(QLatin1Char(' '))));
}

void CliRenderModuleTest::commandsOpenNoGuiLibrary_data() {
    QTest::addColumn<QStringList>("arguments");
    QTest::newRow("attention") << QStringList{"attention"} + kTeaching + QStringList{"--text", "the cat sat"};
    QTest::newRow("steps") << QStringList{"steps"} + kTeaching +
                                  QStringList{"--text", "the cat", "--layer", "0", "--head", "0"};
    QTest::newRow("tokenize") << QStringList{"tokenize"} + kTeaching + QStringList{"--text", "the cat"};
    QTest::newRow("info") << QStringList{"info"} + kTeaching;
    QTest::newRow("bench") << QStringList{"bench"} + kTeaching + QStringList{"--lengths", "4", "--repeat", "1"};
    QTest::newRow("help attention") << QStringList{"help", "attention"};
}

void CliRenderModuleTest::commandsOpenNoGuiLibrary() {
    QFETCH(QStringList, arguments);
    QProcessEnvironment environment = cleanEnvironment();
    environment.insert(QStringLiteral("LD_DEBUG"), QStringLiteral("files"));
    const Run run = runProgram(HEADMAP_CLI_PATH, arguments, environment);
    QVERIFY2(run.finished && run.exitCode == 0, qPrintable(run.err.right(2000)));
    const QStringList files = loadedFiles(run.err);
    QVERIFY2(files.filter(QStringLiteral("libQt6Core")).size() == 1, "the LD_DEBUG trace was not read");
    QVERIFY2(guiLibrariesIn(files).isEmpty(), qPrintable(guiLibrariesIn(files).join(QLatin1Char(' '))));
    QVERIFY2(files.filter(QStringLiteral("libheadmap-render")).isEmpty(), qPrintable(files.join(QLatin1Char(' '))));
}

void CliRenderModuleTest::downloadOpensNoGuiLibrary() {
    // A real download (a snapshot with its shards) from tests/download/fake_hub.py: the network
    // code and the cache writer load Qt Network, never a GUI library.
    QTemporaryDir dir;
    std::unique_ptr<FakeHub> hub;
    if (!startStandardHub(&hub, {}, dir.path(), false))
        return;
    QProcessEnvironment environment = cleanEnvironment();
    environment.insert(QStringLiteral("LD_DEBUG"), QStringLiteral("files"));
    environment.insert(QStringLiteral("HF_ENDPOINT"), hub->endpoint);
    environment.insert(QStringLiteral("HF_HOME"), dir.filePath(QStringLiteral("home")));
    for (const char* name : {"HF_HUB_CACHE", "HF_TOKEN", "HUGGING_FACE_HUB_TOKEN", "HF_TOKEN_PATH", "HF_HUB_OFFLINE"})
        environment.remove(QString::fromLatin1(name));
    const Run run = runProgram(HEADMAP_CLI_PATH, {"download", "tiny/gpt2-sharded"}, environment);
    QVERIFY2(run.finished && run.exitCode == 0, qPrintable(run.err.right(2000)));
    QVERIFY2(QFileInfo(run.out.trimmed() + QStringLiteral("/model.safetensors.index.json")).isFile(), qPrintable(run.out));
    const QStringList files = loadedFiles(run.err);
    QVERIFY2(files.filter(QStringLiteral("libQt6Network")).size() == 1, "the LD_DEBUG trace was not read");
    QVERIFY2(guiLibrariesIn(files).isEmpty(), qPrintable(guiLibrariesIn(files).join(QLatin1Char(' '))));
    QVERIFY2(files.filter(QStringLiteral("libheadmap-render")).isEmpty(), qPrintable(files.join(QLatin1Char(' '))));
}

void CliRenderModuleTest::renderLoadsTheModule() {
#ifndef HEADMAP_CLI_CAN_RENDER
    QSKIP("built without the GUI libraries");
#else
    QTemporaryDir dir;
    QProcessEnvironment environment = cleanEnvironment();
    environment.insert(QStringLiteral("LD_DEBUG"), QStringLiteral("files"));
    const QString output = dir.filePath(QStringLiteral("head.png"));
    const Run run = runProgram(HEADMAP_CLI_PATH,
                               QStringList{"render"} + kTeaching +
                                   QStringList{"--text", "the cat", "--layer", "0", "--head", "0", "--output", output},
                               environment);
    QVERIFY2(run.finished && run.exitCode == 0, qPrintable(run.err.right(2000)));
    const QStringList files = loadedFiles(run.err);
    QVERIFY2(files.contains(QStringLiteral("libheadmap-render.so")), qPrintable(files.join(QLatin1Char(' '))));
    QVERIFY2(!guiLibrariesIn(files).filter(QStringLiteral("libQt6Widgets")).isEmpty(),
             qPrintable(files.join(QLatin1Char(' '))));
    QVERIFY(QFileInfo(output).size() > 0);
#endif
}

void CliRenderModuleTest::drawingWithoutTheModule_data() {
    QTest::addColumn<QString>("setup");  // copy: headmap-cli alone in a folder; env / junk: HEADMAP_RENDER_MODULE
    QTest::addColumn<QStringList>("expected");
#ifdef HEADMAP_CLI_CAN_RENDER
    QTest::newRow("headmap-cli copied alone") << "copy" << QStringList{"libheadmap-render.so", "not installed", "install the full headmap package"};
    QTest::newRow("HEADMAP_RENDER_MODULE names no file") << "env" << QStringList{"no-such-module.so", "not installed"};
    QTest::newRow("module is not a shared library") << "junk" << QStringList{"could not be loaded", "apt install libqt6widgets6"};
#else
    QTest::newRow("built without the GUI") << "copy" << QStringList{"built without the GUI libraries"};
#endif
}

void CliRenderModuleTest::drawingWithoutTheModule() {
    QFETCH(QString, setup);
    QFETCH(QStringList, expected);
    QTemporaryDir dir;
    QProcessEnvironment environment = cleanEnvironment();
    QString program = HEADMAP_CLI_PATH;
    if (setup == QLatin1String("copy")) {
        program = dir.filePath(QStringLiteral("bin/headmap-cli"));
        QVERIFY(QDir(dir.path()).mkpath(QStringLiteral("bin")));
        QVERIFY(QFile::copy(HEADMAP_CLI_PATH, program));
    } else if (setup == QLatin1String("env")) {
        environment.insert(QStringLiteral("HEADMAP_RENDER_MODULE"), dir.filePath(QStringLiteral("no-such-module.so")));
    } else {
        QFile junk(dir.filePath(QStringLiteral("libheadmap-render.so")));
        QVERIFY(junk.open(QIODevice::WriteOnly));
        junk.write("not an ELF file\n");
        junk.close();
        environment.insert(QStringLiteral("HEADMAP_RENDER_MODULE"), junk.fileName());
    }
    const QString output = dir.filePath(QStringLiteral("head.png"));
    const Run render = runProgram(program, QStringList{"render"} + kTeaching +
                                               QStringList{"--text", "the cat", "--layer", "0", "--head", "0",
                                                           "--output", output},
                                  environment);
    QVERIFY(render.finished);
    QCOMPARE(render.exitCode, 2);
    QVERIFY2(render.err.startsWith(QLatin1String("headmap-cli: error: ")) && render.err.count(QLatin1Char('\n')) == 1,
             qPrintable(render.err));
    for (const QString& word : expected)
        QVERIFY2(render.err.contains(word), qPrintable(render.err));
    QVERIFY(!QFile::exists(output));
    const Run exportAll = runProgram(program, QStringList{"export-all"} + kTeaching +
                                                  QStringList{"--text", "the cat", "--outdir", dir.filePath("all")},
                                     environment);
    QCOMPARE(exportAll.exitCode, 2);
    QVERIFY2(exportAll.err.contains(expected.front()), qPrintable(exportAll.err));

    // The same program, in the same state, still computes attention.
    const Run attention = runProgram(program, QStringList{"attention"} + kTeaching +
                                                  QStringList{"--text", "the cat sat", "--format", "json"},
                                     environment);
    QVERIFY2(attention.finished && attention.exitCode == 0, qPrintable(attention.err));
    QVERIFY2(attention.out.contains(QLatin1String("\"attention\"")), qPrintable(attention.out.left(300)));
}

QTEST_GUILESS_MAIN(CliRenderModuleTest)
#include "tst_clirendermodule.moc"
