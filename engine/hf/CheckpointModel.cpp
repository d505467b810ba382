#include "hf/CheckpointModel.h"

#include <cmath>
#include <vector>

#include <QCoreApplication>

#include "core/HeadmapError.h"
#include "formats/KeepingCheckpoint.h"

namespace headmap {

CheckpointModel::CheckpointModel(std::unique_ptr<Checkpoint> checkpoint, std::unique_ptr<Tokenizer> tokenizer)
    : m_checkpoint(std::move(checkpoint)), m_tokenizer(std::move(tokenizer)) {
    m_summary.pieces = m_tokenizer->pieceStyle();
}

void CheckpointModel::keepConvertedWeights(qint64 budgetBytes) {
    if (m_keeping || keepsAllConverted() || !m_checkpoint->convertsOnRead())
        return;
    // The model's pointers into the source (its kept copies, the file's mapping) stay valid:
    // the wrapper owns the source.
    auto keeping = std::make_unique<KeepingCheckpoint>(std::move(m_checkpoint), budgetBytes);
    m_summary.convertedWeightBytes = keeping->convertedBytes();
    m_summary.convertedWeightBudget = keeping->budgetBytes();
    m_checkpoint = std::move(keeping);
    m_keeping = true;
}

QStringList CheckpointModel::nonFiniteWeights() const {
    constexpr int kShown = 5;
    QStringList found;
    int more = 0;
    std::vector<float> converted;  // one tensor at a time from a checkpoint that converts on read
    for (const QString& name : m_checkpoint->tensorNames()) {
        const TensorInfo* info = m_checkpoint->info(name);
        if (!info || (info->dtype != TensorDType::F32 && info->dtype != TensorDType::F16 &&
                      info->dtype != TensorDType::BF16))
            continue;
        const qint64 count = info->elementCount();
        const float* values = nullptr;
        if (m_checkpoint->convertsOnRead()) {
            converted.resize(size_t(count));
            m_checkpoint->readFloats(name, converted.data());
            values = converted.data();
        } else {
            values = m_checkpoint->floats(name);
        }
        bool finite = true;
        for (qint64 i = 0; i < count && finite; ++i)
            finite = std::isfinite(values[i]);
        if (finite)
            continue;
        if (found.size() < kShown)
            found << QCoreApplication::translate("Engine", "'%1' in %2").arg(name, m_checkpoint->fileOf(name));
        else
            ++more;
    }
    if (more > 0)
        found << QCoreApplication::translate("Engine", "and %1 more").arg(more);
    return found;
}

}  // namespace headmap
