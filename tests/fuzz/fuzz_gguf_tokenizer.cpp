// The tokenizer a GGUF file describes in its tokenizer.ggml.* metadata
// (tokenizers/GgufTokenizer.h), from the header parsed in memory (formats/GgufHeader.h, no
// file); encoding checked against the promises of model/Tokenizer.h (TokenizerChecks.h).

#include "FuzzSupport.h"
#include "TokenizerChecks.h"
#include "formats/GgufHeader.h"
#include "tokenizers/GgufTokenizer.h"

using namespace headmap;
using namespace headmap::fuzz;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    const QString path = QStringLiteral("fuzz.gguf");
    GgufHeader header;
    if (!acceptsOrRefusesCleanly("parseGgufHeader", [&] { header = parseGgufHeader(path, data, qint64(size)); }))
        return 0;
    std::unique_ptr<Tokenizer> tokenizer;
    if (acceptsOrRefusesCleanly("loadGgufTokenizer", [&] { tokenizer = loadGgufTokenizer(header.metadata, path); }))
        checkTokenizer("GGUF tokenizer", *tokenizer, inputBytes(data, size).right(512));
    return 0;
}
