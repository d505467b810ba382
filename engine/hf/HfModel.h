#pragma once
// What the Hugging Face architectures share: the config, the checkpoint they read in place,
// the tokenizer, and the model summary.

#include <memory>

#include "formats/Checkpoint.h"
#include "hf/HfConfig.h"
#include "model/Model.h"

namespace headmap {

// A LayerNorm's parameters, in place in the checkpoint's memory map. (D) each.
struct LayerNormWeights {
    const float* gamma = nullptr;
    const float* beta = nullptr;
};

class HfModel : public Model {
public:
    HfModel(HfConfig config, std::unique_ptr<Checkpoint> checkpoint,
            std::unique_ptr<Tokenizer> tokenizer, const QString& name);

    const ModelSummary& summary() const override { return m_summary; }
    const Tokenizer& tokenizer() const override { return *m_tokenizer; }
    const HfConfig& config() const { return m_config; }

protected:
    const Checkpoint& checkpoint() const { return *m_checkpoint; }
    ModelSummary& mutableSummary() { return m_summary; }

private:
    HfConfig m_config;
    std::unique_ptr<Checkpoint> m_checkpoint;  // weights point into its memory map
    std::unique_ptr<Tokenizer> m_tokenizer;
    ModelSummary m_summary;
};

}  // namespace headmap
