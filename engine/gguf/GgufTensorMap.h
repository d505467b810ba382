#pragma once
// Which GGUF tensor holds which Hugging Face weight, and how convert_hf_to_gguf.py
// (ggml-org/llama.cpp) changed it on the way, so that it can be changed back:
//   - LlamaModel.permute: llama's q_proj and k_proj rows (weights and biases) are reordered per
//     head from the half-split rotary pairing of transformers to ggml's interleaved one;
//   - Gemma2Model / Gemma3Model add 1 to every "*norm.weight" (ggml's RMSNorm multiplies by w,
//     transformers' Gemma RMSNorm by 1 + w);
//   - GPTNeoXModel regroups query_key_value from per-head [q_h; k_h; v_h] into [Q; K; V];
//   - the mixture-of-experts converters stack the experts into 3-D tensors, and GptOssModel
//     splits gate_up_proj into gate and up (gguf/GgufExperts.h).
// Names follow gguf-py/gguf/tensor_mapping.py and constants.py (MODEL_TENSOR, TENSOR_NAMES).

#include <vector>

#include <QString>

#include "hf/DecoderConfig.h"

namespace headmap {

struct GgufTensorMapping {
    enum class Transform {
        None, UnpermuteRows, MinusOne, UngroupQkv,
        ExpertSlice,       // expert `expert` of a stacked (E, rows, columns) tensor
        // gpt-oss (GgufExperts.h): per expert, the Hub's gate_up_proj (D, 2F) with gate and up
        // interleaved, from ggufName (gate, (F, D)) and ggufSecond (up, (F, D)); for the biases
        // (E, 2F) from (E, F) and (E, F)
        InterleaveGateUp,
        TransposeExperts,  // per expert (rows, columns) from the stored (columns, rows)
    };
    QString hfName;                // "model.layers.0.self_attn.q_proj.weight"
    QString ggufName;              // "blk.0.attn_q.weight"
    std::vector<qint64> shape;     // the Hugging Face shape, row-major: [out, in]
    Transform transform = Transform::None;
    int groups = 0;                // UnpermuteRows: heads; UngroupQkv: heads
    // The GGUF tensor's shape, row-major, where it is not `shape` (the experts' transforms).
    std::vector<qint64> storedShape;
    QString ggufSecond;            // InterleaveGateUp: the up half
    int expert = -1;               // ExpertSlice
};

// A mapping without the experts' fields.
inline GgufTensorMapping ggufMapping(QString hf, QString gguf, std::vector<qint64> shape,
                                     GgufTensorMapping::Transform transform = GgufTensorMapping::Transform::None,
                                     int groups = 0) {
    GgufTensorMapping m;
    m.hfName = std::move(hf);
    m.ggufName = std::move(gguf);
    m.shape = std::move(shape);
    m.transform = transform;
    m.groups = groups;
    return m;
}

// Every tensor DecoderModel reads for `config` (made by ggufDecoderConfig, whose biases and tied
// head already follow what the file holds), with its GGUF name and expected shape.
std::vector<GgufTensorMapping> ggufTensorMappings(const DecoderConfig& config);

}  // namespace headmap
