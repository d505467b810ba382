#include "AttentionDocument.h"

#include <algorithm>

#include <QCoreApplication>

#include "core/HeadmapError.h"
#include "document/ForwardPass.h"

namespace headmap::ui {

AttentionDocument::AttentionDocument(QObject* parent)
    : QObject(parent), m_trace(std::make_shared<AttentionTrace>()), m_pieceTrace(m_trace), m_weightTrace(m_trace) {
    qRegisterMetaType<DocumentChanges>();
    connect(&m_jobs, &LatestJobs::activityChanged, this, [this] { notify(DocumentChange::Busy); });
    connect(&m_jobs, &LatestJobs::busyChanged, this, &AttentionDocument::busyChanged);
}

AttentionDocument::~AttentionDocument() {
    // The passes' progress reaches back to this object: let running workers stop early, and
    // wait for them.
    m_jobs.dropAll();
    m_jobs.waitForDone();
}

void AttentionDocument::notify(DocumentChanges changes) {
    emit changed(changes);
    if (changes & DocumentChange::Model)
        emit modelChanged();
    if (changes & DocumentChange::Trace)
        emit traceChanged();
    if (changes & DocumentChange::SecondTrace)
        emit secondTraceChanged();
    if (changes & DocumentChange::Steps)
        emit stepsChanged();
    if (changes & DocumentChange::Selection)
        emit selectionChanged();
}

bool AttentionDocument::setModelSpec(const ModelSpec& spec) {
    m_jobs.drop(kModelJob);  // a pending asynchronous load must not override this one
    // Every exception stops here, as on the worker path: one escaping into Qt's event loop
    // would abort the program.
    QString failure;
    try {
        adoptModel(loadModel(spec), spec);
    } catch (const HeadmapError& error) {
        failure = error.message();
    } catch (const std::bad_alloc&) {
        failure = tr("Out of memory while opening %1.").arg(spec.source);
    } catch (const std::exception& error) {
        failure = tr("Cannot open %1: %2").arg(spec.source, QString::fromUtf8(error.what()));
    } catch (...) {
        failure = tr("Cannot open %1: unexpected error").arg(spec.source);
    }
    if (failure.isEmpty())
        return true;
    setError(failure);
    return false;
}

void AttentionDocument::setModel(std::shared_ptr<const Model> model, const ModelSpec& spec) {
    m_jobs.drop(kModelJob);
    adoptModel(std::move(model), spec);
}

void AttentionDocument::adoptModel(std::shared_ptr<const Model> model, const ModelSpec& spec) {
    m_model = std::move(model);
    m_spec = spec;
    m_view.stack = StackKind::Cross;  // a translation model opens on its cross-attention
    m_languages = LanguageChoice();
    forgetStacks();
    try {  // the tokenizer says so by refusing a pair
        TokenizeOptions probe;
        probe.pair = QStringLiteral("b");
        m_model->tokenize(QStringLiteral("a"), probe);
        m_takesPairs = true;
    } catch (const std::exception&) {
        m_takesPairs = false;
    }
    // Everything computed with the old model is stale, including jobs still running for it.
    for (const QString& kind : {kTraceJob, kSecondTraceJob, kStepsJob})
        m_jobs.drop(kind);
    m_secondTrace.reset();
    m_steps.reset();
    m_stepsTrace.reset();
    m_trace = std::make_shared<AttentionTrace>();
    m_pieceTrace = m_weightTrace = m_trace;
    m_traceText.clear();
    m_prefixState.reset();  // the engine would refuse it (another model), but it holds memory
    dropDerived();
    clampSelection();
    m_view.selectedToken = -1;
    // Heads of the old model name nothing in the new one; nor does a target token id.
    m_view.ablations.clear();
    m_prediction.targetToken = -1;
    m_prediction.position = -1;
    forgetHiddenStates();
    clearError();
    notify(DocumentChange::Model | DocumentChange::Trace | DocumentChange::SecondTrace |
           DocumentChange::Steps | DocumentChange::Selection | DocumentChange::Derived |
           DocumentChange::Prediction);
    if (!m_text.isEmpty())
        runTrace();  // its result replaces the empty trace
}

void AttentionDocument::setReusePrefix(bool reuse) {
    m_reusePrefix = reuse;
    if (!reuse)
        m_prefixState.reset();
}

ModelSummary AttentionDocument::modelSummary() const {
    return m_model ? m_model->summary().forStack(m_view.stack) : ModelSummary();
}

StackKind AttentionDocument::stack() const {
    return m_model ? modelSummary().stackKind() : m_view.stack;
}

std::shared_ptr<const AttentionTrace> AttentionDocument::stackPieceTrace(StackKind stack) const {
    if (m_stackPieces.empty())
        return !m_pieceTrace->isEmpty() && m_pieceTrace->stack() == stack ? m_pieceTrace : nullptr;
    for (const auto& trace : m_stackPieces)
        if (trace->stack() == stack)
            return trace;
    return nullptr;
}

void AttentionDocument::forgetStacks() {
    m_stackPieces.clear();
    m_decoderInput.reset();
    m_target.reset();
    m_targetText.clear();
}

void AttentionDocument::setStack(StackKind stack) {
    if (stack == m_view.stack)
        return;
    // The decoder's self-attention and cross-attention share their rows (the target's tokens):
    // a selected target token stays selected between them.
    const bool sameRows = (stack == StackKind::Encoder) == (m_view.stack == StackKind::Encoder);
    m_view.stack = stack;
    if (!sameRows)
        m_view.selectedToken = -1;
    m_jobs.drop(kWordsJob);
    m_jobs.drop(kStepsJob);
    m_steps.reset();  // another stack's head
    m_stepsTrace.reset();
    if (const std::shared_ptr<const AttentionTrace> pieces = isEncoderDecoder() ? stackPieceTrace(stack) : nullptr) {
        // At once, not on a worker: the views must never see this stack's layer and head with
        // another stack's trace. Both derived traces compute their heads when asked.
        std::shared_ptr<const AttentionTrace> shown, weights;
        shownTraces(pieces, m_view.measure, m_view.mergeWords, &shown, &weights);
        adoptTrace(shown, pieces, weights);  // clamps the selection to the stack
    } else {
        clampSelection();
    }
    notify(DocumentChange::Selection | DocumentChange::Style | DocumentChange::Steps);
    if (m_model && !m_comparisonText.isEmpty() && m_secondTrace)
        runSecondTrace();
}

void AttentionDocument::setTargetText(const QString& target) {
    if (target.trimmed().isEmpty()) {
        generateTarget();
        return;
    }
    if (m_target == target)
        return;
    m_target = target;
    m_targetText = target;
    if (m_model && !m_text.isEmpty())
        runTrace();
}

void AttentionDocument::setLanguages(const LanguageChoice& languages) {
    if (languages.source == m_languages.source && languages.target == m_languages.target)
        return;
    m_languages = languages;
    m_decoderInput.reset();  // a generated target is written again, in the chosen language
    m_prefixState.reset();   // the source's tokens change with its language
    if (m_model && !m_text.isEmpty())
        runTrace();
}

void AttentionDocument::generateTarget() {
    if (!m_target && m_decoderInput && m_traceText == m_text)
        return;  // what is shown is already the model's own
    m_target.reset();
    m_decoderInput.reset();
    if (m_model && !m_text.isEmpty())
        runTrace();
}

void AttentionDocument::clearText() {
    m_jobs.drop(kTraceJob);
    m_text.clear();
    m_pair.clear();
    m_traceText.clear();
    m_trace = std::make_shared<AttentionTrace>();
    m_pieceTrace = m_weightTrace = m_trace;
    m_prefixState.reset();
    forgetStacks();
    m_view.selectedToken = -1;
    dropDerived();
    forgetHiddenStates();
    clearError();
    notify(DocumentChange::Trace | DocumentChange::Derived | DocumentChange::Selection | DocumentChange::Prediction);
}

void AttentionDocument::setText(const QString& text, const QString& pair, bool truncate) {
    m_text = text;
    m_pair = pair;
    m_truncate = truncate;
    if (text.isEmpty()) {
        setError(tr("Type a sentence first: the text is empty."));
        return;
    }
    if (!m_model) {
        if (!isOpeningModel())  // else the model runs the text as soon as it is there
            setError(tr("No model is loaded."));
        return;
    }
    runTrace();
}

void AttentionDocument::setComparisonText(const QString& text) {
    m_comparisonText = text;
    if (text.isEmpty()) {
        setError(tr("Type a second sentence to compare with."));
        return;
    }
    if (m_model)
        runSecondTrace();
}

void AttentionDocument::requestSteps(int layer, int head) {
    if (!m_model || m_text.isEmpty())
        return;
    PassRequest request = passRequest(m_text, m_pair, m_truncate);
    setTargetOf(request);
    const HeadIndex index{layer, head, std::nullopt};  // the stack: the request's
    startJob(kStepsJob, [request, index](const StopToken& stop) { return runStepsPass(request, index, stop); },
             &AttentionDocument::adoptSteps);
}

void AttentionDocument::setError(const QString& message, int truncateTo) {
    m_error.message = message;
    m_error.truncateTo = truncateTo;
    m_error.staleTrace = !m_trace->isEmpty() && m_traceText != m_text;
    notify(DocumentChange::Error);
    emit errorOccurred(message);
}

void AttentionDocument::clearError() {
    if (m_error.message.isEmpty() && !m_error.staleTrace)
        return;
    m_error = DocumentError();
    notify(DocumentChange::Error);
}

// View state.

void AttentionDocument::clampSelection() {
    const ModelSummary model = modelSummary();
    const int layers = std::max(1, m_trace->isEmpty() ? model.layers : m_trace->layers());
    const int heads = std::max(1, m_trace->isEmpty() ? model.heads : m_trace->heads());
    m_view.layer = std::clamp(m_view.layer, 0, layers - 1);
    m_view.head = std::clamp(m_view.head, 0, heads - 1);
    m_view.layerB = std::clamp(m_view.layerB, 0, layers - 1);
    m_view.headB = std::clamp(m_view.headB, 0, heads - 1);
    if (m_view.selectedToken >= m_trace->length() && !m_trace->isEmpty())
        m_view.selectedToken = -1;
}

void AttentionDocument::setLayer(int layer) {
    setHeadIndex(layer, m_view.head);
}

void AttentionDocument::setHead(int head) {
    setHeadIndex(m_view.layer, head);
}

void AttentionDocument::setHeadIndex(int layer, int head) {
    const ModelSummary model = modelSummary();
    if (layer < 0 || layer >= std::max(1, model.layers) || head < 0 || head >= std::max(1, model.heads))
        return;
    if (layer == m_view.layer && head == m_view.head)
        return;
    m_view.layer = layer;
    m_view.head = head;
    notify(DocumentChange::Selection);
}

void AttentionDocument::stepHead(int delta) {
    const ModelSummary model = modelSummary();
    if (model.heads <= 0)
        return;
    const int total = model.layers * model.heads;
    const int index = std::clamp(m_view.layer * model.heads + m_view.head + delta, 0, total - 1);
    setHeadIndex(index / model.heads, index % model.heads);
}

void AttentionDocument::stepLayer(int delta) {
    const ModelSummary model = modelSummary();
    if (model.layers <= 0)
        return;
    setHeadIndex(std::clamp(m_view.layer + delta, 0, model.layers - 1), m_view.head);
}

void AttentionDocument::setHeadB(int layer, int head) {
    const ModelSummary model = modelSummary();
    layer = std::clamp(layer, 0, std::max(0, model.layers - 1));
    head = std::clamp(head, 0, std::max(0, model.heads - 1));
    if (layer == m_view.layerB && head == m_view.headB)
        return;
    m_view.layerB = layer;
    m_view.headB = head;
    notify(DocumentChange::Selection);
}

void AttentionDocument::setSelectedToken(int index) {
    index = index < 0 || index >= m_trace->length() ? -1 : index;
    if (index == m_view.selectedToken)
        return;
    m_view.selectedToken = index;
    const bool moved = m_prediction.position < 0 && predictionPosition() != (m_predictions ? m_predictions->position : -1);
    if (moved)
        dropPredictions();  // the prediction follows the selected token
    notify(moved ? DocumentChange::Selection | DocumentChange::Prediction : DocumentChanges(DocumentChange::Selection));
}

void AttentionDocument::setStyle(const HeatmapStyle& style) {
    const DerivedInput before = derivedInput();
    m_view.style = style;
    dropDerivedChangedSince(before);  // e.g. a grid's colours
    notify(DocumentChange::Style);
}

void AttentionDocument::setHideSpecialTokens(bool hide) {
    if (hide == m_view.hideSpecialTokens)
        return;
    const DerivedInput before = derivedInput();
    m_view.hideSpecialTokens = hide;
    dropDerivedChangedSince(before);
    notify(DocumentChange::Style);
}

void AttentionDocument::setCompareMode(CompareMode mode) {
    if (mode == m_view.compareMode)
        return;
    m_view.compareMode = mode;
    notify(DocumentChange::Style);
}

void AttentionDocument::setMetric(std::optional<HeadMetric> metric) {
    if (metric == m_view.metric)
        return;
    m_view.metric = metric;
    notify(DocumentChange::Style);
}

void AttentionDocument::setMergeWords(bool merge) {
    if (merge == m_view.mergeWords)
        return;
    m_view.mergeWords = merge;
    m_jobs.drop(kWordsJob);
    notify(DocumentChange::Style);
    if (m_pieceTrace->isEmpty())
        return;
    reshowTrace();
}

void AttentionDocument::setMeasure(AttentionMeasure measure) {
    if (measure == m_view.measure)
        return;
    const DerivedInput before = derivedInput();
    m_view.measure = measure;
    // Weights × value norm are not bounded by 1: the 0-to-1 scale would saturate.
    if (measure == AttentionMeasure::ValueNorm && m_view.style.scale == ScaleMode::Fixed)
        m_view.style.scale = ScaleMode::GlobalMax;
    m_jobs.drop(kWordsJob);
    dropDerivedChangedSince(before);  // the trace changes below, or when the words job is done
    notify(DocumentChange::Style);
    reshowTrace();
    if (!m_comparisonText.isEmpty() && m_secondTrace && m_model)
        runSecondTrace();
}

void AttentionDocument::reshowTrace() {
    if (m_pieceTrace->isEmpty())
        return;
    if (!m_view.mergeWords && m_view.measure == AttentionMeasure::Weights) {
        adoptTrace(m_pieceTrace, m_pieceTrace, m_pieceTrace);  // nothing to compute
    } else {
        runWords();
    }
}

void AttentionDocument::setAblations(std::vector<HeadAblation> ablations) {
    const ModelSummary whole = m_model ? m_model->summary() : ModelSummary();
    std::vector<HeadAblation> kept;
    for (HeadAblation a : ablations) {
        // Each head of an encoder–decoder model names its stack (unset: cross-attention, as the
        // engine reads it); a one-stack model's never does, so equal heads compare equal.
        if (whole.isEncoderDecoder())
            a.stack = a.stack.value_or(StackKind::Cross);
        else
            a.stack.reset();
        const ModelSummary model = whole.forStack(a.stack.value_or(StackKind::Cross));
        const bool inside = a.layer >= 0 && a.layer < model.layers && a.head >= 0 && a.head < model.heads;
        const bool repeated = std::any_of(kept.begin(), kept.end(), [&](const HeadAblation& k) {
            return k.layer == a.layer && k.head == a.head && k.stack == a.stack;
        });
        if (inside && !repeated)
            kept.push_back(a);
    }
    std::sort(kept.begin(), kept.end(), [](const HeadAblation& a, const HeadAblation& b) {
        const int stackA = int(a.stack.value_or(StackKind::Encoder)), stackB = int(b.stack.value_or(StackKind::Encoder));
        if (stackA != stackB)
            return stackA < stackB;
        return a.layer != b.layer ? a.layer < b.layer : a.head < b.head;
    });
    if (kept == m_view.ablations)
        return;
    m_view.ablations = std::move(kept);
    dropPredictions();
    // The step matrices of a later head change too; the step tab asks for them again.
    m_steps.reset();
    m_stepsTrace.reset();
    notify(DocumentChange::Style | DocumentChange::Prediction | DocumentChange::Steps);
    // Later layers see the change: the whole sentence runs again (the baseline is kept).
    if (m_model && !m_text.isEmpty())
        runTrace();
    if (m_model && !m_comparisonText.isEmpty() && m_secondTrace)
        runSecondTrace();
}

void AttentionDocument::waitForIdle() {
    m_jobs.waitForIdle();
}

}  // namespace headmap::ui
