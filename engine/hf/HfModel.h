#pragma once
// BERT, RoBERTa, DistilBERT and GPT-2: the models whose numbers HfConfig reads.

#include "hf/CheckpointModel.h"
#include "hf/HfConfig.h"

namespace headmap {

// A LayerNorm's parameters, in place in the checkpoint's memory map. (D) each.
struct LayerNormWeights {
    const float* gamma = nullptr;
    const float* beta = nullptr;
};

class HfModel : public CheckpointModel {
public:
    HfModel(HfConfig config, std::unique_ptr<Checkpoint> checkpoint,
            std::unique_ptr<Tokenizer> tokenizer, const QString& name);

    const HfConfig& config() const { return m_config; }
    // What the model's summary says, from config.json and the tokenizer alone, so that
    // tokenizing needs no weights. Throws ModelError for RoBERTa positions that do not fit.
    static ModelSummary summaryOf(const HfConfig& config, const Tokenizer& tokenizer, const QString& name);

private:
    HfConfig m_config;
};

}  // namespace headmap
