// loadGgufTokenizer on the vocab-only GGUF files of tests/fixtures/gguf/tokenizers (written by
// make_gguf_tokenizers.py from the tokenizer.json fixtures, as llama.cpp's convert_hf_to_gguf.py
// would): every golden string of tests/golden/tokenizers (Hugging Face's Tokenizers.js) gives the
// golden ids and pieces with and without special tokens, and the same as the tokenizer.json twin.
// Where llama.cpp and Hugging Face differ by design, the difference is tested on its own:
// - Llama-3: this tokenizer.json's post-processor adds no <|begin_of_text|>; llama.cpp adds it for
//   the "llama-bpe" pre-tokenizer when the file does not say (convert writes no add_bos_token
//   for it): the GGUF encoding is BOS + the golden one.
// - Qwen3: tokenizer.json normalizes to NFC, llama.cpp does not normalize: the GGUF encoding of
//   NFC(text) is the golden encoding of text.
// The "default", "deepseek-coder", "falcon", "smollm" and "deepseek-llm" pre-tokenizers run on gpt2.gguf against
// pre_golden.json: the ids Tokenizers.js gives with those pre-tokenizers in front of GPT-2's
// vocabulary.

#include <memory>

#include <QJsonArray>
#include <QJsonObject>
#include <QtTest>

#include "core/HeadmapError.h"
#include "formats/GgufFile.h"
#include "tokenizers/GgufPreTokenizers.h"
#include "tokenizers/GgufTokenizer.h"
#include "tokenizers/HfTokenizerLoader.h"
#include "tokenizers/TokenizerFiles.h"
#include "TokenGolden.h"

using namespace headmap;
using namespace tokentest;

namespace {

const QStringList kFixtures{QStringLiteral("llama2"), QStringLiteral("gpt2"), QStringLiteral("llama3"),
                            QStringLiteral("qwen3")};

QString ggufPath(const QString& name) {
    return QStringLiteral(HEADMAP_FIXTURES_DIR "/gguf/tokenizers/%1.gguf").arg(name);
}

std::vector<int> withBos(int bos, std::vector<int> ids) {
    ids.insert(ids.begin(), bos);
    return ids;
}

// What the GGUF tokenizer must give for a golden case, and the text it is given.
struct Expected {
    QString text;
    std::vector<int> ids;
    QStringList tokens;
    std::vector<int> idsNoSpecial;
    QStringList tokensNoSpecial;
};

Expected expectedFor(const QString& name, const GoldenCase& golden) {
    Expected expected{golden.text, golden.ids, golden.tokens, golden.idsNoSpecial, golden.tokensNoSpecial};
    if (name == QLatin1String("llama3")) {
        expected.ids = withBos(128000, golden.ids);
        expected.tokens.prepend(QStringLiteral("<|begin_of_text|>"));
    } else if (name == QLatin1String("qwen3")) {
        expected.text = golden.text.normalized(QString::NormalizationForm_C);
    }
    return expected;
}

}  // namespace

class GgufTokenizerTest : public QObject {
    Q_OBJECT

private slots:
    void initTestCase();
    void goldenSingle_data();
    void goldenSingle();
    void goldenPair_data();
    void goldenPair();
    void summary();
    void preTokenizerGolden_data();
    void preTokenizerGolden();
    void pieceStyle_data();
    void pieceStyle();
    void llamaCppDifferences();
    void brokenPatternIsAModelError();

private:
    const Tokenizer& gguf(const QString& name) const { return *m_gguf.value(name); }
    const Tokenizer& twin(const QString& name) const { return *m_twins.value(name); }
    QHash<QString, std::shared_ptr<Tokenizer>> m_gguf;
    QHash<QString, std::shared_ptr<Tokenizer>> m_twins;
    QHash<QString, GoldenSet> m_golden;
    QHash<QString, std::shared_ptr<Tokenizer>> m_gpt2WithPre;  // gpt2.gguf, tokenizer.ggml.pre changed
};

void GgufTokenizerTest::initTestCase() {
    for (const QString& name : kFixtures) {
        try {
            const GgufFile file(ggufPath(name));
            m_gguf.insert(name, std::shared_ptr<Tokenizer>(loadGgufTokenizer(file)));
            m_twins.insert(name, std::shared_ptr<Tokenizer>(loadHfTokenizer(fixtureFolder(name), TokenizerLoadOptions{})));
        } catch (const HeadmapError& error) {
            QFAIL(error.what());
        }
        m_golden.insert(name, loadGolden(name));
    }
    // gpt2.gguf's metadata with another tokenizer.ggml.pre, for pre_golden.json.
    const GgufFile gpt2(ggufPath(u"gpt2"_qs));
    for (const QString& pre : {u"default"_qs, u"deepseek-coder"_qs, u"falcon"_qs, u"smollm"_qs, u"deepseek-llm"_qs}) {
        GgufMetadata metadata(gpt2.path());
        for (const QString& key : gpt2.metadata().keys())
            metadata.insert(key, key == QLatin1String("tokenizer.ggml.pre") ? GgufValue::fromString(pre.toUtf8())
                                                                             : gpt2.metadata().value(key));
        try {
            m_gpt2WithPre.insert(pre, std::shared_ptr<Tokenizer>(loadGgufTokenizer(metadata, gpt2.path())));
        } catch (const HeadmapError& error) {
            QFAIL(error.what());
        }
    }
}

void GgufTokenizerTest::goldenSingle_data() {
    addGoldenRows(m_golden, kFixtures, false);
}

void GgufTokenizerTest::goldenSingle() {
    QFETCH(QString, name);
    QFETCH(GoldenCase, golden);
    const Expected expected = expectedFor(name, golden);
    const Encoding withSpecial = gguf(name).encode(expected.text, true);
    QCOMPARE(joinIds(withSpecial.ids), joinIds(expected.ids));
    QCOMPARE(joinTokens(withSpecial.tokens), joinTokens(expected.tokens));
    const Encoding plain = gguf(name).encode(expected.text, false);
    QCOMPARE(joinIds(plain.ids), joinIds(expected.idsNoSpecial));
    QCOMPARE(joinTokens(plain.tokens), joinTokens(expected.tokensNoSpecial));
    // The tokenizer.json twin agrees, labels included.
    const Encoding twinPlain = twin(name).encode(golden.text, false);
    QCOMPARE(joinIds(plain.ids), joinIds(twinPlain.ids));
    QCOMPARE(joinTokens(plain.displayTokens), joinTokens(twinPlain.displayTokens));
}

void GgufTokenizerTest::goldenPair_data() {
    addGoldenRows(m_golden, kFixtures, true);
}

void GgufTokenizerTest::goldenPair() {
    QFETCH(QString, name);
    QFETCH(GoldenCase, golden);
    const bool nfc = name == QLatin1String("qwen3");
    const Encoding pair = gguf(name).encodePair(nfc ? golden.text.normalized(QString::NormalizationForm_C) : golden.text,
                                                nfc ? golden.textPair.normalized(QString::NormalizationForm_C) : golden.textPair,
                                                true);
    std::vector<int> ids = golden.ids;
    std::vector<int> typeIds = golden.typeIds;
    if (name == QLatin1String("llama3")) {
        // BOS in front of each sentence, as Llama-2's template does (llama.cpp has no pairs).
        const qsizetype firstLength = golden.typeIds.end() - std::find(golden.typeIds.begin(), golden.typeIds.end(), 1);
        const auto split = ids.end() - firstLength;
        ids.insert(split, 128000);
        ids.insert(ids.begin(), 128000);
        const auto splitTypes = typeIds.end() - firstLength;
        typeIds.insert(splitTypes, 1);
        typeIds.insert(typeIds.begin(), 0);
    }
    QCOMPARE(joinIds(pair.ids), joinIds(ids));
    QCOMPARE(joinIds(typeIdsOf(pair)), joinIds(typeIds));
}

void GgufTokenizerTest::summary() {
    // One line per tokenizer for the log: how many strings were compared, how many differ.
    int allMismatches = 0;
    for (const QString& name : kFixtures) {
        int compared = 0;
        int mismatches = 0;
        for (const GoldenCase& golden : m_golden.value(name).cases) {
            const Expected expected = expectedFor(name, golden);
            compared += 2;
            mismatches += gguf(name).encode(expected.text, true).ids != expected.ids;
            mismatches += gguf(name).encode(expected.text, false).ids != expected.idsNoSpecial;
        }
        qInfo("%s: %d encodings of %zu golden strings compared, %d mismatches", qPrintable(name), compared,
              m_golden.value(name).cases.size(), mismatches);
        allMismatches += mismatches;
    }
    QCOMPARE(allMismatches, 0);
}

void GgufTokenizerTest::preTokenizerGolden_data() {
    // GPT-2's vocabulary behind llama.cpp's "default" list, SmolLM's and deepseek-llm's pre-tokenizers, encoded by
    // Tokenizers.js (make_pre_golden.mjs): tests the regex lists on real merges.
    QTest::addColumn<QString>("pre");
    QTest::addColumn<QString>("text");
    QTest::addColumn<QString>("ids");
    const QJsonObject root = tokenizerfiles::readJsonObject(
        QStringLiteral(HEADMAP_FIXTURES_DIR "/gguf/tokenizers/pre_golden.json"));
    for (const QJsonValue& item : root.value(QLatin1String("cases")).toArray()) {
        const QJsonObject object = item.toObject();
        std::vector<int> ids;
        for (const QJsonValue& id : object.value(QLatin1String("ids")).toArray())
            ids.push_back(id.toInt());
        const QString pre = object.value(QLatin1String("pre")).toString();
        QTest::addRow("%s: %s", qPrintable(pre), qPrintable(object.value(QLatin1String("name")).toString()))
            << pre << object.value(QLatin1String("text")).toString() << joinIds(ids);
    }
}

void GgufTokenizerTest::preTokenizerGolden() {
    QFETCH(QString, pre);
    QFETCH(QString, text);
    QFETCH(QString, ids);
    QCOMPARE(joinIds(m_gpt2WithPre.value(pre)->encode(text, false).ids), ids);
}

void GgufTokenizerTest::pieceStyle_data() {
    QTest::addColumn<QString>("name");
    QTest::addColumn<int>("style");
    QTest::addColumn<int>("vocabSize");
    QTest::newRow("llama2") << u"llama2"_qs << int(PieceStyle::SentencePiece) << 32000;
    QTest::newRow("gpt2") << u"gpt2"_qs << int(PieceStyle::ByteLevel) << 50257;
    QTest::newRow("llama3") << u"llama3"_qs << int(PieceStyle::ByteLevel) << 128256;
    QTest::newRow("qwen3") << u"qwen3"_qs << int(PieceStyle::ByteLevel) << 151669;
}

void GgufTokenizerTest::pieceStyle() {
    QFETCH(QString, name);
    QFETCH(int, style);
    QFETCH(int, vocabSize);
    QCOMPARE(int(gguf(name).pieceStyle()), style);
    QCOMPARE(int(gguf(name).pieceStyle()), int(twin(name).pieceStyle()));
    QCOMPARE(gguf(name).vocabSize(), vocabSize);
    // Labels of ids given directly read as the twin's.
    const std::vector<int> ids = gguf(name).encode(QStringLiteral("Hej verden, 多 𪚥!"), true).ids;
    QCOMPARE(gguf(name).fromIds(ids).displayTokens, twin(name).fromIds(ids).displayTokens);
}

void GgufTokenizerTest::llamaCppDifferences() {
    // Llama-3: BOS from llama.cpp's default for "llama-bpe".
    QCOMPARE(joinIds(gguf(u"llama3"_qs).encode(u"Hello"_qs, true).ids), u"128000,9906"_qs);
    QCOMPARE(joinIds(twin(u"llama3"_qs).encode(u"Hello"_qs, true).ids), u"9906"_qs);
    // Qwen3: no NFC. "é" written as e + U+0301 stays two characters.
    const QString decomposed = QStringLiteral("caf") + QChar(u'e') + QChar(0x0301);
    QVERIFY(gguf(u"qwen3"_qs).encode(decomposed, false).ids != twin(u"qwen3"_qs).encode(decomposed, false).ids);
    QCOMPARE(gguf(u"qwen3"_qs).encode(decomposed.normalized(QString::NormalizationForm_C), false).ids,
             twin(u"qwen3"_qs).encode(decomposed, false).ids);
}

// A pattern of Headmap's own that does not compile (a bug, or a PCRE2 without a feature) is an
// error of the engine's family, naming the preset and the pattern, not a std::logic_error that
// only a generic catch sees. Every real preset compiles.
void GgufTokenizerTest::brokenPatternIsAModelError() {
    try {
        ggufSplitStep(u"llama-bpe"_qs, u"(\\p{L}+"_qs);
        QFAIL("an invalid pattern was accepted");
    } catch (const ModelError& error) {
        QVERIFY2(error.message().startsWith(u"the GGUF pre-tokenizer 'llama-bpe' cannot be built: its pattern '(\\p{L}+' does not compile ("_qs),
                 qPrintable(error.message()));
        QVERIFY2(error.message().contains(u"bug in Headmap"_qs), qPrintable(error.message()));
    }
    for (const QString& pre : supportedGgufPreTokenizers().split(u", "_qs))
        QVERIFY2(ggufPreTokenizer(pre).preTokenizer, qPrintable(pre));
}

QTEST_GUILESS_MAIN(GgufTokenizerTest)
#include "tst_gguftokenizer.moc"
