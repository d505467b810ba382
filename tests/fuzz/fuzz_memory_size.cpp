// headmap-cli --weight-memory SIZE and the settings' budget (model/ConvertedWeightBudget.h):
// any text is either refused (empty) or a size within [0, 2^62] bytes that, written back as a
// plain byte count, parses to itself; memorySizeText never fails on it.

#include "FuzzSupport.h"
#include "model/ConvertedWeightBudget.h"

using namespace headmap;
using namespace headmap::fuzz;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    const QString text = QString::fromUtf8(inputBytes(data, size));
    const std::optional<qint64> bytes = parseMemorySize(text);
    if (!bytes)
        return 0;
    require(*bytes >= 0 && *bytes <= (qint64(1) << 62), "parseMemorySize", "a size outside [0, 2^62] bytes");
    require(parseMemorySize(QString::number(*bytes)) == bytes, "parseMemorySize",
            "the size written as a byte count does not parse to itself");
    require(!memorySizeText(*bytes).isEmpty(), "memorySizeText", "no text for a size");
    return 0;
}
