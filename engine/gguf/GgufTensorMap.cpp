#include "gguf/GgufTensorMap.h"

#include "gguf/GgufExperts.h"

namespace headmap {
namespace {

using Transform = GgufTensorMapping::Transform;

class MappingList {
public:
    // Gemma's converter stores 1 + w for its (1 + w) RMSNorms.
    explicit MappingList(const FamilyTraits& family) : m_plusOne(family.norm == NormKind::RmsNormPlusOne) {}

    // A weight and, with `bias`, its bias; `rows` × `columns` as torch.nn.Linear stores it.
    void linear(const QString& hf, const QString& gguf, qint64 rows, qint64 columns, bool bias,
                Transform transform = Transform::None, int groups = 0) {
        m_list.push_back(ggufMapping(hf + QStringLiteral(".weight"), gguf + QStringLiteral(".weight"), {rows, columns}, transform, groups));
        if (bias)
            m_list.push_back(ggufMapping(hf + QStringLiteral(".bias"), gguf + QStringLiteral(".bias"), {rows}, transform, groups));
    }
    void norm(const QString& hf, const QString& gguf, qint64 size, bool bias = false) {
        m_list.push_back(ggufMapping(hf + QStringLiteral(".weight"), gguf + QStringLiteral(".weight"), {size},
                          m_plusOne ? Transform::MinusOne : Transform::None, 0));
        if (bias)
            m_list.push_back(ggufMapping(hf + QStringLiteral(".bias"), gguf + QStringLiteral(".bias"), {size}, Transform::None, 0));
    }
    void sinks(const QString& hf, const QString& gguf, qint64 heads) {
        m_list.push_back(ggufMapping(hf, gguf + QStringLiteral(".weight"), {heads}, Transform::None, 0));
    }
    void experts(const DecoderConfig& c, int layer) { appendGgufExpertMappings(c, layer, m_list); }
    std::vector<GgufTensorMapping> take() { return std::move(m_list); }

private:
    bool m_plusOne;
    std::vector<GgufTensorMapping> m_list;
};

// The GGUF names of a layer's norms, in blockNormNames' order (gguf-py's MODEL_TENSOR.ATTN_NORM,
// ATTN_POST_NORM, FFN_NORM, FFN_POST_NORM).
QStringList ggufBlockNormNames(BlockLayout layout) {
    switch (layout) {
    case BlockLayout::Sandwich:
        return {QStringLiteral("attn_norm"), QStringLiteral("post_attention_norm"), QStringLiteral("ffn_norm"),
                QStringLiteral("post_ffw_norm")};
    case BlockLayout::PostNorm:
        return {QStringLiteral("post_attention_norm"), QStringLiteral("post_ffw_norm")};
    case BlockLayout::PreNorm:
    case BlockLayout::Parallel:
        return {QStringLiteral("attn_norm"), QStringLiteral("ffn_norm")};
    case BlockLayout::NormAfterResidual:
        break;
    }
    return {};
}

}  // namespace

std::vector<GgufTensorMapping> ggufTensorMappings(const DecoderConfig& c) {
    const FamilyTraits& family = c.traits();
    const DecoderTensorNames& names = *family.decoderNames;
    MappingList list(family);
    const qint64 d = c.hiddenSize;
    const qint64 ff = c.intermediateSize;
    const qint64 q = qint64(c.heads) * c.headDim;
    const qint64 kv = qint64(c.kvHeads) * c.headDim;
    const bool normBias = family.norm == NormKind::LayerNorm;
    const QString& model = names.prefix;
    const QStringList hfNorms = blockNormNames(family.layout);
    const QStringList ggufNorms = family.gguf.blockNorms.isEmpty() ? ggufBlockNormNames(family.layout)
                                                                   : family.gguf.blockNorms;

    list.linear(model + names.embeddings, QStringLiteral("token_embd"), c.vocabSize, d, false);
    for (int l = 0; l < c.layers; ++l) {
        const QString hf = model + QStringLiteral("layers.%1.").arg(l);
        const QString blk = QStringLiteral("blk.%1.").arg(l);
        for (int i = 0; i < hfNorms.size() && i < ggufNorms.size(); ++i)
            list.norm(hf + hfNorms.at(i), blk + ggufNorms.at(i), d, normBias);

        const QString attn = hf + names.attention;
        switch (family.projection) {
        case QkvProjection::InterleavedPerHead:
            list.linear(attn + names.fusedQkv, blk + QStringLiteral("attn_qkv"), 3 * q, d, c.qkvBias,
                        Transform::UngroupQkv, c.heads);
            break;
        case QkvProjection::Fused:
            list.linear(attn + names.fusedQkv, blk + QStringLiteral("attn_qkv"), q + 2 * kv, d, false);
            break;
        case QkvProjection::Separate:
        case QkvProjection::FusedColumns: {  // FusedColumns: GPT-2's, no decoder family
            // Only llama's converter permutes; qwen2/qwen3/gemma run NEOX-style rope in ggml.
            const Transform permuted = family.gguf.permutedQk ? Transform::UnpermuteRows : Transform::None;
            list.linear(attn + names.query, blk + QStringLiteral("attn_q"), q, d, c.qkvBias, permuted, c.heads);
            list.linear(attn + names.key, blk + QStringLiteral("attn_k"), kv, d, c.qkvBias, permuted, c.kvHeads);
            list.linear(attn + names.value, blk + QStringLiteral("attn_v"), kv, d, c.qkvBias);
            break;
        }
        }
        list.linear(attn + names.output, blk + QStringLiteral("attn_output"), d, q, c.outputBias);
        if (family.qkNorm != QkNormKind::None) {  // OLMoE's span the whole projection: (H·Dh), (KV·Dh)
            const bool perHead = family.qkNorm == QkNormKind::PerHead;
            list.norm(attn + names.queryNorm, blk + QStringLiteral("attn_q_norm"), perHead ? c.headDim : q);
            list.norm(attn + names.keyNorm, blk + QStringLiteral("attn_k_norm"), perHead ? c.headDim : kv);
        }
        if (family.attentionSinks)  // gpt-oss: self_attn.sinks (heads)
            list.sinks(attn + names.sinks, blk + QStringLiteral("attn_sinks"), c.heads);
        if (c.isExpertLayer(l)) {
            list.experts(c, l);
            continue;
        }
        switch (family.feedForward) {
        case FeedForwardKind::Plain:
            list.linear(hf + names.up, blk + QStringLiteral("ffn_up"), ff, d, c.mlpBias);
            break;
        case FeedForwardKind::GatedFused:
            list.linear(hf + names.fusedGateUp, blk + QStringLiteral("ffn_up"), 2 * ff, d, false);
            break;
        case FeedForwardKind::Gated:
        case FeedForwardKind::MixtureOfExperts:  // its dense layers (Qwen3-MoE's mlp_only_layers)
            list.linear(hf + names.gate, blk + QStringLiteral("ffn_gate"), ff, d, c.mlpBias);
            list.linear(hf + names.up, blk + QStringLiteral("ffn_up"), ff, d, c.mlpBias);
            break;
        }
        list.linear(hf + names.down, blk + QStringLiteral("ffn_down"), d, ff, c.mlpBias);
    }
    list.norm(model + names.finalNorm, QStringLiteral("output_norm"), d, normBias);
    if (!c.tieEmbeddings)
        list.linear(names.outputHead, QStringLiteral("output"), c.vocabSize, d, false);
    return list.take();
}

}  // namespace headmap
