// tokenizer.json (tokenizers/TokenizerJsonLoader.h): loaded, then encoding checked against the
// promises of model/Tokenizer.h (TokenizerChecks.h).

#include "FuzzSupport.h"
#include "TokenizerChecks.h"
#include "tokenizers/TokenizerJsonLoader.h"

using namespace headmap;
using namespace headmap::fuzz;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    const QByteArray input = inputBytes(data, size);
    const QString path = writeScratchFile(QStringLiteral("tokenizer.json"), input);
    std::unique_ptr<HfTokenizer> tokenizer;
    if (acceptsOrRefusesCleanly("loadTokenizerJson", [&] { tokenizer = loadTokenizerJson(path); }))
        checkTokenizer("tokenizer.json", *tokenizer, input);
    return 0;
}
