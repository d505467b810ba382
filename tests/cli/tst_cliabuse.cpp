// headmap-cli as a real process against hostile or unlucky input: one row per reproducer of the
// robustness audit, each with the exit code and the words the message must contain. Every run
// must end on its own (no hang, no crash) and leave no output file behind.

#include <sys/stat.h>

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QtEndian>
#include <QtTest>

#include "../hf/ModelFixtures.h"
#include "CliProcess.h"

using namespace modelfixtures;

namespace {

bool writeBytes(const QString& path, const QByteArray& bytes) {
    QFile file(path);
    return file.open(QIODevice::WriteOnly | QIODevice::Truncate) && file.write(bytes) == bytes.size();
}

}  // namespace

class CliAbuseTest : public QObject {
    Q_OBJECT
private slots:
    void refusesClearly_data();
    void refusesClearly();
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
}

void CliAbuseTest::refusesClearly() {
    QFETCH(QString, setup);
    QFETCH(QStringList, arguments);
    QTemporaryDir dir;
    const QString model = dir.filePath("model");
    if (setup == "config-n_embd-1e25") {
        QVERIFY(copyFolder(fixture("gpt2_f32"), model));
        QVERIFY(writeBytes(model + "/config.json", R"({"model_type":"gpt2","n_embd":1E25})"));
    } else if (setup == "fifo-safetensors") {
        QVERIFY(copyFolder(fixture("llama_f32_tied"), model));
        QVERIFY(QFile::remove(model + "/model.safetensors"));
        QCOMPARE(::mkfifo(QFile::encodeName(model + "/model.safetensors").constData(), 0600), 0);
    } else if (setup == "vocab-dev-zero") {
        QVERIFY(copyFolder(fixture("bert_f32_prefixed"), model));
        QVERIFY(QFile::remove(model + "/vocab.txt"));
        QVERIFY(QFile::link("/dev/zero", model + "/vocab.txt"));
    } else if (setup == "nan-weight") {
        QVERIFY(copyFolder(fixture("llama_f32_tied"), model));
        QVERIFY(setFirstValue(model, "model.layers.0.self_attn.q_proj.weight", std::numeric_limits<float>::quiet_NaN()));
    } else if (setup == "negative-added-token") {
        QVERIFY(copyFolder(fixture("llama_f32_tied"), model));
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
        QVERIFY(copyFolder(fixture("llama_f32_tied"), model));
        QVERIFY(editJson(model + "/config.json", [](QJsonObject& json) {
            json["rope_scaling"] = QJsonObject{{"rope_type", "mrope"}, {"factor", 2.0}};
        }));
    } else if (setup == "gemma3-bidirectional") {
        QVERIFY(copyFolder(fixture("gemma3_text_bf16"), model));
        QVERIFY(editJson(model + "/config.json", [](QJsonObject& json) { json["use_bidirectional_attention"] = true; }));
    } else if (setup == "gqa-3-of-4") {
        QVERIFY(copyFolder(fixture("llama_f32_tied"), model));
        QVERIFY(editJson(model + "/config.json", [](QJsonObject& json) { json["num_key_value_heads"] = 3; }));
    }
    for (QString& argument : arguments)
        argument.replace("@DIR@", dir.path());

    const CliResult result = runCli(arguments);
    QFETCH(int, exitCode);
    CLI_CHECK(result, exitCode);
    QFETCH(QStringList, expected);
    const QString message = QString::fromUtf8(result.err);
    for (const QString& words : expected)
        QVERIFY2(message.contains(words), result.describe().constData());
    QVERIFY2(!message.contains('\n') || message.indexOf('\n') == message.size() - 1, result.describe().constData());
    QVERIFY2(!QFile::exists(dir.filePath("out.json")), "a failed run left an output file behind");
}

QTEST_GUILESS_MAIN(CliAbuseTest)
#include "tst_cliabuse.moc"
