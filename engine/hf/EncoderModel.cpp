#include "hf/EncoderModel.h"

#include "core/HeadmapError.h"
#include "core/Ops.h"
#include "hf/WeightLookup.h"

namespace headmap {

// How one architecture spells its tensors; %1 is the layer index.
struct EncoderModel::TensorNames {
    QStringList prefixes;
    QString embeddings;  // "embeddings." before word_embeddings etc.
    QString layer;
    QString query, key, value, attentionOut, attentionNorm, ffnIn, ffnOut, outputNorm;
};

EncoderModel::EncoderModel(HfConfig config, std::unique_ptr<Checkpoint> checkpoint,
                           std::unique_ptr<Tokenizer> tokenizer, const QString& name)
    : HfModel(std::move(config), std::move(checkpoint), std::move(tokenizer), name) {
    const HfConfig& c = this->config();
    const TensorNames names = namesFor(c.modelType);
    const WeightLookup weights(this->checkpoint(), names.prefixes,
                               names.embeddings + QStringLiteral("word_embeddings.weight"));
    if (c.modelType == QLatin1String("roberta"))
        m_positionOffset = c.padTokenId + 1;  // HfModel::summaryOf checked that positions remain
    loadWeights(weights, names);
}

void EncoderModel::loadWeights(const WeightLookup& weights, const TensorNames& n) {
    const HfConfig& c = config();
    const qint64 d = c.hiddenSize;
    const qint64 ff = c.intermediateSize;
    auto norm = [&](const QString& base) {
        return LayerNormWeights{weights.require(base + QStringLiteral(".weight"), {d}),
                                weights.require(base + QStringLiteral(".bias"), {d})};
    };
    auto linear = [&](const QString& base, qint64 in, qint64 out) {
        // One statement per tensor: a missing weight is reported before its bias.
        const float* weight = weights.require(base + QStringLiteral(".weight"), {out, in});
        const float* bias = weights.require(base + QStringLiteral(".bias"), {out});
        return Linear(weight, bias, int(in), int(out), WeightLayout::OutIn);
    };

    m_wordEmbeddings = weights.require(n.embeddings + QStringLiteral("word_embeddings.weight"), {c.vocabSize, d});
    m_positionEmbeddings = weights.require(n.embeddings + QStringLiteral("position_embeddings.weight"), {c.maxPositions, d});
    if (c.typeVocabSize > 0)
        m_typeEmbeddings = weights.require(n.embeddings + QStringLiteral("token_type_embeddings.weight"), {c.typeVocabSize, d});
    m_embeddingNorm = norm(n.embeddings + QStringLiteral("LayerNorm"));

    m_layers.resize(size_t(c.layers));
    for (int l = 0; l < c.layers; ++l) {
        const QString base = n.layer.arg(l);
        Layer& layer = m_layers[size_t(l)];
        layer.attention.query = linear(base + n.query, d, d);
        layer.attention.key = linear(base + n.key, d, d);
        layer.attention.value = linear(base + n.value, d, d);
        layer.attention.output = linear(base + n.attentionOut, d, d);
        layer.attentionNorm = norm(base + n.attentionNorm);
        layer.ffnIn = linear(base + n.ffnIn, d, ff);
        layer.ffnOut = linear(base + n.ffnOut, ff, d);
        layer.outputNorm = norm(base + n.outputNorm);
    }
}

MatrixF EncoderModel::forward(const Encoding& input, ForwardContext& context) const {
    const HfConfig& c = config();
    const int t = input.size();
    const int d = c.hiddenSize;
    MatrixF x(t, d);  // (T, D)
    for (int i = 0; i < t; ++i) {
        x.row(i) = ConstRowVectorMap(m_wordEmbeddings + size_t(input.ids[size_t(i)]) * size_t(d), d) +
                   ConstRowVectorMap(m_positionEmbeddings + size_t(i + m_positionOffset) * size_t(d), d);
        if (m_typeEmbeddings) {
            const int type = input.typeId(i);
            if (type < 0 || type >= c.typeVocabSize)
                throw InputError(QStringLiteral("token type %1 at position %2 is outside 0..%3")
                                     .arg(type).arg(i).arg(c.typeVocabSize - 1));
            x.row(i) += ConstRowVectorMap(m_typeEmbeddings + size_t(type) * size_t(d), d);
        }
    }
    layerNormRows(x, m_embeddingNorm.gamma, m_embeddingNorm.beta, c.layerNormEps);

    for (int l = 0; l < c.layers; ++l) {
        const Layer& layer = m_layers[size_t(l)];
        x += context.attention(l, layer.attention, x, c.heads, false);
        layerNormRows(x, layer.attentionNorm.gamma, layer.attentionNorm.beta, c.layerNormEps);
        MatrixF hidden = layer.ffnIn.forward(x);  // (T, FF)
        applyActivation(hidden, c.activation);
        x += layer.ffnOut.forward(hidden);
        layerNormRows(x, layer.outputNorm.gamma, layer.outputNorm.beta, c.layerNormEps);
        if (!context.layerDone(l))
            return MatrixF();
    }
    return x;
}

EncoderModel::TensorNames EncoderModel::namesFor(const QString& modelType) {
    EncoderModel::TensorNames n;
    if (modelType == QLatin1String("distilbert")) {
        n.prefixes = {QStringLiteral("distilbert."), QString()};
        n.embeddings = QStringLiteral("embeddings.");
        n.layer = QStringLiteral("transformer.layer.%1.");
        n.query = QStringLiteral("attention.q_lin");
        n.key = QStringLiteral("attention.k_lin");
        n.value = QStringLiteral("attention.v_lin");
        n.attentionOut = QStringLiteral("attention.out_lin");
        n.attentionNorm = QStringLiteral("sa_layer_norm");
        n.ffnIn = QStringLiteral("ffn.lin1");
        n.ffnOut = QStringLiteral("ffn.lin2");
        n.outputNorm = QStringLiteral("output_layer_norm");
        return n;
    }
    n.prefixes = {modelType + QLatin1Char('.'), QString()};
    n.embeddings = QStringLiteral("embeddings.");
    n.layer = QStringLiteral("encoder.layer.%1.");
    n.query = QStringLiteral("attention.self.query");
    n.key = QStringLiteral("attention.self.key");
    n.value = QStringLiteral("attention.self.value");
    n.attentionOut = QStringLiteral("attention.output.dense");
    n.attentionNorm = QStringLiteral("attention.output.LayerNorm");
    n.ffnIn = QStringLiteral("intermediate.dense");
    n.ffnOut = QStringLiteral("output.dense");
    n.outputNorm = QStringLiteral("output.LayerNorm");
    return n;
}

}  // namespace headmap
