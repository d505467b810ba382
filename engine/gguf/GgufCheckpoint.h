#pragma once
// A GGUF file seen as a Hugging Face checkpoint: its tensors under the names DecoderModel reads
// (ggufTensorMappings), dequantised to F32 and changed back from what convert_hf_to_gguf.py did
// to them, so the decoder of engine/hf runs a GGUF model unchanged.
//
// Every mapped tensor is checked when the checkpoint opens: present, the expected dims, a type
// Headmap can dequantise. It converts on read: DecoderModel dequantises one layer at a time
// into a buffer it reuses (readFloats, readRows), so a 4.9 GB Q4_K file never becomes 32 GB of
// floats. floats() makes and keeps a converted copy, for callers that want one.
//
// Stacked experts (gguf/GgufExperts.h) are read one expert at a time: each numbered expert
// tensor DecoderModel asks for is one slice of a 3-D ffn_*_exps tensor, and gpt-oss's stacked
// gate_up_proj / down_proj rows (one per expert) are rebuilt from the split, transposed tensors
// when StackedExperts reads that expert's row.

#include <memory>
#include <mutex>
#include <unordered_map>
#include <vector>

#include "formats/Checkpoint.h"
#include "formats/GgufFile.h"
#include "gguf/GgufTensorMap.h"

namespace headmap {

class GgufCheckpoint final : public Checkpoint {
public:
    // Throws ModelError naming the file, the GGUF tensor and expected vs found.
    GgufCheckpoint(std::shared_ptr<const GgufFile> file, const DecoderConfig& config);
    // Any model's tensors (an encoder–decoder's: GgufSeq2SeqConfig.h); modelType for messages.
    GgufCheckpoint(std::shared_ptr<const GgufFile> file, std::vector<GgufTensorMapping> mappings,
                   const QString& modelType);

    QStringList tensorNames() const override;
    const TensorInfo* info(const QString& name) const override;
    const float* floats(const QString& name) const override;
    QString fileOf(const QString& name) const override;
    QString description() const override;
    bool convertsOnRead() const override { return true; }
    void readFloats(const QString& name, float* out) const override;
    void readRows(const QString& name, qint64 first, qint64 count, float* out) const override;

    // "blk.0.attn_q.weight" for "model.layers.0.self_attn.q_proj.weight"; empty when unmapped.
    QString ggufNameOf(const QString& name) const;

private:
    struct Entry {
        GgufTensorMapping mapping;
        TensorInfo info;
        std::unique_ptr<std::vector<float>> values;  // made on first use
    };
    Entry& require(const QString& name) const;
    static void checkTensor(const GgufFile& gguf, const QString& name, const std::vector<qint64>& expected,
                            const QString& modelType);
    void readExpertBlock(const GgufTensorMapping& mapping, int expert, float* out) const;

    std::shared_ptr<const GgufFile> m_file;
    QStringList m_names;
    mutable std::unordered_map<QString, Entry> m_entries;
    mutable std::mutex m_mutex;  // guards the values made on first use
};

}  // namespace headmap
