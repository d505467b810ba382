#pragma once
// Everything in a GGUF file before the tensor data, parsed and validated on its own so that no
// tensor byte is looked at before every key and tensor info has been checked against the size
// of the file. Internal to engine/formats: GgufFile is the public face.

#include <vector>

#include <QString>

#include "formats/GgufFile.h"

namespace headmap {

struct GgufHeader {
    quint32 version = 0;
    quint32 alignment = GgufFile::kDefaultAlignment;
    qint64 dataStart = 0;                 // file offset of the data section
    GgufMetadata metadata;
    std::vector<GgufTensorInfo> tensors;  // in the order of the tensor infos
};

// Parses the `size` bytes at `bytes` (the whole mapped file). Throws ModelError whose message
// starts with "GGUF file 'PATH':".
GgufHeader parseGgufHeader(const QString& path, const uchar* bytes, qint64 size);

}  // namespace headmap
