// DecoderModel's prefix reuse (model/PrefixState.h): a run that takes the first tokens' keys,
// values, attention rows and final hidden states from an earlier run and computes only the
// tokens after them. Every layer runs on the new rows alone: their Q/K/V, their attention
// rows over the cached and new keys (core/PrefixAttention.h), the layout's norms and MLP.

#include <QCoreApplication>

#include "core/HeadmapError.h"
#include "hf/DecoderModel.h"
#include "model/PrefixState.h"

namespace headmap {

std::vector<float> DecoderModel::positionKey(int length) const {
    float scaling = 1.0f;
    std::vector<float> key = m_rotary.inverseFrequencies(length, &scaling);
    key.push_back(scaling);
    if (m_config.localRope) {
        const std::vector<float> local = m_localRotary.inverseFrequencies(length, &scaling);
        key.insert(key.end(), local.begin(), local.end());
        key.push_back(scaling);
    }
    return key;
}

std::shared_ptr<PrefixState> DecoderModel::newState(const Encoding& input, const std::vector<float>& positions) const {
    return PrefixState::start(this, input.ids, positions, m_config.layers);
}

MatrixF DecoderModel::forwardReusing(const Encoding& input, const PrefixState& previous, int reused,
                                     ForwardContext& context) const {
    const DecoderConfig& c = m_config;
    const int t = input.size();
    const int n = t - reused;  // the tokens to compute, at positions reused..t-1
    AttentionTrace& trace = context.trace();
    if (trace.heads() != c.heads)
        throw ModelError(QCoreApplication::translate("Engine",
                                                     "the model has %1 attention heads, but its summary says %2")
                             .arg(c.heads).arg(trace.heads()));
    copySharedValueNorms(previous.trace, reused, trace);

    // The cached keys and values of the shared tokens; the new rows are appended layer by layer.
    std::shared_ptr<PrefixState> state = PrefixState::extend(previous, reused, input.ids, positionKey(t));

    MatrixF x(n, c.hiddenSize);  // (N, D) the new tokens' residual stream
    embedRows(input.ids, reused, x);
    const RotaryEmbedding::Table global = m_rotary.table(t);
    RotaryEmbedding::Table local;
    if (c.localRope)
        local = m_localRotary.table(t);
    const RotaryEmbedding::Table* localTable = c.localRope ? &local : nullptr;

    Arena arena;
    Block scratch;
    for (int l = 0; l < c.layers; ++l) {
        const Block& block = layerWeights(l, arena, scratch);
        const AttentionSpec spec = attentionSpec(l, block, &global, localTable);
        std::vector<std::vector<int>> chosen;  // the new tokens' experts
        applyBlock(
            block, x,
            [&](const MatrixF& h) { return attendReusing(l, block.attention, spec, h, reused, previous.trace, *state, trace); },
            [&](const MatrixF& h) { return feedForward(l, block, h, arena, chosen); });
        if (c.isExpertLayer(l)) {
            // The shared tokens went where the previous run sent them (the same rows, the same bits).
            const auto& before = previous.trace.experts().at(size_t(l));
            std::vector<std::vector<int>> all(before.begin(), before.begin() + reused);
            all.insert(all.end(), chosen.begin(), chosen.end());
            trace.setExperts(l, std::move(all));
        } else if (c.hasExperts()) {
            trace.setExperts(l, {});  // a dense layer of a mixture-of-experts model
        }
        if (!context.layerDone(l))
            return MatrixF();
    }
    normalize(x, m_finalNorm);

    MatrixF hidden(t, c.hiddenSize);  // (T, D)
    hidden.topRows(reused) = previous.hidden.topRows(reused);
    hidden.bottomRows(n) = x;
    context.setReusedTokens(reused);
    if (context.options().keepState)
        context.setState(std::move(state));
    return hidden;
}

}  // namespace headmap
