#include "formats/GgmlQuants.h"

#include <cmath>

#include <QCoreApplication>
#include <QStringList>
#include <QtEndian>

#include "formats/HalfFloat.h"

// Every `y = a * q - b` below must round the product before the subtraction, as ggml's scalar
// reference does; sources.cmake compiles this file with -ffp-contract=off so that no compiler
// fuses them into one FMA (which would change the last bit of some values).

namespace headmap {
namespace {

constexpr int kQK = 32;    // QK4_0 = QK4_1 = QK5_0 = QK5_1 = QK8_0
constexpr int kQK_K = 256;  // QK_K, the super-block of the k-quants

// Block sizes and bytes from ggml.c's type_traits and the structs of ggml-common.h (checked
// there with static_asserts: e.g. block_q4_K = 2 halves + 12 scale bytes + 128 quant bytes).
constexpr GgmlTypeTraits kTypes[] = {
    {GgmlType::F32, "F32", 1, 4, true},          {GgmlType::F16, "F16", 1, 2, true},
    {GgmlType::Q4_0, "Q4_0", 32, 18, true},      {GgmlType::Q4_1, "Q4_1", 32, 20, true},
    {GgmlType::Q5_0, "Q5_0", 32, 22, true},      {GgmlType::Q5_1, "Q5_1", 32, 24, true},
    {GgmlType::Q8_0, "Q8_0", 32, 34, true},      {GgmlType::Q8_1, "Q8_1", 32, 36, false},
    {GgmlType::Q2_K, "Q2_K", 256, 84, true},     {GgmlType::Q3_K, "Q3_K", 256, 110, true},
    {GgmlType::Q4_K, "Q4_K", 256, 144, true},    {GgmlType::Q5_K, "Q5_K", 256, 176, true},
    {GgmlType::Q6_K, "Q6_K", 256, 210, true},    {GgmlType::Q8_K, "Q8_K", 256, 292, false},
    {GgmlType::IQ2_XXS, "IQ2_XXS", 256, 66, false}, {GgmlType::IQ2_XS, "IQ2_XS", 256, 74, false},
    {GgmlType::IQ3_XXS, "IQ3_XXS", 256, 98, false}, {GgmlType::IQ1_S, "IQ1_S", 256, 50, false},
    {GgmlType::IQ4_NL, "IQ4_NL", 32, 18, false}, {GgmlType::IQ3_S, "IQ3_S", 256, 110, false},
    {GgmlType::IQ2_S, "IQ2_S", 256, 82, false},  {GgmlType::IQ4_XS, "IQ4_XS", 256, 136, false},
    {GgmlType::I8, "I8", 1, 1, false},           {GgmlType::I16, "I16", 1, 2, false},
    {GgmlType::I32, "I32", 1, 4, false},         {GgmlType::I64, "I64", 1, 8, false},
    {GgmlType::F64, "F64", 1, 8, false},         {GgmlType::IQ1_M, "IQ1_M", 256, 56, false},
    {GgmlType::BF16, "BF16", 1, 2, true},        {GgmlType::TQ1_0, "TQ1_0", 256, 54, false},
    {GgmlType::TQ2_0, "TQ2_0", 256, 66, false},  {GgmlType::MXFP4, "MXFP4", 32, 17, true},
    {GgmlType::NVFP4, "NVFP4", 64, 36, false},   {GgmlType::Q1_0, "Q1_0", 128, 18, false},
    {GgmlType::Q2_0, "Q2_0", 64, 18, false},
};

float half(const uchar* bytes) {
    return halfToFloat(qFromLittleEndian<quint16>(bytes));
}

// block_q4_0 {half d; u8 qs[16]}: x = (nibble - 8) * d; low nibbles are elements 0-15.
void dequantizeQ4_0(const uchar* x, float* y, qint64 blocks) {
    for (qint64 i = 0; i < blocks; ++i, x += 18, y += kQK) {
        const float d = half(x);
        const uchar* qs = x + 2;
        for (int j = 0; j < kQK / 2; ++j) {
            y[j] = float((qs[j] & 0x0F) - 8) * d;
            y[j + kQK / 2] = float((qs[j] >> 4) - 8) * d;
        }
    }
}

// block_q4_1 {half d; half m; u8 qs[16]}: x = nibble * d + m.
void dequantizeQ4_1(const uchar* x, float* y, qint64 blocks) {
    for (qint64 i = 0; i < blocks; ++i, x += 20, y += kQK) {
        const float d = half(x);
        const float m = half(x + 2);
        const uchar* qs = x + 4;
        for (int j = 0; j < kQK / 2; ++j) {
            y[j] = float(qs[j] & 0x0F) * d + m;
            y[j + kQK / 2] = float(qs[j] >> 4) * d + m;
        }
    }
}

// block_q5_0 {half d; u8 qh[4]; u8 qs[16]}: the fifth bit of element j is bit j of qh (a
// little-endian u32); x = (q - 16) * d.
void dequantizeQ5_0(const uchar* x, float* y, qint64 blocks) {
    for (qint64 i = 0; i < blocks; ++i, x += 22, y += kQK) {
        const float d = half(x);
        const quint32 qh = qFromLittleEndian<quint32>(x + 2);
        const uchar* qs = x + 6;
        for (int j = 0; j < kQK / 2; ++j) {
            const int high0 = int(((qh >> j) << 4) & 0x10);
            const int high1 = int((qh >> (j + 12)) & 0x10);
            y[j] = float(((qs[j] & 0x0F) | high0) - 16) * d;
            y[j + kQK / 2] = float(((qs[j] >> 4) | high1) - 16) * d;
        }
    }
}

// block_q5_1 {half d; half m; u8 qh[4]; u8 qs[16]}: x = q * d + m.
void dequantizeQ5_1(const uchar* x, float* y, qint64 blocks) {
    for (qint64 i = 0; i < blocks; ++i, x += 24, y += kQK) {
        const float d = half(x);
        const float m = half(x + 2);
        const quint32 qh = qFromLittleEndian<quint32>(x + 4);
        const uchar* qs = x + 8;
        for (int j = 0; j < kQK / 2; ++j) {
            const int high0 = int(((qh >> j) << 4) & 0x10);
            const int high1 = int((qh >> (j + 12)) & 0x10);
            y[j] = float((qs[j] & 0x0F) | high0) * d + m;
            y[j + kQK / 2] = float((qs[j] >> 4) | high1) * d + m;
        }
    }
}

// block_q8_0 {half d; i8 qs[32]}: x = q * d.
void dequantizeQ8_0(const uchar* x, float* y, qint64 blocks) {
    for (qint64 i = 0; i < blocks; ++i, x += 34, y += kQK) {
        const float d = half(x);
        for (int j = 0; j < kQK; ++j)
            y[j] = float(qint8(x[2 + j])) * d;
    }
}

// block_q2_K {u8 scales[16]; u8 qs[64]; half d; half dmin}: 16 groups of 16; each scale byte
// holds a 4-bit scale (low) and a 4-bit min (high); x = d*sc * q - dmin*m.
void dequantizeQ2_K(const uchar* x, float* y, qint64 blocks) {
    for (qint64 i = 0; i < blocks; ++i, x += 84) {
        const uchar* scales = x;
        const uchar* q = x + 16;
        const float d = half(x + 80);
        const float min = half(x + 82);
        int is = 0;
        for (int n = 0; n < kQK_K; n += 128) {
            int shift = 0;
            for (int j = 0; j < 4; ++j) {
                for (int half16 = 0; half16 < 2; ++half16) {
                    const uchar sc = scales[is++];
                    const float dl = d * float(sc & 0xF);
                    const float ml = min * float(sc >> 4);
                    for (int l = 0; l < 16; ++l)
                        *y++ = dl * float((q[l + 16 * half16] >> shift) & 3) - ml;
                }
                shift += 2;
            }
            q += 32;
        }
    }
}

// block_q3_K {u8 hmask[32]; u8 qs[64]; u8 scales[12]; half d}: 16 six-bit scales packed in 12
// bytes (unpacked exactly as the reference does, through four little-endian u32); a quant is
// its 2 low bits minus 4 when its hmask bit is clear; x = d * (scale - 32) * q.
void dequantizeQ3_K(const uchar* x, float* y, qint64 blocks) {
    constexpr quint32 kMask1 = 0x03030303;
    constexpr quint32 kMask2 = 0x0f0f0f0f;
    for (qint64 i = 0; i < blocks; ++i, x += 110) {
        const uchar* hm = x;
        const uchar* q = x + 32;
        const float dAll = half(x + 108);
        quint32 aux[4] = {qFromLittleEndian<quint32>(x + 96), qFromLittleEndian<quint32>(x + 100),
                          qFromLittleEndian<quint32>(x + 104), 0};
        const quint32 tmp = aux[2];
        aux[2] = ((aux[0] >> 4) & kMask2) | (((tmp >> 4) & kMask1) << 4);
        aux[3] = ((aux[1] >> 4) & kMask2) | (((tmp >> 6) & kMask1) << 4);
        aux[0] = (aux[0] & kMask2) | (((tmp >> 0) & kMask1) << 4);
        aux[1] = (aux[1] & kMask2) | (((tmp >> 2) & kMask1) << 4);
        qint8 scales[16];
        for (int s = 0; s < 16; ++s)
            scales[s] = qint8(quint8(aux[s / 4] >> (8 * (s % 4))));

        int is = 0;
        uchar m = 1;
        for (int n = 0; n < kQK_K; n += 128) {
            int shift = 0;
            for (int j = 0; j < 4; ++j) {
                for (int half16 = 0; half16 < 2; ++half16) {
                    const float dl = dAll * float(scales[is++] - 32);
                    for (int l = 16 * half16; l < 16 * half16 + 16; ++l)
                        *y++ = dl * float(((q[l] >> shift) & 3) - ((hm[l] & m) ? 0 : 4));
                }
                shift += 2;
                m = uchar(m << 1);
            }
            q += 32;
        }
    }
}

// get_scale_min_k4 of ggml-quants.c: eight 6-bit scales and eight 6-bit mins in 12 bytes.
void scaleMinK4(int j, const uchar* q, uchar* scale, uchar* min) {
    if (j < 4) {
        *scale = q[j] & 63;
        *min = q[j + 4] & 63;
    } else {
        *scale = uchar((q[j + 4] & 0xF) | ((q[j - 4] >> 6) << 4));
        *min = uchar((q[j + 4] >> 4) | ((q[j - 0] >> 6) << 4));
    }
}

// block_q4_K {half d; half dmin; u8 scales[12]; u8 qs[128]}: 8 groups of 32;
// x = d*sc * q - dmin*m.
void dequantizeQ4_K(const uchar* x, float* y, qint64 blocks) {
    for (qint64 i = 0; i < blocks; ++i, x += 144) {
        const float d = half(x);
        const float min = half(x + 2);
        const uchar* scales = x + 4;
        const uchar* q = x + 16;
        for (int j = 0, is = 0; j < kQK_K; j += 64, q += 32, is += 2) {
            uchar sc, m;
            scaleMinK4(is, scales, &sc, &m);
            const float d1 = d * float(sc), m1 = min * float(m);
            scaleMinK4(is + 1, scales, &sc, &m);
            const float d2 = d * float(sc), m2 = min * float(m);
            for (int l = 0; l < 32; ++l)
                *y++ = d1 * float(q[l] & 0xF) - m1;
            for (int l = 0; l < 32; ++l)
                *y++ = d2 * float(q[l] >> 4) - m2;
        }
    }
}

// block_q5_K {half d; half dmin; u8 scales[12]; u8 qh[32]; u8 qs[128]}: Q4_K plus a fifth bit.
void dequantizeQ5_K(const uchar* x, float* y, qint64 blocks) {
    for (qint64 i = 0; i < blocks; ++i, x += 176) {
        const float d = half(x);
        const float min = half(x + 2);
        const uchar* scales = x + 4;
        const uchar* qh = x + 16;
        const uchar* ql = x + 48;
        uchar u1 = 1, u2 = 2;
        for (int j = 0, is = 0; j < kQK_K; j += 64, ql += 32, is += 2) {
            uchar sc, m;
            scaleMinK4(is, scales, &sc, &m);
            const float d1 = d * float(sc), m1 = min * float(m);
            scaleMinK4(is + 1, scales, &sc, &m);
            const float d2 = d * float(sc), m2 = min * float(m);
            for (int l = 0; l < 32; ++l)
                *y++ = d1 * float((ql[l] & 0xF) + ((qh[l] & u1) ? 16 : 0)) - m1;
            for (int l = 0; l < 32; ++l)
                *y++ = d2 * float((ql[l] >> 4) + ((qh[l] & u2) ? 16 : 0)) - m2;
            u1 = uchar(u1 << 2);
            u2 = uchar(u2 << 2);
        }
    }
}

// block_q6_K {u8 ql[128]; u8 qh[64]; i8 scales[16]; half d}: x = d * scale * (q - 32).
void dequantizeQ6_K(const uchar* x, float* y, qint64 blocks) {
    for (qint64 i = 0; i < blocks; ++i, x += 210) {
        const uchar* ql = x;
        const uchar* qh = x + 128;
        const uchar* sc = x + 192;
        const float d = half(x + 208);
        for (int n = 0; n < kQK_K; n += 128, y += 128, ql += 64, qh += 32, sc += 8) {
            for (int l = 0; l < 32; ++l) {
                const int is = l / 16;
                const int q1 = ((ql[l + 0] & 0xF) | (((qh[l] >> 0) & 3) << 4)) - 32;
                const int q2 = ((ql[l + 32] & 0xF) | (((qh[l] >> 2) & 3) << 4)) - 32;
                const int q3 = ((ql[l + 0] >> 4) | (((qh[l] >> 4) & 3) << 4)) - 32;
                const int q4 = ((ql[l + 32] >> 4) | (((qh[l] >> 6) & 3) << 4)) - 32;
                y[l + 0] = d * float(qint8(sc[is + 0])) * float(q1);
                y[l + 32] = d * float(qint8(sc[is + 2])) * float(q2);
                y[l + 64] = d * float(qint8(sc[is + 4])) * float(q3);
                y[l + 96] = d * float(qint8(sc[is + 6])) * float(q4);
            }
        }
    }
}

// block_mxfp4 {u8 e; u8 qs[16]} (gpt-oss's experts): e is an E8M0 exponent, d = 2^(e - 128)
// (GGML_E8M0_TO_FP32_HALF); kvalues_mxfp4 holds the FP4 E2M1 values doubled, so
// x = kvalues[nibble] * d = FP4[nibble] * 2^(e - 127), exactly. Low nibbles are elements 0-15,
// high nibbles 16-31 (dequantize_row_mxfp4), unlike the Hub's interleaved order (formats/Mxfp4.h).
void dequantizeMxfp4(const uchar* x, float* y, qint64 blocks) {
    static constexpr float kValues[16] = {0, 1, 2, 3, 4, 6, 8, 12, 0, -1, -2, -3, -4, -6, -8, -12};
    for (qint64 i = 0; i < blocks; ++i, x += 17, y += kQK) {
        // e < 2 gives a subnormal, which ggml builds from bits (0x00200000 << e): the same power.
        const float d = std::ldexp(1.0f, int(x[0]) - 128);
        const uchar* qs = x + 1;
        for (int j = 0; j < kQK / 2; ++j) {
            y[j] = kValues[qs[j] & 0x0F] * d;
            y[j + kQK / 2] = kValues[qs[j] >> 4] * d;
        }
    }
}

}  // namespace

const GgmlTypeTraits* ggmlTypeTraits(quint32 typeId) {
    for (const GgmlTypeTraits& traits : kTypes)
        if (quint32(traits.type) == typeId)
            return &traits;
    return nullptr;
}

QString ggmlTypeName(quint32 typeId) {
    const GgmlTypeTraits* traits = ggmlTypeTraits(typeId);
    return traits ? QString::fromLatin1(traits->name)
                  : QCoreApplication::translate("Engine", "unknown type %1").arg(typeId);
}

QString dequantizableTypeNames() {
    QStringList names;
    for (const GgmlTypeTraits& traits : kTypes)
        if (traits.dequantizable)
            names << QString::fromLatin1(traits.name);
    return names.join(QStringLiteral(", "));
}

void dequantizeRow(GgmlType type, const uchar* blocks, float* out, qint64 count) {
    const GgmlTypeTraits* traits = ggmlTypeTraits(quint32(type));
    Q_ASSERT(traits && traits->dequantizable && count % traits->blockSize == 0);
    const qint64 n = count / traits->blockSize;
    switch (type) {
    case GgmlType::F32:
        for (qint64 i = 0; i < n; ++i)
            out[i] = floatFromBits(qFromLittleEndian<quint32>(blocks + 4 * i));
        return;
    case GgmlType::F16:
        for (qint64 i = 0; i < n; ++i)
            out[i] = halfToFloat(qFromLittleEndian<quint16>(blocks + 2 * i));
        return;
    case GgmlType::BF16:
        for (qint64 i = 0; i < n; ++i)
            out[i] = bfloat16ToFloat(qFromLittleEndian<quint16>(blocks + 2 * i));
        return;
    case GgmlType::Q4_0: dequantizeQ4_0(blocks, out, n); return;
    case GgmlType::Q4_1: dequantizeQ4_1(blocks, out, n); return;
    case GgmlType::Q5_0: dequantizeQ5_0(blocks, out, n); return;
    case GgmlType::Q5_1: dequantizeQ5_1(blocks, out, n); return;
    case GgmlType::Q8_0: dequantizeQ8_0(blocks, out, n); return;
    case GgmlType::Q2_K: dequantizeQ2_K(blocks, out, n); return;
    case GgmlType::Q3_K: dequantizeQ3_K(blocks, out, n); return;
    case GgmlType::Q4_K: dequantizeQ4_K(blocks, out, n); return;
    case GgmlType::Q5_K: dequantizeQ5_K(blocks, out, n); return;
    case GgmlType::Q6_K: dequantizeQ6_K(blocks, out, n); return;
    case GgmlType::MXFP4: dequantizeMxfp4(blocks, out, n); return;
    default: break;
    }
    Q_ASSERT_X(false, "dequantizeRow", "type is not dequantizable");
}

}  // namespace headmap
