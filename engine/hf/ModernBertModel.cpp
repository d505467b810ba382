#include "hf/ModernBertModel.h"

#include <cmath>

#include <QCoreApplication>

#include "core/HeadmapError.h"
#include "hf/WeightLookup.h"

namespace headmap {
namespace {

// Tensor names of modeling_modernbert.py: ModernBertForMaskedLM keeps the encoder under
// "model." and its head as head.dense, head.norm and decoder (tied to the word embeddings).
const QString kProbe = QStringLiteral("embeddings.tok_embeddings.weight");

}  // namespace

ModernBertModel::ModernBertModel(ModernBertConfig config, std::unique_ptr<Checkpoint> checkpoint,
                                 std::unique_ptr<Tokenizer> tokenizer, const QString& name)
    : CheckpointModel(std::move(checkpoint), std::move(tokenizer)), m_config(std::move(config)) {
    const ModernBertConfig& c = m_config;
    mutableSummary() = summaryOf(c, this->tokenizer(), name);
    m_globalRotary = RotaryEmbedding(c.globalRope);
    m_localRotary = RotaryEmbedding(c.localRope);

    const ArenaReader reader(this->checkpoint(), m_owned);
    const Checkpoint& source =
        this->checkpoint().convertsOnRead() ? static_cast<const Checkpoint&>(reader) : this->checkpoint();
    const WeightLookup weights(source, {QStringLiteral("model."), QString()}, kProbe);
    const qint64 d = c.hiddenSize;
    m_embeddings = weights.require(kProbe, {c.vocabSize, d});
    m_embeddingNorm = norm(weights, QStringLiteral("embeddings.norm"));
    m_layers.resize(size_t(c.layers));
    for (int l = 0; l < c.layers; ++l)
        loadLayer(weights, l, m_layers[size_t(l)]);
    m_finalNorm = norm(weights, QStringLiteral("final_norm"));
    loadHead(source);
}

ModelSummary ModernBertModel::summaryOf(const ModernBertConfig& c, const Tokenizer& tokenizer, const QString& name) {
    ModelSummary summary;
    summary.name = name;
    summary.shownName = ModelSummary::displayNameOf(name);  // once: it may look at the disk
    summary.architecture = c.modelType;
    summary.layers = c.layers;
    summary.heads = c.heads;
    summary.kvHeads = c.heads;
    summary.dModel = c.hiddenSize;
    summary.dHead = c.headDim;
    summary.maxPositions = c.maxPositions;
    summary.vocabSize = c.vocabSize;
    summary.causal = false;
    summary.positions = c.ropeDescription();
    for (int l = 0; l < c.layers; ++l)  // as forward() masks each layer
        summary.layerMasks.push_back(c.maskOfLayer(l));
    summary.pieces = tokenizer.pieceStyle();
    return summary;
}

ModernBertModel::Norm ModernBertModel::norm(const WeightLookup& weights, const QString& name) const {
    const qint64 d = m_config.hiddenSize;
    const float* weight = weights.require(name + QStringLiteral(".weight"), {d});
    return Norm{weight, m_config.normBias ? weights.require(name + QStringLiteral(".bias"), {d}) : nullptr};
}

void ModernBertModel::loadLayer(const WeightLookup& weights, int l, Layer& layer) const {
    const ModernBertConfig& c = m_config;
    const int d = c.hiddenSize;
    const int ff = c.intermediateSize;
    const QString base = QStringLiteral("layers.%1.").arg(l);
    if (l > 0)  // ModernBertEncoderLayer: layer 0's attn_norm is nn.Identity
        layer.attentionNorm = norm(weights, base + QStringLiteral("attn_norm"));

    // Wqkv (3·D, D): view(T, 3, H, Dh) puts q in rows [0, D), k in [D, 2·D), v in [2·D, 3·D).
    const QString qkv = base + QStringLiteral("attn.Wqkv");
    const float* fused = weights.require(qkv + QStringLiteral(".weight"), {3 * d, d});
    const float* fusedBias = c.attentionBias ? weights.require(qkv + QStringLiteral(".bias"), {3 * d}) : nullptr;
    Linear* parts[3] = {&layer.attention.query, &layer.attention.key, &layer.attention.value};
    for (int p = 0; p < 3; ++p)
        *parts[p] = Linear(fused + size_t(p) * size_t(d) * size_t(d), fusedBias ? fusedBias + size_t(p) * size_t(d) : nullptr,
                           d, d, WeightLayout::OutIn);
    const QString wo = base + QStringLiteral("attn.Wo");
    const float* outWeight = weights.require(wo + QStringLiteral(".weight"), {d, d});
    layer.attention.output = Linear(outWeight, c.attentionBias ? weights.require(wo + QStringLiteral(".bias"), {d}) : nullptr,
                                    d, d, WeightLayout::OutIn);

    layer.mlpNorm = norm(weights, base + QStringLiteral("mlp_norm"));
    // Wi (2·FF, D): input, gate = Wi(x).chunk(2): rows [0, FF) are activated, [FF, 2·FF) gate them.
    const QString wi = base + QStringLiteral("mlp.Wi");
    const float* in = weights.require(wi + QStringLiteral(".weight"), {2 * ff, d});
    const float* inBias = c.mlpBias ? weights.require(wi + QStringLiteral(".bias"), {2 * ff}) : nullptr;
    layer.input = Linear(in, inBias, d, ff, WeightLayout::OutIn);
    layer.gate = Linear(in + size_t(ff) * size_t(d), inBias ? inBias + ff : nullptr, d, ff, WeightLayout::OutIn);
    const QString mlpOut = base + QStringLiteral("mlp.Wo");
    const float* out = weights.require(mlpOut + QStringLiteral(".weight"), {d, ff});
    layer.output = Linear(out, c.mlpBias ? weights.require(mlpOut + QStringLiteral(".bias"), {d}) : nullptr, ff, d,
                          WeightLayout::OutIn);
}

// ModernBertPredictionHead (dense with classifier_bias, classifier_activation, norm) and the
// decoder: with tie_word_embeddings the word embeddings (a stored decoder.weight is ignored),
// else the stored one; its bias with decoder_bias. A bare ModernBertModel checkpoint has none.
void ModernBertModel::loadHead(const Checkpoint& source) {
    const ModernBertConfig& c = m_config;
    const qint64 d = c.hiddenSize;
    QStringList needed = {QStringLiteral("head.dense.weight"), QStringLiteral("head.norm.weight")};
    if (c.classifierBias)
        needed << QStringLiteral("head.dense.bias");
    if (c.normBias)
        needed << QStringLiteral("head.norm.bias");
    if (c.decoderBias)
        needed << QStringLiteral("decoder.bias");
    if (!c.tieEmbeddings)
        needed << QStringLiteral("decoder.weight");
    QStringList missing;
    for (const QString& name : needed)
        if (!source.info(name))
            missing << name;
    if (!missing.isEmpty()) {
        m_headMissing = missing.size() == needed.size()
                            ? QCoreApplication::translate("Engine", "%1 has no masked-language-model head: %2 holds "
                                                                    "none of %3 (a checkpoint of the bare encoder; the "
                                                                    "*ForMaskedLM one has them)")
                                  .arg(summary().displayName(), checkpoint().description(), needed.join(QStringLiteral(", ")))
                            : QCoreApplication::translate("Engine", "%1 has an incomplete masked-language-model head: "
                                                                    "%2 holds no %3")
                                  .arg(summary().displayName(), checkpoint().description(), missing.join(QStringLiteral(", ")));
        return;
    }
    const WeightLookup head(source, {QString()}, needed.first());
    const float* dense = head.require(QStringLiteral("head.dense.weight"), {d, d});
    const float* denseBias = c.classifierBias ? head.require(QStringLiteral("head.dense.bias"), {d}) : nullptr;
    m_head.norm = norm(head, QStringLiteral("head.norm"));
    m_head.decoder = c.tieEmbeddings ? m_embeddings : head.require(QStringLiteral("decoder.weight"), {c.vocabSize, d});
    m_head.bias = c.decoderBias ? head.require(QStringLiteral("decoder.bias"), {c.vocabSize}) : nullptr;
    m_head.dense = Linear(dense, denseBias, int(d), int(d), WeightLayout::OutIn);
}

QString ModernBertModel::outputHeadMissing() const {
    return hasOutputHead() ? QString() : m_headMissing;
}

RowVectorF ModernBertModel::outputLogits(const MatrixF& hidden, int position) const {
    if (!hasOutputHead())
        throw InputError(m_headMissing);
    const ModernBertConfig& c = m_config;
    if (position < 0 || position >= hidden.rows() || hidden.cols() != c.hiddenSize)
        throw InputError(QCoreApplication::translate("Engine", "no hidden state for position %1 "
                                                               "(%2 × %3 given, %4 wide expected)")
                             .arg(position).arg(hidden.rows()).arg(hidden.cols()).arg(c.hiddenSize));
    MatrixF x = m_head.dense.forward(hidden.row(position));  // (1, D)
    applyActivation(x, c.classifierActivation);
    normalize(x, m_head.norm);
    const ConstMatrixMap decoder(m_head.decoder, c.vocabSize, c.hiddenSize);  // (vocab, D)
    RowVectorF logits = x.row(0) * decoder.transpose();                       // (vocab)
    if (m_head.bias)
        logits += ConstRowVectorMap(m_head.bias, c.vocabSize);
    return logits;
}

void ModernBertModel::normalize(MatrixF& x, const Norm& norm) const {
    layerNormRows(x, norm.weight, norm.bias, m_config.normEps);
}

MatrixF ModernBertModel::forward(const Encoding& input, ForwardContext& context) const {
    const ModernBertConfig& c = m_config;
    const int t = input.size();
    const int d = c.hiddenSize;
    MatrixF x(t, d);  // (T, D) the residual stream
    for (int i = 0; i < t; ++i) {
        const int id = input.ids[size_t(i)];
        if (id < 0 || id >= c.vocabSize)
            throw InputError(QCoreApplication::translate("Engine", "token id %1 at position %2 is outside 0..%3")
                                 .arg(id).arg(i).arg(c.vocabSize - 1));
        x.row(i) = ConstRowVectorMap(m_embeddings + size_t(id) * size_t(d), d);
    }
    normalize(x, m_embeddingNorm);

    const RotaryEmbedding::Table global = m_globalRotary.table(t);
    const RotaryEmbedding::Table local = m_localRotary.table(t);
    for (int l = 0; l < c.layers; ++l) {
        const Layer& layer = m_layers[size_t(l)];
        AttentionSpec spec;
        spec.heads = spec.kvHeads = c.heads;
        spec.headDim = c.headDim;
        spec.scale = float(1.0 / std::sqrt(double(c.headDim)));
        const MaskRule mask = c.maskOfLayer(l);
        spec.mask = mask.kind;
        spec.window = mask.window;
        spec.rotary = c.localLayer[size_t(l)] ? &local : &global;

        MatrixF h = x;
        if (layer.attentionNorm.weight)
            normalize(h, layer.attentionNorm);
        x += context.attention(l, layer.attention, spec, h);
        h = x;
        normalize(h, layer.mlpNorm);
        MatrixF a = layer.input.forward(h);  // (T, FF)
        applyActivation(a, c.activation);
        a.array() *= layer.gate.forward(h).array();
        x += layer.output.forward(a);
        if (!context.layerDone(l))
            return MatrixF();
    }
    normalize(x, m_finalNorm);
    return x;
}

}  // namespace headmap
