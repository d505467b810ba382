// loadGgufTokenizer on small GGUF files spelled out byte by byte (tests/formats/GgufBytes): the
// behaviour llama.cpp's src/llama-vocab.cpp gives each tokenizer.ggml.* key, worked out by hand
// for a 15-piece SentencePiece vocabulary and a 9-piece byte-level one, and one message per
// malformed file, each naming the file and the key with what was expected and what was found.

#include <cmath>
#include <cstring>
#include <map>

#include <QtTest>

#include "core/HeadmapError.h"
#include "formats/GgufFile.h"
#include "tokenizers/GgufTokenizer.h"
#include "GgufBytes.h"

using namespace headmap;
using namespace fixture;

namespace {

// gguf_metadata_value_type
constexpr quint32 kInt32 = 5, kFloat32 = 6, kBool = 7, kString = 8, kArray = 9;
// gguf-py TokenType
constexpr int kNormal = 1, kUnknown = 2, kControl = 3, kUserDefined = 4, kUnused = 5, kByte = 6;

struct Piece {
    QString text;
    int type;
    float score;
};

// An ordered set of key-value pairs that rows change one at a time.
struct Kvs {
    std::vector<std::pair<QByteArray, QByteArray>> items;
    void set(const QByteArray& key, const QByteArray& kv) {
        for (auto& item : items)
            if (item.first == key) {
                item.second = kv;
                return;
            }
        items.emplace_back(key, kv);
    }
    void remove(const QByteArray& key) {
        items.erase(std::remove_if(items.begin(), items.end(), [&](const auto& item) { return item.first == key; }),
                    items.end());
    }
};

QByteArray stringArray(const QStringList& strings) {
    QByteArray elements;
    for (const QString& text : strings)
        elements += ggufString(text.toUtf8());
    return ggufArray(kString, quint64(strings.size()), elements);
}

QByteArray floatBits(float value) {
    quint32 bits;
    std::memcpy(&bits, &value, sizeof bits);
    return le32(bits);
}

QByteArray arrayKv(const QByteArray& key, const QByteArray& array) {
    return ggufKv(key, kArray, array);
}

QByteArray boolKv(const QByteArray& key, bool value) {
    return ggufKv(key, kBool, QByteArray(1, value ? '\1' : '\0'));
}

void setPieces(Kvs& kvs, const std::vector<Piece>& pieces, bool withScores) {
    QStringList texts;
    QByteArray scores;
    QByteArray types;
    for (const Piece& piece : pieces) {
        texts << piece.text;
        scores += floatBits(piece.score);
        types += le32(quint32(piece.type));
    }
    kvs.set("tokenizer.ggml.tokens", arrayKv("tokenizer.ggml.tokens", stringArray(texts)));
    if (withScores)
        kvs.set("tokenizer.ggml.scores", arrayKv("tokenizer.ggml.scores", ggufArray(kFloat32, pieces.size(), scores)));
    kvs.set("tokenizer.ggml.token_type", arrayKv("tokenizer.ggml.token_type", ggufArray(kInt32, pieces.size(), types)));
}

// ids 0..14; the scores make "▁a" the first merge, then "bc", then "ab".
std::vector<Piece> spmPieces() {
    return {{u"<unk>"_qs, kUnknown, 0}, {u"<s>"_qs, kControl, 0}, {u"</s>"_qs, kControl, 0},
            {u"<0xC3>"_qs, kByte, 0},   {u"<0xA9>"_qs, kByte, 0},  {u"▁"_qs, kNormal, -10},
            {u"a"_qs, kNormal, -11},    {u"b"_qs, kNormal, -12},   {u"c"_qs, kNormal, -13},
            {u"ab"_qs, kNormal, -3},    {u"bc"_qs, kNormal, -2},   {u"▁a"_qs, kNormal, -1},
            {u"<tool>"_qs, kUserDefined, 0}, {u"[PAD13]"_qs, kUnused, 0}, {u"▁b"_qs, kNormal, -4}};
}

Kvs spmFile() {
    Kvs kvs;
    kvs.set("general.architecture", ggufStringKv("general.architecture", "llama"));
    kvs.set("tokenizer.ggml.model", ggufStringKv("tokenizer.ggml.model", "llama"));
    kvs.set("tokenizer.ggml.pre", ggufStringKv("tokenizer.ggml.pre", "default"));
    setPieces(kvs, spmPieces(), true);
    return kvs;
}

// ids 0..8, in GPT-2's byte alphabet ("Ġ" a space); "ba" is a piece no merge makes.
Kvs bpeFile(const QByteArray& pre) {
    Kvs kvs;
    kvs.set("general.architecture", ggufStringKv("general.architecture", "gpt2"));
    kvs.set("tokenizer.ggml.model", ggufStringKv("tokenizer.ggml.model", "gpt2"));
    kvs.set("tokenizer.ggml.pre", ggufStringKv("tokenizer.ggml.pre", pre));
    setPieces(kvs, {{u"a"_qs, kNormal, 0}, {u"b"_qs, kNormal, 0}, {u"Ġ"_qs, kNormal, 0}, {u"ab"_qs, kNormal, 0},
                    {u"Ġa"_qs, kNormal, 0}, {u"Ġab"_qs, kNormal, 0}, {u"<|endoftext|>"_qs, kControl, 0},
                    {u"<x>"_qs, kUserDefined, 0}, {u"ba"_qs, kNormal, 0}},
              false);
    kvs.set("tokenizer.ggml.merges",
            arrayKv("tokenizer.ggml.merges", stringArray({u"Ġ a"_qs, u"a b"_qs, u"Ġa b"_qs})));
    return kvs;
}

// The file a row names: a base file and one change.
Kvs variant(const QString& name) {
    if (name.startsWith(QLatin1String("bpe "))) {
        const QStringList words = name.split(QLatin1Char(' '));
        Kvs kvs = bpeFile(words.value(1).toUtf8());
        if (words.contains(QLatin1String("bos6")))
            kvs.set("tokenizer.ggml.bos_token_id", ggufU32Kv("tokenizer.ggml.bos_token_id", 6));
        if (words.contains(QLatin1String("addbos")))
            kvs.set("tokenizer.ggml.add_bos_token", boolKv("tokenizer.ggml.add_bos_token", true));
        return kvs;
    }
    Kvs kvs = spmFile();
    if (name == QLatin1String("no bos"))
        kvs.set("tokenizer.ggml.add_bos_token", boolKv("tokenizer.ggml.add_bos_token", false));
    else if (name == QLatin1String("eos"))
        kvs.set("tokenizer.ggml.add_eos_token", boolKv("tokenizer.ggml.add_eos_token", true));
    else if (name == QLatin1String("no prefix"))
        kvs.set("tokenizer.ggml.add_space_prefix", boolKv("tokenizer.ggml.add_space_prefix", false));
    else if (name == QLatin1String("equal scores")) {
        std::vector<Piece> pieces = spmPieces();
        pieces[9].score = pieces[10].score;  // "ab" as "bc"
        setPieces(kvs, pieces, true);
        kvs.set("tokenizer.ggml.add_space_prefix", boolKv("tokenizer.ggml.add_space_prefix", false));
    } else if (name == QLatin1String("bos 2"))
        kvs.set("tokenizer.ggml.bos_token_id", ggufU32Kv("tokenizer.ggml.bos_token_id", 2));
    return kvs;
}

QString joinIds(const std::vector<int>& ids) {
    QStringList parts;
    for (int id : ids)
        parts << QString::number(id);
    return parts.join(QLatin1Char(','));
}

}  // namespace

class GgufTokenizerFilesTest : public QObject {
    Q_OBJECT

private slots:
    void initTestCase() { QVERIFY(m_dir.isValid()); }
    void behaviour_data();
    void behaviour();
    void specialFlags();
    void errors_data();
    void errors();

private:
    QString write(const Kvs& kvs, const QString& name) {
        GgufParts parts;
        for (const auto& item : kvs.items)
            parts.kvs << item.second;
        const QString path = m_dir.filePath(name + QStringLiteral(".gguf"));
        QFile file(path);
        if (!file.open(QIODevice::WriteOnly) || file.write(gguf(parts)) < 0)
            qFatal("cannot write %s", qPrintable(path));
        return path;
    }
    std::unique_ptr<Tokenizer> load(const Kvs& kvs, const QString& name) {
        const GgufFile file(write(kvs, name));
        return loadGgufTokenizer(file);
    }
    QTemporaryDir m_dir;
};

void GgufTokenizerFilesTest::behaviour_data() {
    QTest::addColumn<QString>("file");
    QTest::addColumn<QString>("text");
    QTest::addColumn<bool>("addSpecial");
    QTest::addColumn<QString>("ids");
    // SentencePiece: " " → "▁", "▁" in front (add_space_prefix), the best-scored pair first.
    QTest::newRow("spm highest score first") << u"base"_qs << u"abc"_qs << true << u"1,11,10"_qs;
    QTest::newRow("spm without special tokens") << u"base"_qs << u"bc"_qs << false << u"5,10"_qs;
    QTest::newRow("spm leftmost among equal scores") << u"equal scores"_qs << u"abc"_qs << false << u"9,8"_qs;
    QTest::newRow("spm byte fallback") << u"base"_qs << u"é"_qs << false << u"5,3,4"_qs;
    QTest::newRow("spm unknown byte") << u"base"_qs << u"ü"_qs << false << u"5,3,0"_qs;
    // Control tokens are matched in the text; the text after one gets the "▁" again.
    QTest::newRow("spm control token in text") << u"base"_qs << u"a</s>b"_qs << true << u"1,11,2,14"_qs;
    QTest::newRow("spm user-defined token") << u"base"_qs << u"a<tool>b"_qs << false << u"11,12,14"_qs;
    QTest::newRow("spm unused token not matched") << u"base"_qs << u"[PAD13]"_qs << false << u"5,0,0,0,0,0,0,0"_qs;
    QTest::newRow("spm add_bos_token false") << u"no bos"_qs << u"a"_qs << true << u"11"_qs;
    QTest::newRow("spm add_eos_token true") << u"eos"_qs << u"a"_qs << true << u"1,11,2"_qs;
    QTest::newRow("spm add_space_prefix false") << u"no prefix"_qs << u"a b"_qs << true << u"1,6,14"_qs;
    QTest::newRow("spm bos_token_id") << u"bos 2"_qs << u"a"_qs << true << u"2,11"_qs;
    QTest::newRow("spm empty text") << u"base"_qs << QString() << true << u"1"_qs;
    // Byte-level BPE: merges by rank, no BOS unless said.
    QTest::newRow("bpe gpt-2 merges") << u"bpe gpt-2"_qs << u"ab ab"_qs << true << u"3,5"_qs;
    QTest::newRow("bpe gpt-2 merges only") << u"bpe gpt-2"_qs << u"ba"_qs << false << u"1,0"_qs;
    QTest::newRow("bpe add_bos_token true") << u"bpe gpt-2 bos6 addbos"_qs << u"ab"_qs << true << u"6,3"_qs;
    // llama-bpe: whole pieces first (ignore_merges), BOS by default.
    QTest::newRow("bpe llama-bpe ignore merges") << u"bpe llama-bpe bos6"_qs << u"ba"_qs << false << u"8"_qs;
    QTest::newRow("bpe llama-bpe adds BOS") << u"bpe llama-bpe bos6"_qs << u"ab"_qs << true << u"6,3"_qs;
    QTest::newRow("bpe qwen2 no BOS") << u"bpe qwen2 bos6"_qs << u"ab"_qs << true << u"3"_qs;
    QTest::newRow("bpe control token") << u"bpe gpt-2"_qs << u"a<|endoftext|>"_qs << false << u"0,6"_qs;
    QTest::newRow("bpe user-defined token") << u"bpe gpt-2"_qs << u"a<x>b"_qs << false << u"0,7,1"_qs;
}

void GgufTokenizerFilesTest::behaviour() {
    QFETCH(QString, file);
    QFETCH(QString, text);
    QFETCH(bool, addSpecial);
    QFETCH(QString, ids);
    try {
        const auto tokenizer = load(variant(file), QString::fromUtf8(QTest::currentDataTag()).replace(u' ', u'_'));
        QCOMPARE(joinIds(tokenizer->encode(text, addSpecial).ids), ids);
    } catch (const HeadmapError& error) {
        QFAIL(error.what());
    }
}

void GgufTokenizerFilesTest::specialFlags() {
    // Control and unknown tokens are special, user-defined ones are not; labels read as the
    // SentencePiece pieces they are.
    const auto tokenizer = load(spmFile(), u"flags"_qs);
    const Encoding encoding = tokenizer->encode(u"<unk>a<tool></s>"_qs, true);
    QCOMPARE(joinIds(encoding.ids), u"1,0,11,12,2"_qs);
    QCOMPARE(encoding.special, (std::vector<bool>{true, true, false, false, true}));
    QCOMPARE(encoding.displayTokens.at(2), u"␣a"_qs);
    QCOMPARE(int(tokenizer->pieceStyle()), int(PieceStyle::SentencePiece));
    QCOMPARE(tokenizer->vocabSize(), 15);
    QCOMPARE(tokenizer->tokenToId(u"<tool>"_qs), std::optional<int>(12));
    // The limit cuts as for tokenizer.json files; ids outside the 15 pieces are refused.
    const Encoding limited = tokenizer->encodeLimited(u"abc"_qs, true, 2);
    QCOMPARE(joinIds(limited.ids), u"1,11"_qs);
    QVERIFY(limited.truncated);
    QVERIFY_THROWS_EXCEPTION(InputError, tokenizer->fromIds({15}));
}

void GgufTokenizerFilesTest::errors_data() {
    QTest::addColumn<QString>("edit");
    QTest::addColumn<QStringList>("message");  // parts the message must hold
    const auto parts = [](std::initializer_list<const char*> texts) {
        QStringList list;
        for (const char* text : texts)
            list << QString::fromUtf8(text);
        return list;
    };
    QTest::newRow("model missing") << u"model missing"_qs << parts({"tokenizer.ggml.model", "missing"});
    QTest::newRow("model unknown") << u"model rwkv"_qs
                                   << parts({"tokenizer.ggml.model", "'rwkv'", "\"llama\"", "\"gpt2\"", "\"t5\""});
    QTest::newRow("tokens missing") << u"tokens missing"_qs << parts({"tokenizer.ggml.tokens", "missing"});
    QTest::newRow("tokens empty") << u"tokens empty"_qs << parts({"tokenizer.ggml.tokens", "empty"});
    QTest::newRow("tokens not strings") << u"tokens ints"_qs << parts({"tokenizer.ggml.tokens", "ARRAY of INT32", "ARRAY of STRING"});
    QTest::newRow("token twice") << u"token twice"_qs << parts({"tokenizer.ggml.tokens", "'b'", "twice", "7 and 8"});
    QTest::newRow("scores short") << u"scores short"_qs << parts({"tokenizer.ggml.scores", "3 elements", "(15)"});
    QTest::newRow("score NaN") << u"score nan"_qs << parts({"tokenizer.ggml.scores", "token 5", "nan", "finite"});
    QTest::newRow("token types short") << u"types short"_qs << parts({"tokenizer.ggml.token_type", "3 elements", "(15)"});
    QTest::newRow("token type unknown") << u"type 9"_qs << parts({"tokenizer.ggml.token_type", "token 4", "type 9", "0 to 6"});
    QTest::newRow("bos id out of range") << u"bos 99"_qs << parts({"tokenizer.ggml.bos_token_id", "99", "0 to 14"});
    QTest::newRow("eos id out of range") << u"eos 15"_qs << parts({"tokenizer.ggml.eos_token_id", "15", "0 to 14"});
    QTest::newRow("pre unknown") << u"pre bogus"_qs << parts({"tokenizer.ggml.pre", "'bogus'", "llama-bpe", "qwen2", "deepseek-llm", "mpt"});
    // A value from the file stays on one line: control characters are escaped.
    QTest::newRow("pre with a newline") << u"pre newline"_qs << parts({"tokenizer.ggml.pre", "'bo\\u000agus'"});
    QTest::newRow("merges missing") << u"merges missing"_qs << parts({"tokenizer.ggml.merges", "missing", "gpt2"});
    QTest::newRow("merge without space") << u"merge ab"_qs << parts({"tokenizer.ggml.merges", "merge 1", "'ab'", "space"});
    QTest::newRow("merge of no piece") << u"merge a z"_qs << parts({"tokenizer.ggml.merges", "\"z\"", "not in the vocabulary"});
    QTest::newRow("BOS to add but none") << u"bos none"_qs << parts({"tokenizer.ggml.add_bos_token", "tokenizer.ggml.bos_token_id", "no BOS"});
}

void GgufTokenizerFilesTest::errors() {
    QFETCH(QString, edit);
    QFETCH(QStringList, message);
    Kvs kvs = edit.startsWith(QLatin1String("pre")) || edit.startsWith(QLatin1String("merge")) ||
                      edit == QLatin1String("bos none")
                  ? bpeFile("gpt-2")
                  : spmFile();
    const auto ints = [](int count) {
        QByteArray elements;
        for (int i = 0; i < count; ++i)
            elements += le32(quint32(i));
        return elements;
    };
    if (edit == QLatin1String("model missing")) {
        kvs.remove("tokenizer.ggml.model");
    } else if (edit == QLatin1String("model rwkv")) {
        kvs.set("tokenizer.ggml.model", ggufStringKv("tokenizer.ggml.model", "rwkv"));
    } else if (edit == QLatin1String("tokens missing")) {
        kvs.remove("tokenizer.ggml.tokens");
    } else if (edit == QLatin1String("tokens empty")) {
        kvs.set("tokenizer.ggml.tokens", arrayKv("tokenizer.ggml.tokens", stringArray({})));
    } else if (edit == QLatin1String("tokens ints")) {
        kvs.set("tokenizer.ggml.tokens", arrayKv("tokenizer.ggml.tokens", ggufArray(kInt32, 15, ints(15))));
    } else if (edit == QLatin1String("token twice")) {
        std::vector<Piece> pieces = spmPieces();
        pieces[8].text = u"b"_qs;
        setPieces(kvs, pieces, true);
    } else if (edit == QLatin1String("scores short")) {
        kvs.set("tokenizer.ggml.scores", arrayKv("tokenizer.ggml.scores",
                                                 ggufArray(kFloat32, 3, floatBits(0) + floatBits(0) + floatBits(0))));
    } else if (edit == QLatin1String("score nan")) {
        std::vector<Piece> pieces = spmPieces();
        pieces[5].score = std::nanf("");
        setPieces(kvs, pieces, true);
    } else if (edit == QLatin1String("types short")) {
        kvs.set("tokenizer.ggml.token_type", arrayKv("tokenizer.ggml.token_type", ggufArray(kInt32, 3, ints(3))));
    } else if (edit == QLatin1String("type 9")) {
        std::vector<Piece> pieces = spmPieces();
        pieces[4].type = 9;
        setPieces(kvs, pieces, true);
    } else if (edit == QLatin1String("bos 99")) {
        kvs.set("tokenizer.ggml.bos_token_id", ggufU32Kv("tokenizer.ggml.bos_token_id", 99));
    } else if (edit == QLatin1String("eos 15")) {
        kvs.set("tokenizer.ggml.eos_token_id", ggufU32Kv("tokenizer.ggml.eos_token_id", 15));
    } else if (edit == QLatin1String("pre bogus")) {
        kvs.set("tokenizer.ggml.pre", ggufStringKv("tokenizer.ggml.pre", "bogus"));
    } else if (edit == QLatin1String("pre newline")) {
        kvs.set("tokenizer.ggml.pre", ggufStringKv("tokenizer.ggml.pre", "bo\ngus"));
    } else if (edit == QLatin1String("merges missing")) {
        kvs.remove("tokenizer.ggml.merges");
    } else if (edit == QLatin1String("merge ab")) {
        kvs.set("tokenizer.ggml.merges", arrayKv("tokenizer.ggml.merges", stringArray({u"Ġ a"_qs, u"ab"_qs})));
    } else if (edit == QLatin1String("merge a z")) {
        kvs.set("tokenizer.ggml.merges", arrayKv("tokenizer.ggml.merges", stringArray({u"a z"_qs})));
    } else if (edit == QLatin1String("bos none")) {
        // llama-bpe adds BOS by default; the 9 pieces do not reach the default id 11.
        kvs.set("tokenizer.ggml.pre", ggufStringKv("tokenizer.ggml.pre", "llama-bpe"));
    } else {
        QFAIL("unknown edit");
    }
    const QString name = QString(edit).replace(u' ', u'_');
    try {
        load(kvs, name);
        QFAIL("no error");
    } catch (const ModelError& error) {
        const QString text = error.message();
        qInfo("%s", qPrintable(text));
        QVERIFY2(text.contains(name + QStringLiteral(".gguf")), qPrintable(text));
        for (const QString& part : message)
            QVERIFY2(text.contains(part), qPrintable(QStringLiteral("\"%1\" not in: %2").arg(part, text)));
    }
}

QTEST_GUILESS_MAIN(GgufTokenizerFilesTest)
#include "tst_gguftokenizerfiles.moc"
