#pragma once
// config.json of a Hugging Face model folder, read into the few numbers Headmap needs. Each
// architecture names its fields differently (hidden_size / dim / n_embd); this is the one place
// that knows the spellings.

#include <QJsonObject>
#include <QString>

#include "core/Ops.h"
#include "hf/FamilyTraits.h"

namespace headmap {

struct HfConfig {
    QString path;             // the config.json file, for messages
    QString modelType;        // a row of familyTraitsTable() whose class is Encoder or Gpt2
    int hiddenSize = 0;
    int heads = 0;
    int layers = 0;
    int intermediateSize = 0;
    int maxPositions = 0;
    int vocabSize = 0;
    int typeVocabSize = 0;    // 0: no token type embeddings
    int padTokenId = -1;
    float layerNormEps = 1e-12f;
    Activation activation = Activation::GeluErf;

    // Throws ModelError naming config.json and the field: missing, wrong type, out of range,
    // unsupported model_type / activation / position_embedding_type, or heads not dividing the
    // hidden size.
    static HfConfig load(const QString& folder);
    static HfConfig fromJson(const QString& path, const QJsonObject& json);
    static QStringList supportedModelTypes();  // of familyTraitsTable(), in its order
    // The row of modelType (throws ModelError if there is none, which fromJson rules out).
    const FamilyTraits& traits() const;
};

}  // namespace headmap
