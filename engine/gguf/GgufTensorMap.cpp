#include "gguf/GgufTensorMap.h"

namespace headmap {
namespace {

using Transform = GgufTensorMapping::Transform;

class MappingList {
public:
    explicit MappingList(const DecoderConfig& config) : m_gemma(config.modelType.startsWith(QLatin1String("gemma"))) {}

    // A weight and, with `bias`, its bias; `rows` × `columns` as torch.nn.Linear stores it.
    void linear(const QString& hf, const QString& gguf, qint64 rows, qint64 columns, bool bias,
                Transform transform = Transform::None, int groups = 0) {
        m_list.push_back({hf + QStringLiteral(".weight"), gguf + QStringLiteral(".weight"), {rows, columns}, transform, groups});
        if (bias)
            m_list.push_back({hf + QStringLiteral(".bias"), gguf + QStringLiteral(".bias"), {rows}, transform, groups});
    }
    void norm(const QString& hf, const QString& gguf, qint64 size, bool bias = false) {
        m_list.push_back({hf + QStringLiteral(".weight"), gguf + QStringLiteral(".weight"), {size},
                          m_gemma ? Transform::MinusOne : Transform::None, 0});
        if (bias)
            m_list.push_back({hf + QStringLiteral(".bias"), gguf + QStringLiteral(".bias"), {size}, Transform::None, 0});
    }
    std::vector<GgufTensorMapping> take() { return std::move(m_list); }

private:
    bool m_gemma;
    std::vector<GgufTensorMapping> m_list;
};

}  // namespace

std::vector<GgufTensorMapping> ggufTensorMappings(const DecoderConfig& c) {
    MappingList list(c);
    const QString& type = c.modelType;
    const qint64 d = c.hiddenSize;
    const qint64 ff = c.intermediateSize;
    const qint64 q = qint64(c.heads) * c.headDim;
    const qint64 kv = qint64(c.kvHeads) * c.headDim;
    const bool neox = type == QLatin1String("gpt_neox");
    const bool gemma = type.startsWith(QLatin1String("gemma"));
    const bool phi3 = type == QLatin1String("phi3");
    const bool llama = type == QLatin1String("llama");
    const QString model = neox ? QStringLiteral("gpt_neox.") : QStringLiteral("model.");

    list.linear(model + (neox ? QStringLiteral("embed_in") : QStringLiteral("embed_tokens")),
                QStringLiteral("token_embd"), c.vocabSize, d, false);
    for (int l = 0; l < c.layers; ++l) {
        const QString hf = model + QStringLiteral("layers.%1.").arg(l);
        const QString blk = QStringLiteral("blk.%1.").arg(l);
        list.norm(hf + QStringLiteral("input_layernorm"), blk + QStringLiteral("attn_norm"), d, neox);
        if (gemma) {
            list.norm(hf + QStringLiteral("post_attention_layernorm"), blk + QStringLiteral("post_attention_norm"), d);
            list.norm(hf + QStringLiteral("pre_feedforward_layernorm"), blk + QStringLiteral("ffn_norm"), d);
            list.norm(hf + QStringLiteral("post_feedforward_layernorm"), blk + QStringLiteral("post_ffw_norm"), d);
        } else {
            list.norm(hf + QStringLiteral("post_attention_layernorm"), blk + QStringLiteral("ffn_norm"), d, neox);
        }

        if (neox) {
            list.linear(hf + QStringLiteral("attention.query_key_value"), blk + QStringLiteral("attn_qkv"), 3 * q, d,
                        c.qkvBias, Transform::UngroupQkv, c.heads);
            list.linear(hf + QStringLiteral("attention.dense"), blk + QStringLiteral("attn_output"), d, q, c.outputBias);
            list.linear(hf + QStringLiteral("mlp.dense_h_to_4h"), blk + QStringLiteral("ffn_up"), ff, d, c.mlpBias);
            list.linear(hf + QStringLiteral("mlp.dense_4h_to_h"), blk + QStringLiteral("ffn_down"), d, ff, c.mlpBias);
            continue;
        }
        const QString attn = hf + QStringLiteral("self_attn.");
        if (phi3) {
            list.linear(attn + QStringLiteral("qkv_proj"), blk + QStringLiteral("attn_qkv"), q + 2 * kv, d, false);
        } else {
            // Only llama's converter permutes; qwen2/qwen3/gemma run NEOX-style rope in ggml.
            const Transform permuted = llama ? Transform::UnpermuteRows : Transform::None;
            list.linear(attn + QStringLiteral("q_proj"), blk + QStringLiteral("attn_q"), q, d, c.qkvBias, permuted, c.heads);
            list.linear(attn + QStringLiteral("k_proj"), blk + QStringLiteral("attn_k"), kv, d, c.qkvBias, permuted, c.kvHeads);
            list.linear(attn + QStringLiteral("v_proj"), blk + QStringLiteral("attn_v"), kv, d, c.qkvBias);
        }
        list.linear(attn + QStringLiteral("o_proj"), blk + QStringLiteral("attn_output"), d, q, c.outputBias);
        if (type == QLatin1String("qwen3") || type == QLatin1String("gemma3_text")) {
            list.norm(attn + QStringLiteral("q_norm"), blk + QStringLiteral("attn_q_norm"), c.headDim);
            list.norm(attn + QStringLiteral("k_norm"), blk + QStringLiteral("attn_k_norm"), c.headDim);
        }
        if (phi3) {
            list.linear(hf + QStringLiteral("mlp.gate_up_proj"), blk + QStringLiteral("ffn_up"), 2 * ff, d, false);
        } else {
            list.linear(hf + QStringLiteral("mlp.gate_proj"), blk + QStringLiteral("ffn_gate"), ff, d, c.mlpBias);
            list.linear(hf + QStringLiteral("mlp.up_proj"), blk + QStringLiteral("ffn_up"), ff, d, c.mlpBias);
        }
        list.linear(hf + QStringLiteral("mlp.down_proj"), blk + QStringLiteral("ffn_down"), d, ff, c.mlpBias);
    }
    list.norm(model + (neox ? QStringLiteral("final_layer_norm") : QStringLiteral("norm")),
              QStringLiteral("output_norm"), d, neox);
    if (!c.tieEmbeddings)
        list.linear(neox ? QStringLiteral("embed_out") : QStringLiteral("lm_head"), QStringLiteral("output"),
                    c.vocabSize, d, false);
    return list.take();
}

}  // namespace headmap
