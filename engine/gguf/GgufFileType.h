#pragma once
// What ModelSummary::quantization says for a GGUF file: llama.cpp's name of `general.file_type`
// (enum llama_ftype in include/llama.h, printed without the "MOSTLY_" prefix: "Q4_K_M", "Q8_0"),
// or, when a file does not say, the type holding most of the weight bytes. Empty for files whose
// weights are all F32, F16 or BF16: those are exact.

#include <QString>

namespace headmap {

class GgufFile;

QString ggufQuantization(const GgufFile& file);
// llama.cpp's name for a llama_ftype number; empty for the float types and unknown numbers.
QString ggufFileTypeName(quint64 fileType);

}  // namespace headmap
