// AttentionDocument's background jobs: opening a model, the forward passes (sentence, second
// sentence, step matrices) and the data derived from a trace (statistics, rollout, grid images).

#include <QElapsedTimer>
#include <QMetaObject>
#include <QtConcurrent>

#include "AttentionDocument.h"
#include "WorkFailure.h"
#include "analysis/AttentionMeasure.h"
#include "analysis/RolloutSeries.h"
#include "analysis/AttentionTransforms.h"
#include "analysis/WordAggregation.h"
#include "model/Predictions.h"
#include "model/PrefixState.h"
#include "text/TextDecoding.h"
#include "ProgressThrottle.h"
#include "WorkerPool.h"
#include "views/ViewSupport.h"

namespace headmap::ui {

namespace {

// The trace as views show it, and the same tokens' plain weights (statistics, rollout): the
// measure first (value norms belong to pieces), then words.
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

// What the sentence's forward pass makes of each head as it computes it (RunOptions::
// headWeights), so that the grid and the statistics are there when the pass ends instead of
// recomputing every head afterwards: the grid's thumbnails of the trace as shown (special tokens
// hidden or not) and each head's statistics. Only for the plain weights of pieces: value norms
// and words are made from the finished trace, and the GridImages and Statistics jobs do those.
struct PassCapture {
    PassCapture(const ModelSummary& model, const Encoding& input, const HeatmapStyle& style, bool hide)
        : heads(model.heads), causal(model.causal), special(input.special) {
        special.resize(input.ids.size(), false);
        columnSums.resize(size_t(std::max(0, model.layers * model.heads)));
        if (hide) {
            kept = keptTokens(special);
            restrict = kept.size() < special.size();
        }
        statistics.resize(size_t(std::max(0, model.layers * model.heads)));
        if (!restrict || !kept.empty()) {
            grid = std::make_unique<GridImageBuilder>(model.layers, model.heads,
                                                      restrict ? int(kept.size()) : int(special.size()), style);
            const AttentionTrace tokens(model, input.ids, {}, {}, special);  // the mask rule, over the shown tokens
            std::vector<CellMask> masks;
            for (int l = 0; l < model.layers; ++l)
                masks.push_back(tokens.cellMask(l, restrict ? kept : std::vector<int>()));
            grid->setMasks(std::move(masks));
        }
    }
    // Called from the pass's threads, for different heads at once.
    void add(int layer, int head, const MatrixF& weights) {  // (T, T)
        HeadStatistics s = computeHeadStatistics(weights, special);
        s.layer = layer;
        s.head = head;
        statistics[size_t(layer * heads + head)] = s;  // one slot per head: no lock needed
        // The head's part of its mean value norm (the norms come with the trace, after the pass).
        columnSums[size_t(layer * heads + head)] = attendedColumnSums(
            ConstMatrixMap(weights.data(), weights.rows(), weights.cols()), causal);
        if (!grid)
            return;
        if (restrict) {
            const MatrixF shown = withoutTokens(weights, kept, true);  // (K, K), as shownTrace
            grid->addHead(layer, head, ConstMatrixMap(shown.data(), shown.rows(), shown.cols()));
        } else {
            grid->addHead(layer, head, ConstMatrixMap(weights.data(), weights.rows(), weights.cols()));
        }
    }

    // The mean value norm of every head, from the column sums kept above. (layers · heads)
    std::vector<double> meanValueNorms(const AttentionTrace& trace) const {
        std::vector<double> means(columnSums.size(), 0.0);
        for (int l = 0; l < trace.layers(); ++l)
            for (int h = 0; h < trace.heads(); ++h)
                means[size_t(l * heads + h)] =
                    meanValueNormFromColumnSums(columnSums[size_t(l * heads + h)], trace.valueNorms(l, h), causal);
        return means;
    }

    int heads;
    bool causal;
    std::vector<bool> special;
    std::vector<int> kept;
    bool restrict = false;
    std::vector<HeadStatistics> statistics;
    std::vector<std::vector<double>> columnSums;  // per head, attendedColumnSums() of its weights
    std::unique_ptr<GridImageBuilder> grid;
};

// The pass hands out its heads when recomputing them all afterwards would take long: from the
// length where the grid's cells become thumbnails (a shorter trace's grid and statistics are
// quick jobs), and with prefix reuse on only for long texts (a pass that hands out heads cannot
// reuse the prefix, and reuse is what keeps typing in a short text quick).
constexpr int kCaptureFrom = kGridThumbnailSide;
constexpr int kCaptureWithReuseFrom = 1024;

}  // namespace

quint64 AttentionDocument::nextGeneration(Job job) {
    auto& latest = *m_latest[int(job)];
    const quint64 generation = latest.load() + 1;
    latest.store(generation);
    return generation;
}

bool AttentionDocument::isRunning(Job job) const {
    // A cancelled or superseded job may still be finishing its layer; it no longer counts.
    return m_running[int(job)] > 0 && m_startedGeneration[int(job)] == m_latest[int(job)]->load();
}

bool AttentionDocument::isWorking() const {
    for (int job = 0; job < int(Job::Count); ++job)
        if (isRunning(Job(job)))
            return true;
    return false;
}

int AttentionDocument::progressTotal() const {
    return isRunning(Job::Trace) ? m_progressTotal : 0;
}

bool AttentionDocument::isOpeningModel() const {
    return isRunning(Job::Model);
}

bool AttentionDocument::isComputingSteps() const {
    return isRunning(Job::Steps);
}

QString AttentionDocument::busyText() const {
    if (isRunning(Job::Model))
        return tr("Opening the model…");
    if (isRunning(Job::Trace))
        return m_progressTotal > 0
                   ? tr("Computing attention: layer %1 of %2…").arg(m_progressDone).arg(m_progressTotal)
                   : tr("Computing attention…");
    if (isRunning(Job::SecondTrace))
        return tr("Computing the second sentence…");
    if (isRunning(Job::Steps))
        return tr("Computing the step-by-step matrices…");
    if (isRunning(Job::Statistics))
        return tr("Computing head statistics…");
    if (isRunning(Job::Rollout))
        return tr("Computing attention rollout…");
    if (isRunning(Job::GridImages))
        return tr("Drawing all heads…");
    if (isRunning(Job::Words))
        return m_view.mergeWords ? tr("Merging pieces into words…") : tr("Weighting attention by value norms…");
    if (isRunning(Job::Prediction))
        return tr("Predicting tokens…");
    return QString();
}

void AttentionDocument::openModel(const ModelSpec& spec) {
    const quint64 generation = nextGeneration(Job::Model);
    startJob(Job::Model, [spec, generation] {
        Outcome outcome;
        outcome.job = Job::Model;
        outcome.generation = generation;
        outcome.spec = spec;
        outcome.error = WorkFailure::of(tr("opening %1").arg(spec.source), [&] { outcome.model = loadModel(spec); });
        return outcome;
    });
}

void AttentionDocument::runTrace(Job job, const QString& text, const QString& pair, bool truncate,
                                 std::optional<HeadIndex> steps) {
    const quint64 generation = nextGeneration(job);
    std::shared_ptr<const Model> model = m_model;
    std::shared_ptr<std::atomic<quint64>> latest = m_latest[int(job)];
    if (job == Job::Trace) {
        m_progressDone = 0;
        m_progressTotal = 0;
    }
    const bool words = job == Job::Trace && m_view.mergeWords;
    const AttentionMeasure measure = m_view.measure;
    const HeatmapStyle style = m_view.style;
    const bool hide = m_view.hideSpecialTokens;
    const std::vector<HeadAblation> ablations = m_view.ablations;
    // A baseline of the same tokens is kept: changing the ablations reruns only the ablated pass.
    const std::shared_ptr<const MatrixF> baseline = ablations.empty() ? nullptr : m_baselineHidden;  // see deliverTrace
    const std::vector<int> baselineIds = m_pieceTrace->tokenIds();
    // Prefix reuse for the sentence only; the engine runs in full whatever it cannot reuse.
    const bool keepState = job == Job::Trace && m_reusePrefix;
    const std::shared_ptr<const PrefixState> reuse = keepState ? m_prefixState : nullptr;
    // The destructor waits for every worker, so `this` outlives them.
    startJob(job, [this, job, model, text, pair, truncate, steps, generation, latest, words, measure, ablations,
                   baseline, baselineIds, keepState, reuse, style, hide] {
        Outcome outcome;
        outcome.job = job;
        outcome.generation = generation;
        outcome.text = text;
        outcome.ablations = ablations;
        const QString failure = WorkFailure::of(tr("computing attention"), [&] {
            TokenizeOptions tokenize;
            if (!isBlank(pair))
                tokenize.pair = pair;
            tokenize.truncate = true;  // tokenizing stops at the limit either way
            const Encoding input = model->tokenize(text, tokenize);
            if (input.truncated && !truncate) {
                const int limit = int(input.size());
                outcome.truncateTo = limit;
                outcome.error = tr("The text has more than %1 tokens, the most %2 accepts (its maximum "
                                   "positions).").arg(limit).arg(model->summary().displayName());
                return;
            }
            RunOptions options;
            options.steps = steps;
            options.ablations = ablations;
            options.valueNorms = job != Job::Steps;  // cheap next to the pass; the measure needs them
            options.keepState = keepState;
            options.reuse = reuse;
            // Progress is for long passes (ProgressThrottle says why).
            QElapsedTimer sinceStart;
            sinceStart.start();
            ProgressThrottle throttle;
            options.progress = [this, job, generation, latest, sinceStart, throttle](int done, int total) mutable {
                const bool show = throttle.admit(sinceStart.elapsed());
                if (job == Job::Trace && show)
                    QMetaObject::invokeMethod(this, [this, generation, done, total] {
                        if (generation != m_latest[int(Job::Trace)]->load())
                            return;
                        m_progressDone = done;
                        m_progressTotal = total;
                        emit progressChanged(done, total);
                        notify(DocumentChange::Busy);
                    }, Qt::QueuedConnection);
                return latest->load() == generation;  // a newer request makes this one pointless
            };
            std::unique_ptr<PassCapture> capture;
            if (job == Job::Trace && measure == AttentionMeasure::Weights && !words &&
                input.size() > kCaptureFrom && (!reuse || input.size() >= kCaptureWithReuseFrom)) {
                capture = std::make_unique<PassCapture>(model->summary(), input, style, hide);
                options.headWeights = [&capture](int layer, int head, const MatrixF& weights) {
                    capture->add(layer, head, weights);
                };
            }
            RunResult result = model->run(input, options);
            if (result.cancelled)
                return;  // superseded: deliver() drops the outcome anyway
            if (capture && result.trace.length() == input.size()) {
                outcome.statistics = std::make_shared<const std::vector<HeadStatistics>>(std::move(capture->statistics));
                if (result.trace.hasValueNorms())
                    outcome.valueNorms = std::make_shared<const std::vector<double>>(capture->meanValueNorms(result.trace));
                if (capture->grid && capture->grid->isComplete()) {
                    outcome.gridImages = std::make_shared<const GridImages>(capture->grid->finish());
                    outcome.gridStyle = style;
                    outcome.gridHide = hide;
                }
            }
            if (result.steps)
                outcome.steps = std::make_shared<const HeadSteps>(std::move(*result.steps));
            outcome.prefixState = std::move(result.state);
            outcome.reusedTokens = result.reusedTokens;
            if (job == Job::Trace && model->hasOutputHead()) {
                outcome.hidden = std::make_shared<const MatrixF>(std::move(result.hidden));
                outcome.defaultPosition = defaultPredictionPosition(*model, input);
                if (!ablations.empty()) {
                    outcome.baselineHidden = baseline && baselineIds == input.ids ? baseline : nullptr;
                    if (!outcome.baselineHidden) {
                        RunOptions plain;
                        plain.progress = [latest, generation](int, int) { return latest->load() == generation; };
                        RunResult before = model->run(input, plain);
                        if (before.cancelled)
                            return;
                        outcome.baselineHidden = std::make_shared<const MatrixF>(std::move(before.hidden));
                    }
                }
            }
            if (job == Job::Steps) {
                // The tokens only: the views label the step matrices with them, and a second
                // copy of every layer's queries and keys would double the sentence's memory.
                const AttentionTrace& full = result.trace;
                outcome.trace = std::make_shared<const AttentionTrace>(full.model(), full.tokenIds(), full.tokens(),
                                                                       full.displayTokens(), full.special());
                return;
            }
            outcome.pieceTrace = std::make_shared<const AttentionTrace>(std::move(result.trace));
            shownTraces(outcome.pieceTrace, measure, words, &outcome.trace, &outcome.weightTrace);
            if (outcome.gridImages)
                outcome.gridTrace = shownTrace(outcome.trace, hide);
        });
        if (!failure.isEmpty())
            outcome.error = failure;
        return outcome;
    });
}

void AttentionDocument::requestDerived(DerivedKinds kinds) {
    if (m_trace->isEmpty())
        return;
    // Statistics made during a pass come with the mean value norms when the trace has value
    // norms; otherwise the job adds them.
    const bool normsMissing = m_statistics && !m_meanValueNorms && m_pieceTrace->hasValueNorms();
    if (kinds & Derived::Statistics && (!m_statistics || normsMissing) && !isRunning(Job::Statistics))
        runDerived(Job::Statistics);
    if (kinds & Derived::Rollout && !m_rollout && !isRunning(Job::Rollout))
        runDerived(Job::Rollout);
    if (kinds & Derived::GridImages && !m_gridImages && !isRunning(Job::GridImages))
        runDerived(Job::GridImages);
}

void AttentionDocument::runWords() {
    const quint64 generation = nextGeneration(Job::Words);
    const std::shared_ptr<const AttentionTrace> pieces = m_pieceTrace;
    const QString text = m_traceText;
    const bool words = m_view.mergeWords;
    const AttentionMeasure measure = m_view.measure;
    startJob(Job::Words, [generation, pieces, text, words, measure] {
        Outcome outcome;
        outcome.job = Job::Words;
        outcome.generation = generation;
        outcome.text = text;
        outcome.pieceTrace = pieces;
        outcome.error = WorkFailure::of(words ? tr("merging pieces into words") : tr("weighting attention by value norms"),
                                 [&] { shownTraces(pieces, measure, words, &outcome.trace, &outcome.weightTrace); });
        return outcome;
    });
}

void AttentionDocument::runDerived(Job job) {
    const quint64 generation = nextGeneration(job);
    // Statistics and rollout read weights (rows summing to 1) whatever the measure shown.
    const std::shared_ptr<const AttentionTrace> trace = job == Job::GridImages ? m_trace : m_weightTrace;
    const std::shared_ptr<const AttentionTrace> pieces = m_pieceTrace;
    const HeatmapStyle style = m_view.style;
    const bool hide = m_view.hideSpecialTokens;
    const std::shared_ptr<const std::vector<HeadStatistics>> statistics = m_statistics;
    startJob(job, [job, generation, trace, pieces, style, hide, statistics] {
        Outcome outcome;
        outcome.job = job;
        outcome.generation = generation;
        outcome.error = WorkFailure::of(tr("analysing the attention"), [&] {
            if (hasNoAttention(trace.get()))
                return;
            switch (job) {
            case Job::Statistics:
                outcome.statistics = statistics ? statistics
                                                : std::make_shared<const std::vector<HeadStatistics>>(computeHeadStatistics(*trace));
                if (pieces->hasValueNorms())
                    outcome.valueNorms = std::make_shared<const std::vector<double>>(meanValueNormPerHead(*pieces));
                break;
            case Job::Rollout: {
                // Short traces keep every layer: compute them all now, so that stepping
                // through the layers is instant. Longer ones compute the layer on show.
                auto series = std::make_shared<const RolloutSeries>(trace);
                if (series->keepsEveryLayer())
                    (void)series->through(series->layers() - 1);
                outcome.rollout = std::move(series);
                break;
            }
            case Job::GridImages:
                outcome.trace = shownTrace(trace, hide);
                if (!hasNoAttention(outcome.trace.get()))
                    outcome.gridImages = std::make_shared<const GridImages>(buildGridImages(*outcome.trace, style));
                break;
            default:
                break;
            }
        });
        return outcome;
    });
}

void AttentionDocument::dropDerived() {
    for (Job job : {Job::Statistics, Job::Rollout, Job::GridImages})
        nextGeneration(job);
    m_statistics.reset();
    m_meanValueNorms.reset();
    m_rollout.reset();
    m_gridImages.reset();
    m_gridTrace.reset();
}

void AttentionDocument::cancel() {
    for (Job job : {Job::Trace, Job::SecondTrace, Job::Steps, Job::Statistics, Job::Rollout, Job::GridImages,
                    Job::Words, Job::Prediction})
        nextGeneration(job);
    const bool opening = isRunning(Job::Model);
    if (opening)
        nextGeneration(Job::Model);
    setError(opening ? tr("Cancelled: the model was not opened.") : tr("Cancelled."));
    notify(DocumentChange::Busy);
}

void AttentionDocument::startJob(Job job, std::function<Outcome()> work) {
    auto* watcher = new QFutureWatcher<Outcome>(this);
    m_watchers << watcher;
    connect(watcher, &QFutureWatcher<Outcome>::finished, this, [this, watcher, job] {
        m_watchers.removeOne(watcher);
        watcher->deleteLater();
        --m_pending;
        --m_running[int(job)];
        deliver(watcher->result());
        notify(DocumentChange::Busy);
        if (m_pending == 0)
            emit busyChanged(false);
    });
    ++m_running[int(job)];
    m_startedGeneration[int(job)] = m_latest[int(job)]->load();
    if (m_pending++ == 0)
        emit busyChanged(true);
    notify(DocumentChange::Busy);
    watcher->setFuture(QtConcurrent::run(workerPool(), work));
}

void AttentionDocument::deliver(const Outcome& outcome) {
    if (outcome.generation != m_latest[int(outcome.job)]->load())
        return;  // superseded by a newer sentence or model, or cancelled
    if (!outcome.error.isEmpty()) {
        setError(outcome.error, outcome.truncateTo);
        return;
    }
    switch (outcome.job) {
    case Job::Model:
        adoptModel(outcome.model, outcome.spec);
        break;
    case Job::Trace:
        nextGeneration(Job::Words);  // a merge of the previous sentence is moot
        if (outcome.trace)
            deliverTrace(outcome);
        break;
    case Job::Words:
        adoptTrace(outcome);
        break;
    case Job::SecondTrace:
        m_secondTrace = outcome.trace;
        notify(DocumentChange::SecondTrace);
        break;
    case Job::Steps:
        m_steps = outcome.steps;
        // The sentence's own trace when the tokens are the same (one trace per sentence).
        m_stepsTrace = m_pieceTrace && outcome.trace && m_pieceTrace->tokenIds() == outcome.trace->tokenIds() &&
                               m_pieceTrace->model().name == outcome.trace->model().name
                           ? m_pieceTrace : outcome.trace;
        notify(DocumentChange::Steps);
        break;
    case Job::Statistics:
        m_statistics = outcome.statistics;
        m_meanValueNorms = outcome.valueNorms;
        notify(DocumentChange::Derived);
        break;
    case Job::Rollout:
        m_rollout = outcome.rollout;
        notify(DocumentChange::Derived);
        break;
    case Job::GridImages:
        m_gridImages = outcome.gridImages;
        m_gridTrace = outcome.trace;
        notify(DocumentChange::Derived);
        break;
    case Job::Prediction:
        m_predictions = outcome.prediction;
        notify(DocumentChange::Prediction);
        break;
    case Job::Count:
        break;
    }
}

void AttentionDocument::adoptTrace(const Outcome& outcome) {
    // Pieces and words number tokens differently: no selection survives the switch.
    // Only the words change it; a change of measure keeps the tokens.
    if (m_trace->length() != outcome.trace->length())
        m_view.selectedToken = -1;
    m_trace = outcome.trace;
    m_pieceTrace = outcome.pieceTrace;
    m_weightTrace = outcome.weightTrace ? outcome.weightTrace : outcome.trace;
    clampSelection();
    dropDerived();
    notify(DocumentChange::Trace | DocumentChange::Derived | DocumentChange::Selection);
}

void AttentionDocument::deliverTrace(const Outcome& outcome) {
    // A selected token stays selected only while it is the same token at the same place.
    const std::shared_ptr<const AttentionTrace> old = m_trace;
    const int selected = m_view.selectedToken;
    const bool sameToken = selected >= 0 && selected < old->length() && selected < outcome.trace->length() &&
                           old->tokenIds()[size_t(selected)] == outcome.trace->tokenIds()[size_t(selected)];
    m_trace = outcome.trace;
    m_pieceTrace = outcome.pieceTrace;
    m_weightTrace = outcome.weightTrace ? outcome.weightTrace : outcome.trace;
    m_traceText = outcome.text;
    m_hidden = outcome.hidden;
    m_traceAblations = outcome.ablations;
    // Without ablations the run is its own baseline, kept for the first head switched off.
    m_baselineHidden = outcome.ablations.empty() ? outcome.hidden : outcome.baselineHidden;
    m_defaultPosition = outcome.defaultPosition;
    if (m_reusePrefix)  // a superseded run's state is never kept: deliver() dropped it
        m_prefixState = outcome.prefixState;
    m_reusedTokens = outcome.reusedTokens;
    if (!sameToken)
        m_view.selectedToken = -1;
    clampSelection();
    dropDerived();
    // What the pass made of each head, while it is still what the view asks for.
    m_statistics = outcome.statistics;
    m_meanValueNorms = outcome.valueNorms;
    if (outcome.gridImages && outcome.gridHide == m_view.hideSpecialTokens &&
        outcome.gridStyle.scale == m_view.style.scale && outcome.gridStyle.colormap == m_view.style.colormap) {
        m_gridImages = outcome.gridImages;
        m_gridTrace = outcome.gridTrace;
    }
    dropPredictions();
    clearError();
    notify(DocumentChange::Trace | DocumentChange::Derived | DocumentChange::Selection | DocumentChange::Prediction);
}

}  // namespace headmap::ui
