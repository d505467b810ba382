// A .safetensors file (formats/SafetensorsFile.h): the 8-byte header length, the JSON header and
// the data area. An accepted file promises that every tensor lies inside the data area with
// product(shape) × dtype size bytes, and that floats() gives that many readable values for the
// float types (read here, so AddressSanitizer sees any read past the mapping).

#include <cstring>

#include "FuzzSupport.h"
#include "formats/SafetensorsFile.h"
#include "formats/SafetensorsHeader.h"

using namespace headmap;
using namespace headmap::fuzz;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    const QByteArray input = inputBytes(data, size);
    const QString path = writeScratchFile(QStringLiteral("model.safetensors"), input);
    acceptsOrRefusesCleanly("SafetensorsFile", [&] {
        const SafetensorsFile file(path);
        quint64 headerBytes = 0;
        require(size >= 8, "SafetensorsFile", "accepted a file shorter than its length prefix");
        std::memcpy(&headerBytes, data, 8);  // little-endian, as the machines Headmap runs on
        const qint64 dataBytes = qint64(size) - 8 - qint64(headerBytes);
        require(headerBytes <= quint64(size) && dataBytes >= 0, "SafetensorsFile",
                "accepted a header longer than the file");
        for (const QString& name : file.tensorNames()) {
            const TensorInfo* info = file.info(name);
            require(info != nullptr, "SafetensorsFile", "a listed tensor has no info");
            qint64 count = 0;
            require(checkedElementCount(info->shape, &count) && count == info->elementCount(),
                    "SafetensorsFile", "accepted a shape whose element count overflows");
            require(0 <= info->begin && info->begin <= info->end && info->end <= dataBytes,
                    "SafetensorsFile", "accepted a tensor outside the data area");
            require(info->end - info->begin == count * dtypeSize(info->dtype), "SafetensorsFile",
                    "accepted a tensor whose byte length is not product(shape) x dtype size");
            const bool isFloat = info->dtype == TensorDType::F32 || info->dtype == TensorDType::F16 ||
                                 info->dtype == TensorDType::BF16;
            const bool converted = acceptsOrRefusesCleanly("SafetensorsFile::floats", [&] {
                const float* values = file.floats(name);
                volatile float sum = 0;
                for (qint64 i = 0; i < count; ++i)
                    sum = sum + values[i];
            });
            require(converted || !isFloat, "SafetensorsFile::floats", "refused an F32/F16/BF16 tensor");
        }
    });
    return 0;
}
