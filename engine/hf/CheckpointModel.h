#pragma once
// What every model read from a Hugging Face folder shares: the checkpoint its weights point
// into, its tokenizer and its summary.

#include <memory>

#include "formats/Checkpoint.h"
#include "model/Model.h"

namespace headmap {

class CheckpointModel : public Model {
public:
    CheckpointModel(std::unique_ptr<Checkpoint> checkpoint, std::unique_ptr<Tokenizer> tokenizer);

    const ModelSummary& summary() const override { return m_summary; }
    const Tokenizer& tokenizer() const override { return *m_tokenizer; }
    // "Q8_0" and the like, for a GGUF file's summary.
    void setQuantization(const QString& quantization) { mutableSummary().quantization = quantization; }
    // Wraps a checkpoint that converts on read in a KeepingCheckpoint (once; later calls do
    // nothing), unless the model converted everything when it opened (keepsAllConverted()).
    void keepConvertedWeights(qint64 budgetBytes) override;

protected:
    const Checkpoint& checkpoint() const { return *m_checkpoint; }
    ModelSummary& mutableSummary() { return m_summary; }
    QStringList nonFiniteWeights() const override;
    // Models that convert every weight once when they open (ModernBertModel, the encoder–
    // decoders) and never read the checkpoint's floats again have nothing to keep.
    virtual bool keepsAllConverted() const { return false; }

private:
    std::unique_ptr<Checkpoint> m_checkpoint;  // weights point into its memory map
    std::unique_ptr<Tokenizer> m_tokenizer;
    ModelSummary m_summary;
    bool m_keeping = false;
};

}  // namespace headmap
