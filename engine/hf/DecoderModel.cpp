#include "hf/DecoderModel.h"

#include <algorithm>
#include <cmath>

#include <QCoreApplication>

#include "core/HeadmapError.h"
#include "hf/StackedExperts.h"
#include "hf/WeightLookup.h"
#include "model/PrefixState.h"

namespace headmap {
namespace {

// A torch.nn.Linear stored as NAME.weight (out, in) and, with bias, NAME.bias (out).
Linear linear(const WeightLookup& weights, const QString& name, int in, int out, bool bias) {
    const float* weight = weights.require(name + QStringLiteral(".weight"), {out, in});
    const float* b = bias ? weights.require(name + QStringLiteral(".bias"), {out}) : nullptr;
    Linear layer(weight, b, in, out, WeightLayout::OutIn);
    layer.setStoredBf16(weights.storedBf16(name + QStringLiteral(".weight")));
    return layer;
}

}  // namespace

DecoderModel::DecoderModel(DecoderConfig config, std::unique_ptr<Checkpoint> checkpoint,
                           std::unique_ptr<Tokenizer> tokenizer, const QString& name)
    : CheckpointModel(std::move(checkpoint), std::move(tokenizer)), m_config(std::move(config)) {
    const DecoderConfig& c = m_config;
    m_family = &c.traits();
    m_names = m_family->decoderNames;  // every Decoder row has them (tst_familytraits)
    m_layout = m_family->layout;
    m_plusOneNorms = m_family->norm == NormKind::RmsNormPlusOne;
    m_layerNorms = m_family->norm == NormKind::LayerNorm;
    m_streaming = this->checkpoint().convertsOnRead();
    m_rotary = RotaryEmbedding(c.rope);
    if (c.localRope)
        m_localRotary = RotaryEmbedding(*c.localRope);

    mutableSummary() = summaryOf(c, this->tokenizer(), name);

    const int d = c.hiddenSize;
    // Streaming: the small tensors outside the layers are read once into m_owned; the layers,
    // embeddings and head stay in the file. Their shapes are checked here for the embeddings and
    // head, by the checkpoint when it opens (GgufCheckpoint) and by WeightLookup for each layer.
    const ArenaReader reader(this->checkpoint(), m_owned);
    const Checkpoint& source = m_streaming ? static_cast<const Checkpoint&>(reader) : this->checkpoint();
    const WeightLookup weights = lookup(source);
    const QString embeddings = m_names->embeddings + QStringLiteral(".weight");
    m_embeddingName = weights.requireShape(embeddings, {c.vocabSize, c.hiddenSize});
    if (!m_streaming) {
        m_embeddings = weights.require(embeddings, {c.vocabSize, c.hiddenSize});
        m_blocks.resize(size_t(c.layers));
        for (int l = 0; l < c.layers; ++l)
            loadBlock(weights, l, m_blocks[size_t(l)], m_owned);
    }
    m_finalNorm = {weights.require(m_names->finalNorm + QStringLiteral(".weight"), {d}),
                   m_layerNorms ? weights.require(m_names->finalNorm + QStringLiteral(".bias"), {d}) : nullptr};
    loadHead();
}

WeightLookup DecoderModel::lookup(const Checkpoint& checkpoint) const {
    return WeightLookup(checkpoint, {m_names->prefix, QString()}, m_names->embeddings + QStringLiteral(".weight"));
}

const DecoderModel::Block& DecoderModel::layerWeights(int layer, Arena& arena, Block& scratch) const {
    if (!m_streaming) {
        arena.reset();  // only experts read on demand live there, for one layer
        return m_blocks[size_t(layer)];
    }
    arena.reset();
    const ArenaReader reader(checkpoint(), arena);
    loadBlock(lookup(reader), layer, scratch, arena);
    return scratch;
}

// Rows first.. of x from ids[first..]; Gemma then multiplies by √D rounded to the activations'
// dtype (float32 here).
void DecoderModel::embedRows(const std::vector<int>& ids, int first, MatrixF& x) const {
    const int d = m_config.hiddenSize;
    for (int i = first; i < int(ids.size()); ++i) {
        const int id = ids[size_t(i)];
        auto row = x.row(i - first);
        if (m_streaming)
            checkpoint().readRows(m_embeddingName, id, 1, row.data());  // rows of MatrixF are contiguous
        else
            row = ConstRowVectorMap(m_embeddings + size_t(id) * size_t(d), d);
    }
    if (m_family->scaledEmbeddings)
        x *= float(std::sqrt(double(d)));
}

// As transformers' PreTrainedModel.tie_weights: with tie_word_embeddings the head IS the input
// embedding (a stored lm_head.weight is ignored); without it the checkpoint must hold the head,
// which *ForCausalLM stores outside the model prefix. A bare *Model checkpoint has none, and
// transformers would fill it with random numbers, so Headmap predicts nothing rather than that.
void DecoderModel::loadHead() {
    const DecoderConfig& c = m_config;
    if (c.tieEmbeddings) {
        m_head = m_embeddings;
        m_headName = m_embeddingName;
        return;
    }
    const QString name = m_names->outputHead + QStringLiteral(".weight");
    if (!checkpoint().info(name)) {
        m_headMissing = QCoreApplication::translate("Engine", "%1 has no output head: config.json says "
                                                              "tie_word_embeddings is false and %2 holds no '%3'")
                            .arg(summary().displayName(), checkpoint().description(), name);
        return;
    }
    const TensorInfo* info = checkpoint().info(name);
    if (info->shape != std::vector<qint64>{c.vocabSize, c.hiddenSize} || !m_streaming) {
        const WeightLookup top(checkpoint(), {QString()}, name);
        m_head = top.require(name, {c.vocabSize, c.hiddenSize});  // throws for a wrong shape
    }
    m_headName = name;
}

QString DecoderModel::outputHeadMissing() const {
    return hasOutputHead() ? QString() : m_headMissing;
}

RowVectorF DecoderModel::outputLogits(const MatrixF& hidden, int position) const {
    if (!hasOutputHead())
        throw InputError(m_headMissing);
    if (position < 0 || position >= hidden.rows() || hidden.cols() != m_config.hiddenSize)
        throw InputError(QCoreApplication::translate("Engine", "no hidden state for position %1 "
                                                               "(%2 × %3 given, %4 wide expected)")
                             .arg(position).arg(hidden.rows()).arg(hidden.cols()).arg(m_config.hiddenSize));
    RowVectorF logits(m_config.vocabSize);
    if (m_streaming) {
        logits = productWithRowsInSlices(checkpoint(), m_headName, m_config.vocabSize, hidden.row(position));
    } else {
        const ConstMatrixMap head(m_head, m_config.vocabSize, m_config.hiddenSize);  // (vocab, D)
        logits = hidden.row(position) * head.transpose();                            // (vocab)
    }
    const float cap = m_config.finalSoftcap;
    if (cap > 0.0f)
        logits = ((logits.array() / cap).tanh() * cap).matrix();
    return logits;
}

ModelSummary DecoderModel::summaryOf(const DecoderConfig& c, const Tokenizer& tokenizer, const QString& name) {
    ModelSummary summary;
    summary.name = name;
    summary.shownName = ModelSummary::displayNameOf(name);  // once: it may look at the disk
    summary.architecture = c.modelType;
    summary.layers = c.layers;
    summary.heads = c.heads;
    summary.kvHeads = c.kvHeads;
    summary.dModel = c.hiddenSize;
    summary.dHead = c.headDim;
    summary.maxPositions = c.maxPositions;
    summary.vocabSize = c.vocabSize;
    summary.causal = true;
    summary.positions = c.ropeDescription();
    for (int w : c.windowOfLayer)  // as attentionSpec() sets each layer's mask
        summary.layerMasks.push_back(w > 0 ? MaskRule{AttentionMask::SlidingWindow, w} : MaskRule{AttentionMask::Causal, 0});
    summary.attentionSinks = c.attentionSinks;
    if (c.mxfp4Experts)  // the other tensors are float; the experts are what the file holds
        summary.quantization = QStringLiteral("MXFP4 experts");
    summary.experts = c.experts;
    summary.expertsPerToken = c.expertsPerToken;
    summary.sharedExperts = c.sharedExpertSize > 0 ? 1 : 0;
    if (c.hasExperts())
        summary.expertLayers = c.expertLayer;
    summary.pieces = tokenizer.pieceStyle();
    if (c.bosTokenId >= 0 && c.bosTokenId < tokenizer.vocabSize()) {
        const Encoding bos = tokenizer.fromIds({c.bosTokenId});
        summary.bosToken = bos.tokens.value(0);
    }
    return summary;
}

void DecoderModel::loadBlock(const WeightLookup& weights, int layer, Block& block, Arena& owned) const {
    const DecoderConfig& c = m_config;
    const int d = c.hiddenSize;
    const int ff = c.intermediateSize;
    const QString base = QStringLiteral("layers.%1.").arg(layer);
    block = Block();  // streaming reuses one Block: a dense layer after a mixture keeps no router
    auto norm = [&](const QString& name) {
        const QString prefix = base + name;
        if (m_layerNorms)
            return Norm{weights.require(prefix + QStringLiteral(".weight"), {d}),
                        weights.require(prefix + QStringLiteral(".bias"), {d})};
        return Norm{weights.require(prefix + QStringLiteral(".weight"), {d}), nullptr};
    };

    // N₁, N₂, ... as the layout numbers them (hf/FamilyTraits.h, blockNormNames).
    const QStringList norms = blockNormNames(m_layout);
    Norm* targets[] = {&block.norm1, &block.norm2, &block.norm3, &block.norm4};
    for (int i = 0; i < norms.size(); ++i)
        *targets[i] = norm(norms.at(i));
    loadAttention(weights, base, block, owned);

    const DecoderTensorNames& n = *m_names;
    if (c.isExpertLayer(layer)) {
        loadExperts(weights, layer, block);
        return;
    }
    switch (m_family->feedForward) {
    case FeedForwardKind::Plain:
        block.up = linear(weights, base + n.up, d, ff, c.mlpBias);
        block.down = linear(weights, base + n.down, ff, d, c.mlpBias);
        break;
    case FeedForwardKind::GatedFused: {
        // gate_up_proj (2·FF, D): rows [0, FF) are the gate, [FF, 2·FF) the up projection.
        const float* fused = weights.require(base + n.fusedGateUp + QStringLiteral(".weight"), {2 * ff, d});
        block.gate = Linear(fused, nullptr, d, ff, WeightLayout::OutIn);
        block.up = Linear(fused + size_t(ff) * size_t(d), nullptr, d, ff, WeightLayout::OutIn);
        block.down = linear(weights, base + n.down, ff, d, false);
        break;
    }
    case FeedForwardKind::Gated:
    case FeedForwardKind::MixtureOfExperts:  // its dense layers (decoder_sparse_step, mlp_only_layers)
        block.gate = linear(weights, base + n.gate, d, ff, c.mlpBias);
        block.up = linear(weights, base + n.up, d, ff, c.mlpBias);
        block.down = linear(weights, base + n.down, ff, d, c.mlpBias);
        break;
    }
}

// The router and, when the layer's weights stay in the file, every expert as a view into it;
// when the checkpoint converts on read, experts are read only when tokens choose them
// (loadExpert, from feedForward).
void DecoderModel::loadExperts(const WeightLookup& weights, int layer, Block& block) const {
    const DecoderConfig& c = m_config;
    const MoeTraits& moe = *m_family->moe;
    const int d = c.hiddenSize;
    const QString base = QStringLiteral("layers.%1.").arg(layer);
    MoeWeights& w = block.moe;
    w.router = linear(weights, base + moe.router, d, c.experts, moe.routerBias);
    w.experts.clear();
    // Stacked experts (gpt-oss) are always read when chosen: MXFP4 ones must be dequantised.
    if (!m_streaming && moe.storage == MoeTraits::Storage::PerExpert)
        for (int e = 0; e < c.experts; ++e)
            w.experts.push_back(loadExpert(weights, layer, e));
    if (moe.sharedExpert) {
        const int sf = c.sharedExpertSize;
        const QString shared = base + moe.shared;
        w.shared = {linear(weights, shared + moe.expertGate, d, sf, false),
                    linear(weights, shared + moe.expertUp, d, sf, false),
                    linear(weights, shared + moe.expertDown, sf, d, false), Linear()};
        w.sharedGate = linear(weights, base + moe.sharedGate, d, 1, false);
    }
}

ExpertWeights DecoderModel::loadExpert(const WeightLookup& weights, int layer, int expert) const {
    const DecoderConfig& c = m_config;
    const MoeTraits& moe = *m_family->moe;
    const int d = c.hiddenSize;
    const int ef = c.expertSize;
    const QString base = QStringLiteral("layers.%1.").arg(layer) + moe.expert.arg(expert);
    return {linear(weights, base + moe.expertGate, d, ef, false), linear(weights, base + moe.expertUp, d, ef, false),
            linear(weights, base + moe.expertDown, ef, d, false), Linear()};
}

ExpertWeights DecoderModel::loadStackedExpert(int layer, int expert, Arena& arena) const {
    const DecoderConfig& c = m_config;
    const QString base = QStringLiteral("layers.%1.").arg(layer) + m_family->moe->expert;
    // The file's own reader: rows of a 3-D tensor and the stored bytes of MXFP4 blocks.
    return readStackedExpert(checkpoint(), lookup(checkpoint()), arena, base, *m_family->moe,
                             {c.experts, c.hiddenSize, c.expertSize, c.mxfp4Experts}, expert);
}

MatrixF DecoderModel::feedForward(int layer, const Block& block, const MatrixF& x, Arena& arena,
                                  std::vector<std::vector<int>>& chosen) const {
    if (block.moe.isNull())
        return mlp(block, x);
    const MoeTraits& moe = *m_family->moe;
    const ExpertSource fetch = [&](int expert) {
        if (moe.storage == MoeTraits::Storage::Stacked)
            return loadStackedExpert(layer, expert, arena);
        const ArenaReader reader(checkpoint(), arena);  // after the layer's own buffers
        return loadExpert(lookup(reader), layer, expert);
    };
    ExpertRule rule;
    rule.k = m_config.expertsPerToken;
    rule.renormalise = m_config.renormaliseTopK;
    rule.softmaxAfterTopK = moe.routing == MoeTraits::Routing::TopKThenSoftmax;
    rule.clamped = moe.expertKind == MoeTraits::ExpertKind::ClampedSwiGlu;
    rule.activation = m_config.activation;
    RouterChoice choice;
    MatrixF out = mixtureOfExperts(block.moe, x, rule, fetch, choice);
    chosen = std::move(choice.experts);
    return out;
}

void DecoderModel::loadAttention(const WeightLookup& weights, const QString& base, Block& block,
                                 Arena& owned) const {
    const DecoderConfig& c = m_config;
    const int d = c.hiddenSize;
    const int dh = c.headDim;
    const int qOut = c.heads * dh;
    const int kvOut = c.kvHeads * dh;
    AttentionWeights& a = block.attention;
    const DecoderTensorNames& n = *m_names;
    const QString attn = base + n.attention;

    if (m_family->projection == QkvProjection::InterleavedPerHead) {
        // query_key_value (3·D, D) holds per head [q_h; k_h; v_h] (view(T, H, 3·Dh) in
        // modeling_gpt_neox.py); regroup it once into three (D, D) blocks of whole heads.
        const QString name = attn + n.fusedQkv;
        const float* fused = weights.require(name + QStringLiteral(".weight"), {3 * qOut, d});
        const float* fusedBias = c.qkvBias ? weights.require(name + QStringLiteral(".bias"), {3 * qOut}) : nullptr;
        std::vector<float> parts[3], biases[3];
        for (int p = 0; p < 3; ++p) {
            parts[p].resize(size_t(qOut) * size_t(d));
            biases[p].resize(size_t(qOut));
            for (int h = 0; h < c.heads; ++h)
                for (int r = 0; r < dh; ++r) {
                    const size_t source = size_t(h) * 3 * dh + size_t(p) * dh + size_t(r);
                    const size_t target = size_t(h) * dh + size_t(r);
                    std::copy_n(fused + source * size_t(d), d, parts[p].data() + target * size_t(d));
                    biases[p][target] = fusedBias ? fusedBias[source] : 0.0f;
                }
        }
        Linear* targets[3] = {&a.query, &a.key, &a.value};
        for (int p = 0; p < 3; ++p) {
            const float* weight = owned.copy(parts[p]);
            const float* bias = fusedBias ? owned.copy(biases[p]) : nullptr;
            *targets[p] = Linear(weight, bias, d, qOut, WeightLayout::OutIn);
        }
        a.output = linear(weights, attn + n.output, qOut, d, c.outputBias);
        return;
    }

    if (m_family->projection == QkvProjection::Fused) {
        // qkv_proj ((H + 2·KV)·Dh, D): q rows first, then k, then v.
        const float* fused = weights.require(attn + n.fusedQkv + QStringLiteral(".weight"), {qOut + 2 * kvOut, d});
        a.query = Linear(fused, nullptr, d, qOut, WeightLayout::OutIn);
        a.key = Linear(fused + size_t(qOut) * size_t(d), nullptr, d, kvOut, WeightLayout::OutIn);
        a.value = Linear(fused + size_t(qOut + kvOut) * size_t(d), nullptr, d, kvOut, WeightLayout::OutIn);
    } else {
        a.query = linear(weights, attn + n.query, d, qOut, c.qkvBias);
        a.key = linear(weights, attn + n.key, d, kvOut, c.qkvBias);
        a.value = linear(weights, attn + n.value, d, kvOut, c.qkvBias);
    }
    a.output = linear(weights, attn + n.output, qOut, d, c.outputBias);

    if (m_family->attentionSinks)  // self_attn.sinks (heads)
        block.sinks = weights.require(attn + n.sinks, {c.heads});

    if (m_family->qkNorm != QkNormKind::None) {
        const bool whole = m_family->qkNorm == QkNormKind::WholeProjection;
        block.qkNorm.query = weights.require(attn + n.queryNorm + QStringLiteral(".weight"), {whole ? qOut : dh});
        block.qkNorm.key = weights.require(attn + n.keyNorm + QStringLiteral(".weight"), {whole ? kvOut : dh});
        block.qkNorm.eps = c.normEps;
        block.qkNorm.addOne = m_plusOneNorms;
        block.qkNorm.wholeProjection = whole;
    }
}

void DecoderModel::normalize(MatrixF& x, const Norm& norm) const {
    if (m_layerNorms)
        layerNormRows(x, norm.weight, norm.bias, m_config.normEps);
    else
        rmsNormRows(x, norm.weight, m_config.normEps, m_plusOneNorms);
}

MatrixF DecoderModel::mlp(const Block& block, const MatrixF& x) const {
    if (block.gate.isNull()) {
        MatrixF hidden = block.up.forward(x);  // (T, FF)
        applyActivation(hidden, m_config.activation);
        return block.down.forward(hidden);
    }
    MatrixF gate = block.gate.forward(x);  // (T, FF)
    applyGatedActivation(gate, block.up.forward(x), m_config.activation);
    return block.down.forward(gate);
}

AttentionSpec DecoderModel::attentionSpec(int layer, const Block& block, const RotaryEmbedding::Table* global,
                                          const RotaryEmbedding::Table* local) const {
    const DecoderConfig& c = m_config;
    AttentionSpec spec;
    spec.heads = c.heads;
    spec.kvHeads = c.kvHeads;
    spec.headDim = c.headDim;
    spec.scale = c.scale;
    spec.softcap = c.attnSoftcap;
    spec.window = c.windowOfLayer[size_t(layer)];
    spec.mask = spec.window > 0 ? AttentionMask::SlidingWindow : AttentionMask::Causal;
    spec.rotary = !c.rotatesLayer(layer) ? nullptr : (spec.window > 0 && local) ? local : global;
    spec.qkNorm = block.qkNorm;
    if (block.sinks)  // a copy: traces and prefix states keep the rule after the layer's buffers go
        spec.sinks = std::make_shared<const std::vector<float>>(block.sinks, block.sinks + c.heads);
    return spec;
}

MatrixF DecoderModel::forward(const Encoding& input, ForwardContext& context) const {
    const DecoderConfig& c = m_config;
    const int t = input.size();
    const std::vector<float> positions = positionKey(t);
    const RunOptions& options = context.options();
    if (options.reuse) {
        const int reused = options.reuse->reusableFor(this, input.ids, positions, options);
        if (reused > 0)
            return forwardReusing(input, *options.reuse, reused, context);
    }
    if (options.keepState)
        context.setState(newState(input, positions));

    MatrixF x(t, c.hiddenSize);  // (T, D) the residual stream
    embedRows(input.ids, 0, x);

    const RotaryEmbedding::Table global = m_rotary.table(t);
    RotaryEmbedding::Table local;
    if (c.localRope)
        local = m_localRotary.table(t);
    const RotaryEmbedding::Table* localTable = c.localRope ? &local : nullptr;

    Arena arena;   // streaming: this layer's weights, reused for the next
    Block scratch;
    for (int l = 0; l < c.layers; ++l) {
        const Block& block = layerWeights(l, arena, scratch);
        const AttentionSpec spec = attentionSpec(l, block, &global, localTable);
        std::vector<std::vector<int>> chosen;
        applyBlock(block, x, [&](const MatrixF& h) { return context.attention(l, block.attention, spec, h); },
                   [&](const MatrixF& h) { return feedForward(l, block, h, arena, chosen); });
        if (c.hasExperts())
            context.trace().setExperts(l, std::move(chosen));
        if (!context.layerDone(l))
            return MatrixF();
    }
    normalize(x, m_finalNorm);
    return x;
}

void DecoderModel::applyBlock(const Block& block, MatrixF& x,
                              const std::function<MatrixF(const MatrixF&)>& attention,
                              const FeedForward& ffn) const {
    switch (m_layout) {
    case BlockLayout::PreNorm: {
        MatrixF h = x;
        normalize(h, block.norm1);
        x += attention(h);
        h = x;
        normalize(h, block.norm2);
        x += ffn(h);
        break;
    }
    case BlockLayout::Sandwich: {
        MatrixF h = x;
        normalize(h, block.norm1);
        MatrixF a = attention(h);
        normalize(a, block.norm2);
        x += a;
        h = x;
        normalize(h, block.norm3);
        MatrixF m = ffn(h);
        normalize(m, block.norm4);
        x += m;
        break;
    }
    case BlockLayout::PostNorm: {
        MatrixF a = attention(x);
        normalize(a, block.norm1);
        x += a;
        MatrixF m = ffn(x);
        normalize(m, block.norm2);
        x += m;
        break;
    }
    case BlockLayout::Parallel: {
        MatrixF h = x;
        normalize(h, block.norm1);
        MatrixF a = attention(h);
        if (m_config.parallelResidual) {
            h = x;
            normalize(h, block.norm2);
            x += ffn(h) + a;
        } else {
            x += a;
            h = x;
            normalize(h, block.norm2);
            x += ffn(h);
        }
        break;
    }
    case BlockLayout::NormAfterResidual:  // the BERT family's; no Decoder row has it (tst_familytraits)
        break;
    }
}

}  // namespace headmap
