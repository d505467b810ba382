// AttentionDocument's jobs: opening a model, the forward passes (document/ForwardPass.h) and
// applying the measure and words to a trace. Each kind has its own result and its own adopt…()
// handler, which runs only for the newest request of its kind (jobs/LatestJobs.h).

#include <QElapsedTimer>
#include <QMetaObject>

#include "AttentionDocument.h"
#include "ProgressThrottle.h"
#include "WorkFailure.h"
#include "document/ForwardPass.h"

namespace headmap::ui {

struct ModelResult {
    std::shared_ptr<const Model> model;
    ModelSpec spec;
    QString error;
};

struct WordsResult {
    std::shared_ptr<const AttentionTrace> trace;        // as shown
    std::shared_ptr<const AttentionTrace> pieceTrace;   // what it was made from
    std::shared_ptr<const AttentionTrace> weightTrace;  // the shown tokens' plain weights
    QString error;
};

bool AttentionDocument::isWorking() const {
    return m_jobs.isWorking();
}

int AttentionDocument::progressTotal() const {
    return isRunning(kTraceJob) ? m_progressTotal : 0;
}

bool AttentionDocument::isOpeningModel() const {
    return isRunning(kModelJob);
}

bool AttentionDocument::isComputingSteps() const {
    return isRunning(kStepsJob);
}

QString AttentionDocument::busyText() const {
    if (isRunning(kModelJob))
        return tr("Opening the model…");
    if (isRunning(kTraceJob))
        return m_progressTotal > 0
                   ? tr("Computing attention: layer %1 of %2…").arg(m_progressDone).arg(m_progressTotal)
                   : tr("Computing attention…");
    if (isRunning(kSecondTraceJob))
        return tr("Computing the second sentence…");
    if (isRunning(kStepsJob))
        return tr("Computing the step-by-step matrices…");
    for (const auto& producer : m_producers)
        if (isRunning(kDerivedJob + producer->key()))
            return producer->busyText();
    if (isRunning(kWordsJob))
        return m_view.mergeWords ? tr("Merging pieces into words…") : tr("Weighting attention by value norms…");
    if (isRunning(kPredictionJob))
        return tr("Predicting tokens…");
    return QString();
}

void AttentionDocument::cancel() {
    const bool opening = isRunning(kModelJob);
    m_jobs.dropAll();  // a model that is not being opened has nothing to drop
    setError(opening ? tr("Cancelled: the model was not opened.") : tr("Cancelled."));
    notify(DocumentChange::Busy);
}

bool AttentionDocument::failed(const QString& error, int truncateTo) {
    if (error.isEmpty())
        return false;
    setError(error, truncateTo);
    return true;
}

// Opening a model.

void AttentionDocument::openModel(const ModelSpec& requested) {
    ModelSpec spec = requested;
    if (!spec.convertedWeightBudget)
        spec.convertedWeightBudget = m_convertedWeightBudget;
    startJob(kModelJob, [spec](const StopToken&) {
        ModelResult result;
        result.spec = spec;
        result.error = WorkFailure::of(tr("opening %1").arg(spec.source), [&] { result.model = loadModel(spec); });
        return result;
    }, &AttentionDocument::adoptModelResult);
}

void AttentionDocument::adoptModelResult(ModelResult& result) {
    if (!failed(result.error))
        adoptModel(result.model, result.spec);
}

// The forward passes.

PassRequest AttentionDocument::passRequest(const QString& text, const QString& pair, bool truncate) const {
    PassRequest request;
    request.model = m_model;
    request.text = text;
    request.pair = pair;
    request.truncate = truncate;
    request.ablations = m_view.ablations;
    request.measure = m_view.measure;
    request.stack = m_view.stack;
    request.languages = m_languages;
    return request;
}

void AttentionDocument::setTargetOf(PassRequest& request) const {
    // The sentence shown again (ablations, steps): on the decoder rows it ran on, so that the
    // target stays and a head's effect is measured on the same prefix; else the user's target,
    // else the model generates one.
    if (!m_target && m_decoderInput && m_traceText == m_text)
        request.decoderInput = m_decoderInput;
    request.target = m_target;
}

void AttentionDocument::runTrace() {
    m_progressDone = 0;
    m_progressTotal = 0;
    SentenceRequest request;
    static_cast<PassRequest&>(request) = passRequest(m_text, m_pair, m_truncate);
    setTargetOf(request);
    request.words = m_view.mergeWords;
    // A baseline of the same tokens is kept: changing the ablations reruns only the ablated pass.
    request.baseline = m_view.ablations.empty() ? nullptr : m_baselineHidden;  // see adoptTraceResult
    request.baselineIds = m_pieceTrace->tokenIds();
    // Prefix reuse for the sentence only; the engine runs in full whatever it cannot reuse.
    request.keepState = m_reusePrefix;
    request.reuse = m_reusePrefix ? m_prefixState : nullptr;
    request.collect = m_producers;
    request.snapshot.style = m_view.style;
    request.snapshot.hideSpecial = m_view.hideSpecialTokens;
    // The destructor waits for every worker, so `this` outlives the progress reports.
    startJob(kTraceJob, [this, request](const StopToken& stop) {
        QElapsedTimer sinceStart;
        sinceStart.start();
        ProgressThrottle throttle;  // progress is for long passes (ProgressThrottle says why)
        return runSentencePass(request, stop, [this, stop, sinceStart, throttle](int done, int total) mutable {
            if (!throttle.admit(sinceStart.elapsed()))
                return;
            QMetaObject::invokeMethod(this, [this, stop, done, total] {
                if (stop.stopRequested())
                    return;
                m_progressDone = done;
                m_progressTotal = total;
                emit progressChanged(done, total);
                notify(DocumentChange::Busy);
            }, Qt::QueuedConnection);
        });
    }, &AttentionDocument::adoptTraceResult);
}

void AttentionDocument::runSecondTrace() {
    const PassRequest request = passRequest(m_comparisonText, QString(), false);
    startJob(kSecondTraceJob, [request](const StopToken& stop) { return runSecondPass(request, stop); },
             &AttentionDocument::adoptSecondTrace);
}

void AttentionDocument::adoptTraceResult(TraceResult& result) {
    if (failed(result.error, result.truncateTo))
        return;
    m_jobs.drop(kWordsJob);  // a merge of the previous sentence is moot
    if (!result.trace)
        return;
    // A selected token stays selected only while it is the same token at the same place.
    const std::shared_ptr<const AttentionTrace> old = m_trace;
    const int selected = m_view.selectedToken;
    const bool sameToken = selected >= 0 && selected < old->length() && selected < result.trace->length() &&
                           old->tokenIds()[size_t(selected)] == result.trace->tokenIds()[size_t(selected)];
    m_trace = result.trace;
    m_pieceTrace = result.pieceTrace;
    m_weightTrace = result.weightTrace ? result.weightTrace : result.trace;
    m_traceText = result.text;
    m_stackPieces = result.stacks;
    m_decoderInput = result.decoderInput;
    if (result.generated || m_target)
        m_targetText = result.generated ? result.targetText : *m_target;
    m_hidden = result.hidden;
    m_traceAblations = result.ablations;
    // Without ablations the run is its own baseline, kept for the first head switched off.
    m_baselineHidden = result.ablations.empty() ? result.hidden : result.baselineHidden;
    m_defaultPosition = result.defaultPosition;
    if (m_reusePrefix)  // a superseded run's state is never kept: it is never delivered
        m_prefixState = result.prefixState;
    m_reusedTokens = result.reusedTokens;
    if (!sameToken)
        m_view.selectedToken = -1;
    clampSelection();
    dropDerived();
    keepCollected(result.collected);  // what the pass made, while it is still what the views ask for
    dropPredictions();
    clearError();
    notify(DocumentChange::Trace | DocumentChange::Derived | DocumentChange::Selection | DocumentChange::Prediction);
}

void AttentionDocument::adoptSecondTrace(SecondTraceResult& result) {
    if (failed(result.error, result.truncateTo))
        return;
    m_secondTrace = result.trace;
    notify(DocumentChange::SecondTrace);
}

void AttentionDocument::adoptSteps(StepsResult& result) {
    if (failed(result.error, result.truncateTo))
        return;
    m_steps = result.steps;
    // The sentence's own trace when the tokens are the same (one trace per sentence).
    const bool same = m_pieceTrace && result.tokens && m_pieceTrace->tokenIds() == result.tokens->tokenIds() &&
                      m_pieceTrace->keyTokenIds() == result.tokens->keyTokenIds() &&
                      m_pieceTrace->stack() == result.tokens->stack() &&
                      m_pieceTrace->model().name == result.tokens->model().name;
    m_stepsTrace = same ? m_pieceTrace : result.tokens;
    notify(DocumentChange::Steps);
}

// The measure and words.

void AttentionDocument::runWords() {
    const std::shared_ptr<const AttentionTrace> pieces = m_pieceTrace;
    const bool words = m_view.mergeWords;
    const AttentionMeasure measure = m_view.measure;
    startJob(kWordsJob, [pieces, words, measure](const StopToken&) {
        WordsResult result;
        result.pieceTrace = pieces;
        result.error = WorkFailure::of(words ? tr("merging pieces into words") : tr("weighting attention by value norms"),
                                       [&] { shownTraces(pieces, measure, words, &result.trace, &result.weightTrace); });
        return result;
    }, &AttentionDocument::adoptWords);
}

void AttentionDocument::adoptWords(WordsResult& result) {
    if (!failed(result.error))
        adoptTrace(result.trace, result.pieceTrace, result.weightTrace);
}

void AttentionDocument::adoptTrace(std::shared_ptr<const AttentionTrace> trace,
                                   std::shared_ptr<const AttentionTrace> pieces,
                                   std::shared_ptr<const AttentionTrace> weights) {
    // Pieces and words number tokens differently: no selection survives the switch.
    // Only the words change it; a change of measure keeps the tokens.
    if (m_trace->length() != trace->length())
        m_view.selectedToken = -1;
    m_trace = std::move(trace);
    m_pieceTrace = std::move(pieces);
    m_weightTrace = weights ? std::move(weights) : m_trace;
    clampSelection();
    dropDerived();
    notify(DocumentChange::Trace | DocumentChange::Derived | DocumentChange::Selection);
}

}  // namespace headmap::ui
