#include "hf/HfModel.h"

namespace headmap {

HfModel::HfModel(HfConfig config, std::unique_ptr<Checkpoint> checkpoint,
                 std::unique_ptr<Tokenizer> tokenizer, const QString& name)
    : CheckpointModel(std::move(checkpoint), std::move(tokenizer)), m_config(std::move(config)) {
    ModelSummary& summary = mutableSummary();
    summary.name = name;
    summary.architecture = m_config.modelType;
    summary.layers = m_config.layers;
    summary.heads = m_config.heads;
    summary.kvHeads = m_config.heads;
    summary.dModel = m_config.hiddenSize;
    summary.dHead = m_config.hiddenSize / m_config.heads;
    summary.maxPositions = m_config.maxPositions;
    summary.vocabSize = m_config.vocabSize;
    summary.causal = false;
    summary.positions = QStringLiteral("learned");
    requireTokenizerFits(m_config.vocabSize);
}

}  // namespace headmap
