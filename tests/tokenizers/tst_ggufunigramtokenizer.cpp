// llama.cpp's "t5" (UGM) tokenizer (tokenizers/GgufUnigramTokenizer) on
// tests/fixtures/gguf/tokenizers/t5.gguf, the spiece.model of tests/fixtures/tokenizers/t5 written
// as convert_hf_to_gguf.py writes T5 files (make_t5_gguf_tokenizer.py): every text of
// tests/golden/tokenizers/t5_spiece.json's "noextra" folder (transformers' sentencepiece class on
// the same model, with only </s>, <unk> and <pad> special, as llama.cpp's control and unknown
// tokens are) gives the same ids with the EOS llama.cpp adds; decoding the ids skipping special
// tokens gives transformers' text wherever no unknown token stands in it (llama.cpp writes none
// for one, transformers "<unk>" or nothing); the settings keys change what they should; a broken
// charsmap is refused naming the key.

#include <memory>

#include <QJsonArray>
#include <QJsonObject>
#include <QtTest>

#include "core/HeadmapError.h"
#include "formats/GgufFile.h"
#include "formats/GgufMetadata.h"
#include "tokenizers/GgufTokenizer.h"
#include "tokenizers/GgufUnigramTokenizer.h"
#include "tokenizers/TokenizerFiles.h"
#include "TokenGolden.h"

using namespace headmap;
using namespace tokentest;

Q_DECLARE_METATYPE(std::vector<int>)

namespace {

QString u(const char* text) {
    return QString::fromUtf8(text);
}

QString t5Gguf() {
    return QStringLiteral(HEADMAP_FIXTURES_DIR "/gguf/tokenizers/t5.gguf");
}

std::vector<int> intsOf(const QJsonValue& value) {
    std::vector<int> ints;
    for (const QJsonValue& item : value.toArray())
        ints.push_back(item.toInt());
    return ints;
}

// The file's metadata with one key replaced (or added).
GgufMetadata metadataWith(const GgufMetadata& original, const QString& key, GgufValue value) {
    GgufMetadata changed(t5Gguf());
    changed.insert(key, std::move(value));
    for (const QString& name : original.keys())
        changed.insert(name, original.value(name));
    return changed;
}

}  // namespace

class GgufUnigramTokenizerTest : public QObject {
    Q_OBJECT

private slots:
    void initTestCase();
    void loaderPicksUnigram();
    void encodesAsSentencePiece_data();
    void encodesAsSentencePiece();
    void settingsKeys();
    void brokenCharsMap();

private:
    std::unique_ptr<GgufFile> m_file;
    std::unique_ptr<Tokenizer> m_tokenizer;
    QJsonArray m_cases;
};

void GgufUnigramTokenizerTest::initTestCase() {
    m_file = std::make_unique<GgufFile>(t5Gguf());
    m_tokenizer = loadGgufTokenizer(*m_file);
    m_cases = tokenizerfiles::readJsonObject(QStringLiteral(HEADMAP_GOLDEN_DIR "/tokenizers/t5_spiece.json"))
                  .value(QLatin1String("folders")).toObject().value(QLatin1String("noextra")).toObject()
                  .value(QLatin1String("cases")).toArray();
    QVERIFY2(m_cases.size() > 300, qPrintable(QString::number(m_cases.size())));
}

void GgufUnigramTokenizerTest::loaderPicksUnigram() {
    QVERIFY(dynamic_cast<const GgufUnigramTokenizer*>(m_tokenizer.get()));
    QCOMPARE(m_tokenizer->vocabSize(), 900);  // 800 pieces and the converter's [PAD800]..[PAD899]
    QCOMPARE(m_tokenizer->pieceStyle(), PieceStyle::SentencePiece);
    QCOMPARE(m_tokenizer->tokenToId(u("</s>")).value_or(-1), 1);
    QCOMPARE(m_tokenizer->fromIds({899}).tokens.front(), u("[PAD899]"));
}

void GgufUnigramTokenizerTest::encodesAsSentencePiece_data() {
    QTest::addColumn<QString>("text");
    QTest::addColumn<std::vector<int>>("ids");
    QTest::addColumn<QString>("decodedSkip");
    for (const QJsonValue& item : m_cases) {
        const QJsonObject c = item.toObject();
        QTest::addRow("%s", qPrintable(c.value(QLatin1String("name")).toString()))
            << c.value(QLatin1String("text")).toString() << intsOf(c.value(QLatin1String("ids")))
            << c.value(QLatin1String("decode_skip")).toString();
    }
}

void GgufUnigramTokenizerTest::encodesAsSentencePiece() {
    QFETCH(QString, text);
    QFETCH(std::vector<int>, ids);
    QFETCH(QString, decodedSkip);
    const auto& t5 = dynamic_cast<const GgufUnigramTokenizer&>(*m_tokenizer);
    const Encoding encoded = t5.encode(text, true);
    QCOMPARE(joinIds(encoded.ids), joinIds(ids));
    QCOMPARE(encoded.special.back(), true);  // EOS, add_eos_token's default for "t5"
    QCOMPARE(joinIds(t5.encode(text, false).ids), joinIds(std::vector<int>(ids.begin(), ids.end() - 1)));
    // llama_detokenize drops the final EOS and the first leading space; transformers strips both
    // ends and writes "<unk>" only when not skipping: equal where no unknown or padding id is.
    const bool plain = std::none_of(ids.begin(), ids.end() - 1, [](int id) { return id <= 2; });
    if (plain && decodedSkip == decodedSkip.trimmed())
        QCOMPARE(t5.decodeTarget(ids, true), decodedSkip);
}

void GgufUnigramTokenizerTest::settingsKeys() {
    const GgufMetadata& metadata = m_file->metadata();
    // add_eos_token false: no EOS; add_bos_token true needs a BOS id, which "t5" has none of.
    const auto noEos = loadGgufTokenizer(metadataWith(metadata, ggufkeys::kAddEos, GgufValue::fromBool(false)),
                                         t5Gguf());
    QCOMPARE(joinIds(noEos->encode(u("Hej"), true).ids), joinIds(m_tokenizer->encode(u("Hej"), false).ids));
    try {
        loadGgufTokenizer(metadataWith(metadata, ggufkeys::kAddBos, GgufValue::fromBool(true)), t5Gguf());
        QFAIL("add_bos_token without a BOS id was accepted");
    } catch (const ModelError& error) {
        QVERIFY2(error.message().contains(ggufkeys::kBosId), qPrintable(error.message()));
    }
    // remove_extra_whitespaces false (llama.cpp's default without the key): every space is a "▁".
    const auto spaces = loadGgufTokenizer(
        metadataWith(metadata, ggufkeys::kRemoveExtraWhitespaces, GgufValue::fromBool(false)), t5Gguf());
    const Encoding kept = spaces->encode(u("a  b"), false);
    const Encoding merged = m_tokenizer->encode(u("a  b"), false);
    QVERIFY2(kept.size() > merged.size(), qPrintable(joinTokens(kept.tokens) + u(" vs ") + joinTokens(merged.tokens)));
    QCOMPARE(kept.tokens.join(QString()).count(QChar(0x2581)), 3);
}

void GgufUnigramTokenizerTest::brokenCharsMap() {
    const GgufMetadata& metadata = m_file->metadata();
    const GgufMetadata changed = metadataWith(
        metadata, ggufkeys::kPrecompiledCharsMap,
        GgufValue::fromArray(GgufValueType::UInt8, {GgufValue::fromUnsigned(GgufValueType::UInt8, 255),
                                                    GgufValue::fromUnsigned(GgufValueType::UInt8, 0)}));
    try {
        loadGgufTokenizer(changed, t5Gguf());
        QFAIL("a two-byte charsmap was accepted");
    } catch (const ModelError& error) {
        QVERIFY2(error.message().contains(ggufkeys::kPrecompiledCharsMap) && error.message().contains(u("t5.gguf")),
                 qPrintable(error.message()));
    }
}

QTEST_GUILESS_MAIN(GgufUnigramTokenizerTest)
#include "tst_ggufunigramtokenizer.moc"
