#pragma once
// The tokenizer.ggml.* metadata of a GGUF file, read and checked the way llama.cpp's
// llama_vocab::impl::load (src/llama-vocab.cpp) reads it: the token list, optional scores and
// token types (gguf-py's TokenType), merges for "gpt2", the special token ids with the defaults
// of each model type, and the add_bos / add_eos / add_space_prefix flags. Every problem is a
// ModelError naming the file and the key, with what was expected and what was found.

#include <optional>
#include <vector>

#include <QByteArray>
#include <QString>
#include <QStringList>

namespace headmap {

class GgufMetadata;

// gguf-py/gguf/constants.py, class TokenType (llama.h's llama_token_type).
enum class GgufTokenType : int {
    Undefined = 0, Normal = 1, Unknown = 2, Control = 3, UserDefined = 4, Unused = 5, Byte = 6,
};

namespace ggufkeys {
inline const QString kModel = QStringLiteral("tokenizer.ggml.model");
inline const QString kPre = QStringLiteral("tokenizer.ggml.pre");
inline const QString kTokens = QStringLiteral("tokenizer.ggml.tokens");
inline const QString kScores = QStringLiteral("tokenizer.ggml.scores");
inline const QString kTokenType = QStringLiteral("tokenizer.ggml.token_type");
inline const QString kMerges = QStringLiteral("tokenizer.ggml.merges");
inline const QString kBosId = QStringLiteral("tokenizer.ggml.bos_token_id");
inline const QString kEosId = QStringLiteral("tokenizer.ggml.eos_token_id");
inline const QString kUnknownId = QStringLiteral("tokenizer.ggml.unknown_token_id");
inline const QString kPaddingId = QStringLiteral("tokenizer.ggml.padding_token_id");
inline const QString kAddBos = QStringLiteral("tokenizer.ggml.add_bos_token");
inline const QString kAddEos = QStringLiteral("tokenizer.ggml.add_eos_token");
inline const QString kAddSpacePrefix = QStringLiteral("tokenizer.ggml.add_space_prefix");
inline const QString kRemoveExtraWhitespaces = QStringLiteral("tokenizer.ggml.remove_extra_whitespaces");
inline const QString kPrecompiledCharsMap = QStringLiteral("tokenizer.ggml.precompiled_charsmap");
}  // namespace ggufkeys

struct GgufVocabulary {
    enum class Model { SentencePiece, BytePairEncoding, Unigram };  // "llama", "gpt2", "t5"

    Model model = Model::SentencePiece;
    QString modelName;  // as written
    QString pre;        // tokenizer.ggml.pre; "default" when absent (as llama.cpp)
    QStringList tokens;
    std::vector<float> scores;          // one per token (0 without the key)
    std::vector<GgufTokenType> types;   // one per token (Normal without the key)
    QStringList merges;                 // "gpt2" only, "a b" each
    std::optional<int> bosId, eosId, unknownId, paddingId;
    // The add_bos_token / add_eos_token keys when present; the defaults depend on the model and
    // the pre-tokenizer (GgufTokenizer).
    std::optional<bool> addBosKey, addEosKey;
    bool addSpacePrefix = false;        // " " in front of text: "llama" and "t5" by default
    bool removeExtraWhitespaces = false;  // "t5": runs of spaces become one (off by default)
    QByteArray precompiledCharsMap;     // "t5": SentencePiece's normalization rules, or empty

    int size() const { return int(tokens.size()); }
    // Reads and checks everything; throws ModelError naming path and the key.
    static GgufVocabulary read(const GgufMetadata& metadata, const QString& path);
};

// The tokenizer.ggml.model values Headmap reads, for messages.
QString supportedGgufTokenizerModels();

}  // namespace headmap
