#include "hf/EncoderModel.h"

#include <algorithm>
#include <utility>

#include <QCoreApplication>

#include "core/HeadmapError.h"
#include "core/Ops.h"
#include "hf/WeightLookup.h"

namespace headmap {

EncoderModel::EncoderModel(HfConfig config, std::unique_ptr<Checkpoint> checkpoint,
                           std::unique_ptr<Tokenizer> tokenizer, const QString& name)
    : HfModel(std::move(config), std::move(checkpoint), std::move(tokenizer), name) {
    const HfConfig& c = this->config();
    m_family = &c.traits();
    m_names = m_family->encoderNames;  // every Encoder row has them (tst_familytraits)
    m_streaming = this->checkpoint().convertsOnRead();
    const ArenaReader reader(this->checkpoint(), m_owned);
    // A *ForMaskedLM checkpoint prefixes the encoder's names ("bert."), a bare *Model one not.
    const WeightLookup weights(m_streaming ? static_cast<const Checkpoint&>(reader) : this->checkpoint(),
                               {m_names->prefix, QString()},
                               m_names->embeddings + QStringLiteral("word_embeddings.weight"));
    if (m_family->positions == PositionKind::LearnedAfterPadding)
        m_positionOffset = c.padTokenId + 1;  // HfModel::summaryOf checked that positions remain
    loadEmbeddings(weights);
    if (!m_streaming) {
        m_layers.resize(size_t(c.layers));
        for (int l = 0; l < c.layers; ++l)
            loadLayer(weights, l, m_layers[size_t(l)]);
    }
    loadMaskedLmHead();
}

// The heads' tensors sit outside the model prefix ("cls.", "lm_head.", "vocab_*"). Read from
// modeling_bert.py (BertPredictionHeadTransform: dense, ACT2FN[hidden_act], LayerNorm with
// layer_norm_eps; BertLMPredictionHead: decoder + bias), modeling_roberta.py (RobertaLMHead:
// dense, gelu, layer_norm with layer_norm_eps, decoder + bias) and modeling_distilbert.py
// (DistilBertForMaskedLM: vocab_transform, get_activation(activation), vocab_layer_norm with
// eps 1e-12, which HfConfig also gives DistilBERT's layer_norm_eps, vocab_projector with its
// bias). The names are the family's EncoderTensorNames.
void EncoderModel::loadMaskedLmHead() {
    const HfConfig& c = config();
    const QString& dense = m_names->headDense;
    const QString& norm = m_names->headNorm;
    const QString& bias = m_names->headBias;
    const QString& altBias = m_names->headAltBias;
    const Activation activation = m_family->maskedLmActivation.value_or(c.activation);
    const float eps = c.layerNormEps;
    const QStringList needed = {dense + QStringLiteral(".weight"), dense + QStringLiteral(".bias"),
                                norm + QStringLiteral(".weight"), norm + QStringLiteral(".bias"), bias};
    if (!checkpoint().info(needed.first())) {
        m_headMissing = QCoreApplication::translate("Engine", "%1 has no masked-language-model head: %2 holds none of "
                                                              "%3 (a checkpoint of the bare encoder; the *ForMaskedLM "
                                                              "one has them)")
                            .arg(summary().displayName(), checkpoint().description(), needed.join(QStringLiteral(", ")));
        return;
    }
    const ArenaReader reader(checkpoint(), m_owned);
    const WeightLookup head(m_streaming ? static_cast<const Checkpoint&>(reader) : checkpoint(), {QString()},
                            needed.first());
    QStringList missing;
    for (const QString& name : needed)
        if (!head.contains(name) && !(name == bias && !altBias.isEmpty() && head.contains(altBias)))
            missing << name;
    if (!missing.isEmpty()) {
        m_headMissing = QCoreApplication::translate("Engine",
                                                    "%1 has an incomplete masked-language-model head: %2 holds no %3")
                            .arg(summary().displayName(), checkpoint().description(), missing.join(QStringLiteral(", ")));
        return;
    }
    const qint64 d = c.hiddenSize;
    const float* denseWeight = head.require(dense + QStringLiteral(".weight"), {d, d});
    const float* denseBias = head.require(dense + QStringLiteral(".bias"), {d});
    m_head.norm = {head.require(norm + QStringLiteral(".weight"), {d}), head.require(norm + QStringLiteral(".bias"), {d})};
    m_head.bias = head.require(head.contains(bias) ? bias : altBias, {c.vocabSize});
    m_head.activation = activation;
    m_head.eps = eps;
    m_head.transform = Linear(denseWeight, denseBias, int(d), int(d), WeightLayout::OutIn);
}

QString EncoderModel::outputHeadMissing() const {
    return hasOutputHead() ? QString() : m_headMissing;
}

RowVectorF EncoderModel::outputLogits(const MatrixF& hidden, int position) const {
    if (!hasOutputHead())
        throw InputError(m_headMissing);
    const HfConfig& c = config();
    if (position < 0 || position >= hidden.rows() || hidden.cols() != c.hiddenSize)
        throw InputError(QCoreApplication::translate("Engine", "no hidden state for position %1 "
                                                               "(%2 × %3 given, %4 wide expected)")
                             .arg(position).arg(hidden.rows()).arg(hidden.cols()).arg(c.hiddenSize));
    MatrixF x = m_head.transform.forward(hidden.row(position));  // (1, D)
    applyActivation(x, m_head.activation);
    layerNormRows(x, m_head.norm.gamma, m_head.norm.beta, m_head.eps);
    const ConstRowVectorMap bias(m_head.bias, c.vocabSize);
    if (!m_streaming) {
        const ConstMatrixMap decoder(m_wordEmbeddings, c.vocabSize, c.hiddenSize);  // (vocab, D)
        return x.row(0) * decoder.transpose() + bias;
    }
    return productWithRowsInSlices(checkpoint(), m_wordName, c.vocabSize, x.row(0)) + bias;
}

namespace {

LayerNormWeights layerNorm(const WeightLookup& weights, const QString& base, qint64 d) {
    return LayerNormWeights{weights.require(base + QStringLiteral(".weight"), {d}),
                            weights.require(base + QStringLiteral(".bias"), {d})};
}

}  // namespace

void EncoderModel::loadEmbeddings(const WeightLookup& weights) {
    const HfConfig& c = config();
    const qint64 d = c.hiddenSize;
    const EncoderTensorNames& n = *m_names;
    const QString word = n.embeddings + QStringLiteral("word_embeddings.weight");
    const QString position = n.embeddings + QStringLiteral("position_embeddings.weight");
    m_prefix = weights.prefix();
    if (m_streaming) {
        // Only the shapes now; the rows are read when tokens need them.
        m_wordName = weights.requireShape(word, {c.vocabSize, d});
        m_positionName = weights.requireShape(position, {c.maxPositions, d});
    } else {
        m_wordEmbeddings = weights.require(word, {c.vocabSize, d});
        m_positionEmbeddings = weights.require(position, {c.maxPositions, d});
    }
    if (c.typeVocabSize > 0)
        m_typeEmbeddings = weights.require(n.embeddings + QStringLiteral("token_type_embeddings.weight"), {c.typeVocabSize, d});
    m_embeddingNorm = layerNorm(weights, n.embeddings + QStringLiteral("LayerNorm"), d);
}

void EncoderModel::loadLayer(const WeightLookup& weights, int l, Layer& layer) const {
    const HfConfig& c = config();
    const qint64 d = c.hiddenSize;
    const qint64 ff = c.intermediateSize;
    const EncoderTensorNames& n = *m_names;
    auto linear = [&](const QString& base, qint64 in, qint64 out) {
        // One statement per tensor: a missing weight is reported before its bias.
        const float* weight = weights.require(base + QStringLiteral(".weight"), {out, in});
        const float* bias = weights.require(base + QStringLiteral(".bias"), {out});
        return Linear(weight, bias, int(in), int(out), WeightLayout::OutIn);
    };
    const QString base = n.layer.arg(l);
    layer.attention.query = linear(base + n.query, d, d);
    layer.attention.key = linear(base + n.key, d, d);
    layer.attention.value = linear(base + n.value, d, d);
    layer.attention.output = linear(base + n.attentionOut, d, d);
    layer.attentionNorm = layerNorm(weights, base + n.attentionNorm, d);
    layer.ffnIn = linear(base + n.ffnIn, d, ff);
    layer.ffnOut = linear(base + n.ffnOut, ff, d);
    layer.outputNorm = layerNorm(weights, base + n.outputNorm, d);
}

const EncoderModel::Layer& EncoderModel::layerWeights(int layer, LayerArena& arena, Layer& scratch) const {
    if (!m_streaming)
        return m_layers[size_t(layer)];
    arena.reset();
    const ArenaReader reader(checkpoint(), arena);
    loadLayer(WeightLookup(reader, {m_prefix}, m_names->embeddings + QStringLiteral("word_embeddings.weight")), layer,
              scratch);
    return scratch;
}

void EncoderModel::embeddingRow(const QString& name, const float* inPlace, qint64 row, float* out) const {
    const int d = config().hiddenSize;
    if (m_streaming)
        checkpoint().readRows(name, row, 1, out);
    else
        std::copy(inPlace + size_t(row) * size_t(d), inPlace + size_t(row + 1) * size_t(d), out);
}

MatrixF EncoderModel::forward(const Encoding& input, ForwardContext& context) const {
    const HfConfig& c = config();
    const int t = input.size();
    const int d = c.hiddenSize;
    MatrixF x(t, d);  // (T, D)
    RowVectorF position(d);
    for (int i = 0; i < t; ++i) {
        auto row = x.row(i);  // rows of MatrixF are contiguous
        embeddingRow(m_wordName, m_wordEmbeddings, input.ids[size_t(i)], row.data());
        embeddingRow(m_positionName, m_positionEmbeddings, i + m_positionOffset, position.data());
        row += position;
        if (m_typeEmbeddings) {
            const int type = input.typeId(i);
            if (type < 0 || type >= c.typeVocabSize)
                throw InputError(QCoreApplication::translate("Engine", "token type %1 at position %2 is outside 0..%3")
                                     .arg(type).arg(i).arg(c.typeVocabSize - 1));
            x.row(i) += ConstRowVectorMap(m_typeEmbeddings + size_t(type) * size_t(d), d);
        }
    }
    layerNormRows(x, m_embeddingNorm.gamma, m_embeddingNorm.beta, c.layerNormEps);

    LayerArena arena;  // streaming: this layer's weights, reused for the next
    Layer scratch;
    for (int l = 0; l < c.layers; ++l) {
        const Layer& layer = layerWeights(l, arena, scratch);
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

}  // namespace headmap
