#pragma once
// The GUI's document: the loaded model, the sentence (and optional pair), the current trace,
// a second trace for comparing two sentences, and the selected layer and head. Loading and
// computation run on worker threads; views observe the signals and never touch the model.

#include <atomic>
#include <memory>

#include <QFutureWatcher>
#include <QObject>

#include "core/AttentionTrace.h"
#include "core/HeadSteps.h"
#include "model/ModelLoader.h"

namespace headmap::ui {

class AttentionDocument : public QObject {
    Q_OBJECT
public:
    explicit AttentionDocument(QObject* parent = nullptr);
    ~AttentionDocument() override;

    // Loads a model now; on failure emits errorOccurred and keeps the previous one. Reruns the
    // current sentence on success.
    bool setModelSpec(const ModelSpec& spec);
    // The same on a worker thread, for the GUI: modelChanged or errorOccurred follow.
    void openModel(const ModelSpec& spec);
    bool hasModel() const { return m_model != nullptr; }
    ModelSummary modelSummary() const;
    QString modelSource() const { return m_spec.source; }
    const ModelSpec& modelSpec() const { return m_spec; }

    // Starts computing the trace in the background; a newer request supersedes it. pair: the
    // second sentence for models trained on pairs, empty for none.
    void setText(const QString& text, const QString& pair = QString());
    QString text() const { return m_text; }
    QString pairText() const { return m_pair; }
    // A second sentence to compare with the first (ComparisonView's two-sentence mode).
    void setComparisonText(const QString& text);
    // Forgets the sentence and its trace (e.g. a session without text).
    void clearText();

    // Computes the step-by-step matrices of one head for the current sentence, in the
    // background; stepsChanged follows.
    void requestSteps(int layer, int head);
    std::shared_ptr<const HeadSteps> steps() const { return m_steps; }
    // The trace of the run that made steps(): its tokens label the step matrices.
    std::shared_ptr<const AttentionTrace> stepsTrace() const { return m_stepsTrace; }

    const AttentionTrace& trace() const { return *m_trace; }
    std::shared_ptr<const AttentionTrace> sharedTrace() const { return m_trace; }
    std::shared_ptr<const AttentionTrace> secondTrace() const { return m_secondTrace; }
    bool isBusy() const { return m_pending > 0; }

    int layer() const { return m_layer; }
    int head() const { return m_head; }
    void setLayer(int layer);
    void setHead(int head);
    void setHeadIndex(int layer, int head);
    // Steps through heads in reading order, crossing into the next or previous layer.
    void stepHead(int delta);
    // Moves to another layer, keeping the head; stops at the first and last layer.
    void stepLayer(int delta);

    // Blocks until every pending job has been delivered; for tests and scripts.
    void waitForIdle();

signals:
    void modelChanged();
    void traceChanged();
    void secondTraceChanged();
    void stepsChanged();
    void selectionChanged();
    void busyChanged(bool busy);
    void progressChanged(int layersDone, int layersTotal);
    void errorOccurred(const QString& message);

private:
    enum class Job { Trace, SecondTrace, Model, Steps };
    struct Outcome {
        Job job = Job::Trace;
        quint64 generation = 0;
        std::shared_ptr<const AttentionTrace> trace;
        std::shared_ptr<const HeadSteps> steps;
        std::shared_ptr<const Model> model;
        ModelSpec spec;
        QString error;
    };

    void runTrace(Job job, const QString& text, const QString& pair,
                  std::optional<HeadIndex> steps = std::nullopt);
    template <typename Work>
    void startJob(Work work);
    void deliver(const Outcome& outcome);
    void adoptModel(std::shared_ptr<const Model> model, const ModelSpec& spec);
    quint64 nextGeneration(Job job);

    std::shared_ptr<const Model> m_model;
    ModelSpec m_spec;
    QString m_text;
    QString m_pair;
    std::shared_ptr<const AttentionTrace> m_trace;
    std::shared_ptr<const AttentionTrace> m_secondTrace;
    std::shared_ptr<const HeadSteps> m_steps;
    std::shared_ptr<const AttentionTrace> m_stepsTrace;
    int m_layer = 0;
    int m_head = 0;
    int m_pending = 0;
    // One counter per kind of job, shared with workers so a superseded run stops between layers.
    std::shared_ptr<std::atomic<quint64>> m_latest[4];
    QList<QFutureWatcher<Outcome>*> m_watchers;
};

}  // namespace headmap::ui
