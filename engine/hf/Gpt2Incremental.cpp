// GPT-2's prefix reuse (model/PrefixState.h): the first tokens' keys, values, attention rows
// and final hidden states from an earlier run, the others computed row by row of the new
// tokens (core/PrefixAttention.h). Learned positions depend on the position alone, so any
// shared start of the tokens can be reused.

#include "hf/Gpt2Model.h"
#include "model/PrefixState.h"

namespace headmap {

MatrixF Gpt2Model::forwardReusing(const Encoding& input, const PrefixState& previous, int reused,
                                  ForwardContext& context) const {
    const HfConfig& c = config();
    const int t = input.size();
    const int n = t - reused;
    AttentionTrace& trace = context.trace();
    copySharedValueNorms(previous.trace, reused, trace);
    std::shared_ptr<PrefixState> state = PrefixState::extend(previous, reused, input.ids, {});

    MatrixF x(n, c.hiddenSize);  // (N, D) the new tokens' residual stream
    embedRows(input.ids, reused, x);
    LayerArena arena;  // streaming: this layer's weights, reused for the next
    Block scratch;
    for (int l = 0; l < c.layers; ++l) {
        const Block& block = blockWeights(l, arena, scratch);
        const AttentionSpec spec = AttentionSpec::standard(c.heads, block.attention.query.outFeatures(), true);
        applyBlock(block, x, [&](const MatrixF& h) {
            return attendReusing(l, block.attention, spec, h, reused, previous.trace, *state, trace);
        });
        if (!context.layerDone(l))
            return MatrixF();
    }
    layerNormRows(x, m_finalNorm.gamma, m_finalNorm.beta, c.layerNormEps);

    MatrixF hidden(t, c.hiddenSize);  // (T, D)
    hidden.topRows(reused) = previous.hidden.topRows(reused);
    hidden.bottomRows(n) = x;
    context.setReusedTokens(reused);
    if (context.options().keepState)
        context.setState(std::move(state));
    return hidden;
}

}  // namespace headmap
