// headmap-cli on GGUF files (tests/fixtures/gguf/models/, made by make_gguf_models.py): info
// names the architecture, heads and quantisation; tokenize and attention read the file's own
// tokenizer and weights and give what the safetensors folder the file was converted from gives.
// llama.cpp's t5 files (make_gguf_t5.py): info lists the three stacks, attention on ids
// generates what transformers generates (gguf_t5_golden.json); text is read by llama.cpp's UGM
// tokenizer (checked against transformers in tst_ggufunigramtokenizer): translate's source ids
// are tokenize's, and its target the ids attention generates from them.

#include <QDir>
#include <QFile>
#include <QJsonDocument>
#include <QtTest>

#include "CliProcess.h"

namespace {

QString gguf(const QString& name) {
    return QDir(QStringLiteral(HEADMAP_FIXTURES_DIR "/gguf/models")).filePath(name);
}

QString twin(const QString& name) {
    return QDir(QStringLiteral(HEADMAP_FIXTURES_DIR "/models")).filePath(name);
}

}  // namespace

class CliGgufTest : public QObject {
    Q_OBJECT
private slots:
    void infoDescribesTheFile_data();
    void infoDescribesTheFile();
    void attentionEqualsTheSafetensorsTwin_data();
    void attentionEqualsTheSafetensorsTwin();
    void missingFileIsNamed();
    void t5FileRunsOnIds_data();
    void t5FileRunsOnIds();
};

void CliGgufTest::infoDescribesTheFile_data() {
    QTest::addColumn<QString>("file");
    QTest::addColumn<QString>("architecture");
    QTest::addColumn<int>("kvHeads");
    QTest::addColumn<QString>("quantization");
    QTest::addColumn<QString>("weightsLine");
    QTest::newRow("llama f32") << "llama_f32.gguf" << "llama" << 2 << "" << "weights        float (exact)";
    QTest::newRow("qwen3 q8_0") << "qwen3_q8_0.gguf" << "qwen3" << 2 << "Q8_0" << "weights        Q8_0";
    QTest::newRow("llama q4_k_m") << "llama256_q4_k_m.gguf" << "llama" << 1 << "Q4_K_M" << "weights        Q4_K_M";
}

void CliGgufTest::infoDescribesTheFile() {
    QFETCH(QString, file);
    QFETCH(QString, architecture);
    QFETCH(int, kvHeads);
    QFETCH(QString, quantization);
    QFETCH(QString, weightsLine);
    const CliResult json = runCli({"info", "--model", gguf(file), "--format", "json"});
    CLI_CHECK(json, 0);
    QCOMPARE(json.json().value("architecture").toString(), architecture);
    QCOMPARE(json.json().value("kv_heads").toInt(), kvHeads);
    QCOMPARE(json.json().value("quantization").toString(), quantization);
    const CliResult text = runCli({"info", "--model", gguf(file)});
    CLI_CHECK(text, 0);
    QVERIFY2(QString::fromUtf8(text.out).contains(weightsLine), text.describe());
}

void CliGgufTest::attentionEqualsTheSafetensorsTwin_data() {
    QTest::addColumn<QString>("file");
    QTest::addColumn<QString>("folder");
    QTest::newRow("llama f32 (q/k un-permuted, llama3 rope)") << "llama_f32.gguf" << "llama_f32_tied";
    QTest::newRow("llama f16 (linear rope)") << "llama_linear_f16.gguf" << "llama_f16_linear";
    QTest::newRow("qwen3 f32") << "qwen3_f32.gguf" << "qwen3_f32";
    QTest::newRow("phi3 f32") << "phi3_f32.gguf" << "phi3_f32";
}

void CliGgufTest::attentionEqualsTheSafetensorsTwin() {
    QFETCH(QString, file);
    QFETCH(QString, folder);
    const QStringList input{"--text", "the cat sat on the hat", "--format", "json"};
    const CliResult tokens = runCli(QStringList{"tokenize", "--model", gguf(file)} + input);
    const CliResult twinTokens = runCli(QStringList{"tokenize", "--model", twin(folder)} + input);
    CLI_CHECK(tokens, 0);
    CLI_CHECK(twinTokens, 0);
    QVERIFY(!ints(tokens.json().value("token_ids")).isEmpty());
    QCOMPARE(ints(tokens.json().value("token_ids")), ints(twinTokens.json().value("token_ids")));

    const CliResult attention = runCli(QStringList{"attention", "--model", gguf(file)} + input);
    const CliResult twinAttention = runCli(QStringList{"attention", "--model", twin(folder)} + input);
    CLI_CHECK(attention, 0);
    CLI_CHECK(twinAttention, 0);
    // [layer][head][query][key]
    const QJsonArray layers = attention.json().value("attention").toArray();
    const QJsonArray twinLayers = twinAttention.json().value("attention").toArray();
    QVERIFY(!layers.isEmpty());
    QCOMPARE(layers.size(), twinLayers.size());
    double worst = 0;
    for (int l = 0; l < layers.size(); ++l) {
        const QJsonArray heads = layers[l].toArray();
        const QJsonArray twinHeads = twinLayers[l].toArray();
        QCOMPARE(heads.size(), twinHeads.size());
        for (int h = 0; h < heads.size(); ++h) {
            const Matrix a = matrix(heads[h]);
            const Matrix b = matrix(twinHeads[h]);
            QCOMPARE(a.size(), b.size());
            for (int r = 0; r < a.size(); ++r) {
                QCOMPARE(a[r].size(), b[r].size());
                for (int c = 0; c < a[r].size(); ++c)
                    worst = std::max(worst, std::abs(a[r][c] - b[r][c]));
            }
        }
    }
    QVERIFY2(worst <= 1e-6, qPrintable(QStringLiteral("max difference %1").arg(worst)));
}

void CliGgufTest::missingFileIsNamed() {
    const CliResult r = runCli({"info", "--model", "/nonexistent/model-q4_k_m.gguf"});
    checkError(r, 3, {"/nonexistent/model-q4_k_m.gguf", "does not exist"});
}

void CliGgufTest::t5FileRunsOnIds_data() {
    QTest::addColumn<QJsonObject>("golden");
    QFile file(gguf(QStringLiteral("gguf_t5_golden.json")));
    QVERIFY(file.open(QIODevice::ReadOnly));
    const QJsonArray files = QJsonDocument::fromJson(file.readAll()).object().value("files").toArray();
    QVERIFY(!files.isEmpty());
    for (const QJsonValue& f : files)
        QTest::newRow(qPrintable(f.toObject().value("file").toString())) << f.toObject();
}

void CliGgufTest::t5FileRunsOnIds() {
    QFETCH(QJsonObject, golden);
    const QString model = gguf(golden.value("file").toString());
    const CliResult info = runCli({"info", "--model", model, "--format", "json"});
    CLI_CHECK(info, 0);
    QCOMPARE(info.json().value("architecture").toString(), QStringLiteral("t5"));
    const QJsonArray stacks = info.json().value("stacks").toArray();
    QCOMPARE(stacks.size(), 3);
    QCOMPARE(stacks[0].toObject().value("layers").toInt(), golden.value("encoder_layers").toInt());
    QCOMPARE(stacks[1].toObject().value("layers").toInt(), golden.value("decoder_layers").toInt());

    // Without a target the decoder's rows are what greedy decoding wrote: transformers' ids.
    const QJsonObject c = golden.value("cases").toArray().first().toObject();
    QStringList ids;
    for (const QJsonValue& id : c.value("source_ids").toArray())
        ids << QString::number(id.toInt());
    const CliResult attention =
        runCli({"attention", "--model", model, "--ids", ids.join(','), "--stack", "cross", "--format", "json"});
    CLI_CHECK(attention, 0);
    QList<int> generated = ints(c.value("generated_ids"));
    generated.removeFirst();  // the decoder start token
    QCOMPARE(ints(attention.json().value("generated_ids")), generated);
    QCOMPARE(ints(attention.json().value("key_token_ids")), ints(c.value("source_ids")));

    // Text now: translate's source ids are what tokenize gives, and greedy decoding on them
    // writes what attention writes from the same ids.
    const CliResult translated = runCli({"translate", "--model", model, "--text", "the model reads", "--format", "json"});
    CLI_CHECK(translated, 0);
    const CliResult tokens = runCli({"tokenize", "--model", model, "--text", "the model reads", "--format", "json"});
    CLI_CHECK(tokens, 0);
    const QList<int> sourceIds = ints(translated.json().value("source_ids"));
    QCOMPARE(sourceIds, ints(tokens.json().value("token_ids")));
    QCOMPARE(sourceIds.last(), 1);  // "</s>"
    QStringList sourceText;
    for (int id : sourceIds)
        sourceText << QString::number(id);
    const CliResult onIds = runCli({"attention", "--model", model, "--ids", sourceText.join(','), "--format", "json"});
    CLI_CHECK(onIds, 0);
    QCOMPARE(ints(translated.json().value("target_ids")), ints(onIds.json().value("generated_ids")));
}

QTEST_GUILESS_MAIN(CliGgufTest)
#include "tst_cligguf.moc"
