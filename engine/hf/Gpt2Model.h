#pragma once
// GPT-2: a pre-LN causal decoder. Its Conv1D layers store weights (in, out), and c_attn fuses
// W_Q, W_K and W_V side by side in one (D, 3D) matrix, which Linear views without copying.
//   x = E_word[ids] + E_pos[0..T-1]
//   per layer: x += MultiHead(LN_1(x)) (causal);  x += W_proj·gelu_new(W_fc·LN_2(x))
//   output = LN_f(x)

#include <functional>
#include <vector>

#include "hf/HfModel.h"

namespace headmap {

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

    // x += Attn(LN_1(x)); x += MLP(LN_2(x)) on rows of the residual stream; the full run and
    // the prefix-reuse run (hf/Gpt2Incremental.cpp) share it.
    void applyBlock(const Block& block, MatrixF& x, const std::function<MatrixF(const MatrixF&)>& attention) const;
    // Rows first.. of x: the word and position embeddings of ids[first..].
    void embedRows(const std::vector<int>& ids, int first, MatrixF& x) const;
    MatrixF forwardReusing(const Encoding& input, const PrefixState& previous, int reused,
                           ForwardContext& context) const;

    const float* m_wordEmbeddings = nullptr;      // (vocab, D)
    const float* m_positionEmbeddings = nullptr;  // (max positions, D)
    std::vector<Block> m_blocks;
    LayerNormWeights m_finalNorm;
};

}  // namespace headmap
