// WordPiece tokenizers as BertTokenizerFast runs them: every golden string of
// tests/golden/tokenizers/bert-base-{uncased,cased}.json (made with Hugging Face's Tokenizers.js)
// gives the same ids and tokens, with and without special tokens and as sentence pairs; plus the
// parts one at a time: BertNormalizer, BertPreTokenizer and the WordPiece model.

#include <memory>

#include <QtTest>

#include "core/HeadmapError.h"
#include "tokenizers/BasicPreTokenizers.h"
#include "tokenizers/BertNormalizer.h"
#include "tokenizers/HfTokenizerLoader.h"
#include "tokenizers/WordPieceModel.h"
#include "TokenGolden.h"

using namespace headmap;
using namespace tokentest;

Q_DECLARE_METATYPE(std::vector<int>)
Q_DECLARE_METATYPE(std::optional<bool>)

namespace {

const QStringList kTokenizers{QStringLiteral("bert-base-uncased"), QStringLiteral("bert-base-cased")};

QString u(const char* text) {
    return QString::fromUtf8(text);
}

QStringList words(const char* spaced) {
    return u(spaced).split(QLatin1Char(' '), Qt::SkipEmptyParts);
}

}  // namespace

class WordPieceTokenizerTest : public QObject {
    Q_OBJECT

private slots:
    void initTestCase();
    void goldenSingle_data();
    void goldenSingle();
    void goldenPair_data();
    void goldenPair();
    void lowercaseHasNoFinalSigma();
    void astralIdeographsAreSpaced();
    void longWordBecomesUnknown();
    void displayTokensAreThePieces();
    void specialTokensInTextAreFlagged();
    void bertNormalizer_data();
    void bertNormalizer();
    void bertPreTokenizer_data();
    void bertPreTokenizer();
    void wordPieceGreedyLongestMatch_data();
    void wordPieceGreedyLongestMatch();
    void wordPieceLongestPieceBound_data();
    void wordPieceLongestPieceBound();
    void wordPieceNeedsUnknownToken();
    void fromIdsNamesIds();
    void fromIdsRejectsOutOfRange_data();
    void fromIdsRejectsOutOfRange();
    void tokenToIdAndVocabSize();

private:
    const Tokenizer& tokenizer(const QString& name) const { return *m_tokenizers.value(name); }
    QHash<QString, std::shared_ptr<Tokenizer>> m_tokenizers;
    QHash<QString, GoldenSet> m_golden;
};

void WordPieceTokenizerTest::initTestCase() {
    for (const QString& name : kTokenizers) {
        m_tokenizers.insert(name, loadHfTokenizer(fixtureFolder(name), TokenizerLoadOptions{QStringLiteral("bert")}));
        m_golden.insert(name, loadGolden(name));
        qInfo("%s: %zu golden strings, %zu pairs from %s", qPrintable(name), m_golden[name].cases.size(),
              m_golden[name].pairs.size(), qPrintable(m_golden[name].reference));
    }
}

void WordPieceTokenizerTest::goldenSingle_data() {
    addGoldenRows(m_golden, kTokenizers, false);
}

void WordPieceTokenizerTest::goldenSingle() {
    QFETCH(QString, name);
    QFETCH(GoldenCase, golden);
    checkGoldenSingle(tokenizer(name), golden);
    if (QTest::currentTestFailed())
        return;
    // A single sentence is all segment 0.
    const Encoding withSpecial = tokenizer(name).encode(golden.text, true);
    QCOMPARE(joinIds(typeIdsOf(withSpecial)), joinIds(std::vector<int>(golden.ids.size(), 0)));
}

void WordPieceTokenizerTest::goldenPair_data() {
    addGoldenRows(m_golden, kTokenizers, true);
}

void WordPieceTokenizerTest::goldenPair() {
    QFETCH(QString, name);
    QFETCH(GoldenCase, golden);
    checkGoldenPair(tokenizer(name), golden);
    if (QTest::currentTestFailed())
        return;
    // Without special tokens the sequences keep their type ids 0 and 1.
    const Encoding plain = tokenizer(name).encodePair(golden.text, golden.textPair, false);
    const Encoding a = tokenizer(name).encode(golden.text, false);
    const Encoding b = tokenizer(name).encode(golden.textPair, false);
    std::vector<int> expectedTypes(a.ids.size(), 0);
    expectedTypes.resize(a.ids.size() + b.ids.size(), 1);
    QCOMPARE(plain.size(), a.size() + b.size());
    QCOMPARE(joinIds(typeIdsOf(plain)), joinIds(expectedTypes));
}

void WordPieceTokenizerTest::lowercaseHasNoFinalSigma() {
    // Rust lowercases Σ to σ everywhere; JavaScript and Python would write a final ς.
    const Tokenizer& bert = tokenizer(QStringLiteral("bert-base-uncased"));
    QCOMPARE(joinIds(bert.encode(u("ΟΔΟΣ"), false).ids), joinIds(bert.encode(u("οδοσ"), false).ids));
    QVERIFY(joinIds(bert.encode(u("ΟΔΟΣ"), false).ids) != joinIds(bert.encode(u("οδος"), false).ids));
}

void WordPieceTokenizerTest::astralIdeographsAreSpaced() {
    // 𠮷 (U+20BB7) is a CJK Extension B ideograph: a word of its own, like 野 and 家.
    const Tokenizer& bert = tokenizer(QStringLiteral("bert-base-uncased"));
    const Encoding joined = bert.encode(u("𠮷野家"), false);
    QCOMPARE(joined.size(), 3);
    QCOMPARE(joinIds(joined.ids), joinIds(bert.encode(u(" 𠮷 野 家 "), false).ids));
}

void WordPieceTokenizerTest::longWordBecomesUnknown() {
    const Tokenizer& bert = tokenizer(QStringLiteral("bert-base-uncased"));
    const Encoding hundred = bert.encode(QString(100, QLatin1Char('x')), false);
    QVERIFY(hundred.size() > 1);
    QVERIFY(!hundred.tokens.contains(QStringLiteral("[UNK]")));
    const Encoding longer = bert.encode(QString(101, QLatin1Char('x')), false);
    QCOMPARE(longer.tokens, QStringList{QStringLiteral("[UNK]")});
    QCOMPARE(longer.ids, std::vector<int>{100});
}

void WordPieceTokenizerTest::displayTokensAreThePieces() {
    const Encoding e = tokenizer(QStringLiteral("bert-base-uncased")).encode(u("Tokenizing Æbler"), true);
    QCOMPARE(e.tokens, words("[CLS] token ##izing æ ##bler [SEP]"));
    QCOMPARE(e.displayTokens, e.tokens);
    QCOMPARE(e.special, (std::vector<bool>{true, false, false, false, false, true}));
}

void WordPieceTokenizerTest::specialTokensInTextAreFlagged() {
    const Tokenizer& bert = tokenizer(QStringLiteral("bert-base-uncased"));
    const Encoding e = bert.encode(u("hello [SEP] world [sep]"), false);
    // [SEP] is matched in the raw text; "[sep]" is not the special token (it is not normalized).
    QCOMPARE(e.tokens, words("hello [SEP] world [ sep ]"));
    QCOMPARE(e.special, (std::vector<bool>{false, true, false, false, false, false}));
    QCOMPARE(e.ids[1], 102);
}

void WordPieceTokenizerTest::bertNormalizer_data() {
    QTest::addColumn<bool>("lowercase");
    QTest::addColumn<std::optional<bool>>("stripAccents");
    QTest::addColumn<QString>("input");
    QTest::addColumn<QString>("expected");
    const std::optional<bool> follow;
    QTest::newRow("controls removed") << true << follow
                                      << u("ab\x07" "c\xEF\xBF\xBD" "d\xE2\x80\x8B" "e\xC2\x85" "f") << u("abcdef");
    QTest::newRow("nul removed") << true << follow << QString(QStringLiteral("a") + QChar(0) + QStringLiteral("b")) << u("ab");
    QTest::newRow("white space to space") << true << follow << u("a\tb\nc\rd\xC2\xA0" "e\xE3\x80\x80" "f")
                                          << u("a b c d e f");
    QTest::newRow("ideographs spaced") << true << follow << u("中文abc") << u(" 中  文 abc");
    QTest::newRow("uncased strips accents") << true << follow << u("Ångström") << u("angstrom");
    QTest::newRow("cased keeps accents") << false << follow << u("Ångström") << u("Ångström");
    QTest::newRow("cased strip true") << false << std::optional<bool>(true) << u("Ångström") << u("Angstrom");
    QTest::newRow("uncased strip false") << true << std::optional<bool>(false) << u("Ångström") << u("ångström");
    QTest::newRow("dotted capital I") << true << follow << u("İ") << u("i");
    QTest::newRow("dotted capital I kept") << true << std::optional<bool>(false) << u("İ") << u("i\xCC\x87");
    QTest::newRow("no final sigma") << true << follow << u("ΟΔΟΣ") << u("οδοσ");
    QTest::newRow("unassigned kept") << true << follow << u("\xCD\xB8") << u("\xCD\xB8");
    QTest::newRow("private use removed") << true << follow << u("\xEE\x80\x80x") << u("x");
    QTest::newRow("decomposed accent") << true << follow << u("cafe\xCC\x81") << u("cafe");
    QTest::newRow("hangul decomposed") << true << follow << u("한") << u("\xE1\x84\x92\xE1\x85\xA1\xE1\x86\xAB");
}

void WordPieceTokenizerTest::bertNormalizer() {
    QFETCH(bool, lowercase);
    QFETCH(std::optional<bool>, stripAccents);
    QFETCH(QString, input);
    QFETCH(QString, expected);
    BertNormalizerOptions options;
    options.lowercase = lowercase;
    options.stripAccents = stripAccents;
    QCOMPARE(BertNormalizer(options).normalize(input), expected);
}

void WordPieceTokenizerTest::bertPreTokenizer_data() {
    QTest::addColumn<QString>("input");
    QTest::addColumn<QStringList>("expected");
    QTest::newRow("punctuation isolated") << u("Hello, world!") << words("Hello , world !");
    QTest::newRow("apostrophe") << u("don't") << words("don ' t");
    QTest::newRow("ascii symbols are punctuation") << u("$5 a^b x+y") << words("$ 5 a ^ b x + y");
    QTest::newRow("currency sign is not") << u("€5") << words("€5");
    QTest::newRow("unicode punctuation") << u("¿Qué?—sí…") << words("¿ Qué ? — sí …");
    QTest::newRow("no-break space splits") << u("a\xC2\xA0" "b") << words("a b");
    QTest::newRow("zero width space does not") << u("x\xE2\x80\x8By") << QStringList{u("x\xE2\x80\x8By")};
    QTest::newRow("runs of punctuation") << u("?!...") << words("? ! . . .");
    QTest::newRow("only spaces") << u("   ") << QStringList{};
}

void WordPieceTokenizerTest::bertPreTokenizer() {
    QFETCH(QString, input);
    QFETCH(QStringList, expected);
    QCOMPARE(BertPreTokenizer().split(input), expected);
}

void WordPieceTokenizerTest::wordPieceGreedyLongestMatch_data() {
    QTest::addColumn<QString>("word");
    QTest::addColumn<QStringList>("expected");
    QTest::newRow("three pieces") << u("unaffable") << words("un ##aff ##able");
    QTest::newRow("longest first") << u("unaff") << words("un ##aff");
    QTest::newRow("whole word in vocabulary") << u("affable") << words("affable");
    QTest::newRow("uncovered tail makes the word unknown") << u("unaffx") << words("[UNK]");
    QTest::newRow("over the length limit") << u("unaffableun") << words("[UNK]");
    QTest::newRow("astral characters") << u("😀un") << words("😀 ##un");
    QTest::newRow("at the length limit") << u("unaffablea") << words("un ##aff ##able ##a");
    // The limit counts characters: 😀 is two UTF-16 units.
    QTest::newRow("astral character at the length limit") << u("😀unaffable") << words("😀 ##un ##aff ##able");
    QTest::newRow("astral character over the length limit") << u("😀unaffablea") << words("[UNK]");
}

void WordPieceTokenizerTest::wordPieceGreedyLongestMatch() {
    QFETCH(QString, word);
    QFETCH(QStringList, expected);
    Vocabulary vocabulary;
    const QStringList pieces = words("[UNK] un ##aff ##able affable ##a ##f 😀 ##un");
    for (int i = 0; i < pieces.size(); ++i)
        vocabulary.insert(pieces.at(i), i);
    WordPieceOptions options;
    options.maxInputCharsPerWord = 10;
    const WordPieceModel model(vocabulary, options);
    // The word before stays as it was, also when this one turns out unknown after some pieces.
    std::vector<int> ids{int(pieces.indexOf(u("affable")))};
    model.tokenize(word, ids);
    QStringList got;
    for (int id : ids)
        got << model.vocabulary().piece(id);
    QCOMPARE(got, words("affable") + expected);
}

// The model only tries candidates as long as its longest piece (WordPieceModel.h); pieces of
// exactly that length, with and without the "##" prefix, must still be found. The real
// vocabularies' long words (up to 150 characters) are the golden rows "long words *" above.
void WordPieceTokenizerTest::wordPieceLongestPieceBound_data() {
    QTest::addColumn<QString>("word");
    QTest::addColumn<QStringList>("expected");
    // Longest piece: "##bcdefgh", 9 units, of which 7 follow the prefix.
    QTest::newRow("longest piece after the first") << u("abcdefgh") << words("a ##bcdefgh");
    QTest::newRow("longest piece then more") << u("abcdefghbcb") << words("a ##bcdefgh ##bc ##b");
    QTest::newRow("longest piece as a whole word") << u("##bcdefgh") << words("##bcdefgh");
    QTest::newRow("uncovered past the longest piece") << u("abcdefghi") << words("[UNK]");
    QTest::newRow("whole word at the bound") << u("abcdefgha") << words("abcdefgha");
    QTest::newRow("long word of short pieces") << u("a") + QStringLiteral("bc").repeated(49)
                                               << (QStringList{u("a")} + QStringList(49, u("##bc")));
    QTest::newRow("astral piece in UTF-16 units") << u("a😀😀😀") << words("a ##😀😀😀");
}

void WordPieceTokenizerTest::wordPieceLongestPieceBound() {
    QFETCH(QString, word);
    QFETCH(QStringList, expected);
    Vocabulary vocabulary;
    const QStringList pieces = words("[UNK] a ##bcdefgh ##b ##c ##bc abcdefgha ##😀😀😀");
    for (int i = 0; i < pieces.size(); ++i)
        vocabulary.insert(pieces.at(i), i);
    const WordPieceModel model(vocabulary, WordPieceOptions{});
    std::vector<int> ids;
    model.tokenize(word, ids);
    QStringList got;
    for (int id : ids)
        got << model.vocabulary().piece(id);
    QCOMPARE(got, expected);
}

void WordPieceTokenizerTest::wordPieceNeedsUnknownToken() {
    Vocabulary vocabulary;
    vocabulary.insert(QStringLiteral("a"), 0);
    QVERIFY_THROWS_EXCEPTION(ModelError, WordPieceModel(vocabulary, WordPieceOptions{}));
}

void WordPieceTokenizerTest::fromIdsNamesIds() {
    const Encoding e = tokenizer(QStringLiteral("bert-base-uncased")).fromIds({101, 7592, 2088, 2015, 102, 0});
    QCOMPARE(e.tokens, words("[CLS] hello world ##s [SEP] [PAD]"));
    QCOMPARE(e.displayTokens, e.tokens);
    QCOMPARE(e.special, (std::vector<bool>{true, false, false, false, true, true}));
}

void WordPieceTokenizerTest::fromIdsRejectsOutOfRange_data() {
    QTest::addColumn<int>("id");
    QTest::newRow("negative") << -1;
    QTest::newRow("vocabulary size") << 30522;
    QTest::newRow("far out") << 1000000;
}

void WordPieceTokenizerTest::fromIdsRejectsOutOfRange() {
    QFETCH(int, id);
    try {
        tokenizer(QStringLiteral("bert-base-uncased")).fromIds({101, id});
        QFAIL("expected InputError");
    } catch (const InputError& error) {
        QVERIFY2(error.message().contains(QString::number(id)), qPrintable(error.message()));
        QVERIFY2(error.message().contains(QStringLiteral("0..30521")), qPrintable(error.message()));
    }
}

void WordPieceTokenizerTest::tokenToIdAndVocabSize() {
    const Tokenizer& uncased = tokenizer(QStringLiteral("bert-base-uncased"));
    QCOMPARE(uncased.tokenToId(QStringLiteral("[CLS]")), std::optional<int>(101));
    QCOMPARE(uncased.tokenToId(QStringLiteral("[MASK]")), std::optional<int>(103));
    QCOMPARE(uncased.tokenToId(QStringLiteral("hello")), std::optional<int>(7592));
    QCOMPARE(uncased.tokenToId(QStringLiteral("##s")), std::optional<int>(2015));
    QCOMPARE(uncased.tokenToId(QStringLiteral("Hello")), std::nullopt);
    QCOMPARE(uncased.vocabSize(), 30522);
    const Tokenizer& cased = tokenizer(QStringLiteral("bert-base-cased"));
    QVERIFY(cased.tokenToId(QStringLiteral("Hello")).has_value());
    QCOMPARE(cased.vocabSize(), 39351);
}

QTEST_GUILESS_MAIN(WordPieceTokenizerTest)
#include "tst_wordpiecetokenizer.moc"
