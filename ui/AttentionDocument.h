#pragma once
// The GUI's document: the loaded model, the sentence (and optional pair), its trace, a second
// trace for comparing two sentences, the step matrices of one head, what is derived from the
// trace (statistics, rollout, grid images) and the view state (ViewState.h). Everything that
// costs time runs as a job on a worker thread; each kind of job has a generation counter, so a
// newer request supersedes an older one and a superseded worker stops between layers. Views
// observe `changed` (through DocumentView) and never touch the model.
// Jobs live in AttentionDocument_Jobs.cpp.

#include <atomic>
#include <functional>
#include <memory>
#include <optional>
#include <vector>

#include <QFutureWatcher>
#include <QObject>

#include "ViewState.h"
#include "analysis/HeadStatistics.h"
#include "analysis/RolloutSeries.h"
#include "core/AttentionTrace.h"
#include "core/HeadSteps.h"
#include "model/ModelLoader.h"
#include "predictions/PredictionResult.h"
#include "views/HeadGridImages.h"

namespace headmap::ui {

// Derived data a view can ask for; computed in the background from the current trace.
enum class Derived { Statistics = 0x1, Rollout = 0x2, GridImages = 0x4 };
Q_DECLARE_FLAGS(DerivedKinds, Derived)

// The last failure, for the banner over the views.
struct DocumentError {
    QString message;       // empty: no error
    int truncateTo = 0;    // > 0: the text is too long; running it cut to this many tokens works
    bool staleTrace = false;  // the trace shown is not the one of the current text
};

class AttentionDocument : public QObject {
    Q_OBJECT
public:
    explicit AttentionDocument(QObject* parent = nullptr);
    ~AttentionDocument() override;

    // Loads a model now (tests, scripts); on failure emits errorOccurred and keeps the previous
    // one. Reruns the current sentence on success.
    bool setModelSpec(const ModelSpec& spec);
    // The same on a worker thread, for the GUI: modelChanged or errorOccurred follow.
    void openModel(const ModelSpec& spec);
    bool hasModel() const { return m_model != nullptr; }
    // The model's tokenizer encodes sentence pairs (BERT-style); false without a model.
    bool takesPairs() const { return m_takesPairs; }
    ModelSummary modelSummary() const;
    QString modelSource() const { return m_spec.source; }
    const ModelSpec& modelSpec() const { return m_spec; }
    // True while a model is being opened in the background.
    bool isOpeningModel() const;

    // Starts computing the trace in the background; a newer request supersedes it. pair: the
    // second sentence for models trained on pairs, empty for none. truncate: cut a text longer
    // than the model's maximum positions instead of refusing it.
    void setText(const QString& text, const QString& pair = QString(), bool truncate = false);
    QString text() const { return m_text; }
    QString pairText() const { return m_pair; }
    // Prefix reuse (engine model/PrefixState.h): while on, the document keeps what a decoder's
    // last run computed, and the next sentence that starts with the same tokens (the user typing
    // at the end) computes only the tokens after them. Off drops what was kept (it costs about
    // one more trace of memory). reusedTokens(): how many tokens the shown trace's run took over.
    void setReusePrefix(bool reuse);
    bool reusesPrefix() const { return m_reusePrefix; }
    int reusedTokens() const { return m_reusedTokens; }
    // A second sentence to compare with the first (the two-sentence comparison).
    void setComparisonText(const QString& text);
    QString comparisonText() const { return m_comparisonText; }
    // Forgets the sentence and its trace (e.g. a session without text).
    void clearText();

    // Computes the step-by-step matrices of one head for the current sentence, in the
    // background; stepsChanged follows.
    void requestSteps(int layer, int head);
    std::shared_ptr<const HeadSteps> steps() const { return m_steps; }
    // The tokens of the run that made steps(), to label the step matrices: pieceTrace() when
    // they are the sentence's (the usual case), else a trace of the tokens only (no heads).
    std::shared_ptr<const AttentionTrace> stepsTrace() const { return m_stepsTrace; }
    bool isComputingSteps() const;

    // The trace as the views show it: pieces, weighted by value norms when the measure says so,
    // then merged into words when the view state merges pieces. pieceTrace() is always the
    // forward pass's own (pieces, weights, value norms); weightTrace() is the shown tokens'
    // plain weights, for statistics and rollout whatever the measure.
    const AttentionTrace& trace() const { return *m_trace; }
    std::shared_ptr<const AttentionTrace> pieceTrace() const { return m_pieceTrace; }
    std::shared_ptr<const AttentionTrace> weightTrace() const { return m_weightTrace; }
    std::shared_ptr<const AttentionTrace> sharedTrace() const { return m_trace; }
    std::shared_ptr<const AttentionTrace> secondTrace() const { return m_secondTrace; }

    // Derived data of the current trace; null until computed (requestDerived).
    void requestDerived(DerivedKinds kinds);
    std::shared_ptr<const std::vector<HeadStatistics>> statistics() const { return m_statistics; }
    std::shared_ptr<const RolloutSeries> rollout() const { return m_rollout; }
    // Mean α·‖v·W_O‖ per head over the pieces, layer-major; computed with the statistics, null
    // when the trace has no value norms.
    std::shared_ptr<const std::vector<double>> meanValueNorms() const { return m_meanValueNorms; }
    // Grid images of the trace as shown (style, hidden special tokens), and that trace.
    std::shared_ptr<const GridImages> gridImages() const { return m_gridImages; }
    std::shared_ptr<const AttentionTrace> gridTrace() const { return m_gridTrace; }

    // Busy: some worker has not been delivered yet (waitForIdle waits for it). Working: a job
    // whose result is still wanted runs; busyText() says which ("Computing attention…").
    bool isBusy() const { return m_pending > 0; }
    bool isWorking() const;
    // Layers in the running forward pass; 0 when none runs or it has not reported yet.
    int progressTotal() const;
    QString busyText() const;
    // Stops every running job; the document keeps what it showed before (marked stale).
    void cancel();
    const DocumentError& lastError() const { return m_error; }
    void clearError();

    // The view state.
    const ViewState& view() const { return m_view; }
    int layer() const { return m_view.layer; }
    int head() const { return m_view.head; }
    void setLayer(int layer);
    void setHead(int head);
    void setHeadIndex(int layer, int head);
    // Steps through heads in reading order, crossing into the next or previous layer.
    void stepHead(int delta);
    // Moves to another layer, keeping the head; stops at the first and last layer.
    void stepLayer(int delta);
    void setHeadB(int layer, int head);
    void setSelectedToken(int index);  // whole-sentence index; -1: none
    void setStyle(const HeatmapStyle& style);
    void setHideSpecialTokens(bool hide);
    void setCompareMode(CompareMode mode);
    void setMetric(std::optional<HeadMetric> metric);
    void setMergeWords(bool merge);
    void setMeasure(AttentionMeasure measure);
    // Heads to switch off; reruns the sentence (later layers change) and the predictions.
    // Heads outside the model are dropped.
    void setAblations(std::vector<HeadAblation> ablations);
    const std::vector<HeadAblation>& ablations() const { return m_view.ablations; }

    // Predictions (AttentionDocument_Predictions.cpp). The model can predict tokens when it
    // has an output head; else outputHeadMissing() says why not.
    bool hasOutputHead() const;
    QString outputHeadMissing() const;
    const PredictionSettings& predictionSettings() const { return m_prediction; }
    void setPredictionSettings(const PredictionSettings& settings);
    // Asks for the predictions of the current trace, selection and settings; predictionChanged
    // follows. Does nothing while they are current or being computed.
    void requestPredictions();
    std::shared_ptr<const PredictionResult> predictions() const { return m_predictions; }
    // The piece a prediction is made at now: the settings' position, else the selected token's
    // (its last piece when words are merged), else the model's default; -1 without a trace.
    int predictionPosition() const;
    // The id of a token the user typed ("cat", "Ġcat"): the vocabulary's piece, as a word after a
    // space, or the text's only piece; nullopt when it is more than one token.
    std::optional<int> tokenIdOf(const QString& text) const;

    // Blocks until every pending job has been delivered; for tests and scripts.
    void waitForIdle();

signals:
    // One signal for views (DocumentView), the others for callers that want one thing.
    void changed(headmap::ui::DocumentChanges changes);
    void modelChanged();
    void traceChanged();
    void secondTraceChanged();
    void stepsChanged();
    void selectionChanged();
    void busyChanged(bool busy);
    void progressChanged(int done, int total);
    void errorOccurred(const QString& message);
    void predictionChanged();

private:
    enum class Job { Trace, SecondTrace, Model, Steps, Statistics, Rollout, GridImages, Words, Prediction, Count };
    struct Outcome {
        Job job = Job::Trace;
        quint64 generation = 0;
        std::shared_ptr<const AttentionTrace> trace;
        std::shared_ptr<const AttentionTrace> pieceTrace;  // Trace, Words: before merging
        std::shared_ptr<const AttentionTrace> weightTrace;  // Trace, Words: merged, plain weights
        std::shared_ptr<const MatrixF> hidden;          // Trace: final hidden states (T, D)
        std::shared_ptr<const MatrixF> baselineHidden;  // Trace: the same without the ablations
        int defaultPosition = -1;                       // Trace: defaultPredictionPosition
        std::vector<HeadAblation> ablations;            // Trace: the heads switched off
        std::shared_ptr<const PrefixState> prefixState;  // Trace: what the next run may reuse
        int reusedTokens = 0;                            // Trace: tokens taken from the last state
        std::shared_ptr<const PredictionResult> prediction;
        std::shared_ptr<const std::vector<double>> valueNorms;
        std::shared_ptr<const HeadSteps> steps;
        std::shared_ptr<const Model> model;
        std::shared_ptr<const std::vector<HeadStatistics>> statistics;
        std::shared_ptr<const RolloutSeries> rollout;
        std::shared_ptr<const GridImages> gridImages;  // GridImages; Trace: made during the pass
        std::shared_ptr<const AttentionTrace> gridTrace;  // Trace: the trace the pass's images show
        HeatmapStyle gridStyle;                           // Trace: the style and hiding they were made with
        bool gridHide = false;
        ModelSpec spec;
        QString text;  // the text the trace was computed from
        QString error;
        int truncateTo = 0;
    };

    void runTrace(Job job, const QString& text, const QString& pair, bool truncate,
                  std::optional<HeadIndex> steps = std::nullopt);
    void runDerived(Job job);
    void startJob(Job job, std::function<Outcome()> work);
    void deliver(const Outcome& outcome);
    void deliverTrace(const Outcome& outcome);
    void adoptTrace(const Outcome& outcome);  // shows outcome.trace; selection and derived data follow
    void runWords();  // applies the measure to m_pieceTrace and merges words, in the background
    void reshowTrace();  // the shown trace again after a change of measure or words
    void runPrediction();
    void dropPredictions();
    void forgetHiddenStates();
    void adoptModel(std::shared_ptr<const Model> model, const ModelSpec& spec);
    quint64 nextGeneration(Job job);
    bool isRunning(Job job) const;
    void setError(const QString& message, int truncateTo = 0);
    void dropDerived();
    void notify(DocumentChanges changes);
    void clampSelection();

    std::shared_ptr<const Model> m_model;
    ModelSpec m_spec;
    QString m_text;
    QString m_pair;
    QString m_comparisonText;
    bool m_truncate = false;
    bool m_takesPairs = false;  // the user chose to cut m_text to the model's maximum
    QString m_traceText;  // the text m_trace was computed from
    std::shared_ptr<const AttentionTrace> m_trace;
    std::shared_ptr<const AttentionTrace> m_pieceTrace;
    std::shared_ptr<const AttentionTrace> m_weightTrace;
    std::shared_ptr<const AttentionTrace> m_secondTrace;
    // The forward pass's final hidden states, with the ablations and (while there are some)
    // without them, for the predictions; m_defaultPosition is where the model predicts by default.
    std::shared_ptr<const MatrixF> m_hidden;
    std::shared_ptr<const MatrixF> m_baselineHidden;
    std::vector<HeadAblation> m_traceAblations;  // those of m_hidden's run
    // Prefix reuse: the state of the last delivered sentence run (null when off or an encoder).
    bool m_reusePrefix = false;
    std::shared_ptr<const PrefixState> m_prefixState;
    int m_reusedTokens = 0;
    int m_defaultPosition = -1;
    PredictionSettings m_prediction;
    std::shared_ptr<const PredictionResult> m_predictions;
    std::shared_ptr<const std::vector<double>> m_meanValueNorms;
    std::shared_ptr<const HeadSteps> m_steps;
    std::shared_ptr<const AttentionTrace> m_stepsTrace;
    std::shared_ptr<const std::vector<HeadStatistics>> m_statistics;
    std::shared_ptr<const RolloutSeries> m_rollout;
    std::shared_ptr<const GridImages> m_gridImages;
    std::shared_ptr<const AttentionTrace> m_gridTrace;
    ViewState m_view;
    DocumentError m_error;
    int m_pending = 0;
    int m_progressDone = 0;
    int m_progressTotal = 0;
    // One counter per kind of job, shared with workers so a superseded run stops between layers.
    std::shared_ptr<std::atomic<quint64>> m_latest[int(Job::Count)];
    int m_running[int(Job::Count)] = {};
    quint64 m_startedGeneration[int(Job::Count)] = {};
    QList<QFutureWatcher<Outcome>*> m_watchers;
};

}  // namespace headmap::ui

// Outside the namespace, as Qt asks: inside it, it would hide the global operator| of every other
// flag type (QCustomPlot's too) from code in headmap::ui.
Q_DECLARE_OPERATORS_FOR_FLAGS(headmap::ui::DerivedKinds)

Q_DECLARE_METATYPE(headmap::ui::DocumentChanges)
