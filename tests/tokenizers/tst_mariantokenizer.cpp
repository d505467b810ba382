// Marian's tokenizer (tokenizers/MarianTokenizer) on the three folders of
// tests/fixtures/tokenizers/marian (shared vocabulary, multi-target with language codes, separate
// vocabularies): every golden string of tests/golden/tokenizers/marian.json, written by
// transformers' own MarianTokenizer, gives the same source ids, target ids, pieces and decoded
// text; decoding round-trips; the folder loader picks it; and missing or broken files are refused
// with a message naming the file.

#include <QtTest>

#include "TestFiles.h"
#include "TokenGolden.h"
#include "core/HeadmapError.h"
#include "tokenizers/HfTokenizerLoader.h"
#include "tokenizers/MarianTokenizer.h"
#include "tokenizers/MarianTokenizerFiles.h"
#include "tokenizers/TokenizerFiles.h"

using namespace headmap;
using namespace tokentest;

Q_DECLARE_METATYPE(std::vector<int>)

namespace {

const char* const kFolders[] = {"en-da", "en-mul", "da-zhen"};

QString u(const char* text) {
    return QString::fromUtf8(text);
}

QString marianFolder(const QString& name) {
    return fixtureFolder(QStringLiteral("marian/") + name);
}

std::vector<int> intsOf(const QJsonValue& value) {
    std::vector<int> ints;
    for (const QJsonValue& item : value.toArray())
        ints.push_back(item.toInt());
    return ints;
}

QStringList stringsOf(const QJsonValue& value) {
    QStringList strings;
    for (const QJsonValue& item : value.toArray())
        strings << item.toString();
    return strings;
}

// A copy of a fixture folder (symbolic links read through) that a test may change.
void copyFolder(const QString& name, const QString& to) {
    const QDir from(marianFolder(name));
    for (const QString& file : from.entryList(QDir::Files))
        QVERIFY(QFile::copy(from.filePath(file), QDir(to).filePath(file)));
}

// The message of the HeadmapError `load` throws, or "" when it throws none.
template <typename Load>
QString errorOf(Load load) {
    try {
        load();
    } catch (const ModelError& error) {
        return error.message();
    } catch (const InputError& error) {
        return QStringLiteral("InputError: ") + error.message();
    }
    return QString();
}

}  // namespace

class MarianTokenizerTest : public QObject {
    Q_OBJECT

private slots:
    void initTestCase();
    void loaderPicksMarian();
    void properties_data();
    void properties();
    void encodesAsTransformers_data();
    void encodesAsTransformers();
    void decodesAsTransformers_data();
    void decodesAsTransformers();
    void unknownPiecesBecomeUnk();
    void languageCodes();
    void labels();
    void roundTrips_data();
    void roundTrips();
    void encodeLimited();
    void idsOutsideTheVocabulary();
    void specialTokenSettings();
    void missingFiles_data();
    void missingFiles();
    void brokenFiles_data();
    void brokenFiles();

private:
    const MarianTokenizer& tokenizer(const QString& folder) const { return *m_tokenizers.value(folder); }

    QJsonObject m_golden;
    QHash<QString, std::shared_ptr<MarianTokenizer>> m_tokenizers;
};

void MarianTokenizerTest::initTestCase() {
    m_golden = tokenizerfiles::readJsonObject(QStringLiteral(HEADMAP_GOLDEN_DIR "/tokenizers/marian.json"))
                   .value(QLatin1String("folders")).toObject();
    for (const char* folder : kFolders) {
        QVERIFY2(m_golden.contains(QLatin1String(folder)), folder);
        m_tokenizers.insert(QLatin1String(folder), loadMarianTokenizer(marianFolder(QLatin1String(folder))));
    }
}

void MarianTokenizerTest::loaderPicksMarian() {
    for (const char* folder : kFolders) {
        const std::unique_ptr<Tokenizer> loaded = loadHfTokenizer(marianFolder(QLatin1String(folder)), {});
        QVERIFY2(dynamic_cast<MarianTokenizer*>(loaded.get()), folder);
        QCOMPARE(loaded->pieceStyle(), PieceStyle::SentencePiece);
        QCOMPARE(loaded->encode(u("Hello world"), true).ids, tokenizer(QLatin1String(folder)).encode(u("Hello world"), true).ids);
    }
}

void MarianTokenizerTest::properties_data() {
    QTest::addColumn<QString>("folder");
    for (const char* folder : kFolders)
        QTest::newRow(folder) << QString::fromLatin1(folder);
}

void MarianTokenizerTest::properties() {
    QFETCH(QString, folder);
    const QJsonObject golden = m_golden.value(folder).toObject();
    const MarianTokenizer& marian = tokenizer(folder);
    // transformers' vocab_size is len(vocab.json), whose ids are 0..n-1 in these folders.
    QCOMPARE(marian.vocabSize(), golden.value(QLatin1String("vocab_size")).toInt());
    QCOMPARE(marian.eosId(), golden.value(QLatin1String("eos_id")).toInt());
    QCOMPARE(marian.unkId(), golden.value(QLatin1String("unk_id")).toInt());
    QCOMPARE(marian.padId(), golden.value(QLatin1String("pad_id")).toInt());
    QCOMPARE(marian.languageCodes(), stringsOf(golden.value(QLatin1String("language_codes"))));
    QCOMPARE(marian.separateVocabularies(), folder == QLatin1String("da-zhen"));
    QCOMPARE(marian.targetVocabSize(), folder == QLatin1String("da-zhen") ? 800 : marian.vocabSize());
}

void MarianTokenizerTest::encodesAsTransformers_data() {
    QTest::addColumn<QString>("folder");
    QTest::addColumn<QString>("text");
    QTest::addColumn<std::vector<int>>("ids");
    QTest::addColumn<QStringList>("tokens");
    QTest::addColumn<std::vector<int>>("targetIds");
    QTest::addColumn<QStringList>("targetTokens");
    QTest::addColumn<QString>("decoded");
    QTest::addColumn<QString>("decodedSkip");
    int rows = 0;
    for (const char* folder : kFolders) {
        for (const QJsonValue& item : m_golden.value(QLatin1String(folder)).toObject().value(QLatin1String("cases")).toArray()) {
            const QJsonObject c = item.toObject();
            QTest::addRow("%s: %s", folder, qPrintable(c.value(QLatin1String("name")).toString()))
                << QString::fromLatin1(folder) << c.value(QLatin1String("text")).toString()
                << intsOf(c.value(QLatin1String("ids"))) << stringsOf(c.value(QLatin1String("tokens")))
                << intsOf(c.value(QLatin1String("target_ids"))) << stringsOf(c.value(QLatin1String("target_tokens")))
                << c.value(QLatin1String("decode")).toString() << c.value(QLatin1String("decode_skip")).toString();
            ++rows;
        }
    }
    QVERIFY2(rows > 1000, qPrintable(QString::number(rows)));
}

void MarianTokenizerTest::encodesAsTransformers() {
    QFETCH(QString, folder);
    QFETCH(QString, text);
    QFETCH(std::vector<int>, ids);
    QFETCH(QStringList, tokens);
    QFETCH(std::vector<int>, targetIds);
    QFETCH(QStringList, targetTokens);
    QFETCH(QString, decoded);
    QFETCH(QString, decodedSkip);
    const MarianTokenizer& marian = tokenizer(folder);

    const Encoding source = marian.encode(text, true);
    QCOMPARE(joinIds(source.ids), joinIds(ids));
    QCOMPARE(joinTokens(source.tokens), joinTokens(tokens));
    QCOMPARE(source.displayTokens.size(), source.tokens.size());
    std::vector<int> plain = ids;
    plain.pop_back();  // transformers appends </s> and nothing else
    QCOMPARE(joinIds(marian.encode(text, false).ids), joinIds(plain));
    QCOMPARE(joinTokens(marian.fromIds(ids).tokens), joinTokens(tokens));

    const Encoding target = marian.encodeTarget(text, true);
    QCOMPARE(joinIds(target.ids), joinIds(targetIds));
    QCOMPARE(joinTokens(target.tokens), joinTokens(targetTokens));
    QCOMPARE(joinTokens(marian.fromTargetIds(targetIds).tokens), joinTokens(targetTokens));

    QCOMPARE(marian.decodeTarget(targetIds, false), decoded);
    QCOMPARE(marian.decodeTarget(targetIds, true), decodedSkip);
}

void MarianTokenizerTest::decodesAsTransformers_data() {
    QTest::addColumn<QString>("folder");
    QTest::addColumn<std::vector<int>>("ids");
    QTest::addColumn<QString>("decoded");
    QTest::addColumn<QString>("decodedSkip");
    for (const char* folder : kFolders) {
        int n = 0;
        for (const QJsonValue& item : m_golden.value(QLatin1String(folder)).toObject().value(QLatin1String("decodes")).toArray()) {
            const QJsonObject c = item.toObject();
            QTest::addRow("%s: %d", folder, n++) << QString::fromLatin1(folder) << intsOf(c.value(QLatin1String("ids")))
                                                << c.value(QLatin1String("decode")).toString()
                                                << c.value(QLatin1String("decode_skip")).toString();
        }
    }
}

void MarianTokenizerTest::decodesAsTransformers() {
    QFETCH(QString, folder);
    QFETCH(std::vector<int>, ids);
    QFETCH(QString, decoded);
    QFETCH(QString, decodedSkip);
    QCOMPARE(tokenizer(folder).decodeTarget(ids, false), decoded);
    QCOMPARE(tokenizer(folder).decodeTarget(ids, true), decodedSkip);
}

void MarianTokenizerTest::unknownPiecesBecomeUnk() {
    // en-da's vocabulary leaves out the English piece "▁the" (make_marian_fixtures.py): source.spm
    // still produces it, and it becomes <unk>, not SentencePiece's own id for it.
    const MarianTokenizer& enDa = tokenizer(QStringLiteral("en-da"));
    const Encoding e = enDa.encode(u("the cat"), false);
    QCOMPARE(e.ids.front(), enDa.unkId());
    QCOMPARE(e.tokens.front(), u("<unk>"));
    QCOMPARE(e.special.front(), false);  // transformers' special-token mask leaves <unk> out
    // Characters neither model knows: one unknown piece, <unk>.
    const Encoding emoji = tokenizer(QStringLiteral("en-mul")).encode(u("😀"), true);
    QCOMPARE(joinTokens(emoji.tokens), joinTokens({u("▁"), u("<unk>"), u("</s>")}));
    QCOMPARE(emoji.special, (std::vector<bool>{false, false, true}));
}

void MarianTokenizerTest::languageCodes() {
    const MarianTokenizer& mul = tokenizer(QStringLiteral("en-mul"));
    QCOMPARE(mul.languageCodes(), (QStringList{u(">>dan<<"), u(">>zho<<"), u(">>cmn_Hans<<"), u(">>eng<<")}));
    QCOMPARE(mul.sourceLanguage(), u("eng"));
    QCOMPARE(mul.targetLanguage(), u("mul"));
    // A code at the start is one token; the same text later is not a code.
    const Encoding coded = mul.encode(u(">>dan<< Hello"), true);
    QCOMPARE(coded.tokens.front(), u(">>dan<<"));
    QCOMPARE(coded.ids.front(), *mul.tokenToId(u(">>dan<<")));
    QVERIFY(!mul.encode(u("Hello >>dan<<"), true).tokens.contains(u(">>dan<<")));
    // A code the vocabulary lacks is still one token, <unk>.
    QCOMPARE(mul.encode(u(">>xyz<< Hello"), true).ids.front(), mul.unkId());
    QVERIFY(tokenizer(QStringLiteral("en-da")).languageCodes().isEmpty());
}

void MarianTokenizerTest::labels() {
    const MarianTokenizer& mul = tokenizer(QStringLiteral("en-mul"));
    const Encoding e = mul.encode(u(">>zho<< The cat"), true);
    QCOMPARE(joinTokens(e.tokens), joinTokens({u(">>zho<<"), u("▁The"), u("▁ca"), u("t"), u("</s>")}));
    // "▁" shows as the word-start mark of SentencePiece labels; codes and </s> as they are.
    QCOMPARE(joinTokens(e.displayTokens), joinTokens({u(">>zho<<"), u("␣The"), u("␣ca"), u("t"), u("</s>")}));
}

void MarianTokenizerTest::roundTrips_data() {
    QTest::addColumn<QString>("folder");
    QTest::addColumn<QString>("text");
    // Texts in the target model's languages, with pieces all in the target vocabulary.
    QTest::newRow("en-da") << u("en-da") << u("Katten sad på måtten og så regnen falde.");
    QTest::newRow("en-da numbers") << u("en-da") << u("Hun købte to æbler, 2017.");
    QTest::newRow("en-mul Chinese") << u("en-mul") << u("使用多头注意力机制理解注意力机制");
    QTest::newRow("en-mul English") << u("en-mul") << u("The cat sat on the mat.");
    QTest::newRow("da-zhen") << u("da-zhen") << u("注意机制可以被视为神经网络层。");
}

void MarianTokenizerTest::roundTrips() {
    QFETCH(QString, folder);
    QFETCH(QString, text);
    const MarianTokenizer& marian = tokenizer(folder);
    const Encoding target = marian.encodeTarget(text, true);
    QVERIFY(!std::count(target.ids.begin(), target.ids.end(), marian.unkId()));
    QCOMPARE(marian.decodeTarget(target.ids, true), text);
    QCOMPARE(marian.decodeTarget(target.ids, false), text + u("</s>"));
    QCOMPARE(marian.decodeTarget(marian.encodeTarget(text, false).ids, false), text);
}

void MarianTokenizerTest::encodeLimited() {
    const MarianTokenizer& enDa = tokenizer(QStringLiteral("en-da"));
    const QString text = u("The cat sat on the mat and watched the rain.");
    const Encoding full = enDa.encode(text, true);
    for (int limit : {0, 1, full.size() / 2, full.size() - 1, full.size(), full.size() + 3}) {
        const Encoding limited = enDa.encodeLimited(text, true, limit);
        Encoding expected = full;
        expected.truncate(limit);
        QCOMPARE(joinIds(limited.ids), joinIds(expected.ids));
        QCOMPARE(limited.truncated, limit < full.size());
    }
    QVERIFY_THROWS_EXCEPTION(InputError, enDa.encodePair(u("a"), u("b"), true));
}

void MarianTokenizerTest::idsOutsideTheVocabulary() {
    const MarianTokenizer& enDa = tokenizer(QStringLiteral("en-da"));
    for (const int id : {-1, enDa.vocabSize(), 1 << 30}) {
        QVERIFY(errorOf([&] { enDa.fromIds({0, id}); }).startsWith(QStringLiteral("InputError: ")));
        QVERIFY(errorOf([&] { enDa.fromTargetIds({id}); }).startsWith(QStringLiteral("InputError: ")));
        QVERIFY(errorOf([&] { enDa.decodeTarget({id}, false); }).startsWith(QStringLiteral("InputError: ")));
    }
    // da-zhen: 799 is <pad> of the target vocabulary, outside the source one.
    const MarianTokenizer& daZhen = tokenizer(QStringLiteral("da-zhen"));
    QCOMPARE(daZhen.fromTargetIds({799}).tokens, QStringList{u("<pad>")});
    QVERIFY(errorOf([&] { daZhen.fromIds({799}); }).startsWith(QStringLiteral("InputError: ")));
}

void MarianTokenizerTest::specialTokenSettings() {
    QTemporaryDir dir;
    copyFolder(QStringLiteral("en-da"), dir.path());
    // <pad> not in vocab.json: transformers numbers it after the vocabulary's entries; an
    // additional special token in the vocabulary is cut out of the text like </s>.
    QJsonObject vocab = tokenizerfiles::readJsonObject(dir.filePath(QStringLiteral("vocab.json")));
    vocab.remove(QStringLiteral("<pad>"));
    QVERIFY(testsupport::writeFile(dir.filePath(QStringLiteral("vocab.json")), QJsonDocument(vocab).toJson()));
    QVERIFY(testsupport::writeFile(dir.filePath(QStringLiteral("tokenizer_config.json")),
                                   R"({"additional_special_tokens": ["▁wo"], "clean_up_tokenization_spaces": true})"));
    const auto marian = loadMarianTokenizer(dir.path());
    QCOMPARE(marian->padId(), int(vocab.size()));
    QCOMPARE(marian->vocabSize(), int(vocab.size()) + 1);
    const Encoding e = marian->encode(u("Hello▁wo<pad>"), true);
    QCOMPARE(e.tokens.mid(e.size() - 3), (QStringList{u("▁wo"), u("<pad>"), u("</s>")}));
    QCOMPARE(std::vector<bool>(e.special.end() - 3, e.special.end()), (std::vector<bool>{true, true, true}));
    // clean_up_tokenization_spaces joins " ." and " ," as transformers does.
    const std::vector<int> ids = marian->encodeTarget(u("Hej </s> . Ja </s> , nej"), false).ids;
    QCOMPARE(marian->decodeTarget(ids, false), u("Hej</s>. Ja</s>, nej"));

    // split_special_tokens: special tokens are text like any other.
    QVERIFY(testsupport::writeFile(dir.filePath(QStringLiteral("tokenizer_config.json")), R"({"split_special_tokens": true})"));
    const auto split = loadMarianTokenizer(dir.path());
    QVERIFY(!split->encode(u("a</s>b"), false).ids.empty());
    QVERIFY(!split->encode(u("a</s>b"), false).tokens.contains(u("</s>")));
}

void MarianTokenizerTest::missingFiles_data() {
    QTest::addColumn<QString>("folder");
    QTest::addColumn<QString>("removed");
    QTest::addColumn<QString>("message");
    QTest::newRow("vocab.json") << u("en-da") << u("vocab.json") << u("vocab.json is missing");
    QTest::newRow("target.spm") << u("en-da") << u("target.spm") << u("target.spm is missing");
    QTest::newRow("target_vocab.json") << u("da-zhen") << u("target_vocab.json") << u("target_vocab.json is missing");
}

void MarianTokenizerTest::missingFiles() {
    QFETCH(QString, folder);
    QFETCH(QString, removed);
    QFETCH(QString, message);
    QTemporaryDir dir;
    copyFolder(folder, dir.path());
    QVERIFY(QFile::remove(dir.filePath(removed)));
    // Through the folder loader: source.spm alone makes the folder Marian's.
    const QString error = errorOf([&] { loadHfTokenizer(dir.path(), {}); });
    QVERIFY2(error.contains(message) && error.contains(u("download the model again")), qPrintable(error));
}

void MarianTokenizerTest::brokenFiles_data() {
    QTest::addColumn<QString>("file");
    QTest::addColumn<QByteArray>("contents");
    QTest::addColumn<QString>("message");
    const QByteArray model = testsupport::readFile(marianFolder(u("en-da/source.spm")));
    QTest::newRow("source.spm empty") << u("source.spm") << QByteArray() << u("not a SentencePiece model");
    QTest::newRow("source.spm cut in half") << u("source.spm") << model.left(model.size() / 2)
                                            << u("not a SentencePiece model");
    QTest::newRow("source.spm is JSON") << u("source.spm") << QByteArray(R"({"a": 1})") << u("not a SentencePiece model");
    QTest::newRow("target.spm cut") << u("target.spm") << model.left(1000) << u("not a SentencePiece model");
    QTest::newRow("vocab.json not JSON") << u("vocab.json") << QByteArray("</s> 0\n") << u("is not valid JSON");
    QTest::newRow("vocab.json without <unk>") << u("vocab.json") << QByteArray(R"({"</s>": 0, "▁a": 1})")
                                              << u("has no \"<unk>\"");
    QTest::newRow("vocab.json id not a number") << u("vocab.json") << QByteArray(R"({"</s>": 0, "<unk>": "1"})")
                                                << u("vocab.json");
    QTest::newRow("two pieces on one id") << u("vocab.json") << QByteArray(R"({"</s>": 0, "<unk>": 0})")
                                          << u("which \"</s>\" has too");
    QTest::newRow("unk_token null") << u("tokenizer_config.json") << QByteArray(R"({"unk_token": null})")
                                    << u("has no \"None\"");
    QTest::newRow("eos_token null") << u("tokenizer_config.json") << QByteArray(R"({"eos_token": null})")
                                    << u("sets no eos_token");
    QTest::newRow("pad_token a number") << u("tokenizer_config.json") << QByteArray(R"({"pad_token": 5})")
                                        << u("\"pad_token\" is not a token");
}

void MarianTokenizerTest::brokenFiles() {
    QFETCH(QString, file);
    QFETCH(QByteArray, contents);
    QFETCH(QString, message);
    QTemporaryDir dir;
    copyFolder(u("en-da"), dir.path());
    QVERIFY(testsupport::writeFile(dir.filePath(file), contents));
    const QString error = errorOf([&] { loadMarianTokenizer(dir.path()); });
    QVERIFY2(error.contains(message), qPrintable(error));
    QVERIFY2(error.contains(file) || file == u("tokenizer_config.json"), qPrintable(error));
}

QTEST_GUILESS_MAIN(MarianTokenizerTest)
#include "tst_mariantokenizer.moc"
