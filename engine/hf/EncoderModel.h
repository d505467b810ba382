#pragma once
// BERT, RoBERTa and DistilBERT: post-LN encoders that differ only in tensor names, position ids
// and token types.
//   x = LayerNorm(E_word[ids] + E_pos[positions] (+ E_type[type ids]))
//   per layer: x = LN_attn(x + MultiHead(x));  x = LN_out(x + W2·act(W1·x + b1) + b2)
// With a masked-LM head (BertForMaskedLM / ForPreTraining, RobertaForMaskedLM,
// DistilBertForMaskedLM): logits = LN_head(act(W_t·x + b_t))·E_wordᵀ + b_vocab.

#include <vector>

#include "hf/HfModel.h"

namespace headmap {

class WeightLookup;

class EncoderModel : public HfModel {
public:
    EncoderModel(HfConfig config, std::unique_ptr<Checkpoint> checkpoint,
                 std::unique_ptr<Tokenizer> tokenizer, const QString& name);

    bool hasOutputHead() const override { return !m_head.transform.isNull(); }
    QString outputHeadMissing() const override;
    RowVectorF outputLogits(const MatrixF& hidden, int position) const override;

protected:
    MatrixF forward(const Encoding& input, ForwardContext& context) const override;

private:
    struct Layer {
        AttentionWeights attention;
        LayerNormWeights attentionNorm;
        Linear ffnIn, ffnOut;
        LayerNormWeights outputNorm;
    };
    // The masked-LM head. The decoder is the word embeddings: every family keeps
    // tie_word_embeddings' default (true), so transformers ties it and ignores a stored copy.
    struct MaskedLmHead {
        Linear transform;  // (D, D) dense
        Activation activation = Activation::GeluErf;
        LayerNormWeights norm;
        float eps = 1e-12f;
        const float* bias = nullptr;  // (vocab)
    };
    struct TensorNames;
    static TensorNames namesFor(const QString& modelType);

    void loadWeights(const WeightLookup& weights, const TensorNames& names);
    void loadMaskedLmHead();

    const float* m_wordEmbeddings = nullptr;      // (vocab, D)
    const float* m_positionEmbeddings = nullptr;  // (max positions, D)
    const float* m_typeEmbeddings = nullptr;      // (type vocab, D) or null
    LayerNormWeights m_embeddingNorm;
    std::vector<Layer> m_layers;
    int m_positionOffset = 0;  // RoBERTa counts positions from padding_idx + 1
    MaskedLmHead m_head;       // transform null when the checkpoint has no head
    QString m_headMissing;
};

}  // namespace headmap
