#pragma once
// IEEE 754 binary16 (F16) and bfloat16 (BF16) to binary32, bit-exact. Written out by hand rather
// than through the compiler's _Float16 or F16C intrinsics so the result does not depend on the
// build machine: every half value, including subnormals, infinities and NaN payloads, has exactly
// one F32 image.

#include <cstring>

#include <QtGlobal>

namespace headmap {

inline float floatFromBits(quint32 bits) {
    float value;
    std::memcpy(&value, &bits, sizeof value);
    return value;
}

inline float halfToFloat(quint16 half) {
    const quint32 sign = quint32(half & 0x8000u) << 16;
    const quint32 exponent = (half >> 10) & 0x1fu;
    quint32 mantissa = half & 0x3ffu;

    if (exponent == 0x1f)  // inf or NaN: keep the payload (and so the quiet bit) in the top bits
        return floatFromBits(sign | 0x7f800000u | (mantissa << 13));
    if (exponent != 0)     // normal: rebias 15 -> 127
        return floatFromBits(sign | ((exponent + 112) << 23) | (mantissa << 13));
    if (mantissa == 0)     // ±0
        return floatFromBits(sign);

    // Subnormal half: mantissa × 2^-24. Every one is a normal F32; shift the leading 1 up to the
    // implicit-bit position (bit 10) and lower the exponent once per shift. 113 = 127 - 14.
    quint32 floatExponent = 113;
    while ((mantissa & 0x400u) == 0) {
        mantissa <<= 1;
        --floatExponent;
    }
    mantissa &= 0x3ffu;
    return floatFromBits(sign | (floatExponent << 23) | (mantissa << 13));
}

// bfloat16 is the upper half of an F32, so widening is a shift.
inline float bfloat16ToFloat(quint16 value) {
    return floatFromBits(quint32(value) << 16);
}

}  // namespace headmap
