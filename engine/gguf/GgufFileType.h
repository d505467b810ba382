#pragma once
// What ModelSummary::quantization says for a GGUF file: llama.cpp's name of `general.file_type`
// (enum llama_ftype in include/llama.h, printed without the "MOSTLY_" prefix: "Q4_K_M", "Q8_0"),
// or, when a file does not say, the type holding most of the weight bytes. Empty for files whose
// weights are all F32, F16 or BF16: those are exact.

#include <QString>

namespace headmap {

class GgufFile;

QString ggufQuantization(const GgufFile& file);
// The one table of enum llama_ftype names, as llama.cpp, Ollama and the Hub name files ("Q4_K_M"
// for 15, "F32" for 0, "F16", "BF16"); "file type 99" for numbers llama.cpp does not define (or
// no longer writes). LLAMA_FTYPE_GUESSED (1024) adds " (guessed)". Listings use it.
QString llamaFileTypeName(quint64 fileType);
// llama.cpp's name for a llama_ftype number; empty for the float types and unknown numbers.
QString ggufFileTypeName(quint64 fileType);

}  // namespace headmap
