// headmap-cli as a real process against hostile or unlucky input: one row per reproducer of the
// robustness audit, each with the exit code and the words the message must contain. Every run
// must end on its own (no hang, no crash) and leave no output file behind. Then the same for
// destinations that cannot take a file (a read-only folder, a full disk) and for export-all
// stopped by SIGINT or SIGTERM: no partial file, earlier files as they were.

#include <csignal>

#include <sys/mount.h>
#include <sys/stat.h>
#include <unistd.h>

#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QtEndian>
#include <QtTest>

#include <memory>
#include <optional>

#include "SmallDisk.h"
#include "ModelFixtures.h"
#include "CliProcess.h"

using namespace modelfixtures;

namespace {

bool writeBytes(const QString& path, const QByteArray& bytes) {
    QFile file(path);
    return file.open(QIODevice::WriteOnly | QIODevice::Truncate) && file.write(bytes) == bytes.size();
}

QStringList entriesOf(const QString& folder) {
    return QDir(folder).entryList(QDir::AllEntries | QDir::Hidden | QDir::NoDotAndDotDot, QDir::Name);
}

// Every file under folder with its bytes, to see that a failed run changed nothing.
QMap<QString, QByteArray> snapshot(const QString& folder) {
    QMap<QString, QByteArray> files;
    for (const QString& name : entriesOf(folder)) {
        const QString path = QDir(folder).filePath(name);
        if (QFileInfo(path).isDir() && !QFileInfo(path).isSymLink()) {
            const QMap<QString, QByteArray> inner = snapshot(path);
            for (auto it = inner.begin(); it != inner.end(); ++it)
                files.insert(name + '/' + it.key(), it.value());
            files.insert(name + '/', QByteArray());
        } else {
            files.insert(name, QFileInfo(path).isFile() ? readFile(path) : QByteArray("<special>"));
        }
    }
    return files;
}

// `sh -c` script running headmap-cli with arguments, each quoted, and --text as raw bytes.
QString withRawText(const QStringList& arguments, const QByteArray& bytes) {
    QString script = QStringLiteral("exec \"$0\"");
    for (const QString& argument : arguments)
        script += QStringLiteral(" '%1'").arg(argument);
    QString octal;
    for (char c : bytes)
        octal += QStringLiteral("\\%1").arg(uint(uchar(c)), 3, 8, QLatin1Char('0'));
    return script + QStringLiteral(" --text \"$(printf '%1')\"").arg(octal);
}

// A folder the CLI cannot write into, with an earlier file in it. Root writes through file
// modes, so for root it is a tmpfs mounted read-only (EROFS); for others a folder of mode 0555.
class ReadOnlyFolder {
public:
    explicit ReadOnlyFolder(const QMap<QString, QByteArray>& files) {
        const QByteArray path = QFile::encodeName(m_dir.path());
        m_mounted = ::geteuid() == 0 && ::mount("tmpfs", path.constData(), "tmpfs", 0, "size=1m") == 0;
        for (auto it = files.begin(); it != files.end(); ++it)
            m_ok = writeBytes(m_dir.filePath(it.key()), it.value()) && m_ok;
        if (m_mounted) {
            m_ok = ::mount("tmpfs", path.constData(), "tmpfs", MS_REMOUNT | MS_RDONLY, "size=1m") == 0 && m_ok;
            m_reason = QStringLiteral("Read-only file system");
        } else {
            m_ok = ::chmod(path.constData(), 0555) == 0 && ::geteuid() != 0 && m_ok;
            m_reason = QStringLiteral("Permission denied");
        }
    }
    ~ReadOnlyFolder() {
        const QByteArray path = QFile::encodeName(m_dir.path());
        if (m_mounted && ::umount(path.constData()) != 0)
            ::umount2(path.constData(), MNT_DETACH);
        ::chmod(path.constData(), 0755);
    }
    bool isReady() const { return m_dir.isValid() && m_ok; }
    QString path() const { return m_dir.path(); }
    // What the system says when a file cannot be made here.
    QString reason() const { return m_reason; }

private:
    QTemporaryDir m_dir;
    bool m_mounted = false;
    bool m_ok = true;
    QString m_reason;
};

// Whether bytes are a whole file of the kind its name says (PNG up to its IEND chunk).
bool complete(const QString& name, const QByteArray& bytes) {
    if (name.endsWith(QLatin1String(".png")))
        return bytes.startsWith("\x89PNG") && bytes.endsWith(QByteArray("IEND\xae\x42\x60\x82", 8));
    if (name.endsWith(QLatin1String(".json")))
        return !QJsonDocument::fromJson(bytes).isNull();
    if (name.endsWith(QLatin1String(".npy")))
        return bytes.startsWith("\x93NUMPY");
    return bytes.endsWith('\n');
}

}  // namespace

class CliAbuseTest : public QObject {
    Q_OBJECT
private slots:
    void refusesClearly_data();
    void refusesClearly();
    void unwritableDestination_data();
    void unwritableDestination();
    void interruptedExportAll_data();
    void interruptedExportAll();
};

// Each row builds a model folder in @DIR@/model (or none) and runs the arguments.
void CliAbuseTest::refusesClearly_data() {
    QTest::addColumn<QString>("setup");
    QTest::addColumn<QStringList>("arguments");
    QTest::addColumn<int>("exitCode");
    QTest::addColumn<QStringList>("expected");
    const QStringList attention{"attention", "--model", "@DIR@/model", "--output", "@DIR@/out.json"};
    QTest::newRow("n_embd 1E25") << "config-n_embd-1e25" << (attention + QStringList{"--text", "hi"}) << 3
                                 << QStringList{"config.json", "'n_embd' is 1.0000000000000001e+25"};
    QTest::newRow("model.safetensors is a FIFO") << "fifo-safetensors" << (attention + QStringList{"--text", "hi"}) << 3
                                                 << QStringList{"model.safetensors", "is not a regular file (it is a FIFO)"};
    QTest::newRow("vocab.txt links to /dev/zero") << "vocab-dev-zero" << (attention + QStringList{"--text", "hi"}) << 3
                                                  << QStringList{"vocab.txt", "not a regular file"};
    QTest::newRow("NaN in a weight") << "nan-weight" << (attention + QStringList{"--text", "hello"}) << 3
                                     << QStringList{"NaN or Inf", "model.layers.0.self_attn.q_proj.weight"};
    QTest::newRow("added token id -7, tokenize") << "negative-added-token"
        << QStringList{"tokenize", "--model", "@DIR@/model", "--text", "hi", "--output", "@DIR@/out.json"} << 3
        << QStringList{"tokenizer.json", "-7"};
    QTest::newRow("50 MB single-line text") << "long-text"
        << QStringList{"attention", "--model", "builtin:teaching", "--text-file", "@DIR@/long.txt", "--output", "@DIR@/out.json"} << 3
        << QStringList{"more than 2048 tokens", "at most 2048"};
    QTest::newRow("unsupported rope type") << "rope-mrope" << (attention + QStringList{"--text", "hi"}) << 3
        << QStringList{"config.json", "rope type 'mrope' in field 'rope_scaling.rope_type' is not supported"};
    QTest::newRow("bidirectional Gemma 3") << "gemma3-bidirectional" << (attention + QStringList{"--text", "hi"}) << 3
        << QStringList{"config.json", "use_bidirectional_attention = true is not supported"};
    QTest::newRow("GQA heads that do not share") << "gqa-3-of-4" << (attention + QStringList{"--text", "hi"}) << 3
        << QStringList{"config.json", "4 attention heads cannot share 3 key/value heads"};
    // Non-finite weights are named, never drawn as a picture of NaNs.
    QTest::newRow("Inf in a weight") << "inf-weight" << (attention + QStringList{"--text", "hello"}) << 3
                                     << QStringList{"NaN or Inf", "model.layers.0.self_attn.q_proj.weight"};
#ifdef HEADMAP_CLI_CAN_RENDER
    QTest::newRow("NaN in a weight, render") << "nan-weight"
        << QStringList{"render", "--model", "@DIR@/model", "--text", "hello", "--layer", "0", "--head", "0",
                       "--output", "@DIR@/out.png"} << 3
        << QStringList{"NaN or Inf", "model.layers.0.self_attn.q_proj.weight"};
    QTest::newRow("Inf in a weight, export-all") << "inf-weight"
        << QStringList{"export-all", "--model", "@DIR@/model", "--text", "hello", "--outdir", "@DIR@/heads"} << 3
        << QStringList{"NaN or Inf", "model.layers.0.self_attn.q_proj.weight"};
#endif
    QTest::newRow("hidden size 30 over 4 heads, GPT-2") << "gpt2-n_embd-30" << (attention + QStringList{"--text", "hi"}) << 3
        << QStringList{"config.json", "hidden size 30 is not divisible by 4 attention heads"};
    QTest::newRow("hidden size 66 over 4 heads, Llama") << "llama-hidden-66" << (attention + QStringList{"--text", "hi"}) << 3
        << QStringList{"config.json", "hidden size 66 is not divisible by 4 attention heads, and there is no head_dim"};
    // 10^9 layers: refused from config.json at once (the run is timed), before anything is
    // allocated per layer; a vector of 10^9 layers would end in "out of memory" or a crash.
    QTest::newRow("10^9 layers, Llama") << "layers-1e9-llama" << (attention + QStringList{"--text", "hi"}) << 3
        << QStringList{"config.json", "'num_hidden_layers' is 1000000000", "1..1024"};
    QTest::newRow("10^9 layers, GPT-2") << "layers-1e9-gpt2" << (attention + QStringList{"--text", "hi"}) << 3
        << QStringList{"config.json", "'n_layer' is 1000000000", "1..1024"};
    QTest::newRow("10^9 layers, BERT") << "layers-1e9-bert" << (attention + QStringList{"--text", "hi"}) << 3
        << QStringList{"config.json", "'num_hidden_layers' is 1000000000", "1..1024"};
    QTest::newRow("50 MB single-line text on standard input") << "long-text-stdin"
        << QStringList{"attention", "--model", "builtin:teaching", "--text", "-", "--output", "@DIR@/out.json"} << 3
        << QStringList{"more than 2048 tokens", "at most 2048"};
    // Invalid UTF-8 is read with U+FFFD in place of the bad bytes and said so; the run goes on.
    QTest::newRow("invalid UTF-8, --text bytes") << "invalid-utf8-argument"
        << QStringList{"attention", "--model", "builtin:teaching", "--output", "@DIR@/out.json"} << 0
        << QStringList{"warning", "--text is not valid UTF-8", "U+FFFD"};
    QTest::newRow("invalid UTF-8, --text-file") << "invalid-utf8-file"
        << QStringList{"attention", "--model", "builtin:teaching", "--text-file", "@DIR@/bad.txt", "--output", "@DIR@/out.json"}
        << 0 << QStringList{"warning", "bad.txt is not valid UTF-8", "U+FFFD"};
}

void CliAbuseTest::refusesClearly() {
    QFETCH(QString, setup);
    QFETCH(QStringList, arguments);
    QTemporaryDir dir;
    const QString model = dir.filePath("model");
    std::optional<QByteArray> input;  // standard input, when a row gives it
    if (setup == "config-n_embd-1e25") {
        QVERIFY(copyFolder(modelFixture("gpt2_f32"), model));
        QVERIFY(writeBytes(model + "/config.json", R"({"model_type":"gpt2","n_embd":1E25})"));
    } else if (setup == "fifo-safetensors") {
        QVERIFY(copyFolder(modelFixture("llama_f32_tied"), model));
        QVERIFY(QFile::remove(model + "/model.safetensors"));
        QCOMPARE(::mkfifo(QFile::encodeName(model + "/model.safetensors").constData(), 0600), 0);
    } else if (setup == "vocab-dev-zero") {
        QVERIFY(copyFolder(modelFixture("bert_f32_prefixed"), model));
        QVERIFY(QFile::remove(model + "/vocab.txt"));
        QVERIFY(QFile::link("/dev/zero", model + "/vocab.txt"));
    } else if (setup == "nan-weight" || setup == "inf-weight") {
        QVERIFY(copyFolder(modelFixture("llama_f32_tied"), model));
        QVERIFY(setFirstValue(model, "model.layers.0.self_attn.q_proj.weight",
                              setup == "nan-weight" ? std::numeric_limits<float>::quiet_NaN()
                                                    : std::numeric_limits<float>::infinity()));
    } else if (setup == "negative-added-token") {
        QVERIFY(copyFolder(modelFixture("llama_f32_tied"), model));
        QVERIFY(editJson(model + "/tokenizer.json", [](QJsonObject& json) {
            QJsonArray added = json.value("added_tokens").toArray();
            QJsonObject token = added.at(1).toObject();
            token["id"] = -7;
            added[1] = token;
            json["added_tokens"] = added;
        }));
    } else if (setup == "long-text") {
        QVERIFY(writeBytes(dir.filePath("long.txt"), QByteArray("the cat sat ").repeated(50 * 1024 * 1024 / 12)));
    } else if (setup == "rope-mrope") {
        QVERIFY(copyFolder(modelFixture("llama_f32_tied"), model));
        QVERIFY(editJson(model + "/config.json", [](QJsonObject& json) {
            json["rope_scaling"] = QJsonObject{{"rope_type", "mrope"}, {"factor", 2.0}};
        }));
    } else if (setup == "gemma3-bidirectional") {
        QVERIFY(copyFolder(modelFixture("gemma3_text_bf16"), model));
        QVERIFY(editJson(model + "/config.json", [](QJsonObject& json) { json["use_bidirectional_attention"] = true; }));
    } else if (setup == "gqa-3-of-4") {
        QVERIFY(copyFolder(modelFixture("llama_f32_tied"), model));
        QVERIFY(editJson(model + "/config.json", [](QJsonObject& json) { json["num_key_value_heads"] = 3; }));
    } else if (setup == "gpt2-n_embd-30") {
        QVERIFY(copyFolder(modelFixture("gpt2_f32"), model));
        QVERIFY(editJson(model + "/config.json", [](QJsonObject& json) { json["n_embd"] = 30; }));
    } else if (setup == "llama-hidden-66") {
        QVERIFY(copyFolder(modelFixture("llama_f32_tied"), model));
        QVERIFY(editJson(model + "/config.json", [](QJsonObject& json) {
            json["hidden_size"] = 66;
            json.remove("head_dim");
        }));
    } else if (setup.startsWith("layers-1e9-")) {
        const QString name = setup.endsWith("llama") ? "llama_f32_tied" : setup.endsWith("gpt2") ? "gpt2_f32" : "bert_f32_prefixed";
        QVERIFY(copyFolder(modelFixture(name), model));
        QVERIFY(editJson(model + "/config.json", [&](QJsonObject& json) {
            json[setup.endsWith("gpt2") ? "n_layer" : "num_hidden_layers"] = 1000000000;
        }));
    } else if (setup == "long-text-stdin") {
        input = QByteArray("the cat sat ").repeated(50 * 1024 * 1024 / 12);
    } else if (setup == "invalid-utf8-file") {
        QVERIFY(writeBytes(dir.filePath("bad.txt"), "caf\xc3 ab\xff" "cd\n"));
    }
    for (QString& argument : arguments)
        argument.replace("@DIR@", dir.path());

    const QMap<QString, QByteArray> before = snapshot(dir.path());
    QElapsedTimer clock;
    clock.start();
    const CliResult result = setup == "invalid-utf8-argument" ? runCliThroughShell(withRawText(arguments, "caf\xc3 ab\xff" "cd"))
                                                              : runCli(arguments, input);
    const qint64 elapsedMs = clock.elapsed();
    QFETCH(int, exitCode);
    CLI_CHECK(result, exitCode);
    QFETCH(QStringList, expected);
    const QString message = QString::fromUtf8(result.err);
    for (const QString& words : expected)
        QVERIFY2(message.contains(words), result.describe().constData());
    QVERIFY2(!message.contains('\n') || message.indexOf('\n') == message.size() - 1, result.describe().constData());
    if (setup.startsWith("layers-1e9-"))
        QVERIFY2(elapsedMs < 10000, qPrintable(QStringLiteral("refusing took %1 ms").arg(elapsedMs)));
    QMap<QString, QByteArray> after = snapshot(dir.path());
    if (exitCode == 0) {
        QVERIFY2(complete("out.json", after.value("out.json")), "the output is not a whole JSON file");
        after.remove("out.json");
    }
    QVERIFY2(after == before, qPrintable(QStringLiteral("the run changed the folder: %1 -> %2")
                                             .arg(QStringList(before.keys()).join(' '), QStringList(after.keys()).join(' '))));
}

// Outputs aimed at a folder that cannot take them: exit 3, a message with the reason and the
// file or folder, and the folder exactly as before (the earlier file intact, nothing added).
void CliAbuseTest::unwritableDestination_data() {
    QTest::addColumn<QString>("place");  // "read-only" folder or "full" disk
    QTest::addColumn<QStringList>("arguments");
    QTest::addColumn<QString>("named");  // in the message, after @DIR@ is replaced
    const QStringList text{"--model", "builtin:teaching", "--text", "the cat sat on the mat"};
    const QStringList one{"--layer", "1", "--head", "2"};
    for (const QString place : {"read-only", "full"}) {
        QTest::addRow("%s, attention --output", qPrintable(place))
            << place << (QStringList{"attention"} + text + QStringList{"--output", "@DIR@/old.json"}) << "@DIR@/old.json";
        QTest::addRow("%s, tokenize --output", qPrintable(place))
            << place << (QStringList{"tokenize"} + text + QStringList{"--output", "@DIR@/new.tsv"}) << "@DIR@/new.tsv";
#ifdef HEADMAP_CLI_CAN_RENDER
        QTest::addRow("%s, render", qPrintable(place))
            << place << (QStringList{"render"} + text + one + QStringList{"--output", "@DIR@/head.png"}) << "@DIR@/head.png";
        QTest::addRow("%s, export-all into it", qPrintable(place))
            << place << (QStringList{"export-all"} + text + QStringList{"--outdir", "@DIR@"}) << "@DIR@/layer0_head0.png";
#endif
    }
#ifdef HEADMAP_CLI_CAN_RENDER
    QTest::newRow("read-only, export-all into a new folder")
        << "read-only" << (QStringList{"export-all"} + text + QStringList{"--outdir", "@DIR@/heads"})
        << "cannot create folder '@DIR@/heads'";
#endif
}

void CliAbuseTest::unwritableDestination() {
    QFETCH(QString, place);
    QFETCH(QStringList, arguments);
    QFETCH(QString, named);
    const QMap<QString, QByteArray> old{{"old.json", "{\"an earlier\": \"file\"}\n"}};
    std::unique_ptr<ReadOnlyFolder> readOnly;
    std::unique_ptr<SmallDisk> disk;
    QString folder, reason;
    if (place == "read-only") {
        readOnly = std::make_unique<ReadOnlyFolder>(old);
        if (!readOnly->isReady())
            QSKIP("cannot make a read-only folder here (root without the right to mount)");
        folder = readOnly->path();
        reason = readOnly->reason();
    } else {
        disk = std::make_unique<SmallDisk>();
        if (!disk->isMounted())
            QSKIP(qPrintable(disk->skipReason()));
        QVERIFY(writeBytes(disk->filePath("old.json"), old.first()));
        QVERIFY(disk->fillLeaving(0));
        folder = disk->path();
        reason = QStringLiteral("No space left on device");
    }
    for (QString& argument : arguments)
        argument.replace("@DIR@", folder);
    named.replace("@DIR@", folder);
    const QMap<QString, QByteArray> before = snapshot(folder);

    const CliResult r = runCli(arguments);
    checkError(r, 3, {});
    QVERIFY2(r.err.contains(named.toUtf8()), r.describe().constData());
    QVERIFY2(r.err.contains(reason.toUtf8()), r.describe().constData());
    QCOMPARE(snapshot(folder), before);
}

// export-all stopped by a signal while it writes: it finishes the file at hand, exits with
// 128 + the signal, and leaves only whole files; earlier files it had not reached yet, and
// files of the user's that it never writes, are as they were.
void CliAbuseTest::interruptedExportAll_data() {
    QTest::addColumn<int>("signal");
    QTest::addColumn<QString>("name");
    QTest::newRow("SIGINT") << int(SIGINT) << "SIGINT";
    QTest::newRow("SIGTERM") << int(SIGTERM) << "SIGTERM";
}

void CliAbuseTest::interruptedExportAll() {
#ifndef HEADMAP_CLI_CAN_RENDER
    QSKIP("this headmap-cli was built without the GUI libraries");
#else
    QFETCH(int, signal);
    QFETCH(QString, name);
    QTemporaryDir dir;
    const QString outdir = dir.filePath("heads");
    QVERIFY(QDir().mkpath(outdir));
    // Written last by export-all, never written by it, and the last head: none is reached.
    const QMap<QString, QByteArray> earlier{{"statistics.csv", "an earlier statistics.csv\n"},
                                            {"notes.txt", "the user's own notes\n"},
                                            {"layer11_head7.png", "an earlier image\n"}};
    for (auto it = earlier.begin(); it != earlier.end(); ++it)
        QVERIFY(writeBytes(QDir(outdir).filePath(it.key()), it.value()));
    QStringList words;
    for (int i = 0; i < 60; ++i)
        words << QStringLiteral("w%1").arg(i);

    // 12 x 8 heads of 60 tokens: a minute of drawing, far more than the few files waited for.
    QProcess process;
    process.start(HEADMAP_CLI_PATH,
                  {"export-all", "--model", "builtin:teaching", "--layers", "12", "--heads", "8", "--text",
                   words.join(' '), "--outdir", outdir, "--format", "png"});
    QVERIFY(process.waitForStarted(30000));
    process.closeWriteChannel();
    QElapsedTimer clock;
    clock.start();
    const auto started = [&] { return QFileInfo::exists(QDir(outdir).filePath("layer0_head2.png")); };
    while (!started() && process.state() == QProcess::Running && clock.elapsed() < 120000)
        QTest::qWait(20);
    QVERIFY2(started(), "export-all wrote no head within 2 minutes: " + process.readAllStandardError());
    QCOMPARE(process.state(), QProcess::Running);
    QCOMPARE(::kill(pid_t(process.processId()), signal), 0);
    QVERIFY2(process.waitForFinished(60000), "export-all did not stop within 60 s of the signal");

    const QByteArray err = process.readAllStandardError();
    QCOMPARE(process.exitStatus(), QProcess::NormalExit);
    QVERIFY2(process.exitCode() == 128 + signal, err.constData());
    QVERIFY2(err.startsWith("headmap-cli: error: interrupted (" + name.toUtf8() + ")"), err.constData());
    QVERIFY2(err.contains(outdir.toUtf8()) && err.count('\n') == 1, err.constData());
    QVERIFY2(process.readAllStandardOutput().isEmpty(), "a 'wrote' line after an interrupted export");

    const QRegularExpression head(QStringLiteral("^layer(\\d+)_head(\\d+)\\.png$"));
    int heads = 0;
    for (const QString& file : entriesOf(outdir)) {
        const QByteArray bytes = readFile(QDir(outdir).filePath(file));
        if (earlier.contains(file)) {
            QVERIFY2(bytes == earlier.value(file), qPrintable(file + QStringLiteral(" was changed")));
            continue;
        }
        QVERIFY2(head.match(file).hasMatch(), qPrintable(QStringLiteral("left behind: %1").arg(file)));
        QVERIFY2(complete(file, bytes), qPrintable(file + QStringLiteral(" is not a whole PNG")));
        ++heads;
    }
    QVERIFY2(heads >= 3 && heads < 95, qPrintable(QStringLiteral("%1 heads written").arg(heads)));
    QVERIFY2(err.contains(QStringLiteral("after %1 of 101 files").arg(heads).toUtf8()), err.constData());
#endif
}

QTEST_GUILESS_MAIN(CliAbuseTest)
#include "tst_cliabuse.moc"
