// Byte-level BPE tokenizers as GPT2TokenizerFast and RobertaTokenizerFast run them: every golden
// string of tests/golden/tokenizers/{gpt2,roberta}.json (made with Hugging Face's Tokenizers.js)
// gives the same ids and tokens, singly and as pairs; plus the parts: the byte alphabet and
// readable labels, the GPT-2 split, BPE merging by rank, and the word cache.

#include <memory>
#include <thread>

#include <QtTest>

#include "core/HeadmapError.h"
#include "tokenizers/BpeModel.h"
#include "tokenizers/ByteLevelAlphabet.h"
#include "tokenizers/Gpt2Split.h"
#include "tokenizers/HfTokenizerLoader.h"
#include "TokenGolden.h"

using namespace headmap;
using namespace tokentest;

Q_DECLARE_METATYPE(std::vector<int>)

namespace {

const QStringList kTokenizers{QStringLiteral("gpt2"), QStringLiteral("roberta")};

QString u(const char* text) {
    return QString::fromUtf8(text);
}

QStringList words(const char* spaced) {
    return u(spaced).split(QLatin1Char(' '), Qt::SkipEmptyParts);
}

std::unique_ptr<Tokenizer> load(const QString& name) {
    return loadHfTokenizer(fixtureFolder(name), TokenizerLoadOptions{name});
}

// About 1000 GPT-2 tokens (700 BERT tokens) of Danish and English prose, code and Chinese.
QString longText() {
    QString text;
    for (const GoldenCase& c : loadGolden(QStringLiteral("gpt2")).cases)
        if (c.name.startsWith(QLatin1String("danish")) || c.name.startsWith(QLatin1String("code")) ||
            c.name.startsWith(QLatin1String("chinese")) || c.name.startsWith(QLatin1String("mixed")))
            text += c.text + QLatin1Char('\n');
    return text;
}

}  // namespace

class ByteLevelBpeTokenizerTest : public QObject {
    Q_OBJECT

private slots:
    void initTestCase();
    void goldenSingle_data();
    void goldenSingle();
    void goldenPair_data();
    void goldenPair();
    void alphabetCoversEveryByte();
    void displayLabels_data();
    void displayLabels();
    void displayTokensOfSplitCharacters();
    void gpt2Split_data();
    void gpt2Split();
    void bpeMergesByRank_data();
    void bpeMergesByRank();
    void bpeUnknownCharacters();
    void bpeRejectsMergesOutsideVocabulary();
    void robertaMaskTakesTheSpaceBefore();
    void prefixSpaceOption();
    void fromIdsAndTokenToId();
    void cacheIsSafeAcrossThreads();
    void longTextCachedEqualsFresh();

private:
    const Tokenizer& tokenizer(const QString& name) const { return *m_tokenizers.value(name); }
    QHash<QString, std::shared_ptr<Tokenizer>> m_tokenizers;
    QHash<QString, GoldenSet> m_golden;
};

void ByteLevelBpeTokenizerTest::initTestCase() {
    for (const QString& name : kTokenizers) {
        m_tokenizers.insert(name, load(name));
        m_golden.insert(name, loadGolden(name));
        qInfo("%s: %zu golden strings, %zu pairs from %s", qPrintable(name), m_golden[name].cases.size(),
              m_golden[name].pairs.size(), qPrintable(m_golden[name].reference));
    }
}

void ByteLevelBpeTokenizerTest::goldenSingle_data() {
    addGoldenRows(m_golden, kTokenizers, false);
}

void ByteLevelBpeTokenizerTest::goldenSingle() {
    QFETCH(QString, name);
    QFETCH(GoldenCase, golden);
    checkGoldenSingle(tokenizer(name), golden);
    if (QTest::currentTestFailed() || name != QLatin1String("gpt2"))
        return;
    // The readable labels spell the text again (byte-level BPE loses nothing).
    QByteArray bytes;
    for (const QString& token : tokenizer(name).encode(golden.text, false).tokens)
        bytes += bytelevel::decode(token);
    QCOMPARE(QString::fromUtf8(bytes), golden.text);
}

void ByteLevelBpeTokenizerTest::goldenPair_data() {
    addGoldenRows(m_golden, kTokenizers, true);
}

void ByteLevelBpeTokenizerTest::goldenPair() {
    QFETCH(QString, name);
    QFETCH(GoldenCase, golden);
    checkGoldenPair(tokenizer(name), golden);
}

void ByteLevelBpeTokenizerTest::alphabetCoversEveryByte() {
    QByteArray all;
    for (int b = 0; b < 256; ++b)
        all.append(char(b));
    const QString alphabet = bytelevel::encodeBytes(all);
    QCOMPARE(alphabet.size(), 256);
    QSet<QChar> distinct;
    for (QChar c : alphabet) {
        distinct.insert(c);
        QVERIFY2(c.isPrint() && !c.isSpace(), qPrintable(QString::number(c.unicode(), 16)));
    }
    QCOMPARE(distinct.size(), 256);
    QCOMPARE(bytelevel::decode(alphabet), all);

    QCOMPARE(bytelevel::encode(u(" ")), u("Ġ"));
    QCOMPARE(bytelevel::encode(u("\n")), u("Ċ"));
    QCOMPARE(bytelevel::encode(u("\t")), u("ĉ"));
    QCOMPARE(bytelevel::encode(u("é")), u("Ã©"));
    QCOMPARE(bytelevel::encode(u("A~")), u("A~"));
    QCOMPARE(bytelevel::encode(u("\xC2\xA0")), u("Âł"));  // NBSP is C2 A0, and A0 is moved
    const QString text = u("Hej verden, 你好 👍🏽\t\x01");
    QCOMPARE(bytelevel::decode(bytelevel::encode(text)), text.toUtf8());
}

void ByteLevelBpeTokenizerTest::displayLabels_data() {
    QTest::addColumn<QString>("piece");
    QTest::addColumn<QString>("label");
    QTest::newRow("leading space") << u("Ġthe") << u("␣the");
    QTest::newRow("accent") << u("ĠcafÃ©") << u("␣café");
    QTest::newRow("space run") << u("ĠĠĠ") << u("␣␣␣");
    QTest::newRow("newline") << u("Ċ") << u("\\n");
    QTest::newRow("tab and return") << u("ĉč") << u("\\t\\r");
    QTest::newRow("first half of a character") << u("æľ") << u("<0xE6><0x9C>");
    QTest::newRow("last byte of a character") << u("¬") << u("<0xAC>");
    QTest::newRow("letter then half a character") << u("aæľ") << u("a<0xE6><0x9C>");
    QTest::newRow("nul byte") << u("Ā") << u("<0x00>");
    QTest::newRow("delete byte") << u("ġ") << u("<0x7F>");
    QTest::newRow("lone byte FF") << u("ÿ") << u("<0xFF>");
    QTest::newRow("whole chinese character") << u("æ³¨") << u("注");
    // U+FEFF is kept, not dropped as a byte order mark would be: a label is never empty.
    QTest::newRow("byte order mark") << u("ï»¿") << QString(QChar(0xFEFF));
    QTest::newRow("whole emoji") << u("ðŁĳį") << u("👍");
    QTest::newRow("added token text") << u("<|endoftext|>") << u("<|endoftext|>");
}

void ByteLevelBpeTokenizerTest::displayLabels() {
    QFETCH(QString, piece);
    QFETCH(QString, label);
    QCOMPARE(bytelevel::display(piece), label);
}

void ByteLevelBpeTokenizerTest::displayTokensOfSplitCharacters() {
    // 注 (E6 B3 A8), 意 (E6 84 8F) and 🤗 (F0 9F A4 97) are split across tokens by GPT-2.
    const Encoding e = tokenizer(QStringLiteral("gpt2")).encode(u("Hello world\n注意🤗 Blåbær"), false);
    QCOMPARE(e.tokens, words("Hello Ġworld Ċ æ³ ¨ æĦ ı ðŁ ¤ Ĺ ĠBl Ã¥ b Ã¦ r"));
    // Each piece of a cut character shows the character and which of its bytes it holds.
    QCOMPARE(e.displayTokens, words("Hello ␣world \\n 注¹⁻²⁄₃ 注³⁄₃ 意¹⁻²⁄₃ 意³⁄₃ "
                                    "🤗¹⁻²⁄₄ 🤗³⁄₄ 🤗⁴⁄₄ ␣Bl å b æ r"));
}

void ByteLevelBpeTokenizerTest::gpt2Split_data() {
    QTest::addColumn<QString>("input");
    QTest::addColumn<QStringList>("expected");
    QTest::newRow("words keep their space") << u("Hello my world") << QStringList{u("Hello"), u(" my"), u(" world")};
    QTest::newRow("contractions") << u("I'm x'sy 'll") << QStringList{u("I"), u("'m"), u(" x"), u("'s"), u("y"), u(" '"), u("ll")};
    QTest::newRow("upper-case contraction") << u("'S") << QStringList{u("'"), u("S")};
    QTest::newRow("space run before a word") << u("a   b") << QStringList{u("a"), u("  "), u(" b")};
    QTest::newRow("trailing spaces") << u("a  ") << QStringList{u("a"), u("  ")};
    QTest::newRow("tab before a word") << u("\tb") << QStringList{u("\t"), u("b")};
    QTest::newRow("blank lines") << u("hello\n\nworld") << QStringList{u("hello"), u("\n"), u("\n"), u("world")};
    QTest::newRow("numbers and letters") << u("123abc ½ 4") << QStringList{u("123"), u("abc"), u(" ½"), u(" 4")};
    QTest::newRow("punctuation run") << u("hi?!... ok") << QStringList{u("hi"), u("?!..."), u(" ok")};
    QTest::newRow("next line is white space") << u("a\xC2\x85" "b") << QStringList{u("a"), u("\xC2\x85"), u("b")};
    QTest::newRow("next line before punctuation")
        << u("a \xC2\x85!") << QStringList{u("a"), u(" "), u("\xC2\x85"), u("!")};
    QTest::newRow("byte order mark is not white space")
        << u("a\xEF\xBB\xBF!") << QStringList{u("a"), QChar(0xFEFF) + u("!")};
    QTest::newRow("no-break space") << u("a\xC2\xA0" "b") << QStringList{u("a"), u("\xC2\xA0"), u("b")};
    QTest::newRow("empty") << QString() << QStringList{};
}

void ByteLevelBpeTokenizerTest::gpt2Split() {
    QFETCH(QString, input);
    QFETCH(QStringList, expected);
    QCOMPARE(splitGpt2(input), expected);
}

void ByteLevelBpeTokenizerTest::bpeMergesByRank_data() {
    QTest::addColumn<QStringList>("merges");
    QTest::addColumn<QString>("word");
    QTest::addColumn<QStringList>("expected");
    QTest::newRow("lowest rank first") << QStringList{u("b c"), u("a b"), u("a bc")} << u("abc") << words("abc");
    QTest::newRow("other order") << QStringList{u("a b"), u("b c"), u("ab c")} << u("abc") << words("abc");
    QTest::newRow("no merge for the rest") << QStringList{u("b c"), u("a b")} << u("abc") << words("a bc");
    QTest::newRow("leftmost among equals") << QStringList{u("a a")} << u("aaa") << words("aa a");
    QTest::newRow("repeated merges") << QStringList{u("a a"), u("aa aa")} << u("aaaaa") << words("aaaa a");
    QTest::newRow("no merges") << QStringList{} << u("cab") << words("c a b");
}

void ByteLevelBpeTokenizerTest::bpeMergesByRank() {
    QFETCH(QStringList, merges);
    QFETCH(QString, word);
    QFETCH(QStringList, expected);
    Vocabulary vocabulary;
    const QStringList pieces = words("a b c ab bc abc aa aaaa");
    for (int i = 0; i < pieces.size(); ++i)
        vocabulary.insert(pieces.at(i), i);
    std::vector<BpeMerge> mergeList;
    for (const QString& merge : merges)
        mergeList.emplace_back(merge.section(QLatin1Char(' '), 0, 0), merge.section(QLatin1Char(' '), 1, 1));
    const BpeModel model(vocabulary, mergeList, BpeOptions{});
    for (int round = 0; round < 2; ++round) {  // the second round comes from the cache
        std::vector<int> ids;
        model.tokenize(word, ids);
        QStringList got;
        for (int id : ids)
            got << model.vocabulary().piece(id);
        QCOMPARE(got, expected);
    }
}

void ByteLevelBpeTokenizerTest::bpeUnknownCharacters() {
    Vocabulary vocabulary;
    const QStringList pieces = words("<unk> a b ab");
    for (int i = 0; i < pieces.size(); ++i)
        vocabulary.insert(pieces.at(i), i);
    const std::vector<BpeMerge> merges{{u("a"), u("b")}};
    const auto run = [&](const BpeOptions& options) {
        std::vector<int> ids;
        BpeModel(vocabulary, merges, options).tokenize(u("xyabz"), ids);
        return joinIds(ids);
    };
    QCOMPARE(run(BpeOptions{}), u("3"));  // unknown characters vanish without an unk token
    QCOMPARE(run(BpeOptions{u("<unk>"), false, false}), u("0,0,3,0"));
    QCOMPARE(run(BpeOptions{u("<unk>"), true, false}), u("0,3,0"));
    QVERIFY_THROWS_EXCEPTION(ModelError, BpeModel(vocabulary, merges, BpeOptions{u("<nope>"), false, false}));
}

void ByteLevelBpeTokenizerTest::bpeRejectsMergesOutsideVocabulary() {
    Vocabulary vocabulary;
    vocabulary.insert(u("a"), 0);
    vocabulary.insert(u("b"), 1);
    try {
        BpeModel(vocabulary, {{u("a"), u("b")}}, BpeOptions{});
        QFAIL("expected ModelError");
    } catch (const ModelError& error) {
        QVERIFY2(error.message().contains(u("\"ab\"")), qPrintable(error.message()));
        QVERIFY2(error.message().contains(u("merge 0")), qPrintable(error.message()));
    }
}

void ByteLevelBpeTokenizerTest::robertaMaskTakesTheSpaceBefore() {
    const Encoding e = tokenizer(QStringLiteral("roberta")).encode(u("The capital is   <mask>."), true);
    QCOMPARE(e.tokens, words("<s> The Ġcapital Ġis <mask> . </s>"));
    QCOMPARE(e.displayTokens, words("<s> The ␣capital ␣is <mask> . </s>"));
    QCOMPARE(e.special, (std::vector<bool>{true, false, false, false, true, false, true}));
}

void ByteLevelBpeTokenizerTest::prefixSpaceOption() {
    // GPT-2 sees the first word without a space; a prefix space makes it " Hello".
    const Encoding plain = tokenizer(QStringLiteral("gpt2")).encode(u("Hello"), false);
    QCOMPARE(plain.tokens, words("Hello"));
    const Encoding spaced = tokenizer(QStringLiteral("gpt2")).encode(u(" Hello"), false);
    QCOMPARE(spaced.tokens, words("ĠHello"));
}

void ByteLevelBpeTokenizerTest::fromIdsAndTokenToId() {
    const Tokenizer& gpt2 = tokenizer(QStringLiteral("gpt2"));
    const Encoding e = gpt2.fromIds({15496, 995, 50256, 198});
    QCOMPARE(e.tokens, (QStringList{u("Hello"), u("Ġworld"), u("<|endoftext|>"), u("Ċ")}));
    QCOMPARE(e.displayTokens, (QStringList{u("Hello"), u("␣world"), u("<|endoftext|>"), u("\\n")}));
    QCOMPARE(e.special, (std::vector<bool>{false, false, true, false}));
    QCOMPARE(gpt2.tokenToId(u("<|endoftext|>")), std::optional<int>(50256));
    QCOMPARE(gpt2.tokenToId(u("Ġthe")), std::optional<int>(262));
    QCOMPARE(gpt2.tokenToId(u(" the")), std::nullopt);
    QCOMPARE(gpt2.vocabSize(), 50257);
    QVERIFY_THROWS_EXCEPTION(InputError, gpt2.fromIds({50257}));

    const Tokenizer& roberta = tokenizer(QStringLiteral("roberta"));
    QCOMPARE(roberta.tokenToId(u("<mask>")), std::optional<int>(50261));
    QCOMPARE(roberta.tokenToId(u("<s>")), std::optional<int>(0));
    QCOMPARE(roberta.vocabSize(), 50262);
    QCOMPARE(roberta.fromIds({0, 50261, 2}).special, (std::vector<bool>{true, true, true}));
}

void ByteLevelBpeTokenizerTest::cacheIsSafeAcrossThreads() {
    const auto fresh = load(QStringLiteral("gpt2"));
    const GoldenSet& golden = m_golden[QStringLiteral("gpt2")];
    std::vector<QString> failures(4);
    std::vector<std::thread> threads;
    for (int t = 0; t < 4; ++t)
        threads.emplace_back([&, t] {
            for (int round = 0; round < 3; ++round)
                for (size_t i = size_t(t); i < golden.cases.size(); i += 2) {
                    const GoldenCase& c = golden.cases[i];
                    if (fresh->encode(c.text, false).ids != c.idsNoSpecial)
                        failures[size_t(t)] = c.name;
                }
        });
    for (std::thread& thread : threads)
        thread.join();
    for (const QString& failure : failures)
        QVERIFY2(failure.isEmpty(), qPrintable(failure));
}

void ByteLevelBpeTokenizerTest::longTextCachedEqualsFresh() {
    // Correctness only: timing belongs in the benchmarks, not in a test that runs on busy
    // machines. The first encode fills the word cache; later ones must read back the same ids.
    const QString text = longText();
    for (const QString& name : {QStringLiteral("gpt2"), QStringLiteral("bert-base-uncased")}) {
        const auto fresh = load(name);
        const Encoding first = fresh->encode(text, true);
        QVERIFY(first.size() >= 512);
        for (int round = 0; round < 3; ++round) {
            const Encoding again = fresh->encode(text, true);
            QCOMPARE(joinIds(again.ids), joinIds(first.ids));
            QCOMPARE(again.tokens, first.tokens);
        }
        // A tokenizer with an empty cache agrees.
        const Encoding other = load(name)->encode(text, true);
        QCOMPARE(joinIds(other.ids), joinIds(first.ids));
    }
}

QTEST_GUILESS_MAIN(ByteLevelBpeTokenizerTest)
#include "tst_bytelevelbpetokenizer.moc"
