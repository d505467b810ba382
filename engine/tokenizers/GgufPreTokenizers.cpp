#include "tokenizers/GgufPreTokenizers.h"

#include <vector>

#include <QCoreApplication>
#include <QRegularExpression>
#include <QStringList>

#include "core/HeadmapError.h"
#include "formats/SafetensorsHeader.h"  // quotedName
#include "tokenizers/BasicPreTokenizers.h"
#include "tokenizers/ByteLevelPreTokenizer.h"
#include "tokenizers/SplitPreTokenizers.h"

namespace headmap {
namespace {

enum class Family { Default, Llama3, Qwen2, SmolLm, Gpt2, DeepSeekLlm, DeepSeekCoder, Falcon };

struct Name {
    const char* name;
    Family family;
};

// The tokenizer.ggml.pre values llama.cpp maps to each regex list (llama_vocab::impl::load).
const Name kNames[] = {
    {"default", Family::Default},
    {"llama3", Family::Llama3}, {"llama-v3", Family::Llama3}, {"llama-bpe", Family::Llama3},
    {"qwen2", Family::Qwen2}, {"deepseek-r1-qwen", Family::Qwen2},
    {"smollm", Family::SmolLm}, {"starcoder", Family::SmolLm}, {"refact", Family::SmolLm},
    {"gpt-2", Family::Gpt2}, {"phi-2", Family::Gpt2}, {"mpt", Family::Gpt2},
    {"deepseek-llm", Family::DeepSeekLlm}, {"deepseek-coder", Family::DeepSeekCoder},
    {"falcon", Family::Falcon},
};

// GPT-2's regex without its last "|\s+": what that alternative would match is kept as the text
// between matches anyway.
const char kGpt2Regex[] = R"('s|'t|'re|'ve|'m|'ll|'d| ?\p{L}+| ?\p{N}+| ?[^\s\p{L}\p{N}]+|\s+(?!\S))";

// Meta-Llama-3's tokenizer.json; Qwen2's differs only in taking digits one at a time.
const char kLlama3Regex[] =
    R"((?i:'s|'t|'re|'ve|'m|'ll|'d)|[^\r\n\p{L}\p{N}]?\p{L}+|\p{N}{1,3}| ?[^\s\p{L}\p{N}]+[\r\n]*|\s*[\r\n]+|\s+(?!\S)|\s+)";
const char kQwen2Regex[] =
    R"((?i:'s|'t|'re|'ve|'m|'ll|'d)|[^\r\n\p{L}\p{N}]?\p{L}+|\p{N}| ?[^\s\p{L}\p{N}]+[\r\n]*|\s*[\r\n]+|\s+(?!\S)|\s+)";

// deepseek-llm's tokenizer.json (and llama.cpp's LLAMA_VOCAB_PRE_TYPE_DEEPSEEK_LLM list): Latin,
// Greek, Cyrillic, ... letters, ASCII and full-width punctuation, trailing space, CJK, numbers.
// Six characters are written as \x{...}: they have canonical singleton decompositions (U+1F7D,
// U+1FBE, U+1FD3, U+1FDB, U+2126 Ω, U+212A K) and an editor or tool that normalizes the source
// to NFC would silently turn the ranges into others.
const char* const kDeepSeekLlmRegexes[] = {
    "[\r\n]",
    "\\s?[A-Za-zµÀ-ÖØ-öø-ƺƼ-ƿǄ-ʓʕ-ʯͰ-ͳͶͷͻ-ͽͿΆΈ-ΊΌΎ-ΡΣ-ϵϷ-ҁҊ-ԯԱ-ՖႠ-ჅᎠ-Ᏽᏸ-ᏽᲐ-ᲺᲽ-Ჿᴀ-ᴫᵫ-ᵷᵹ-ᶚḀ-ἕἘ-Ἕἠ-ὅὈ-Ὅὐ-ὗὙὛὝὟ-\\x{1F7D}ᾀ-ᾴᾶ-ᾼ\\x{1FBE}ῂ-ῄῆ-ῌῐ-\\x{1FD3}ῖ-\\x{1FDB}ῠ-Ῥῲ-ῴῶ-ῼℂℇℊ-ℓℕℙ-ℝℤ\\x{2126}ℨ\\x{212A}-ℭℯ-ℴℹℼ-ℿⅅ-ⅉⅎↃↄⰀ-ⱻⱾ-ⳤⳫ-ⳮⳲⳳꙀ-ꙭꚀ-ꚛꜢ-ꝯꝱ-ꞇꞋ-ꞎꭰ-ꮿﬀ-ﬆﬓ-ﬗＡ-Ｚａ-ｚ𐐀-𐑏𐒰-𐓓𐓘-𐓻𐲀-𐲲𐳀-𐳲𑢠-𑣟𞤀-𞥃]+",
    "\\s?[!-/:-~！-／：-～‘-‟　-。]+",
    "\\s+$",
    "[一-龥ࠀ-一가-퟿]+",
    "\\p{N}+",
};
// The CJK ranges deepseek-coder shares with deepseek-llm.
const char kCjkRegex[] = "[一-龥ࠀ-一가-퟿]+";

// The regexes in turn, then the byte alphabet (optionally after GPT-2's own split).
std::unique_ptr<PreTokenizer> sequence(const QString& pre, const QStringList& regexes, bool gpt2SplitLast) {
    std::vector<std::unique_ptr<PreTokenizer>> steps;
    for (const QString& regex : regexes)
        steps.push_back(ggufSplitStep(pre, regex));
    steps.push_back(std::make_unique<ByteLevelPreTokenizer>(false, gpt2SplitLast));
    return std::make_unique<PreTokenizerSequence>(std::move(steps));
}

}  // namespace

std::unique_ptr<PreTokenizer> ggufSplitStep(const QString& pre, const QString& pattern) {
    QRegularExpression regex(pattern, QRegularExpression::UseUnicodePropertiesOption);
    if (!regex.isValid())
        throw ModelError(QCoreApplication::translate("Engine", "the GGUF pre-tokenizer %1 cannot be built: its "
                                                               "pattern %2 does not compile (%3 at character %4). "
                                                               "The patterns are Headmap's own, so this is a bug in "
                                                               "Headmap or its PCRE2 library, not in the file")
                             .arg(quotedName(pre), quotedName(pattern), regex.errorString(),
                                  QString::number(regex.patternErrorOffset())));
    regex.optimize();
    return std::make_unique<SplitPreTokenizer>(std::move(regex), SplitBehavior::Isolated, false);
}

GgufPreTokenizerPreset ggufPreTokenizer(const QString& pre) {
    GgufPreTokenizerPreset preset;
    for (const Name& name : kNames) {
        if (pre != QLatin1String(name.name))
            continue;
        switch (name.family) {
        case Family::Default:
            preset.preTokenizer = sequence(pre, {QStringLiteral(R"([\p{P}\$\+<=>\^~\|]+)"), QString::fromUtf8(kGpt2Regex),
                                            QStringLiteral(R"(\p{N}+)"), QStringLiteral("[0-9][0-9][0-9]")},
                                           false);
            break;
        case Family::Llama3:
            preset.preTokenizer = sequence(pre, {QString::fromUtf8(kLlama3Regex)}, false);
            preset.ignoreMerges = true;
            preset.addBos = true;
            break;
        case Family::Qwen2:
            preset.preTokenizer = sequence(pre, {QString::fromUtf8(kQwen2Regex)}, false);
            break;
        case Family::SmolLm:
            preset.preTokenizer = sequence(pre, {QStringLiteral(R"(\p{N})")}, true);
            break;
        case Family::Gpt2:
            preset.preTokenizer = std::make_unique<ByteLevelPreTokenizer>(false, true);
            break;
        case Family::DeepSeekCoder:
            preset.preTokenizer = sequence(pre, {QStringLiteral("[\r\n]"), QStringLiteral(R"(\s?\p{L}+)"),
                                            QStringLiteral(R"(\s?\p{P}+)"), QString::fromUtf8(kCjkRegex),
                                            QStringLiteral(R"(\p{N})")},
                                           false);
            break;
        case Family::Falcon:
            preset.preTokenizer = sequence(pre, {QStringLiteral(R"([\p{P}\$\+<=>\^~\|`]+)"), QString::fromUtf8(kGpt2Regex),
                                            QStringLiteral("[0-9][0-9][0-9]")},
                                           false);
            break;
        case Family::DeepSeekLlm: {
            QStringList regexes;
            for (const char* regex : kDeepSeekLlmRegexes)
                regexes << QString::fromUtf8(regex);
            preset.preTokenizer = sequence(pre, regexes, false);
            break;
        }
        }
        return preset;
    }
    return preset;
}

QString supportedGgufPreTokenizers() {
    QStringList names;
    for (const Name& name : kNames)
        names << QLatin1String(name.name);
    return names.join(QStringLiteral(", "));
}

}  // namespace headmap
