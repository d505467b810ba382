#include "model/Model.h"

#include <algorithm>

#include <QCoreApplication>

#include "core/HeadmapError.h"
#include "model/ModelTokenizer.h"
#include "model/PrefixState.h"
#include "model/RunChecks.h"

namespace headmap {

ForwardContext::ForwardContext(AttentionTrace& trace, const RunOptions& options, HeadSteps* steps)
    : m_trace(&trace), m_options(options), m_steps(steps) {}

void ForwardContext::setStacks(std::vector<AttentionTrace>* stacks, const Encoding* decoderInput) {
    m_stacks = stacks;
    m_decoderInput = decoderInput;
    m_encoderDecoder = true;
}

void ForwardContext::useStack(StackKind kind) {
    for (AttentionTrace& trace : *m_stacks)
        if (trace.stack() == kind)
            m_trace = &trace;
}

bool ForwardContext::isChosenStack(StackKind kind) const {
    return !m_encoderDecoder || m_trace->stack() == kind;
}

MatrixF ForwardContext::attention(int layer, const AttentionWeights& weights, const AttentionSpec& spec,
                                  const MatrixF& x, const MatrixF* memory) {
    AttentionTrace& trace = *m_trace;
    if (spec.heads != trace.heads())
        throw ModelError(QCoreApplication::translate("Engine",
                                                     "layer %1 has %2 attention heads, but the model summary says %3")
                             .arg(layer).arg(spec.heads).arg(trace.heads()));
    if (!x.allFinite())
        throw NonFiniteValues{layer, QCoreApplication::translate("Engine", "input of the attention block")};
    AttentionCapture capture;
    // The trace keeps q and k; stored heads get their matrix now, so the parallel head loop
    // only writes into its own.
    auto queriesKeys = std::make_shared<LayerQueriesKeys>();
    capture.queries = &queriesKeys->queries;
    capture.keys = &queriesKeys->keys;
    std::vector<float*> stored(size_t(spec.heads), nullptr);
    // Encoder–decoder models: storeHead and headWeights name heads of the default stack.
    const bool defaultStack = isChosenStack(StackKind::Cross);
    if (m_options.storeHead && defaultStack)
        for (int h = 0; h < spec.heads; ++h)
            if (m_options.storeHead(layer, h))
                stored[size_t(h)] = trace.headData(layer, h);
    const int t = int(x.rows());
    const int s = memory ? int(memory->rows()) : t;
    if (defaultStack && (m_options.storeHead || m_options.headWeights))
        capture.headWeights = [&](int head, const MatrixF& weights) {
            if (float* slot = stored[size_t(head)])
                MatrixMap(slot, t, s) = weights;
            if (m_options.headWeights)
                m_options.headWeights(layer, head, weights);
        };
    if (m_steps && m_options.steps && m_options.steps->layer == layer &&
        isChosenStack(m_options.steps->stack.value_or(StackKind::Cross))) {
        capture.steps = m_steps;
        capture.stepsHead = m_options.steps->head;
        m_steps->layer = layer;
    }
    if (trace.hasValueNorms())
        capture.valueNorms = trace.valueNormData(layer, 0);
    for (const HeadAblation& ablation : m_options.ablations)
        if (ablation.layer == layer && isChosenStack(ablation.stack.value_or(StackKind::Cross)))
            capture.ablations.push_back(ablation);
    if (m_state && layer < int(m_state->layers.size())) {  // prefix reuse: keep what later tokens read
        capture.stateKeys = &m_state->layers[size_t(layer)].keys;
        capture.stateValues = &m_state->layers[size_t(layer)].values;
    }
    MatrixF output = multiHeadAttention(weights, spec, x, memory, capture);
    if (!output.allFinite())
        throw NonFiniteValues{layer, QCoreApplication::translate("Engine", "attention output")};
    queriesKeys->scoring = spec;
    queriesKeys->scoring.rotary = nullptr;
    queriesKeys->scoring.qkNorm = QkNormWeights{};
    trace.setQueriesKeys(layer, std::move(queriesKeys));
    return output;
}

MatrixF ForwardContext::attention(int layer, const AttentionWeights& weights, const MatrixF& x,
                                  int heads, bool causal) {
    return attention(layer, weights, AttentionSpec::standard(heads, weights.query.outFeatures(), causal), x);
}

bool ForwardContext::layerDone(int layer) {
    if (!m_options.progress)
        return true;
    return m_options.progress(layer + 1, m_trace->layers());
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
    if (model.isEncoderDecoder())
        return runEncoderDecoder(input, options);
    if (options.steps)
        checkStepsHead(*options.steps, model);
    checkAblations(options.ablations, model);

    RunResult result;
    result.trace = AttentionTrace(model, input.ids, input.tokens, input.displayTokens, input.special);
    result.trace.setAblations(options.ablations);
    if (options.valueNorms)
        result.trace.enableValueNorms();
    HeadSteps steps;
    ForwardContext context(result.trace, options, options.steps ? &steps : nullptr);
    result.hidden = forwardChecked(input, context);
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

MatrixF Model::forwardChecked(const Encoding& input, ForwardContext& context) const {
    const ModelSummary& model = summary();
    try {
        MatrixF hidden = forward(input, context);
        if (hidden.size() > 0 && !hidden.allFinite())
            throw NonFiniteValues{-1, QCoreApplication::translate("Engine", "final hidden state")};
        return hidden;
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
