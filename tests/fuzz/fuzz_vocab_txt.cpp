// vocab.txt, BERT's WordPiece vocabulary (tokenizers/LegacyTokenizerFiles.h), alone in a folder
// as transformers' BertTokenizer reads it; encoding checked as in TokenizerChecks.h.

#include "FuzzSupport.h"
#include "TokenizerChecks.h"
#include "tokenizers/LegacyTokenizerFiles.h"

using namespace headmap;
using namespace headmap::fuzz;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    const QByteArray input = inputBytes(data, size);
    writeScratchFile(QStringLiteral("wordpiece/vocab.txt"), input);
    const QString folder = scratchFolder() + QStringLiteral("/wordpiece");
    std::unique_ptr<HfTokenizer> tokenizer;
    if (acceptsOrRefusesCleanly("loadLegacyTokenizer (vocab.txt)", [&] {
            tokenizer = loadLegacyTokenizer(folder, TokenizerLoadOptions{QStringLiteral("bert")});
        })) {
        require(tokenizer != nullptr, "loadLegacyTokenizer", "a folder with vocab.txt gave no tokenizer");
        checkTokenizer("vocab.txt", *tokenizer, input);
    }
    return 0;
}
