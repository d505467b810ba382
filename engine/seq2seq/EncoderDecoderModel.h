#pragma once
// The BART-style encoder–decoder transformers that translate: Marian (opus-mt-*), BART and
// distilbart, mBART-25/50, M2M100 and NLLB-200. Their differences are a few switches of
// Seq2SeqConfig (from the family's traits row): where the LayerNorms sit, which positions, an
// embedding norm, final norms per stack, a final logits bias.
//   encoder:  x = E[src]·s + P(positions)   (LN_emb)
//             per layer: x = Block(x, SelfAttn);  x = Block(x, FFN)               (LN_final)
//   decoder:  y = E'[tgt]·s + P(positions)  (LN_emb)
//             per layer: y = Block(y, causal SelfAttn);  y = Block(y, CrossAttn(·, x));  y = Block(y, FFN)
//   logits:   y·W_lmᵀ + final_logits_bias
// where Block(x, f) = LN(x + f(x)) post-norm (Marian, BART) or x + f(LN(x)) pre-norm (mBART,
// M2M100), s = √d_model with scale_embedding. Every attention block goes through the shared
// multiHeadAttention (cross-attention: queries from y, keys and values from the encoder's x),
// recorded in the encoder, decoder and cross stacks of the trace.
//
// Weights: F32 safetensors are used in place; F16/BF16 are converted to floats once, at load
// (translation models are small: opus-mt is 75 M parameters).

#include <vector>

#include "hf/CheckpointModel.h"
#include "hf/HfModel.h"
#include "hf/LayerArena.h"
#include "seq2seq/Seq2SeqConfig.h"

namespace headmap {

class TargetSideTokenizer;
class WeightLookup;

class EncoderDecoderModel : public CheckpointModel {
public:
    EncoderDecoderModel(Seq2SeqConfig config, std::unique_ptr<Checkpoint> checkpoint,
                        std::unique_ptr<Tokenizer> tokenizer, const QString& name);

    const Seq2SeqConfig& config() const { return m_config; }
    static ModelSummary summaryOf(const Seq2SeqConfig& config, const Tokenizer& tokenizer, const QString& name);

    bool hasOutputHead() const override { return true; }
    RowVectorF outputLogits(const MatrixF& hidden, int position) const override;

    Encoding decoderInputForTarget(const QString& target, const LanguageChoice& languages = {}) const override;
    std::vector<int> generate(const Encoding& source, int maxNewTokens = -1,
                              const LanguageChoice& languages = {}) const override;
    Encoding decoderInputForGenerated(const std::vector<int>& generated,
                                      const LanguageChoice& languages = {}) const override;
    // The decoder's first token: the tokenizer's choice for these languages (mBART-25's target
    // language), else decoder_start_token_id. Throws InputError for an id past the vocabulary.
    int decoderStartFor(const LanguageChoice& languages) const;
    QString targetText(const std::vector<int>& ids) const override;
    // The tokenizer's language tokens (M2M100), else Marian's source-text codes for the target.
    QStringList sourceLanguages() const override;
    QStringList targetLanguages() const override;
    LanguageChoice defaultLanguages() const override;
    QString sourceTextFor(const QString& text, const QString& targetLanguage) const override;

protected:
    MatrixF forward(const Encoding& input, ForwardContext& context) const override;
    bool keepsAllConverted() const override { return true; }  // converted once when it opens

private:
    struct FeedForward {
        Linear in, up, out;  // up: the gated half (T5 v1.1), else null
    };
    struct EncoderLayer {
        AttentionWeights self;
        LayerNormWeights selfNorm;
        FeedForward ffn;
        LayerNormWeights finalNorm;
    };
    struct DecoderLayer {
        AttentionWeights self;
        LayerNormWeights selfNorm;
        AttentionWeights cross;
        LayerNormWeights crossNorm;
        FeedForward ffn;
        LayerNormWeights finalNorm;
    };
    struct Embedding {
        const float* tokens = nullptr;     // (vocab, D)
        const float* positions = nullptr;  // (rows, D) stored or computed table
        LayerNormWeights norm;             // layernorm_embedding, or null
        LayerNormWeights finalNorm;        // encoder.layer_norm / decoder.layer_norm, or null
        std::shared_ptr<const PositionBias> bias;  // T5: the stack's relative bias, or null
    };

    void load();
    AttentionWeights loadAttention(const WeightLookup& weights, const QString& base) const;
    LayerNormWeights loadNorm(const WeightLookup& weights, const QString& base) const;
    const float* positionTable(const WeightLookup& weights, const QString& stored);
    // (T, D) the stack's input for ids at positions first.. (the decoder's cache counts them).
    MatrixF embed(const Embedding& embedding, const std::vector<int>& ids, int first) const;
    int positionRow(const std::vector<int>& ids, int index, int first) const;
    void normalize(MatrixF& x, const LayerNormWeights& norm) const;
    // x ← Block(x, f): the residual and the LayerNorm on the side the family puts it.
    // Defined here: GreedyGeneration.cpp calls it with its own lambdas too.
    template <typename Sublayer>
    void block(MatrixF& x, const LayerNormWeights& norm, Sublayer&& sublayer) const {
        if (m_config.preNorm) {
            MatrixF normed = x;
            normalize(normed, norm);
            x += sublayer(normed);
        } else {
            x += sublayer(x);
            normalize(x, norm);
        }
    }
    FeedForward loadFeedForward(const WeightLookup& weights, const QString& base, int width) const;
    MatrixF feedForward(const FeedForward& ffn, const MatrixF& x) const;
    std::shared_ptr<const PositionBias> loadBias(const WeightLookup& weights, const QString& stack, bool bidirectional) const;
    // causal: the decoder's self-attention; bias: the stack's position bias (self-attention only).
    AttentionSpec spec(bool causal, const std::shared_ptr<const PositionBias>& bias) const;
    // The encoder's output (S, D); with a context, its attention recorded in the encoder stack.
    MatrixF encode(const std::vector<int>& ids, ForwardContext* context) const;
    RowVectorF logitsOf(const Eigen::Ref<const RowVectorF>& hidden) const;  // (target vocab)
    // The tokenizer's side that names the target (and its languages), or null.
    const TargetSideTokenizer* targetSide() const;

    Seq2SeqConfig m_config;
    std::vector<EncoderLayer> m_encoderLayers;
    std::vector<DecoderLayer> m_decoderLayers;
    Embedding m_encoder, m_decoder;
    const float* m_head = nullptr;        // (target vocab, D)
    const float* m_logitsBias = nullptr;  // (target vocab) or null
    LayerArena m_owned;                   // converted weights, computed position tables
    MatrixF m_sinusoid;                   // the computed position table, when nothing is stored
};

}  // namespace headmap
