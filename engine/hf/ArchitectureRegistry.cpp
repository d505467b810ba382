#include "hf/ArchitectureRegistry.h"

#include <QFileInfo>

#include <utility>

#include "hf/DecoderModel.h"
#include "hf/EncoderModel.h"
#include "hf/Gpt2Model.h"
#include "hf/ModernBertModel.h"
#include "seq2seq/EncoderDecoderModel.h"

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

std::unique_ptr<Model> buildRotaryEncoder(const ConfigFile& file, std::unique_ptr<Checkpoint> checkpoint,
                                          std::unique_ptr<Tokenizer> tokenizer, const QString& name) {
    return std::make_unique<ModernBertModel>(ModernBertConfig::fromJson(file.path, file.json), std::move(checkpoint),
                                             std::move(tokenizer), name);
}

ModelSummary summarizeRotaryEncoder(const ConfigFile& file, const Tokenizer& tokenizer, const QString& name) {
    return ModernBertModel::summaryOf(ModernBertConfig::fromJson(file.path, file.json), tokenizer, name);
}

Seq2SeqConfig seq2seqConfig(const ConfigFile& file) {
    return Seq2SeqConfig::read(QFileInfo(file.path).absolutePath(), file.path, file.json,
                               *findFamily(file.modelType));
}

std::unique_ptr<Model> buildEncoderDecoder(const ConfigFile& file, std::unique_ptr<Checkpoint> checkpoint,
                                           std::unique_ptr<Tokenizer> tokenizer, const QString& name) {
    return std::make_unique<EncoderDecoderModel>(seq2seqConfig(file), std::move(checkpoint), std::move(tokenizer),
                                                 name);
}

ModelSummary summarizeEncoderDecoder(const ConfigFile& file, const Tokenizer& tokenizer, const QString& name) {
    return EncoderDecoderModel::summaryOf(seq2seqConfig(file), tokenizer, name);
}

// The functions that build and summarize a row's class; none for a class not wired yet, whose
// rows are then left out (tst_familytraits fails while any is).
Architecture architectureOf(const FamilyTraits& family) {
    switch (family.modelClass) {
    case ModelClass::Encoder:
        return {family.modelType, family.displayName, buildEncoder, summarizeHf};
    case ModelClass::Gpt2:
        return {family.modelType, family.displayName, buildGpt2, summarizeHf};
    case ModelClass::Decoder:
        return {family.modelType, family.displayName, buildDecoder, summarizeDecoder};
    case ModelClass::EncoderDecoder:
        return {family.modelType, family.displayName, buildEncoderDecoder, summarizeEncoderDecoder};
    case ModelClass::RotaryEncoder:
        return {family.modelType, family.displayName, buildRotaryEncoder, summarizeRotaryEncoder};
    }
    return {family.modelType, family.displayName, nullptr, nullptr};
}

}  // namespace

const std::vector<Architecture>& architectures() {
    static const std::vector<Architecture> table = [] {
        std::vector<Architecture> rows;
        for (const FamilyTraits& family : familyTraitsTable())
            if (Architecture architecture = architectureOf(family); architecture.build)
                rows.push_back(std::move(architecture));
        return rows;
    }();
    return table;
}

const Architecture* findArchitecture(const QString& modelType) {
    for (const Architecture& architecture : architectures())
        if (architecture.modelType == modelType)
            return &architecture;
    return nullptr;
}

}  // namespace headmap
