// A GGUF file (formats/GgufFile.h): header, typed metadata, tensor table and data, then the
// decoder settings read from its metadata (gguf/GgufDecoderConfig.h). An accepted file promises
// (or, for llama.cpp's t5 files, the encoder–decoder settings and tensor names of
// gguf/GgufSeq2SeqConfig.h). An accepted file promises
// that every tensor is aligned and lies inside the data section with the byte size of its type,
// and that each dequantisable tensor converts to elementCount() floats (read here, so
// AddressSanitizer sees any read past the mapping).

#include <vector>

#include "FuzzSupport.h"
#include "formats/GgufFile.h"
#include "gguf/GgufDecoderConfig.h"
#include "gguf/GgufSeq2SeqConfig.h"
#include "hf/FamilyTraits.h"

using namespace headmap;
using namespace headmap::fuzz;

namespace {

void checkTensors(const GgufFile& file, qint64 fileSize) {
    require(file.dataStart() <= fileSize, "GgufFile", "the data section starts past the end of the file");
    require(file.alignment() > 0 && (file.alignment() & (file.alignment() - 1)) == 0, "GgufFile",
            "accepted an alignment that is not a power of two");
    // ggml pads to the alignment only when there is tensor data to align (GgufHeader.cpp).
    require(file.tensorNames().isEmpty() || file.dataStart() % file.alignment() == 0, "GgufFile",
            "the data section of a file with tensors is not aligned");
    for (const QString& name : file.tensorNames()) {
        const GgufTensorInfo* info = file.info(name);
        require(info != nullptr, "GgufFile", "a listed tensor has no info");
        require(info->offset >= 0 && info->offset % file.alignment() == 0, "GgufFile",
                "accepted a tensor offset that is not aligned");
        require(info->byteSize >= 0 && file.dataStart() + info->offset + info->byteSize <= fileSize, "GgufFile",
                "accepted a tensor outside the file");
        const GgmlTypeTraits* traits = ggmlTypeTraits(info->typeId);
        require(traits != nullptr, "GgufFile", "accepted an unknown tensor type");
        require(info->elementCount() % traits->blockSize == 0 &&
                    info->byteSize == info->elementCount() / traits->blockSize * traits->blockBytes,
                "GgufFile", "accepted a byte size that does not match the type");
        require(file.rawBytes(name) != nullptr || info->byteSize == 0, "GgufFile", "no bytes for a tensor");
        const bool converted = acceptsOrRefusesCleanly("GgufFile::floats", [&] {
            const std::vector<float> values = file.floats(name);
            require(qint64(values.size()) == info->elementCount(), "GgufFile::floats", "wrong element count");
        });
        require(converted || !traits->dequantizable, "GgufFile::floats", "refused a dequantisable tensor");
    }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    const QString path = writeScratchFile(QStringLiteral("model.gguf"), inputBytes(data, size));
    acceptsOrRefusesCleanly("GgufFile", [&] {
        const GgufFile file(path);
        require(file.version() == 2 || file.version() == 3, "GgufFile", "accepted an unknown version");
        const GgufMetadata& metadata = file.metadata();
        require(metadata.size() == metadata.keys().size(), "GgufMetadata", "keys and values differ in number");
        for (const QString& key : metadata.keys())
            metadata.value(key).typeText();
        checkTensors(file, qint64(size));
        acceptsOrRefusesCleanly("ggufDecoderConfig", [&] { ggufDecoderConfig(file); });
        const FamilyTraits* family = findFamilyByGguf(metadata.string(QStringLiteral("general.architecture"), QString()));
        if (family && family->isEncoderDecoder())
            acceptsOrRefusesCleanly("ggufSeq2SeqConfig", [&] {
                const Seq2SeqConfig config = ggufSeq2SeqConfig(file, *family);
                require(config.dModel > 0 && config.headDim > 0 && config.vocabSize > 0 &&
                            config.relativeMaxDistance > config.relativeBuckets / 4,
                        "ggufSeq2SeqConfig", "accepted sizes it cannot run");
                require(!ggufSeq2SeqTensorMappings(config, *family, file).empty(), "ggufSeq2SeqTensorMappings",
                        "no tensors for an accepted config");
            });
    });
    return 0;
}
