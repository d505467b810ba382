#pragma once
// builtin:translation, a tiny encoder–decoder made like builtin:teaching, so the walk-through
// and presentation mode can show cross-attention without any download. The architecture of
// "Attention Is All You Need" (and of torch.nn.Transformer with norm_first=False):
//   encoder:  x = E[src] + PE;  per layer: x = LN(x + SelfAttn(x));  x = LN(x + FFN(x))
//   decoder:  y = E[tgt] + PE;  per layer: y = LN(y + causal SelfAttn(y))
//                                          y = LN(y + CrossAttn(y, x))   queries y, keys/values x
//                                          y = LN(y + FFN(y))
//   scores:   y · E[w]ᵀ / √d_model for the words w the decoder can write (tied embeddings)
// with the teaching model's parts: unit-variance embeddings shared by both sides, sinusoidal
// positions, Xavier-uniform W_Q, W_K, W_V, W_O and zero biases, LayerNorm without affine
// parameters, a ReLU feed-forward network of width 4·d_model, all drawn from PortableRandom.
//
// Its weights are random, so it cannot translate. The classroom use is teacher forcing: the
// user types the source sentence and its translation, and the three stacks show how an
// (untrained) decoder reads them. Without a target, generate() writes greedily from a small
// list of English words (TeachingTranslationTokenizer::writableWords) until </s> or a short
// limit, which shows what an untrained model writes: word salad.
//
// TeachingOptions: d_model, heads, layers (of each stack), seed, positional and max positions
// apply; causal does not (the encoder never masks, the decoder always does).

#include <memory>
#include <vector>

#include "model/Model.h"
#include "model/Predictions.h"
#include "teaching/TeachingModel.h"
#include "teaching/TeachingTranslationTokenizer.h"

namespace headmap {

class TeachingTranslationModel : public Model, public PartialOutputHead {
public:
    explicit TeachingTranslationModel(const TeachingOptions& options);

    const ModelSummary& summary() const override { return m_summary; }
    const Tokenizer& tokenizer() const override { return m_tokenizer; }
    const TeachingOptions& options() const { return m_options; }

    RowVectorF embedding(int tokenId) const;  // (D) the same vectors as builtin:teaching's

    // The output head scores the writable words, </s> and the decoder's own words
    // (PartialOutputHead), not all 2^24 hashed ids; outputLogits() says so.
    bool hasOutputHead() const override { return true; }
    RowVectorF outputLogits(const MatrixF& hidden, int position) const override;
    std::vector<int> scoredTokens(const std::vector<int>& inputIds) const override;
    RowVectorF scoreTokens(const MatrixF& hidden, int position, const std::vector<int>& ids) const override;

    Encoding decoderInputForTarget(const QString& target, const LanguageChoice& languages = {}) const override;
    // Greedy over the writable words and </s>; maxNewTokens < 0: 2·S + 8 (S source tokens).
    std::vector<int> generate(const Encoding& source, int maxNewTokens = -1,
                              const LanguageChoice& languages = {}) const override;
    Encoding decoderInputForGenerated(const std::vector<int>& generated,
                                      const LanguageChoice& languages = {}) const override;
    QString targetText(const std::vector<int>& ids) const override;

protected:
    MatrixF forward(const Encoding& input, ForwardContext& context) const override;

private:
    struct FeedForward {
        std::vector<float> w1, b1, w2, b2;  // (4D, D), (4D), (D, 4D), (D)
        Linear in, out;
    };
    struct Attention {
        std::vector<float> wQ, wK, wV, wO;  // (D, D) each, stored (out, in)
        AttentionWeights weights;
    };
    struct EncoderLayer {
        Attention self;
        FeedForward ffn;
    };
    struct DecoderLayer {
        Attention self, cross;
        FeedForward ffn;
    };

    // Fill in place: the Linear views point into the vectors.
    void drawAttention(Attention& attention, const QByteArray& prefix) const;
    void drawFeedForward(FeedForward& ffn, const QByteArray& prefix) const;
    MatrixF embed(const std::vector<int>& ids) const;  // (T, D) embeddings plus positions
    // The encoder's output (S, D) and the decoder's (T, D); with a context, their attention
    // is recorded in the encoder, decoder and cross stacks, else it only computes.
    MatrixF encode(const std::vector<int>& ids, ForwardContext* context) const;
    MatrixF decode(const std::vector<int>& ids, const MatrixF& memory, ForwardContext* context) const;
    MatrixF feedForward(const FeedForward& ffn, const MatrixF& x) const;

    TeachingOptions m_options;
    ModelSummary m_summary;
    TeachingTranslationTokenizer m_tokenizer;
    // Pointers: the Linear views point into the vectors, which must not move.
    std::vector<std::unique_ptr<EncoderLayer>> m_encoderLayers;
    std::vector<std::unique_ptr<DecoderLayer>> m_decoderLayers;
    std::vector<int> m_writable;  // what generate() chooses from: the writable words, then </s>
    MatrixF m_writableEmbeddings;  // (words + 1, D) their embeddings, in that order
};

}  // namespace headmap
