#pragma once
// ModernBERT (Warner et al. 2024), the encoder of modeling_modernbert.py:
//   x = LN_emb(E[ids])
//   per layer l: x += Attn_l(LN_attn(x))   (layer 0: no LN_attn, nn.Identity upstream)
//                x += Wo(act(a) · g), [a | g] = Wi(LN_mlp(x))    (GeGLU)
//   output = LN_final(x)
// Attn_l rotates q and k with the global or the local base; local layers (all but every
// global_attn_every_n_layers-th) attend only within local_attention / 2 tokens on either side,
// global ones to every token. LayerNorms without bias unless norm_bias, linear layers without
// bias unless attention_bias / mlp_bias.
// With a masked-LM head (ModernBertForMaskedLM): logits = LN_head(act(W_d·x)) · Eᵀ + b.
//
// Weights: F32 safetensors are used in place; a checkpoint that converts on read (F16, BF16) is
// converted once at load (ModernBERT-large is 395M parameters).

#include <vector>

#include "hf/CheckpointModel.h"
#include "hf/LayerArena.h"
#include "hf/ModernBertConfig.h"

namespace headmap {

class WeightLookup;

class ModernBertModel : public CheckpointModel {
public:
    ModernBertModel(ModernBertConfig config, std::unique_ptr<Checkpoint> checkpoint,
                    std::unique_ptr<Tokenizer> tokenizer, const QString& name);

    const ModernBertConfig& config() const { return m_config; }
    static ModelSummary summaryOf(const ModernBertConfig& config, const Tokenizer& tokenizer, const QString& name);

    bool hasOutputHead() const override { return !m_head.dense.isNull(); }
    QString outputHeadMissing() const override;
    RowVectorF outputLogits(const MatrixF& hidden, int position) const override;

protected:
    MatrixF forward(const Encoding& input, ForwardContext& context) const override;
    bool keepsAllConverted() const override { return true; }  // converted once when it opens

private:
    struct Norm {
        const float* weight = nullptr;  // (D)
        const float* bias = nullptr;    // (D) with norm_bias, else null
    };
    struct Layer {
        Norm attentionNorm;  // weight null in layer 0
        AttentionWeights attention;
        Norm mlpNorm;
        Linear input, gate, output;  // Wi's activated half, its gating half, Wo
    };
    struct Head {
        Linear dense;
        Norm norm;
        const float* decoder = nullptr;  // (vocab, D): the word embeddings when tied
        const float* bias = nullptr;     // (vocab) with decoder_bias
    };

    Norm norm(const WeightLookup& weights, const QString& name) const;
    void loadLayer(const WeightLookup& weights, int layer, Layer& target) const;
    void loadHead(const Checkpoint& source);
    void normalize(MatrixF& x, const Norm& norm) const;

    ModernBertConfig m_config;
    LayerArena m_owned;                  // every weight, when the checkpoint converts on read
    const float* m_embeddings = nullptr;  // (vocab, D)
    Norm m_embeddingNorm, m_finalNorm;
    std::vector<Layer> m_layers;
    RotaryEmbedding m_globalRotary, m_localRotary;
    Head m_head;                         // dense null when the checkpoint has no head
    QString m_headMissing;
};

}  // namespace headmap
