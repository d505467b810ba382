// SentencePiece model files (tokenizers/SentencePieceFile, SentencePieceModelCheck): the fixture
// models give the pieces Python's sentencepiece gave for the golden texts (marian.json), decode
// back, and name their pieces; and every kind of bad file is refused with a ModelError naming it
// instead of crashing the library: missing, empty, cut at any length, garbage, and well-formed
// files whose normalization rules point outside themselves (one of these made Python's
// sentencepiece 0.1.97, the same library, die of a segmentation fault), with a NUL-led piece, or
// without the pieces a model needs.

#include <QtTest>

#include <random>

#include "TestFiles.h"
#include "TokenGolden.h"
#include "core/HeadmapError.h"
#include "tokenizers/SentencePieceFile.h"
#include "tokenizers/SentencePieceModelCheck.h"
#include "tokenizers/TokenizerFiles.h"

using namespace headmap;

namespace {

QString u(const char* text) {
    return QString::fromUtf8(text);
}

QString modelPath(const char* name) {
    return tokentest::fixtureFolder(QStringLiteral("marian/%1.spm").arg(QLatin1String(name)));
}

// ---- protobuf wire format, written out here (the test's own, not the engine's reader) ----

QByteArray varint(quint64 value) {
    QByteArray bytes;
    do {
        const char byte = char(value & 0x7F);
        value >>= 7;
        bytes += value ? char(byte | 0x80) : byte;
    } while (value);
    return bytes;
}

struct Field {
    int number = 0;
    int wireType = 0;
    QByteArray payload;  // varint bytes, fixed bytes, or the length-delimited contents
};

QList<Field> parse(const QByteArray& message) {
    QList<Field> fields;
    int i = 0;
    const auto readVarint = [&]() {
        quint64 value = 0;
        for (int shift = 0;; shift += 7) {
            const quint8 byte = quint8(message.at(i++));
            value |= quint64(byte & 0x7F) << shift;
            if (!(byte & 0x80))
                return value;
        }
    };
    while (i < message.size()) {
        const quint64 key = readVarint();
        Field field{int(key >> 3), int(key & 7), {}};
        const int start = i;
        if (field.wireType == 0) {
            readVarint();
            field.payload = message.mid(start, i - start);
        } else if (field.wireType == 2) {
            const int length = int(readVarint());
            field.payload = message.mid(i, length);
            i += length;
        } else {
            const int width = field.wireType == 1 ? 8 : 4;
            field.payload = message.mid(i, width);
            i += width;
        }
        fields << field;
    }
    return fields;
}

QByteArray build(const QList<Field>& fields) {
    QByteArray message;
    for (const Field& field : fields) {
        message += varint(quint64(field.number) << 3 | quint64(field.wireType));
        if (field.wireType == 2)
            message += varint(quint64(field.payload.size()));
        message += field.payload;
    }
    return message;
}

Field lengthDelimited(int number, const QByteArray& payload) {
    return Field{number, 2, payload};
}

Field varintField(int number, quint64 value) {
    return Field{number, 0, varint(value)};
}

// ModelProto: 1 pieces, 2 trainer_spec, 3 normalizer_spec, 4 self_test_data, 5 denormalizer_spec.
// NormalizerSpec: 2 precompiled_charsmap. SentencePiece: 1 piece, 2 score, 3 type.
QByteArray charsMapOf(const QByteArray& model) {
    for (const Field& field : parse(model))
        if (field.number == 3)
            for (const Field& spec : parse(field.payload))
                if (spec.number == 2)
                    return spec.payload;
    return QByteArray();
}

QByteArray withCharsMap(const QByteArray& model, const QByteArray& charsMap, int specField = 3) {
    QList<Field> fields = parse(model);
    bool replaced = false;
    for (Field& field : fields) {
        if (field.number != specField)
            continue;
        QList<Field> spec = parse(field.payload);
        for (Field& rule : spec)
            if (rule.number == 2) {
                rule.payload = charsMap;
                replaced = true;
            }
        field.payload = build(spec);
    }
    if (!replaced)
        fields << lengthDelimited(specField, build({lengthDelimited(2, charsMap)}));
    return build(fields);
}

quint32 unitAt(const QByteArray& charsMap, int index) {
    quint32 unit = 0;
    std::memcpy(&unit, charsMap.constData() + 4 + 4 * index, 4);
    return unit;
}

void setUnit(QByteArray& charsMap, int index, quint32 unit) {
    std::memcpy(charsMap.data() + 4 + 4 * index, &unit, 4);
}

int trieUnits(const QByteArray& charsMap) {
    quint32 bytes = 0;
    std::memcpy(&bytes, charsMap.constData(), 4);
    return int(bytes / 4);
}

QByteArray piece(const QByteArray& text, int type) {
    return build({lengthDelimited(1, text), Field{2, 5, QByteArray(4, '\0')}, varintField(3, quint64(type))});
}

// A small unigram model from scratch: <unk>, <s>, </s> and a few pieces.
QByteArray smallModel(const QList<QByteArray>& extraPieces = {}, quint64 modelType = 1) {
    QList<Field> fields;
    fields << lengthDelimited(1, piece("<unk>", 2)) << lengthDelimited(1, piece("<s>", 3))
           << lengthDelimited(1, piece("</s>", 3));
    for (const QByteArray& text : {QByteArray("\xE2\x96\x81"), QByteArray("a"), QByteArray("b"),
                                   QByteArray("\xE2\x96\x81" "ab")})
        fields << lengthDelimited(1, piece(text, 1));
    for (const QByteArray& text : extraPieces)
        fields << lengthDelimited(1, piece(text, 1));
    fields << lengthDelimited(2, build({varintField(3, modelType)}));
    return build(fields);
}

// Loads bytes; the ModelError's message, or "" when the model loads (and then encodes a text).
QString loadError(const QByteArray& bytes) {
    try {
        const SentencePieceFile model(bytes, QStringLiteral("/models/x/source.spm"));
        model.encode(u("Hello ＡＢＣ ﬁ world, æøå 注意 😀"));
        model.decode(model.encode(u("ab ab")));
        return QString();
    } catch (const ModelError& error) {
        return error.message();
    }
}

}  // namespace

class SentencePieceFileTest : public QObject {
    Q_OBJECT

private slots:
    void initTestCase();
    void loadsTheFixtureModels();
    void encodesAsPython_data();
    void encodesAsPython();
    void decodesPieces();
    void fileProblems();
    void refusedFiles_data();
    void refusedFiles();
    void cutAtAnyLength();
    void garbageAndBitFlips();
    void charsMapCheck();

private:
    QHash<QString, std::shared_ptr<SentencePieceFile>> m_models;
};

void SentencePieceFileTest::initTestCase() {
    for (const char* name : {"en", "da", "zhen"})
        m_models.insert(QLatin1String(name), std::make_shared<SentencePieceFile>(modelPath(name)));
}

void SentencePieceFileTest::loadsTheFixtureModels() {
    for (const char* name : {"en", "da", "zhen"}) {
        const SentencePieceFile* model = m_models[QLatin1String(name)].get();
        QCOMPARE(model->path(), modelPath(name));
        QCOMPARE(model->piece(0), u("<unk>"));
        QCOMPARE(model->piece(2), u("</s>"));
        QCOMPARE(model->id(u("<unk>")), std::optional<int>(0));
        QCOMPARE(model->id(u("no such piece")), std::nullopt);
        QVERIFY(model->piece(-1).isNull());
        QVERIFY(model->piece(model->size()).isNull());
        for (int id = 0; id < model->size(); ++id)
            QCOMPARE(model->id(model->piece(id)), std::optional<int>(id));
        QVERIFY(sentencepiececheck::modelProblem(testsupport::readFile(modelPath(name))).isEmpty());
    }
    QCOMPARE(m_models[u("da")]->size(), 400);
    QCOMPARE(m_models[u("zhen")]->size(), 800);
}

void SentencePieceFileTest::encodesAsPython_data() {
    // marian.json's pieces are what transformers' tokenize() got from Python's sentencepiece;
    // for texts without special tokens or a leading language code they are exactly
    // SentencePieceProcessor.encode(text, out_type=str) of the folder's source model.
    QTest::addColumn<QString>("model");
    QTest::addColumn<QString>("text");
    QTest::addColumn<QStringList>("pieces");
    const QJsonObject folders = tokenizerfiles::readJsonObject(QStringLiteral(HEADMAP_GOLDEN_DIR "/tokenizers/marian.json"))
                                    .value(QLatin1String("folders")).toObject();
    int rows = 0;
    for (const auto& [folder, model] : {std::pair{"en-da", "en"}, std::pair{"da-zhen", "da"}}) {
        for (const QJsonValue& item : folders.value(QLatin1String(folder)).toObject().value(QLatin1String("cases")).toArray()) {
            const QJsonObject c = item.toObject();
            const QString text = c.value(QLatin1String("text")).toString();
            if (text.contains(u("</s>")) || text.contains(u("<unk>")) || text.contains(u("<pad>")) ||
                (text.startsWith(u(">>")) && text.contains(u("<<"))))
                continue;
            QStringList pieces;
            for (const QJsonValue& p : c.value(QLatin1String("pieces")).toArray())
                pieces << p.toString();
            QTest::addRow("%s: %s", model, qPrintable(c.value(QLatin1String("name")).toString()))
                << QString::fromLatin1(model) << text << pieces;
            ++rows;
        }
    }
    QVERIFY(rows > 600);
}

void SentencePieceFileTest::encodesAsPython() {
    QFETCH(QString, model);
    QFETCH(QString, text);
    QFETCH(QStringList, pieces);
    QCOMPARE(tokentest::joinTokens(m_models[model]->encode(text)), tokentest::joinTokens(pieces));
}

void SentencePieceFileTest::decodesPieces() {
    const SentencePieceFile& en = *m_models[u("en")];
    // nmt_nfkc: white space runs collapse, full-width letters and ligatures become ASCII.
    QCOMPARE(en.encode(u("  The   cat  ")), (QStringList{u("▁The"), u("▁ca"), u("t")}));
    QCOMPARE(en.decode(en.encode(u("  The   cat  "))), u("The cat"));
    QCOMPARE(en.decode(en.encode(u("ＡＢＣ ﬁsh"))), u("ABC fish"));
    QCOMPARE(en.decode({}), QString());
    QCOMPARE(en.encode(QString()), QStringList());
    // Unknown characters stay text in the pieces; <unk> and control pieces decode as the library says.
    QCOMPARE(en.encode(u("æøå")), (QStringList{u("▁"), u("æøå")}));
    QCOMPARE(en.decode({u("▁a"), u("<unk>"), u("</s>"), u("▁b")}), u("a ⁇  b"));
}

void SentencePieceFileTest::fileProblems() {
    QTemporaryDir dir;
    const auto errorOf = [](const QString& path) {
        try {
            SentencePieceFile model(path);
        } catch (const ModelError& error) {
            return error.message();
        }
        return QString();
    };
    const QString missing = dir.filePath(QStringLiteral("source.spm"));
    QVERIFY2(errorOf(missing).contains(missing), qPrintable(errorOf(missing)));
    QVERIFY2(errorOf(dir.path()).contains(u("not a regular file")), qPrintable(errorOf(dir.path())));
    QVERIFY(testsupport::writeFile(missing, QByteArray()));
    QVERIFY2(errorOf(missing).contains(u("source.spm: the file is incomplete or not a SentencePiece model")) &&
                 errorOf(missing).contains(u("download it again")),
             qPrintable(errorOf(missing)));
}

void SentencePieceFileTest::refusedFiles_data() {
    QTest::addColumn<QByteArray>("bytes");
    QTest::addColumn<QString>("detail");  // "" when the file may load
    const QByteArray real = testsupport::readFile(modelPath("en"));
    const QByteArray charsMap = charsMapOf(real);
    QVERIFY(!charsMap.isEmpty());

    QTest::newRow("empty") << QByteArray() << u("it is empty");
    QTest::newRow("text") << QByteArray("this is no model\n") << u("");
    QTest::newRow("JSON") << QByteArray(R"({"pieces": ["a", "b"]})") << u("");
    QTest::newRow("a group field") << QByteArray("\x0b\x0c") << u("no protobuf message");
    QTest::newRow("length past the end") << QByteArray("\x0a\x7f" "abc") << u("no protobuf message");
    QTest::newRow("small model") << smallModel() << u("");
    QTest::newRow("no pieces") << build({lengthDelimited(2, build({varintField(3, 1)}))}) << u("");
    QTest::newRow("no <unk>") << build({lengthDelimited(1, piece("a", 1))}) << u("");
    QTest::newRow("a piece twice") << smallModel({"a"}) << u("");
    QTest::newRow("an empty piece") << smallModel({""}) << u("");
    QTest::newRow("a piece led by NUL") << smallModel({QByteArray("\0x", 2)}) << u("NUL");
    QTest::newRow("a piece with NUL inside") << smallModel({QByteArray("x\0y", 3), "x"}) << u("");
    QTest::newRow("model type 7 (unknown)") << smallModel({}, 7) << u("");
    QTest::newRow("BPE") << smallModel({}, 2) << u("");
    QTest::newRow("word model") << smallModel({}, 3) << u("");
    QTest::newRow("char model") << smallModel({}, 4) << u("");
    QTest::newRow("byte piece without byte_fallback") << smallModel({"<0x41>"}) << u("");

    // Normalization rules: <trie size><double array><replacement strings>.
    QByteArray cut = charsMap;
    const quint32 tooLong = quint32(charsMap.size() - 1);  // the library's own check lets this pass
    std::memcpy(cut.data(), &tooLong, 4);
    QTest::newRow("trie size past the blob") << withCharsMap(real, cut) << u("cut off");
    QTest::newRow("rules of 4 bytes") << withCharsMap(real, QByteArray(4, '\0')) << u("cut off");
    QTest::newRow("empty trie") << withCharsMap(real, QByteArray(5, '\0')) << u("empty trie");
    QByteArray values = charsMap;
    for (int i = 0; i < trieUnits(values); ++i)
        if (unitAt(values, i) & (1U << 31))  // value units: make every replacement point far away
            setUnit(values, i, 0xFFFFFFFF);
    QTest::newRow("replacements far away (Python segfaults)") << withCharsMap(real, values) << u("replacement strings");
    QByteArray offsets = charsMap;
    setUnit(offsets, 0, unitAt(offsets, 0) | (0x3FFFFFU << 10));  // the root's children far outside
    QTest::newRow("root offset outside the trie") << withCharsMap(real, offsets) << u("outside their trie");
    QTest::newRow("denormalizer rules outside") << withCharsMap(real, values, 5) << u("replacement strings");
    QTest::newRow("rules on a small model") << withCharsMap(smallModel(), offsets) << u("outside their trie");
    QTest::newRow("real rules on a small model") << withCharsMap(smallModel(), charsMap) << u("");
}

void SentencePieceFileTest::refusedFiles() {
    QFETCH(QByteArray, bytes);
    QFETCH(QString, detail);
    const QString error = loadError(bytes);
    if (detail.isEmpty()) {
        // Loads, or refused by protobuf or the library: either way a message or nothing, no crash.
        QVERIFY2(error.isEmpty() || error.contains(u("not a SentencePiece model")), qPrintable(error));
        return;
    }
    QVERIFY2(error.contains(u("/models/x/source.spm: the file is incomplete or not a SentencePiece model")) &&
                 error.contains(detail) && error.contains(u("download it again")),
             qPrintable(error));
}

void SentencePieceFileTest::cutAtAnyLength() {
    // The first 300 lengths of a real model and every 61st after: refused by protobuf or the
    // check, or (cut between two fields) a smaller model that loads and encodes; never a crash.
    const QByteArray real = testsupport::readFile(modelPath("zhen"));
    int refused = 0, tried = 0;
    for (qsizetype length = 0; length < real.size(); length += length < 300 ? 1 : 61, ++tried) {
        const QString error = loadError(real.left(length));
        QVERIFY2(error.isEmpty() || error.contains(u("not a SentencePiece model")),
                 qPrintable(QString::number(length) + u(": ") + error));
        refused += !error.isEmpty();
    }
    QVERIFY2(refused > tried * 9 / 10, qPrintable(QStringLiteral("%1 of %2 refused").arg(refused).arg(tried)));
}

void SentencePieceFileTest::garbageAndBitFlips() {
    // Random bytes, and the small model with bytes changed at random: loading either refuses with a
    // ModelError or gives a model that encodes; nothing else (a crash ends the test).
    std::mt19937 random(20261207);
    int loaded = 0;
    for (int round = 0; round < 300; ++round) {
        QByteArray bytes(int(random() % 400), '\0');
        for (char& byte : bytes)
            byte = char(random());
        const QString garbage = loadError(bytes);
        QVERIFY2(garbage.isEmpty() || garbage.contains(u("not a SentencePiece model")), qPrintable(garbage));
        QByteArray flipped = smallModel({"ba", "\xE2\x96\x81" "b"});
        for (int flips = 0; flips < 3; ++flips)
            flipped[int(random() % quint32(flipped.size()))] = char(random());
        const QString error = loadError(flipped);
        QVERIFY2(error.isEmpty() || error.contains(u("not a SentencePiece model")), qPrintable(error));
        loaded += error.isEmpty();
    }
    QVERIFY(loaded > 0);  // some changes keep a model that loads: those were encoded too
}

void SentencePieceFileTest::charsMapCheck() {
    for (const char* name : {"en", "da", "zhen"}) {
        const QByteArray charsMap = charsMapOf(testsupport::readFile(modelPath(name)));
        QVERIFY(charsMap.size() > 100000);  // nmt_nfkc
        QCOMPARE(sentencepiececheck::charsMapProblem(charsMap), QString());
    }
    // Every unit of a real trie changed, one at a time in a sample: the check either accepts the
    // array (then the library's walks stay inside it) or names the problem.
    const QByteArray real = charsMapOf(testsupport::readFile(modelPath("en")));
    std::mt19937 random(7);
    for (int round = 0; round < 200; ++round) {
        QByteArray changed = real;
        const int unit = int(random() % quint32(trieUnits(real)));
        setUnit(changed, unit, quint32(random()));
        const QString problem = sentencepiececheck::charsMapProblem(changed);
        const QString error = loadError(withCharsMap(smallModel(), changed));
        QVERIFY2(problem.isEmpty() ? error.isEmpty() || error.contains(u("not a SentencePiece model"))
                                   : error.contains(problem),
                 qPrintable(problem + u(" / ") + error));
    }
}

QTEST_GUILESS_MAIN(SentencePieceFileTest)
#include "tst_sentencepiecefile.moc"
