// The tokenizer.json files of today's decoder models, byte-identical to those users download:
// Llama-2 (Prepend + Replace normalizers, BPE with byte_fallback and fuse_unk, BOS template),
// Llama-3 and Qwen3 (a Split regex run on PCRE2, then ByteLevel without its regex; ignore_merges;
// NFC) and Gemma-3 (Replace, Split on a string, byte_fallback, a 262k vocabulary). Every golden
// string of tests/golden/tokenizers/<name>.json (made with Hugging Face's Tokenizers.js) gives the
// same ids and pieces with and without special tokens, and as pairs; plus readable labels for
// "▁" and "<0xE5>" pieces, the Split behaviours and Metaspace on their own, and the message for
// folders with only a SentencePiece tokenizer.model.

#include <memory>

#include <QtTest>

#include "core/HeadmapError.h"
#include "tokenizers/HfTokenizerLoader.h"
#include "tokenizers/SplitPreTokenizers.h"
#include "TokenGolden.h"

using namespace headmap;
using namespace tokentest;

namespace {

const QStringList kTokenizers{QStringLiteral("llama2"), QStringLiteral("llama3"), QStringLiteral("qwen3"),
                              QStringLiteral("gemma3")};

QString u(const char* text) {
    return QString::fromUtf8(text);
}

QStringList words(const char* separated) {
    return u(separated).split(QLatin1Char('|'));
}

}  // namespace

class ModernTokenizersTest : public QObject {
    Q_OBJECT

private slots:
    void initTestCase();
    void goldenSingle_data();
    void goldenSingle();
    void goldenPair_data();
    void goldenPair();
    void displayTokens_data();
    void displayTokens();
    void splitBehaviors_data();
    void splitBehaviors();
    void metaspace_data();
    void metaspace();
    void sentencePieceOnlyFolder();

private:
    const Tokenizer& tokenizer(const QString& name) const { return *m_tokenizers.value(name); }
    QHash<QString, std::shared_ptr<Tokenizer>> m_tokenizers;
    QHash<QString, GoldenSet> m_golden;
};

void ModernTokenizersTest::initTestCase() {
    for (const QString& name : kTokenizers) {
        try {
            m_tokenizers.insert(name, std::shared_ptr<Tokenizer>(loadHfTokenizer(fixtureFolder(name), TokenizerLoadOptions{})));
        } catch (const HeadmapError& error) {
            QFAIL(error.what());
        }
        m_golden.insert(name, loadGolden(name));
        qInfo("%s: %zu golden strings, %zu pairs from %s", qPrintable(name), m_golden[name].cases.size(),
              m_golden[name].pairs.size(), qPrintable(m_golden[name].reference));
    }
}

void ModernTokenizersTest::goldenSingle_data() {
    addGoldenRows(m_golden, kTokenizers, false);
}

void ModernTokenizersTest::goldenSingle() {
    QFETCH(QString, name);
    QFETCH(GoldenCase, golden);
    checkGoldenSingle(tokenizer(name), golden);
}

void ModernTokenizersTest::goldenPair_data() {
    addGoldenRows(m_golden, kTokenizers, true);
}

void ModernTokenizersTest::goldenPair() {
    QFETCH(QString, name);
    QFETCH(GoldenCase, golden);
    checkGoldenPair(tokenizer(name), golden);
}

void ModernTokenizersTest::displayTokens_data() {
    QTest::addColumn<QString>("name");
    QTest::addColumn<QString>("text");
    QTest::addColumn<QStringList>("tokens");   // the raw pieces, '|'-separated
    QTest::addColumn<QStringList>("display");  // their labels
    // SentencePiece's ▁ reads as the byte-level labels' ␣; byte-fallback pieces of a character
    // show the character and which of its bytes they hold, ASCII bytes read as themselves.
    QTest::newRow("llama2 words") << u("llama2") << u("Hello world") << words("<s>|▁Hello|▁world")
                                  << words("<s>|␣Hello|␣world");
    QTest::newRow("llama2 byte fallback") << u("llama2") << u("𪚥") << words("<s>|▁|<0xF0>|<0xAA>|<0x9A>|<0xA5>")
                                          << words("<s>|␣|𪚥¹⁄₄|𪚥²⁄₄|𪚥³⁄₄|𪚥⁴⁄₄");
    QTest::newRow("llama2 newline byte") << u("llama2") << u("a\nb") << words("<s>|▁a|<0x0A>|b")
                                         << words("<s>|␣a|\\n|b");
    QTest::newRow("gemma3 spaces") << u("gemma3") << u("Hej verden") << words("<bos>|Hej|▁verden")
                                   << words("<bos>|Hej|␣verden");
    // This Llama-3 file's post-processor is ByteLevel: no <|begin_of_text|>.
    QTest::newRow("llama3 byte level") << u("llama3") << u("Hej verden") << words("He|j|Ġver|den") << words("He|j|␣ver|den");
}

void ModernTokenizersTest::displayTokens() {
    QFETCH(QString, name);
    QFETCH(QString, text);
    QFETCH(QStringList, tokens);
    QFETCH(QStringList, display);
    const Encoding encoding = tokenizer(name).encode(text, true);
    QCOMPARE(encoding.tokens, tokens);
    QCOMPARE(encoding.displayTokens, display);
    // fromIds names the ids the same way.
    QCOMPARE(tokenizer(name).fromIds(encoding.ids).displayTokens, display);
}

void ModernTokenizersTest::splitBehaviors_data() {
    // Rust's NormalizedString::split on "a-b--c" by "-" (expected words from its unit tests).
    QTest::addColumn<int>("behavior");
    QTest::addColumn<bool>("invert");
    QTest::addColumn<QStringList>("expected");
    QTest::newRow("Removed") << int(SplitBehavior::Removed) << false << words("a|b|c");
    QTest::newRow("Isolated") << int(SplitBehavior::Isolated) << false << words("a|-|b|-|-|c");
    QTest::newRow("MergedWithPrevious") << int(SplitBehavior::MergedWithPrevious) << false << words("a-|b-|-|c");
    QTest::newRow("MergedWithNext") << int(SplitBehavior::MergedWithNext) << false << words("a|-b|-|-c");
    QTest::newRow("Contiguous") << int(SplitBehavior::Contiguous) << false << words("a|-|b|--|c");
    QTest::newRow("Removed inverted") << int(SplitBehavior::Removed) << true << words("-|-|-");
    QTest::newRow("Isolated inverted") << int(SplitBehavior::Isolated) << true << words("a|-|b|-|-|c");
}

void ModernTokenizersTest::splitBehaviors() {
    QFETCH(int, behavior);
    QFETCH(bool, invert);
    QFETCH(QStringList, expected);
    const SplitPreTokenizer split(QRegularExpression(QStringLiteral("-")), SplitBehavior(behavior), invert);
    QCOMPARE(split.split(u("a-b--c")), expected);
}

void ModernTokenizersTest::metaspace_data() {
    QTest::addColumn<int>("scheme");
    QTest::addColumn<bool>("splitWords");
    QTest::addColumn<bool>("atStart");
    QTest::addColumn<QStringList>("expected");
    using P = MetaspacePreTokenizer::Prepend;
    QTest::newRow("always, split") << int(P::Always) << true << false << words("▁Hey|▁friend!|▁|▁how");
    QTest::newRow("first, at the start") << int(P::First) << true << true << words("▁Hey|▁friend!|▁|▁how");
    QTest::newRow("first, after an added token") << int(P::First) << true << false << words("Hey|▁friend!|▁|▁how");
    QTest::newRow("never") << int(P::Never) << true << true << words("Hey|▁friend!|▁|▁how");
    QTest::newRow("always, no split") << int(P::Always) << false << true << words("▁Hey▁friend!▁▁how");
}

void ModernTokenizersTest::metaspace() {
    QFETCH(int, scheme);
    QFETCH(bool, splitWords);
    QFETCH(bool, atStart);
    QFETCH(QStringList, expected);
    const MetaspacePreTokenizer metaspace(u("▁"), MetaspacePreTokenizer::Prepend(scheme), splitWords);
    QStringList found;
    metaspace.forEachWord(u("Hey friend!  how"), atStart, [&](const QString& word, bool) {
        found << word;
        return true;
    });
    QCOMPARE(found, expected);
}

void ModernTokenizersTest::sentencePieceOnlyFolder() {
    QTemporaryDir dir;
    QFile model(dir.filePath(u("tokenizer.model")));
    QVERIFY(model.open(QIODevice::WriteOnly));
    model.write("\x0a\x0b", 2);
    model.close();
    try {
        loadHfTokenizer(dir.path(), TokenizerLoadOptions{u("llama")});
        QFAIL("expected ModelError");
    } catch (const ModelError& error) {
        QVERIFY2(error.message().contains(u("tokenizer.model")), qPrintable(error.message()));
        QVERIFY2(error.message().contains(u("needs tokenizer.json")), qPrintable(error.message()));
    }
}

QTEST_GUILESS_MAIN(ModernTokenizersTest)
#include "tst_moderntokenizers.moc"
