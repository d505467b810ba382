// GgmlQuants: the type table against ggml's (block sizes and bytes from the sizeof of the structs
// in ggml-common.h), and hand-built blocks whose values are worked out in the comments from the
// format description, one field at a time: the bit positions a random block cannot name. The
// full bit-exact comparison on quantised data is tst_gguffile's job.

#include <cmath>

#include <QtTest>

#include "formats/GgmlQuants.h"

using headmap::GgmlType;

namespace {

// A block of `size` zero bytes with the given bytes set: {offset, value}.
QByteArray block(int size, std::initializer_list<std::pair<int, int>> bytes) {
    QByteArray result(size, '\0');
    for (const auto& [offset, value] : bytes)
        result[offset] = char(value);
    return result;
}

}  // namespace

class TestGgmlQuants : public QObject {
    Q_OBJECT

private slots:
    void typeTable_data() {
        QTest::addColumn<quint32>("id");
        QTest::addColumn<QString>("name");
        QTest::addColumn<int>("blockSize");
        QTest::addColumn<int>("blockBytes");
        QTest::addColumn<bool>("dequantizable");
        const struct { quint32 id; const char* name; int size; int bytes; bool dequantizable; } rows[] = {
            {0, "F32", 1, 4, true}, {1, "F16", 1, 2, true}, {2, "Q4_0", 32, 18, true}, {3, "Q4_1", 32, 20, true},
            {6, "Q5_0", 32, 22, true}, {7, "Q5_1", 32, 24, true}, {8, "Q8_0", 32, 34, true}, {9, "Q8_1", 32, 36, false},
            {10, "Q2_K", 256, 84, true}, {11, "Q3_K", 256, 110, true}, {12, "Q4_K", 256, 144, true},
            {13, "Q5_K", 256, 176, true}, {14, "Q6_K", 256, 210, true}, {15, "Q8_K", 256, 292, false},
            {16, "IQ2_XXS", 256, 66, false}, {17, "IQ2_XS", 256, 74, false}, {18, "IQ3_XXS", 256, 98, false},
            {19, "IQ1_S", 256, 50, false}, {20, "IQ4_NL", 32, 18, false}, {21, "IQ3_S", 256, 110, false},
            {22, "IQ2_S", 256, 82, false}, {23, "IQ4_XS", 256, 136, false}, {24, "I8", 1, 1, false},
            {25, "I16", 1, 2, false}, {26, "I32", 1, 4, false}, {27, "I64", 1, 8, false}, {28, "F64", 1, 8, false},
            {29, "IQ1_M", 256, 56, false}, {30, "BF16", 1, 2, true}, {34, "TQ1_0", 256, 54, false},
            {35, "TQ2_0", 256, 66, false}, {39, "MXFP4", 32, 17, true}, {40, "NVFP4", 64, 36, false},
            {41, "Q1_0", 128, 18, false}, {42, "Q2_0", 64, 18, false},
        };
        for (const auto& row : rows)
            QTest::newRow(row.name) << row.id << QString::fromLatin1(row.name) << row.size << row.bytes << row.dequantizable;
    }

    void typeTable() {
        QFETCH(quint32, id);
        QFETCH(QString, name);
        QFETCH(int, blockSize);
        QFETCH(int, blockBytes);
        QFETCH(bool, dequantizable);
        const headmap::GgmlTypeTraits* traits = headmap::ggmlTypeTraits(id);
        QVERIFY(traits);
        QCOMPARE(quint32(traits->type), id);
        QCOMPARE(QString::fromLatin1(traits->name), name);
        QCOMPARE(headmap::ggmlTypeName(id), name);
        QCOMPARE(traits->blockSize, blockSize);
        QCOMPARE(traits->blockBytes, blockBytes);
        QCOMPARE(traits->dequantizable, dequantizable);
    }

    void unknownTypes_data() {
        QTest::addColumn<quint32>("id");
        for (const quint32 id : {4u, 5u, 31u, 32u, 33u, 36u, 37u, 38u, 43u, 0xffffffffu})
            QTest::addRow("%u", id) << id;
    }

    void unknownTypes() {
        QFETCH(quint32, id);
        QVERIFY(!headmap::ggmlTypeTraits(id));
        QCOMPARE(headmap::ggmlTypeName(id), QStringLiteral("unknown type %1").arg(id));
    }

    void supportedList() {
        QCOMPARE(headmap::dequantizableTypeNames(),
                 QStringLiteral("F32, F16, Q4_0, Q4_1, Q5_0, Q5_1, Q8_0, Q2_K, Q3_K, Q4_K, Q5_K, Q6_K, BF16, MXFP4"));
    }

    // F16 constants: 0x3c00 = 1, 0x3800 = 0.5, 0x3400 = 0.25, 0x4000 = 2, 0xbc00 = -1, 0x4900 = 10.
    void handBuiltBlocks_data() {
        QTest::addColumn<quint32>("type");
        QTest::addColumn<QByteArray>("bytes");
        QTest::addColumn<QList<int>>("indexes");
        QTest::addColumn<QList<float>>("values");
        // Q8_0 {d; qs[32]}: d = 0.5; qs = -128, 127, ..., -1.
        QTest::newRow("Q8_0 signed quants") << 8u << block(34, {{0, 0x00}, {1, 0x38}, {2, 0x80}, {3, 0x7f}, {33, 0xff}})
            << QList<int>{0, 1, 2, 31} << QList<float>{-64, 63.5f, 0, -0.5f};
        // Q4_0 {d; qs[16]}: d = 2; qs[0] = 0xf0: element 0 = (0-8)*2, element 16 = (15-8)*2.
        QTest::newRow("Q4_0 low nibble first") << 2u << block(18, {{1, 0x40}, {2, 0xf0}})
            << QList<int>{0, 16, 1} << QList<float>{-16, 14, -16};
        // Q4_1 {d; m; qs[16]}: d = 0.5, m = -1; qs[3] = 0x5a: element 3 = 10*0.5-1, element 19 = 5*0.5-1.
        QTest::newRow("Q4_1 scale and min") << 3u << block(20, {{1, 0x38}, {3, 0xbc}, {7, 0x5a}})
            << QList<int>{3, 19, 0} << QList<float>{4, 1.5f, -1};
        // Q5_0 {d; qh[4]; qs[16]}: d = 1; qh bits 0, 16, 31 set; qs[1] = 0x21, qs[15] = 0xff.
        QTest::newRow("Q5_0 fifth bits") << 6u << block(22, {{1, 0x3c}, {2, 0x01}, {4, 0x01}, {5, 0x80}, {7, 0x21}, {21, 0xff}})
            << QList<int>{0, 16, 1, 17, 15, 31} << QList<float>{0, 0, -15, -14, -1, 15};
        // Q5_1 {d; m; qh[4]; qs[16]}: d = 0.25, m = 10; qh bit 2; qs[2] = 0x03: (3|16)*0.25+10.
        QTest::newRow("Q5_1 fifth bit and min") << 7u << block(24, {{1, 0x34}, {3, 0x49}, {4, 0x04}, {10, 0x03}})
            << QList<int>{2, 18, 0} << QList<float>{14.75f, 10, 10};
        // Q2_K {scales[16]; qs[64]; d; dmin}: d = 1, dmin = 0.5. Group 0: scale byte 0x32 (sc 2,
        // m 3), qs[0] = 3: 2*3 - 0.5*3. Element 255 is group 15 (byte 0x01: sc 1, m 0) and the
        // top two bits of qs[63] (0x80 -> 2).
        QTest::newRow("Q2_K first and last") << 10u << block(84, {{0, 0x32}, {15, 0x01}, {16, 0x03}, {79, 0x80}, {81, 0x3c}, {83, 0x38}})
            << QList<int>{0, 1, 255} << QList<float>{4.5f, -1.5f, 2};
        // Q3_K {hmask[32]; qs[64]; scales[12]; d}: d = 1. Scale 0 = (0x01 | (2 << 4)) - 32 = 1;
        // scale 15 = ((0xf0 >> 4) | 0) - 32 = -17. Element 0: qs 3, hmask set -> 3; element 1:
        // qs 0, hmask clear -> -4; element 255: qs[63] >> 6 = 1, hmask[31] bit 7 set -> 1;
        // element 240: 0, hmask clear -> -4.
        QTest::newRow("Q3_K scales and hmask") << 11u << block(110, {{0, 0x01}, {31, 0x80}, {32, 0x03}, {95, 0x40}, {96, 0x01}, {103, 0xf0}, {104, 0x02}, {109, 0x3c}})
            << QList<int>{0, 1, 255, 240} << QList<float>{3, -4, -17, 68};
        // Q4_K {d; dmin; scales[12]; qs[128]}: d = 1, dmin = 0.5. Group 0: sc = 3, m = 2; qs[0]
        // = 0x07 -> 3*7 - 1. Group 5 (elements 160..191) uses the high bits: sc = (0x21 & 15) |
        // (0xc1 >> 6) << 4 = 49, m = (0x21 >> 4) | (0x80 >> 6) << 4 = 34; element 160 is the high
        // nibble of qs[64] = 0x90 -> 49*9 - 0.5*34.
        QTest::newRow("Q4_K six-bit scales") << 12u << block(144, {{1, 0x3c}, {3, 0x38}, {4, 3}, {5, 0xc1}, {8, 2}, {9, 0x80}, {13, 0x21}, {16, 0x07}, {80, 0x90}})
            << QList<int>{0, 32, 160, 161} << QList<float>{20, 0, 424, -17};
        // Q5_K {d; dmin; scales[12]; qh[32]; qs[128]}: d = 1, dmin = 0. Group 0 sc 1, group 1 sc 2;
        // qs[0] = 0x0f, qh[0] = 0x03: element 0 = 15+16, element 32 = 0+16 scaled by 2.
        QTest::newRow("Q5_K fifth bits") << 13u << block(176, {{1, 0x3c}, {4, 1}, {5, 2}, {16, 0x03}, {48, 0x0f}})
            << QList<int>{0, 32, 1} << QList<float>{31, 32, 0};
        // Q6_K {ql[128]; qh[64]; scales[16] (int8); d}: d = 0.5. Element 0: ql[0] & 15 = 5, qh
        // bits 0-1 = 2 -> 37 - 32 = 5, scale -2 -> -5. Element 64: ql[0] >> 4 = 0, qh bits 4-5
        // = 0 -> -32, scale 3 -> -48. Element 255: ql[127] >> 4 = 15, qh[63] >> 6 = 3 -> 31,
        // scale 127 -> 1968.5.
        QTest::newRow("Q6_K signed scales") << 14u << block(210, {{0, 0x05}, {127, 0xf0}, {128, 0x02}, {191, 0xc0}, {192, 0xfe}, {196, 3}, {207, 127}, {209, 0x38}})
            << QList<int>{0, 64, 255} << QList<float>{-5, -48, 1968.5f};
        // MXFP4 {e; qs[16]}: e = 128 -> d = 2^0 (values are kvalues_mxfp4 = 2 * FP4 E2M1);
        // qs[0] = 0xf7: element 0 = kvalues[7] = 12, element 16 = kvalues[15] = -12; qs[1] =
        // 0x91: element 1 = 1, element 17 = -1. With e = 1, d = 2^-127 (a subnormal, as ggml's
        // GGML_E8M0_TO_FP32_HALF builds it): checked in mxfp4SmallExponent.
        QTest::newRow("MXFP4 low nibbles first") << 39u << block(17, {{0, 128}, {1, 0xf7}, {2, 0x91}})
            << QList<int>{0, 16, 1, 17, 2} << QList<float>{12, -12, 1, -1, 0};
        QTest::newRow("MXFP4 exponent 130") << 39u << block(17, {{0, 130}, {16, 0x35}})
            << QList<int>{15, 31} << QList<float>{24, 12};
    }

    void mxfp4SmallExponent() {
        // e = 1: ggml's bits 0x00200000 << 1 = 2^-127; kvalues[2] = 2 -> 2^-126, the smallest normal.
        const QByteArray bytes = block(17, {{0, 1}, {1, 0x02}});
        std::vector<float> out(32);
        headmap::dequantizeRow(headmap::GgmlType::MXFP4, reinterpret_cast<const uchar*>(bytes.constData()), out.data(), 32);
        QCOMPARE(out[0], std::ldexp(1.0f, -126));
        QCOMPARE(out[16], 0.0f);
    }

    void handBuiltBlocks() {
        QFETCH(quint32, type);
        QFETCH(QByteArray, bytes);
        QFETCH(QList<int>, indexes);
        QFETCH(QList<float>, values);
        const headmap::GgmlTypeTraits* traits = headmap::ggmlTypeTraits(type);
        QVERIFY(traits && traits->dequantizable);
        QCOMPARE(bytes.size(), traits->blockBytes);
        std::vector<float> out(size_t(traits->blockSize), -12345.0f);
        headmap::dequantizeRow(traits->type, reinterpret_cast<const uchar*>(bytes.constData()), out.data(), traits->blockSize);
        for (qsizetype i = 0; i < indexes.size(); ++i)
            QVERIFY2(out[size_t(indexes[i])] == values[i],
                     qPrintable(QStringLiteral("element %1: got %2, expected %3").arg(indexes[i]).arg(out[size_t(indexes[i])]).arg(values[i])));
        for (const float value : out)
            QVERIFY(value != -12345.0f);  // every element written
    }
};

QTEST_GUILESS_MAIN(TestGgmlQuants)
#include "tst_ggmlquants.moc"
