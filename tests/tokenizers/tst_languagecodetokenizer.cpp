// NLLB, mBART-50 and mBART-25 tokenizer.json folders with a language chosen (tokenizers/LanguageCodeTokenizer,
// made by loadHfTokenizer from tokenizer_config.json's tokenizer_class) against
// tests/golden/tokenizers/languages.json: the Rust tokenizers library with the template that
// transformers' NllbTokenizer / MBart50Tokenizer / MBartTokenizer install for src_lang and tgt_lang
// (make_language_golden.mjs). Per case: source ids and tokens in the case's source language,
// target ids in its target language, the Rust decoder's text without special tokens, and for
// mBART-25 the decoder's input (modeling_mbart's shift_tokens_right: the language first). Then the
// codes, the defaults, bare codes and refusals.

#include <QtTest>

#include "TestFiles.h"
#include "TokenGolden.h"
#include "core/HeadmapError.h"
#include "tokenizers/HfTokenizerLoader.h"
#include "tokenizers/LanguageCodeTokenizer.h"
#include "tokenizers/TokenizerFiles.h"

using namespace headmap;
using namespace tokentest;

Q_DECLARE_METATYPE(std::vector<int>)

namespace {

const char* const kFolders[] = {"nllb", "nllb-legacy", "mbart-50", "mbart-25"};

QString languageFolder(const QString& name) {
    return fixtureFolder(QStringLiteral("languages/") + name);
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

QString errorOf(const std::function<void()>& call) {
    try {
        call();
    } catch (const HeadmapError& error) {
        return error.message();
    }
    return QString();
}

}  // namespace

class LanguageCodeTokenizerTest : public QObject {
    Q_OBJECT

private slots:
    void initTestCase();
    void codesAndDefaults_data();
    void codesAndDefaults();
    void encodesAsTransformers_data();
    void encodesAsTransformers();
    void bareCodes();
    void otherFoldersStayPlain();
    void brokenSettings();

private:
    const LanguageCodeTokenizer& tokenizer(const QString& folder) const {
        return dynamic_cast<const LanguageCodeTokenizer&>(*m_tokenizers.value(folder));
    }

    QJsonObject m_golden;
    QHash<QString, std::shared_ptr<Tokenizer>> m_tokenizers;
};

void LanguageCodeTokenizerTest::initTestCase() {
    m_golden = tokenizerfiles::readJsonObject(QStringLiteral(HEADMAP_GOLDEN_DIR "/tokenizers/languages.json"))
                   .value(QLatin1String("folders")).toObject();
    for (const char* folder : kFolders) {
        QVERIFY2(m_golden.contains(QLatin1String(folder)), folder);
        std::shared_ptr<Tokenizer> loaded = loadHfTokenizer(languageFolder(QLatin1String(folder)), {});
        QVERIFY2(dynamic_cast<LanguageCodeTokenizer*>(loaded.get()), folder);
        m_tokenizers.insert(QLatin1String(folder), loaded);
    }
}

void LanguageCodeTokenizerTest::codesAndDefaults_data() {
    QTest::addColumn<QString>("folder");
    QTest::addColumn<QStringList>("codes");
    const QStringList nllb{"dan_Latn", "eng_Latn", "fra_Latn", "zho_Hans", "zho_Hant"};
    QTest::newRow("nllb: additional_special_tokens") << QStringLiteral("nllb") << nllb;
    QTest::newRow("nllb-legacy: tokenizer.json's special tokens") << QStringLiteral("nllb-legacy") << nllb;
    const QStringList mbart = QStringLiteral("ar_AR cs_CZ de_DE en_XX es_XX et_EE fi_FI fr_XX gu_IN hi_IN it_IT ja_XX "
                                             "kk_KZ ko_KR lt_LT lv_LV my_MM ne_NP nl_XX ro_RO ru_RU si_LK tr_TR vi_VN "
                                             "zh_CN af_ZA az_AZ bn_IN fa_IR he_IL hr_HR id_ID ka_GE km_KH mk_MK ml_IN "
                                             "mn_MN mr_IN pl_PL ps_AF pt_XX sv_SE sw_KE ta_IN te_IN th_TH tl_XX uk_UA "
                                             "ur_PK xh_ZA gl_ES sl_SI").split(QLatin1Char(' '));
    QTest::newRow("mbart-50: the class's 52 codes") << QStringLiteral("mbart-50") << mbart;
    // MBartTokenizer's FAIRSEQ_LANGUAGE_CODES: the first 25 of mBART-50's, in the same order.
    QTest::newRow("mbart-25: the class's 25 codes") << QStringLiteral("mbart-25") << mbart.mid(0, 25);
}

void LanguageCodeTokenizerTest::codesAndDefaults() {
    QFETCH(QString, folder);
    QFETCH(QStringList, codes);
    const LanguageCodeTokenizer& t = tokenizer(folder);
    QCOMPARE(t.sourceLanguageCodes(), codes);
    QCOMPARE(t.targetLanguageCodes(), codes);
    const QJsonObject golden = m_golden.value(folder).toObject();
    QCOMPARE(t.defaultLanguages().source, golden.value(QLatin1String("default_source")).toString());
    QCOMPARE(t.defaultLanguages().target, golden.value(QLatin1String("default_target")).toString());
    for (const QString& code : codes)
        QCOMPARE(t.languageTokenId(code), *t.tokenToId(code));
}

void LanguageCodeTokenizerTest::encodesAsTransformers_data() {
    QTest::addColumn<QString>("folder");
    QTest::addColumn<QString>("text");
    QTest::addColumn<QString>("source");
    QTest::addColumn<QString>("target");
    QTest::addColumn<std::vector<int>>("ids");
    QTest::addColumn<QStringList>("tokens");
    QTest::addColumn<std::vector<int>>("targetIds");
    QTest::addColumn<QString>("decoded");
    QTest::addColumn<std::vector<int>>("decoderInput");
    int rows = 0;
    for (const char* folder : kFolders) {
        for (const QJsonValue& item : m_golden.value(QLatin1String(folder)).toObject().value(QLatin1String("cases")).toArray()) {
            const QJsonObject c = item.toObject();
            QTest::addRow("%s: %s", folder, qPrintable(c.value(QLatin1String("name")).toString()))
                << QString::fromLatin1(folder) << c.value(QLatin1String("text")).toString()
                << c.value(QLatin1String("src_lang")).toString() << c.value(QLatin1String("tgt_lang")).toString()
                << intsOf(c.value(QLatin1String("ids"))) << stringsOf(c.value(QLatin1String("tokens")))
                << intsOf(c.value(QLatin1String("target_ids"))) << c.value(QLatin1String("decode_skip")).toString()
                << intsOf(c.value(QLatin1String("decoder_input_ids")));
            ++rows;
        }
    }
    QVERIFY2(rows > 800, qPrintable(QString::number(rows)));
}

void LanguageCodeTokenizerTest::encodesAsTransformers() {
    QFETCH(QString, folder);
    QFETCH(QString, text);
    QFETCH(QString, source);
    QFETCH(QString, target);
    QFETCH(std::vector<int>, ids);
    QFETCH(QStringList, tokens);
    QFETCH(std::vector<int>, targetIds);
    QFETCH(QString, decoded);
    QFETCH(std::vector<int>, decoderInput);
    const LanguageCodeTokenizer& t = tokenizer(folder);
    const Encoding encoded = t.encodeSourceIn(text, true, source);
    QCOMPARE(joinIds(encoded.ids), joinIds(ids));
    QCOMPARE(joinTokens(encoded.tokens), joinTokens(tokens));
    if (source.isEmpty())
        QCOMPARE(joinIds(t.encode(text, true).ids), joinIds(ids));
    QCOMPARE(joinIds(t.encodeTargetIn(text, true, {source, target}).ids), joinIds(targetIds));
    QCOMPARE(t.decodeTarget(targetIds, true), decoded);
    // mBART-25's decoder starts with the target language (shift_tokens_right of the labels);
    // the other families keep decoder_start_token_id.
    const int start = t.decoderStartTokenId({source, target});
    if (decoderInput.empty()) {
        QCOMPARE(start, -1);
    } else {
        std::vector<int> shifted{start};
        shifted.insert(shifted.end(), targetIds.begin(), targetIds.end() - 1);
        QCOMPARE(joinIds(shifted), joinIds(decoderInput));
    }
}

void LanguageCodeTokenizerTest::bareCodes() {
    const LanguageCodeTokenizer& nllb = tokenizer(QStringLiteral("nllb"));
    QCOMPARE(nllb.encodeSourceIn(QStringLiteral("Hej"), true, QStringLiteral("dan")).ids,
             nllb.encodeSourceIn(QStringLiteral("Hej"), true, QStringLiteral("dan_Latn")).ids);
    const QString ambiguous = errorOf([&] { nllb.languageTokenId(QStringLiteral("zho")); });
    QVERIFY2(ambiguous.contains(QStringLiteral("zho_Hans, zho_Hant")), qPrintable(ambiguous));
    const LanguageCodeTokenizer& mbart = tokenizer(QStringLiteral("mbart-50"));
    QCOMPARE(mbart.languageTokenId(QStringLiteral("zh")), *mbart.tokenToId(QStringLiteral("zh_CN")));
    // da_DK is not one of mBART-50's languages.
    const QString unknown = errorOf([&] { mbart.languageTokenId(QStringLiteral("da_DK")); });
    QVERIFY2(unknown.contains(QStringLiteral("da_DK")) && unknown.contains(QStringLiteral("ar_AR")), qPrintable(unknown));
}

void LanguageCodeTokenizerTest::otherFoldersStayPlain() {
    // The unigram fixtures have no tokenizer_config.json: their own templates are used.
    const std::unique_ptr<Tokenizer> plain = loadHfTokenizer(fixtureFolder(QStringLiteral("unigram/nllb")), {});
    QVERIFY(!dynamic_cast<LanguageCodeTokenizer*>(plain.get()));
}

void LanguageCodeTokenizerTest::brokenSettings() {
    QTemporaryDir dir;
    QVERIFY(QFile::copy(languageFolder(QStringLiteral("nllb")) + QStringLiteral("/tokenizer.json"),
                        dir.filePath(QStringLiteral("tokenizer.json"))));
    QFile config(dir.filePath(QStringLiteral("tokenizer_config.json")));
    QVERIFY(config.open(QIODevice::WriteOnly));
    config.write(R"({"tokenizer_class": "NllbTokenizerFast", "src_lang": "deu_Latn"})");
    config.close();
    const QString message = errorOf([&] { loadHfTokenizer(dir.path(), {}); });
    QVERIFY2(message.contains(QStringLiteral("src_lang is \"deu_Latn\"")) &&
                 message.contains(QStringLiteral("tokenizer_config.json")), qPrintable(message));
}

QTEST_GUILESS_MAIN(LanguageCodeTokenizerTest)
#include "tst_languagecodetokenizer.moc"
