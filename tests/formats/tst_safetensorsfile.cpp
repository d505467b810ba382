// SafetensorsFile: values of every float dtype (F16 specials bit-exact), F32 used in place, the
// header's metadata, and a row per kind of broken file with the error it must produce. Fixture
// files are written by SafetensorsWriter in a temporary folder so each abuse case is visible here.

#include <cmath>
#include <cstring>
#include <limits>

#include <QElapsedTimer>
#include <QFile>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QtEndian>
#include <QtTest>

#include "ByteMutator.h"
#include "SafetensorsWriter.h"
#include "core/HeadmapError.h"
#include "formats/SafetensorsFile.h"
#include "formats/SafetensorsHeader.h"  // byteCountText
#include "TestFiles.h"

using fixture::TensorSpec;
using headmap::ModelError;
using headmap::SafetensorsFile;

namespace {

quint32 bitsOf(float value) {
    quint32 bits;
    std::memcpy(&bits, &value, sizeof bits);
    return bits;
}

// The value a half-precision bit pattern stands for, from the definition in IEEE 754 rather than
// bit manipulation: (-1)^s × 1.m × 2^(e-15), or 0.m × 2^-14 when e = 0.
float referenceHalf(quint16 half) {
    const int exponent = (half >> 10) & 0x1f;
    const int mantissa = half & 0x3ff;
    const float sign = (half & 0x8000) ? -1.0f : 1.0f;
    if (exponent == 0x1f)
        return mantissa ? std::numeric_limits<float>::quiet_NaN() : sign * std::numeric_limits<float>::infinity();
    if (exponent == 0)
        return std::copysign(std::ldexp(float(mantissa), -24), sign);
    return sign * std::ldexp(float(1024 + mantissa), exponent - 25);
}

QList<quint32> bitsList(std::initializer_list<float> values) {
    QList<quint32> bits;
    for (const float value : values)
        bits << bitsOf(value);
    return bits;
}

// The file used by the in-place, metadata and fuzz tests: every kind of tensor once.
QByteArray sampleFile(int extraSpaces = 0) {
    return fixture::safetensors(
        {{"a.f32", "F32", {2, 3}, fixture::f32Bytes({1, 2, 3, 4, 5, 6})},
         {"b.f16", "F16", {4}, fixture::u16Bytes({0x3c00, 0xc000, 0x0001, 0x7c00})},
         {"c.bf16", "BF16", {2}, fixture::u16Bytes({0x3f80, 0x4049})},
         {"d.i64", "I64", {2}, fixture::zeros(16)},
         {"e.empty", "F32", {0, 5}, {}},
         {"f.scalar", "F32", {}, fixture::f32Bytes({7.5f})}},
        R"({"format":"pt","note":"h\u00e9llo"})", extraSpaces);
}

int fuzzIterations() {
    bool ok = false;
    const int fromEnvironment = qEnvironmentVariableIntValue("HEADMAP_FUZZ_ITERATIONS", &ok);
    return ok ? fromEnvironment : 2000;
}

}  // namespace

class TestSafetensorsFile : public QObject {
    Q_OBJECT

private:
    QTemporaryDir m_dir;
    int m_fileNumber = 0;

    QString writeFixture(const QByteArray& bytes) {
        const QString path = m_dir.filePath(QStringLiteral("fixture-%1.safetensors").arg(++m_fileNumber));
        if (!testsupport::writeFile(path, bytes))
            qFatal("cannot write %s", qPrintable(path));
        return path;
    }

private slots:
    void initTestCase() { QVERIFY(m_dir.isValid()); }

    void values_data() {
        QTest::addColumn<QByteArray>("file");
        QTest::addColumn<QList<quint32>>("expected");  // F32 bit patterns: -0 and NaN compare exactly

        QTest::newRow("f32") << fixture::safetensors({{"t", "F32", {2, 2}, fixture::f32Bytes({1.5f, -2, 0, 1e-40f})}})
                             << bitsList({1.5f, -2, 0, 1e-40f});
        QTest::newRow("f32 unaligned") << fixture::safetensors({{"t", "F32", {3}, fixture::f32Bytes({1, -1, 3.25f})}}, {}, 2)
                                       << bitsList({1, -1, 3.25f});
        QTest::newRow("f32 scalar") << fixture::safetensors({{"t", "F32", {}, fixture::f32Bytes({42})}})
                                    << bitsList({42});
        // 0, -0, smallest and largest subnormal, smallest normal, 1, -2, max 65504, ±inf, 1/3.
        QTest::newRow("f16 specials")
            << fixture::safetensors({{"t", "F16", {11}, fixture::u16Bytes({0x0000, 0x8000, 0x0001, 0x03ff, 0x0400, 0x3c00, 0xc000, 0x7bff, 0x7c00, 0xfc00, 0x3555})}})
            << bitsList({0.0f, -0.0f, std::ldexp(1.0f, -24), std::ldexp(1023.0f, -24), std::ldexp(1.0f, -14), 1, -2,
                         65504, std::numeric_limits<float>::infinity(), -std::numeric_limits<float>::infinity(),
                         0.333251953125f});
        // Quiet NaN, negative quiet NaN, and a signalling NaN whose payload must survive.
        QTest::newRow("f16 nan") << fixture::safetensors({{"t", "F16", {3}, fixture::u16Bytes({0x7e00, 0xfe00, 0x7c01})}})
                                 << QList<quint32>{0x7fc00000u, 0xffc00000u, 0x7f802000u};
        QTest::newRow("bf16")
            << fixture::safetensors({{"t", "BF16", {7}, fixture::u16Bytes({0x3f80, 0xc000, 0x4049, 0x0001, 0x8000, 0x7f80, 0x7fc0})}})
            << QList<quint32>{0x3f800000u, 0xc0000000u, 0x40490000u, 0x00010000u, 0x80000000u, 0x7f800000u, 0x7fc00000u};
    }

    void values() {
        QFETCH(QByteArray, file);
        QFETCH(QList<quint32>, expected);
        const SafetensorsFile safetensors(writeFixture(file));
        const headmap::TensorInfo* info = safetensors.info(QStringLiteral("t"));
        QVERIFY(info);
        QCOMPARE(info->elementCount(), qint64(expected.size()));
        const float* values = safetensors.floats(QStringLiteral("t"));
        for (qsizetype i = 0; i < expected.size(); ++i)
            QVERIFY2(bitsOf(values[i]) == expected[i],
                     qPrintable(QStringLiteral("element %1: got 0x%2, expected 0x%3")
                                    .arg(i).arg(bitsOf(values[i]), 8, 16, QLatin1Char('0'))
                                    .arg(expected[i], 8, 16, QLatin1Char('0'))));
    }

    void everyHalfValue() {
        QList<quint16> all;
        for (int bits = 0; bits < 0x10000; ++bits)
            all << quint16(bits);
        const SafetensorsFile safetensors(writeFixture(fixture::safetensors({{"h", "F16", {0x10000}, fixture::u16Bytes(all)}})));
        const float* values = safetensors.floats(QStringLiteral("h"));
        for (int bits = 0; bits < 0x10000; ++bits) {
            const float expected = referenceHalf(quint16(bits));
            if (std::isnan(expected)) {
                QVERIFY2(std::isnan(values[bits]) && std::signbit(values[bits]) == bool(bits & 0x8000),
                         qPrintable(QString::number(bits, 16)));
            } else {
                QVERIFY2(bitsOf(values[bits]) == bitsOf(expected), qPrintable(QString::number(bits, 16)));
            }
        }
    }

    // F32 must be read straight from the shared mapping: a change written to the file afterwards
    // shows through the pointer. Copies (unaligned F32, F16) keep the value read at open time.
    void f32IsUsedInPlace_data() {
        QTest::addColumn<int>("extraSpaces");
        QTest::addColumn<bool>("inPlace");
        QTest::newRow("aligned") << 0 << true;
        QTest::newRow("unaligned, copied") << 2 << false;
    }

    void f32IsUsedInPlace() {
        QFETCH(int, extraSpaces);
        QFETCH(bool, inPlace);
        const QByteArray bytes = sampleFile(extraSpaces);
        const QString path = writeFixture(bytes);
        const SafetensorsFile safetensors(path);
        const float* values = safetensors.floats(QStringLiteral("a.f32"));
        const qint64 dataStart = 8 + qint64(qFromLittleEndian<quint64>(bytes.constData()));
        const qint64 begin = safetensors.info(QStringLiteral("a.f32"))->begin;
        QCOMPARE(std::memcmp(values, bytes.constData() + dataStart + begin, 6 * sizeof(float)), 0);
        QCOMPARE(reinterpret_cast<quintptr>(values) % alignof(float), quintptr(0));

        QFile file(path);
        QVERIFY(file.open(QIODevice::ReadWrite));
        QVERIFY(file.seek(dataStart + begin));
        QCOMPARE(file.write(fixture::f32Bytes({-9})), qint64(4));
        file.close();
        QCOMPARE(values[0], inPlace ? -9.0f : 1.0f);
        QCOMPARE(safetensors.floats(QStringLiteral("b.f16"))[0], 1.0f);
    }

    void namesInfoAndMetadata() {
        const SafetensorsFile safetensors(writeFixture(sampleFile()));
        QCOMPARE(safetensors.tensorNames(),
                 QStringList({"a.f32", "b.f16", "c.bf16", "d.i64", "e.empty", "f.scalar"}));
        // "File order" is the order of the data area; JSON objects (and QJsonObject) have none.
        const SafetensorsFile reversed(writeFixture(fixture::safetensors(
            {{"z", "U8", {1}, fixture::zeros(1)}, {"m", "U8", {1}, fixture::zeros(1)}, {"a", "U8", {1}, fixture::zeros(1)}})));
        QCOMPARE(reversed.tensorNames(), QStringList({"z", "m", "a"}));
        const headmap::TensorInfo* info = safetensors.info(QStringLiteral("a.f32"));
        QVERIFY(info);
        QCOMPARE(info->dtype, headmap::TensorDType::F32);
        QCOMPARE(info->dtypeName, QStringLiteral("F32"));
        QCOMPARE(info->shapeText(), QStringLiteral("[2, 3]"));
        QCOMPARE(info->begin, qint64(0));
        QCOMPARE(info->end, qint64(24));
        QCOMPARE(safetensors.info(QStringLiteral("f.scalar"))->shapeText(), QStringLiteral("[]"));
        QCOMPARE(safetensors.floats(QStringLiteral("f.scalar"))[0], 7.5f);
        QCOMPARE(safetensors.info(QStringLiteral("e.empty"))->elementCount(), qint64(0));
        QVERIFY(safetensors.floats(QStringLiteral("e.empty")) != nullptr);
        QCOMPARE(safetensors.floats(QStringLiteral("c.bf16"))[1], 3.140625f);
        QVERIFY(!safetensors.info(QStringLiteral("absent")));
        QCOMPARE(safetensors.metadata().value(QStringLiteral("format")).toString(), QStringLiteral("pt"));
        QCOMPARE(safetensors.metadata().value(QStringLiteral("note")).toString(), QStringLiteral("h\u00e9llo"));
    }

    void otherDTypesAreAcceptedButNotFloats_data() {
        QTest::addColumn<QByteArray>("dtype");
        QTest::addColumn<int>("size");
        for (const auto& [dtype, size] : {std::pair{"F64", 8}, {"I64", 8}, {"I32", 4}, {"I16", 2}, {"I8", 1},
                                          {"U8", 1}, {"BOOL", 1}, {"F8_E4M3", 1}, {"F8_E5M2", 1}})
            QTest::newRow(dtype) << QByteArray(dtype) << size;
    }

    void otherDTypesAreAcceptedButNotFloats() {
        QFETCH(QByteArray, dtype);
        QFETCH(int, size);
        const SafetensorsFile safetensors(writeFixture(fixture::safetensors({{"x", dtype, {3}, fixture::zeros(3 * size)}})));
        QCOMPARE(safetensors.info(QStringLiteral("x"))->dtypeName, QString::fromLatin1(dtype));
        try {
            safetensors.floats(QStringLiteral("x"));
            QFAIL("floats() accepted a non-float dtype");
        } catch (const ModelError& error) {
            QVERIFY2(error.message().contains(QStringLiteral("tensor 'x' has dtype %1; expected a float type").arg(QString::fromLatin1(dtype))),
                     qPrintable(error.message()));
        }
    }

    void rejects_data();
    void rejects();
    void cutShortSaysDownloadAgain();
    void everyPrefixIsIncomplete();
    void absentTensor();
    void fuzzedFilesNeverCrash();
};

// One row per way a file can be broken, with the words the error must contain. The expected
// text is specific enough to tell the checks apart (e.g. both numbers of a byte-length mismatch).
void TestSafetensorsFile::rejects_data() {
    QTest::addColumn<QByteArray>("file");
    QTest::addColumn<QString>("expected");
    const auto entry = [](const QByteArray& name, const QByteArray& body) { return "\"" + name + "\":{" + body + "}"; };
    const QByteArray f32x4 = R"("dtype":"F32","shape":[2,2],"data_offsets":[0,16])";
    const QByteArray sixteen = fixture::zeros(16);

    QTest::newRow("truncated file") << QByteArray(5, 'x')
        << "is incomplete (5 of at least 8 bytes): download it again. Detail: the file has 5 bytes, but the header length alone takes 8";
    QTest::newRow("empty file") << QByteArray() << "is incomplete (0 of at least 8 bytes): download it again. Detail: the file has 0 bytes";
    QTest::newRow("header longer than the file") << fixture::rawFile("{}", {}, 1000)
        << "is incomplete (10 of at least 1,008 bytes): download it again. Detail: header longer than the file: header says 1000 bytes but the file has only 2 after the length";
    QTest::newRow("header over the limit") << fixture::lengthField(SafetensorsFile::kMaxHeaderBytes + 1)
        << "header over the limit: header says 104857601 bytes";
    QTest::newRow("header length 2^64-1") << fixture::lengthField(~quint64(0)) << "header over the limit";
    QTest::newRow("header not json") << fixture::rawFile("{not json") << "header is not valid UTF-8 JSON";
    QTest::newRow("header empty") << fixture::rawFile("") << "header is not valid UTF-8 JSON";
    QTest::newRow("header invalid utf-8") << fixture::rawFile("{\"\xc0\xaf\":1}") << "header is not valid UTF-8 JSON";
    QTest::newRow("header json array") << fixture::rawFile("[1,2]") << "header is a JSON array; expected an object";
    QTest::newRow("entry not an object") << fixture::rawFile("{\"t\":5}") << "tensor 't' is the number 5; expected an object";
    QTest::newRow("missing dtype") << fixture::rawFile("{" + entry("t", R"("shape":[1],"data_offsets":[0,4])") + "}", sixteen)
        << "tensor 't' has no dtype";
    QTest::newRow("dtype not a string") << fixture::rawFile("{" + entry("t", R"("dtype":4,"shape":[1],"data_offsets":[0,4])") + "}", sixteen)
        << "tensor 't' dtype is the number 4; expected a string";
    QTest::newRow("unknown dtype") << fixture::rawFile("{" + entry("t", R"("dtype":"F4","shape":[1],"data_offsets":[0,4])") + "}", sixteen)
        << "tensor 't' has unknown dtype 'F4' (expected one of F64, F32";
    QTest::newRow("lower-case dtype") << fixture::rawFile("{" + entry("t", R"("dtype":"f32","shape":[1],"data_offsets":[0,4])") + "}", sixteen)
        << "unknown dtype 'f32'";
    QTest::newRow("missing shape") << fixture::rawFile("{" + entry("t", R"("dtype":"F32","data_offsets":[0,4])") + "}", sixteen)
        << "tensor 't' has no shape";
    QTest::newRow("shape not an array") << fixture::rawFile("{" + entry("t", R"("dtype":"F32","shape":4,"data_offsets":[0,16])") + "}", sixteen)
        << "shape is the number 4; expected an array";
    QTest::newRow("negative shape") << fixture::rawFile("{" + entry("t", R"("dtype":"F32","shape":[-1,4],"data_offsets":[0,16])") + "}", sixteen)
        << "tensor 't' shape[0] is the number -1; expected a non-negative integer";
    QTest::newRow("fractional shape") << fixture::rawFile("{" + entry("t", R"("dtype":"F32","shape":[2.5],"data_offsets":[0,10])") + "}", sixteen)
        << "shape[0] is the number 2.5";
    QTest::newRow("string in shape") << fixture::rawFile("{" + entry("t", R"("dtype":"F32","shape":[1,"4"],"data_offsets":[0,16])") + "}", sixteen)
        << "shape[1] is a string";
    QTest::newRow("huge number in shape") << fixture::rawFile("{" + entry("t", R"("dtype":"F32","shape":[1e300],"data_offsets":[0,16])") + "}", sixteen)
        << "shape[0] is the number 1.0000000000000001e+300";
    QTest::newRow("shape overflow") << fixture::rawFile("{" + entry("t", R"("dtype":"F32","shape":[4294967296,4294967296,8],"data_offsets":[0,16])") + "}", sixteen)
        << "shape [4294967296, 4294967296, 8] of F32, whose byte size overflows 64 bits";
    QTest::newRow("byte size overflow") << fixture::rawFile("{" + entry("t", R"("dtype":"F64","shape":[2305843009213693952],"data_offsets":[0,16])") + "}", sixteen)
        << "whose byte size overflows 64 bits";
    QTest::newRow("missing data_offsets") << fixture::rawFile("{" + entry("t", R"("dtype":"F32","shape":[4])") + "}", sixteen)
        << "tensor 't' has no data_offsets";
    QTest::newRow("three data_offsets") << fixture::rawFile("{" + entry("t", R"("dtype":"F32","shape":[4],"data_offsets":[0,8,16])") + "}", sixteen)
        << "data_offsets is an array of 3 values; expected an array [begin, end]";
    QTest::newRow("negative offset") << fixture::rawFile("{" + entry("t", R"("dtype":"F32","shape":[1],"data_offsets":[-4,0])") + "}", sixteen)
        << "data_offsets begin is the number -4";
    QTest::newRow("offsets past the end") << fixture::rawFile("{" + entry("t", f32x4) + "}", fixture::zeros(8))
        << "is incomplete (73 of 81 bytes): download it again. Detail: tensor 't' has data_offsets [0, 16] past the end of the data area, which has 8 bytes";
    QTest::newRow("offsets near 2^63") << fixture::rawFile("{" + entry("t", R"("dtype":"U8","shape":[7],"data_offsets":[9223372036854775800,9223372036854775807])") + "}", sixteen)
        << "': tensor 't' has data_offsets [9223372036854775800, 9223372036854775807] past the end of the data area, which has 16 bytes";
    QTest::newRow("begin after end") << fixture::rawFile("{" + entry("t", R"("dtype":"F32","shape":[1],"data_offsets":[8,4])") + "}", sixteen)
        << "tensor 't' has data_offsets [8, 4]: begin after end";
    QTest::newRow("wrong byte length") << fixture::rawFile("{" + entry("t", R"("dtype":"F32","shape":[2,2],"data_offsets":[0,12])") + "}", sixteen)
        << "tensor 't' has wrong byte length: shape [2, 2] of F32 needs 16 bytes but data_offsets [0, 12] hold 12";
    QTest::newRow("overlapping tensors") << fixture::rawFile("{" + entry("a", f32x4) + "," + entry("b", R"("dtype":"F32","shape":[4],"data_offsets":[8,24])") + "}", fixture::zeros(24))
        << "tensors 'a' [0, 16] and 'b' [8, 24] overlap";
    QTest::newRow("tensor inside another") << fixture::rawFile("{" + entry("a", R"("dtype":"U8","shape":[32],"data_offsets":[0,32])") + "," + entry("b", R"("dtype":"U8","shape":[4],"data_offsets":[20,24])") + "," + entry("c", R"("dtype":"U8","shape":[4],"data_offsets":[8,12])") + "}", fixture::zeros(32))
        << "tensors 'a' [0, 32] and 'c' [8, 12] overlap";
    QTest::newRow("same range twice") << fixture::rawFile("{" + entry("a", f32x4) + "," + entry("b", f32x4) + "}", sixteen)
        << "tensors 'a' [0, 16] and 'b' [0, 16] overlap";
    QTest::newRow("metadata not an object") << fixture::rawFile(R"({"__metadata__":[1]})") << "__metadata__ is an array; expected an object of strings";
    QTest::newRow("metadata value not a string") << fixture::rawFile(R"({"__metadata__":{"k":1}})") << "__metadata__ value 'k' is the number 1; expected a string";
    QTest::newRow("newline in a tensor name") << fixture::rawFile("{" + entry("a\\nb", R"("dtype":"X")") + "}") << "tensor 'a\\u000ab' has unknown dtype";
}

void TestSafetensorsFile::rejects() {
    QFETCH(QByteArray, file);
    QFETCH(QString, expected);
    const QString path = writeFixture(file);
    try {
        SafetensorsFile safetensors(path);
        QFAIL("the file was accepted");
    } catch (const ModelError& error) {
        const QString message = error.message();
        QVERIFY2(message.contains(expected), qPrintable(message));
        // A file that ends too early says so first, with what to do; any other fault is named
        // right after the file.
        const bool incomplete = expected.contains(QLatin1String("Detail: "));
        QVERIFY2(message.startsWith(QStringLiteral("safetensors file '%1'%2").arg(path, incomplete ? " is incomplete (" : ": ")),
                 qPrintable(message));
        QVERIFY2(!message.contains(QLatin1Char('\n')), qPrintable(message));
    }
}

// Tensor data cut short (the header whole): the header gives the data area's size, so the
// message names the exact size the file should have, then the first tensor that is cut.
void TestSafetensorsFile::cutShortSaysDownloadAgain() {
    const QByteArray whole = sampleFile();
    const QString path = writeFixture(whole.left(whole.size() - 3));
    try {
        SafetensorsFile safetensors(path);
        QFAIL("the file was accepted");
    } catch (const ModelError& error) {
        const QString prefix = QStringLiteral("safetensors file '%1' is incomplete (%2 of %3 bytes): download it again. "
                                              "Detail: tensor '")
                                   .arg(path, headmap::byteCountText(whole.size() - 3), headmap::byteCountText(whole.size()));
        QVERIFY2(error.message().startsWith(prefix), qPrintable(error.message()));
        QVERIFY2(error.message().contains(QLatin1String("past the end of the data area")), qPrintable(error.message()));
    }
}

// Every prefix of a valid file is an incomplete file. Where the header is whole, the size named
// is the file's exact size; where it is cut, a lower bound ("at least") more than the prefix has.
void TestSafetensorsFile::everyPrefixIsIncomplete() {
    const QByteArray whole = sampleFile();
    const qint64 headerEnd = 8 + qint64(qFromLittleEndian<quint64>(whole.constData()));
    const QRegularExpression pattern(QStringLiteral("^safetensors file '[^']*' is incomplete \\(([0-9,]+) of "
                                                    "(at least )?([0-9,]+) bytes\\): download it again\\. Detail: \\S"));
    const auto number = [](const QString& text) { return QString(text).remove(QLatin1Char(',')).toLongLong(); };
    for (qsizetype length = 0; length < whole.size(); ++length) {
        try {
            SafetensorsFile safetensors(writeFixture(whole.left(length)));
            QFAIL(qPrintable(QStringLiteral("the first %1 of %2 bytes were accepted").arg(length).arg(whole.size())));
        } catch (const ModelError& error) {
            const QRegularExpressionMatch match = pattern.match(error.message());
            QVERIFY2(match.hasMatch(), qPrintable(error.message()));
            QCOMPARE(number(match.captured(1)), qint64(length));
            if (length >= headerEnd) {
                QVERIFY2(match.captured(2).isEmpty(), qPrintable(error.message()));
                QCOMPARE(number(match.captured(3)), qint64(whole.size()));
            } else {
                QVERIFY2(!match.captured(2).isEmpty(), qPrintable(error.message()));
                QVERIFY2(number(match.captured(3)) > length && number(match.captured(3)) <= whole.size(),
                         qPrintable(error.message()));
            }
        }
    }
}

void TestSafetensorsFile::absentTensor() {
    const QString path = writeFixture(sampleFile());
    const SafetensorsFile safetensors(path);
    try {
        safetensors.floats(QStringLiteral("encoder.absent"));
        QFAIL("floats() returned an absent tensor");
    } catch (const ModelError& error) {
        QCOMPARE(error.message(), QStringLiteral("safetensors file '%1': has no tensor 'encoder.absent'").arg(path));
    }
}

// Mutated copies of a valid file must either open, and then every float tensor reads fully, or
// throw ModelError: never crash, never read out of bounds (run under valgrind to see the latter).
void TestSafetensorsFile::fuzzedFilesNeverCrash() {
    const QByteArray seed = sampleFile();
    const QString path = m_dir.filePath(QStringLiteral("fuzzed.safetensors"));
    fixture::ByteMutator mutator(20240607);
    int opened = 0;
    int rejected = 0;
    QElapsedTimer timer;
    timer.start();
    for (int iteration = 0, count = fuzzIterations(); iteration < count; ++iteration) {
        const QByteArray bytes = mutator.mutate(seed);
        QVERIFY(testsupport::writeFile(path, bytes));
        try {
            const SafetensorsFile safetensors(path);
            ++opened;
            // Independent of the loader: where the data area is, from the bytes themselves.
            const qint64 dataBytes = bytes.size() - 8 - qint64(qFromLittleEndian<quint64>(bytes.constData()));
            for (const QString& name : safetensors.tensorNames()) {
                const headmap::TensorInfo* info = safetensors.info(name);
                QVERIFY(info && info->begin <= info->end && info->end <= dataBytes);
                const bool isFloat = info->dtype == headmap::TensorDType::F32 ||
                                     info->dtype == headmap::TensorDType::F16 ||
                                     info->dtype == headmap::TensorDType::BF16;
                if (!isFloat) {
                    QVERIFY_THROWS_EXCEPTION(ModelError, safetensors.floats(name));
                    continue;
                }
                const float* values = safetensors.floats(name);
                volatile float sum = 0;  // volatile: every element really is read
                for (qint64 i = 0; i < info->elementCount(); ++i)
                    sum = sum + values[i];
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

QTEST_GUILESS_MAIN(TestSafetensorsFile)
#include "tst_safetensorsfile.moc"
