// tokenizer.json files that Headmap cannot read exactly as the Rust tokenizers library would are
// refused, never half-read: each row breaks or replaces one part of a small valid file, and the
// ModelError must name the file and that part.

#include <functional>

#include <QtTest>

#include "core/HeadmapError.h"
#include "tokenizers/HfTokenizerLoader.h"
#include "TokenizerJsonBuilder.h"

using namespace headmap;
using namespace tokentest;

using JsonEdit = std::function<void(QJsonObject&)>;
Q_DECLARE_METATYPE(JsonEdit)

class TokenizerJsonErrorsTest : public QObject {
    Q_OBJECT

private slots:
    void refusesBadFiles_data();
    void refusesBadFiles();
    void missingTokenizerJsonIsNotARead();

private:
    QTemporaryDir m_dir;
};

void TokenizerJsonErrorsTest::refusesBadFiles_data() {
    QTest::addColumn<QByteArray>("contents");  // used when edit is empty
    QTest::addColumn<JsonEdit>("edit");
    QTest::addColumn<QStringList>("mentions");
    const auto set = [](const char* path, const char* value) {
        return JsonEdit([=](QJsonObject& root) {
            const QStringList keys = QString::fromLatin1(path).split(QLatin1Char('.'));
            if (keys.size() == 1) {
                root.insert(keys[0], json(value));
            } else {
                QJsonObject inner = root.value(keys[0]).toObject();
                inner.insert(keys[1], json(value));
                root.insert(keys[0], inner);
            }
        });
    };
    const JsonEdit none;
    const QByteArray fromEdit;
    QTest::newRow("not JSON") << QByteArray("{\"model\": ") << none << words("tokenizer.json JSON");
    QTest::newRow("not an object") << QByteArray("[1, 2]") << none << words("tokenizer.json object");
    QTest::newRow("no model") << fromEdit << JsonEdit([](QJsonObject& root) { root.remove(QStringLiteral("model")); })
                              << words("tokenizer.json model");
    // Unigram models as the Rust library's serde reads them (tst_unigramtokenizers reads good ones).
    QTest::newRow("Unigram without vocab") << fromEdit << set("model", R"({"type": "Unigram", "unk_id": 0})")
                                           << words("tokenizer.json model.vocab [piece, score]");
    QTest::newRow("Unigram vocab as an object") << fromEdit << set("model", R"({"type": "Unigram", "vocab": {"a": 0}})")
                                                << words("tokenizer.json model.vocab list");
    QTest::newRow("Unigram piece without score") << fromEdit << set("model", R"({"type": "Unigram", "vocab": [["a", -1.0], ["b"]]})")
                                                 << words("tokenizer.json model.vocab[1] [piece, score]");
    QTest::newRow("Unigram score a string") << fromEdit << set("model", R"({"type": "Unigram", "vocab": [["a", "-1.0"]]})")
                                            << words("tokenizer.json model.vocab[0]");
    QTest::newRow("Unigram empty vocab") << fromEdit << set("model", R"({"type": "Unigram", "vocab": []})")
                                         << words("tokenizer.json model empty");
    QTest::newRow("Unigram unk_id outside") << fromEdit << set("model", R"({"type": "Unigram", "unk_id": 1, "vocab": [["a", -1.0]]})")
                                            << words("tokenizer.json model unk_id 1 1 pieces");
    QTest::newRow("Unigram unk_id negative") << fromEdit << set("model", R"({"type": "Unigram", "unk_id": -1, "vocab": [["a", -1.0]]})")
                                             << words("tokenizer.json model.unk_id -1");
    QTest::newRow("Unigram unk_id a string") << fromEdit << set("model", R"({"type": "Unigram", "unk_id": "0", "vocab": [["a", -1.0]]})")
                                             << words("tokenizer.json model.unk_id \"0\"");
    QTest::newRow("Unigram byte_fallback a string") << fromEdit
        << set("model", R"({"type": "Unigram", "unk_id": 0, "byte_fallback": "no", "vocab": [["a", -1.0]]})")
        << words("tokenizer.json model.byte_fallback");
    QTest::newRow("WordLevel model") << fromEdit << set("model", R"({"type": "WordLevel", "vocab": {"a": 0}, "unk_token": "a"})")
                                     << words("tokenizer.json model WordLevel");
    QTest::newRow("byte_fallback not a bool") << fromEdit << set("model", R"({"type": "BPE", "byte_fallback": "yes", "vocab": {"a": 0}, "merges": []})")
                                              << words("tokenizer.json model.byte_fallback");
    QTest::newRow("dropout") << fromEdit << set("model", R"({"type": "BPE", "dropout": 0.1, "vocab": {"a": 0}, "merges": []})")
                             << words("tokenizer.json model.dropout");
    QTest::newRow("end_of_word_suffix") << fromEdit << set("model", R"({"type": "BPE", "end_of_word_suffix": "</w>", "vocab": {"a": 0}, "merges": []})")
                                        << words("tokenizer.json model.end_of_word_suffix </w>");
    QTest::newRow("unknown normalizer") << fromEdit << set("normalizer", R"({"type": "ByteLevel"})")
                                        << words("tokenizer.json normalizer ByteLevel Precompiled");
    // Broken charsmaps in detail: tst_precompiledcharsmap.
    QTest::newRow("Precompiled without charsmap") << fromEdit << set("normalizer", R"({"type": "Precompiled"})")
                                                  << words("tokenizer.json normalizer.precompiled_charsmap missing");
    QTest::newRow("Precompiled charsmap not base64") << fromEdit
        << set("normalizer", R"({"type": "Precompiled", "precompiled_charsmap": "AAA*"})")
        << words("tokenizer.json normalizer.precompiled_charsmap base64 download");
    QTest::newRow("Precompiled charsmap with an empty trie") << fromEdit << set("normalizer", R"({"type": "Precompiled", "precompiled_charsmap": "AAAAAA=="})")
                                              << words("tokenizer.json normalizer precompiled_charsmap empty");
    QTest::newRow("Strip without strip_right") << fromEdit << set("normalizer", R"({"type": "Strip", "strip_left": true})")
                                               << words("tokenizer.json normalizer.strip_right");
    QTest::newRow("Metaspace replacement of two characters") << fromEdit
        << set("pre_tokenizer", R"({"type": "Metaspace", "replacement": "__", "prepend_scheme": "always"})")
        << words("tokenizer.json pre_tokenizer.replacement __ one character");
    QTest::newRow("Metaspace add_prefix_space false, prepend_scheme always") << fromEdit
        << set("pre_tokenizer", R"({"type": "Metaspace", "replacement": "▁", "add_prefix_space": false, "prepend_scheme": "always"})")
        << words("tokenizer.json pre_tokenizer add_prefix_space always");
    QTest::newRow("Replace without content") << fromEdit << set("normalizer", R"({"type": "Replace", "pattern": {"String": "a"}})")
                                             << words("tokenizer.json normalizer.content");
    QTest::newRow("Split with a bad regex") << fromEdit << set("pre_tokenizer", R"({"type": "Split", "pattern": {"Regex": "(a"}, "behavior": "Isolated", "invert": false})")
                                            << words("tokenizer.json pre_tokenizer.pattern (a");
    QTest::newRow("Split with an unknown behavior") << fromEdit << set("pre_tokenizer", R"({"type": "Split", "pattern": {"String": " "}, "behavior": "Sideways", "invert": false})")
                                                    << words("tokenizer.json pre_tokenizer.behavior Sideways");
    QTest::newRow("Metaspace with an unknown prepend_scheme") << fromEdit << set("pre_tokenizer", R"({"type": "Metaspace", "replacement": "▁", "prepend_scheme": "sometimes"})")
                                                              << words("tokenizer.json pre_tokenizer.prepend_scheme sometimes");
    QTest::newRow("unknown normalizer in a sequence")
        << fromEdit << set("normalizer", R"({"type": "Sequence", "normalizers": [{"type": "NFC"}, {"type": "Nmt"}]})")
        << words("tokenizer.json normalizer.normalizers[1] Nmt");
    QTest::newRow("unknown pre-tokenizer") << fromEdit << set("pre_tokenizer", R"({"type": "UnicodeScripts"})")
                                           << words("tokenizer.json pre_tokenizer UnicodeScripts");
    QTest::newRow("unknown post-processor") << fromEdit << set("post_processor", R"({"type": "Fancy"})")
                                            << words("tokenizer.json post_processor Fancy");
    QTest::newRow("missing vocab") << fromEdit << set("model", R"({"type": "WordPiece", "unk_token": "[UNK]"})")
                                   << words("tokenizer.json model.vocab");
    QTest::newRow("vocab id not a number") << fromEdit << set("model", R"({"type": "WordPiece", "vocab": {"[UNK]": "zero"}})")
                                           << words("tokenizer.json model.vocab [UNK]");
    QTest::newRow("unknown token not in vocab") << fromEdit << set("model", R"({"type": "WordPiece", "unk_token": "[NOPE]", "vocab": {"a": 0}})")
                                                << words("tokenizer.json model [NOPE]");
    QTest::newRow("missing merges") << fromEdit << set("model", R"({"type": "BPE", "vocab": {"a": 0}})")
                                    << words("tokenizer.json model.merges");
    QTest::newRow("merge of unknown tokens") << fromEdit << set("model", R"({"type": "BPE", "vocab": {"a": 0, "b": 1, "ab": 2}, "merges": ["a b", "a x"]})")
                                             << words("tokenizer.json model merge 1 \"x\"");
    QTest::newRow("merge result unknown") << fromEdit << set("model", R"({"type": "BPE", "vocab": {"a": 0, "b": 1}, "merges": [["a", "b"]]})")
                                          << words("tokenizer.json model merge 0 \"ab\"");
    QTest::newRow("malformed merge") << fromEdit << set("model", R"({"type": "BPE", "vocab": {"a": 0}, "merges": ["ab"]})")
                                     << words("tokenizer.json model.merges[0]");
    QTest::newRow("template names an unknown special token")
        << fromEdit << set("post_processor", R"({"type": "TemplateProcessing", "special_tokens": {},
              "single": [{"SpecialToken": {"id": "[CLS]", "type_id": 0}}, {"Sequence": {"id": "A", "type_id": 0}}],
              "pair": [{"Sequence": {"id": "A", "type_id": 0}}, {"Sequence": {"id": "B", "type_id": 1}}]})")
        << words("tokenizer.json post_processor.single[0] [CLS]");
    // Ids are JSON numbers: anything that is not a non-negative integer a vocabulary could hold
    // is refused before it is cast (casting 2^31 or 1e300 to int is undefined behaviour).
    QTest::newRow("vocab id 2^31") << fromEdit << set("model", R"({"type": "WordPiece", "vocab": {"[UNK]": 0, "big": 2147483648}})")
                                   << words("tokenizer.json model.vocab \"big\" 2147483648");
    QTest::newRow("vocab id 1e300") << fromEdit << set("model", R"({"type": "WordPiece", "vocab": {"[UNK]": 0, "huge": 1e300}})")
                                    << words("tokenizer.json model.vocab \"huge\" 1e+300");
    QTest::newRow("vocab id not an integer") << fromEdit << set("model", R"({"type": "WordPiece", "vocab": {"[UNK]": 0, "half": 1.5}})")
                                             << words("tokenizer.json model.vocab \"half\" 1.5");
    QTest::newRow("vocab id negative") << fromEdit << set("model", R"({"type": "WordPiece", "vocab": {"[UNK]": 0, "neg": -2}})")
                                       << words("tokenizer.json model.vocab \"neg\" -2");
    QTest::newRow("vocab pieces sharing an id") << fromEdit
                                                << set("model", R"({"type": "WordPiece", "vocab": {"[UNK]": 0, "a": 1, "b": 1}})")
                                                << words("tokenizer.json model.vocab \"b\" \"a\" 1");
    // A vocabulary is sized by its largest id: a few entries with an absurd id must not allocate
    // gigabytes before anything else is checked.
    QTest::newRow("vocab id 2^31-1") << fromEdit << set("model", R"({"type": "WordPiece", "vocab": {"[UNK]": 0, "far": 2147483647}})")
                                     << words("tokenizer.json model.vocab \"far\" 2147483647");
    QTest::newRow("sparse vocab id 5e7") << fromEdit << set("model", R"({"type": "WordPiece", "vocab": {"[UNK]": 0, "far": 50000000}})")
                                         << words("tokenizer.json model.vocab \"far\" 50000000");
    QTest::newRow("sparse vocab id 1e6") << fromEdit << set("model", R"({"type": "WordPiece", "vocab": {"[UNK]": 0, "far": 1000000}})")
                                         << words("tokenizer.json model.vocab \"far\" 1000000 2 entries");
    QTest::newRow("added token id 2^31") << fromEdit << set("added_tokens", R"([{"id": 2147483648, "content": "<big>"}])")
                                         << words("tokenizer.json added_tokens[0] \"<big>\" 2147483648");
    QTest::newRow("added token id negative") << fromEdit << set("added_tokens", R"([{"id": -7, "content": "<neg>"}])")
                                             << words("tokenizer.json added_tokens[0] \"<neg>\" -7");
    QTest::newRow("added token id not an integer") << fromEdit << set("added_tokens", R"([{"id": 7.25, "content": "<frac>"}])")
                                                   << words("tokenizer.json added_tokens[0] \"<frac>\" 7.25");
    QTest::newRow("BertProcessing id 2^32") << fromEdit << set("post_processor", R"({"type": "BertProcessing",
              "cls": ["[CLS]", 4294967296], "sep": ["[SEP]", 2]})")
                                            << words("tokenizer.json post_processor.cls \"[CLS]\" 4294967296");
    QTest::newRow("template id negative") << fromEdit << set("post_processor", R"({"type": "TemplateProcessing",
              "special_tokens": {"[CLS]": {"id": "[CLS]", "ids": [-1], "tokens": ["[CLS]"]}},
              "single": [{"SpecialToken": {"id": "[CLS]", "type_id": 0}}, {"Sequence": {"id": "A", "type_id": 0}}],
              "pair": [{"Sequence": {"id": "A", "type_id": 0}}, {"Sequence": {"id": "B", "type_id": 1}}]})")
                                          << words("tokenizer.json post_processor.special_tokens \"[CLS]\" -1");
    QTest::newRow("added token without content") << fromEdit << set("added_tokens", R"([{"id": 3}])")
                                                 << words("tokenizer.json added_tokens[0]");
    // One id, two pieces: encode() and fromIds() would name the id differently (found by fuzzing,
    // tests/fuzz/regressions/tokenizer_json).
    QTest::newRow("added token on a vocabulary piece's id") << fromEdit << set("added_tokens", R"([{"id": 3, "content": "<new>"}])")
        << words("tokenizer.json added_tokens[0] '<new>' 3 vocabulary 'hello'");
    QTest::newRow("added token on the id of a vocabulary piece added too") << fromEdit
        << set("added_tokens", R"([{"id": 3, "content": "<begin>"}, {"id": 99, "content": "hello"}])")
        << words("tokenizer.json added_tokens[0] '<begin>' 3 'hello'");
    QTest::newRow("two added tokens on one id") << fromEdit
        << set("added_tokens", R"([{"id": 40, "content": "<a>"}, {"id": 40, "content": "<b>"}])")
        << words("tokenizer.json added_tokens[1] '<b>' 40 added_tokens[0] '<a>'");
    // Templates as the Rust library reads them (type_id required) and as tokenizers write them
    // ($A, then $B, once each; found by fuzzing: a mutated "typ_eid" gave $B type id 0).
    const auto templateWith = [](const char* single, const char* pair) {
        const QByteArray text = QStringLiteral(R"({"type": "TemplateProcessing", "special_tokens": {
              "[CLS]": {"id": "[CLS]", "ids": [1], "tokens": ["[CLS]"]}}, "single": %1, "pair": %2})")
                                    .arg(QLatin1String(single), QLatin1String(pair)).toUtf8();
        return JsonEdit([=](QJsonObject& root) { root.insert(QStringLiteral("post_processor"), json(text.constData())); });
    };
    const char* const a = R"([{"Sequence": {"id": "A", "type_id": 0}}])";
    const char* const ab = R"([{"Sequence": {"id": "A", "type_id": 0}}, {"Sequence": {"id": "B", "type_id": 1}}])";
    QTest::newRow("template sequence without type_id") << fromEdit
        << templateWith(a, R"([{"Sequence": {"id": "A", "type_id": 0}}, {"Sequence": {"id": "B", "typ_eid": 1}}])")
        << words("tokenizer.json post_processor.pair[1] type_id");
    QTest::newRow("template special token type_id a string") << fromEdit
        << templateWith(R"([{"SpecialToken": {"id": "[CLS]", "type_id": "0"}}, {"Sequence": {"id": "A", "type_id": 0}}])", ab)
        << words("tokenizer.json post_processor.single[0] type_id");
    QTest::newRow("template type_id negative") << fromEdit
        << templateWith(R"([{"Sequence": {"id": "A", "type_id": -1}}])", ab)
        << words("tokenizer.json post_processor.single[0] type_id");
    QTest::newRow("template type_id not an integer") << fromEdit
        << templateWith(R"([{"Sequence": {"id": "A", "type_id": 0.5}}])", ab)
        << words("tokenizer.json post_processor.single[0] type_id found 0.5");
    QTest::newRow("template type_id 2^31") << fromEdit
        << templateWith(R"([{"Sequence": {"id": "A", "type_id": 2147483648}}])", ab)
        << words("tokenizer.json post_processor.single[0] type_id 2147483647 found 2147483648");
    QTest::newRow("pair template without $B") << fromEdit
        << templateWith(a, R"([{"SpecialToken": {"id": "[CLS]", "type_id": 0}}, {"Sequence": {"id": "A", "type_id": 0}}])")
        << words("tokenizer.json post_processor.pair $A $A, $B");
    QTest::newRow("single template with $B") << fromEdit << templateWith(ab, ab)
        << words("tokenizer.json post_processor.single $A, $B");
    QTest::newRow("pair template with $B first") << fromEdit
        << templateWith(a, R"([{"Sequence": {"id": "B", "type_id": 1}}, {"Sequence": {"id": "A", "type_id": 0}}])")
        << words("tokenizer.json post_processor.pair $B, $A");
    QTest::newRow("pair template with $A twice") << fromEdit
        << templateWith(a, R"([{"Sequence": {"id": "A", "type_id": 0}}, {"Sequence": {"id": "B", "type_id": 1}},
                               {"Sequence": {"id": "A", "type_id": 0}}])")
        << words("tokenizer.json post_processor.pair $A, $B, $A");
    QTest::newRow("single template without sequences") << fromEdit
        << templateWith(R"([{"SpecialToken": {"id": "[CLS]", "type_id": 0}}])", ab)
        << words("tokenizer.json post_processor.single none $A");
    // The same for a post-processor's own ids (found by fuzzing a cut-down bert-base-uncased).
    QTest::newRow("template special token on another piece's id") << fromEdit
        << set("post_processor", R"({"type": "TemplateProcessing",
              "special_tokens": {"[SEP]": {"id": "[SEP]", "ids": [3], "tokens": ["[SEP]"]}},
              "single": [{"Sequence": {"id": "A", "type_id": 0}}, {"SpecialToken": {"id": "[SEP]", "type_id": 0}}],
              "pair": [{"Sequence": {"id": "A", "type_id": 0}}, {"Sequence": {"id": "B", "type_id": 1}}]})")
        << words("tokenizer.json post_processor '[SEP]' id 3 the id of 'hello'");
    QTest::newRow("BertProcessing sep on another piece's id") << fromEdit
        << set("post_processor", R"({"type": "BertProcessing", "cls": ["[CLS]", 1], "sep": ["[SEP]", 4]})")
        << words("tokenizer.json post_processor '[SEP]' id 4 'world'");
    QTest::newRow("RobertaProcessing cls on another piece's id") << fromEdit
        << set("post_processor", R"({"type": "RobertaProcessing", "cls": ["[CLS]", 3], "sep": ["[SEP]", 2]})")
        << words("tokenizer.json post_processor '[CLS]' id 3 'hello'");
    QTest::newRow("special token on another piece's id in the pair template only") << fromEdit
        << set("post_processor", R"({"type": "TemplateProcessing", "special_tokens": {
              "[CLS]": {"id": "[CLS]", "ids": [1], "tokens": ["[CLS]"]}, "[SEP]": {"id": "[SEP]", "ids": [4], "tokens": ["[SEP]"]}},
              "single": [{"SpecialToken": {"id": "[CLS]", "type_id": 0}}, {"Sequence": {"id": "A", "type_id": 0}}],
              "pair": [{"Sequence": {"id": "A", "type_id": 0}}, {"SpecialToken": {"id": "[SEP]", "type_id": 0}},
                       {"Sequence": {"id": "B", "type_id": 1}}]})")
        << words("tokenizer.json post_processor '[SEP]' id 4 'world'");
    QTest::newRow("two post-processors adding special tokens") << fromEdit
        << set("post_processor", R"({"type": "Sequence", "processors": [{"type": "ByteLevel"},
              {"type": "RobertaProcessing", "cls": ["[CLS]", 1], "sep": ["[SEP]", 2]},
              {"type": "Sequence", "processors": [{"type": "BertProcessing", "cls": ["[CLS]", 1], "sep": ["[SEP]", 2]}]}]})")
        << words("tokenizer.json post_processor 2 processors[1] RobertaProcessing processors[2].processors[0] BertProcessing");
    QTest::newRow("RobertaProcessing id outside the vocabulary") << fromEdit
        << set("post_processor", R"({"type": "RobertaProcessing", "cls": ["[CLS]", 1], "sep": ["[SEP]", 500]})")
        << words("tokenizer.json post_processor '[SEP]' id 500 names no piece");
    QTest::newRow("template in a sequence of post-processors") << fromEdit
        << set("post_processor", R"({"type": "Sequence", "processors": [{"type": "ByteLevel"}, {"type": "TemplateProcessing",
              "special_tokens": {"[CLS]": {"id": "[CLS]", "ids": [1, 0], "tokens": ["[CLS]", "[UNK]x"]}},
              "single": [{"SpecialToken": {"id": "[CLS]", "type_id": 0}}, {"Sequence": {"id": "A", "type_id": 0}}],
              "pair": [{"Sequence": {"id": "A", "type_id": 0}}, {"Sequence": {"id": "B", "type_id": 1}}]}]})")
        << words("tokenizer.json post_processor '[UNK]x' id 0 '[UNK]'");
}

void TokenizerJsonErrorsTest::refusesBadFiles() {
    QFETCH(QByteArray, contents);
    QFETCH(JsonEdit, edit);
    QFETCH(QStringList, mentions);
    if (edit) {
        QJsonObject root = wordPieceJson(defaultWordPieces());
        edit(root);
        contents = QJsonDocument(root).toJson();
    }
    try {
        loadTokenizerJson(m_dir.path(), contents);
        QFAIL("expected ModelError");
    } catch (const ModelError& error) {
        qInfo("%s", qPrintable(error.message()));
        for (const QString& mention : mentions)
            QVERIFY2(error.message().contains(mention), qPrintable(mention + u(" not in: ") + error.message()));
    }
}

void TokenizerJsonErrorsTest::missingTokenizerJsonIsNotARead() {
    // A folder with nothing in it says which files it looked for.
    QTemporaryDir empty;
    try {
        loadHfTokenizer(empty.path(), TokenizerLoadOptions{});
        QFAIL("expected ModelError");
    } catch (const ModelError& error) {
        QVERIFY2(error.message().contains(u("has no tokenizer.json, vocab.txt or vocab.json + merges.txt")),
                 qPrintable(error.message()));
    }
}

QTEST_GUILESS_MAIN(TokenizerJsonErrorsTest)
#include "tst_tokenizerjsonerrors.moc"
