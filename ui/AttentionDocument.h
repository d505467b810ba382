#pragma once
// The GUI's document: the loaded model, the sentence (and optional pair), its trace, a second
// trace for comparing two sentences, the step matrices of one head, the predictions, the data
// views derive from the trace and the view state (ViewState.h). Views observe `changed` (through
// DocumentView) and never touch the model.
//
// Everything that costs time is a typed job on one scheduler (jobs/LatestJobs.h) where a newer
// request of a kind supersedes an older one: a superseded worker sees its stop token and stops
// between layers, and its result is never delivered. Each kind has its own request and result
// (document/ForwardPass.h for the passes) and its own handler here; AttentionDocument_Jobs.cpp
// starts and adopts them, AttentionDocument_Predictions.cpp the predictions.
//
// Derived data (statistics, rollout, a grid's thumbnails) is not the document's: a view names
// the producers it draws from (derived/DerivedData.h, DocumentView::needs()), the document runs
// them from a snapshot, keeps their results by key until the trace (or what else a producer
// depends on) changes, and offers long forward passes' heads to the producers it knows, so that
// their results are there when the pass ends (AttentionDocument_Derived.cpp).

#include <memory>
#include <optional>
#include <vector>

#include <QHash>
#include <QObject>

#include "ViewState.h"
#include "analysis/HeadStatistics.h"
#include "analysis/RolloutSeries.h"
#include "core/AttentionTrace.h"
#include "core/HeadSteps.h"
#include "model/ModelLoader.h"
#include "derived/DerivedData.h"
#include "jobs/LatestJobs.h"
#include "predictions/PredictionResult.h"

namespace headmap::ui {

struct CollectedDerived;
struct DerivedResult;
struct PassRequest;
struct SecondTraceResult;
struct StepsResult;
struct TraceResult;
struct WordsResult;
struct ModelResult;
struct PredictionOutcome;

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
    // The memory for converted weights every model opened from now on gets, unless its spec says
    // (ModelSpec::convertedWeightBudget); unset: the default, half of the memory available.
    void setConvertedWeightBudget(std::optional<qint64> bytes) { m_convertedWeightBudget = bytes; }
    bool hasModel() const { return m_model != nullptr; }
    // The model itself, for a view's own long work over many texts (the Head roles view scores a
    // corpus with it on a worker); views otherwise go through the document.
    std::shared_ptr<const Model> sharedModel() const { return m_model; }
    // The model's tokenizer encodes sentence pairs (BERT-style); false without a model.
    bool takesPairs() const { return m_takesPairs; }
    ModelSummary modelSummary() const;
    QString modelSource() const { return m_spec.source; }
    const ModelSpec& modelSpec() const { return m_spec; }
    // True while a model is being opened in the background.
    bool isOpeningModel() const;
    // Adopts a model made elsewhere (tests, scripts) as setModelSpec adopts a loaded one.
    void setModel(std::shared_ptr<const Model> model, const ModelSpec& spec);

    // Encoder–decoder (translation) models have three stacks of attention: the encoder's over
    // the source, the decoder's over the target, and cross-attention (target rows, source
    // columns). The document runs all three and shows one, stack(), in every view; the layer,
    // head and modelSummary() are that stack's. One-stack models ignore the stack.
    bool isEncoderDecoder() const { return m_model && m_model->summary().isEncoderDecoder(); }
    StackKind stack() const;
    void setStack(StackKind stack);
    // The stack's trace before the measure and words (null before a run, or for a stack the
    // model does not have); pieceTrace() is the shown stack's.
    std::shared_ptr<const AttentionTrace> stackPieceTrace(StackKind stack) const;

    // The target of an encoder–decoder model: what it generated for the sentence (greedy
    // decoding), or what the user typed instead (teacher forcing). setTargetText reruns the
    // sentence on that target; an empty text, or generateTarget(), lets the model write it again.
    void setTargetText(const QString& target);
    void generateTarget();
    QString targetText() const { return m_targetText; }
    bool isTeacherForced() const { return m_target.has_value(); }

    // A multilingual translation model's languages (M2M100's "__da__", NLLB's "dan_Latn", ...):
    // the codes the model lists, its folder's defaults, and the user's choice (codes as listed;
    // empty: the default). Choosing reruns the sentence: a generated target is written anew in
    // the target language, a typed one is read in it. A new model starts from its defaults.
    QStringList sourceLanguages() const { return m_model ? m_model->sourceLanguages() : QStringList(); }
    QStringList targetLanguages() const { return m_model ? m_model->targetLanguages() : QStringList(); }
    LanguageChoice defaultLanguages() const { return m_model ? m_model->defaultLanguages() : LanguageChoice(); }
    void setLanguages(const LanguageChoice& languages);
    const LanguageChoice& languages() const { return m_languages; }

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

    // Derived data of the current trace: computes what needs asks for and is neither there nor
    // on its way, and remembers the producers (collectDuringPasses).
    void requestDerived(const DerivedNeeds& needs);
    // Remembers producers without computing anything now: from the next long forward pass on,
    // those with a PassCollector see each head as the pass computes it, so that their results
    // are there when it ends. A window can name every view's needs() up front.
    void collectDuringPasses(const DerivedNeeds& needs);
    // A producer's result for the current trace; null until computed, or when it made nothing
    // (no attention) or T is not what the producer makes.
    template <typename T>
    std::shared_ptr<const T> derived(const QString& key) const {
        const auto it = m_derived.constFind(key);
        if (it == m_derived.constEnd() || !it->value || it->producer->resultType() != typeid(T))
            return nullptr;
        return std::static_pointer_cast<const T>(it->value);
    }
    // Typed shortcuts for the producers of derived/TraceAnalyses.h.
    std::shared_ptr<const std::vector<HeadStatistics>> statistics() const;
    // Mean α·‖v·W_O‖ per head over the pieces, layer-major; made with the statistics, null when
    // the trace has no value norms.
    std::shared_ptr<const std::vector<double>> meanValueNorms() const;
    std::shared_ptr<const RolloutSeries> rollout() const;

    // Busy: some worker has not been delivered yet (waitForIdle waits for it). Working: a job
    // whose result is still wanted runs; busyText() says which ("Computing attention…").
    bool isBusy() const { return m_jobs.isBusy(); }
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
    // The kinds of job on m_jobs; a producer's job is kDerivedJob + its key.
    static inline const QString kModelJob = QStringLiteral("model");
    static inline const QString kTraceJob = QStringLiteral("trace");
    static inline const QString kSecondTraceJob = QStringLiteral("second trace");
    static inline const QString kStepsJob = QStringLiteral("steps");
    static inline const QString kWordsJob = QStringLiteral("words");
    static inline const QString kPredictionJob = QStringLiteral("prediction");
    static inline const QString kDerivedJob = QStringLiteral("derived: ");

    // What the document keeps of a producer's result.
    struct DerivedEntry {
        std::shared_ptr<const DerivedProducer> producer;
        DerivedInput input;  // what it was made from
        std::shared_ptr<const void> value;  // null: nothing to show
    };

    // Starts work on the scheduler under kind; a failure goes to the banner, a result to adopt.
    template <typename Result, typename Work>
    void startJob(const QString& kind, Work work, void (AttentionDocument::*adopt)(Result&));
    bool failed(const QString& error, int truncateTo = 0);

    PassRequest passRequest(const QString& text, const QString& pair, bool truncate) const;
    // The sentence's target for an encoder–decoder model's pass (not the comparison's).
    void setTargetOf(PassRequest& request) const;
    void runTrace();  // the sentence m_text; its result replaces the trace
    void runSecondTrace();
    void adoptModelResult(ModelResult& result);
    void adoptTraceResult(TraceResult& result);
    void adoptSecondTrace(SecondTraceResult& result);
    void adoptSteps(StepsResult& result);
    void adoptWords(WordsResult& result);
    void adoptPrediction(PredictionOutcome& result);
    // Shows trace (before merging: pieces; merged, plain weights: weights); selection and derived
    // data follow.
    void adoptTrace(std::shared_ptr<const AttentionTrace> trace, std::shared_ptr<const AttentionTrace> pieces,
                    std::shared_ptr<const AttentionTrace> weights);
    void runWords();  // applies the measure to m_pieceTrace and merges words, in the background
    void reshowTrace();  // the shown trace again after a change of measure or words
    void runPrediction();
    void dropPredictions();
    void forgetHiddenStates();
    void adoptModel(std::shared_ptr<const Model> model, const ModelSpec& spec);
    bool isRunning(const QString& kind) const { return m_jobs.isWorking(kind); }
    void setError(const QString& message, int truncateTo = 0);
    // Derived data (AttentionDocument_Derived.cpp).
    DerivedInput derivedInput() const;  // the snapshot producers compute from now
    void runDerived(const std::shared_ptr<const DerivedProducer>& producer);
    void adoptDerived(DerivedResult& result);
    void dropDerived();  // every result and running producer: the trace changed
    // Drops what no longer stands now that the style or hiding changed from `before`.
    void dropDerivedChangedSince(const DerivedInput& before);
    void keepCollected(const std::vector<CollectedDerived>& collected);
    void notify(DocumentChanges changes);
    void clampSelection();
    // The pieces whose rows the predictions are made at: the decoder's for an encoder–decoder
    // model (its rows are the target), else the shown pieces.
    std::shared_ptr<const AttentionTrace> predictionPieces() const;
    void forgetStacks();  // another model or sentence: the target and every stack go

    std::shared_ptr<const Model> m_model;
    ModelSpec m_spec;
    std::optional<qint64> m_convertedWeightBudget;
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
    // Encoder–decoder models: every stack's pieces (encoder, decoder, cross) of the shown run,
    // the decoder's rows it ran on, the target the user typed (nullopt: generated) and the
    // target's text as shown.
    std::vector<std::shared_ptr<const AttentionTrace>> m_stackPieces;
    std::optional<Encoding> m_decoderInput;
    std::optional<QString> m_target;
    QString m_targetText;
    LanguageChoice m_languages;  // the user's; empty codes: the model's defaults
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
    std::shared_ptr<const HeadSteps> m_steps;
    std::shared_ptr<const AttentionTrace> m_stepsTrace;
    // Derived data by producer key, and every producer asked for so far (in order: busyText).
    QHash<QString, DerivedEntry> m_derived;
    DerivedNeeds m_producers;
    ViewState m_view;
    DocumentError m_error;
    int m_progressDone = 0;
    int m_progressTotal = 0;
    // Every job; the destructor waits for its workers, whose progress reaches back here.
    LatestJobs m_jobs;
};

template <typename Result, typename Work>
void AttentionDocument::startJob(const QString& kind, Work work, void (AttentionDocument::*adopt)(Result&)) {
    // Only the newest request of the kind is delivered: a result here is still wanted.
    m_jobs.start<Result>(kind, std::move(work), [this, adopt](Result&& result) { (this->*adopt)(result); });
}

}  // namespace headmap::ui

Q_DECLARE_METATYPE(headmap::ui::DocumentChanges)
