// Reading tokenizer.json: each supported component (normalizers, pre-tokenizers,
// post-processors, added-token options, both merge formats) behaves as in the Rust tokenizers
// library. The tokenizers here are small ones written by the test; the real vocabularies are
// covered by tst_wordpiecetokenizer and tst_bytelevelbpetokenizer, refusals by
// tst_tokenizerjsonerrors.

#include <QtTest>

#include "core/HeadmapError.h"
#include "tokenizers/HfTokenizerLoader.h"
#include "tokenizers/TokenizerJsonComponents.h"
#include "TokenGolden.h"
#include "TokenizerJsonBuilder.h"

using namespace headmap;
using namespace tokentest;


class TokenizerJsonTest : public QObject {
    Q_OBJECT

private slots:
    void init() { QVERIFY(m_dir.isValid()); }
    void normalizers_data();
    void normalizers();
    void whitespacePreTokenizers_data();
    void whitespacePreTokenizers();
    void bothMergeFormatsAgree();
    void modelWithoutType();
    void addedTokenStripping_data();
    void addedTokenStripping();
    void addedTokenSingleWord();
    void addedTokenNormalized();
    void addedTokensLongestMatchFirst();
    void addedTokenIdComesFromTheVocabulary();
    void templateProcessing();
    void bertAndRobertaProcessing_data();
    void bertAndRobertaProcessing();
    void sequencePostProcessor();
    void fromIdsRejectsHoles();

private:
    std::unique_ptr<Tokenizer> load(const QJsonObject& root) {
        return loadTokenizerJson(m_dir.path(), QJsonDocument(root).toJson(QJsonDocument::Compact));
    }
    QTemporaryDir m_dir;
};

void TokenizerJsonTest::normalizers_data() {
    QTest::addColumn<QString>("normalizer");
    QTest::addColumn<QString>("input");
    QTest::addColumn<QString>("expected");
    QTest::newRow("NFC") << u(R"({"type": "NFC"})") << u("e\xCC\x81") << u("é");
    QTest::newRow("NFD") << u(R"({"type": "NFD"})") << u("é") << u("e\xCC\x81");
    QTest::newRow("NFKC") << u(R"({"type": "NFKC"})") << u("ﬁ①Ａ") << u("fi1A");
    QTest::newRow("NFKD") << u(R"({"type": "NFKD"})") << u("ﬁé") << u("fie\xCC\x81");
    QTest::newRow("Lowercase") << u(R"({"type": "Lowercase"})") << u("ΟΔΟΣ İ ÆØÅ") << u("οδοσ i\xCC\x87 æøå");
    QTest::newRow("StripAccents does not decompose") << u(R"({"type": "StripAccents"})") << u("éa\xCC\x81") << u("éa");
    QTest::newRow("Sequence") << u(R"({"type": "Sequence", "normalizers": [{"type": "NFD"}, {"type": "StripAccents"},
                                      {"type": "Lowercase"}]})") << u("Crème ÅNGSTRÖM") << u("creme angstrom");
    QTest::newRow("BertNormalizer defaults") << u(R"({"type": "BertNormalizer"})") << u("Héllo\t中") << u("hello  中 ");
}

void TokenizerJsonTest::normalizers() {
    QFETCH(QString, normalizer);
    QFETCH(QString, input);
    QFETCH(QString, expected);
    const auto parsed = tokenizerjson::parseNormalizer(QJsonDocument::fromJson(normalizer.toUtf8()).object(),
                                                       QStringLiteral("normalizer"));
    QCOMPARE(parsed->normalize(input), expected);
}

void TokenizerJsonTest::whitespacePreTokenizers_data() {
    QTest::addColumn<QString>("preTokenizer");
    QTest::addColumn<QString>("input");
    QTest::addColumn<QStringList>("expected");
    // Rust's \w is Unicode: "héllo" stays one word (Tokenizers.js would split it at é).
    QTest::newRow("Whitespace") << u(R"({"type": "Whitespace"})") << u("héllo, wörld!! x_1\t€5")
                                << words("héllo , wörld !! x_1 € 5");
    QTest::newRow("WhitespaceSplit") << u(R"({"type": "WhitespaceSplit"})") << u(" héllo,  wörld!!\n")
                                     << words("héllo, wörld!!");
    QTest::newRow("WhitespaceSplit next line") << u(R"({"type": "WhitespaceSplit"})") << u("a\xC2\x85" "b")
                                               << words("a b");
    QTest::newRow("Sequence") << u(R"({"type": "Sequence", "pretokenizers": [{"type": "WhitespaceSplit"},
                                      {"type": "BertPreTokenizer"}]})") << u("a,b c") << words("a , b c");
}

void TokenizerJsonTest::whitespacePreTokenizers() {
    QFETCH(QString, preTokenizer);
    QFETCH(QString, input);
    QFETCH(QStringList, expected);
    const auto parsed = tokenizerjson::parsePreTokenizer(QJsonDocument::fromJson(preTokenizer.toUtf8()).object(),
                                                         QStringLiteral("pre_tokenizer"));
    QCOMPARE(parsed->split(input), expected);
}

void TokenizerJsonTest::bothMergeFormatsAgree() {
    const auto strings = load(bpeJson(json(R"(["Ġ a", "a b", "Ġa b", "ab c", "Ġab c"])").toArray()));
    const auto pairs = load(bpeJson(json(R"([["Ġ", "a"], ["a", "b"], ["Ġa", "b"], ["ab", "c"], ["Ġab", "c"]])").toArray()));
    const QString text = u("abc abc cab  ab");
    QCOMPARE(strings->encode(text, false).tokens, words("abc Ġabc Ġ c ab Ġ Ġab"));
    QCOMPARE(joinIds(pairs->encode(text, false).ids), joinIds(strings->encode(text, false).ids));
}

void TokenizerJsonTest::modelWithoutType() {
    // The Hub's gpt2/tokenizer.json has no model type, and empty affixes.
    QJsonObject root = bpeJson(json(R"(["a b"])").toArray());
    QJsonObject model = root.value(QStringLiteral("model")).toObject();
    model.remove(QStringLiteral("type"));
    model.insert(QStringLiteral("continuing_subword_prefix"), QString());
    model.insert(QStringLiteral("end_of_word_suffix"), QString());
    root.insert(QStringLiteral("model"), model);
    QCOMPARE(load(root)->encode(u("ab"), false).tokens, words("ab"));
}

void TokenizerJsonTest::addedTokenStripping_data() {
    QTest::addColumn<QString>("options");
    QTest::addColumn<QStringList>("expected");
    QTest::newRow("neither") << u("{}") << QStringList{u("a \t"), u("<x>"), u("\n b")};
    QTest::newRow("lstrip") << u(R"({"lstrip": true})") << QStringList{u("a"), u("<x>"), u("\n b")};
    QTest::newRow("rstrip") << u(R"({"rstrip": true})") << QStringList{u("a \t"), u("<x>"), u("b")};
    QTest::newRow("both") << u(R"({"lstrip": true, "rstrip": true})") << QStringList{u("a"), u("<x>"), u("b")};
}

void TokenizerJsonTest::addedTokenStripping() {
    QFETCH(QString, options);
    QFETCH(QStringList, expected);
    // No pre-tokenizer: each piece between added tokens is one word, white space and all.
    QJsonObject root = wordPieceJson(QStringList{u("[UNK]"), u("a"), u("a \t"), u("b"), u("\n b")});
    root.insert(QStringLiteral("pre_tokenizer"), QJsonValue::Null);
    root.insert(QStringLiteral("added_tokens"), QJsonArray{addedToken(5, u("<x>"), true, options.toUtf8().constData())});
    QCOMPARE(load(root)->encode(u("a \t<x>\n b"), false).tokens, expected);
}

void TokenizerJsonTest::addedTokenSingleWord() {
    QJsonObject root = wordPieceJson(defaultWordPieces());
    root.insert(QStringLiteral("added_tokens"), QJsonArray{addedToken(10, u("ab"), false, R"({"single_word": true})")});
    const Encoding e = load(root)->encode(u("ab abc xab ab."), false);
    QCOMPARE(e.tokens, words("ab abc xab ab ."));
    QCOMPARE(joinIds(e.ids), u("10,11,12,10,13"));  // "ab" is in the vocabulary: id 10
    QCOMPARE(e.special, (std::vector<bool>(5, false)));
}

void TokenizerJsonTest::addedTokenNormalized() {
    QJsonObject root = wordPieceJson(defaultWordPieces());
    root.insert(QStringLiteral("normalizer"), json(R"({"type": "Lowercase"})"));
    root.insert(QStringLiteral("added_tokens"), QJsonArray{addedToken(20, u("Hello"), false, R"({"normalized": true})"),
                                                           addedToken(21, u("World"), true, R"({"normalized": false})")});
    const Encoding e = load(root)->encode(u("HELLO World world"), false);
    // "Hello" is matched in lowercased text; "World" only as written, before normalization.
    QCOMPARE(joinIds(e.ids), u("20,21,4"));
    QCOMPARE(e.tokens, words("Hello World world"));
    QCOMPARE(e.special, (std::vector<bool>{false, true, false}));
}

void TokenizerJsonTest::addedTokensLongestMatchFirst() {
    QJsonObject root = wordPieceJson(defaultWordPieces());
    root.insert(QStringLiteral("added_tokens"), QJsonArray{addedToken(20, u("<a>"), true), addedToken(21, u("<a><b>"), true)});
    QCOMPARE(joinIds(load(root)->encode(u("<a><b><a>a<a><b"), false).ids), u("21,20,8,20,0"));
}

void TokenizerJsonTest::addedTokenIdComesFromTheVocabulary() {
    QJsonObject root = wordPieceJson(defaultWordPieces());
    root.insert(QStringLiteral("added_tokens"), QJsonArray{addedToken(99, u("[CLS]"), true), addedToken(40, u("<new>"), true)});
    const auto tokenizer = load(root);
    QCOMPARE(tokenizer->tokenToId(u("[CLS]")), std::optional<int>(1));
    QCOMPARE(tokenizer->tokenToId(u("<new>")), std::optional<int>(40));
    QCOMPARE(tokenizer->vocabSize(), 41);
    QCOMPARE(joinIds(tokenizer->encode(u("[CLS]<new>"), false).ids), u("1,40"));
}

void TokenizerJsonTest::templateProcessing() {
    QJsonObject root = wordPieceJson(defaultWordPieces());
    root.insert(QStringLiteral("post_processor"), json(R"({"type": "TemplateProcessing",
        "single": [{"SpecialToken": {"id": "<both>", "type_id": 0}}, {"Sequence": {"id": "A", "type_id": 0}}],
        "pair": [{"Sequence": {"id": "A", "type_id": 2}}, {"SpecialToken": {"id": "[SEP]", "type_id": 3}},
                 {"Sequence": {"id": "B", "type_id": 4}}],
        "special_tokens": {"<both>": {"id": "<both>", "ids": [1, 2], "tokens": ["[CLS]", "[SEP]"]},
                           "[SEP]": {"id": "[SEP]", "ids": [2], "tokens": ["[SEP]"]}}})"));
    const auto tokenizer = load(root);
    const Encoding single = tokenizer->encode(u("hello"), true);
    QCOMPARE(single.tokens, words("[CLS] [SEP] hello"));
    QCOMPARE(single.special, (std::vector<bool>{true, true, false}));
    const Encoding pair = tokenizer->encodePair(u("hello"), u("world !"), true);
    QCOMPARE(pair.tokens, words("hello [SEP] world !"));
    QCOMPARE(joinIds(typeIdsOf(pair)), u("2,3,4,4"));
    QCOMPARE(joinIds(typeIdsOf(tokenizer->encodePair(u("hello"), u("world"), false))), u("2,4"));
}

void TokenizerJsonTest::bertAndRobertaProcessing_data() {
    QTest::addColumn<QString>("type");
    QTest::addColumn<QStringList>("pairTokens");
    QTest::addColumn<QString>("pairTypes");
    QTest::addColumn<QString>("plainPairTypes");  // without special tokens
    // The Rust library (processors/bert.rs, roberta.rs): BERT keeps each sequence's type id
    // without special tokens; RoBERTa sets every type id to 0 either way.
    QTest::newRow("BertProcessing") << u("BertProcessing") << words("[CLS] hello [SEP] world [SEP]") << u("0,0,0,1,1")
                                    << u("0,1");
    QTest::newRow("RobertaProcessing") << u("RobertaProcessing") << words("[CLS] hello [SEP] [SEP] world [SEP]")
                                       << u("0,0,0,0,0,0") << u("0,0");
}

void TokenizerJsonTest::bertAndRobertaProcessing() {
    QFETCH(QString, type);
    QFETCH(QStringList, pairTokens);
    QFETCH(QString, pairTypes);
    QFETCH(QString, plainPairTypes);
    QJsonObject root = wordPieceJson(defaultWordPieces());
    QJsonObject processor = json(R"({"sep": ["[SEP]", 2], "cls": ["[CLS]", 1]})").toObject();
    processor.insert(QStringLiteral("type"), type);
    root.insert(QStringLiteral("post_processor"), processor);
    const auto tokenizer = load(root);
    QCOMPARE(tokenizer->encode(u("hello"), true).tokens, words("[CLS] hello [SEP]"));
    const Encoding pair = tokenizer->encodePair(u("hello"), u("world"), true);
    QCOMPARE(pair.tokens, pairTokens);
    QCOMPARE(joinIds(typeIdsOf(pair)), pairTypes);
    const Encoding plain = tokenizer->encodePair(u("hello"), u("world"), false);
    QCOMPARE(plain.tokens, words("hello world"));
    QCOMPARE(joinIds(typeIdsOf(plain)), plainPairTypes);
}

void TokenizerJsonTest::sequencePostProcessor() {
    QJsonObject root = wordPieceJson(defaultWordPieces());
    root.insert(QStringLiteral("post_processor"), json(R"({"type": "Sequence", "processors": [
        {"type": "ByteLevel", "add_prefix_space": true, "trim_offsets": false, "use_regex": true},
        {"type": "TemplateProcessing", "single": [{"SpecialToken": {"id": "[CLS]", "type_id": 0}}, {"Sequence": {"id": "A", "type_id": 0}}],
         "pair": [{"SpecialToken": {"id": "[CLS]", "type_id": 0}}, {"Sequence": {"id": "A", "type_id": 0}}, {"Sequence": {"id": "B", "type_id": 1}}],
         "special_tokens": {"[CLS]": {"id": "[CLS]", "ids": [1], "tokens": ["[CLS]"]}}}]})"));
    const auto tokenizer = load(root);
    QCOMPARE(tokenizer->encodePair(u("hello"), u("world"), true).tokens, words("[CLS] hello world"));
    // No post-processor: a pair is concatenated, with type ids 0 and 1.
    root.insert(QStringLiteral("post_processor"), QJsonValue::Null);
    const Encoding plain = load(root)->encodePair(u("hello"), u("world"), true);
    QCOMPARE(plain.tokens, words("hello world"));
    QCOMPARE(joinIds(typeIdsOf(plain)), u("0,1"));
}

void TokenizerJsonTest::fromIdsRejectsHoles() {
    QJsonObject root = wordPieceJson(defaultWordPieces());
    root.insert(QStringLiteral("added_tokens"), QJsonArray{addedToken(40, u("<far>"), true)});
    const auto tokenizer = load(root);
    QCOMPARE(tokenizer->fromIds({40, 3}).tokens, words("<far> hello"));
    try {
        tokenizer->fromIds({3, 30});
        QFAIL("expected InputError");
    } catch (const InputError& error) {
        QVERIFY2(error.message().contains(u("30")) && error.message().contains(u("position 1")),
                 qPrintable(error.message()));
    }
}

QTEST_GUILESS_MAIN(TokenizerJsonTest)
#include "tst_tokenizerjson.moc"
