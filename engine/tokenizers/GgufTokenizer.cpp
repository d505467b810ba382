#include "tokenizers/GgufTokenizer.h"

#include <QCoreApplication>

#include "core/HeadmapError.h"
#include "formats/GgufFile.h"
#include "formats/SafetensorsHeader.h"  // quotedName
#include "tokenizers/BpeModel.h"
#include "tokenizers/GgufPreTokenizers.h"
#include "tokenizers/GgufSentencePieceModel.h"
#include "tokenizers/GgufUnigramTokenizer.h"
#include "tokenizers/GgufVocabulary.h"
#include "tokenizers/HfTokenizer.h"
#include "tokenizers/Normalizers.h"

namespace headmap {
namespace {

const QString kSpaceMarker = QStringLiteral("\u2581");

// File contents in one-line messages: quoted, control characters escaped (as GgufMetadata does).
QString quotedText(const QString& text) {
    return quotedName(text);
}

Vocabulary vocabularyOf(const GgufVocabulary& gguf) {
    Vocabulary vocabulary(gguf.size());
    for (int id = 0; id < gguf.size(); ++id)
        vocabulary.insert(gguf.tokens[id], id);
    return vocabulary;
}

// llama.cpp's cache_special_tokens: control, user-defined and unknown tokens, taken out of the
// raw text first. Control and unknown ones count as special, as in tokenizer.json files.
std::vector<AddedToken> addedTokensOf(const GgufVocabulary& gguf) {
    std::vector<AddedToken> tokens;
    for (int id = 0; id < gguf.size(); ++id) {
        const GgufTokenType type = gguf.types[size_t(id)];
        if (type != GgufTokenType::Control && type != GgufTokenType::UserDefined && type != GgufTokenType::Unknown)
            continue;
        AddedToken token;
        token.id = id;
        token.content = gguf.tokens[id];
        token.normalized = false;
        token.special = type != GgufTokenType::UserDefined;
        tokens.push_back(token);
    }
    return tokens;
}

// BOS $A EOS, and for pairs BOS $A EOS BOS $B EOS with type id 1 from the second BOS on, as
// Llama-2's tokenizer.json template; llama.cpp itself has no pairs.
std::unique_ptr<PostProcessor> postProcessorOf(const GgufVocabulary& gguf, bool addBos, bool addEos) {
    const auto special = [&](int id, int typeId) {
        return TemplatePiece::specialOf(SpecialTokenIds{QStringList{gguf.tokens[id]}, {id}}, typeId);
    };
    const auto sequence = &TemplatePiece::sequenceOf;
    std::vector<TemplatePiece> single;
    std::vector<TemplatePiece> pair;
    for (int which = 0; which < 2; ++which) {
        std::vector<TemplatePiece> pieces;
        if (addBos)
            pieces.push_back(special(*gguf.bosId, which));
        pieces.push_back(sequence(which));
        if (addEos)
            pieces.push_back(special(*gguf.eosId, which));
        if (which == 0)
            single = pieces;
        pair.insert(pair.end(), pieces.begin(), pieces.end());
    }
    return std::make_unique<TemplateProcessor>(std::move(single), std::move(pair));
}

std::unique_ptr<Normalizer> sentencePieceNormalizer(bool addSpacePrefix) {
    std::vector<std::unique_ptr<Normalizer>> steps;
    if (addSpacePrefix)
        steps.push_back(std::make_unique<PrependNormalizer>(kSpaceMarker));
    steps.push_back(std::make_unique<ReplaceNormalizer>(QStringLiteral(" "), kSpaceMarker));
    return std::make_unique<NormalizerSequence>(std::move(steps));
}

std::vector<BpeMerge> mergesOf(const QStringList& merges) {
    std::vector<BpeMerge> pairs;
    pairs.reserve(size_t(merges.size()));
    for (const QString& merge : merges) {
        const qsizetype space = merge.indexOf(QLatin1Char(' '), 1);  // checked by GgufVocabulary
        pairs.emplace_back(merge.left(space), merge.mid(space + 1));
    }
    return pairs;
}

}  // namespace

std::unique_ptr<Tokenizer> loadGgufTokenizer(const GgufMetadata& metadata, const QString& path) {
    GgufVocabulary gguf = GgufVocabulary::read(metadata, path);
    if (gguf.model == GgufVocabulary::Model::Unigram)
        return std::make_unique<GgufUnigramTokenizer>(std::move(gguf), path);
    HfTokenizerParts parts;
    parts.addedTokens = addedTokensOf(gguf);
    bool addBos = true;
    if (gguf.model == GgufVocabulary::Model::SentencePiece) {
        parts.normalizer = sentencePieceNormalizer(gguf.addSpacePrefix);
        parts.model = std::make_unique<GgufSentencePieceModel>(vocabularyOf(gguf), std::move(gguf.scores),
                                                               gguf.unknownId);
        parts.spaceMarker = kSpaceMarker;
        parts.byteFallbackPieces = true;
    } else {
        GgufPreTokenizerPreset preset = ggufPreTokenizer(gguf.pre);
        if (!preset.preTokenizer)
            throwGgufError(path, QCoreApplication::translate("Engine", "metadata key %1 is %2, a pre-tokenizer Headmap "
                                                                       "does not know (it reads %3)")
                                     .arg(quotedText(ggufkeys::kPre), quotedText(gguf.pre),
                                          supportedGgufPreTokenizers()));
        addBos = preset.addBos;
        parts.preTokenizer = std::move(preset.preTokenizer);
        BpeOptions options;
        options.ignoreMerges = preset.ignoreMerges;
        try {
            parts.model = std::make_unique<BpeModel>(vocabularyOf(gguf), mergesOf(gguf.merges), options);
        } catch (const ModelError& error) {
            throwGgufError(path, QCoreApplication::translate("Engine", "metadata key %1: %2")
                                     .arg(quotedText(ggufkeys::kMerges), error.message()));
        }
        parts.byteLevel = true;
    }
    addBos = gguf.addBosKey.value_or(addBos);
    const bool addEos = gguf.addEosKey.value_or(false);
    // llama.cpp's check_add_special_token.
    if (addBos && !gguf.bosId)
        throwGgufError(path, QCoreApplication::translate("Engine", "BOS is to be added (%1, or llama.cpp's default for "
                                                                   "this model and pre-tokenizer), but there is no BOS "
                                                                   "token: %2 is missing and the default id is outside "
                                                                   "the vocabulary")
                                 .arg(ggufkeys::kAddBos, ggufkeys::kBosId));
    if (addEos && !gguf.eosId)
        throwGgufError(path, QCoreApplication::translate("Engine", "EOS is to be added (%1, or llama.cpp's default for "
                                                                   "this model and pre-tokenizer), but there is no EOS "
                                                                   "token: %2 is missing and the default id is outside "
                                                                   "the vocabulary")
                                 .arg(ggufkeys::kAddEos, ggufkeys::kEosId));
    parts.postProcessor = postProcessorOf(gguf, addBos, addEos);
    return std::make_unique<HfTokenizer>(std::move(parts));
}

std::unique_ptr<Tokenizer> loadGgufTokenizer(const GgufFile& file) {
    return loadGgufTokenizer(file.metadata(), file.path());
}

}  // namespace headmap
