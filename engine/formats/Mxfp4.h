#pragma once
// MXFP4 (OCP microscaling FP4), as gpt-oss's checkpoints store their expert weights and
// transformers' integrations/mxfp4.py (convert_moe_packed_tensors) dequantises them: a row of
// `groups` blocks, each 16 bytes = 32 FP4 E2M1 codes (the low nibble first, then the high one)
// sharing one U8 scale, the power of two 2^(scale − 127). Code c is FP4_VALUES[c]:
// +0, 0.5, 1, 1.5, 2, 3, 4, 6, then the same negated.

#include <QtGlobal>

namespace headmap {

constexpr int kMxfp4BlockBytes = 16;  // 32 values per block
constexpr int kMxfp4BlockValues = 32;

// blocks: (rows, groups, 16) bytes; scales: (rows, groups) bytes; out: (rows, groups·32) floats,
// each value exactly lut[code] · 2^(scale − 127) (ldexp), as transformers computes it (its
// bfloat16 result holds these values exactly in the range gpt-oss's scales take).
void dequantizeMxfp4(const uchar* blocks, const uchar* scales, qint64 rows, int groups, float* out);

}  // namespace headmap
