#include "hf/ArchitectureRegistry.h"

#include "hf/DecoderModel.h"
#include "hf/EncoderModel.h"
#include "hf/Gpt2Model.h"

namespace headmap {
namespace {

std::unique_ptr<Model> buildEncoder(const ConfigFile& file, std::unique_ptr<Checkpoint> checkpoint,
                                    std::unique_ptr<Tokenizer> tokenizer, const QString& name) {
    return std::make_unique<EncoderModel>(HfConfig::fromJson(file.path, file.json), std::move(checkpoint),
                                          std::move(tokenizer), name);
}

std::unique_ptr<Model> buildGpt2(const ConfigFile& file, std::unique_ptr<Checkpoint> checkpoint,
                                 std::unique_ptr<Tokenizer> tokenizer, const QString& name) {
    return std::make_unique<Gpt2Model>(HfConfig::fromJson(file.path, file.json), std::move(checkpoint),
                                       std::move(tokenizer), name);
}

std::unique_ptr<Model> buildDecoder(const ConfigFile& file, std::unique_ptr<Checkpoint> checkpoint,
                                    std::unique_ptr<Tokenizer> tokenizer, const QString& name) {
    return std::make_unique<DecoderModel>(DecoderConfig::fromJson(file.path, file.json), std::move(checkpoint),
                                          std::move(tokenizer), name);
}

ModelSummary summarizeHf(const ConfigFile& file, const Tokenizer& tokenizer, const QString& name) {
    return HfModel::summaryOf(HfConfig::fromJson(file.path, file.json), tokenizer, name);
}

ModelSummary summarizeDecoder(const ConfigFile& file, const Tokenizer& tokenizer, const QString& name) {
    return DecoderModel::summaryOf(DecoderConfig::fromJson(file.path, file.json), tokenizer, name);
}

}  // namespace

const std::vector<Architecture>& architectures() {
    static const std::vector<Architecture> table = {
        {QStringLiteral("bert"), QStringLiteral("BERT"), buildEncoder, summarizeHf},
        {QStringLiteral("roberta"), QStringLiteral("RoBERTa"), buildEncoder, summarizeHf},
        {QStringLiteral("distilbert"), QStringLiteral("DistilBERT"), buildEncoder, summarizeHf},
        {QStringLiteral("gpt2"), QStringLiteral("GPT-2"), buildGpt2, summarizeHf},
        {QStringLiteral("llama"), QStringLiteral("Llama 2/3/3.1/3.2, SmolLM/SmolLM2, TinyLlama"), buildDecoder, summarizeDecoder},
        {QStringLiteral("mistral"), QStringLiteral("Mistral"), buildDecoder, summarizeDecoder},
        {QStringLiteral("qwen2"), QStringLiteral("Qwen2, Qwen2.5"), buildDecoder, summarizeDecoder},
        {QStringLiteral("qwen3"), QStringLiteral("Qwen3"), buildDecoder, summarizeDecoder},
        {QStringLiteral("gemma2"), QStringLiteral("Gemma 2"), buildDecoder, summarizeDecoder},
        {QStringLiteral("gemma3_text"), QStringLiteral("Gemma 3 (text models: 270M, 1B)"), buildDecoder, summarizeDecoder},
        {QStringLiteral("phi3"), QStringLiteral("Phi-3, Phi-3.5, Phi-4-mini"), buildDecoder, summarizeDecoder},
        {QStringLiteral("olmo2"), QStringLiteral("OLMo 2"), buildDecoder, summarizeDecoder},
        {QStringLiteral("gpt_neox"), QStringLiteral("GPT-NeoX, Pythia"), buildDecoder, summarizeDecoder},
    };
    return table;
}

const Architecture* findArchitecture(const QString& modelType) {
    for (const Architecture& architecture : architectures())
        if (architecture.modelType == modelType)
            return &architecture;
    return nullptr;
}

QStringList supportedModelTypes() {
    QStringList types;
    for (const Architecture& architecture : architectures())
        types << architecture.modelType;
    return types;
}

}  // namespace headmap
