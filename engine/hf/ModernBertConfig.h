#pragma once
// config.json of ModernBERT (model_type "modernbert"), read as configuration_modernbert.py
// reads it: layers that attend globally every global_attn_every_n_layers-th layer and locally
// (within local_attention / 2 tokens on either side) in between, each kind with its own rotary
// base (global_rope_theta / local_rope_theta, or rope_parameters per layer type), GeGLU, and
// the norm_bias / attention_bias / mlp_bias / classifier_bias / decoder_bias switches. An option
// Headmap cannot honour is an error naming the field and its value.

#include <vector>

#include <QJsonObject>
#include <QString>

#include "core/MaskRule.h"
#include "core/Ops.h"
#include "core/RotaryEmbedding.h"

namespace headmap {

struct ModernBertConfig {
    QString path;  // the config.json file, for messages
    QString modelType;
    int hiddenSize = 0;
    int layers = 0;
    int heads = 0;
    int headDim = 0;
    int intermediateSize = 0;
    int vocabSize = 0;
    int maxPositions = 0;
    float normEps = 1e-5f;
    bool normBias = false;       // every LayerNorm (embeddings, blocks, final, head)
    bool attentionBias = false;  // Wqkv and Wo
    bool mlpBias = false;        // Wi and Wo
    bool classifierBias = false; // the masked-LM head's dense layer
    bool decoderBias = true;     // the masked-LM decoder's bias
    bool tieEmbeddings = true;
    Activation activation = Activation::GeluErf;            // hidden_activation
    Activation classifierActivation = Activation::GeluErf;  // classifier_activation
    int localAttention = 128;    // the local layers' window: local_attention / 2 tokens either side
    int globalEvery = 3;         // global_attn_every_n_layers
    std::vector<bool> localLayer;  // per layer: attends locally
    RopeParameters globalRope, localRope;

    static ModernBertConfig fromJson(const QString& path, const QJsonObject& json);
    // The mask rule of `layer` as modeling_modernbert.py's eager path applies it.
    MaskRule maskOfLayer(int layer) const;
    QString ropeDescription() const;
};

}  // namespace headmap
