// M2M100's tokenizer (tokenizers/M2M100Tokenizer) on the three folders of
// tests/fixtures/tokenizers/m2m100 (the Hub's files with the language tokens as special tokens,
// src_lang/tgt_lang set without them, the wmt21 list): every golden string of
// tests/golden/tokenizers/m2m100.json, written by transformers' own M2M100Tokenizer, gives the same
// source and target ids per language, pieces and decoded text; the loader picks it; language
// codes resolve as given or bare; broken settings are refused naming the file and field.

#include <QtTest>

#include "TestFiles.h"
#include "TokenGolden.h"
#include "core/HeadmapError.h"
#include "tokenizers/HfTokenizerLoader.h"
#include "tokenizers/M2M100Tokenizer.h"
#include "tokenizers/M2M100TokenizerFiles.h"
#include "tokenizers/TokenizerFiles.h"

using namespace headmap;
using namespace tokentest;

Q_DECLARE_METATYPE(std::vector<int>)

namespace {

const char* const kFolders[] = {"hub", "da-zh", "wmt21"};

QString u(const char* text) {
    return QString::fromUtf8(text);
}

QString m2mFolder(const QString& name) {
    return fixtureFolder(QStringLiteral("m2m100/") + name);
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

// A golden language ("da", or null for the folder's default) as Headmap takes it: the token.
QString languageArgument(const QJsonValue& value) {
    return value.isString() ? QStringLiteral("__%1__").arg(value.toString()) : QString();
}

void writeFile(const QString& path, const QByteArray& bytes) {
    QFile file(path);
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write(bytes);
}

// A copy of the da-zh folder (the model read through its link) with another tokenizer_config.json.
QString folderWithConfig(const QTemporaryDir& dir, const QByteArray& config) {
    const QDir from(m2mFolder(QStringLiteral("da-zh")));
    for (const QString& file : from.entryList(QDir::Files))
        QFile::copy(from.filePath(file), dir.filePath(file));
    QFile::remove(dir.filePath(QStringLiteral("tokenizer_config.json")));
    writeFile(dir.filePath(QStringLiteral("tokenizer_config.json")), config);
    return dir.path();
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

class M2M100TokenizerTest : public QObject {
    Q_OBJECT

private slots:
    void initTestCase();
    void loaderPicksM2M100();
    void properties_data();
    void properties();
    void encodesAsTransformers_data();
    void encodesAsTransformers();
    void decodesAsTransformers_data();
    void decodesAsTransformers();
    void languagesResolve();
    void targetNeedsALanguage();
    void brokenSettings_data();
    void brokenSettings();

private:
    const M2M100Tokenizer& tokenizer(const QString& folder) const { return *m_tokenizers.value(folder); }

    QJsonObject m_golden;
    QHash<QString, std::shared_ptr<M2M100Tokenizer>> m_tokenizers;
};

void M2M100TokenizerTest::initTestCase() {
    m_golden = tokenizerfiles::readJsonObject(QStringLiteral(HEADMAP_GOLDEN_DIR "/tokenizers/m2m100.json"))
                   .value(QLatin1String("folders")).toObject();
    for (const char* folder : kFolders) {
        QVERIFY2(m_golden.contains(QLatin1String(folder)), folder);
        m_tokenizers.insert(QLatin1String(folder), loadM2M100Tokenizer(m2mFolder(QLatin1String(folder))));
    }
}

void M2M100TokenizerTest::loaderPicksM2M100() {
    for (const char* folder : kFolders) {
        const std::unique_ptr<Tokenizer> loaded = loadHfTokenizer(m2mFolder(QLatin1String(folder)), {});
        QVERIFY2(dynamic_cast<M2M100Tokenizer*>(loaded.get()), folder);
        QCOMPARE(loaded->pieceStyle(), PieceStyle::SentencePiece);
    }
}

void M2M100TokenizerTest::properties_data() {
    QTest::addColumn<QString>("folder");
    for (const char* folder : kFolders)
        QTest::newRow(folder) << QString::fromLatin1(folder);
}

void M2M100TokenizerTest::properties() {
    QFETCH(QString, folder);
    const QJsonObject golden = m_golden.value(folder).toObject();
    const M2M100Tokenizer& m2m = tokenizer(folder);
    QCOMPARE(m2m.eosId(), golden.value(QLatin1String("eos_id")).toInt());
    QCOMPARE(m2m.unkId(), golden.value(QLatin1String("unk_id")).toInt());
    QCOMPARE(m2m.padId(), golden.value(QLatin1String("pad_id")).toInt());
    // lang_code_to_id: the tokens in id order, after vocab.json.
    QStringList tokens;
    const QJsonArray languages = golden.value(QLatin1String("languages")).toArray();
    for (const QJsonValue& item : languages) {
        const QJsonArray language = item.toArray();
        tokens << language.at(1).toString();
        QCOMPARE(m2m.languageTokenId(language.at(1).toString()), language.at(2).toInt());
        QCOMPARE(m2m.languageTokenId(language.at(0).toString()), language.at(2).toInt());  // bare code
        QCOMPARE(*m2m.tokenToId(language.at(1).toString()), language.at(2).toInt());
    }
    QCOMPARE(m2m.sourceLanguageCodes(), tokens);
    QCOMPARE(m2m.targetLanguageCodes(), tokens);
    QCOMPARE(m2m.vocabSize(), golden.value(QLatin1String("vocab_size")).toInt() + int(tokens.size()));
    QCOMPARE(m2m.defaultLanguages().source, languageArgument(golden.value(QLatin1String("src_lang"))));
    QCOMPARE(m2m.defaultLanguages().target, languageArgument(golden.value(QLatin1String("tgt_lang"))));
}

void M2M100TokenizerTest::encodesAsTransformers_data() {
    QTest::addColumn<QString>("folder");
    QTest::addColumn<QString>("text");
    QTest::addColumn<QString>("source");
    QTest::addColumn<std::vector<int>>("ids");
    QTest::addColumn<QStringList>("tokens");
    QTest::addColumn<bool>("hasTarget");
    QTest::addColumn<QString>("target");
    QTest::addColumn<std::vector<int>>("targetIds");
    QTest::addColumn<QString>("decoded");
    QTest::addColumn<QString>("decodedSkip");
    int rows = 0;
    for (const char* folder : kFolders) {
        const QJsonArray cases = m_golden.value(QLatin1String(folder)).toObject().value(QLatin1String("cases")).toArray();
        for (const QJsonValue& item : cases) {
            const QJsonObject c = item.toObject();
            QTest::addRow("%s: %s", folder, qPrintable(c.value(QLatin1String("name")).toString()))
                << QString::fromLatin1(folder) << c.value(QLatin1String("text")).toString()
                << languageArgument(c.value(QLatin1String("src_lang"))) << intsOf(c.value(QLatin1String("ids")))
                << stringsOf(c.value(QLatin1String("tokens"))) << c.contains(QLatin1String("target_ids"))
                << languageArgument(c.value(QLatin1String("tgt_lang"))) << intsOf(c.value(QLatin1String("target_ids")))
                << c.value(QLatin1String("decode")).toString() << c.value(QLatin1String("decode_skip")).toString();
            ++rows;
        }
    }
    QVERIFY2(rows > 1000, qPrintable(QString::number(rows)));
}

void M2M100TokenizerTest::encodesAsTransformers() {
    QFETCH(QString, folder);
    QFETCH(QString, text);
    QFETCH(QString, source);
    QFETCH(std::vector<int>, ids);
    QFETCH(QStringList, tokens);
    QFETCH(bool, hasTarget);
    QFETCH(QString, target);
    QFETCH(std::vector<int>, targetIds);
    QFETCH(QString, decoded);
    QFETCH(QString, decodedSkip);
    const M2M100Tokenizer& m2m = tokenizer(folder);

    const Encoding encoded = m2m.encodeSourceIn(text, true, source);
    QCOMPARE(joinIds(encoded.ids), joinIds(ids));
    QCOMPARE(joinTokens(encoded.tokens), joinTokens(tokens));
    QCOMPARE(encoded.special.front(), true);  // the language token
    QCOMPARE(encoded.special.back(), true);   // </s>
    // Without special tokens: the same less the language token and </s>.
    const std::vector<int> plain(ids.begin() + 1, ids.end() - 1);
    QCOMPARE(joinIds(m2m.encodeSourceIn(text, false, source).ids), joinIds(plain));
    QCOMPARE(joinTokens(m2m.fromIds(ids).tokens), joinTokens(tokens));
    if (source.isEmpty())
        QCOMPARE(joinIds(m2m.encode(text, true).ids), joinIds(ids));
    if (!hasTarget)
        return;
    QCOMPARE(joinIds(m2m.encodeTargetIn(text, true, {QString(), target}).ids), joinIds(targetIds));
    QCOMPARE(m2m.decodeTarget(targetIds, false), decoded);
    QCOMPARE(m2m.decodeTarget(targetIds, true), decodedSkip);
}

void M2M100TokenizerTest::decodesAsTransformers_data() {
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

void M2M100TokenizerTest::decodesAsTransformers() {
    QFETCH(QString, folder);
    QFETCH(std::vector<int>, ids);
    QFETCH(QString, decoded);
    QFETCH(QString, decodedSkip);
    QCOMPARE(tokenizer(folder).decodeTarget(ids, false), decoded);
    QCOMPARE(tokenizer(folder).decodeTarget(ids, true), decodedSkip);
}

void M2M100TokenizerTest::languagesResolve() {
    const M2M100Tokenizer& hub = tokenizer(QStringLiteral("hub"));
    QCOMPARE(hub.encodeSourceIn(u("Hej"), true, u("da")).ids, hub.encodeSourceIn(u("Hej"), true, u("__da__")).ids);
    const QString unknown = errorOf([&] { hub.encodeSourceIn(u("Hej"), true, u("xx")); });
    QVERIFY2(unknown.contains(u("source language 'xx'")) && unknown.contains(u("__af__")) &&
                 unknown.contains(u("(100 in all)")), qPrintable(unknown));
    const QString wmt = errorOf([&] { tokenizer(QStringLiteral("wmt21")).languageTokenId(u("da")); });
    QVERIFY2(wmt.contains(u("target language 'da'")) && wmt.contains(u("__en__, __ha__")), qPrintable(wmt));
}

void M2M100TokenizerTest::targetNeedsALanguage() {
    // The Hub's folder names no tgt_lang: transformers cannot encode a target without one.
    const M2M100Tokenizer& hub = tokenizer(QStringLiteral("hub"));
    QVERIFY(hub.defaultLanguages().target.isEmpty());
    QCOMPARE(hub.languageTokenId(QString()), -1);
    const QString message = errorOf([&] { hub.encodeTarget(u("Hello"), true); });
    QVERIFY2(message.contains(u("tgt_lang")), qPrintable(message));
    QCOMPARE(hub.encodeTargetIn(u("Hello"), true, {QString(), u("zh")}).ids.front(), hub.languageTokenId(u("__zh__")));
}

void M2M100TokenizerTest::brokenSettings_data() {
    QTest::addColumn<QByteArray>("config");
    QTest::addColumn<QString>("expected");
    QTest::newRow("unknown list") << QByteArray(R"({"language_codes": "m2m200"})") << u("language_codes is \"m2m200\"");
    QTest::newRow("unknown src_lang") << QByteArray(R"({"src_lang": "xx"})") << u("src_lang is \"xx\"");
    QTest::newRow("wmt21 lacks da") << QByteArray(R"({"language_codes": "wmt21", "tgt_lang": "da"})")
                                    << u("tgt_lang is \"da\"");
    QTest::newRow("no unk in vocab") << QByteArray(R"({"unk_token": "<oov>"})") << u("has no \"<oov>\"");
}

void M2M100TokenizerTest::brokenSettings() {
    QFETCH(QByteArray, config);
    QFETCH(QString, expected);
    QTemporaryDir dir;
    const QString folder = folderWithConfig(dir, config);
    const QString message = errorOf([&] { loadM2M100Tokenizer(folder); });
    QVERIFY2(message.contains(expected) &&
                 (message.contains(u("tokenizer_config.json")) || message.contains(u("vocab.json"))),
             qPrintable(message));
}

QTEST_GUILESS_MAIN(M2M100TokenizerTest)
#include "tst_m2m100tokenizer.moc"
