#include "hf/HfModel.h"

#include <QCoreApplication>

#include "core/HeadmapError.h"

namespace headmap {

HfModel::HfModel(HfConfig config, std::unique_ptr<Checkpoint> checkpoint,
                 std::unique_ptr<Tokenizer> tokenizer, const QString& name)
    : CheckpointModel(std::move(checkpoint), std::move(tokenizer)), m_config(std::move(config)) {
    mutableSummary() = summaryOf(m_config, this->tokenizer(), name);
}

ModelSummary HfModel::summaryOf(const HfConfig& c, const Tokenizer& tokenizer, const QString& name) {
    ModelSummary summary;
    summary.name = name;
    summary.shownName = ModelSummary::displayNameOf(name);  // once: it may look at the disk
    summary.architecture = c.modelType;
    summary.layers = c.layers;
    summary.heads = c.heads;
    summary.kvHeads = c.heads;
    summary.dModel = c.hiddenSize;
    summary.dHead = c.hiddenSize / c.heads;
    summary.maxPositions = c.maxPositions;
    summary.vocabSize = c.vocabSize;
    const FamilyTraits& family = c.traits();
    summary.causal = family.causal();
    summary.positions = QStringLiteral("learned");
    summary.pieces = tokenizer.pieceStyle();
    summary.bosToken = family.fixedBosToken;
    if (family.positions == PositionKind::LearnedAfterPadding) {
        // RoBERTa counts positions from padding_idx + 1, so fewer than max_position_embeddings fit.
        const int offset = c.padTokenId + 1;
        if (c.maxPositions <= offset)
            throw ModelError(QCoreApplication::translate("Engine", "%1: max_position_embeddings %2 leaves no positions "
                                                                   "after padding_idx %3")
                                 .arg(c.path).arg(c.maxPositions).arg(c.padTokenId));
        summary.maxPositions = c.maxPositions - offset;
    }
    return summary;
}

}  // namespace headmap
