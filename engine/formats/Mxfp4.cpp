#include "formats/Mxfp4.h"

#include <cmath>

namespace headmap {
namespace {

// integrations/mxfp4.py FP4_VALUES
constexpr float kFp4Values[16] = {+0.0f, +0.5f, +1.0f, +1.5f, +2.0f, +3.0f, +4.0f, +6.0f,
                                  -0.0f, -0.5f, -1.0f, -1.5f, -2.0f, -3.0f, -4.0f, -6.0f};

}  // namespace

void dequantizeMxfp4(const uchar* blocks, const uchar* scales, qint64 rows, int groups, float* out) {
    for (qint64 r = 0; r < rows; ++r)
        for (int g = 0; g < groups; ++g) {
            const qint64 group = r * groups + g;
            const int exponent = int(scales[group]) - 127;
            const uchar* block = blocks + group * kMxfp4BlockBytes;
            float* values = out + group * kMxfp4BlockValues;
            for (int b = 0; b < kMxfp4BlockBytes; ++b) {
                // sub[:, 0::2] = lut[blk & 0x0F]; sub[:, 1::2] = lut[blk >> 4]
                values[2 * b] = std::ldexp(kFp4Values[block[b] & 0x0F], exponent);
                values[2 * b + 1] = std::ldexp(kFp4Values[block[b] >> 4], exponent);
            }
        }
}

}  // namespace headmap
