#include "document/ForwardPass.h"

#include <QCoreApplication>

#include "WorkFailure.h"
#include "analysis/WordAggregation.h"
#include "model/Predictions.h"
#include "model/PrefixState.h"
#include "text/TextDecoding.h"

namespace headmap::ui {

namespace {

class PassText {
    Q_DECLARE_TR_FUNCTIONS(AttentionDocument)  // the texts' context from before they moved here
};

// The pass hands out its heads when recomputing them all afterwards would take long: from the
// length where the grid's cells become thumbnails (256, kGridThumbnailSide; a shorter trace's
// derived data are quick jobs), and with prefix reuse on only for long texts (a pass that hands
// out heads cannot reuse the prefix, and reuse is what keeps typing in a short text quick).
constexpr int kCollectFrom = 256;
constexpr int kCollectWithReuseFrom = 1024;

// The request's text as the model's input, or nullopt with *failure set when it is too long.
std::optional<Encoding> passInput(const PassRequest& request, PassFailure* failure) {
    TokenizeOptions tokenize;
    if (!isBlank(request.pair))
        tokenize.pair = request.pair;
    tokenize.truncate = true;  // tokenizing stops at the limit either way
    tokenize.languages = request.languages;
    // Marian's multi-target models read the target language's code before the text.
    const QString text = request.model->summary().isEncoderDecoder()
                             ? request.model->sourceTextFor(request.text, request.languages.target)
                             : request.text;
    Encoding input = request.model->tokenize(text, tokenize);
    if (input.truncated && !request.truncate) {
        const int limit = int(input.size());
        failure->truncateTo = limit;
        failure->error = PassText::tr("The text has more than %1 tokens, the most %2 accepts (its maximum "
                                      "positions).").arg(limit).arg(request.model->summary().displayName());
        return std::nullopt;
    }
    return input;
}

RunOptions passOptions(const PassRequest& request, const StopToken& stop) {
    RunOptions options;
    if (request.model->summary().isEncoderDecoder()) {
        if (request.decoderInput)
            options.decoderInput = request.decoderInput;
        else if (request.target)
            options.decoderInput = request.model->decoderInputForTarget(*request.target, request.languages);
        options.languages = request.languages;  // generation's forced first token
    }
    options.ablations = request.ablations;
    options.valueNorms = true;  // cheap next to the pass; the measure needs them
    options.progress = [stop](int, int) { return !stop.stopRequested(); };  // a newer request makes it pointless
    return options;
}

// Asks the producers that want the pass's heads for collectors, and hooks them to the pass.
// *collectors must outlive the pass (options->headWeights points into it).
void attachCollectors(const SentenceRequest& request, const Encoding& input,
                      std::vector<std::unique_ptr<PassCollector>>* collectors, RunOptions* options) {
    const bool plainPieces = request.measure == AttentionMeasure::Weights && !request.words;
    // The pass hands out only the default stack's heads (cross-attention), whose T is the
    // target's, not the input's; translation models are small enough to do without.
    if (request.model->summary().isEncoderDecoder())
        return;
    const bool longEnough = int(input.size()) > kCollectFrom &&
                            (!request.reuse || int(input.size()) >= kCollectWithReuseFrom);
    if (!plainPieces || !longEnough)
        return;
    bool any = false;
    for (const auto& producer : request.collect) {  // one slot per producer, null when it declines
        collectors->push_back(producer->collector(request.model->summary(), input, request.snapshot));
        any = any || collectors->back();
    }
    if (!any)
        return;
    options->headWeights = [collectors](int layer, int head, const MatrixF& weights) {  // (T, T)
        for (const auto& collector : *collectors)
            if (collector)
                collector->addHead(layer, head, weights);
    };
}

// The hidden states for the predictions: the run's, and without the ablations (kept or run).
// False when the stop token stopped the baseline's pass.
bool keepHiddenStates(const SentenceRequest& request, const Encoding& input, RunResult& run, const StopToken& stop,
                      TraceResult* result) {
    const Model& model = *request.model;
    if (!model.hasOutputHead())
        return true;
    result->hidden = std::make_shared<const MatrixF>(std::move(run.hidden));
    // An encoder–decoder model predicts the next target token from the decoder's rows.
    const bool encoderDecoder = model.summary().isEncoderDecoder();
    result->defaultPosition = defaultPredictionPosition(model, encoderDecoder ? run.decoderInput : input);
    if (request.ablations.empty())
        return true;
    result->baselineHidden = request.baseline && request.baselineIds == input.ids ? request.baseline : nullptr;
    if (result->baselineHidden)
        return true;
    RunOptions plain;
    if (encoderDecoder)
        plain.decoderInput = run.decoderInput;  // the same target, not one generated anew
    plain.progress = [stop](int, int) { return !stop.stopRequested(); };
    RunResult before = model.run(input, plain);
    if (before.cancelled)
        return false;
    result->baselineHidden = std::make_shared<const MatrixF>(std::move(before.hidden));
    return true;
}

}  // namespace

std::shared_ptr<const AttentionTrace> stackTrace(RunResult& run, StackKind stack,
                                                 std::vector<std::shared_ptr<const AttentionTrace>>* all) {
    if (run.stacks.empty())
        return std::make_shared<const AttentionTrace>(std::move(run.trace));
    std::shared_ptr<const AttentionTrace> chosen;
    for (AttentionTrace& trace : run.stacks) {
        auto shared = std::make_shared<const AttentionTrace>(std::move(trace));
        if (shared->stack() == stack || !chosen)
            chosen = shared;
        if (all)
            all->push_back(shared);
    }
    run.stacks.clear();
    return chosen;
}

void shownTraces(const std::shared_ptr<const AttentionTrace>& pieces, AttentionMeasure measure, bool words,
                 std::shared_ptr<const AttentionTrace>* shown, std::shared_ptr<const AttentionTrace>* weights) {
    *weights = words ? std::make_shared<const AttentionTrace>(mergeIntoWords(*pieces)) : pieces;
    if (measure == AttentionMeasure::Weights || pieces->isEmpty()) {
        *shown = *weights;
        return;
    }
    auto weighted = std::make_shared<const AttentionTrace>(weightedByValueNorm(*pieces));
    *shown = words ? std::make_shared<const AttentionTrace>(mergeIntoWords(*weighted)) : weighted;
}

TraceResult runSentencePass(const SentenceRequest& request, const StopToken& stop, PassProgress progress) {
    TraceResult result;
    result.text = request.text;
    result.ablations = request.ablations;
    const QString failure = WorkFailure::of(PassText::tr("computing attention"), [&] {
        const std::optional<Encoding> input = passInput(request, &result);
        if (!input)
            return;
        RunOptions options = passOptions(request, stop);
        options.keepState = request.keepState;
        options.reuse = request.reuse;
        options.progress = [stop, progress](int done, int total) {
            progress(done, total);
            return !stop.stopRequested();
        };
        std::vector<std::unique_ptr<PassCollector>> collectors;  // parallel to request.collect, or empty
        attachCollectors(request, *input, &collectors, &options);
        RunResult run = request.model->run(*input, options);
        if (run.cancelled)
            return;  // superseded: nothing of it is delivered anyway
        result.prefixState = std::move(run.state);
        result.reusedTokens = run.reusedTokens;
        // The source's tokens all made it into the run (a cut one is marked incomplete).
        const bool complete = run.stacks.empty() ? run.trace.length() == int(input->size())
                                                 : run.stack(StackKind::Encoder).length() == int(input->size());
        if (request.model->summary().isEncoderDecoder()) {
            result.decoderInput = run.decoderInput;
            result.generated = !run.generated.empty();
            // Empty for a rerun on the shown target's ids: the document keeps its text.
            result.targetText = result.generated ? request.model->targetText(run.generated)
                                                 : request.target.value_or(QString());
        }
        if (!keepHiddenStates(request, *input, run, stop, &result))
            return;
        result.pieceTrace = stackTrace(run, request.stack, &result.stacks);
        shownTraces(result.pieceTrace, request.measure, request.words, &result.trace, &result.weightTrace);
        if (!complete)
            return;
        DerivedInput made = request.snapshot;
        made.trace = result.trace;
        made.weightTrace = result.weightTrace;
        made.pieceTrace = result.pieceTrace;
        for (size_t i = 0; i < collectors.size(); ++i)
            if (collectors[i])
                if (std::shared_ptr<const void> value = collectors[i]->finish(made))
                    result.collected.push_back({request.collect[i], made, std::move(value)});
    });
    if (!failure.isEmpty())
        result.error = failure;
    return result;
}

SecondTraceResult runSecondPass(const PassRequest& request, const StopToken& stop) {
    SecondTraceResult result;
    const QString failure = WorkFailure::of(PassText::tr("computing attention"), [&] {
        const std::optional<Encoding> input = passInput(request, &result);
        if (!input)
            return;
        RunResult run = request.model->run(*input, passOptions(request, stop));
        if (run.cancelled)
            return;
        std::shared_ptr<const AttentionTrace> weights;
        shownTraces(stackTrace(run, request.stack), request.measure, false,
                    &result.trace, &weights);
    });
    if (!failure.isEmpty())
        result.error = failure;
    return result;
}

StepsResult runStepsPass(const PassRequest& request, HeadIndex head, const StopToken& stop) {
    StepsResult result;
    const QString failure = WorkFailure::of(PassText::tr("computing attention"), [&] {
        const std::optional<Encoding> input = passInput(request, &result);
        if (!input)
            return;
        RunOptions options = passOptions(request, stop);
        options.steps = head;
        if (request.model->summary().isEncoderDecoder())
            options.steps->stack = request.stack;
        options.valueNorms = false;  // the steps show no measure
        RunResult run = request.model->run(*input, options);
        if (run.cancelled)
            return;
        if (run.steps)
            result.steps = std::make_shared<const HeadSteps>(std::move(*run.steps));
        const AttentionTrace& full = run.stack(request.stack);
        auto tokens = std::make_shared<AttentionTrace>(full.model(), full.tokenIds(), full.tokens(),
                                                       full.displayTokens(), full.special());
        if (full.hasKeyTokens())  // cross-attention: the source's tokens label the keys
            tokens->setKeyTokens(full.keyTokenIds(), full.keyTokens(), full.keyDisplayTokens(), full.keySpecial());
        result.tokens = std::move(tokens);
    });
    if (!failure.isEmpty())
        result.error = failure;
    return result;
}

}  // namespace headmap::ui
