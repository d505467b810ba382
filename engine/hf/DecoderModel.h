#pragma once
// The decoder-only transformers people study today, in one class: Llama (2, 3, 3.1, 3.2,
// SmolLM, TinyLlama), Mistral, Qwen2/2.5, Qwen3, Gemma 2, Gemma 3 (text), Phi-3/3.5/4-mini,
// OLMo 2 and GPT-NeoX (Pythia). They differ in where the norms sit and in a few switches, which
// the family's row of hf/FamilyTraits.h and DecoderConfig describe; every attention block goes
// through the one shared multiHeadSelfAttention with a per-layer AttentionSpec.
//   x = E[ids] (· √D for Gemma)
//   pre-norm (Llama, Mistral, Qwen, Phi-3):   x += Attn(N₁(x));            x += MLP(N₂(x))
//   sandwich (Gemma 2/3):                     x += N₂(Attn(N₁(x)));        x += N₄(MLP(N₃(x)))
//   post-norm (OLMo 2):                       x += N₁(Attn(x));            x += N₂(MLP(x))
//   parallel (GPT-NeoX):                      x += Attn(LN₁(x)) + MLP(LN₂(x))
//   output = N_final(x)
//
// Weights: from a checkpoint that points into its file (F32 safetensors) every layer's weights
// are pointers into the memory map, resolved once. From one that converts on read (GGUF) a
// layer's weights are dequantised when the forward pass reaches the layer, into buffers reused
// for the next one, the embedding rows of the input tokens alone, the output head in slices:
// at most one layer is ever held as floats.

#include <functional>
#include <memory>
#include <vector>

#include "hf/CheckpointModel.h"
#include "hf/DecoderConfig.h"
#include "hf/LayerArena.h"
#include "hf/MixtureOfExperts.h"

namespace headmap {

class WeightLookup;

class DecoderModel : public CheckpointModel {
public:
    DecoderModel(DecoderConfig config, std::unique_ptr<Checkpoint> checkpoint,
                 std::unique_ptr<Tokenizer> tokenizer, const QString& name);

    const DecoderConfig& config() const { return m_config; }
    // What the summary says of quantised weights ("Q4_K_M"); a GGUF file knows, config.json not.
    // What the model's summary says, from config.json and the tokenizer alone, so that
    // tokenizing needs no weights.
    static ModelSummary summaryOf(const DecoderConfig& config, const Tokenizer& tokenizer, const QString& name);

    // The *ForCausalLM head: lm_head.weight (GPT-NeoX: embed_out.weight), or the input
    // embeddings when tie_word_embeddings; then Gemma 2's final_logit_softcapping.
    bool hasOutputHead() const override { return !m_headName.isEmpty(); }
    QString outputHeadMissing() const override;
    RowVectorF outputLogits(const MatrixF& hidden, int position) const override;

    using Arena = LayerArena;  // one layer's weights when streaming (hf/LayerArena.h)

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
        MoeWeights moe;                   // a mixture-of-experts layer's, else null
        const float* sinks = nullptr;     // (heads) gpt-oss's sink logits, else null
    };
    // Runs a layer's feed-forward on the rows of x (the layout's normed input); a mixture of
    // experts also records the router's choices for those rows.
    using FeedForward = std::function<MatrixF(const MatrixF&)>;

    void loadHead();
    void loadBlock(const WeightLookup& weights, int layer, Block& block, Arena& owned) const;
    void loadAttention(const WeightLookup& weights, const QString& base, Block& block, Arena& owned) const;
    const Block& layerWeights(int layer, Arena& arena, Block& scratch) const;
    void embedRows(const std::vector<int>& ids, int first, MatrixF& x) const;
    // One layer on the residual stream x (rows: tokens), the layout's norms and residuals
    // around `attention` and the MLP; the full run and the prefix-reuse run share it.
    void applyBlock(const Block& block, MatrixF& x, const std::function<MatrixF(const MatrixF&)>& attention,
                    const FeedForward& feedForward) const;
    // The block's MLP, or its mixture of experts (whose picks go to `chosen`); `arena` holds the
    // layer's weights when streaming and receives the chosen experts' too.
    MatrixF feedForward(int layer, const Block& block, const MatrixF& x, Arena& arena,
                        std::vector<std::vector<int>>& chosen) const;
    void loadExperts(const WeightLookup& weights, int layer, Block& block) const;
    ExpertWeights loadExpert(const WeightLookup& weights, int layer, int expert) const;
    // An expert of a family that stacks them (gpt-oss), read into `arena` (hf/StackedExperts.h).
    ExpertWeights loadStackedExpert(int layer, int expert, Arena& arena) const;
    // Prefix reuse (model/PrefixState.h, hf/DecoderIncremental.cpp): the position parameters
    // in effect for `length` tokens, a state to fill for `input`, and the run that takes the
    // first `reused` tokens from `previous` and computes the others.
    std::vector<float> positionKey(int length) const;
    std::shared_ptr<PrefixState> newState(const Encoding& input, const std::vector<float>& positions) const;
    MatrixF forwardReusing(const Encoding& input, const PrefixState& previous, int reused,
                           ForwardContext& context) const;
    WeightLookup lookup(const Checkpoint& checkpoint) const;
    void normalize(MatrixF& x, const Norm& norm) const;
    MatrixF mlp(const Block& block, const MatrixF& x) const;
    AttentionSpec attentionSpec(int layer, const Block& block, const RotaryEmbedding::Table* global,
                                const RotaryEmbedding::Table* local) const;

    DecoderConfig m_config;
    const FamilyTraits* m_family = nullptr;       // the row of m_config.modelType
    const DecoderTensorNames* m_names = nullptr;  // its tensor names
    BlockLayout m_layout = BlockLayout::PreNorm;  // PreNorm, Sandwich, PostNorm or Parallel
    bool m_plusOneNorms = false;  // NormKind::RmsNormPlusOne: RMSNorm scaling by (1 + w)
    bool m_layerNorms = false;    // NormKind::LayerNorm: with bias, instead of RMSNorm
    bool m_streaming = false;             // the checkpoint converts on read: layers are read in forward()
    const float* m_embeddings = nullptr;  // (vocab, D); null when streaming
    const float* m_head = nullptr;        // (vocab, D) lm_head, m_embeddings when tied, or null
    QString m_embeddingName;              // the stored names, for streaming
    QString m_headName;                   // empty when there is no head
    QString m_headMissing;                // why there is no head
    std::vector<Block> m_blocks;          // empty when streaming
    Norm m_finalNorm;
    RotaryEmbedding m_rotary;
    RotaryEmbedding m_localRotary;
    Arena m_owned;  // weights rearranged at load (GPT-NeoX's fused qkv), the final norm when streaming
};

}  // namespace headmap
