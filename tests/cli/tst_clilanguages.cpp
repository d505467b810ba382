// headmap-cli's --source-lang and --target-lang, run as a real process, on the M2M100 fixture
// with the Hub's tokenizer files (tests/fixtures/seq2seq/m2m_100_lang_f32; its golden.json comes
// from transformers' own M2M100Tokenizer, M2M100ForConditionalGeneration and
// generate(forced_bos_token_id=tokenizer.get_lang_id(tgt_lang)), see make_language_fixtures.py):
// info lists the languages and defaults; translate, attention --target, predict --target, steps
// and export-all read the text in the chosen languages, codes given as written or bare; without
// --target-lang generation_config.json decides; unknown codes, codes for models without any, and
// --source-lang with --ids are refused naming what to do. tokenize --source-lang gives the source
// ids translate reads (M2M100, NLLB, mBART-50).

#include <QDir>
#include <QTemporaryDir>
#include <QtTest>

#include "CliProcess.h"

namespace {

constexpr double kTolerance = 1e-4;

QString fixture() {
    return fixturePath(QStringLiteral("seq2seq/m2m_100_lang_f32"));
}

QJsonObject goldenFile() {
    QFile file(fixture() + QStringLiteral("/golden.json"));
    return file.open(QIODevice::ReadOnly) ? QJsonDocument::fromJson(file.readAll()).object() : QJsonObject{};
}

QJsonObject goldenCase(const QString& name) {
    for (const QJsonValue& c : goldenFile().value("cases").toArray())
        if (c.toObject().value("name").toString() == name)
            return c.toObject();
    return {};
}

// The case's languages as options: bare ("da") or as written ("__da__").
QStringList languageOptions(const QJsonObject& c, bool asWritten) {
    QStringList options;
    for (const auto& [option, key] : {std::pair{"--source-lang", "src_lang"}, std::pair{"--target-lang", "tgt_lang"}}) {
        if (!c.value(QLatin1String(key)).isString())
            continue;
        const QString code = c.value(QLatin1String(key)).toString();
        options << QLatin1String(option) << (asWritten ? QStringLiteral("__%1__").arg(code) : code);
    }
    return options;
}

QList<int> tail(QList<int> ids) {  // generated ids after the decoder start token
    if (!ids.isEmpty())
        ids.removeFirst();
    return ids;
}

double maxDifference(const QJsonArray& actual, const QJsonArray& expected) {
    if (actual.size() != expected.size())
        return -1;
    double worst = 0;
    for (qsizetype i = 0; i < actual.size(); ++i) {
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

}  // namespace

class TestCliLanguages : public QObject {
    Q_OBJECT

private slots:
    void info();
    void translate_data();
    void translate();
    void translateWithDefaults();
    void attentionUnderTeacherForcing();
    void predictAndSteps();
    void idsWithTargetLanguage();
    void tokenizerJsonFamilies_data();
    void tokenizerJsonFamilies();
    void tokenizeInSourceLanguage_data();
    void tokenizeInSourceLanguage();
    void refusals_data();
    void refusals();
};

void TestCliLanguages::info() {
    const CliResult r = runCli({"info", "--model", fixture(), "--format", "json"});
    CLI_CHECK(r, 0);
    CLI_JSON(out, r);
    const QStringList sources = strings(out["source_languages"]);
    QCOMPARE(sources.size(), 100);
    QCOMPARE(sources.value(15), QStringLiteral("__da__"));
    QCOMPARE(strings(out["target_languages"]), sources);
    QCOMPARE(out["default_source_language"].toString(), QStringLiteral("__en__"));
    QVERIFY(out["default_target_language"].isNull());
    const CliResult text = runCli({"info", "--model", fixture()});
    CLI_CHECK(text, 0);
    for (const char* words : {"source langs", "__da__", "--source-lang; default __en__", "--target-lang; default none"})
        QVERIFY2(mentions(QString::fromUtf8(text.out), QString::fromLatin1(words)), words);
}

void TestCliLanguages::translate_data() {
    QTest::addColumn<QString>("name");
    QTest::addColumn<bool>("asWritten");
    for (const QJsonValue& c : goldenFile().value("cases").toArray()) {
        const QString name = c.toObject().value("name").toString();
        QTest::addRow("%s, bare codes", qPrintable(name)) << name << false;
        QTest::addRow("%s, codes as written", qPrintable(name)) << name << true;
    }
}

void TestCliLanguages::translate() {
    QFETCH(QString, name);
    QFETCH(bool, asWritten);
    const QJsonObject golden = goldenCase(name);
    const CliResult r = runCli(QStringList{"translate", "--model", fixture(), "--text", golden["source_text"].toString(),
                                           "--format", "json"} + languageOptions(golden, asWritten));
    CLI_CHECK(r, 0);
    CLI_JSON(out, r);
    QCOMPARE(ints(out["source_ids"]), ints(golden["source_ids"]));
    QCOMPARE(ints(out["target_ids"]), tail(ints(golden["generated_ids"])));
    QCOMPARE(ints(out["target_ids"]).value(0), golden["forced_bos_token_id"].toInt());
}

void TestCliLanguages::translateWithDefaults() {
    // No language given: the source in "en" (tokenizer_config.json's src_lang is null), and
    // generation_config.json forces no first token.
    const QJsonObject d = goldenFile()["notes"].toObject()["default_generation"].toObject();
    const CliResult r = runCli({"translate", "--model", fixture(), "--text", d["source_text"].toString(), "--format",
                                "json"});
    CLI_CHECK(r, 0);
    CLI_JSON(out, r);
    QCOMPARE(ints(out["source_ids"]), ints(d["source_ids"]));
    QCOMPARE(ints(out["target_ids"]), tail(ints(d["generated_ids"])));
}

void TestCliLanguages::attentionUnderTeacherForcing() {
    const QJsonObject golden = goldenCase(QStringLiteral("da_to_zh"));
    for (const char* stack : {"encoder", "decoder", "cross"}) {
        const CliResult r = runCli(QStringList{"attention", "--model", fixture(), "--text",
                                               golden["source_text"].toString(), "--target",
                                               golden["target_text"].toString(), "--stack", stack} +
                                   languageOptions(golden, false));
        CLI_CHECK(r, 0);
        CLI_JSON(out, r);
        QCOMPARE(ints(out["key_token_ids"]),
                 ints(golden[QLatin1String(stack) == QLatin1String("decoder") ? "decoder_input_ids" : "source_ids"]));
        const double difference = maxDifference(out["attention"].toArray(),
                                                golden[QLatin1String(stack) + QStringLiteral("_attentions")].toArray());
        QVERIFY2(difference >= 0 && difference <= kTolerance, qPrintable(QString::number(difference)));
    }
    // Without --target the rows are what the model generated in the target language.
    const CliResult generated = runCli(QStringList{"attention", "--model", fixture(), "--text",
                                                   golden["source_text"].toString(), "--layer", "0", "--head", "0"} +
                                       languageOptions(golden, false));
    CLI_CHECK(generated, 0);
    CLI_JSON(out, generated);
    QCOMPARE(ints(out["generated_ids"]), tail(ints(golden["generated_ids"])));
}

void TestCliLanguages::predictAndSteps() {
    const QJsonObject golden = goldenCase(QStringLiteral("en_to_da"));
    const CliResult r = runCli(QStringList{"predict", "--model", fixture(), "--text", golden["source_text"].toString(),
                                           "--target", golden["target_text"].toString(), "--top", "5", "--format",
                                           "json"} + languageOptions(golden, false));
    CLI_CHECK(r, 0);
    CLI_JSON(out, r);
    QCOMPARE(ints(out["token_ids"]), ints(golden["decoder_input_ids"]));
    QCOMPARE(ints(out["source_ids"]), ints(golden["source_ids"]));
    QCOMPARE(out["top"].toArray().first().toObject()["id"].toInt(),
             golden["logits_last"].toObject()["top_ids"].toArray().first().toInt());
    const CliResult steps = runCli(QStringList{"steps", "--model", fixture(), "--text", golden["source_text"].toString(),
                                               "--target", golden["target_text"].toString(), "--layer", "0", "--head",
                                               "1"} + languageOptions(golden, true));
    CLI_CHECK(steps, 0);
    CLI_JSON(stepsOut, steps);
    QCOMPARE(ints(stepsOut["key_token_ids"]), ints(golden["source_ids"]));
    QCOMPARE(ints(stepsOut["query_token_ids"]), ints(golden["decoder_input_ids"]));
}

void TestCliLanguages::idsWithTargetLanguage() {
    // --ids hold the source language's token; the target language is still chosen (forced first).
    const QJsonObject golden = goldenCase(QStringLiteral("da_to_en"));
    QStringList ids;
    for (int id : ints(golden["source_ids"]))
        ids << QString::number(id);
    const CliResult r = runCli({"translate", "--model", fixture(), "--ids", ids.join(','), "--target-lang", "en",
                                "--format", "json"});
    CLI_CHECK(r, 0);
    CLI_JSON(out, r);
    QCOMPARE(ints(out["target_ids"]), tail(ints(golden["generated_ids"])));
}

// NLLB's and mBART-50's tokenizer.json layouts (nllb_lang_f32, mbart_50_lang_f32: ids from the
// Rust library with the language template of NllbTokenizer / MBart50Tokenizer, generation from
// transformers' classes), codes given bare where they are unambiguous.
void TestCliLanguages::tokenizerJsonFamilies_data() {
    QTest::addColumn<QString>("fixture");
    QTest::addColumn<QString>("caseName");
    QTest::addColumn<QString>("source");
    QTest::addColumn<QString>("target");
    QTest::newRow("nllb, bare codes") << "nllb_lang_f32" << "da_to_zh" << "dan" << "zho_Hans";
    QTest::newRow("nllb, as written") << "nllb_lang_f32" << "zh_to_fr" << "zho_Hans" << "fra_Latn";
    QTest::newRow("mbart-50, bare codes") << "mbart_50_lang_f32" << "en_to_zh" << "en" << "zh";
    QTest::newRow("mbart-50, as written") << "mbart_50_lang_f32" << "zh_to_de" << "zh_CN" << "de_DE";
}

void TestCliLanguages::tokenizerJsonFamilies() {
    QFETCH(QString, fixture);
    QFETCH(QString, caseName);
    QFETCH(QString, source);
    QFETCH(QString, target);
    const QString folder = fixturePath(QStringLiteral("seq2seq/") + fixture);
    QFile file(folder + QStringLiteral("/golden.json"));
    QVERIFY(file.open(QIODevice::ReadOnly));
    QJsonObject golden;
    for (const QJsonValue& c : QJsonDocument::fromJson(file.readAll()).object().value("cases").toArray())
        if (c.toObject().value("name").toString() == caseName)
            golden = c.toObject();
    QVERIFY(!golden.isEmpty());
    const CliResult r = runCli({"translate", "--model", folder, "--text", golden["source_text"].toString(),
                                "--source-lang", source, "--target-lang", target, "--format", "json"});
    CLI_CHECK(r, 0);
    CLI_JSON(out, r);
    QCOMPARE(ints(out["source_ids"]), ints(golden["source_ids"]));
    QCOMPARE(ints(out["target_ids"]), tail(ints(golden["generated_ids"])));
    const CliResult forced = runCli({"predict", "--model", folder, "--text", golden["source_text"].toString(),
                                     "--target", golden["target_text"].toString(), "--source-lang", source,
                                     "--target-lang", target, "--format", "json"});
    CLI_CHECK(forced, 0);
    CLI_JSON(predicted, forced);
    QCOMPARE(ints(predicted["token_ids"]), ints(golden["decoder_input_ids"]));
    // tokenize --source-lang: the source as translate reads it.
    const CliResult tokens = runCli({"tokenize", "--model", folder, "--text", golden["source_text"].toString(),
                                     "--source-lang", source, "--format", "json"});
    CLI_CHECK(tokens, 0);
    QCOMPARE(ints(tokens.json().value("token_ids")), ints(golden["source_ids"]));
}

// tokenize --source-lang on the M2M100 fixture: transformers' M2M100Tokenizer with src_lang set.
void TestCliLanguages::tokenizeInSourceLanguage_data() {
    QTest::addColumn<QJsonObject>("golden");
    int rows = 0;
    for (const QJsonValue& c : goldenFile().value("cases").toArray()) {
        if (!c.toObject().value("src_lang").isString())
            continue;
        QTest::newRow(qPrintable(c.toObject().value("name").toString())) << c.toObject();
        ++rows;
    }
    QVERIFY(rows > 0);
}

void TestCliLanguages::tokenizeInSourceLanguage() {
    QFETCH(QJsonObject, golden);
    for (const bool asWritten : {false, true}) {
        const QString code = golden["src_lang"].toString();
        const CliResult r = runCli({"tokenize", "--model", fixture(), "--text", golden["source_text"].toString(),
                                    "--source-lang", asWritten ? QStringLiteral("__%1__").arg(code) : code,
                                    "--format", "json"});
        CLI_CHECK(r, 0);
        QCOMPARE(ints(r.json().value("token_ids")), ints(golden["source_ids"]));
    }
}

void TestCliLanguages::refusals_data() {
    QTest::addColumn<QStringList>("arguments");
    QTest::addColumn<int>("exitCode");
    QTest::addColumn<QStringList>("words");
    const QStringList m2m{"--model", fixture(), "--text", "Hej"};
    QTest::newRow("unknown target") << QStringList{"translate", "--target-lang", "xx"} + m2m << 3
                                    << QStringList{"--target-lang xx", "target language 'xx'", "__af__", "(100 in all)"};
    QTest::newRow("unknown source") << QStringList{"attention", "--source-lang", "klingon"} + m2m << 3
                                    << QStringList{"--source-lang klingon", "__af__"};
    QTest::newRow("target text without a target language")
        << QStringList{"attention", "--target", "Hello"} + m2m << 3 << QStringList{"tgt_lang"};
    QTest::newRow("--source-lang with --ids")
        << QStringList{"translate", "--model", fixture(), "--ids", "714,5,2", "--source-lang", "da"} << 2
        << QStringList{"--source-lang", "--ids"};
    QTest::newRow("tokenize --source-lang with --ids")
        << QStringList{"tokenize", "--model", fixture(), "--ids", "714,5,2", "--source-lang", "da"} << 2
        << QStringList{"--source-lang", "--ids"};
    QTest::newRow("tokenize, unknown source") << QStringList{"tokenize", "--source-lang", "klingon"} + m2m << 3
                                              << QStringList{"source language 'klingon'", "__af__"};
    const QStringList marian{"--model", fixturePath(QStringLiteral("seq2seq/marian_f32")), "--text", "Hej"};
    QTest::newRow("tokenize, no languages to choose") << QStringList{"tokenize", "--source-lang", "da"} + marian << 3
                                                      << QStringList{"takes no source language code ('da')"};
    QTest::newRow("no languages to choose") << QStringList{"attention", "--source-lang", "da"} + marian << 3
                                            << QStringList{"--source-lang da", "no source language to choose"};
    QTest::newRow("one-stack model") << QStringList{"attention", "--model", "builtin:teaching", "--text", "The cat",
                                                    "--target-lang", "da"}
                                     << 3 << QStringList{"--target-lang da", "not an encoder–decoder model", "leave out the target language"};
}

void TestCliLanguages::refusals() {
    QFETCH(QStringList, arguments);
    QFETCH(int, exitCode);
    QFETCH(QStringList, words);
    checkError(runCli(arguments), exitCode, words);
}

QTEST_GUILESS_MAIN(TestCliLanguages)
#include "tst_clilanguages.moc"
