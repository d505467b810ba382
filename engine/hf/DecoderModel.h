#pragma once
// The decoder-only transformers people study today, in one class: Llama (2, 3, 3.1, 3.2,
// SmolLM, TinyLlama), Mistral, Qwen2/2.5, Qwen3, Gemma 2, Gemma 3 (text), Phi-3/3.5/4-mini,
// OLMo 2 and GPT-NeoX (Pythia). They differ in where the norms sit and in a few switches, which
// DecoderConfig and the family's BlockLayout describe; every attention block goes through the
// one shared multiHeadSelfAttention with a per-layer AttentionSpec.
//   x = E[ids] (· √D for Gemma)
//   pre-norm (Llama, Mistral, Qwen, Phi-3):   x += Attn(N₁(x));            x += MLP(N₂(x))
//   sandwich (Gemma 2/3):                     x += N₂(Attn(N₁(x)));        x += N₄(MLP(N₃(x)))
//   post-norm (OLMo 2):                       x += N₁(Attn(x));            x += N₂(MLP(x))
//   parallel (GPT-NeoX):                      x += Attn(LN₁(x)) + MLP(LN₂(x))
//   output = N_final(x)

#include <vector>

#include "hf/CheckpointModel.h"
#include "hf/DecoderConfig.h"

namespace headmap {

class WeightLookup;

class DecoderModel : public CheckpointModel {
public:
    DecoderModel(DecoderConfig config, std::unique_ptr<Checkpoint> checkpoint,
                 std::unique_ptr<Tokenizer> tokenizer, const QString& name);

    const DecoderConfig& config() const { return m_config; }
    // What the model's summary says, from config.json and the tokenizer alone, so that
    // tokenizing needs no weights.
    static ModelSummary summaryOf(const DecoderConfig& config, const Tokenizer& tokenizer, const QString& name);

    enum class BlockLayout { PreNorm, Sandwich, PostNorm, Parallel };

    // The *ForCausalLM head: lm_head.weight (GPT-NeoX: embed_out.weight), or the input
    // embeddings when tie_word_embeddings; then Gemma 2's final_logit_softcapping.
    bool hasOutputHead() const override { return m_head != nullptr; }
    QString outputHeadMissing() const override;
    RowVectorF outputLogits(const MatrixF& hidden, int position) const override;

protected:
    MatrixF forward(const Encoding& input, ForwardContext& context) const override;

private:
    struct Norm {
        const float* weight = nullptr;
        const float* bias = nullptr;  // LayerNorm only
    };
    struct Block {
        Norm norm1, norm2, norm3, norm4;  // as the layout above numbers them
        AttentionWeights attention;
        QkNormWeights qkNorm;
        Linear gate, up, down;            // gate is null for a plain MLP (GPT-NeoX)
    };

    void loadHead();
    void loadBlock(const WeightLookup& weights, int layer, Block& block);
    void loadAttention(const WeightLookup& weights, const QString& base, Block& block);
    const float* ownedCopy(std::vector<float> values);
    void normalize(MatrixF& x, const Norm& norm) const;
    MatrixF mlp(const Block& block, const MatrixF& x) const;
    AttentionSpec attentionSpec(int layer, const Block& block, const RotaryEmbedding::Table* global,
                                const RotaryEmbedding::Table* local) const;

    DecoderConfig m_config;
    BlockLayout m_layout = BlockLayout::PreNorm;
    bool m_gemmaNorms = false;   // RMSNorm scaling by (1 + w)
    bool m_layerNorms = false;   // GPT-NeoX: LayerNorm with bias instead of RMSNorm
    const float* m_embeddings = nullptr;  // (vocab, D)
    const float* m_head = nullptr;        // (vocab, D) lm_head, m_embeddings when tied, or null
    QString m_headMissing;                // why m_head is null
    std::vector<Block> m_blocks;
    Norm m_finalNorm;
    RotaryEmbedding m_rotary;
    RotaryEmbedding m_localRotary;
    std::vector<std::vector<float>> m_owned;  // weights rearranged at load (GPT-NeoX's fused qkv)
};

}  // namespace headmap
