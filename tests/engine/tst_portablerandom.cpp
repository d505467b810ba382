// PortableRandom must give the same numbers everywhere: the teaching model's weights, and with
// them every attention map a student compares with a classmate's, depend on it. Reference values
// come from published test vectors and from Python (the same arithmetic on big integers).

#include <cmath>

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QtTest>

#include "teaching/PortableRandom.h"

using headmap::PortableRandom;

class PortableRandomTest : public QObject {
    Q_OBJECT

private slots:
    void splitMix64_data();
    void splitMix64();
    void fnv1a64_data();
    void fnv1a64();
    void streamSeedsFromNameAndSeed();
    void uniform01IsTopBitsInUnitInterval();
    void uniformStaysWithinBound_data();
    void uniformStaysWithinBound();
    void uniformVectorIsSuccessiveDraws();
    void embeddingStreamMatchesGolden_data();
    void embeddingStreamMatchesGolden();
};

void PortableRandomTest::splitMix64_data() {
    QTest::addColumn<quint64>("state");
    QTest::addColumn<QList<quint64>>("outputs");
    // The reference from make_teaching_golden.py's self-check, continued with Python.
    QTest::newRow("state 1234567") << quint64(1234567)
        << QList<quint64>{6457827717110365317ull, 3203168211198807973ull, 9817491932198370423ull,
                          4593380528125082431ull, 16408922859458223821ull};
    // Vigna's splitmix64.c seeded with 0, the values other ports test against.
    QTest::newRow("state 0") << quint64(0)
        << QList<quint64>{0xe220a8397b1dcdafull, 0x6e789e6aa1b965f4ull, 0x06c45d188009454full};
}

void PortableRandomTest::splitMix64() {
    QFETCH(quint64, state);
    QFETCH(QList<quint64>, outputs);
    QVERIFY(!outputs.isEmpty());
    PortableRandom random(state);
    for (int i = 0; i < outputs.size(); ++i)
        QCOMPARE(quint64(random.next()), outputs[i]);
}

void PortableRandomTest::fnv1a64_data() {
    QTest::addColumn<QByteArray>("bytes");
    QTest::addColumn<quint64>("hash");
    // Published FNV-1a 64-bit test vectors (Fowler/Noll/Vo reference test suite).
    QTest::newRow("empty") << QByteArray("") << quint64(0xcbf29ce484222325ull);
    QTest::newRow("a") << QByteArray("a") << quint64(0xaf63dc4c8601ec8cull);
    QTest::newRow("foobar") << QByteArray("foobar") << quint64(0x85944171f73967e8ull);
    // A tensor name as the teaching model uses it, computed with Python.
    QTest::newRow("embedding/1") << QByteArray("embedding/1") << quint64(0x66c91b5de73890a2ull);
    // Bytes >= 0x80 must hash as unsigned: "æ" in UTF-8 (Python: fnv1a64(b"\xc3\xa6")).
    QTest::newRow("utf8 ae") << QByteArray("\xc3\xa6") << quint64(0x0ac21007b718121cull);
}

void PortableRandomTest::fnv1a64() {
    QFETCH(QByteArray, bytes);
    QFETCH(quint64, hash);
    QCOMPARE(quint64(headmap::fnv1a64(bytes)), hash);
}

void PortableRandomTest::streamSeedsFromNameAndSeed() {
    // stream(seed, name) starts at fnv1a64(name) XOR seed·0x9E3779B97F4A7C15.
    for (quint64 seed : {quint64(0), quint64(7), quint64(42), ~quint64(0)}) {
        PortableRandom stream = PortableRandom::stream(seed, "layer0/attn.w_q");
        PortableRandom manual(headmap::fnv1a64("layer0/attn.w_q") ^ (seed * 0x9E3779B97F4A7C15ull));
        for (int i = 0; i < 4; ++i)
            QCOMPARE(quint64(stream.next()), quint64(manual.next()));
    }
    // Different names must give different streams, or every tensor would hold the same numbers.
    QVERIFY(PortableRandom::stream(0, "layer0/attn.w_q").next() !=
            PortableRandom::stream(0, "layer0/attn.w_k").next());
    QVERIFY(PortableRandom::stream(0, "embedding/1").next() !=
            PortableRandom::stream(1, "embedding/1").next());
}

void PortableRandomTest::uniform01IsTopBitsInUnitInterval() {
    PortableRandom random(99);
    PortableRandom twin(99);
    double sum = 0.0, low = 1.0, high = 0.0;
    const int n = 100000;
    for (int i = 0; i < n; ++i) {
        const double u = random.uniform01();
        // QCOMPARE on floating point is fuzzy; these must agree exactly.
        QVERIFY(u == double(twin.next() >> 11) * 0x1.0p-53);  // the documented 53 bits
        QVERIFY2(u >= 0.0 && u < 1.0, qPrintable(QString::number(u, 'g', 17)));
        sum += u;
        low = std::min(low, u);
        high = std::max(high, u);
    }
    // Not a statistical test, just a check that the values fill the interval.
    QVERIFY(std::abs(sum / n - 0.5) < 0.01);
    QVERIFY(low < 0.001);
    QVERIFY(high > 0.999);
}

void PortableRandomTest::uniformStaysWithinBound_data() {
    QTest::addColumn<double>("bound");
    QTest::newRow("1") << 1.0;
    QTest::newRow("sqrt(3) embedding") << std::sqrt(3.0);
    QTest::newRow("xavier d64") << std::sqrt(6.0 / 128.0);
    QTest::newRow("1/sqrt(256) ffn") << 1.0 / 16.0;
}

void PortableRandomTest::uniformStaysWithinBound() {
    QFETCH(double, bound);
    PortableRandom random(2024);
    PortableRandom twin(2024);
    double sum = 0.0, low = bound, high = -bound;
    const int n = 100000;
    for (int i = 0; i < n; ++i) {
        const float v = random.uniform(bound);
        QVERIFY(v == float((2.0 * twin.uniform01() - 1.0) * bound));  // computed in double, exact
        QVERIFY2(double(v) >= -bound && double(v) < bound, qPrintable(QString::number(double(v))));
        sum += double(v);
        low = std::min(low, double(v));
        high = std::max(high, double(v));
    }
    QVERIFY(std::abs(sum / n) < 0.01 * bound);
    QVERIFY(low < -0.99 * bound);
    QVERIFY(high > 0.99 * bound);
}

void PortableRandomTest::uniformVectorIsSuccessiveDraws() {
    PortableRandom random(5);
    PortableRandom twin(5);
    const std::vector<float> values = random.uniformVector(17, 0.5);
    QCOMPARE(int(values.size()), 17);
    for (float v : values)
        QVERIFY(v == twin.uniform(0.5));
    // The generator has moved on by exactly 17 draws.
    QCOMPARE(quint64(random.next()), quint64(twin.next()));
}

void PortableRandomTest::embeddingStreamMatchesGolden_data() {
    QTest::addColumn<quint64>("seed");
    QTest::addColumn<int>("tokenId");
    QTest::addColumn<QList<float>>("first8");

    QFile file(QStringLiteral(HEADMAP_GOLDEN_DIR "/teaching_golden.json"));
    QVERIFY2(file.open(QIODevice::ReadOnly), qPrintable(file.fileName()));
    const QJsonArray cases = QJsonDocument::fromJson(file.readAll()).object().value("cases").toArray();
    QCOMPARE(int(cases.size()), 4);  // every golden case gives a row; none may go missing
    for (const QJsonValue& value : cases) {
        const QJsonObject c = value.toObject();
        QList<float> first8;
        for (const QJsonValue& v : c.value("embedding_0_first8").toArray())
            first8 << float(v.toDouble());
        QTest::newRow(qPrintable(c.value("name").toString()))
            << quint64(c.value("seed").toInt()) << c.value("ids").toArray().first().toInt() << first8;
    }
}

void PortableRandomTest::embeddingStreamMatchesGolden() {
    QFETCH(quint64, seed);
    QFETCH(int, tokenId);
    QFETCH(QList<float>, first8);
    QCOMPARE(first8.size(), 8);
    // TeachingModel::embedding draws d_model values; the first 8 do not depend on d_model.
    const std::vector<float> values =
        PortableRandom::stream(seed, "embedding/" + QByteArray::number(tokenId))
            .uniformVector(8, std::sqrt(3.0));
    for (int i = 0; i < 8; ++i) {
        // Bit-exact, not QCOMPARE's fuzzy float comparison: the generator is portable.
        QVERIFY2(values[size_t(i)] == first8[i],
                 qPrintable(QStringLiteral("value %1: %2, golden %3")
                                .arg(i).arg(double(values[size_t(i)]), 0, 'g', 9)
                                .arg(double(first8[i]), 0, 'g', 9)));
    }
}

QTEST_APPLESS_MAIN(PortableRandomTest)
#include "tst_portablerandom.moc"
