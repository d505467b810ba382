// headmap-cli with translation (encoder–decoder) models, run as a real process against the
// Marian fixtures' goldens (tests/fixtures/seq2seq/*/golden.json, written by transformers' own
// MarianMTModel, MarianTokenizer and generate(); see that folder's README): translate's ids,
// every head of the encoder, decoder and cross stacks under --target, the rows a generated
// translation gives, cross-attention's T×S heads in JSON, CSV, npy and steps, predict's next
// token. Then --stack, --target and stack-prefixed --ablate on one-stack models: their output
// stays byte for byte what it was, and what they lack is refused naming the value.

#include <cstring>

#include <QDir>
#include <QTemporaryDir>
#include <QtTest>

#include "CliProcess.h"

namespace {

// The bound for attention against transformers (tst_encoderdecodermodel measures ~1e-6).
constexpr double kTolerance = 1e-4;

const QStringList kMarianFixtures{"marian_f32", "marian_sep_vocab_bf16", "marian_f16"};

QString seq2seqFixture(const QString& name) {
    return fixturePath(QStringLiteral("seq2seq/") + name);
}

QJsonObject goldenCase(const QString& fixture, const QString& name) {
    QFile file(seq2seqFixture(fixture) + QStringLiteral("/golden.json"));
    if (!file.open(QIODevice::ReadOnly))
        return {};
    for (const QJsonValue& c : QJsonDocument::fromJson(file.readAll()).object().value("cases").toArray())
        if (c.toObject().value("name").toString() == name)
            return c.toObject();
    return {};
}

QList<int> tail(QList<int> ids) {  // generated ids after the decoder start token
    if (!ids.isEmpty())
        ids.removeFirst();
    return ids;
}

// Largest |a − b| over [layer][head][query][key]; -1 when the shapes differ.
double maxDifference(const QJsonArray& actual, const QJsonArray& expected) {
    if (actual.size() != expected.size())
        return -1;
    double worst = 0;
    for (qsizetype i = 0; i < actual.size(); ++i) {
        if (actual[i].isArray() != expected[i].isArray())
            return -1;
        if (actual[i].isArray()) {
            const double d = maxDifference(actual[i].toArray(), expected[i].toArray());
            if (d < 0)
                return -1;
            worst = std::max(worst, d);
        } else {
            worst = std::max(worst, std::abs(actual[i].toDouble() - expected[i].toDouble()));
        }
    }
    return worst;
}

// Every head [layer][head] is rows × cols.
bool headsHaveShape(const QJsonArray& attention, int layers, int heads, int rows, int cols) {
    if (attention.size() != layers)
        return false;
    for (const QJsonValue& layer : attention) {
        if (layer.toArray().size() != heads)
            return false;
        for (const QJsonValue& head : layer.toArray())
            if (!hasShape(head, rows, cols))
                return false;
    }
    return true;
}

struct Npy {
    QList<int> shape;
    QByteArray data;
};

Npy parseNpy(const QByteArray& bytes) {
    Npy npy;
    if (bytes.size() < 10 || !bytes.startsWith("\x93NUMPY"))
        return npy;
    const int headerLength = uchar(bytes[8]) | (uchar(bytes[9]) << 8);
    const QByteArray header = bytes.mid(10, headerLength);
    const int open = header.indexOf("'shape': (") + 10;
    const int close = header.indexOf(')', open);
    for (const QByteArray& part : header.mid(open, close - open).split(','))
        if (!part.trimmed().isEmpty())
            npy.shape << part.trimmed().toInt();
    npy.data = bytes.mid(10 + headerLength);
    return npy;
}

QJsonObject configOf(const QString& fixture) {
    QFile file(seq2seqFixture(fixture) + QStringLiteral("/config.json"));
    return file.open(QIODevice::ReadOnly) ? QJsonDocument::fromJson(file.readAll()).object() : QJsonObject{};
}

}  // namespace

class TestCliTranslate : public QObject {
    Q_OBJECT

private slots:
    void translate_data();
    void translate();
    void attentionStacks_data();
    void attentionStacks();
    void generatedRows_data();
    void generatedRows();
    void crossNpyAndCsv();
    void stepsOfCrossHead();
    void predictNextTargetToken_data();
    void predictNextTargetToken();
    void ablationStacks();
    void wordsOfCrossAttention();
    void info_data();
    void info();
    void refusals_data();
    void refusals();
    void oneStackUnchanged_data();
    void oneStackUnchanged();
    void help();
    void targetLanguages();
    void exportAllOfStack_data();
    void exportAllOfStack();
};

void TestCliTranslate::translate_data() {
    QTest::addColumn<QString>("fixture");
    QTest::addColumn<QString>("caseName");
    for (const QString& fixture : kMarianFixtures)
        for (const char* name : {"danish", "chinese", "english", "long_danish"})
            QTest::addRow("%s %s", qPrintable(fixture), name) << fixture << QString::fromLatin1(name);
}

// translate: the source ids MarianTokenizer gives, the ids generate() gives after the start
// token (end token included) and their pieces; the text form is the JSON's translation alone.
void TestCliTranslate::translate() {
    QFETCH(QString, fixture);
    QFETCH(QString, caseName);
    const QJsonObject golden = goldenCase(fixture, caseName);
    QVERIFY2(!golden.isEmpty(), "golden case missing");
    const QStringList args{"translate", "--model", seq2seqFixture(fixture), "--text", golden["source_text"].toString()};

    const CliResult json = runCli(args + QStringList{"--format", "json"});
    CLI_CHECK(json, 0);
    QVERIFY2(json.err.isEmpty(), json.err.constData());
    CLI_JSON(out, json);
    QCOMPARE(ints(out["source_ids"]), ints(golden["source_ids"]));
    QCOMPARE(ints(out["target_ids"]), tail(ints(golden["generated_ids"])));
    QCOMPARE(strings(out["target_tokens"]), QStringList(strings(golden["generated_tokens"]).mid(1)));
    QCOMPARE(out["model"].toString(), seq2seqFixture(fixture));
    QCOMPARE(strings(out["source_display_tokens"]).size(), ints(out["source_ids"]).size());
    QCOMPARE(strings(out["target_display_tokens"]).size(), ints(out["target_ids"]).size());

    const CliResult text = runCli(args);
    CLI_CHECK(text, 0);
    QCOMPARE(QString::fromUtf8(text.out), out["translation"].toString() + QLatin1Char('\n'));
    // The translation is the target pieces as text: no end token, no start token.
    QVERIFY(!out["translation"].toString().contains(QLatin1String("</s>")));
    QVERIFY(!out["translation"].toString().contains(QLatin1String("<pad>")));
}

void TestCliTranslate::attentionStacks_data() {
    QTest::addColumn<QString>("fixture");
    QTest::addColumn<QString>("caseName");
    QTest::addColumn<QString>("stack");
    for (const QString& fixture : kMarianFixtures)
        for (const char* name : {"danish", "chinese"})
            for (const char* stack : {"encoder", "decoder", "cross"})
                QTest::addRow("%s %s %s", qPrintable(fixture), name, stack)
                    << fixture << QString::fromLatin1(name) << QString::fromLatin1(stack);
}

// attention --stack S --target TEXT: every head of the stack against transformers' attentions
// under teacher forcing, with each stack's shape (encoder S×S, decoder T×T causal, cross T×S)
// and axes named.
void TestCliTranslate::attentionStacks() {
    QFETCH(QString, fixture);
    QFETCH(QString, caseName);
    QFETCH(QString, stack);
    const QJsonObject golden = goldenCase(fixture, caseName);
    QVERIFY2(!golden.isEmpty(), "golden case missing");
    const CliResult r = runCli({"attention", "--model", seq2seqFixture(fixture), "--text", golden["source_text"].toString(),
                                "--target", golden["target_text"].toString(), "--stack", stack});
    CLI_CHECK(r, 0);
    CLI_JSON(out, r);
    const QList<int> source = ints(golden["source_ids"]);
    const QList<int> rows = ints(golden["decoder_input_ids"]);
    const QList<int> queries = stack == QLatin1String("encoder") ? source : rows;
    const QList<int> keys = stack == QLatin1String("cross") ? source : queries;
    QCOMPARE(out["stack"].toString(), stack);
    QCOMPARE(out["model"].toObject()["stack"].toString(), stack);
    QCOMPARE(out["target_text"].toString(), golden["target_text"].toString());
    QVERIFY(!out.contains("generated_ids"));
    QCOMPARE(ints(out["query_token_ids"]), queries);
    QCOMPARE(ints(out["key_token_ids"]), keys);
    QCOMPARE(strings(out["query_tokens"]).size(), queries.size());
    QCOMPARE(strings(out["key_display_tokens"]).size(), keys.size());
    // "tokens" only where rows and columns are one token list.
    QCOMPARE(out.contains("tokens"), stack != QLatin1String("cross"));
    if (stack != QLatin1String("cross"))
        QCOMPARE(ints(out["token_ids"]), queries);

    const QJsonArray expected = golden[stack + QStringLiteral("_attentions")].toArray();
    const int layers = int(expected.size()), heads = int(expected[0].toArray().size());
    QCOMPARE(out["model"].toObject()["layers"].toInt(), layers);
    const QJsonArray attention = out["attention"].toArray();
    QVERIFY2(headsHaveShape(attention, layers, heads, int(queries.size()), int(keys.size())),
             "a head does not have its stack's shape");
    const double difference = maxDifference(attention, expected);
    QVERIFY2(difference >= 0 && difference <= kTolerance, qPrintable(QString::number(difference)));
}

void TestCliTranslate::generatedRows_data() {
    QTest::addColumn<QString>("fixture");
    QTest::addColumn<QString>("caseName");
    for (const QString& fixture : kMarianFixtures)
        QTest::addRow("%s english", qPrintable(fixture)) << fixture << QStringLiteral("english");
    QTest::newRow("marian_sep_vocab_bf16 chinese (stops on eos)") << QStringLiteral("marian_sep_vocab_bf16")
                                                                  << QStringLiteral("chinese");
}

// Without --target the model translates first and its decoder reads what it wrote: the rows are
// the start token and the generated ids less the last, as in generate()'s own steps.
void TestCliTranslate::generatedRows() {
    QFETCH(QString, fixture);
    QFETCH(QString, caseName);
    const QJsonObject golden = goldenCase(fixture, caseName);
    const QList<int> generated = ints(golden["generated_ids"]);
    const CliResult r = runCli({"attention", "--model", seq2seqFixture(fixture), "--text", golden["source_text"].toString(),
                                "--layer", "0", "--head", "1"});
    CLI_CHECK(r, 0);
    CLI_JSON(out, r);
    QCOMPARE(out["stack"].toString(), QStringLiteral("cross"));  // the default of a translation model
    QCOMPARE(ints(out["generated_ids"]), tail(generated));
    QVERIFY(!out.contains("target_text"));
    QCOMPARE(ints(out["query_token_ids"]), QList<int>(generated.mid(0, generated.size() - 1)));
    QCOMPARE(ints(out["key_token_ids"]), ints(golden["source_ids"]));
    QVERIFY(headsHaveShape(out["attention"].toArray(), 1, 1, int(generated.size() - 1),
                           int(ints(golden["source_ids"]).size())));
    // --max-new-tokens cuts the translation, and with it the rows.
    const CliResult cut = runCli({"attention", "--model", seq2seqFixture(fixture), "--text", golden["source_text"].toString(),
                                  "--layer", "0", "--head", "1", "--max-new-tokens", "2"});
    CLI_CHECK(cut, 0);
    CLI_JSON(shortOut, cut);
    QCOMPARE(ints(shortOut["generated_ids"]).size(), 2);
    QCOMPARE(ints(shortOut["query_token_ids"]).size(), 2);
}

// Cross-attention's (T, S) heads in npy (shape (L, H, T, S), the golden's numbers in C order)
// and CSV (one row per weight, key tokens from the source).
void TestCliTranslate::crossNpyAndCsv() {
    const QJsonObject golden = goldenCase(QStringLiteral("marian_sep_vocab_bf16"), QStringLiteral("danish"));
    const QStringList args{"attention", "--model", seq2seqFixture("marian_sep_vocab_bf16"), "--text",
                           golden["source_text"].toString(), "--target", golden["target_text"].toString()};
    const QJsonArray expected = golden["cross_attentions"].toArray();
    const int layers = int(expected.size()), heads = int(expected[0].toArray().size());
    const int t = int(ints(golden["decoder_input_ids"]).size()), s = int(ints(golden["source_ids"]).size());
    QVERIFY(t != s);  // so that a swapped axis shows

    const CliResult npyRun = runCli(args + QStringList{"--format", "npy"});
    CLI_CHECK(npyRun, 0);
    const Npy npy = parseNpy(npyRun.out);
    QCOMPARE(npy.shape, (QList<int>{layers, heads, t, s}));
    QCOMPARE(npy.data.size(), qsizetype(layers) * heads * t * s * 4);
    double worst = 0;
    for (int l = 0; l < layers; ++l)
        for (int h = 0; h < heads; ++h)
            for (int q = 0; q < t; ++q)
                for (int k = 0; k < s; ++k) {
                    float value;
                    std::memcpy(&value, npy.data.constData() + 4 * (((qsizetype(l) * heads + h) * t + q) * s + k), 4);
                    const double e = expected[l].toArray()[h].toArray()[q].toArray()[k].toDouble();
                    worst = std::max(worst, std::abs(double(value) - e));
                }
    QVERIFY2(worst <= kTolerance, qPrintable(QString::number(worst)));

    // One head as CSV: T·S rows, the key tokens the source's, the query tokens the decoder's.
    const CliResult jsonRun = runCli(args + QStringList{"--layer", "1", "--head", "2"});
    CLI_CHECK(jsonRun, 0);
    CLI_JSON(out, jsonRun);
    const CliResult csvRun = runCli(args + QStringList{"--layer", "1", "--head", "2", "--format", "csv"});
    CLI_CHECK(csvRun, 0);
    const QStringList lines = QString::fromUtf8(csvRun.out).split(QLatin1Char('\n'), Qt::SkipEmptyParts);
    QCOMPARE(lines.size(), 1 + t * s);
    QCOMPARE(lines.first(), QStringLiteral("layer,head,query_index,query_token,key_index,key_token,weight"));
    const QStringList queryTokens = strings(out["query_tokens"]), keyTokens = strings(out["key_tokens"]);
    for (int i = 1; i < lines.size(); ++i) {
        const QStringList f = csvFields(lines[i]);
        const int q = (i - 1) / s, k = (i - 1) % s;
        QCOMPARE(f.value(2).toInt(), q);
        QCOMPARE(f.value(3), queryTokens.value(q));
        QCOMPARE(f.value(4).toInt(), k);
        QCOMPARE(f.value(5), keyTokens.value(k));
        const double e = expected[1].toArray()[2].toArray()[q].toArray()[k].toDouble();
        QVERIFY2(std::abs(f.value(6).toDouble() - e) <= kTolerance, qPrintable(lines[i]));
    }
}

// steps of a cross-attention head: queries from the decoder's rows (T), keys and values from the
// encoder's output (memory, S × d_model), weights T × S as transformers has them.
void TestCliTranslate::stepsOfCrossHead() {
    const QJsonObject golden = goldenCase(QStringLiteral("marian_f32"), QStringLiteral("chinese"));
    const int dModel = configOf(QStringLiteral("marian_f32"))["d_model"].toInt();
    const int heads = configOf(QStringLiteral("marian_f32"))["decoder_attention_heads"].toInt();
    const int t = int(ints(golden["decoder_input_ids"]).size()), s = int(ints(golden["source_ids"]).size());
    const CliResult r = runCli({"steps", "--model", seq2seqFixture("marian_f32"), "--text", golden["source_text"].toString(),
                                "--target", golden["target_text"].toString(), "--stack", "cross", "--layer", "0",
                                "--head", "3"});
    CLI_CHECK(r, 0);
    CLI_JSON(out, r);
    QCOMPARE(out["stack"].toString(), QStringLiteral("cross"));
    QCOMPARE(ints(out["query_token_ids"]), ints(golden["decoder_input_ids"]));
    QCOMPARE(ints(out["key_token_ids"]), ints(golden["source_ids"]));
    QVERIFY(hasShape(out["x"], t, dModel));
    QVERIFY(hasShape(out["memory"], s, dModel));
    QVERIFY(hasShape(out["q"], t, dModel / heads));
    QVERIFY(hasShape(out["k"], s, dModel / heads));
    QVERIFY(hasShape(out["v"], s, dModel / heads));
    const Matrix expected = matrix(golden["cross_attentions"].toArray()[0].toArray()[3]);
    const QString error = difference(matrix(out["weights"]), expected, "weights");
    QVERIFY2(error.isEmpty(), qPrintable(error));
}

void TestCliTranslate::predictNextTargetToken_data() {
    QTest::addColumn<QString>("fixture");
    QTest::addColumn<QString>("caseName");
    for (const QString& fixture : kMarianFixtures)
        QTest::addRow("%s danish", qPrintable(fixture)) << fixture << QStringLiteral("danish");
    QTest::newRow("marian_f32 long_danish") << QStringLiteral("marian_f32") << QStringLiteral("long_danish");
}

// predict --target: the next target token after the decoder's last row, the golden's top ids at
// the last decoder position; the JSON's tokens are the decoder's rows, the source beside them.
void TestCliTranslate::predictNextTargetToken() {
    QFETCH(QString, fixture);
    QFETCH(QString, caseName);
    const QJsonObject golden = goldenCase(fixture, caseName);
    const CliResult r = runCli({"predict", "--model", seq2seqFixture(fixture), "--text", golden["source_text"].toString(),
                                "--target", golden["target_text"].toString(), "--top", "5", "--format", "json"});
    CLI_CHECK(r, 0);
    CLI_JSON(out, r);
    const QList<int> rows = ints(golden["decoder_input_ids"]);
    QCOMPARE(ints(out["token_ids"]), rows);
    QCOMPARE(ints(out["source_ids"]), ints(golden["source_ids"]));
    QCOMPARE(out["position"].toInt(), int(rows.size() - 1));
    QCOMPARE(out["target_text"].toString(), golden["target_text"].toString());
    QList<int> top;
    QList<double> logits;
    for (const QJsonValue& t : out["top"].toArray()) {
        top << t.toObject()["id"].toInt();
        logits << t.toObject()["logit"].toDouble();
    }
    QCOMPARE(top, ints(golden["logits_last"].toObject()["top_ids"]));
    const QJsonArray values = golden["logits_last"].toObject()["top_values"].toArray();
    for (int i = 0; i < logits.size(); ++i)
        QVERIFY2(std::abs(logits[i] - values[i].toDouble()) <= kTolerance, qPrintable(QString::number(i)));
}

// --ablate with stacks: a head without one is a cross-attention head (the JSON says so); an
// encoder head switched off leaves its own layer's weights as they were and changes the next
// layer's (later layers see the change), and the cross stack's.
void TestCliTranslate::ablationStacks() {
    const QJsonObject golden = goldenCase(QStringLiteral("marian_f32"), QStringLiteral("english"));
    const QStringList args{"attention", "--model", seq2seqFixture("marian_f32"), "--text",
                           golden["source_text"].toString(), "--target", golden["target_text"].toString()};
    const CliResult plain = runCli(args + QStringList{"--ablate", "0.1"});
    const CliResult cross = runCli(args + QStringList{"--ablate", "cross:0.1"});
    CLI_CHECK(plain, 0);
    CLI_CHECK(cross, 0);
    QCOMPARE(plain.out, cross.out);
    CLI_JSON(crossOut, cross);
    QCOMPARE(crossOut["ablations"].toString(), QStringLiteral("cross:0.1"));

    const CliResult encoder = runCli(args + QStringList{"--stack", "encoder", "--ablate", "encoder:0.1:mean"});
    CLI_CHECK(encoder, 0);
    CLI_JSON(encoderOut, encoder);
    QCOMPARE(encoderOut["ablations"].toString(), QStringLiteral("encoder:0.1:mean"));
    const QJsonArray layers = encoderOut["attention"].toArray();
    const QJsonArray expected = golden["encoder_attentions"].toArray();
    QCOMPARE(maxDifference(layers[0].toArray(), expected[0].toArray()) <= kTolerance, true);
    QVERIFY2(maxDifference(layers[1].toArray(), expected[1].toArray()) > 1e-3, "layer 1 did not see the ablation");

    const CliResult crossAfterEncoder = runCli(args + QStringList{"--ablate", "encoder:0.1"});
    CLI_CHECK(crossAfterEncoder, 0);
    CLI_JSON(crossAfterOut, crossAfterEncoder);
    QVERIFY(maxDifference(crossAfterOut["attention"].toArray(), golden["cross_attentions"].toArray()) > 1e-3);
}

// --words with cross-attention merges each axis's own pieces: target words down, source words
// across; attention to a word is the sum over its pieces, from a word the mean over its pieces
// (Clark et al. 2019), computed here from transformers' piece weights.
void TestCliTranslate::wordsOfCrossAttention() {
    const QJsonObject golden = goldenCase(QStringLiteral("marian_f32"), QStringLiteral("long_danish"));
    const QStringList args{"attention", "--model", seq2seqFixture("marian_f32"), "--text",
                           golden["source_text"].toString(), "--target", golden["target_text"].toString(),
                           "--layer", "0", "--head", "2"};
    const CliResult pieces = runCli(args);
    const CliResult words = runCli(args + QStringList{"--words"});
    CLI_CHECK(pieces, 0);
    CLI_CHECK(words, 0);
    CLI_JSON(pieceOut, pieces);
    CLI_JSON(wordOut, words);
    // Each word token is its pieces joined by spaces (SentencePiece pieces have none): the
    // groups of consecutive pieces, per axis.
    const auto groups = [](const QStringList& merged, const QStringList& all) {
        std::vector<std::vector<int>> out;
        int next = 0;
        for (const QString& word : merged) {
            out.emplace_back();
            for (const QString& piece : word.split(QLatin1Char(' '))) {
                if (all.value(next) != piece)
                    return std::vector<std::vector<int>>{};
                out.back().push_back(next++);
            }
        }
        return next == all.size() ? out : std::vector<std::vector<int>>{};
    };
    const auto rows = groups(strings(wordOut["query_tokens"]), strings(pieceOut["query_tokens"]));
    const auto cols = groups(strings(wordOut["key_tokens"]), strings(pieceOut["key_tokens"]));
    QVERIFY2(!rows.empty() && !cols.empty(), "word tokens are not the pieces in order");
    QVERIFY(rows.size() < size_t(strings(pieceOut["query_tokens"]).size()));  // some pieces merged
    QVERIFY(cols.size() < size_t(strings(pieceOut["key_tokens"]).size()));
    const QJsonArray head = golden["cross_attentions"].toArray()[0].toArray()[2].toArray();
    Matrix expected;
    for (const std::vector<int>& row : rows) {
        QList<double> line;
        for (const std::vector<int>& col : cols) {
            double sum = 0;
            for (int q : row)
                for (int k : col)
                    sum += head[q].toArray()[k].toDouble();
            line << sum / double(row.size());
        }
        expected << line;
    }
    const QString error = difference(matrix(wordOut["attention"].toArray()[0].toArray()[0]), expected, "words");
    QVERIFY2(error.isEmpty(), qPrintable(error));
}

void TestCliTranslate::info_data() {
    QTest::addColumn<QString>("fixture");
    for (const QString& fixture : kMarianFixtures)
        QTest::newRow(qPrintable(fixture)) << fixture;
}

// info: each stack's layers and heads as config.json has them, both vocabularies, the decoder
// start token and the generation settings of generation_config.json.
void TestCliTranslate::info() {
    QFETCH(QString, fixture);
    const QJsonObject config = configOf(fixture);
    QFile file(seq2seqFixture(fixture) + QStringLiteral("/generation_config.json"));
    QVERIFY(file.open(QIODevice::ReadOnly));
    const QJsonObject generation = QJsonDocument::fromJson(file.readAll()).object();

    const CliResult json = runCli({"info", "--model", seq2seqFixture(fixture), "--format", "json"});
    CLI_CHECK(json, 0);
    CLI_JSON(out, json);
    QMap<QString, QPair<int, int>> stacks;
    for (const QJsonValue& s : out["stacks"].toArray())
        stacks[s.toObject()["stack"].toString()] = {s.toObject()["layers"].toInt(), s.toObject()["heads"].toInt()};
    QCOMPARE(stacks.size(), 3);
    QCOMPARE(stacks["encoder"], qMakePair(config["encoder_layers"].toInt(), config["encoder_attention_heads"].toInt()));
    QCOMPARE(stacks["decoder"], qMakePair(config["decoder_layers"].toInt(), config["decoder_attention_heads"].toInt()));
    QCOMPARE(stacks["cross"], qMakePair(config["decoder_layers"].toInt(), config["decoder_attention_heads"].toInt()));
    QCOMPARE(out["vocab_size"].toInt(), config["vocab_size"].toInt());
    QCOMPARE(out["target_vocab_size"].toInt(), config["decoder_vocab_size"].toInt(config["vocab_size"].toInt()));
    QCOMPARE(out["decoder_start_token_id"].toInt(), generation["decoder_start_token_id"].toInt());
    const QJsonObject settings = out["generation"].toObject();
    QCOMPARE(settings["decoding"].toString(), QStringLiteral("greedy"));
    QCOMPARE(settings["num_beams"].toInt(), generation["num_beams"].toInt());
    QCOMPARE(settings["max_new_tokens"].toInt(), generation["max_length"].toInt());
    QCOMPARE(settings["eos_token_id"].toInt(), generation["eos_token_id"].toInt());
    QCOMPARE(settings["forced_eos_token_id"].toInt(), generation["forced_eos_token_id"].toInt());
    QCOMPARE(settings["bad_words_ids"].toArray(), generation["bad_words_ids"].toArray());

    const CliResult text = runCli({"info", "--model", seq2seqFixture(fixture)});
    CLI_CHECK(text, 0);
    const QString t = QString::fromUtf8(text.out);
    QVERIFY2(t.contains(QStringLiteral("encoder  %1 layer").arg(config["encoder_layers"].toInt())), qPrintable(t));
    QVERIFY2(t.contains(QStringLiteral("decoder  %1 layer").arg(config["decoder_layers"].toInt())), qPrintable(t));
    QVERIFY2(t.contains(QStringLiteral("cross    %1 layer").arg(config["decoder_layers"].toInt())), qPrintable(t));
    QVERIFY2(t.contains(QStringLiteral("(%1)\n").arg(generation["decoder_start_token_id"].toInt())), qPrintable(t));
    QVERIFY2(t.contains(QStringLiteral("at most %1 new tokens").arg(generation["max_length"].toInt())), qPrintable(t));
    QVERIFY2(t.contains(config["share_encoder_decoder_embeddings"].toBool(true) ? QStringLiteral("one shared vocabulary")
                                                                               : QStringLiteral("separate vocabularies")),
             qPrintable(t));
}

void TestCliTranslate::refusals_data() {
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<int>("exitCode");
    QTest::addColumn<QStringList>("words");
    const QStringList marian{"--model", seq2seqFixture("marian_f32"), "--text", "Hej verden."};
    const QStringList teaching{"--model", "builtin:teaching", "--text", "the cat sat"};
    QTest::newRow("unknown stack") << QStringList{"attention", "--stack", "middle"} + marian << 2
                                   << QStringList{"--stack", "'middle'", "encoder", "decoder", "cross"};
    QTest::newRow("encoder model, cross stack") << QStringList{"attention", "--stack", "cross"} + teaching << 3
                                                << QStringList{"--stack", "cross", "encoder"};
    QTest::newRow("decoder model, encoder stack")
        << QStringList{"attention", "--causal", "--stack", "encoder"} + teaching << 3
        << QStringList{"--stack", "encoder", "decoder"};
    QTest::newRow("steps, encoder model, decoder stack")
        << QStringList{"steps", "--layer", "0", "--head", "0", "--stack", "decoder"} + teaching << 3
        << QStringList{"decoder", "encoder"};
    QTest::newRow("gpt2, cross stack")
        << QStringList{"attention", "--model", fixturePath("models/gpt2_f32"), "--text", "hi", "--stack", "cross"} << 3
        << QStringList{"cross", "decoder"};
    QTest::newRow("--target on a one-stack model") << QStringList{"attention", "--target", "x"} + teaching << 3
                                                   << QStringList{"--target", "builtin:teaching"};
    QTest::newRow("--max-new-tokens on a one-stack model")
        << QStringList{"attention", "--max-new-tokens", "3"} + teaching << 3 << QStringList{"--max-new-tokens"};
    QTest::newRow("translate with a one-stack model") << QStringList{"translate"} + teaching << 3
                                                      << QStringList{"translate", "builtin:teaching"};
    QTest::newRow("--ablate naming a stack the model lacks")
        << QStringList{"attention", "--ablate", "cross:0.1"} + teaching << 3 << QStringList{"cross:0.1", "encoder"};
    QTest::newRow("--ablate misspelt stack") << QStringList{"attention", "--ablate", "crosss:0.1"} + marian << 2
                                             << QStringList{"crosss"};
    QTest::newRow("--max-new-tokens with --target")
        << QStringList{"attention", "--target", "Hello", "--max-new-tokens", "3"} + marian << 2
        << QStringList{"--max-new-tokens", "--target"};
    QTest::newRow("layer of another stack") << QStringList{"attention", "--stack", "decoder", "--layer", "1"} + marian
                                            << 3 << QStringList{"--layer", "decoder", "0..0"};
    QTest::newRow("ablated head out of range") << QStringList{"attention", "--ablate", "decoder:1.0"} + marian << 3
                                               << QStringList{"decoder:1.0"};
    QTest::newRow("--target-lang, one target language") << QStringList{"translate", "--target-lang", "fr"} + marian
                                                        << 3 << QStringList{"--target-lang", "fr", "one language"};
    QTest::newRow("--source-lang with Marian") << QStringList{"translate", "--source-lang", "da"} + marian << 3
                                               << QStringList{"--source-lang", "da"};
    QTest::newRow("--target-lang with --ids")
        << QStringList{"translate", "--target-lang", "fr", "--model", seq2seqFixture("marian_f32"), "--ids", "5,0"} << 2
        << QStringList{"--target-lang", "--ids"};
    QTest::newRow("--stack with translate") << QStringList{"translate", "--stack", "cross"} + marian << 2
                                            << QStringList{"--stack", "translate"};
    QTest::newRow("--pair with translate") << QStringList{"translate", "--pair", "x"} + marian << 2
                                           << QStringList{"--pair"};
}

void TestCliTranslate::refusals() {
    QFETCH(QStringList, args);
    QFETCH(int, exitCode);
    QFETCH(QStringList, words);
    checkError(runCli(args), exitCode, words);
}

void TestCliTranslate::oneStackUnchanged_data() {
    QTest::addColumn<QStringList>("plain");
    QTest::addColumn<QStringList>("named");
    const QStringList teaching{"--model", "builtin:teaching", "--text", "the cat sat on the mat"};
    const QStringList causal = teaching + QStringList{"--causal"};
    const QStringList gpt2{"--model", fixturePath("models/gpt2_f32"), "--text", "the cat sat"};
    QTest::newRow("encoder model, --stack encoder") << QStringList{"attention"} + teaching
                                                    << QStringList{"attention", "--stack", "encoder"} + teaching;
    QTest::newRow("decoder model, --stack decoder") << QStringList{"attention", "--format", "csv"} + causal
                                                    << QStringList{"attention", "--format", "csv", "--stack", "decoder"} + causal;
    QTest::newRow("gpt2 npy, --stack decoder") << QStringList{"attention", "--format", "npy"} + gpt2
                                               << QStringList{"attention", "--format", "npy", "--stack", "decoder"} + gpt2;
    QTest::newRow("--ablate encoder:L.H is L.H") << QStringList{"attention", "--ablate", "1.2:mean"} + teaching
                                                 << QStringList{"attention", "--ablate", "encoder:1.2:mean"} + teaching;
    QTest::newRow("steps, --stack encoder") << QStringList{"steps", "--layer", "1", "--head", "0"} + teaching
                                            << QStringList{"steps", "--layer", "1", "--head", "0", "--stack", "encoder"} + teaching;
    QTest::newRow("predict --ablate decoder:L.H")
        << QStringList{"predict", "--ablate", "0.1", "--format", "json"} + gpt2
        << QStringList{"predict", "--ablate", "decoder:0.1", "--format", "json"} + gpt2;
}

// A one-stack model may name its own stack: the output is byte for byte that without it (and
// without any of this work: "tokens" and no "stack" key, ablations written as L.H).
void TestCliTranslate::oneStackUnchanged() {
    QFETCH(QStringList, plain);
    QFETCH(QStringList, named);
    const CliResult a = runCli(plain);
    const CliResult b = runCli(named);
    CLI_CHECK(a, 0);
    CLI_CHECK(b, 0);
    QCOMPARE(b.out, a.out);
    QVERIFY(!a.out.isEmpty());
    QVERIFY(!a.out.contains("\"stack\"") && !a.out.contains("query_tokens") && !a.out.contains("encoder:"));
}

void TestCliTranslate::help() {
    const CliResult r = runCli({"help", "translate"});
    CLI_CHECK(r, 0);
    for (const char* word : {"translate", "--target-lang", "--max-new-tokens", "target_ids", "source_ids", "translation"})
        QVERIFY2(mentions(QString::fromUtf8(r.out), QString::fromLatin1(word)), word);
    const CliResult attention = runCli({"help", "attention"});
    for (const char* word : {"--stack", "--target", "cross", "query_tokens", "key_token_ids", "cross:3.1"})
        QVERIFY2(mentions(QString::fromUtf8(attention.out), QString::fromLatin1(word)), word);
}

// A Marian model with several target languages (marian_f32 with two pieces of its vocabulary
// renamed >>eng<< and >>dan<<, as opus-mt-*-mul vocabularies hold them): info lists the codes,
// translate --target-lang puts the code's id before the text's, as MarianTokenizer does with
// ">>dan<< text", and an unknown code is refused naming the ones there are.
void TestCliTranslate::targetLanguages() {
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString source = seq2seqFixture(QStringLiteral("marian_f32"));
    for (const QString& name : QDir(source).entryList(QDir::Files))
        if (name != QLatin1String("vocab.json"))
            QVERIFY(QFile::copy(source + QLatin1Char('/') + name, dir.filePath(name)));
    QJsonObject vocab = QJsonDocument::fromJson(readFile(source + QStringLiteral("/vocab.json"))).object();
    const int eng = vocab.take(QStringLiteral("tte")).toInt(), dan = vocab.take(QStringLiteral("kle")).toInt();
    QCOMPARE(eng, 274);
    QCOMPARE(dan, 275);
    vocab.insert(QStringLiteral(">>eng<<"), eng);
    vocab.insert(QStringLiteral(">>dan<<"), dan);
    QVERIFY(writeFile(dir.filePath(QStringLiteral("vocab.json")), QJsonDocument(vocab).toJson()));

    const CliResult info = runCli({"info", "--model", dir.path(), "--format", "json"});
    CLI_CHECK(info, 0);
    CLI_JSON(infoOut, info);
    QCOMPARE(strings(infoOut["target_languages"]), (QStringList{">>eng<<", ">>dan<<"}));

    const QJsonObject golden = goldenCase(QStringLiteral("marian_f32"), QStringLiteral("danish"));
    for (const QString& code : {QStringLiteral("dan"), QStringLiteral(">>dan<<")}) {
        const CliResult r = runCli({"translate", "--model", dir.path(), "--text", golden["source_text"].toString(),
                                    "--target-lang", code, "--format", "json"});
        CLI_CHECK(r, 0);
        CLI_JSON(out, r);
        QCOMPARE(ints(out["source_ids"]), QList<int>{dan} + ints(golden["source_ids"]));
        QCOMPARE(strings(out["source_tokens"]).value(0), QStringLiteral(">>dan<<"));
        QCOMPARE(ints(out["target_ids"]).size() > 0, true);
    }
    checkError(runCli({"translate", "--model", dir.path(), "--text", "Hej", "--target-lang", "fra"}), 3,
               {"--target-lang", "fra", ">>eng<<", ">>dan<<"});
}

void TestCliTranslate::exportAllOfStack_data() {
    QTest::addColumn<QString>("stack");
    for (const char* stack : {"encoder", "decoder", "cross"})
        QTest::newRow(stack) << QString::fromLatin1(stack);
}

// export-all (through the rendering module) draws and writes the stack asked for: one image per
// head of that stack, and its attention.npy is that stack's (L, H, T, S) weights under --target.
// render writes the image of one of its heads.
void TestCliTranslate::exportAllOfStack() {
#ifndef HEADMAP_CLI_CAN_RENDER
    QSKIP("built without the GUI libraries: no rendering module");
#else
    QFETCH(QString, stack);
    const QJsonObject golden = goldenCase(QStringLiteral("marian_sep_vocab_bf16"), QStringLiteral("english"));
    const QJsonArray expected = golden[stack + QStringLiteral("_attentions")].toArray();
    const int layers = int(expected.size()), heads = int(expected[0].toArray().size());
    const int t = int(ints(golden["decoder_input_ids"]).size()), s = int(ints(golden["source_ids"]).size());
    const int rows = stack == QLatin1String("encoder") ? s : t;
    const int cols = stack == QLatin1String("decoder") ? t : s;
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QStringList model{"--model", seq2seqFixture("marian_sep_vocab_bf16"), "--text", golden["source_text"].toString(),
                            "--target", golden["target_text"].toString(), "--stack", stack};
    const CliResult r = runCli(QStringList{"export-all", "--outdir", dir.path(), "--format", "svg"} + model);
    CLI_CHECK(r, 0);
    for (int l = 0; l < layers; ++l)
        for (int h = 0; h < heads; ++h)
            QVERIFY2(QFile::exists(dir.filePath(QStringLiteral("layer%1_head%2.svg").arg(l).arg(h))), qPrintable(r.out));
    QVERIFY(!QFile::exists(dir.filePath(QStringLiteral("layer%1_head0.svg").arg(layers))));
    const Npy npy = parseNpy(readFile(dir.filePath(QStringLiteral("attention.npy"))));
    QCOMPARE(npy.shape, (QList<int>{layers, heads, rows, cols}));
    double worst = 0;
    for (int l = 0; l < layers; ++l)
        for (int h = 0; h < heads; ++h)
            for (int q = 0; q < rows; ++q)
                for (int k = 0; k < cols; ++k) {
                    float value;
                    std::memcpy(&value, npy.data.constData() + 4 * (((qsizetype(l) * heads + h) * rows + q) * cols + k), 4);
                    worst = std::max(worst, std::abs(double(value) - expected[l].toArray()[h].toArray()[q].toArray()[k].toDouble()));
                }
    QVERIFY2(worst <= kTolerance, qPrintable(QString::number(worst)));

    const QString png = dir.filePath(QStringLiteral("one.png"));
    const CliResult one = runCli(QStringList{"render", "--layer", QString::number(layers - 1), "--head", "1",
                                             "--output", png} + model);
    CLI_CHECK(one, 0);
    QVERIFY(readFile(png).startsWith("\x89PNG"));
#endif
}

QTEST_GUILESS_MAIN(TestCliTranslate)
#include "tst_clitranslate.moc"
