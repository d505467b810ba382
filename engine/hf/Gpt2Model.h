#pragma once
// GPT-2: a pre-LN causal decoder. Its Conv1D layers store weights (in, out), and c_attn fuses
// W_Q, W_K and W_V side by side in one (D, 3D) matrix, which Linear views without copying.
//   x = E_word[ids] + E_pos[0..T-1]
//   per layer: x += MultiHead(LN_1(x)) (causal);  x += W_proj·gelu_new(W_fc·LN_2(x))
//   output = LN_f(x)
//
// Weights: F32 safetensors are used in place. From a checkpoint that converts on read (F16,
// BF16) each block is converted when the forward pass reaches it, into buffers reused for the
// next (hf/LayerArena.h), the embedding rows of the input alone, the output head in slices.

#include <functional>
#include <vector>

#include "hf/HfModel.h"
#include "hf/LayerArena.h"

namespace headmap {

class WeightLookup;

class Gpt2Model : public HfModel {
public:
    Gpt2Model(HfConfig config, std::unique_ptr<Checkpoint> checkpoint,
              std::unique_ptr<Tokenizer> tokenizer, const QString& name);

    // GPT2LMHeadModel's lm_head, tied to wte (GPT2Config keeps tie_word_embeddings' default,
    // true, so transformers ignores a stored lm_head.weight). forward() already applied ln_f.
    bool hasOutputHead() const override { return true; }
    RowVectorF outputLogits(const MatrixF& hidden, int position) const override;

protected:
    MatrixF forward(const Encoding& input, ForwardContext& context) const override;

private:
    struct Block {
        LayerNormWeights norm1, norm2;
        AttentionWeights attention;
        Linear fc, proj;
    };

    void loadBlock(const WeightLookup& weights, int layer, Block& block) const;
    // Layer `layer`'s weights: m_blocks' when in place, else converted into `arena`.
    const Block& blockWeights(int layer, LayerArena& arena, Block& scratch) const;
    // x += Attn(LN_1(x)); x += MLP(LN_2(x)) on rows of the residual stream; the full run and
    // the prefix-reuse run (hf/Gpt2Incremental.cpp) share it.
    void applyBlock(const Block& block, MatrixF& x, const std::function<MatrixF(const MatrixF&)>& attention) const;
    // Rows first.. of x: the word and position embeddings of ids[first..].
    void embedRows(const std::vector<int>& ids, int first, MatrixF& x) const;
    MatrixF forwardReusing(const Encoding& input, const PrefixState& previous, int reused,
                           ForwardContext& context) const;

    bool m_streaming = false;                     // the checkpoint converts on read
    const float* m_wordEmbeddings = nullptr;      // (vocab, D); null when streaming
    const float* m_positionEmbeddings = nullptr;  // (max positions, D); null when streaming
    QString m_wordName, m_positionName;           // the stored names, for streaming
    std::vector<Block> m_blocks;                  // empty when streaming
    LayerNormWeights m_finalNorm;
    LayerArena m_owned;                           // the final norm when streaming
};

}  // namespace headmap
