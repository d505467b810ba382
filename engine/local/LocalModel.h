#pragma once
// A GGUF model that another program (Ollama, LM Studio) has already downloaded onto this
// machine, as Headmap lists it: the spec that opens it, the file, and what the file's header
// says. Listing reads headers only (GgufFile maps the file and validates everything before
// the tensor data); nothing is dequantised.

#include <QList>
#include <QString>

namespace headmap {

struct LocalModel {
    QString spec;          // "ollama:qwen2.5:0.5b", "lmstudio:publisher/model/file.gguf"
    QString alias;         // a shorter spec naming the same file ("lmstudio:publisher/model"); may be empty
    QString path;          // the .gguf file (for Ollama, the blob); empty when there is none
    qint64 sizeBytes = -1; // -1 when there is no file
    QString architecture;  // general.architecture ("qwen2")
    QString quantization;  // general.file_type's name ("Q4_K_M"); empty when the file has none
    QString error;         // why the model cannot be opened; empty when its header is valid

    bool usable() const { return error.isEmpty(); }
};

// Fills sizeBytes, architecture and quantization from the GGUF header at model.path; a file
// that cannot be read or is not valid GGUF sets model.error instead. Never throws.
void describeGgufFile(LocalModel& model);

// "397.8 MB", "1.2 GB", "812 bytes": for listings.
QString readableSize(qint64 bytes);

}  // namespace headmap
