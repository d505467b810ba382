// T5's spiece.model-only tokenizer (tokenizers/T5SentencePieceTokenizer) on the three folders of
// tests/fixtures/tokenizers/t5 (t5-small's settings with 100 default sentinels, a saved
// tokenizer_config.json with added_tokens_decoder and clean-up, mT5's extra_ids 0): every golden
// string of tests/golden/tokenizers/t5_spiece.json, written by transformers' sentencepiece
// tokenizer class with T5Tokenizer's settings run on Debian's python3-sentencepiece, gives the
// same ids (with </s>), tokens and decoded text with and without special tokens; random id
// sequences decode the same; the loader picks it; broken settings are refused naming the file.

#include <QtTest>

#include "TestFiles.h"
#include "TokenGolden.h"
#include "core/HeadmapError.h"
#include "tokenizers/HfTokenizerLoader.h"
#include "tokenizers/T5SentencePieceTokenizer.h"
#include "tokenizers/T5TokenizerFiles.h"
#include "tokenizers/TokenizerFiles.h"

using namespace headmap;
using namespace tokentest;

Q_DECLARE_METATYPE(std::vector<int>)

namespace {

const char* const kFolders[] = {"hub", "config", "noextra"};

QString u(const char* text) {
    return QString::fromUtf8(text);
}

QString t5Folder(const QString& name) {
    return fixtureFolder(QStringLiteral("t5/") + name);
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

QString errorOf(const std::function<void()>& load) {
    try {
        load();
    } catch (const HeadmapError& error) {
        return error.message();
    }
    return QString();
}

}  // namespace

class T5SentencePieceTokenizerTest : public QObject {
    Q_OBJECT

private slots:
    void initTestCase();
    void loaderPicksT5();
    void properties_data();
    void properties();
    void encodesAsTransformers_data();
    void encodesAsTransformers();
    void decodesAsTransformers_data();
    void decodesAsTransformers();
    void brokenSettings_data();
    void brokenSettings();
    void brokenModel();

private:
    const T5SentencePieceTokenizer& tokenizer(const QString& folder) const { return *m_tokenizers.value(folder); }

    QJsonObject m_golden;
    QHash<QString, std::shared_ptr<T5SentencePieceTokenizer>> m_tokenizers;
};

void T5SentencePieceTokenizerTest::initTestCase() {
    m_golden = tokenizerfiles::readJsonObject(QStringLiteral(HEADMAP_GOLDEN_DIR "/tokenizers/t5_spiece.json"))
                   .value(QLatin1String("folders")).toObject();
    for (const char* folder : kFolders) {
        QVERIFY2(m_golden.contains(QLatin1String(folder)), folder);
        m_tokenizers.insert(QLatin1String(folder), loadT5SentencePieceTokenizer(t5Folder(QLatin1String(folder))));
    }
}

void T5SentencePieceTokenizerTest::loaderPicksT5() {
    for (const char* folder : kFolders) {
        const std::unique_ptr<Tokenizer> loaded = loadHfTokenizer(t5Folder(QLatin1String(folder)), {});
        QVERIFY2(dynamic_cast<T5SentencePieceTokenizer*>(loaded.get()), folder);
        QCOMPARE(loaded->pieceStyle(), PieceStyle::SentencePiece);
    }
}

void T5SentencePieceTokenizerTest::properties_data() {
    QTest::addColumn<QString>("folder");
    for (const char* folder : kFolders)
        QTest::newRow(folder) << QString::fromLatin1(folder);
}

void T5SentencePieceTokenizerTest::properties() {
    QFETCH(QString, folder);
    const QJsonObject golden = m_golden.value(folder).toObject();
    const T5SentencePieceTokenizer& t5 = tokenizer(folder);
    QCOMPARE(t5.eosId(), golden.value(QLatin1String("eos_id")).toInt());
    QCOMPARE(t5.unkId(), golden.value(QLatin1String("unk_id")).toInt());
    QCOMPARE(t5.padId(), golden.value(QLatin1String("pad_id")).toInt());
    QCOMPARE(t5.vocabSize(), golden.value(QLatin1String("vocab_size")).toInt());
    const QJsonArray sentinels = golden.value(QLatin1String("sentinels")).toArray();
    for (const QJsonValue& item : sentinels) {
        const QJsonArray sentinel = item.toArray();
        QCOMPARE(t5.tokenToId(sentinel.at(0).toString()).value_or(-1), sentinel.at(1).toInt());
        const Encoding named = t5.fromIds({sentinel.at(1).toInt()});
        QCOMPARE(named.tokens.value(0), sentinel.at(0).toString());
        QCOMPARE(named.special.front(), true);
    }
    // The sentinels are what the golden lists: none in mT5's settings, 100 by default.
    QCOMPARE(int(sentinels.size()), folder == u("hub") ? 100 : folder == u("config") ? 5 : 0);
}

void T5SentencePieceTokenizerTest::encodesAsTransformers_data() {
    QTest::addColumn<QString>("folder");
    QTest::addColumn<QString>("text");
    QTest::addColumn<std::vector<int>>("ids");
    QTest::addColumn<QStringList>("tokens");
    QTest::addColumn<QString>("decoded");
    QTest::addColumn<QString>("decodedSkip");
    int rows = 0;
    for (const char* folder : kFolders) {
        const QJsonArray cases = m_golden.value(QLatin1String(folder)).toObject().value(QLatin1String("cases")).toArray();
        for (const QJsonValue& item : cases) {
            const QJsonObject c = item.toObject();
            QTest::addRow("%s: %s", folder, qPrintable(c.value(QLatin1String("name")).toString()))
                << QString::fromLatin1(folder) << c.value(QLatin1String("text")).toString()
                << intsOf(c.value(QLatin1String("ids"))) << stringsOf(c.value(QLatin1String("tokens")))
                << c.value(QLatin1String("decode")).toString() << c.value(QLatin1String("decode_skip")).toString();
            ++rows;
        }
    }
    QVERIFY2(rows > 1000, qPrintable(QString::number(rows)));
}

void T5SentencePieceTokenizerTest::encodesAsTransformers() {
    QFETCH(QString, folder);
    QFETCH(QString, text);
    QFETCH(std::vector<int>, ids);
    QFETCH(QStringList, tokens);
    QFETCH(QString, decoded);
    QFETCH(QString, decodedSkip);
    const T5SentencePieceTokenizer& t5 = tokenizer(folder);

    const Encoding encoded = t5.encode(text, true);
    QCOMPARE(joinIds(encoded.ids), joinIds(ids));
    QCOMPARE(joinTokens(t5.fromIds(ids).tokens), joinTokens(tokens));
    QCOMPARE(encoded.special.back(), true);  // </s>
    QCOMPARE(encoded.displayTokens.size(), encoded.tokens.size());
    // Without special tokens: the same less </s>; the target side reads text the same way.
    const std::vector<int> plain(ids.begin(), ids.end() - 1);
    QCOMPARE(joinIds(t5.encode(text, false).ids), joinIds(plain));
    QCOMPARE(joinIds(t5.encodeTarget(text, true).ids), joinIds(ids));
    QCOMPARE(t5.decodeTarget(ids, false), decoded);
    QCOMPARE(t5.decodeTarget(ids, true), decodedSkip);
}

void T5SentencePieceTokenizerTest::decodesAsTransformers_data() {
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

void T5SentencePieceTokenizerTest::decodesAsTransformers() {
    QFETCH(QString, folder);
    QFETCH(std::vector<int>, ids);
    QFETCH(QString, decoded);
    QFETCH(QString, decodedSkip);
    QCOMPARE(tokenizer(folder).decodeTarget(ids, false), decoded);
    QCOMPARE(tokenizer(folder).decodeTarget(ids, true), decodedSkip);
}

void T5SentencePieceTokenizerTest::brokenSettings_data() {
    QTest::addColumn<QByteArray>("config");
    QTest::addColumn<QString>("expected");
    QTest::newRow("extra_ids text") << QByteArray(R"({"extra_ids": "many"})") << u("extra_ids is many");
    QTest::newRow("extra_ids negative") << QByteArray(R"({"extra_ids": -1})") << u("extra_ids is -1");
    QTest::newRow("extra_ids fraction") << QByteArray(R"({"extra_ids": 2.5})") << u("extra_ids is 2.5");
    QTest::newRow("counts differ") << QByteArray(R"({"extra_ids": 3, "additional_special_tokens": ["<extra_id_0>"]})")
                                   << u("extra_ids is 3 but additional_special_tokens lists 1");
    QTest::newRow("bad added_tokens_decoder")
        << QByteArray(R"({"added_tokens_decoder": {"x": {"content": "<extra_id_0>"}}})")
        << u("added_tokens_decoder entry \"x\"");
    QTest::newRow("eos null") << QByteArray(R"({"eos_token": null})") << u("sets no eos_token");
}

void T5SentencePieceTokenizerTest::brokenSettings() {
    QFETCH(QByteArray, config);
    QFETCH(QString, expected);
    QTemporaryDir dir;
    QVERIFY(QFile::copy(t5Folder(u("hub")) + u("/spiece.model"), dir.filePath(u("spiece.model"))));
    QVERIFY(testsupport::writeFile(dir.filePath(u("tokenizer_config.json")), config));
    const QString message = errorOf([&] { loadHfTokenizer(dir.path(), {}); });
    QVERIFY2(message.contains(expected) && message.contains(u("tokenizer_config.json")), qPrintable(message));
}

void T5SentencePieceTokenizerTest::brokenModel() {
    // A cut-off spiece.model is refused naming the file, never a crash.
    QTemporaryDir dir;
    QFile model(t5Folder(u("hub")) + u("/spiece.model"));
    QVERIFY(model.open(QIODevice::ReadOnly));
    QVERIFY(testsupport::writeFile(dir.filePath(u("spiece.model")), model.read(1000)));
    const QString message = errorOf([&] { loadHfTokenizer(dir.path(), {}); });
    QVERIFY2(message.contains(u("spiece.model")) && message.contains(u("SentencePiece")), qPrintable(message));
}

QTEST_GUILESS_MAIN(T5SentencePieceTokenizerTest)
#include "tst_t5sentencepiecetokenizer.moc"
