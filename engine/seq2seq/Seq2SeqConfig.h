#pragma once
// The numbers and switches of a BART-style encoder–decoder (Marian/opus-mt, BART, mBART,
// M2M100/NLLB) from config.json and generation_config.json, checked: what differs between the
// families comes from their traits row (hf/FamilyTraits.h), the sizes from the config.

#include <vector>

#include <QJsonObject>
#include <QString>

#include "core/Ops.h"

namespace headmap {

struct FamilyTraits;
struct Seq2SeqTensorNames;

// How a stack turns positions into vectors.
enum class Seq2SeqPositions {
    SinusoidalHalves,   // Marian: sin in the first half, cos in the second, from position 0
    SinusoidalFairseq,  // M2M100: tensor2tensor's table, from padding_idx + 1, pad rows zero
    LearnedOffsetTwo,   // BART, mBART: embed_positions rows from position + 2
    RelativeBuckets,    // T5: no position vectors; a bucketed bias on self-attention scores
};

// Greedy decoding's settings, as generate() reads them (generation_config.json over config.json).
struct GenerationSettings {
    int decoderStartTokenId = 0;
    int eosTokenId = 0;
    int padTokenId = 0;
    int forcedBosTokenId = -1;  // -1: none
    int forcedEosTokenId = -1;
    int maxLength = 20;         // new tokens at most (generate() counts the start token on top)
    int minLength = 0;
    int noRepeatNgramSize = 0;
    int numBeams = 1;           // reported; Headmap decodes greedily
    std::vector<std::vector<int>> badWordsIds;
};

struct Seq2SeqConfig {
    QString path;  // FOLDER/config.json, for messages
    QString modelType;
    int dModel = 0;
    int encoderLayers = 0, decoderLayers = 0;
    int encoderHeads = 0, decoderHeads = 0;
    int encoderFfn = 0, decoderFfn = 0;
    int headDim = 0;  // d_kv for T5 (heads·d_kv need not be d_model); else d_model / heads
    int vocabSize = 0;
    int decoderVocabSize = 0;  // Marian with separate vocabularies; else vocabSize
    int maxPositions = 0;
    int padTokenId = 0;
    Activation activation = Activation::GeluErf;
    bool scaleEmbedding = false;
    bool preNorm = false;             // mBART, M2M100 (normalize_before); else post-norm
    bool embeddingNorm = false;       // layernorm_embedding (BART, mBART)
    bool finalStackNorms = false;     // encoder.layer_norm / decoder.layer_norm (mBART, M2M100)
    bool finalLogitsBias = false;     // the *ForConditionalGeneration buffer (Marian, BART, mBART)
    bool sharedEmbeddings = true;     // share_encoder_decoder_embeddings (Marian)
    bool tieWordEmbeddings = true;    // lm_head is the decoder's embedding
    bool rmsNorm = false;             // T5's LayerNorm without mean or bias
    bool biases = true;               // on every projection (T5: none)
    bool preferStoredHead = false;    // T5: lm_head.weight when the file has one, tied or not
    bool gatedFfn = false;            // T5 v1.1: wo(act(wi_0·x) ⊙ wi_1·x)
    bool scaledScores = true;         // q·kᵀ/√Dh (T5: unscaled)
    float outputScale = 1.0f;         // T5 with tied embeddings: d_model^-0.5 before lm_head
    int relativeBuckets = 0, relativeMaxDistance = 0;  // T5
    const Seq2SeqTensorNames* names = nullptr;
    Seq2SeqPositions positions = Seq2SeqPositions::LearnedOffsetTwo;
    float layerNormEps = 1e-5f;
    GenerationSettings generation;

    int targetVocabSize() const { return decoderVocabSize > 0 ? decoderVocabSize : vocabSize; }

    // Throws ModelError naming the file and the field: missing or out-of-range numbers, heads
    // that do not divide d_model, an activation or option Headmap does not compute.
    static Seq2SeqConfig fromJson(const QString& path, const QJsonObject& json, const FamilyTraits& family,
                                  const QJsonObject& generationConfig);
    // FOLDER's config.json and generation_config.json (absent: config.json's own settings).
    static Seq2SeqConfig read(const QString& folder, const QString& path, const QJsonObject& json,
                              const FamilyTraits& family);
};

}  // namespace headmap
