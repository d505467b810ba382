// vocab.json + merges.txt, GPT-2's byte-level BPE files (tokenizers/LegacyTokenizerFiles.h).
// One input holds both: vocab.json, a line "#merges.txt", then merges.txt. The model type
// alternates between gpt2 and roberta (their special tokens and post-processing differ) with
// the input's length. Encoding checked as in TokenizerChecks.h.

#include "FuzzSupport.h"
#include "TokenizerChecks.h"
#include "tokenizers/LegacyTokenizerFiles.h"

using namespace headmap;
using namespace headmap::fuzz;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    const QByteArray input = inputBytes(data, size);
    const auto [vocab, merges] = splitAt(input, QByteArrayLiteral("\n#merges.txt\n"));
    writeScratchFile(QStringLiteral("bpe/vocab.json"), vocab);
    writeScratchFile(QStringLiteral("bpe/merges.txt"), merges);
    const QString folder = scratchFolder() + QStringLiteral("/bpe");
    const QString modelType = size % 2 ? QStringLiteral("roberta") : QStringLiteral("gpt2");
    std::unique_ptr<HfTokenizer> tokenizer;
    if (acceptsOrRefusesCleanly("loadLegacyTokenizer (vocab.json + merges.txt)", [&] {
            tokenizer = loadLegacyTokenizer(folder, TokenizerLoadOptions{modelType});
        })) {
        require(tokenizer != nullptr, "loadLegacyTokenizer", "a folder with vocab.json + merges.txt gave no tokenizer");
        checkTokenizer("vocab.json + merges.txt", *tokenizer, input);
    }
    return 0;
}
