// GgufFile: every tensor type of the fixtures dequantises to the values the independent Python
// script computed (bit for bit), v2 and v3 files open, and a row per kind of malformed file
// with the error it must produce (metadata values: tst_ggufmetadata). The fixtures and their
// golden values are written by tests/formats/make_gguf_fixtures.py; the malformed files are
// built here by GgufBytes so each abuse case is visible in its row.

#include <cmath>
#include <cstring>
#include <functional>
#include <limits>

#include <QElapsedTimer>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QtTest>

#include "ByteMutator.h"
#include "GgufBytes.h"
#include "SafetensorsWriter.h"
#include "core/HeadmapError.h"
#include "formats/GgmlQuants.h"
#include "formats/GgufFile.h"
#include "TestFiles.h"

using headmap::GgufFile;
using headmap::ModelError;

namespace {

QString fixturePath(const QString& name) {
    return QStringLiteral(HEADMAP_FIXTURES_DIR "/gguf/") + name;
}

QJsonObject golden() {
    QFile file(fixturePath(QStringLiteral("types.json")));
    if (!file.open(QIODevice::ReadOnly))
        qFatal("cannot read %s", qPrintable(file.fileName()));
    return QJsonDocument::fromJson(file.readAll()).object();
}

quint32 bitsOf(float value) {
    quint32 bits;
    std::memcpy(&bits, &value, sizeof bits);
    return bits;
}

int fuzzIterations() {
    bool ok = false;
    const int fromEnvironment = qEnvironmentVariableIntValue("HEADMAP_FUZZ_ITERATIONS", &ok);
    return ok ? fromEnvironment : 2000;
}

}  // namespace

class TestGgufFile : public QObject {
    Q_OBJECT

private:
    QTemporaryDir m_dir;
    int m_fileNumber = 0;

    QString writeFixture(const QByteArray& bytes) {
        const QString path = m_dir.filePath(QStringLiteral("fixture-%1.gguf").arg(++m_fileNumber));
        if (!testsupport::writeFile(path, bytes))
            qFatal("cannot write %s", qPrintable(path));
        return path;
    }

private slots:
    void initTestCase() { QVERIFY(m_dir.isValid()); }

    // Every tensor of both fixture files against the script's values, one row per tensor.
    void dequantisesToTheScriptsValues_data() {
        QTest::addColumn<QString>("file");
        QTest::addColumn<QString>("tensor");
        const QJsonObject all = golden();
        for (const QString& file : {QStringLiteral("types.gguf"), QStringLiteral("v2.gguf")}) {
            const QJsonObject tensors = all.value(file).toObject();
            QVERIFY(!tensors.isEmpty());
            for (auto it = tensors.begin(); it != tensors.end(); ++it)
                QTest::addRow("%s %s", qPrintable(file), qPrintable(it.key())) << file << it.key();
        }
    }

    void dequantisesToTheScriptsValues() {
        QFETCH(QString, file);
        QFETCH(QString, tensor);
        const QJsonObject expected = golden().value(file).toObject().value(tensor).toObject();
        const GgufFile gguf(fixturePath(file));
        const headmap::GgufTensorInfo* info = gguf.info(tensor);
        QVERIFY(info);
        QCOMPARE(info->typeName, expected.value(QStringLiteral("type")).toString());
        std::vector<qint64> dims;
        for (const QJsonValue dim : expected.value(QStringLiteral("dims")).toArray())
            dims.push_back(dim.toInteger());
        QCOMPARE(info->dims, dims);
        const QJsonArray bits = expected.value(QStringLiteral("bits")).toArray();
        QCOMPARE(info->elementCount(), qint64(bits.size()));

        const std::vector<float> values = gguf.floats(tensor);
        QCOMPARE(qsizetype(values.size()), bits.size());
        for (qsizetype i = 0; i < bits.size(); ++i)
            QVERIFY2(bitsOf(values[size_t(i)]) == quint32(bits.at(i).toInteger()),
                     qPrintable(QStringLiteral("element %1: got %2 (0x%3), expected 0x%4")
                                    .arg(i).arg(values[size_t(i)]).arg(bitsOf(values[size_t(i)]), 8, 16, QLatin1Char('0'))
                                    .arg(quint32(bits.at(i).toInteger()), 8, 16, QLatin1Char('0'))));
    }

    void fileStructure_data() {
        QTest::addColumn<QString>("file");
        QTest::addColumn<quint32>("version");
        QTest::addColumn<quint32>("alignment");
        QTest::addColumn<int>("tensors");
        QTest::newRow("v3, default alignment") << QStringLiteral("types.gguf") << 3u << 32u << 16;
        QTest::newRow("v2, alignment 64") << QStringLiteral("v2.gguf") << 2u << 64u << 2;
    }

    void fileStructure() {
        QFETCH(QString, file);
        QFETCH(quint32, version);
        QFETCH(quint32, alignment);
        QFETCH(int, tensors);
        const GgufFile gguf(fixturePath(file));
        QCOMPARE(gguf.version(), version);
        QCOMPARE(gguf.alignment(), alignment);
        QCOMPARE(gguf.dataStart() % alignment, qint64(0));
        QCOMPARE(gguf.tensorNames().size(), tensors);
        qint64 total = 0;
        for (const QString& name : gguf.tensorNames()) {
            const headmap::GgufTensorInfo* info = gguf.info(name);
            QVERIFY(info);
            QCOMPARE(info->offset % alignment, qint64(0));
            QCOMPARE(gguf.rawBytes(name), gguf.rawBytes(gguf.tensorNames().first()) - gguf.info(gguf.tensorNames().first())->offset + info->offset);
            total += info->byteSize;
        }
        QCOMPARE(gguf.tensorBytesTotal(), total);
        QCOMPARE(gguf.metadata().string(QStringLiteral("general.architecture")), QStringLiteral("llama"));
    }

    void tensorInfo() {
        const GgufFile gguf(fixturePath(QStringLiteral("types.gguf")));
        QCOMPARE(gguf.tensorNames().first(), QStringLiteral("t.f32"));
        const headmap::GgufTensorInfo* fourD = gguf.info(QStringLiteral("t.f32_4d"));
        QVERIFY(fourD);
        QCOMPARE(fourD->dimsText(), QStringLiteral("[2, 3, 2, 2]"));
        QCOMPARE(fourD->shape(), (std::vector<qint64>{2, 2, 3, 2}));  // row-major: reversed
        QCOMPARE(fourD->byteSize, qint64(96));
        const headmap::GgufTensorInfo* q4k = gguf.info(QStringLiteral("t.q4_k"));
        QVERIFY(q4k);
        QCOMPARE(q4k->type, headmap::GgmlType::Q4_K);
        QCOMPARE(q4k->typeId, 12u);
        QCOMPARE(q4k->byteSize, qint64(2 * 144));  // two super-blocks of 256
        QVERIFY(!gguf.info(QStringLiteral("absent")));
        // A caller's buffer is filled in ggml order, like floats().
        std::vector<float> out(size_t(fourD->elementCount()), -1.0f);
        gguf.dequantize(QStringLiteral("t.f32_4d"), out.data());
        for (size_t i = 0; i < out.size(); ++i)
            QCOMPARE(out[i], float(i));
    }

    void largeTensorsDecodeAsOneRow_data();
    void largeTensorsDecodeAsOneRow();
    void unsupportedTypes_data();
    void unsupportedTypes();
    void absentTensor();
    void rejects_data();
    void rejects();
    void rejectsAFolder();
    void cutShortSaysDownloadAgain();
    void everyPrefixIsIncomplete();
    void validBaseFile();
    void fuzzedFilesNeverCrash();
};

// GgufFile decodes a large tensor in pieces of whole blocks on several threads; the floats
// must be those of one dequantizeRow() call over the whole tensor (itself checked against the
// reference script's values above), including a ragged last piece.
void TestGgufFile::largeTensorsDecodeAsOneRow_data() {
    QTest::addColumn<quint32>("type");
    QTest::addColumn<int>("blockSize");
    QTest::addColumn<int>("blockBytes");
    QTest::addColumn<int>("blocks");
    QTest::newRow("Q8_0, 3 pieces and a ragged one") << 8u << 32 << 34 << 6250;
    QTest::newRow("Q4_K, 2 pieces and a ragged one") << 12u << 256 << 144 << 600;
    QTest::newRow("F16, one piece") << 1u << 1 << 2 << 4096;
    QTest::newRow("BF16, many pieces") << 30u << 1 << 2 << 300000;
}

void TestGgufFile::largeTensorsDecodeAsOneRow() {
    QFETCH(quint32, type);
    QFETCH(int, blockSize);
    QFETCH(int, blockBytes);
    QFETCH(int, blocks);
    // Random blocks; scales are kept finite (exponent bits below all-ones) so that NaN payloads
    // do not enter the comparison.
    QByteArray data(blocks * blockBytes, Qt::Uninitialized);
    quint32 state = 12345u;
    for (char& byte : data) {
        state = state * 1664525u + 1013904223u;
        byte = char(state >> 24);
    }
    for (qsizetype i = 1; i < data.size(); i += 2)
        data[i] = char(data[i] & 0x3f);  // every little-endian 16-bit word: no Inf/NaN as F16/BF16
    const qint64 count = qint64(blocks) * blockSize;
    fixture::GgufParts parts = fixture::validGgufParts();
    parts.tensorInfos = {fixture::ggufTensorInfo("big", {quint64(count)}, type, 0)};
    parts.data = data;
    const GgufFile gguf(writeFixture(fixture::gguf(parts)));
    const std::vector<float> pieces = gguf.floats(QStringLiteral("big"));
    std::vector<float> whole(static_cast<size_t>(count));
    headmap::dequantizeRow(gguf.info(QStringLiteral("big"))->type, reinterpret_cast<const uchar*>(data.constData()),
                           whole.data(), count);
    QCOMPARE(qint64(pieces.size()), count);
    QVERIFY(std::memcmp(pieces.data(), whole.data(), whole.size() * sizeof(float)) == 0);
}

// One row per way a file can be broken, with the words the error must contain; each starts
// from validGgufParts() (checked in validBaseFile) and changes one thing.
void TestGgufFile::rejects_data() {
    using namespace fixture;
    QTest::addColumn<QByteArray>("file");
    QTest::addColumn<QString>("expected");
    const auto edited = [](const std::function<void(GgufParts&)>& edit) {
        GgufParts parts = validGgufParts();
        edit(parts);
        return gguf(parts);
    };
    const auto withKv = [&](const QByteArray& kv) { return edited([&](GgufParts& p) { p.kvs << kv; }); };
    const auto withTensor = [&](int index, const QByteArray& info) {
        return edited([&](GgufParts& p) { p.tensorInfos[index] = info; });
    };
    // A file whose last key is `kv`, so a read past it runs off the end of the file.
    const auto endingWithKv = [](const QByteArray& kv) {
        GgufParts parts;
        parts.kvs << kv;
        return gguf(parts);
    };
    QByteArray deepArray = ggufArray(4, 0, {});
    for (int level = 0; level < GgufFile::kMaxArrayDepth; ++level)
        deepArray = ggufArray(9, 1, deepArray);

    QTest::newRow("empty file") << QByteArray() << "is incomplete (0 of at least 4 bytes): download it again. Detail: the file is empty";
    QTest::newRow("bad magic") << QByteArray("GGML" + le32(3) + le64(0) + le64(0)) << "is not a GGUF file: it starts with bytes 47 47 4d 4c";
    QTest::newRow("safetensors file") << fixture::rawFile("{}") << "is not a GGUF file: it starts with bytes 02 00 00 00";
    QTest::newRow("truncated magic") << QByteArray("GG") << "is incomplete (2 of at least 4 bytes): download it again. Detail: the magic needs 4 bytes at offset 0, but the file has 2 bytes";
    QTest::newRow("version 1") << edited([](GgufParts& p) { p.version = 1; }) << "is GGUF version 1, the 2023 format";
    QTest::newRow("version 0") << edited([](GgufParts& p) { p.version = 0; }) << "has GGUF version 0; Headmap reads versions 2 and 3";
    QTest::newRow("version 4") << edited([](GgufParts& p) { p.version = 4; }) << "has GGUF version 4; Headmap reads versions 2 and 3";
    QTest::newRow("big-endian") << edited([](GgufParts& p) { p.version = 0x03000000; }) << "is a big-endian GGUF file (version 3 byte-swapped)";
    QTest::newRow("truncated header") << QByteArray("GGUF" + le32(3) + le32(0)) << "is incomplete (12 of at least 16 bytes): download it again. Detail: the tensor count needs 8 bytes at offset 8, but the file has 12 bytes";
    QTest::newRow("huge tensor count") << edited([](GgufParts& p) { p.tensorCount = qint64(1) << 62; }) << "the tensor count is 4611686018427387904, more than the 1048576 allowed";
    QTest::newRow("tensor count beyond the file") << edited([](GgufParts& p) { p.tensorCount = 1000; }) << "download it again. Detail: the tensor count is 1000, more than the file can hold";
    QTest::newRow("huge key count") << edited([](GgufParts& p) { p.kvCount = qint64(1) << 40; }) << "the metadata key count is 1099511627776, more than the 1048576 allowed";
    QTest::newRow("key count beyond the file") << edited([](GgufParts& p) { p.kvCount = 100; }) << "download it again. Detail: the metadata key count is 100, more than the file can hold";
    QTest::newRow("key longer than the file") << edited([](GgufParts& p) { p.kvs = {le64(1000) + "abc"}; }) << "download it again. Detail: metadata key #0: a key needs 1000 bytes at offset 32";
    QTest::newRow("key over the limit") << edited([](GgufParts& p) { p.kvs = {le64(70000) + "abc"}; }) << "metadata key #0: a key of 70000 bytes is more than the 65535 allowed";
    QTest::newRow("empty key") << withKv(ggufKv("", 4, le32(1))) << "metadata key #1 has an empty name";
    QTest::newRow("duplicate key") << withKv(ggufStringKv("general.architecture", "qwen2")) << "metadata key 'general.architecture' appears twice (the second time as key #1)";
    QTest::newRow("unknown value type") << withKv(ggufKv("test.k", 13, le32(0))) << "metadata key 'test.k' has unknown value type 13 (expected 0 to 12)";
    QTest::newRow("string longer than the file") << withKv(ggufKv("test.s", 8, le64(1000000) + "abc")) << "download it again. Detail: metadata key 'test.s': a string needs 1000000 bytes";
    QTest::newRow("string over the limit") << withKv(ggufKv("test.s", 8, le64(quint64(1) << 40))) << "metadata key 'test.s': a string of 1099511627776 bytes is more than the 67108864 allowed";
    QTest::newRow("bool not 0 or 1") << withKv(ggufKv("test.b", 7, "\x02")) << "metadata key 'test.b' is a BOOL stored as byte 2; expected 0 or 1";
    QTest::newRow("bool in an array") << withKv(ggufKv("test.b", 9, ggufArray(7, 3, QByteArray("\x01\x00\x07", 3)))) << "metadata key 'test.b' element 2 is a BOOL stored as byte 7";
    QTest::newRow("array longer than the file") << withKv(ggufKv("test.a", 9, ggufArray(4, 1000000, {}))) << "download it again. Detail: metadata key 'test.a' is an array of 1000000 UINT32 elements, which needs at least 4000000 bytes";
    QTest::newRow("array over the limit") << withKv(ggufKv("test.a", 9, ggufArray(4, quint64(1) << 40, {}))) << "metadata key 'test.a' is an array of 1099511627776 elements, more than the 1073741824 allowed";
    QTest::newRow("array of an unknown type") << withKv(ggufKv("test.a", 9, ggufArray(99, 1, "x"))) << "metadata key 'test.a' is an array of unknown value type 99";
    QTest::newRow("inner array of an unknown type") << withKv(ggufKv("test.a", 9, ggufArray(9, 1, ggufArray(42, 0, {})))) << "metadata key 'test.a' element 0 is an array of unknown value type 42";
    QTest::newRow("arrays nested too deep") << withKv(ggufKv("test.a", 9, deepArray)) << "nests arrays more than 8 deep";
    QTest::newRow("array element past the end") << endingWithKv(ggufKv("test.a", 9, ggufArray(8, 2, ggufString("ab") + le64(50) + "x"))) << "download it again. Detail: metadata key 'test.a' element 1: a string needs 50 bytes";
    QTest::newRow("alignment not a power of two") << withKv(ggufU32Kv("general.alignment", 48)) << "metadata key 'general.alignment' is 48; expected a power of two";
    QTest::newRow("alignment zero") << withKv(ggufU32Kv("general.alignment", 0)) << "metadata key 'general.alignment' is 0; expected a power of two";
    QTest::newRow("alignment of the wrong type") << withKv(ggufKv("general.alignment", 10, le64(32))) << "metadata key 'general.alignment' is UINT64; expected a UINT32";
    QTest::newRow("empty tensor name") << withTensor(0, ggufTensorInfo("", {8}, 0, 0)) << "tensor info #0 has an empty name";
    QTest::newRow("tensor name over the limit") << withTensor(0, ggufTensorInfo(QByteArray(2000, 'n'), {8}, 0, 0)) << "tensor info #0: a tensor name of 2000 bytes is more than the 1024 allowed";
    QTest::newRow("no dimensions") << withTensor(0, ggufTensorInfo("a", {}, 0, 0)) << "tensor 'a' has 0 dimensions; expected 1 to 4";
    QTest::newRow("five dimensions") << withTensor(0, ggufTensorInfo("a", {8, 1, 1, 1, 1}, 0, 0)) << "tensor 'a' has 5 dimensions; expected 1 to 4";
    QTest::newRow("zero dimension") << withTensor(0, ggufTensorInfo("a", {8, 0}, 0, 0)) << "tensor 'a' has ne[1] = 0; expected every dimension to be at least 1";
    QTest::newRow("dimension beyond int64") << withTensor(0, ggufTensorInfo("a", {~quint64(0)}, 0, 0)) << "tensor 'a' has ne[0] = 18446744073709551615, beyond the largest signed 64-bit integer";
    QTest::newRow("element count overflow") << withTensor(0, ggufTensorInfo("a", {quint64(1) << 32, quint64(1) << 32}, 0, 0)) << "tensor 'a' has dims [4294967296, 4294967296], whose element count overflows 64 bits";
    QTest::newRow("byte size overflow") << withTensor(0, ggufTensorInfo("a", {quint64(1) << 62}, 0, 0)) << "tensor 'a' of type F32 with dims [4611686018427387904] has a byte size that overflows 64 bits";
    QTest::newRow("unknown tensor type") << withTensor(0, ggufTensorInfo("a", {8}, 77, 0)) << "tensor 'a' has unknown ggml type 77";
    QTest::newRow("removed tensor type") << withTensor(0, ggufTensorInfo("a", {8}, 4, 0)) << "tensor 'a' has unknown ggml type 4";
    QTest::newRow("row not whole blocks") << withTensor(1, ggufTensorInfo("b", {100}, 12, 32)) << "tensor 'b' of type Q4_K has ne[0] = 100, not a multiple of the block size 256";
    QTest::newRow("rows not whole blocks, total is") << withTensor(1, ggufTensorInfo("b", {16, 2}, 8, 32)) << "tensor 'b' of type Q8_0 has ne[0] = 16, not a multiple of the block size 32";
    QTest::newRow("offset not aligned") << withTensor(1, ggufTensorInfo("b", {32}, 8, 33)) << "tensor 'b' has data offset 33, not a multiple of the alignment 32";
    QTest::newRow("offset overflow") << withTensor(1, ggufTensorInfo("b", {32}, 8, ~quint64(31))) << "tensor 'b' has data offset 18446744073709551584, which with its 34 bytes overflows 64 bits";
    QTest::newRow("tensor beyond the file") << withTensor(1, ggufTensorInfo("b", {32}, 8, 64)) << "download it again. Detail: tensor 'b' (Q8_0, dims [32]) occupies bytes [64, 98) of the data section, which has only 66 bytes";
    QTest::newRow("data truncated") << edited([](GgufParts& p) { p.data.chop(1); }) << "download it again. Detail: tensor 'b' (Q8_0, dims [32]) occupies bytes [32, 66) of the data section, which has only 65 bytes";
    QTest::newRow("overlapping tensors") << withTensor(1, ggufTensorInfo("b", {32}, 8, 0)) << "tensors 'a' [0, 32) and 'b' [0, 34) overlap";
    QTest::newRow("tensor running into the next") << withTensor(0, ggufTensorInfo("a", {16}, 0, 0)) << "tensors 'a' [0, 64) and 'b' [32, 66) overlap";
    QTest::newRow("duplicate tensor name") << withTensor(1, ggufTensorInfo("a", {32}, 8, 32)) << "tensor 'a' appears twice (tensor infos #0 and #1)";
    QTest::newRow("tensor info truncated") << QByteArray("GGUF" + le32(3) + le64(1) + le64(0) + ggufString("abcdefghijklmnop") + le32(1) + le64(32) + le32(0))
                                           << "is incomplete (64 of at least 72 bytes): download it again. Detail: tensor 'abcdefghijklmnop': the data offset needs 8 bytes at offset 64, but the file has 64 bytes";
    QTest::newRow("placeholders in a tensor name") << withTensor(0, ggufTensorInfo("x%1%2", {}, 0, 0)) << "tensor 'x%1%2' has 0 dimensions; expected 1 to 4";
    QTest::newRow("placeholders in a key") << withKv(ggufKv("k%1", 9, ggufArray(7, 2, QByteArray("\x01\x05", 2)))) << "metadata key 'k%1' element 1 is a BOOL stored as byte 5";
    QTest::newRow("newline in a key") << withKv(ggufKv("a\nb", 13, {})) << "metadata key 'a\\u000ab' has unknown value type 13";
    QTest::newRow("array in an array") << withKv(ggufKv("k.n", 9, ggufArray(9, 2, ggufArray(7, 1, QByteArray(1, '\0')) + ggufArray(7, 2, QByteArray("\x01\x05", 2))))) << "metadata key 'k.n' element 1 element 1 is a BOOL stored as byte 5";
    QTest::newRow("string after an array in an array") << withKv(ggufKv("k.s", 9, ggufArray(9, 2, ggufArray(7, 1, QByteArray(1, '\0')) + ggufArray(8, 1, le64(quint64(1) << 40))))) << "metadata key 'k.s' element 1 element 0: a string of 1099511627776 bytes is more than the";
}

void TestGgufFile::rejects() {
    QFETCH(QByteArray, file);
    QFETCH(QString, expected);
    const QString path = writeFixture(file);
    try {
        GgufFile gguf(path);
        QFAIL("the file was accepted");
    } catch (const ModelError& error) {
        const QString message = error.message();
        QVERIFY2(message.contains(expected), qPrintable(message));
        // A file that ends too early says so first, with what to do; any other fault is named
        // right after the file.
        const bool incomplete = expected.contains(QLatin1String("Detail: "));
        QVERIFY2(message.startsWith(QStringLiteral("GGUF file '%1'%2").arg(path, incomplete ? " is incomplete (" : ": ")),
                 qPrintable(message));
        QVERIFY2(!message.contains(QLatin1Char('\n')), qPrintable(message));
    }
}

void TestGgufFile::rejectsAFolder() {
    try {
        GgufFile gguf(m_dir.path());
        QFAIL("a folder was accepted");
    } catch (const ModelError& error) {
        QCOMPARE(error.message(), QStringLiteral("GGUF file '%1': is a folder; expected a file").arg(m_dir.path()));
    }
}

// The case of issue #36: a download that stopped inside the vocabulary. The message says
// what to do first, with the size the file has and the least it needs, and keeps the detail.
void TestGgufFile::cutShortSaysDownloadAgain() {
    using namespace fixture;
    QByteArray tokens;
    for (int i = 0; i < 128256; ++i)
        tokens += ggufString("t" + QByteArray::number(i));
    GgufParts parts;
    parts.kvs << ggufKv("tokenizer.ggml.tokens", 9, ggufArray(8, 128256, tokens));
    // "GGUF", version, two counts (24 bytes), the key (8 + 21), its type, the element type and
    // the count (16): the elements start at offset 69.
    const QByteArray whole = gguf(parts);
    const QString path = writeFixture(whole.left(69 + 194));
    try {
        GgufFile gguf(path);
        QFAIL("the file was accepted");
    } catch (const ModelError& error) {
        QCOMPARE(error.message(),
                 QStringLiteral("GGUF file '%1' is incomplete (263 of at least 1,026,117 bytes): download it again. "
                                "Detail: metadata key 'tokenizer.ggml.tokens' is an array of 128256 STRING elements, "
                                "which needs at least 1026048 bytes, but only 194 remain after offset 69")
                     .arg(path));
    }
}

// Every prefix of a valid file (header, a vocabulary, tensor data) is an incomplete file, and
// the size it names is a true lower bound: more than the prefix has, at most the whole file.
void TestGgufFile::everyPrefixIsIncomplete() {
    using namespace fixture;
    GgufParts parts = validGgufParts();
    QByteArray tokens;
    for (int i = 0; i < 40; ++i)
        tokens += ggufString("token" + QByteArray::number(i));
    parts.kvs << ggufKv("tokenizer.ggml.tokens", 9, ggufArray(8, 40, tokens));
    parts.kvs << ggufKv("tokenizer.ggml.scores", 9, ggufArray(6, 3, QByteArray(12, '\0')));
    const QByteArray whole = gguf(parts);
    const GgufFile full(writeFixture(whole));  // the whole file opens
    QCOMPARE(full.tensorNames().size(), 2);
    const QRegularExpression pattern(QStringLiteral("^GGUF file '[^']*' is incomplete \\(([0-9,]+) of at least "
                                                    "([0-9,]+) bytes\\): download it again\\. Detail: \\S"));
    const auto number = [](const QString& text) { return QString(text).remove(QLatin1Char(',')).toLongLong(); };
    for (qsizetype length = 0; length < whole.size(); ++length) {
        try {
            GgufFile gguf(writeFixture(whole.left(length)));
            QFAIL(qPrintable(QStringLiteral("the first %1 of %2 bytes were accepted").arg(length).arg(whole.size())));
        } catch (const ModelError& error) {
            const QRegularExpressionMatch match = pattern.match(error.message());
            QVERIFY2(match.hasMatch(), qPrintable(error.message()));
            QCOMPARE(number(match.captured(1)), qint64(length));
            QVERIFY2(number(match.captured(2)) > length && number(match.captured(2)) <= whole.size(),
                     qPrintable(error.message()));
        }
    }
}

// The file every rejects row starts from opens, so each row fails for its own change only.
void TestGgufFile::validBaseFile() {
    const GgufFile gguf(writeFixture(fixture::gguf(fixture::validGgufParts())));
    QCOMPARE(gguf.tensorNames(), QStringList({"a", "b"}));
    const std::vector<float> a = gguf.floats(QStringLiteral("a"));
    const std::vector<float> b = gguf.floats(QStringLiteral("b"));
    QCOMPARE(a, (std::vector<float>{1, 2, 3, 4, 5, 6, 7, 8}));
    for (int i = 0; i < 32; ++i)
        QCOMPARE(b[size_t(i)], 0.5f * float(i));
}

void TestGgufFile::unsupportedTypes_data() {
    QTest::addColumn<QString>("tensor");
    QTest::addColumn<QString>("typeName");
    QTest::newRow("IQ4_NL") << QStringLiteral("t.iq4_nl") << QStringLiteral("IQ4_NL");
    QTest::newRow("Q8_K as storage") << QStringLiteral("t.q8_k") << QStringLiteral("Q8_K");
}

// ggml types Headmap does not dequantise: the file opens (their sizes are checked), the
// tensor's info is there, and converting it names the tensor, its type and what is supported.
void TestGgufFile::unsupportedTypes() {
    QFETCH(QString, tensor);
    QFETCH(QString, typeName);
    const GgufFile gguf(fixturePath(QStringLiteral("types.gguf")));
    QCOMPARE(gguf.info(tensor)->typeName, typeName);
    try {
        gguf.floats(tensor);
        QFAIL("an unsupported type was dequantised");
    } catch (const ModelError& error) {
        QVERIFY2(error.message().contains(QStringLiteral("tensor '%1' has type %2, which Headmap cannot dequantise "
                                                         "(it reads F32, F16, Q4_0").arg(tensor, typeName)),
                 qPrintable(error.message()));
    }
}

void TestGgufFile::absentTensor() {
    const QString path = fixturePath(QStringLiteral("v2.gguf"));
    const GgufFile gguf(path);
    try {
        gguf.floats(QStringLiteral("blk.0.attn_q.weight"));
        QFAIL("floats() returned an absent tensor");
    } catch (const ModelError& error) {
        QCOMPARE(error.message(), QStringLiteral("GGUF file '%1': has no tensor 'blk.0.attn_q.weight'").arg(path));
    }
}

// Mutated copies of a valid file must either open, and then every dequantisable tensor converts
// fully, or throw ModelError: never crash, never read out of bounds (valgrind shows the latter).
void TestGgufFile::fuzzedFilesNeverCrash() {
    QFile seedFile(fixturePath(QStringLiteral("types.gguf")));
    QVERIFY(seedFile.open(QIODevice::ReadOnly));
    const QByteArray seed = seedFile.readAll();
    const QString path = m_dir.filePath(QStringLiteral("fuzzed.gguf"));
    fixture::ByteMutator mutator(20261201);
    int opened = 0;
    int rejected = 0;
    QElapsedTimer timer;
    timer.start();
    for (int iteration = 0, count = fuzzIterations(); iteration < count; ++iteration) {
        const QByteArray bytes = mutator.mutate(seed);
        QVERIFY(testsupport::writeFile(path, bytes));
        try {
            const GgufFile gguf(path);
            ++opened;
            for (const QString& name : gguf.tensorNames()) {
                const headmap::GgufTensorInfo* info = gguf.info(name);
                QVERIFY(info && gguf.dataStart() + info->offset + info->byteSize <= bytes.size());
                const headmap::GgmlTypeTraits* traits = headmap::ggmlTypeTraits(info->typeId);
                if (!traits->dequantizable) {
                    QVERIFY_THROWS_EXCEPTION(ModelError, gguf.floats(name));
                    continue;
                }
                const std::vector<float> values = gguf.floats(name);
                volatile float sum = 0;  // volatile: every element really is read
                for (const float value : values)
                    sum = sum + value;
            }
        } catch (const ModelError& error) {
            ++rejected;
            QVERIFY(!error.message().isEmpty() && !error.message().contains(QLatin1Char('\n')));
        }
    }
    qInfo("%d mutated files opened, %d rejected, in %lld ms", opened, rejected, timer.elapsed());
    if (fuzzIterations() >= 200)
        QVERIFY(opened > 0 && rejected > 0);  // both paths exercised, or the mutator is useless
}

QTEST_GUILESS_MAIN(TestGgufFile)
#include "tst_gguffile.moc"
