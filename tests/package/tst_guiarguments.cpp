// headmap FILE: what a file manager starts (the .desktop file's Exec=headmap %f). A session
// file opens as a session, a model folder or .gguf file as the model, and anything unusable is
// one line on stderr with exit code 2. Run as a real process on the offscreen platform, each
// run ended by --screenshot once the window is ready.

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QImage>
#include <QProcess>
#include <QTemporaryDir>
#include <QtTest>

namespace {

QString fixtureModel(const QString& name) {
    return QDir(QStringLiteral(HEADMAP_FIXTURES_DIR "/models")).filePath(name);
}

QByteArray session(const QString& modelSource, int version = 1) {
    return QStringLiteral(R"({"format": "headmap-session", "version": %1, "model": {"source": "%2"}, "text": "the cat sat"})")
        .arg(version)
        .arg(modelSource)
        .toUtf8();
}

}  // namespace

class GuiArgumentsTest : public QObject {
    Q_OBJECT

private slots:
    void opensWhatItIsGiven_data();
    void opensWhatItIsGiven();
    void helpAndVersionNeedNoDisplay_data();
    void helpAndVersionNeedNoDisplay();
};

void GuiArgumentsTest::opensWhatItIsGiven_data() {
    QTest::addColumn<QStringList>("arguments");  // @DIR@ is a scratch folder holding the files below
    QTest::addColumn<int>("exitCode");
    QTest::addColumn<QStringList>("stderrWords");
    QTest::addColumn<bool>("screenshot");
    const QString gpt2 = fixtureModel(QStringLiteral("gpt2_f32"));
    QTest::newRow("session file") << QStringList{"@DIR@/lesson.headmap"} << 0 << QStringList{} << true;
    // The session's own model is what fails (exit 3: --screenshot saw the error), so the file was
    // read as a session.
    QTest::newRow("session naming an unknown model") << QStringList{"@DIR@/unknown-model.headmap"} << 3
                                                     << QStringList{"builtin:nope"} << false;
    QTest::newRow("session from a newer Headmap") << QStringList{"@DIR@/newer.headmap"} << 0
                                                  << QStringList{"newer.headmap", "newer Headmap"} << true;
    QTest::newRow("other file taken for a session") << QStringList{"@DIR@/notes.txt"} << 0
                                                    << QStringList{"session file", "notes.txt", "not valid JSON"} << true;
    QTest::newRow("model folder") << QStringList{gpt2} << 0 << QStringList{} << true;
    // The folder is what fails to open, so it was used as the model (exit 3: --screenshot saw an error).
    QTest::newRow("folder that is no model") << QStringList{"@DIR@/empty-folder"} << 3
                                             << QStringList{"empty-folder", "config.json"} << false;
    QTest::newRow("missing file") << QStringList{"@DIR@/gone.headmap"} << 2
                                  << QStringList{"gone.headmap", "no such file or folder"} << false;
    QTest::newRow("two files") << QStringList{"@DIR@/lesson.headmap", gpt2} << 2 << QStringList{"not 2"} << false;
    QTest::newRow("folder and --model") << QStringList{gpt2, "--model", "builtin:teaching"} << 2
                                        << QStringList{"not both"} << false;
    QTest::newRow("session and --open") << QStringList{"@DIR@/lesson.headmap", "--open", "@DIR@/lesson.headmap"} << 2
                                        << QStringList{"not both"} << false;
}

void GuiArgumentsTest::opensWhatItIsGiven() {
    QFETCH(QStringList, arguments);
    QFETCH(int, exitCode);
    QFETCH(QStringList, stderrWords);
    QFETCH(bool, screenshot);
    QTemporaryDir dir;
    const QList<QPair<QString, QByteArray>> files = {
        {QStringLiteral("lesson.headmap"), session(fixtureModel(QStringLiteral("gpt2_f32")))},
        {QStringLiteral("unknown-model.headmap"), session(QStringLiteral("builtin:nope"))},
        {QStringLiteral("newer.headmap"), session(QStringLiteral("builtin:teaching"), 99)},
        {QStringLiteral("notes.txt"), QByteArray("some notes\n")},
    };
    for (const auto& [name, bytes] : files) {
        QFile file(dir.filePath(name));
        QVERIFY(file.open(QIODevice::WriteOnly) && file.write(bytes) == bytes.size());
    }
    QVERIFY(QDir(dir.path()).mkdir(QStringLiteral("empty-folder")));
    for (QString& argument : arguments)
        argument.replace(QLatin1String("@DIR@"), dir.path());
    const QString shot = dir.filePath(QStringLiteral("shot.png"));

    QProcess headmap;
    headmap.start(QStringLiteral(HEADMAP_GUI_PATH), arguments + QStringList{"--screenshot", shot});
    QVERIFY(headmap.waitForFinished(60000));
    const QString err = QString::fromUtf8(headmap.readAllStandardError());
    QCOMPARE(headmap.exitStatus(), QProcess::NormalExit);
    QVERIFY2(headmap.exitCode() == exitCode, qPrintable(QStringLiteral("exit %1: %2").arg(headmap.exitCode()).arg(err)));
    for (const QString& word : stderrWords)
        QVERIFY2(err.contains(word), qPrintable(err));
    if (stderrWords.isEmpty())
        QVERIFY2(!err.contains(QLatin1String("headmap:")), qPrintable(err));
    QCOMPARE(!QImage(shot).isNull(), screenshot);
}

void GuiArgumentsTest::helpAndVersionNeedNoDisplay_data() {
    QTest::addColumn<QStringList>("arguments");
    QTest::addColumn<QString>("expected");  // on stdout
    QTest::newRow("--help") << QStringList{"--help"} << "Sentence to show at start.";
    QTest::newRow("-h") << QStringList{"-h"} << "--screenshot <FILE>";
    QTest::newRow("--help-all") << QStringList{"--help-all"} << "Sentence to show at start.";
    // With a display, --help-all still lists QApplication's own options.
    QTest::newRow("--help-all with a display") << QStringList{"--help-all", "@OFFSCREEN@"} << "-platform";
    QTest::newRow("--help among other options") << QStringList{"--model", "builtin:patterns", "--help"} << "Usage:";
    QTest::newRow("--help in Danish") << QStringList{"--lang", "da", "--help"} << "Sætning, der vises ved start.";
    QTest::newRow("--version") << QStringList{"--version"} << "Headmap " HEADMAP_VERSION;
    QTest::newRow("-v") << QStringList{"-v"} << "Headmap " HEADMAP_VERSION;
}

// Without DISPLAY, WAYLAND_DISPLAY and QT_QPA_PLATFORM, QApplication aborts ("could not connect
// to display"); help and version must not need it (a server, an ssh session, man page tools).
void GuiArgumentsTest::helpAndVersionNeedNoDisplay() {
    QFETCH(QStringList, arguments);
    QFETCH(QString, expected);
    QTemporaryDir config;
    QVERIFY(config.isValid());
    QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
    for (const char* name : {"DISPLAY", "WAYLAND_DISPLAY", "QT_QPA_PLATFORM"})
        environment.remove(QString::fromLatin1(name));
    const bool offscreen = arguments.removeAll(QStringLiteral("@OFFSCREEN@")) > 0;
    if (offscreen)
        environment.insert(QStringLiteral("QT_QPA_PLATFORM"), QStringLiteral("offscreen"));
    environment.insert(QStringLiteral("XDG_CONFIG_HOME"), config.path());  // no remembered language
    environment.insert(QStringLiteral("LC_ALL"), QStringLiteral("C.UTF-8"));
    QProcess headmap;
    headmap.setProcessEnvironment(environment);
    headmap.start(QStringLiteral(HEADMAP_GUI_PATH), arguments);
    QVERIFY(headmap.waitForFinished(60000));
    const QString out = QString::fromUtf8(headmap.readAllStandardOutput());
    const QString err = QString::fromUtf8(headmap.readAllStandardError());
    QCOMPARE(headmap.exitStatus(), QProcess::NormalExit);
    QVERIFY2(headmap.exitCode() == 0, qPrintable(QStringLiteral("exit %1: %2").arg(headmap.exitCode()).arg(err)));
    QVERIFY2(out.contains(expected), qPrintable(out));
    if (!offscreen)  // QApplication may warn (XDG_RUNTIME_DIR); without it nothing is said
        QVERIFY2(err.isEmpty(), qPrintable(err));
}

QTEST_GUILESS_MAIN(GuiArgumentsTest)
#include "tst_guiarguments.moc"
