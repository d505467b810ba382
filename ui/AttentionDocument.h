#pragma once
// The GUI's document: the loaded model, the sentence, the current trace and the selected layer
// and head. Computation runs on a worker thread; views observe the signals and never touch the
// model themselves.

#include <atomic>
#include <memory>

#include <QFutureWatcher>
#include <QObject>

#include "core/AttentionTrace.h"
#include "model/ModelLoader.h"

namespace headmap::ui {

class AttentionDocument : public QObject {
    Q_OBJECT
public:
    explicit AttentionDocument(QObject* parent = nullptr);
    ~AttentionDocument() override;

    // Loads a model; on failure emits errorOccurred and keeps the previous one. Reruns the
    // current sentence on success.
    bool setModelSpec(const ModelSpec& spec);
    bool hasModel() const { return m_model != nullptr; }
    ModelSummary modelSummary() const;

    // Starts computing the trace for text in the background; a newer request supersedes it.
    void setText(const QString& text);
    QString text() const { return m_text; }

    const AttentionTrace& trace() const { return m_trace; }
    bool isBusy() const { return m_pending > 0; }

    int layer() const { return m_layer; }
    int head() const { return m_head; }
    void setLayer(int layer);
    void setHead(int head);

    // Blocks until the pending computation (if any) has been delivered; for tests and scripts.
    void waitForIdle();

signals:
    void modelChanged();
    void traceChanged();
    void selectionChanged();
    void busyChanged(bool busy);
    void progressChanged(int layersDone, int layersTotal);
    void errorOccurred(const QString& message);

private:
    struct Outcome {
        AttentionTrace trace;
        QString error;
        quint64 generation = 0;
    };
    void startRun();
    void deliver(const Outcome& outcome);

    std::shared_ptr<const Model> m_model;
    QString m_text;
    AttentionTrace m_trace;
    int m_layer = 0;
    int m_head = 0;
    quint64 m_generation = 0;
    // Shared with workers so a superseded run can stop between layers.
    std::shared_ptr<std::atomic<quint64>> m_latestGeneration = std::make_shared<std::atomic<quint64>>(0);
    int m_pending = 0;
    QList<QFutureWatcher<Outcome>*> m_watchers;
};

}  // namespace headmap::ui
