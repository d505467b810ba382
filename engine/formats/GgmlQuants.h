#pragma once
// The tensor types of ggml (the storage types of GGUF files) and block dequantisation to F32.
//
// A ggml tensor of `n` elements along ne[0] is stored as n / blockSize blocks of blockBytes
// bytes; each block decodes to blockSize consecutive floats. Every type ggml defines is known
// here (so a file's byte sizes can be checked whatever it holds), but only the types that
// real Q4_K_M/Q5_K_M/Q6_K/Q8_0/F16 models contain can be dequantised: F32, F16, BF16, Q8_0,
// Q4_0, Q4_1, Q5_0, Q5_1, Q2_K, Q3_K, Q4_K, Q5_K, Q6_K, and MXFP4 (gpt-oss's experts).
//
// Written from ggml's format description: the block structs of ggml/src/ggml-common.h and the
// reference `dequantize_row_*` functions of ggml/src/ggml-quants.c (ggml-org/ggml, 2026). The
// arithmetic is that of the reference functions, in float, in the same order, so the results
// are bit-identical to llama.cpp's scalar path.

#include <QString>
#include <QtGlobal>

namespace headmap {

// The numbers are those of `enum ggml_type` (ggml.h); they are what a GGUF file stores.
enum class GgmlType : quint32 {
    F32 = 0, F16 = 1, Q4_0 = 2, Q4_1 = 3, Q5_0 = 6, Q5_1 = 7, Q8_0 = 8, Q8_1 = 9,
    Q2_K = 10, Q3_K = 11, Q4_K = 12, Q5_K = 13, Q6_K = 14, Q8_K = 15,
    IQ2_XXS = 16, IQ2_XS = 17, IQ3_XXS = 18, IQ1_S = 19, IQ4_NL = 20, IQ3_S = 21, IQ2_S = 22,
    IQ4_XS = 23, I8 = 24, I16 = 25, I32 = 26, I64 = 27, F64 = 28, IQ1_M = 29, BF16 = 30,
    TQ1_0 = 34, TQ2_0 = 35, MXFP4 = 39, NVFP4 = 40, Q1_0 = 41, Q2_0 = 42,
};

struct GgmlTypeTraits {
    GgmlType type;
    const char* name;    // as llama.cpp prints it in file type names: "Q4_K", "BF16"
    int blockSize;       // elements per block
    int blockBytes;      // bytes per block
    bool dequantizable;  // dequantizeRow() handles it
};

// The traits of a type number read from a file; nullptr for numbers ggml does not define
// (4 and 5 were removed; 31-33 and 36-38 are runtime repackings never written to files).
const GgmlTypeTraits* ggmlTypeTraits(quint32 typeId);

// "Q4_K", or "unknown type 77".
QString ggmlTypeName(quint32 typeId);

// The names of the dequantisable types, for error messages: "F32, F16, BF16, Q8_0, ...".
QString dequantizableTypeNames();

// Decodes `count` elements (a multiple of the type's block size) from `blocks`, which holds
// count / blockSize × blockBytes bytes, into `out`. `type` must be dequantizable; the caller
// (GgufFile) has checked both, so this only asserts.
void dequantizeRow(GgmlType type, const uchar* blocks, float* out, qint64 count);

}  // namespace headmap
