// Unigram tokenizer.json files (T5, XLM-RoBERTa, mBART-50 and NLLB layouts, and one with
// byte_fallback and no normalization rules): every golden string of
// tests/golden/tokenizers/unigram/<name>.json, made by the Rust tokenizers library itself
// (make_unigram_golden.mjs), gives the same ids and pieces with and without special tokens, and
// as pairs. Besides: the Unigram model on the vocabularies of the Rust library's own unit tests,
// the Precompiled normalizer on the spm_precompiled crate's test strings, Strip, and the labels.

#include <memory>

#include <QtTest>

#include "core/HeadmapError.h"
#include "tokenizers/HfTokenizerLoader.h"
#include "tokenizers/Normalizers.h"
#include "tokenizers/TokenizerChars.h"
#include "tokenizers/TokenizerFiles.h"
#include "tokenizers/TokenizerJsonComponents.h"
#include "tokenizers/UnigramModel.h"
#include "TokenGolden.h"

using namespace headmap;
using namespace tokentest;

namespace {

const QStringList kTokenizers{QStringLiteral("unigram/t5"), QStringLiteral("unigram/xlm-roberta"),
                              QStringLiteral("unigram/mbart-50"), QStringLiteral("unigram/nllb"),
                              QStringLiteral("unigram/unigram-bytes")};

QString u(const char* text) {
    return QString::fromUtf8(text);
}

QStringList pieces(const char* separated) {
    return u(separated).split(QLatin1Char('|'));
}

// The vocabulary of the Rust library's test_encode2 (models/unigram/model.rs).
std::vector<std::pair<QString, double>> encode2Vocabulary() {
    return {{u("<unk>"), 0.0}, {u("ab"), 0.0},  {u("cd"), -0.1},  {u("abc"), -0.2},
            {u("a"), -0.3},     {u("b"), -0.4},   {u("c"), -0.5},   {u("ABC"), -0.5},
            {u("abcdabcd"), 20.0}, {u("q"), 20.5}, {u("r"), 20.5},  {u("qr"), -0.5}};
}

QStringList tokenizeToPieces(const UnigramModel& model, const QString& word) {
    std::vector<int> ids;
    model.tokenize(word, ids);
    QStringList out;
    for (int id : ids)
        out << model.vocabulary().piece(id);
    return out;
}

}  // namespace

class UnigramTokenizersTest : public QObject {
    Q_OBJECT

private slots:
    void initTestCase();
    void goldenSingle_data();
    void goldenSingle();
    void goldenPair_data();
    void goldenPair();
    void rustUnitTests_data();
    void rustUnitTests();
    void byteFallback();
    void equalScoresKeepTheFirstCandidate();
    void unknownTextWithoutUnkId();
    void precompiled_data();
    void precompiled();
    void strip_data();
    void strip();
    void displayTokens_data();
    void displayTokens();

private:
    const Tokenizer& tokenizer(const QString& name) const { return *m_tokenizers.value(name); }
    QHash<QString, std::shared_ptr<Tokenizer>> m_tokenizers;
    QHash<QString, GoldenSet> m_golden;
};

void UnigramTokenizersTest::initTestCase() {
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

void UnigramTokenizersTest::goldenSingle_data() {
    addGoldenRows(m_golden, kTokenizers, false);
}

void UnigramTokenizersTest::goldenSingle() {
    QFETCH(QString, name);
    QFETCH(GoldenCase, golden);
    checkGoldenSingle(tokenizer(name), golden);
}

void UnigramTokenizersTest::goldenPair_data() {
    addGoldenRows(m_golden, kTokenizers, true);
}

void UnigramTokenizersTest::goldenPair() {
    QFETCH(QString, name);
    QFETCH(GoldenCase, golden);
    checkGoldenPair(tokenizer(name), golden);
}

void UnigramTokenizersTest::rustUnitTests_data() {
    // The assertions of test_encode2 with fuse_unk on (the only way tokenizer.json files load):
    // the expected pieces are the Rust library's, unknown stretches named by the unk piece.
    QTest::addColumn<QString>("word");
    QTest::addColumn<QStringList>("expected");
    QTest::newRow("abc") << u("abc") << pieces("abc");
    QTest::newRow("unknown letters fuse") << u("AB") << pieces("<unk>");
    QTest::newRow("abcd") << u("abcd") << pieces("ab|cd");
    QTest::newRow("abcc") << u("abcc") << pieces("abc|c");
    QTest::newRow("xabcabaabcdd") << u("xabcabaabcdd") << pieces("<unk>|abc|ab|a|ab|cd|<unk>");
    QTest::newRow("unknown CJK fuses with letters") << u("xyz東京") << pieces("<unk>");
    QTest::newRow("user-defined ABC") << u("ABC") << pieces("ABC");
    QTest::newRow("abABCcd") << u("abABCcd") << pieces("ab|ABC|cd");
    QTest::newRow("ababcdabcdcd") << u("ababcdabcdcd") << pieces("ab|abcdabcd|cd");
    QTest::newRow("abqrcd") << u("abqrcd") << pieces("ab|q|r|cd");
}

void UnigramTokenizersTest::rustUnitTests() {
    QFETCH(QString, word);
    QFETCH(QStringList, expected);
    const UnigramModel model(encode2Vocabulary(), UnigramOptions{0, false});
    QCOMPARE(tokenizeToPieces(model, word), expected);
}

void UnigramTokenizersTest::byteFallback() {
    // test_unigram_bytefallback: "é" is its two byte pieces; "?é" has a byte without a piece and
    // stays one unknown token.
    const std::vector<std::pair<QString, double>> vocabulary{{u("<unk>"), 0.0}, {u("<0xC3>"), -0.01}, {u("<0xA9>"), -0.03}};
    const UnigramModel model(vocabulary, UnigramOptions{0, true});
    QCOMPARE(tokenizeToPieces(model, u("é")), pieces("<0xC3>|<0xA9>"));
    QCOMPARE(tokenizeToPieces(model, u("?é")), pieces("<unk>"));
    // Without byte_fallback the same vocabulary gives the unknown token.
    const UnigramModel plain(vocabulary, UnigramOptions{0, false});
    QCOMPARE(tokenizeToPieces(plain, u("é")), pieces("<unk>"));
}

void UnigramTokenizersTest::equalScoresKeepTheFirstCandidate() {
    // encode_optimized replaces a path only for a strictly higher score, and offers the pieces
    // starting at a character shortest first: "ab" (offered from position 0) beats "a" + "b" of
    // the same total, which reaches the end later.
    const UnigramModel tie({{u("<unk>"), 0.0}, {u("a"), -1.0}, {u("b"), -1.0}, {u("ab"), -2.0}}, UnigramOptions{0, false});
    QCOMPARE(tokenizeToPieces(tie, u("ab")), pieces("ab"));
    const UnigramModel split({{u("<unk>"), 0.0}, {u("a"), -1.0}, {u("b"), -1.0}, {u("ab"), -2.5}}, UnigramOptions{0, false});
    QCOMPARE(tokenizeToPieces(split, u("ab")), pieces("a|b"));
}

void UnigramTokenizersTest::unknownTextWithoutUnkId() {
    // The Rust library fails with MissingUnkId; Headmap says which character and what to do.
    const UnigramModel model({{u("a"), -1.0}}, UnigramOptions{});
    QCOMPARE(tokenizeToPieces(model, u("aaa")), pieces("a|a|a"));
    try {
        tokenizeToPieces(model, u("a東"));
        QFAIL("expected InputError");
    } catch (const InputError& error) {
        QVERIFY2(error.message().contains(u("\"東\"")), qPrintable(error.message()));
        QVERIFY2(error.message().contains(u("unk_id")), qPrintable(error.message()));
    }
}

void UnigramTokenizersTest::precompiled_data() {
    // Expected strings of the spm_precompiled crate's own tests (src/tests.rs), run here on the T5
    // fixture's nmt_nfkc map (SentencePiece 0.1.97's; the crate's is an older build of the same
    // rules): a Thai sentence whose characters are decomposed, Hindi with nukta, an Arabic
    // grapheme of two characters that one rule replaces whole, and single rules.
    QTest::addColumn<QString>("input");
    QTest::addColumn<QString>("expected");
    QTest::newRow("Thai (test_precompiled_failure_mode)")
        << u("เขาไม่ได้พูดสักคำ") << u("เขาไม\u0E48ได\u0E49พ\u0E39ดส\u0E31กค\u0E4Dา");
    QTest::newRow("Hindi (test_precompiled_hindi)") << u("ड़ी दुख") << u("ड\u093Cी द\u0941ख");
    QTest::newRow("Arabic grapheme (multi_char_replace_bug)") << u("\u0627\u0653") << u("آ");
    QTest::newRow("ligature fi") << u("\uFB01") << u("fi");
    QTest::newRow("double-struck G") << u("𝔾") << u("G");
    QTest::newRow("double-struck o") << u("𝕠") << u("o");
    // The crate's map turns U+200D into a space; SentencePiece 0.1.97's keeps it (emoji sequences
    // need it), and so does the Rust library's normalize_string on this map.
    QTest::newRow("zero width joiner kept") << u("\u200D") << u("\u200D");
}

void UnigramTokenizersTest::precompiled() {
    QFETCH(QString, input);
    QFETCH(QString, expected);
    const QJsonObject root = tokenizerfiles::readJsonObject(fixtureFolder(u("unigram/t5")) + u("/tokenizer.json"));
    const QJsonValue precompiled = root.value(u("normalizer")).toObject().value(u("normalizers")).toArray().at(0);
    const auto normalizer = tokenizerjson::parseNormalizer(precompiled, u("normalizer.normalizers[0]"));
    QVERIFY(normalizer);
    QCOMPARE(normalizer->normalize(input), expected);
}

void UnigramTokenizersTest::strip_data() {
    // Rust's NormalizedString::lstrip/rstrip: every White_Space character, nothing else.
    QTest::addColumn<bool>("left");
    QTest::addColumn<bool>("right");
    QTest::addColumn<QString>("input");
    QTest::addColumn<QString>("expected");
    const QString text = u(" \t\u3000 a b \u00A0\n\u2003");
    QTest::newRow("right") << false << true << text << u(" \t\u3000 a b");
    QTest::newRow("left") << true << false << text << u("a b \u00A0\n\u2003");
    QTest::newRow("both") << true << true << text << u("a b");
    QTest::newRow("neither") << false << false << text << text;
    QTest::newRow("only white space") << true << false << u(" \t ") << QString();
    QTest::newRow("zero width space is not white space") << true << true << u("\u200B a \u200B") << u("\u200B a \u200B");
}

void UnigramTokenizersTest::strip() {
    QFETCH(bool, left);
    QFETCH(bool, right);
    QFETCH(QString, input);
    QFETCH(QString, expected);
    QCOMPARE(StripNormalizer(left, right).normalize(input), expected);
}

void UnigramTokenizersTest::displayTokens_data() {
    QTest::addColumn<QString>("name");
    QTest::addColumn<QString>("text");
    QTest::addColumn<QStringList>("display");
    // The Metaspace decoder's ▁ reads as ␣, byte_fallback pieces as their character's bytes.
    QTest::newRow("xlm-roberta") << u("unigram/xlm-roberta") << u("Hej verden") << pieces("<s>|␣He|j|␣ver|den|</s>");
    QTest::newRow("byte fallback") << u("unigram/unigram-bytes") << u("𪚥") << pieces("␣|𪚥¹⁄₄|𪚥²⁄₄|𪚥³⁄₄|𪚥⁴⁄₄");
}

void UnigramTokenizersTest::displayTokens() {
    QFETCH(QString, name);
    QFETCH(QString, text);
    QFETCH(QStringList, display);
    const Encoding encoding = tokenizer(name).encode(text, true);
    QCOMPARE(encoding.displayTokens, display);
    QCOMPARE(tokenizer(name).fromIds(encoding.ids).displayTokens, display);
}

QTEST_GUILESS_MAIN(UnigramTokenizersTest)
#include "tst_unigramtokenizers.moc"
