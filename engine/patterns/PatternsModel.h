#pragma once
// builtin:patterns, one attention layer whose six heads are built by hand (not trained, not
// random) so that each shows one textbook attention pattern on any sentence. PatternsModel.cpp
// opens with how each head's W_Q and W_K make its pattern.
//
//   head 0  previous token                        head 3  first token (attention sink)
//   head 1  next token                            head 4  same token earlier (induction-like)
//   head 2  self                                  head 5  broad (uniform)
//
// The pipeline is the real one: TeachingTokenizer's ids -> x = token embedding + positional
// features (separate dimensions) -> Linear W_Q, W_K, W_V, W_O -> the shared multi-head
// attention. The model returns the layer's output (no residual, LayerNorm or feed-forward).
// Its read-out (for the classroom's "what does the model predict") scores each word of the input
// by how much of that word's embedding the heads gathered at a position, so switching a head off
// removes its word from the prediction.

#include <vector>

#include "model/Model.h"
#include "model/Predictions.h"
#include "teaching/TeachingTokenizer.h"

namespace headmap {

class PatternsModel : public Model, public PartialOutputHead {
public:
    static constexpr int kHeads = 6;
    static constexpr int kDHead = 64;
    static constexpr int kDModel = kHeads * kDHead;  // 384
    // Longer input is refused: the position features are only checked to stay unambiguous, and
    // the induction head's position ramp only to stay below its same-token bonus, up to here.
    static constexpr int kMaxPositions = 256;

    // The layout of x, one row per token (the "embedding" of the steps view):
    static constexpr int kSpecialDims = 4;                      // [PAD] [CLS] [SEP] [UNK] one-hot
    static constexpr int kTokenDims = 62;                       // dims 0..61: which token
    static constexpr int kPositionDim = 62;                     // position / kMaxPositions
    static constexpr int kFirstDim = 63;                        // 1 at position 0, else 0
    static constexpr int kSinusoidDim = 64;                     // dims 64..95: cos, sin pairs
    static constexpr int kFrequencies = 16;
    static constexpr int kUsedDims = kSinusoidDim + 2 * kFrequencies;  // dims 96..383 stay 0

    // The construction's constants (logits, i.e. after the 1/√d_head scaling).
    static constexpr double kPeak = 2.5;        // β: height of each sinusoid term
    static constexpr double kSameToken = 8192;  // A: bonus for the same token (head 4)
    static constexpr double kRamp = 8;          // γ: penalty per position of the key (head 4)
    // λ: the read-out's logit per unit of gathered embedding. A word one head gathered whole
    // scores λ, an unrelated word about ±0.13·λ: e^6 ≈ 400 times more likely, yet two or three
    // gathered words still share the distribution visibly.
    static constexpr double kReadoutScale = 6;

    // broadHeads: heads whose queries are zeroed, so that they attend uniformly like head 5 (a
    // head switched off in its attention, not only in its output as an ablation does): the copy
    // that a comparison of heads (headmap-cli heads --compare) should single out. Its spec is
    // "builtin:patterns:broad=0,4" (ModelLoader).
    explicit PatternsModel(const std::vector<int>& broadHeads = {});
    // The Linear views point into this object's weight buffers: it must not move.
    PatternsModel(const PatternsModel&) = delete;
    PatternsModel& operator=(const PatternsModel&) = delete;

    const ModelSummary& summary() const override { return m_summary; }
    const Tokenizer& tokenizer() const override { return m_tokenizer; }

    // The read-out scores only the words of the input (the vocabulary has 2^24 hashed ids), so
    // predictions come from predictTokens (PartialOutputHead); outputLogits() says so.
    bool hasOutputHead() const override { return true; }
    RowVectorF outputLogits(const MatrixF& hidden, int position) const override;
    // The distinct words of the input in order of first appearance ([CLS], [SEP], ... are not
    // words: their embeddings are orthogonal to every word's, so the sink head moves nothing).
    std::vector<int> scoredTokens(const std::vector<int>& inputIds) const override;
    // λ · (Σ_h the token part of head h's output at position) · e_v for each word v. (ids.size())
    RowVectorF scoreTokens(const MatrixF& hidden, int position, const std::vector<int>& ids) const override;

    // ω_k = 2 · 2^(−k/4) radians per position, k = 0..15.
    static double frequency(int k);
    // The token part of x: a one-hot vector for the special ids 0..3, else a deterministic
    // random unit vector in dims 4..61. (kTokenDims)
    static RowVectorF tokenEmbedding(int tokenId);
    // The whole input of the attention layer. (T, D)
    static MatrixF embed(const std::vector<int>& ids);

protected:
    MatrixF forward(const Encoding& input, ForwardContext& context) const override;

private:
    ModelSummary m_summary;
    TeachingTokenizer m_tokenizer;
    // (D, D) each, stored (in, out) so that q = x·W_Q + b_Q; head h owns output columns
    // [64h, 64h + 64).
    std::vector<float> m_wQ, m_bQ, m_wK, m_wV, m_wO;
    AttentionWeights m_attention;
};

}  // namespace headmap
