// Dequantisation of ggml blocks (formats/GgmlQuants.h): the first byte picks one of the
// dequantisable types, the rest is as many whole blocks of it as fit. Every bit pattern of a
// block is valid input (scales, signs, nibbles), so this checks only for reads outside the
// blocks, writes outside the floats, and undefined behaviour (shifts, overflow) in the decoders.

#include <vector>

#include "FuzzSupport.h"
#include "formats/GgmlQuants.h"

using namespace headmap;
using namespace headmap::fuzz;

namespace {

std::vector<const GgmlTypeTraits*> dequantizableTypes() {
    std::vector<const GgmlTypeTraits*> types;
    for (quint32 id = 0; id < 64; ++id)
        if (const GgmlTypeTraits* traits = ggmlTypeTraits(id); traits && traits->dequantizable)
            types.push_back(traits);
    require(!types.empty(), "ggml_dequant", "no dequantisable type");
    return types;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    static const std::vector<const GgmlTypeTraits*> types = dequantizableTypes();
    if (size < 1)
        return 0;
    const GgmlTypeTraits& traits = *types[data[0] % types.size()];
    const qint64 blocks = qint64(size - 1) / traits.blockBytes;
    // The blocks in a buffer of their exact size, so that AddressSanitizer flags a read past them.
    const std::vector<uchar> bytes(data + 1, data + 1 + blocks * traits.blockBytes);
    std::vector<float> out(size_t(blocks * traits.blockSize));
    dequantizeRow(traits.type, bytes.data(), out.data(), qint64(out.size()));
    return 0;
}
