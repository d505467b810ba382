#include "hf/HfModel.h"

#include "core/HeadmapError.h"

namespace headmap {

HfModel::HfModel(HfConfig config, std::unique_ptr<Checkpoint> checkpoint,
                 std::unique_ptr<Tokenizer> tokenizer, const QString& name)
    : m_config(std::move(config)), m_checkpoint(std::move(checkpoint)),
      m_tokenizer(std::move(tokenizer)) {
    m_summary.name = name;
    m_summary.architecture = m_config.modelType;
    m_summary.layers = m_config.layers;
    m_summary.heads = m_config.heads;
    m_summary.dModel = m_config.hiddenSize;
    m_summary.dHead = m_config.hiddenSize / m_config.heads;
    m_summary.maxPositions = m_config.maxPositions;
    m_summary.vocabSize = m_config.vocabSize;
    m_summary.causal = false;
    // A tokenizer that can produce ids the embedding table does not have would read past it.
    if (m_tokenizer->vocabSize() > m_config.vocabSize)
        throw ModelError(QStringLiteral("%1: the tokenizer has %2 tokens but config.json's "
                                        "vocab_size is %3")
                             .arg(name).arg(m_tokenizer->vocabSize()).arg(m_config.vocabSize));
}

}  // namespace headmap
