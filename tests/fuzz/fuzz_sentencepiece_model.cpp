// A SentencePiece .model file (tokenizers/SentencePieceFile: SentencePieceModelCheck, then
// Debian's libsentencepiece): whatever the bytes, loading ends in a model or a clean ModelError.
// A model that loads names each of its ids with a piece, and then serves as both models of a
// Marian tokenizer (tokenizers/MarianTokenizer) whose vocab.json is made of its own pieces in
// Marian's order, every seventh left out so that some pieces become <unk>: encoding checked as
// in TokenizerChecks.h on the source side, and on the target side encode → fromTargetIds names
// the same pieces and decodeTarget takes every id it gave.
//
// The library itself is not instrumented (a Debian build), so AddressSanitizer sees only what
// reaches our code and libFuzzer steers by our branches; a read far outside the library's buffers
// still ends the run with a crash, which is what the check exists to prevent.

#include "FuzzSupport.h"
#include "TokenizerChecks.h"
#include "core/HeadmapError.h"
#include "tokenizers/MarianTokenizer.h"
#include "tokenizers/SentencePieceFile.h"

using namespace headmap;
using namespace headmap::fuzz;

namespace {

const QString kFuzzModelPath = QStringLiteral("fuzz/source.spm");

AddedToken marianSpecial(const QString& content, int id) {
    AddedToken token;
    token.content = content;
    token.id = id;
    token.special = true;
    token.normalized = false;
    return token;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    const QByteArray input = inputBytes(data, size);
    MarianTokenizerParts parts;
    if (!acceptsOrRefusesCleanly("SentencePieceFile", [&] {
            parts.sourceModel = std::make_unique<SentencePieceFile>(input, kFuzzModelPath);
        }))
        return 0;
    const SentencePieceFile& model = *parts.sourceModel;
    require(model.size() > 0, "SentencePieceFile", "a loaded model has no pieces");
    for (int id = 0; id < model.size(); ++id) {
        const QString piece = model.piece(id);
        require(!piece.isNull(), "SentencePieceFile::piece", "an id of the model has no piece");
        const std::optional<int> found = model.id(piece);
        require(!found || model.piece(*found) == piece, "SentencePieceFile::id", "id() names another piece");
    }
    require(model.piece(model.size()).isNull() && model.piece(-1).isNull(), "SentencePieceFile::piece",
            "an id outside the model has a piece");
    parts.targetModel = std::make_unique<SentencePieceFile>(input, kFuzzModelPath);

    // vocab.json as Marian orders it: "</s>" 0, "<unk>" 1, the pieces, "<pad>" last.
    parts.sourceVocabulary = Vocabulary(model.size() + 3);
    parts.sourceVocabulary.insert(QStringLiteral("</s>"), 0);
    parts.sourceVocabulary.insert(QStringLiteral("<unk>"), 1);
    int next = 2;
    for (int id = 0; id < model.size(); ++id) {
        const QString piece = model.piece(id);
        if (id % 7 != 3 && !parts.sourceVocabulary.contains(piece) && piece != QLatin1String("<pad>"))
            parts.sourceVocabulary.insert(piece, next++);
    }
    parts.sourceVocabulary.insert(QStringLiteral("<pad>"), next);
    parts.specialTokens = {marianSpecial(QStringLiteral("</s>"), 0), marianSpecial(QStringLiteral("<unk>"), 1),
                           marianSpecial(QStringLiteral("<pad>"), next)};
    parts.eosId = 0;
    parts.unkId = 1;
    parts.padId = next;
    const MarianTokenizer tokenizer(std::move(parts));
    checkTokenizer("MarianTokenizer", tokenizer, input);

    const QString texts[] = {QString::fromUtf8(input.left(256)),
                             QStringLiteral(">>dan<< Hello </s> wo\u00ADrld \uFF21")};
    for (const QString& text : texts) {
        Encoding target;
        if (!acceptsOrRefusesCleanly("MarianTokenizer::encodeTarget",
                                     [&] { target = tokenizer.encodeTarget(text, true); }))
            continue;
        for (int id : target.ids)
            require(id >= 0 && id < tokenizer.targetVocabSize(), "MarianTokenizer::encodeTarget",
                    "an id outside the vocabulary");
        require(tokenizer.fromTargetIds(target.ids).tokens == target.tokens, "MarianTokenizer::fromTargetIds",
                "names other pieces than encodeTarget");
        for (const bool skip : {false, true})
            require(acceptsOrRefusesCleanly("MarianTokenizer::decodeTarget",
                                            [&] { tokenizer.decodeTarget(target.ids, skip); }),
                    "MarianTokenizer::decodeTarget", "refuses ids encodeTarget gave");
    }
    return 0;
}
