// writeNpy / writeTraceNpy: the exact header bytes, the data bytes, write failures, and a real
// numpy.load() of the written files when python3 with numpy is installed.

#include <cstring>

#include <QBuffer>
#include <QCryptographicHash>
#include <QProcess>
#include <QTemporaryDir>
#include <QtTest>

#include "AnalysisTestData.h"
#include "core/HeadmapError.h"
#include "io/NpyWriter.h"

using Shape = std::vector<qint64>;
Q_DECLARE_METATYPE(Shape)

namespace {

constexpr const char* kPython = "/usr/bin/python3";

// A QIODevice that takes at most `perCall` bytes per write and fails once `capacity` bytes are in.
class LimitedDevice : public QIODevice {
public:
    LimitedDevice(qint64 capacity, qint64 perCall) : m_capacity(capacity), m_perCall(perCall) {
        open(QIODevice::WriteOnly);
    }
    QByteArray data;

protected:
    qint64 readData(char*, qint64) override { return -1; }
    qint64 writeData(const char* bytes, qint64 size) override {
        const qint64 n = qMin(qMin(size, m_perCall), m_capacity - qint64(data.size()));
        if (n <= 0)
            return -1;
        data.append(bytes, n);
        return n;
    }

private:
    qint64 m_capacity, m_perCall;
};

qint64 elementCount(const Shape& shape) {
    qint64 n = 1;
    for (qint64 d : shape)
        n *= d;
    return n;
}

// Distinct, non-symmetric values, so a transposed or shifted write cannot pass.
std::vector<float> sampleData(qint64 count) {
    std::vector<float> values(static_cast<size_t>(count));
    for (qint64 i = 0; i < count; ++i)
        values[size_t(i)] = float(i) * 0.25f - 3.0f + 1.0f / 3.0f;
    return values;
}

QByteArray written(const float* data, const Shape& shape) {
    QBuffer buffer;
    buffer.open(QIODevice::WriteOnly);
    if (!headmap::writeNpy(&buffer, data, shape))
        qWarning("writeNpy failed");
    return buffer.data();
}

QByteArray littleEndianBytes(const float* data, qint64 count) {
    QByteArray bytes;
    for (qint64 i = 0; i < count; ++i) {
        quint32 bits;
        std::memcpy(&bits, &data[i], 4);
        for (int b = 0; b < 4; ++b)
            bytes.append(char((bits >> (8 * b)) & 0xff));
    }
    return bytes;
}

// Python's repr of the tuple, as numpy reports a.shape.
QString shapeRepr(const Shape& shape) {
    QStringList parts;
    for (qint64 d : shape)
        parts << QString::number(d);
    return '(' + parts.join(QLatin1String(", ")) + (shape.size() == 1 ? "," : "") + ')';
}

}  // namespace

class TestNpyWriter : public QObject {
    Q_OBJECT

private slots:
    void initTestCase();
    void exactBytesOfSmallArray();
    void header_data();
    void header();
    void trace();
    void negativeDimensionThrows();
    void partialWritesAreCompleted();
    void writeFailures_data();
    void writeFailures();
    void numpyLoads_data();
    void numpyLoads();

private:
    bool m_hasNumpy = false;
};

void TestNpyWriter::initTestCase() {
    QProcess probe;
    probe.start(QString::fromLatin1(kPython), {"-c", "import numpy"});
    m_hasNumpy = probe.waitForFinished(60000) && probe.exitStatus() == QProcess::NormalExit
                 && probe.exitCode() == 0;
}

void TestNpyWriter::exactBytesOfSmallArray() {
    // What numpy.save writes for a (2, 3) float32 array, byte for byte.
    const float data[] = {1.0f, -2.0f, 0.5f, 0.0f, 3.0f, 1e-3f};
    QByteArray expected("\x93NUMPY\x01\x00\x76\x00", 10);
    expected += "{'descr': '<f4', 'fortran_order': False, 'shape': (2, 3), }";
    expected += QByteArray(58, ' ') + '\n';  // 10 + 59 + 58 + 1 = 128
    QCOMPARE(expected.size(), 128);
    expected += QByteArray("\x00\x00\x80\x3f" "\x00\x00\x00\xc0" "\x00\x00\x00\x3f"
                           "\x00\x00\x00\x00" "\x00\x00\x40\x40", 20);
    expected += littleEndianBytes(&data[5], 1);
    QCOMPARE(written(data, {2, 3}), expected);
}

void TestNpyWriter::header_data() {
    QTest::addColumn<Shape>("shape");
    QTest::addColumn<QByteArray>("shapeText");
    QTest::newRow("0-d") << Shape{} << QByteArray("()");
    QTest::newRow("1-d") << Shape{5} << QByteArray("(5,)");
    QTest::newRow("empty 1-d") << Shape{0} << QByteArray("(0,)");
    QTest::newRow("BERT-base trace") << Shape{12, 12, 512, 512} << QByteArray("(12, 12, 512, 512)");
    // A shape text of 64 characters makes the unpadded header exactly 128 bytes: no spaces.
    Shape aligned(20, 1);
    aligned.push_back(10);
    QTest::newRow("already aligned, no padding")
        << aligned << QByteArray("(" + QByteArray("1, ").repeated(20) + "10)");
    QTest::newRow("big dimensions") << Shape{4000000000LL, 0} << QByteArray("(4000000000, 0)");
}

void TestNpyWriter::header() {
    QFETCH(Shape, shape);
    QFETCH(QByteArray, shapeText);
    const std::vector<float> data = sampleData(elementCount(shape));
    const QByteArray bytes = written(data.data(), shape);
    QVERIFY(bytes.startsWith(QByteArray("\x93NUMPY\x01\x00", 8)));
    const int headerLength = quint8(bytes[8]) | (quint8(bytes[9]) << 8);
    const int total = 10 + headerLength;
    QCOMPARE(total % 64, 0);
    // magic, version, length (10) + dict without the shape (53) + '\n' (1) = 64 + shape text
    QVERIFY2(total - (64 + int(shapeText.size())) < 64, "more padding than alignment needs");
    QCOMPARE(bytes.size(), total + qsizetype(4 * data.size()));
    const QByteArray dict = bytes.mid(10, headerLength);
    const QByteArray text =
        "{'descr': '<f4', 'fortran_order': False, 'shape': " + shapeText + ", }";
    QVERIFY2(dict.startsWith(text), dict.constData());
    QCOMPARE(dict.back(), '\n');
    QCOMPARE(dict.mid(text.size(), dict.size() - text.size() - 1),
             QByteArray(dict.size() - text.size() - 1, ' '));
    QCOMPARE(bytes.mid(total), littleEndianBytes(data.data(), qint64(data.size())));
}

void TestNpyWriter::trace() {
    // Head (l, h) holds l·100 + h·10 + its index, so any misplaced head shows.
    auto trace = analysistest::zeroTrace(2, 3, 4);
    std::vector<float> all;  // (L, H, T, T) in C order
    for (int l = 0; l < 2; ++l)
        for (int h = 0; h < 3; ++h)
            for (int i = 0; i < 16; ++i) {
                trace.headData(l, h)[i] = float(l * 100 + h * 10 + i);
                all.push_back(float(l * 100 + h * 10 + i));
            }
    QBuffer buffer;
    buffer.open(QIODevice::WriteOnly);
    QVERIFY(headmap::writeTraceNpy(&buffer, trace));
    QCOMPARE(buffer.data(), written(all.data(), {2, 3, 4, 4}));
    QVERIFY(buffer.data().contains("'shape': (2, 3, 4, 4), }"));
}

void TestNpyWriter::negativeDimensionThrows() {
    QBuffer buffer;
    buffer.open(QIODevice::WriteOnly);
    const float value = 0.0f;
    QVERIFY_THROWS_EXCEPTION(headmap::InputError, headmap::writeNpy(&buffer, &value, {2, -1}));
    QVERIFY(buffer.data().isEmpty());
}

void TestNpyWriter::partialWritesAreCompleted() {
    const std::vector<float> data = sampleData(100);
    LimitedDevice device(1 << 20, 7);  // a pipe-like device taking 7 bytes at a time
    QVERIFY(headmap::writeNpy(&device, data.data(), {10, 10}));
    QCOMPARE(device.data, written(data.data(), {10, 10}));
}

void TestNpyWriter::writeFailures_data() {
    QTest::addColumn<qint64>("capacity");
    QTest::newRow("device full in the header") << qint64(20);
    QTest::newRow("device full in the data") << qint64(128 + 40);
}

void TestNpyWriter::writeFailures() {
    QFETCH(qint64, capacity);
    const std::vector<float> data = sampleData(100);
    LimitedDevice device(capacity, 1 << 20);
    QVERIFY(!headmap::writeNpy(&device, data.data(), {10, 10}));
    QVERIFY(!headmap::writeTraceNpy(&device, analysistest::zeroTrace(1, 1, 10)));

    QVERIFY(!headmap::writeNpy(nullptr, data.data(), {10, 10}));
    QBuffer closed;
    QVERIFY(!headmap::writeNpy(&closed, data.data(), {10, 10}));
    QBuffer readOnly;
    readOnly.open(QIODevice::ReadOnly);
    QVERIFY(!headmap::writeNpy(&readOnly, data.data(), {10, 10}));
}

void TestNpyWriter::numpyLoads_data() {
    QTest::addColumn<Shape>("shape");
    QTest::newRow("0-d") << Shape{};
    QTest::newRow("1-d") << Shape{5};
    QTest::newRow("empty") << Shape{0, 3};
    QTest::newRow("2-d") << Shape{2, 3};
    QTest::newRow("trace-like") << Shape{2, 3, 7, 7};
    QTest::newRow("one dimension of 70") << Shape{3, 70, 5};
}

void TestNpyWriter::numpyLoads() {
    if (!m_hasNumpy)
        QSKIP("/usr/bin/python3 with numpy is not installed; the byte-level tests still ran");
    QFETCH(Shape, shape);
    const std::vector<float> data = sampleData(elementCount(shape));
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString path = dir.filePath(QStringLiteral("array.npy"));
    QFile file(path);
    QVERIFY(file.open(QIODevice::WriteOnly));
    QVERIFY(headmap::writeNpy(&file, data.data(), shape));
    file.close();

    // Loaded without allow_pickle; tobytes() is C order whatever numpy made of the file.
    const char* script =
        "import hashlib, sys, numpy as np\n"
        "a = np.load(sys.argv[1])\n"
        "print(a.shape)\n"
        "print(a.dtype.str, a.flags['C_CONTIGUOUS'])\n"
        "print(hashlib.sha256(a.astype('<f4').tobytes(order='C')).hexdigest())\n";
    QProcess python;
    python.start(QString::fromLatin1(kPython), {"-c", script, path});
    QVERIFY(python.waitForFinished(60000));
    const QByteArray errors = python.readAllStandardError();
    QVERIFY2(python.exitStatus() == QProcess::NormalExit && python.exitCode() == 0,
             errors.constData());
    const QStringList lines =
        QString::fromUtf8(python.readAllStandardOutput()).trimmed().split('\n');
    QCOMPARE(lines.size(), 3);
    QCOMPARE(lines[0].trimmed(), shapeRepr(shape));
    QCOMPARE(lines[1].trimmed(), QStringLiteral("<f4 True"));
    const QByteArray expected = QCryptographicHash::hash(
        littleEndianBytes(data.data(), qint64(data.size())), QCryptographicHash::Sha256).toHex();
    QCOMPARE(lines[2].trimmed().toLatin1(), expected);
}

QTEST_GUILESS_MAIN(TestNpyWriter)
#include "tst_npywriter.moc"
