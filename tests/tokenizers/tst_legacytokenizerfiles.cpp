// Folders without tokenizer.json: vocab.txt (BERT, DistilBERT) and vocab.json + merges.txt
// (GPT-2, RoBERTa) give exactly the ids of the matching tokenizer.json on every golden string;
// tokenizer_config.json and special_tokens_map.json change what transformers would change; and
// missing or malformed files are refused with a message naming the file.

#include <QtTest>

#include "core/HeadmapError.h"
#include "tokenizers/HfTokenizerLoader.h"
#include "TokenGolden.h"
#include "TestFiles.h"

using namespace headmap;
using namespace tokentest;

Q_DECLARE_METATYPE(std::vector<int>)

namespace {

using testsupport::writeFile;

QString u(const char* text) {
    return QString::fromUtf8(text);
}

QStringList words(const char* spaced) {
    return u(spaced).split(QLatin1Char(' '), Qt::SkipEmptyParts);
}

struct LegacyFixture {
    const char* folder;     // tests/fixtures/tokenizers/<folder>
    const char* golden;     // the tokenizer.json twin and its golden file
    const char* modelType;  // config.json's model_type
};

// bert-base-cased-legacy is read as "distilbert": the same files, the same tokenizer.
const LegacyFixture kFixtures[] = {
    {"bert-base-uncased-legacy", "bert-base-uncased", "bert"},
    {"bert-base-cased-legacy", "bert-base-cased", "distilbert"},
    {"gpt2-legacy", "gpt2", "gpt2"},
    {"roberta-legacy", "roberta", "roberta"},
};

void copyFixture(const QString& fixture, const QString& name, const QString& toFolder) {
    QFile::copy(QDir(fixtureFolder(fixture)).filePath(name), QDir(toFolder).filePath(name));
}

}  // namespace

class LegacyTokenizerFilesTest : public QObject {
    Q_OBJECT

private slots:
    void initTestCase();
    void matchesTokenizerJson_data();
    void matchesTokenizerJson();
    void pairsMatchTokenizerJson_data();
    void pairsMatchTokenizerJson();
    void sameVocabularyAsTokenizerJson();
    void modelTypeMayBeEmpty();
    void doLowerCaseFalse();
    void specialTokensMap();
    void gpt2Options();
    void missingFiles_data();
    void missingFiles();
    void malformedFiles_data();
    void malformedFiles();

private:
    QHash<QString, std::shared_ptr<Tokenizer>> m_legacy;
    QHash<QString, std::shared_ptr<Tokenizer>> m_json;
    QHash<QString, GoldenSet> m_golden;
};

void LegacyTokenizerFilesTest::initTestCase() {
    for (const LegacyFixture& fixture : kFixtures) {
        const QString folder = fixtureFolder(QLatin1String(fixture.folder));
        QVERIFY(!QFileInfo::exists(QDir(folder).filePath(QStringLiteral("tokenizer.json"))));
        m_legacy.insert(QLatin1String(fixture.folder),
                        loadHfTokenizer(folder, TokenizerLoadOptions{QLatin1String(fixture.modelType)}));
        m_json.insert(QLatin1String(fixture.folder),
                      loadHfTokenizer(fixtureFolder(QLatin1String(fixture.golden)), TokenizerLoadOptions{}));
        m_golden.insert(QLatin1String(fixture.folder), loadGolden(QLatin1String(fixture.golden)));
    }
}

void LegacyTokenizerFilesTest::matchesTokenizerJson_data() {
    QTest::addColumn<QString>("folder");
    QTest::addColumn<QString>("text");
    QTest::addColumn<std::vector<int>>("ids");
    QTest::addColumn<QStringList>("tokens");
    for (const LegacyFixture& fixture : kFixtures)
        for (const GoldenCase& c : m_golden[QLatin1String(fixture.folder)].cases)
            QTest::addRow("%s: %s", fixture.folder, qPrintable(c.name))
                << QString::fromLatin1(fixture.folder) << c.text << c.ids << c.tokens;
}

void LegacyTokenizerFilesTest::matchesTokenizerJson() {
    QFETCH(QString, folder);
    QFETCH(QString, text);
    QFETCH(std::vector<int>, ids);
    QFETCH(QStringList, tokens);
    const Encoding legacy = m_legacy[folder]->encode(text, true);
    QCOMPARE(joinIds(legacy.ids), joinIds(ids));
    QCOMPARE(joinTokens(legacy.tokens), joinTokens(tokens));
    const Encoding json = m_json[folder]->encode(text, true);
    QCOMPARE(legacy.displayTokens, json.displayTokens);
    QCOMPARE(legacy.special, json.special);
    QCOMPARE(joinIds(m_legacy[folder]->encode(text, false).ids), joinIds(m_json[folder]->encode(text, false).ids));
}

void LegacyTokenizerFilesTest::pairsMatchTokenizerJson_data() {
    QTest::addColumn<QString>("folder");
    QTest::addColumn<QString>("first");
    QTest::addColumn<QString>("second");
    QTest::addColumn<std::vector<int>>("ids");
    QTest::addColumn<std::vector<int>>("typeIds");
    for (const LegacyFixture& fixture : kFixtures)
        for (const GoldenCase& c : m_golden[QLatin1String(fixture.folder)].pairs)
            QTest::addRow("%s: %s", fixture.folder, qPrintable(c.name))
                << QString::fromLatin1(fixture.folder) << c.text << c.textPair << c.ids << c.typeIds;
}

void LegacyTokenizerFilesTest::pairsMatchTokenizerJson() {
    QFETCH(QString, folder);
    QFETCH(QString, first);
    QFETCH(QString, second);
    QFETCH(std::vector<int>, ids);
    QFETCH(std::vector<int>, typeIds);
    const Encoding pair = m_legacy[folder]->encodePair(first, second, true);
    QCOMPARE(joinIds(pair.ids), joinIds(ids));
    QCOMPARE(joinIds(typeIdsOf(pair)), joinIds(typeIds));
}

void LegacyTokenizerFilesTest::sameVocabularyAsTokenizerJson() {
    for (const LegacyFixture& fixture : kFixtures) {
        const Tokenizer& legacy = *m_legacy[QLatin1String(fixture.folder)];
        const Tokenizer& json = *m_json[QLatin1String(fixture.folder)];
        QCOMPARE(legacy.vocabSize(), json.vocabSize());
        std::vector<int> ids;
        for (int id = 0; id < json.vocabSize(); id += 97)
            ids.push_back(id);
        ids.push_back(json.vocabSize() - 1);
        const Encoding a = legacy.fromIds(ids);
        const Encoding b = json.fromIds(ids);
        QCOMPARE(a.tokens, b.tokens);
        QCOMPARE(a.displayTokens, b.displayTokens);
        QCOMPARE(a.special, b.special);
    }
}

void LegacyTokenizerFilesTest::modelTypeMayBeEmpty() {
    const auto bert = loadHfTokenizer(fixtureFolder(QStringLiteral("bert-base-uncased-legacy")), TokenizerLoadOptions{});
    QCOMPARE(bert->encode(u("Hello, world"), true).tokens, words("[CLS] hello , world [SEP]"));
    const auto gpt2 = loadHfTokenizer(fixtureFolder(QStringLiteral("gpt2-legacy")), TokenizerLoadOptions{});
    QCOMPARE(gpt2->encode(u("Hello, world"), true).tokens, words("Hello , Ġworld"));
}

void LegacyTokenizerFilesTest::doLowerCaseFalse() {
    QTemporaryDir dir;
    copyFixture(QStringLiteral("bert-base-uncased-legacy"), QStringLiteral("vocab.txt"), dir.path());
    QVERIFY(writeFile(dir.filePath(QStringLiteral("tokenizer_config.json")), R"({"do_lower_case": false})"));
    // The uncased vocabulary has no capital letters: a cased word is unknown, accents stay.
    const auto tokenizer = loadHfTokenizer(dir.path(), TokenizerLoadOptions{QStringLiteral("bert")});
    QCOMPARE(tokenizer->encode(u("Hello hello"), false).tokens, words("[UNK] hello"));
}

void LegacyTokenizerFilesTest::specialTokensMap() {
    QTemporaryDir dir;
    copyFixture(QStringLiteral("bert-base-uncased-legacy"), QStringLiteral("vocab.txt"), dir.path());
    QVERIFY(writeFile(dir.filePath(QStringLiteral("tokenizer_config.json")), R"({"cls_token": "[CLS]", "do_lower_case": true})"));
    // special_tokens_map.json wins over tokenizer_config.json, as in transformers.
    QVERIFY(writeFile(dir.filePath(QStringLiteral("special_tokens_map.json")),
              R"({"cls_token": "[unused1]", "sep_token": {"content": "[unused2]", "lstrip": false,
                  "normalized": false, "rstrip": false, "single_word": false},
                  "additional_special_tokens": ["<extra>"]})"));
    const auto tokenizer = loadHfTokenizer(dir.path(), TokenizerLoadOptions{QStringLiteral("bert")});
    const Encoding e = tokenizer->encode(u("hi <extra>"), true);
    QCOMPARE(e.tokens, words("[unused1] hi <extra> [unused2]"));
    QCOMPARE(joinIds(e.ids), u("2,7632,30522,3"));
    QCOMPARE(e.special, (std::vector<bool>{true, false, true, true}));
    QCOMPARE(tokenizer->vocabSize(), 30523);
}

void LegacyTokenizerFilesTest::gpt2Options() {
    QTemporaryDir dir;
    copyFixture(QStringLiteral("gpt2-legacy"), QStringLiteral("vocab.json"), dir.path());
    copyFixture(QStringLiteral("gpt2-legacy"), QStringLiteral("merges.txt"), dir.path());
    QVERIFY(writeFile(dir.filePath(QStringLiteral("tokenizer_config.json")), R"({"add_prefix_space": true, "add_bos_token": true})"));
    const auto tokenizer = loadHfTokenizer(dir.path(), TokenizerLoadOptions{QStringLiteral("gpt2")});
    QCOMPARE(tokenizer->encode(u("Hello world"), true).tokens, words("<|endoftext|> ĠHello Ġworld"));
    const Encoding pair = tokenizer->encodePair(u("Hello"), u("world"), true);
    QCOMPARE(pair.tokens, words("<|endoftext|> ĠHello Ġworld"));
    QCOMPARE(joinIds(typeIdsOf(pair)), u("0,0,1"));
    QCOMPARE(tokenizer->encode(u("Hello world"), false).tokens, words("ĠHello Ġworld"));
}

void LegacyTokenizerFilesTest::missingFiles_data() {
    QTest::addColumn<QStringList>("files");
    QTest::addColumn<QString>("modelType");
    QTest::newRow("empty folder") << QStringList{} << u("bert");
    QTest::newRow("vocab.json without merges.txt") << QStringList{u("vocab.json")} << u("gpt2");
    QTest::newRow("merges.txt without vocab.json") << QStringList{u("merges.txt")} << u("roberta");
    QTest::newRow("only a config") << QStringList{u("tokenizer_config.json")} << QString();
}

void LegacyTokenizerFilesTest::missingFiles() {
    QFETCH(QStringList, files);
    QFETCH(QString, modelType);
    QTemporaryDir dir;
    for (const QString& file : files)
        QVERIFY(writeFile(dir.filePath(file), "{}"));
    try {
        loadHfTokenizer(dir.path(), TokenizerLoadOptions{modelType});
        QFAIL("expected ModelError");
    } catch (const ModelError& error) {
        QCOMPARE(error.message(), QStringLiteral("folder %1 has no tokenizer.json, vocab.txt or vocab.json + merges.txt")
                                      .arg(QDir::toNativeSeparators(dir.path())));
    }
}

void LegacyTokenizerFilesTest::malformedFiles_data() {
    QTest::addColumn<QString>("modelType");
    QTest::addColumn<QString>("vocab");   // vocab.json contents, or empty to copy GPT-2's
    QTest::addColumn<QString>("merges");  // merges.txt contents
    QTest::addColumn<QStringList>("mentions");
    QTest::newRow("vocab.json not JSON") << u("gpt2") << u("{\"a\": ") << u("#version: 0.2\n") << words("vocab.json JSON");
    QTest::newRow("vocab.json ids not numbers") << u("gpt2") << u(R"({"a": "x"})") << u("") << words("vocab.json \"a\"");
    QTest::newRow("vocab.json id 2^32") << u("gpt2") << u(R"({"a": 0, "b": 4294967296})") << u("")
                                        << words("vocab.json \"b\" 4294967296");
    QTest::newRow("vocab.json id not an integer") << u("gpt2") << u(R"({"a": 0, "b": 0.5})") << u("")
                                                  << words("vocab.json \"b\" 0.5");
    QTest::newRow("vocab.json sparse id") << u("gpt2") << u(R"({"a": 0, "b": 60000000})") << u("")
                                          << words("vocab.json \"b\" 60000000");
    QTest::newRow("vocab.json sparse id below the cap") << u("gpt2") << u(R"({"a": 0, "b": 6000000})") << u("")
                                                        << words("vocab.json \"b\" 6000000 2 entries");
    // Found by fuzz_vocab_merges: encode() named id 2 "</s>", fromIds() "<unk>".
    QTest::newRow("vocab.json two pieces on one id") << u("roberta") << u(R"({"<s>": 0, "</s>": 2, "<unk>": 2, "a": 1})")
                                                     << u("#version: 0.2\n")
                                                     << words("vocab.json \"<unk>\" \"</s>\" 2");
    QTest::newRow("merges.txt line with one piece") << u("gpt2") << QString() << u("#version: 0.2\nĠ t\nĠa\n")
                                                    << words("merges.txt line 3");
    QTest::newRow("merges.txt unknown piece") << u("roberta") << QString() << u("#version: 0.2\nĠ t\nq Ġzzz\n")
                                              << words("merges.txt merge 1 \"Ġzzz\"");
    QTest::newRow("unsupported model type") << u("llama") << QString() << u("#version: 0.2\n")
                                            << words("llama vocab.json merges.txt gpt2 roberta");
}

void LegacyTokenizerFilesTest::malformedFiles() {
    QFETCH(QString, modelType);
    QFETCH(QString, vocab);
    QFETCH(QString, merges);
    QFETCH(QStringList, mentions);
    QTemporaryDir dir;
    if (vocab.isEmpty())
        copyFixture(QStringLiteral("gpt2-legacy"), QStringLiteral("vocab.json"), dir.path());
    else
        QVERIFY(writeFile(dir.filePath(QStringLiteral("vocab.json")), vocab.toUtf8()));
    QVERIFY(writeFile(dir.filePath(QStringLiteral("merges.txt")), merges.toUtf8()));
    try {
        loadHfTokenizer(dir.path(), TokenizerLoadOptions{modelType});
        QFAIL("expected ModelError");
    } catch (const ModelError& error) {
        qInfo("%s", qPrintable(error.message()));
        for (const QString& mention : mentions)
            QVERIFY2(error.message().contains(mention), qPrintable(mention + u(" not in: ") + error.message()));
    }
}

QTEST_GUILESS_MAIN(LegacyTokenizerFilesTest)
#include "tst_legacytokenizerfiles.moc"
