#include "hf/Gpt2Model.h"

#include <algorithm>
#include <utility>

#include <QCoreApplication>

#include "core/HeadmapError.h"
#include "core/Ops.h"
#include "hf/WeightLookup.h"
#include "model/PrefixState.h"

namespace headmap {

namespace {

// GPT2Model saves bare names ("h.0.attn..."), GPT2LMHeadModel prefixes them with "transformer.".
WeightLookup gpt2Lookup(const Checkpoint& checkpoint) {
    return WeightLookup(checkpoint, {QString(), QStringLiteral("transformer.")}, QStringLiteral("wte.weight"));
}

LayerNormWeights layerNorm(const WeightLookup& weights, const QString& base, int d) {
    return LayerNormWeights{weights.require(base + QStringLiteral(".weight"), {d}),
                            weights.require(base + QStringLiteral(".bias"), {d})};
}

}  // namespace

Gpt2Model::Gpt2Model(HfConfig config, std::unique_ptr<Checkpoint> checkpoint,
                     std::unique_ptr<Tokenizer> tokenizer, const QString& name)
    : HfModel(std::move(config), std::move(checkpoint), std::move(tokenizer), name) {
    const HfConfig& c = this->config();
    const int d = c.hiddenSize;
    m_streaming = this->checkpoint().convertsOnRead();
    const ArenaReader reader(this->checkpoint(), m_owned);
    const WeightLookup weights = gpt2Lookup(m_streaming ? static_cast<const Checkpoint&>(reader) : this->checkpoint());
    if (m_streaming) {
        // Only the shapes now; the rows are read when tokens need them.
        m_wordName = weights.requireShape(QStringLiteral("wte.weight"), {c.vocabSize, d});
        m_positionName = weights.requireShape(QStringLiteral("wpe.weight"), {c.maxPositions, d});
    } else {
        m_wordEmbeddings = weights.require(QStringLiteral("wte.weight"), {c.vocabSize, d});
        m_positionEmbeddings = weights.require(QStringLiteral("wpe.weight"), {c.maxPositions, d});
        m_blocks.resize(size_t(c.layers));
        for (int l = 0; l < c.layers; ++l)
            loadBlock(weights, l, m_blocks[size_t(l)]);
    }
    m_finalNorm = layerNorm(weights, QStringLiteral("ln_f"), d);
}

void Gpt2Model::loadBlock(const WeightLookup& weights, int layer, Block& block) const {
    const HfConfig& c = config();
    const int d = c.hiddenSize;
    const int ff = c.intermediateSize;
    auto conv1d = [&](const QString& base, int in, int out) {
        // One statement per tensor: a missing weight is reported before its bias.
        const float* weight = weights.require(base + QStringLiteral(".weight"), {in, out});
        const float* bias = weights.require(base + QStringLiteral(".bias"), {out});
        return Linear(weight, bias, in, out, WeightLayout::InOut);
    };
    const QString base = QStringLiteral("h.%1.").arg(layer);
    block.norm1 = layerNorm(weights, base + QStringLiteral("ln_1"), d);
    block.norm2 = layerNorm(weights, base + QStringLiteral("ln_2"), d);
    const float* qkv = weights.require(base + QStringLiteral("attn.c_attn.weight"), {d, 3 * d});
    const float* qkvBias = weights.require(base + QStringLiteral("attn.c_attn.bias"), {3 * d});
    // (D, 3D): columns [0, D) are W_Q, [D, 2D) W_K, [2D, 3D) W_V; each row is 3D floats long.
    block.attention.query = Linear(qkv, qkvBias, d, d, WeightLayout::InOut, 3 * d);
    block.attention.key = Linear(qkv + d, qkvBias + d, d, d, WeightLayout::InOut, 3 * d);
    block.attention.value = Linear(qkv + 2 * d, qkvBias + 2 * d, d, d, WeightLayout::InOut, 3 * d);
    block.attention.output = conv1d(base + QStringLiteral("attn.c_proj"), d, d);
    block.fc = conv1d(base + QStringLiteral("mlp.c_fc"), d, ff);
    block.proj = conv1d(base + QStringLiteral("mlp.c_proj"), ff, d);
}

const Gpt2Model::Block& Gpt2Model::blockWeights(int layer, LayerArena& arena, Block& scratch) const {
    if (!m_streaming)
        return m_blocks[size_t(layer)];
    arena.reset();
    const ArenaReader reader(checkpoint(), arena);
    loadBlock(gpt2Lookup(reader), layer, scratch);
    return scratch;
}

MatrixF Gpt2Model::forward(const Encoding& input, ForwardContext& context) const {
    const HfConfig& c = config();
    const RunOptions& options = context.options();
    if (options.reuse) {  // learned positions: no position parameters to compare
        const int reused = options.reuse->reusableFor(this, input.ids, {}, options);
        if (reused > 0)
            return forwardReusing(input, *options.reuse, reused, context);
    }
    if (options.keepState)
        context.setState(PrefixState::start(this, input.ids, {}, c.layers));

    MatrixF x(input.size(), c.hiddenSize);  // (T, D) the residual stream
    embedRows(input.ids, 0, x);
    LayerArena arena;  // streaming: this layer's weights, reused for the next
    Block scratch;
    for (int l = 0; l < c.layers; ++l) {
        const Block& block = blockWeights(l, arena, scratch);
        applyBlock(block, x, [&](const MatrixF& h) { return context.attention(l, block.attention, h, c.heads, true); });
        if (!context.layerDone(l))
            return MatrixF();
    }
    layerNormRows(x, m_finalNorm.gamma, m_finalNorm.beta, c.layerNormEps);
    return x;
}

void Gpt2Model::embedRows(const std::vector<int>& ids, int first, MatrixF& x) const {
    const int d = config().hiddenSize;
    RowVectorF position(d);
    for (int i = first; i < int(ids.size()); ++i) {
        auto row = x.row(i - first);  // rows of MatrixF are contiguous
        if (m_streaming) {
            checkpoint().readRows(m_wordName, ids[size_t(i)], 1, row.data());
            checkpoint().readRows(m_positionName, i, 1, position.data());
            row += position;
        } else {
            row = ConstRowVectorMap(m_wordEmbeddings + size_t(ids[size_t(i)]) * size_t(d), d) +
                  ConstRowVectorMap(m_positionEmbeddings + size_t(i) * size_t(d), d);
        }
    }
}

void Gpt2Model::applyBlock(const Block& block, MatrixF& x,
                           const std::function<MatrixF(const MatrixF&)>& attention) const {
    const HfConfig& c = config();
    MatrixF normed = x;
    layerNormRows(normed, block.norm1.gamma, block.norm1.beta, c.layerNormEps);
    x += attention(normed);
    normed = x;
    layerNormRows(normed, block.norm2.gamma, block.norm2.beta, c.layerNormEps);
    MatrixF hidden = block.fc.forward(normed);  // (T, FF)
    applyActivation(hidden, c.activation);
    x += block.proj.forward(hidden);
}

RowVectorF Gpt2Model::outputLogits(const MatrixF& hidden, int position) const {
    const HfConfig& c = config();
    if (position < 0 || position >= hidden.rows() || hidden.cols() != c.hiddenSize)
        throw InputError(QCoreApplication::translate("Engine", "no hidden state for position %1 "
                                                               "(%2 × %3 given, %4 wide expected)")
                             .arg(position).arg(hidden.rows()).arg(hidden.cols()).arg(c.hiddenSize));
    if (!m_streaming) {
        const ConstMatrixMap wte(m_wordEmbeddings, c.vocabSize, c.hiddenSize);  // (vocab, D)
        return hidden.row(position) * wte.transpose();                          // (vocab)
    }
    return productWithRowsInSlices(checkpoint(), m_wordName, c.vocabSize, hidden.row(position));
}

}  // namespace headmap
