#include "model/Model.h"

#include <algorithm>

#include <QCoreApplication>

#include "core/HeadmapError.h"
#include "model/ModelTokenizer.h"
#include "model/PrefixState.h"

namespace headmap {
namespace {

void checkAblations(const std::vector<HeadAblation>& ablations, const ModelSummary& model) {
    for (size_t i = 0; i < ablations.size(); ++i) {
        const HeadAblation& a = ablations[i];
        const QString name = formatHeadAblations({a});
        if (a.layer < 0 || a.layer >= model.layers)
            throw InputError(QCoreApplication::translate("Engine",
                                                         "ablation %1: layer %2 is out of range: %3 has layers 0..%4")
                                 .arg(name).arg(a.layer).arg(model.name).arg(model.layers - 1));
        if (a.head < 0 || a.head >= model.heads)
            throw InputError(QCoreApplication::translate("Engine",
                                                         "ablation %1: head %2 is out of range: %3 has heads 0..%4")
                                 .arg(name).arg(a.head).arg(model.name).arg(model.heads - 1));
        for (size_t j = 0; j < i; ++j)
            if (ablations[j].layer == a.layer && ablations[j].head == a.head)
                throw InputError(QCoreApplication::translate("Engine", "head %1.%2 is ablated twice")
                                     .arg(a.layer).arg(a.head));
    }
}

}  // namespace

ForwardContext::ForwardContext(AttentionTrace& trace, const RunOptions& options, HeadSteps* steps)
    : m_trace(trace), m_options(options), m_steps(steps) {}

MatrixF ForwardContext::attention(int layer, const AttentionWeights& weights, const AttentionSpec& spec,
                                  const MatrixF& x) {
    if (spec.heads != m_trace.heads())
        throw ModelError(QCoreApplication::translate("Engine",
                                                     "layer %1 has %2 attention heads, but the model summary says %3")
                             .arg(layer).arg(spec.heads).arg(m_trace.heads()));
    if (!x.allFinite())
        throw NonFiniteValues{layer, QCoreApplication::translate("Engine", "input of the attention block")};
    AttentionCapture capture;
    // The trace keeps q and k; stored heads get their matrix now, so the parallel head loop
    // only writes into its own.
    auto queriesKeys = std::make_shared<LayerQueriesKeys>();
    capture.queries = &queriesKeys->queries;
    capture.keys = &queriesKeys->keys;
    std::vector<float*> stored(size_t(spec.heads), nullptr);
    if (m_options.storeHead)
        for (int h = 0; h < spec.heads; ++h)
            if (m_options.storeHead(layer, h))
                stored[size_t(h)] = m_trace.headData(layer, h);
    const int t = int(x.rows());
    if (m_options.storeHead || m_options.headWeights)
        capture.headWeights = [&](int head, const MatrixF& weights) {
            if (float* slot = stored[size_t(head)])
                MatrixMap(slot, t, t) = weights;
            if (m_options.headWeights)
                m_options.headWeights(layer, head, weights);
        };
    if (m_steps && m_options.steps && m_options.steps->layer == layer) {
        capture.steps = m_steps;
        capture.stepsHead = m_options.steps->head;
        m_steps->layer = layer;
    }
    if (m_trace.hasValueNorms())
        capture.valueNorms = m_trace.valueNormData(layer, 0);
    for (const HeadAblation& ablation : m_options.ablations)
        if (ablation.layer == layer)
            capture.ablations.push_back(ablation);
    if (m_state && layer < int(m_state->layers.size())) {  // prefix reuse: keep what later tokens read
        capture.stateKeys = &m_state->layers[size_t(layer)].keys;
        capture.stateValues = &m_state->layers[size_t(layer)].values;
    }
    MatrixF output = multiHeadSelfAttention(weights, spec, x, capture);
    if (!output.allFinite())
        throw NonFiniteValues{layer, QCoreApplication::translate("Engine", "attention output")};
    queriesKeys->scoring = spec;
    queriesKeys->scoring.rotary = nullptr;
    queriesKeys->scoring.qkNorm = QkNormWeights{};
    m_trace.setQueriesKeys(layer, std::move(queriesKeys));
    return output;
}

MatrixF ForwardContext::attention(int layer, const AttentionWeights& weights, const MatrixF& x,
                                  int heads, bool causal) {
    return attention(layer, weights, AttentionSpec::standard(heads, weights.query.outFeatures(), causal), x);
}

bool ForwardContext::layerDone(int layer) {
    if (!m_options.progress)
        return true;
    return m_options.progress(layer + 1, m_trace.layers());
}

Encoding Model::tokenize(const QString& text, const TokenizeOptions& options) const {
    return tokenizeFor(summary(), tokenizer(), text, options);
}

RunResult Model::run(const Encoding& input, const RunOptions& options) const {
    const ModelSummary& model = summary();
    if (input.isEmpty())
        throw InputError(QCoreApplication::translate("Engine", "no tokens to run: the input is empty"));
    if (input.size() > model.maxPositions)
        throw InputError(QCoreApplication::translate("Engine",
                                                     "input has %1 tokens; %2 accepts at most %3 (max positions)")
                             .arg(input.size()).arg(model.name).arg(model.maxPositions));
    const int vocab = tokenizer().vocabSize();
    for (int i = 0; i < input.size(); ++i) {
        const int id = input.ids[size_t(i)];
        if (id < 0 || id >= vocab)
            throw InputError(QCoreApplication::translate("Engine", "token id %1 at position %2 is outside the "
                                                                   "vocabulary (expected 0..%3)")
                                 .arg(id).arg(i).arg(vocab - 1));
        // Fine-tunes often add tokens (a pad token) beyond config.json's vocab_size; only an id
        // the embedding table has no row for is an error, and only when it is in the input.
        if (id >= model.vocabSize)
            throw InputError(QCoreApplication::translate("Engine",
                                                         "token '%1' has id %2 but the model's embedding has %3 rows")
                                 .arg(input.tokens.value(i)).arg(id).arg(model.vocabSize));
    }
    if (options.steps) {
        if (options.steps->layer < 0 || options.steps->layer >= model.layers)
            throw InputError(QCoreApplication::translate("Engine", "layer %1 is out of range: %2 has layers 0..%3")
                                 .arg(options.steps->layer).arg(model.name).arg(model.layers - 1));
        if (options.steps->head < 0 || options.steps->head >= model.heads)
            throw InputError(QCoreApplication::translate("Engine", "head %1 is out of range: %2 has heads 0..%3")
                                 .arg(options.steps->head).arg(model.name).arg(model.heads - 1));
    }
    checkAblations(options.ablations, model);

    RunResult result;
    result.trace = AttentionTrace(model, input.ids, input.tokens, input.displayTokens, input.special);
    result.trace.setAblations(options.ablations);
    if (options.valueNorms)
        result.trace.enableValueNorms();
    HeadSteps steps;
    ForwardContext context(result.trace, options, options.steps ? &steps : nullptr);
    try {
        result.hidden = forward(input, context);
        if (result.hidden.size() > 0 && !result.hidden.allFinite())
            throw NonFiniteValues{-1, QCoreApplication::translate("Engine", "final hidden state")};
    } catch (const NonFiniteValues& bad) {
        const QStringList culprits = nonFiniteWeights();
        const QString place = bad.layer >= 0 ? QCoreApplication::translate("Engine", "layer %1's %2")
                                                   .arg(bad.layer).arg(bad.where)
                                             : QCoreApplication::translate("Engine", "the %1").arg(bad.where);
        throw ModelError(QCoreApplication::translate("Engine", "%1: %2 holds NaN or Inf values; %3")
                             .arg(model.name, place,
                                  culprits.isEmpty()
                                      ? QCoreApplication::translate("Engine",
                                                                    "the weights are finite, so the numbers overflowed")
                                      : QCoreApplication::translate("Engine", "weights with NaN or Inf: %1")
                                            .arg(culprits.join(QStringLiteral(", ")))));
    }
    if (result.hidden.size() == 0) {
        result.cancelled = true;
        return result;
    }
    if (options.steps)
        result.steps = std::move(steps);
    result.reusedTokens = context.reusedTokens();
    if (std::shared_ptr<PrefixState> state = context.takeState(); state && options.keepState) {
        state->hidden = result.hidden;
        state->trace = result.trace;
        result.state = std::move(state);
    }
    return result;
}

}  // namespace headmap

namespace headmap {

QString Model::outputHeadMissing() const {
    return QCoreApplication::translate("Engine", "%1 has no output head, so it predicts no tokens")
               .arg(summary().displayName());
}

RowVectorF Model::outputLogits(const MatrixF&, int) const {
    throw InputError(outputHeadMissing());
}

}  // namespace headmap
