#pragma once
// The name of a GGUF file's `general.file_type`: the number llama.cpp's quantiser writes, one
// of `enum llama_ftype` in llama.cpp's include/llama.h, named the way llama.cpp, Ollama and
// the files on the Hub name them ("Q4_K_M", "Q8_0", "F16"). The file type says how most of
// the weights are stored; single tensors may differ (norms stay F32).

#include <QString>

namespace headmap {

// "Q4_K_M" for 15, "F32" for 0 (LLAMA_FTYPE_ALL_F32); "file type 99" for numbers llama.cpp
// does not define (or no longer writes). LLAMA_FTYPE_GUESSED (1024) adds " (guessed)".
QString llamaFileTypeName(quint64 fileType);

}  // namespace headmap
