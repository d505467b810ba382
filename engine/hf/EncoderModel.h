#pragma once
// BERT, RoBERTa and DistilBERT: post-LN encoders that differ only in tensor names, position ids
// and token types.
//   x = LayerNorm(E_word[ids] + E_pos[positions] (+ E_type[type ids]))
//   per layer: x = LN_attn(x + MultiHead(x));  x = LN_out(x + W2·act(W1·x + b1) + b2)
// With a masked-LM head (BertForMaskedLM / ForPreTraining, RobertaForMaskedLM,
// DistilBertForMaskedLM): logits = LN_head(act(W_t·x + b_t))·E_wordᵀ + b_vocab.
//
// Weights: F32 safetensors are used in place. From a checkpoint that converts on read (F16,
// BF16) each layer is converted when the forward pass reaches it, into buffers reused for the
// next (hf/LayerArena.h), the word and position embeddings row by row, E_word in slices for the
// logits; the small tensors (norms, token types, the head's transform) are converted once.

#include <vector>

#include "hf/HfModel.h"
#include "hf/LayerArena.h"

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

    void loadEmbeddings(const WeightLookup& weights);
    void loadLayer(const WeightLookup& weights, int layer, Layer& target) const;
    // Layer `layer`'s weights: m_layers' when in place, else converted into `arena`.
    const Layer& layerWeights(int layer, LayerArena& arena, Layer& scratch) const;
    void loadMaskedLmHead();
    // Row `row` of the word (`name` = m_wordName) or position embeddings into `out` (D floats).
    void embeddingRow(const QString& name, const float* inPlace, qint64 row, float* out) const;

    const FamilyTraits* m_family = nullptr;  // the row of config().modelType
    const EncoderTensorNames* m_names = nullptr;  // its tensor names
    bool m_streaming = false;                     // the checkpoint converts on read
    QString m_prefix;                             // the model prefix the checkpoint uses ("bert.", "")
    QString m_wordName, m_positionName;           // the stored names, for streaming
    const float* m_wordEmbeddings = nullptr;      // (vocab, D); null when streaming
    const float* m_positionEmbeddings = nullptr;  // (max positions, D); null when streaming
    const float* m_typeEmbeddings = nullptr;      // (type vocab, D) or null
    LayerNormWeights m_embeddingNorm;
    std::vector<Layer> m_layers;                  // empty when streaming
    LayerArena m_owned;                           // the small tensors when streaming
    int m_positionOffset = 0;  // PositionKind::LearnedAfterPadding (RoBERTa): padding_idx + 1
    MaskedLmHead m_head;       // transform null when the checkpoint has no head
    QString m_headMissing;
};

}  // namespace headmap
