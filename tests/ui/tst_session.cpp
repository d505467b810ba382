// Session files (.headmap): a saved session loads back field for field (CJK, Danish and emoji
// text, the largest 64-bit seed); the file is indented JSON with the documented keys; saving is
// atomic (a failed save leaves no file and keeps an earlier one intact, also when run as root);
// every malformed file is refused with one line naming the file and the problem; a newer
// version is refused and unknown fields are ignored.

#include <limits>

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QtTest>

#ifdef Q_OS_LINUX
#include <csignal>
#include <sys/fsuid.h>
#include <sys/resource.h>
#include <unistd.h>
#endif

#include "SmallDisk.h"
#include "Session.h"
#include "core/HeadmapError.h"
#include "TestFiles.h"

using headmap::AblationMode;
using headmap::HeadAblation;
using headmap::InputError;
using headmap::StackKind;
using headmap::formatHeadAblations;
using headmap::ui::Colormap;
using headmap::ui::ScaleMode;
using headmap::ui::Session;
using headmap::ui::loadSession;
using headmap::ui::saveSession;

Q_DECLARE_METATYPE(headmap::ui::Session)

namespace {

using testsupport::readFile;
using testsupport::writeFile;

// A file name a teacher might choose: spaces, a dash, Danish and Chinese.
const QString kFileName = QStringLiteral("Lektion 3 – Ærø 注意力.headmap");

// Every field away from its default.
Session fullSession() {
    Session s;
    s.modelSource = QStringLiteral("builtin:teaching");
    s.teaching.dModel = 96;
    s.teaching.heads = 6;
    s.teaching.layers = 3;
    s.teaching.seed = std::numeric_limits<quint64>::max();  // does not fit a double
    s.teaching.causal = true;
    s.teaching.positional = false;
    s.teaching.maxPositions = 512;
    s.text = QStringLiteral("我们在学习注意力。Blåbærgrød på Ærø smager godt 🎓👩‍🏫 \"citat\" \\ tab\there\nny linje");
    s.pairText = QStringLiteral("日本語の文です – og så videre 😀");
    s.comparisonText = QStringLiteral("Hej verden, 你好世界 🌍🇩🇰");
    s.compareMode = QStringLiteral("sentences");
    s.layerB = 1;
    s.headB = 2;
    s.layer = 2;
    s.head = 5;
    s.selectedToken = 7;
    s.view = QStringLiteral("steps");
    s.step = 9;
    s.heatmap.colormap = Colormap::Magma;
    s.heatmap.scale = ScaleMode::Log;
    s.heatmap.showValues = true;
    s.hideSpecialTokens = true;
    s.mergeWords = true;
    s.measure = headmap::AttentionMeasure::ValueNorm;
    s.ablations = {headmap::HeadAblation{0, 1, headmap::AblationMode::Zero, std::nullopt},
                   headmap::HeadAblation{1, 3, headmap::AblationMode::Mean, std::nullopt}};
    s.presentation = true;
    return s;
}

// Field by field, so that a failure names the field.
void compareSessions(const Session& actual, const Session& expected) {
    QCOMPARE(actual.modelSource, expected.modelSource);
    QCOMPARE(actual.teaching.dModel, expected.teaching.dModel);
    QCOMPARE(actual.teaching.heads, expected.teaching.heads);
    QCOMPARE(actual.teaching.layers, expected.teaching.layers);
    QCOMPARE(actual.teaching.seed, expected.teaching.seed);
    QCOMPARE(actual.teaching.causal, expected.teaching.causal);
    QCOMPARE(actual.teaching.positional, expected.teaching.positional);
    QCOMPARE(actual.teaching.maxPositions, expected.teaching.maxPositions);
    QCOMPARE(actual.text, expected.text);
    QCOMPARE(actual.pairText, expected.pairText);
    QCOMPARE(actual.comparisonText, expected.comparisonText);
    QCOMPARE(actual.compareMode, expected.compareMode);
    QCOMPARE(actual.mergeWords, expected.mergeWords);
    QCOMPARE(actual.layerB, expected.layerB);
    QCOMPARE(actual.headB, expected.headB);
    QCOMPARE(actual.layer, expected.layer);
    QCOMPARE(actual.head, expected.head);
    QCOMPARE(actual.selectedToken, expected.selectedToken);
    QCOMPARE(actual.view, expected.view);
    QCOMPARE(actual.stack, expected.stack);
    QCOMPARE(actual.targetText, expected.targetText);
    QCOMPARE(actual.sourceLanguage, expected.sourceLanguage);
    QCOMPARE(actual.targetLanguage, expected.targetLanguage);
    QCOMPARE(actual.ablations.size(), expected.ablations.size());
    for (size_t i = 0; i < expected.ablations.size(); ++i)
        QVERIFY2(actual.ablations[i] == expected.ablations[i], qPrintable(formatHeadAblations({actual.ablations[i]})));
    QCOMPARE(actual.step, expected.step);
    QCOMPARE(actual.heatmap.colormap, expected.heatmap.colormap);
    QCOMPARE(actual.heatmap.scale, expected.heatmap.scale);
    QCOMPARE(actual.heatmap.showValues, expected.heatmap.showValues);
    QCOMPARE(actual.hideSpecialTokens, expected.hideSpecialTokens);
    QCOMPARE(actual.presentation, expected.presentation);
    QVERIFY(actual == expected);
}

// The smallest valid session file, as an object to break in one place.
QJsonObject validObject() {
    return QJsonObject{
        {QStringLiteral("format"), QStringLiteral("headmap-session")},
        {QStringLiteral("version"), 1},
        {QStringLiteral("model"), QJsonObject{{QStringLiteral("source"), QStringLiteral("builtin:teaching")}}},
        {QStringLiteral("text"), QStringLiteral("Hej verden")},
    };
}

void setPath(QJsonObject& object, QStringList keys, const QJsonValue& value) {
    const QString key = keys.takeFirst();
    if (keys.isEmpty()) {
        if (value.isUndefined())
            object.remove(key);
        else
            object.insert(key, value);
        return;
    }
    QJsonObject child = object.value(key).toObject();
    setPath(child, keys, value);
    object.insert(key, child);
}

// validObject() with one field ("model.teaching.heads") set, or removed when value is undefined.
QByteArray with(const QString& field, const QJsonValue& value) {
    QJsonObject object = validObject();
    setPath(object, field.split(QLatin1Char('.')), value);
    return QJsonDocument(object).toJson();
}

QByteArray without(const QString& field) {
    return with(field, QJsonValue(QJsonValue::Undefined));
}

QStringList entries(const QString& folder) {
    return QDir(folder).entryList(QDir::AllEntries | QDir::NoDotAndDotDot | QDir::Hidden | QDir::System);
}

#ifdef Q_OS_LINUX
// Root ignores folder permissions; while this lives, file access is checked as "nobody"
// (setfsuid drops CAP_DAC_OVERRIDE for this thread's file operations).
class AccessAsNobody {
public:
    AccessAsNobody() : m_root(geteuid() == 0) {
        if (m_root)
            m_previous = setfsuid(65534);
    }
    ~AccessAsNobody() {
        if (m_root)
            setfsuid(uid_t(m_previous));
    }

private:
    bool m_root;
    int m_previous = 0;
};

// While this lives, no file of this process may grow beyond `bytes` (writes fail with EFBIG):
// a disk that fills up mid-save, which even root cannot write past.
class FileSizeLimit {
public:
    explicit FileSizeLimit(rlim_t bytes) {
        m_handler = std::signal(SIGXFSZ, SIG_IGN);
        getrlimit(RLIMIT_FSIZE, &m_previous);
        rlimit limit = m_previous;
        limit.rlim_cur = bytes;
        m_ok = setrlimit(RLIMIT_FSIZE, &limit) == 0;
    }
    ~FileSizeLimit() {
        setrlimit(RLIMIT_FSIZE, &m_previous);
        std::signal(SIGXFSZ, m_handler);
    }
    bool ok() const { return m_ok; }

private:
    rlimit m_previous{};
    void (*m_handler)(int) = nullptr;
    bool m_ok = false;
};
#endif

enum class SaveFailure { ReadOnlyFolder, WriteFailsMidway, ParentIsAFile, FolderMissing, PathIsAFolder, TooLarge };
enum class FileKind { Content, Missing, Folder };

}  // namespace

Q_DECLARE_METATYPE(SaveFailure)
Q_DECLARE_METATYPE(FileKind)

class SessionTest : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() { QVERIFY(m_dir.isValid()); }
    void roundTrip_data();
    void roundTrip();
    void everyNameRoundTrips_data();
    void everyNameRoundTrips();
    void savedFileIsIndentedJsonWithDocumentedKeys();
    void savingAgainReplacesTheWholeFile();
    void failedSaveLeavesNoFileAndKeepsTheOldOne_data();
    void failedSaveLeavesNoFileAndKeepsTheOldOne();
    void saveOnFullDiskKeepsTheOldFile_data();
    void saveOnFullDiskKeepsTheOldFile();
    void loadErrors_data();
    void loadErrors();
    void newerVersionIsRefused_data();
    void newerVersionIsRefused();
    void acceptedFiles_data();
    void acceptedFiles();

private:
    QTemporaryDir m_dir;
};

void SessionTest::roundTrip_data() {
    QTest::addColumn<Session>("session");
    QTest::newRow("every field non-default, CJK Danish emoji text") << fullSession();

    Session defaults;
    defaults.modelSource = QStringLiteral("builtin:patterns");
    defaults.text = QStringLiteral("The cat sat on the mat.");
    QTest::newRow("defaults, builtin:patterns") << defaults;

    Session hub;
    hub.modelSource = QStringLiteral("openai-community/gpt2");
    hub.text = QString();  // present but empty: the window decides what to do with it
    hub.pairText = QStringLiteral("\u0001 control \u001f and \u2028 separators");
    hub.view = QStringLiteral("compare");
    QTest::newRow("Hub id, empty text, control characters") << hub;

    Session folder;
    folder.modelSource = QStringLiteral("/home/lærer/modeller/bert base (dansk)");
    folder.text = QStringLiteral("Æble, øl og ål");
    folder.teaching.seed = 9007199254740993ULL;  // 2^53 + 1: lost in a double
    QTest::newRow("folder with spaces, seed 2^53 + 1") << folder;

    Session largest = fullSession();
    largest.layer = largest.head = largest.selectedToken = largest.step = std::numeric_limits<int>::max();
    QTest::newRow("largest numbers") << largest;

    // A translation model's: the stack shown, the target typed, heads switched off in each stack.
    Session translation;
    translation.modelSource = QStringLiteral("/models/opus-mt-da-en");
    translation.text = QStringLiteral("Katten sidder på måtten.");
    translation.stack = QStringLiteral("encoder");
    translation.targetText = QStringLiteral("The cat sits on the mat.");
    // Read back in the file's order: "ablations" (no stack: cross-attention), then the encoder's
    // and the decoder's.
    translation.ablations = {HeadAblation{2, 0, AblationMode::Zero, std::nullopt},
                             HeadAblation{1, 3, AblationMode::Zero, StackKind::Encoder},
                             HeadAblation{0, 2, AblationMode::Mean, StackKind::Decoder}};
    QTest::newRow("translation model: stack, target, ablations per stack") << translation;
    for (const QString& stack : Session::stackNames()) {
        Session other = translation;
        other.stack = stack;
        other.targetText.clear();  // generated
        QTest::addRow("stack %s, generated target", qPrintable(stack)) << other;
    }
    Session multilingual = translation;  // M2M100/NLLB: the languages chosen from the lists
    multilingual.modelSource = QStringLiteral("/models/nllb-200-distilled-600M");
    multilingual.sourceLanguage = QStringLiteral("dan_Latn");
    multilingual.targetLanguage = QStringLiteral("zho_Hans");
    QTest::newRow("multilingual model: source and target languages") << multilingual;
    multilingual.sourceLanguage.clear();  // the folder's default source, a chosen target
    QTest::newRow("multilingual model: target language only") << multilingual;
}

void SessionTest::roundTrip() {
    QFETCH(Session, session);
    const QString path = QDir(m_dir.path()).filePath(kFileName);
    QCOMPARE(saveSession(session, path), QString());
    compareSessions(loadSession(path), session);
}

void SessionTest::everyNameRoundTrips_data() {
    QTest::addColumn<Session>("session");
    for (const QString& view : Session::viewNames()) {
        Session s = fullSession();
        s.view = view;
        QTest::addRow("view %s", qPrintable(view)) << s;
    }
    for (Colormap colormap : headmap::ui::allColormaps()) {
        Session s = fullSession();
        s.heatmap.colormap = colormap;
        QTest::addRow("colormap %s", qPrintable(headmap::ui::colormapName(colormap))) << s;
    }
    for (ScaleMode scale : headmap::ui::allScaleModes()) {
        Session s = fullSession();
        s.heatmap.scale = scale;
        QTest::addRow("scale %s", qPrintable(headmap::ui::scaleModeKey(scale))) << s;
    }
}

void SessionTest::everyNameRoundTrips() {
    QFETCH(Session, session);
    const QString path = QDir(m_dir.path()).filePath(QStringLiteral("names.headmap"));
    QCOMPARE(saveSession(session, path), QString());
    compareSessions(loadSession(path), session);
}

void SessionTest::savedFileIsIndentedJsonWithDocumentedKeys() {
    const QString path = QDir(m_dir.path()).filePath(QStringLiteral("layout.headmap"));
    QCOMPARE(saveSession(fullSession(), path), QString());
    const QByteArray bytes = readFile(path);

    // Human-readable: what the file is comes first, one field a line, nested fields indented
    // deeper, text as UTF-8 rather than \u escapes, a final newline.
    QVERIFY2(bytes.startsWith("{\n  \"format\": \"headmap-session\",\n  \"version\": 1,\n  \"model\": {\n"
                              "    \"source\": \"builtin:teaching\",\n    \"teaching\": {\n      \"d_model\": 96,"),
             bytes.left(200).constData());
    QVERIFY(bytes.endsWith("}\n"));
    QVERIFY(bytes.contains("\"text\": \"我们在学习注意力。Blåbærgrød på Ærø smager godt 🎓👩‍🏫"));
    QVERIFY(bytes.contains("      \"seed\": \"18446744073709551615\",\n"));
    QVERIFY(bytes.contains("\n    \"scale\": \"log\",\n"));
    const QList<QByteArray> lines = bytes.split('\n');
    QVERIFY(bytes.contains("\n  \"compare\": {\n    \"mode\": \"sentences\",\n    \"layer_b\": 1,\n    \"head_b\": 2\n  },\n"));
    QCOMPARE(lines.size(), 40);  // 33 fields, 4 nested closing braces, 2 outer braces, "" after the last \n
    for (qsizetype i = 1; i + 2 < lines.size(); ++i)
        QVERIFY2(lines[i].startsWith("  "), lines[i].constData());

    QJsonParseError error;
    const QJsonObject root = QJsonDocument::fromJson(bytes, &error).object();
    QCOMPARE(error.error, QJsonParseError::NoError);
    const auto sorted = [](QStringList keys) { keys.sort(); return keys; };
    QCOMPARE(root.keys(), sorted({"format", "version", "model", "text", "pair_text", "comparison_text", "compare",
                                  "layer", "head", "selected_token", "view", "step", "heatmap",
                                  "ablations", "presentation"}));
    const QJsonObject model = root.value("model").toObject();
    QCOMPARE(model.keys(), sorted({"source", "teaching"}));
    const QJsonObject teaching = model.value("teaching").toObject();
    QCOMPARE(teaching.keys(),
             sorted({"d_model", "heads", "layers", "seed", "causal", "positional", "max_positions"}));
    const QJsonObject heatmap = root.value("heatmap").toObject();
    QCOMPARE(heatmap.keys(),
             sorted({"colormap", "scale", "show_values", "hide_special_tokens", "merge_words", "measure"}));
    QCOMPARE(heatmap.value("measure").toString(), QStringLiteral("value-norm"));
    QCOMPARE(root.value("ablations").toString(), QStringLiteral("0.1,1.3:mean"));

    QCOMPARE(root.value("format").toString(), QStringLiteral("headmap-session"));
    QCOMPARE(root.value("version").toInt(), Session::kFormatVersion);
    QCOMPARE(model.value("source").toString(), QStringLiteral("builtin:teaching"));
    QCOMPARE(teaching.value("d_model").toInt(), 96);
    QCOMPARE(teaching.value("heads").toInt(), 6);
    QCOMPARE(teaching.value("layers").toInt(), 3);
    QCOMPARE(teaching.value("max_positions").toInt(), 512);
    QVERIFY(teaching.value("seed").isString());
    QCOMPARE(teaching.value("seed").toString(), QStringLiteral("18446744073709551615"));
    QCOMPARE(teaching.value("causal").toBool(true), true);
    QCOMPARE(teaching.value("positional").toBool(true), false);
    QCOMPARE(root.value("text").toString(), fullSession().text);
    QCOMPARE(root.value("pair_text").toString(), fullSession().pairText);
    QCOMPARE(root.value("comparison_text").toString(), fullSession().comparisonText);
    QCOMPARE(root.value("layer").toInt(-1), 2);
    QCOMPARE(root.value("head").toInt(-1), 5);
    QCOMPARE(root.value("selected_token").toInt(-2), 7);
    QCOMPARE(root.value("view").toString(), QStringLiteral("steps"));
    QCOMPARE(root.value("step").toInt(-1), 9);
    QCOMPARE(heatmap.value("colormap").toString(), QStringLiteral("magma"));
    QCOMPARE(heatmap.value("scale").toString(), QStringLiteral("log"));
    QCOMPARE(heatmap.value("show_values").toBool(false), true);
    QCOMPARE(heatmap.value("hide_special_tokens").toBool(false), true);
    QCOMPARE(heatmap.value("merge_words").toBool(false), true);
    QCOMPARE(root.value("presentation").toBool(false), true);

    QStringList scales;
    for (ScaleMode mode : headmap::ui::allScaleModes())
        scales << headmap::ui::scaleModeKey(mode);
    QCOMPARE(scales, QStringList({"fixed", "row", "global", "log"}));
}

void SessionTest::savingAgainReplacesTheWholeFile() {
    const QString path = QDir(m_dir.path()).filePath(QStringLiteral("again.headmap"));
    Session longer = fullSession();
    longer.text = QString(5000, QLatin1Char('x'));
    QCOMPARE(saveSession(longer, path), QString());
    const Session shorter = fullSession();
    QCOMPARE(saveSession(shorter, path), QString());
    compareSessions(loadSession(path), shorter);
    const QString fresh = QDir(m_dir.path()).filePath(QStringLiteral("fresh.headmap"));
    QCOMPARE(saveSession(shorter, fresh), QString());
    QCOMPARE(readFile(path), readFile(fresh));  // nothing of the longer file is left
}

void SessionTest::failedSaveLeavesNoFileAndKeepsTheOldOne_data() {
    QTest::addColumn<SaveFailure>("failure");
    QTest::addColumn<bool>("existing");
    QTest::newRow("read-only folder, no file left") << SaveFailure::ReadOnlyFolder << false;
    QTest::newRow("read-only folder, existing file intact") << SaveFailure::ReadOnlyFolder << true;
    QTest::newRow("disk full midway, no file left") << SaveFailure::WriteFailsMidway << false;
    QTest::newRow("disk full midway, existing file intact") << SaveFailure::WriteFailsMidway << true;
    QTest::newRow("parent is a file") << SaveFailure::ParentIsAFile << false;
    QTest::newRow("folder does not exist") << SaveFailure::FolderMissing << false;
    QTest::newRow("path is a folder") << SaveFailure::PathIsAFolder << false;
    QTest::newRow("session larger than 1 MB, existing file intact") << SaveFailure::TooLarge << true;
}

void SessionTest::failedSaveLeavesNoFileAndKeepsTheOldOne() {
    QFETCH(SaveFailure, failure);
    QFETCH(bool, existing);
    QTemporaryDir scratch;
    QVERIFY(scratch.isValid());
    const QString folder = QDir(scratch.path()).filePath(QStringLiteral("lessons"));
    QVERIFY(QDir().mkpath(folder));
    QString path = QDir(folder).filePath(kFileName);

    QByteArray before;
    if (existing) {
        QCOMPARE(saveSession(fullSession(), path), QString());
        before = readFile(path);
        QVERIFY(!before.isEmpty());
    }
    Session session = fullSession();
    session.text = QStringLiteral("Den nye tekst");
    QString message;
    switch (failure) {
    case SaveFailure::ReadOnlyFolder: {
#ifdef Q_OS_LINUX
        // "nobody" must reach the folder but not write in it.
        QVERIFY(QFile::setPermissions(scratch.path(), QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner |
                                                          QFile::ReadOther | QFile::ExeOther));
        QVERIFY(QFile::setPermissions(folder, QFile::ReadOwner | QFile::ExeOwner | QFile::ReadOther |
                                                  QFile::ExeOther));
        bool writable = false;
        {
            const AccessAsNobody nobody;
            QFile probe(QDir(folder).filePath(QStringLiteral("probe")));
            writable = probe.open(QIODevice::WriteOnly);
            if (writable)
                probe.remove();
            else
                message = saveSession(session, path);
        }
        QFile::setPermissions(folder, QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner);
        if (writable)
            QSKIP("the read-only folder is still writable here");
#else
        QSKIP("needs Linux");
#endif
        break;
    }
    case SaveFailure::WriteFailsMidway: {
#ifdef Q_OS_LINUX
        session.text = QString(200000, QLatin1Char('a'));  // far beyond the limit
        const FileSizeLimit limit(8192);
        QVERIFY(limit.ok());
        message = saveSession(session, path);
#else
        QSKIP("needs Linux");
#endif
        break;
    }
    case SaveFailure::ParentIsAFile: {
        const QString notes = QDir(folder).filePath(QStringLiteral("notes.txt"));
        QVERIFY(writeFile(notes, "not a folder"));
        path = QDir(notes).filePath(kFileName);
        message = saveSession(session, path);
        QCOMPARE(readFile(notes), QByteArray("not a folder"));
        QCOMPARE(entries(folder), QStringList{QStringLiteral("notes.txt")});
        break;
    }
    case SaveFailure::FolderMissing:
        path = QDir(folder).filePath(QStringLiteral("missing/") + kFileName);
        message = saveSession(session, path);
        QVERIFY(!QFileInfo::exists(QDir(folder).filePath(QStringLiteral("missing"))));
        break;
    case SaveFailure::PathIsAFolder:
        QVERIFY(QDir().mkpath(path));
        message = saveSession(session, path);
        QVERIFY(QFileInfo(path).isDir());
        QCOMPARE(entries(path), QStringList());
        QCOMPARE(entries(folder), QStringList{kFileName});
        break;
    case SaveFailure::TooLarge:
        session.text = QString(Session::kMaxFileBytes, QLatin1Char('a'));
        message = saveSession(session, path);
        QVERIFY2(message.contains(QStringLiteral("1 MB")), qPrintable(message));
        break;
    }

    QVERIFY2(!message.isEmpty(), "the save should have failed");
    QVERIFY2(message.contains(kFileName), qPrintable(message));
    QVERIFY2(!message.contains(QLatin1Char('\n')), qPrintable(message));
    if (failure == SaveFailure::ReadOnlyFolder || failure == SaveFailure::WriteFailsMidway ||
        failure == SaveFailure::TooLarge) {
        // No temporary file is left beside the target, and an earlier save is untouched.
        if (existing) {
            QCOMPARE(entries(folder), QStringList{kFileName});
            QCOMPARE(readFile(path), before);
            compareSessions(loadSession(path), fullSession());
        } else {
            QCOMPARE(entries(folder), QStringList());
        }
    }
}

void SessionTest::saveOnFullDiskKeepsTheOldFile_data() {
    QTest::addColumn<int>("textLength");
    QTest::addColumn<qint64>("freeBytes");
    // A session under Qt's 16 KiB write buffer once "saved" as its first 4,096 bytes.
    QTest::newRow("8 KB session, one free page") << 8000 << qint64(4096);
    QTest::newRow("8 KB session, disk full") << 8000 << qint64(0);
    QTest::newRow("100 KB session, two free pages") << 100000 << qint64(8192);
}

void SessionTest::saveOnFullDiskKeepsTheOldFile() {
    QFETCH(int, textLength);
    QFETCH(qint64, freeBytes);
    SmallDisk disk;
    if (!disk.isMounted())
        QSKIP(qPrintable(disk.skipReason()));
    const QString path = disk.filePath(kFileName);
    QCOMPARE(saveSession(fullSession(), path), QString());
    const QByteArray before = readFile(path);
    QVERIFY(disk.fillLeaving(freeBytes));

    Session session = fullSession();
    session.text = QString(textLength, QLatin1Char('a'));
    const QString message = saveSession(session, path);
    QVERIFY2(message.contains(QStringLiteral("No space left on device")), qPrintable(message));
    QVERIFY2(message.contains(kFileName), qPrintable(message));
    QVERIFY2(!message.contains(QLatin1String("Unknown error")), qPrintable(message));
    QCOMPARE(readFile(path), before);
    compareSessions(loadSession(path), fullSession());
    QCOMPARE(disk.entries(), QStringList{kFileName});
}

void SessionTest::loadErrors_data() {
    QTest::addColumn<FileKind>("kind");
    QTest::addColumn<QByteArray>("content");
    QTest::addColumn<QString>("expected");
    const auto row = [](const char* name, const QByteArray& content, const QString& expected) {
        QTest::newRow(name) << FileKind::Content << content << expected;
    };

    // The file itself.
    QTest::newRow("missing file") << FileKind::Missing << QByteArray() << QStringLiteral("does not exist");
    QTest::newRow("folder, not a file") << FileKind::Folder << QByteArray()
                                        << QStringLiteral("it is a folder, not a file");
    row("larger than 1 MB", with("text", QString(1100000, QLatin1Char('a'))),
        QStringLiteral("a session file is at most 1 MB"));
    row("empty file", QByteArray(), QStringLiteral("the file is empty"));
    row("only whitespace", "  \n\t\n", QStringLiteral("the file is empty"));

    // Not JSON: where.
    // (Qt stops at or just after the mistake; the column counts characters, not bytes.)
    row("not JSON: prose", "Hello class", QStringLiteral("not valid JSON: illegal value near byte 1 (line 1, column 2)"));
    row("not JSON: trailing comma on line 3", "{\n  \"format\": \"headmap-session\",\n  \"version\": 1,\n}\n",
        QStringLiteral("not valid JSON: object is missing after a comma near byte 50 (line 4, column 2)"));
    row("not JSON: cut off", "{\n  \"format\": \"headmap-session\",\n  \"text\": \"Hej",
        QStringLiteral("not valid JSON: unterminated string near byte 47 (line 3, column 15)"));
    row("not JSON: column after CJK counts characters", QByteArray("{\"text\": \"注意力\" \"x\"}"),
        QStringLiteral("not valid JSON: unterminated object near byte 22 (line 1, column 17)"));
    row("not JSON: invalid UTF-8", QByteArray("{\"format\": \"headmap-session\", \"text\": \"\xff\xfe\"}"),
        QStringLiteral("not valid JSON: invalid UTF8 string near byte 39 (line 1, column 40)"));

    // JSON, but not a session.
    row("not an object: array", "[1, 2, 3]", QStringLiteral("not a Headmap session: expected a JSON object, found an array"));
    row("not an object: string", "\"headmap-session\"\n",
        QStringLiteral("not a Headmap session: expected a JSON object, found a string (\"headmap-session\")"));
    row("not an object: number", "42", QStringLiteral("not a Headmap session: expected a JSON object, found a number (42)"));
    row("format missing", without("format"), QStringLiteral("not a Headmap session (it has no \"format\": \"headmap-session\")"));
    row("format wrong", with("format", QStringLiteral("headmap-export")),
        QStringLiteral("not a Headmap session (\"format\" is \"headmap-export\", expected \"headmap-session\")"));
    row("format not a string", with("format", 1), QStringLiteral("not a Headmap session (\"format\" is a number (1)"));
    row("a model's config.json", "{\"model_type\": \"bert\", \"hidden_size\": 768}",
        QStringLiteral("not a Headmap session"));

    // Version.
    row("newer version 3", with("version", 3),
        QStringLiteral("was written by a newer Headmap (session version 3; this one reads version 1)"));
    row("version missing", without("version"), QStringLiteral("missing field \"version\""));
    row("version as string", with("version", QStringLiteral("1")),
        QStringLiteral("field \"version\": expected a whole number, found a string (\"1\")"));
    row("version 0", with("version", 0), QStringLiteral("field \"version\" is 0; session versions start at 1"));
    row("version 1.5", with("version", 1.5),
        QStringLiteral("field \"version\": expected a whole number, found a number (1.5)"));

    // Required fields and types.
    row("model missing", without("model"), QStringLiteral("missing field \"model\""));
    row("model not an object", with("model", QStringLiteral("builtin:teaching")),
        QStringLiteral("field \"model\": expected an object, found a string (\"builtin:teaching\")"));
    row("model.source missing", without("model.source"), QStringLiteral("missing field \"model.source\""));
    row("model.source not a string", with("model.source", 42),
        QStringLiteral("field \"model.source\": expected a string, found a number (42)"));
    row("model.source empty", with("model.source", QStringLiteral(" ")),
        QStringLiteral("field \"model.source\" is empty"));
    row("text missing", without("text"), QStringLiteral("missing field \"text\""));
    row("text null", with("text", QJsonValue()), QStringLiteral("field \"text\": expected a string, found null"));
    row("pair_text an array", with("pair_text", QJsonArray{1}),
        QStringLiteral("field \"pair_text\": expected a string, found an array"));
    row("comparison_text a boolean", with("comparison_text", true),
        QStringLiteral("field \"comparison_text\": expected a string, found a boolean (true)"));
    row("layer as string", with("layer", QStringLiteral("1")),
        QStringLiteral("field \"layer\": expected a whole number, found a string (\"1\")"));
    row("layer fractional", with("layer", 1.5),
        QStringLiteral("field \"layer\": expected a whole number, found a number (1.5)"));
    row("presentation as string", with("presentation", QStringLiteral("yes")),
        QStringLiteral("field \"presentation\": expected true or false, found a string (\"yes\")"));
    row("heatmap not an object", with("heatmap", QStringLiteral("magma")),
        QStringLiteral("field \"heatmap\": expected an object, found a string (\"magma\")"));
    row("show_values a number", with("heatmap.show_values", 1),
        QStringLiteral("field \"heatmap.show_values\": expected true or false, found a number (1)"));
    row("hide_special_tokens a string", with("heatmap.hide_special_tokens", QStringLiteral("false")),
        QStringLiteral("field \"heatmap.hide_special_tokens\": expected true or false, found a string (\"false\")"));
    row("view a number", with("view", 0), QStringLiteral("field \"view\": expected a string, found a number (0)"));

    // Numbers out of range.
    row("layer negative", with("layer", -1), QStringLiteral("field \"layer\" is -1; it must be 0 or more"));
    row("head negative", with("head", -3), QStringLiteral("field \"head\" is -3; it must be 0 or more"));
    row("step negative", with("step", -1), QStringLiteral("field \"step\" is -1; it must be 0 or more"));
    row("selected_token below -1", with("selected_token", -2),
        QStringLiteral("field \"selected_token\" is -2; it must be -1 (none) or more"));
    row("layer beyond int", with("layer", 1e20), QStringLiteral("field \"layer\" is 1e+20; it must be 0 or more"));
    row("head just beyond int", with("head", 2147483648.0),
        QStringLiteral("field \"head\" is 2147483648; it must be 0 or more"));

    // Unknown names.
    row("view unknown", with("view", QStringLiteral("attention")),
        QStringLiteral("field \"view\" is \"attention\"; valid views: heatmap, grid, compare, statistics, rollout, steps"));
    row("stack unknown", with("stack", QStringLiteral("middle")),
        QStringLiteral("field \"stack\" is \"middle\"; valid stacks: encoder, decoder, cross"));
    row("encoder_ablations not heads", with("encoder_ablations", QStringLiteral("1.x")),
        QStringLiteral("field \"encoder_ablations\": '1.x' is not L.H or L.H:mean"));
    row("target_text a number", with("target_text", 3),
        QStringLiteral("field \"target_text\": expected a string, found a number (3)"));
    row("target_lang a list", with("target_lang", QJsonArray{QStringLiteral("da")}),
        QStringLiteral("field \"target_lang\": expected a string, found an array"));
    row("compare mode unknown", with("compare.mode", QStringLiteral("layers")),
        QStringLiteral("field \"compare.mode\" is \"layers\"; valid modes: heads, sentences"));
    row("compare head_b negative", with("compare.head_b", -1),
        QStringLiteral("field \"compare.head_b\" is -1; it must be 0 or more"));
    row("view wrong case", with("view", QStringLiteral("Heatmap")),
        QStringLiteral("field \"view\" is \"Heatmap\"; valid views: heatmap, grid"));
    row("colormap unknown", with("heatmap.colormap", QStringLiteral("jet")),
        QStringLiteral("field \"heatmap.colormap\" is \"jet\"; valid colormaps: viridis, magma, cividis, greys, diverging"));
    row("scale unknown", with("heatmap.scale", QStringLiteral("linear")),
        QStringLiteral("field \"heatmap.scale\" is \"linear\"; valid scales: fixed, row, global, log"));
    row("scale as shown in the menu", with("heatmap.scale", QStringLiteral("0 to 1")),
        QStringLiteral("field \"heatmap.scale\" is \"0 to 1\"; valid scales: fixed, row, global, log"));

    // Teaching options.
    row("teaching not an object", with("model.teaching", QJsonArray{64, 4}),
        QStringLiteral("field \"model.teaching\": expected an object, found an array"));
    row("teaching heads 0", with("model.teaching.heads", 0),
        QStringLiteral("invalid \"model.teaching\": heads must be between 1 and 256, got 0"));
    row("teaching layers 65", with("model.teaching.layers", 65),
        QStringLiteral("invalid \"model.teaching\": layers must be between 1 and 64, got 65"));
    row("teaching d_model not divisible by heads", with("model.teaching.heads", 5),
        QStringLiteral("invalid \"model.teaching\": d_model 64 is not divisible by heads 5"));
    row("teaching max_positions 0", with("model.teaching.max_positions", 0),
        QStringLiteral("invalid \"model.teaching\": max positions must be between 1 and 65536, got 0"));
    row("teaching d_model a string", with("model.teaching.d_model", QStringLiteral("64")),
        QStringLiteral("field \"model.teaching.d_model\": expected a whole number, found a string (\"64\")"));
    row("teaching causal a string", with("model.teaching.causal", QStringLiteral("true")),
        QStringLiteral("field \"model.teaching.causal\": expected true or false, found a string (\"true\")"));
    const QString seedExpected = QStringLiteral(
        "field \"model.teaching.seed\": expected a whole number from 0 to 18446744073709551615 written as a "
        "string, found ");
    row("teaching seed negative number", with("model.teaching.seed", -1), seedExpected + "a number (-1)");
    row("teaching seed negative string", with("model.teaching.seed", QStringLiteral("-5")),
        seedExpected + "a string (\"-5\")");
    row("teaching seed hexadecimal", with("model.teaching.seed", QStringLiteral("0x10")),
        seedExpected + "a string (\"0x10\")");
    row("teaching seed beyond 64 bits", with("model.teaching.seed", QStringLiteral("18446744073709551616")),
        seedExpected + "a string (\"18446744073709551616\")");
    row("teaching seed empty", with("model.teaching.seed", QString()), seedExpected + "a string (\"\")");
    row("teaching seed number beyond 2^53", with("model.teaching.seed", 1e17), seedExpected + "a number (1e+17)");
}

void SessionTest::loadErrors() {
    QFETCH(FileKind, kind);
    QFETCH(QByteArray, content);
    QFETCH(QString, expected);
    QTemporaryDir scratch;
    QVERIFY(scratch.isValid());
    const QString path = QDir(scratch.path()).filePath(kFileName);
    if (kind == FileKind::Content)
        QVERIFY(writeFile(path, content));
    else if (kind == FileKind::Folder)
        QVERIFY(QDir().mkpath(path));

    try {
        loadSession(path);
        QFAIL("the session should have been refused");
    } catch (const InputError& error) {
        const QString message = error.message();
        QVERIFY2(message.contains(expected), qPrintable(message));
        QVERIFY2(message.contains(QDir::toNativeSeparators(path)), qPrintable(message));
        QVERIFY2(!message.contains(QLatin1Char('\n')), qPrintable(message));
    } catch (const std::exception& error) {
        QFAIL(qPrintable(QStringLiteral("not an InputError: ") + QString::fromUtf8(error.what())));
    }
}

void SessionTest::newerVersionIsRefused_data() {
    QTest::addColumn<int>("version");
    QTest::newRow("version 2") << 2;
    QTest::newRow("version 3") << 3;
    QTest::newRow("version 1000") << 1000;
}

void SessionTest::newerVersionIsRefused() {
    QFETCH(int, version);
    // A file a newer Headmap saved: this one's fields plus some it does not know.
    const QString path = QDir(m_dir.path()).filePath(kFileName);
    QCOMPARE(saveSession(fullSession(), path), QString());
    QJsonObject object = QJsonDocument::fromJson(readFile(path)).object();
    object.insert(QStringLiteral("version"), version);
    object.insert(QStringLiteral("annotations"), QJsonArray{QStringLiteral("look at head 3")});
    QVERIFY(writeFile(path, QJsonDocument(object).toJson()));
    try {
        loadSession(path);
        QFAIL("a newer session should have been refused");
    } catch (const InputError& error) {
        const QString expected = QStringLiteral("was written by a newer Headmap (session version %1; this one "
                                                "reads version 1)").arg(version);
        QVERIFY2(error.message().contains(expected), qPrintable(error.message()));
        QVERIFY2(error.message().contains(kFileName), qPrintable(error.message()));
    }
}

void SessionTest::acceptedFiles_data() {
    QTest::addColumn<QByteArray>("content");
    QTest::addColumn<Session>("expected");

    Session minimal;
    minimal.modelSource = QStringLiteral("builtin:teaching");
    minimal.text = QStringLiteral("Hej verden");
    QTest::newRow("only the required fields: defaults for the rest") << QJsonDocument(validObject()).toJson()
                                                                      << minimal;

    // Written by an earlier Headmap of the same version that had other fields (or by hand):
    // unknown fields at every level are ignored, known ones still read.
    const QByteArray old = R"({
        "format": "headmap-session",
        "version": 1,
        "saved_by": "Headmap 0.9",
        "window": {"geometry": "AdnQywADAAAAAAA", "maximized": true},
        "model": {"source": "bert-base-uncased", "revision": "main",
                  "teaching": {"d_model": 32, "heads": 2, "layers": 1, "seed": "42",
                               "dropout": 0.1}},
        "text": "Kan du se hvad hovedet kigger på?",
        "layer": 4, "head": 11, "view": "statistics",
        "heatmap": {"colormap": "cividis", "scale": "row", "gamma": 0.5},
        "bookmarks": [[1, 3], [2, 7]],
        "presentation": true
    })";
    Session oldSession = minimal;
    oldSession.modelSource = QStringLiteral("bert-base-uncased");
    oldSession.teaching.dModel = 32;
    oldSession.teaching.heads = 2;
    oldSession.teaching.layers = 1;
    oldSession.teaching.seed = 42;
    oldSession.text = QStringLiteral("Kan du se hvad hovedet kigger på?");
    oldSession.layer = 4;
    oldSession.head = 11;
    oldSession.view = QStringLiteral("statistics");
    oldSession.heatmap.colormap = Colormap::Cividis;
    oldSession.heatmap.scale = ScaleMode::RowMax;
    oldSession.presentation = true;
    QTest::newRow("old file with unknown extra fields") << old << oldSession;

    QTest::newRow("UTF-8 byte order mark") << QByteArray("\xEF\xBB\xBF") + QJsonDocument(validObject()).toJson()
                                           << minimal;

    Session numericSeed = minimal;
    numericSeed.teaching.seed = 9007199254740992ULL;
    QTest::newRow("seed as a JSON number up to 2^53") << with("model.teaching.seed", 9007199254740992.0)
                                                      << numericSeed;

    Session none = minimal;
    none.selectedToken = -1;
    none.layer = 0;
    QTest::newRow("selected_token -1 means none") << with("selected_token", -1) << none;
}

void SessionTest::acceptedFiles() {
    QFETCH(QByteArray, content);
    QFETCH(Session, expected);
    const QString path = QDir(m_dir.path()).filePath(kFileName);
    QVERIFY(writeFile(path, content));
    compareSessions(loadSession(path), expected);
}

QTEST_GUILESS_MAIN(SessionTest)
#include "tst_session.moc"
