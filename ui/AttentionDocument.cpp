#include "AttentionDocument.h"

#include <QCoreApplication>
#include <QMetaObject>
#include <QtConcurrent>

#include "core/HeadmapError.h"
#include "text/TextDecoding.h"

namespace headmap::ui {

AttentionDocument::AttentionDocument(QObject* parent) : QObject(parent) {}

AttentionDocument::~AttentionDocument() {
    for (auto* watcher : m_watchers)
        watcher->waitForFinished();
}

bool AttentionDocument::setModelSpec(const ModelSpec& spec) {
    try {
        m_model = loadModel(spec);
    } catch (const HeadmapError& error) {
        emit errorOccurred(error.message());
        return false;
    }
    m_layer = std::min(m_layer, m_model->summary().layers - 1);
    m_head = std::min(m_head, m_model->summary().heads - 1);
    emit modelChanged();
    if (!isBlank(m_text))
        startRun();
    return true;
}

ModelSummary AttentionDocument::modelSummary() const {
    return m_model ? m_model->summary() : ModelSummary();
}

void AttentionDocument::setText(const QString& text) {
    m_text = text;
    if (isBlank(text)) {
        emit errorOccurred(tr("Type a sentence first: the text is empty."));
        return;
    }
    if (!m_model) {
        emit errorOccurred(tr("No model is loaded."));
        return;
    }
    startRun();
}

void AttentionDocument::startRun() {
    const quint64 generation = ++m_generation;
    m_latestGeneration->store(generation);
    std::shared_ptr<const Model> model = m_model;
    const QString text = m_text;
    std::shared_ptr<std::atomic<quint64>> latest = m_latestGeneration;

    auto* watcher = new QFutureWatcher<Outcome>(this);
    m_watchers << watcher;
    connect(watcher, &QFutureWatcher<Outcome>::finished, this, [this, watcher] {
        m_watchers.removeOne(watcher);
        watcher->deleteLater();
        --m_pending;
        deliver(watcher->result());
        if (m_pending == 0)
            emit busyChanged(false);
    });
    if (m_pending++ == 0)
        emit busyChanged(true);

    // The destructor waits for every worker, so `this` outlives them.
    watcher->setFuture(QtConcurrent::run([this, model, text, generation, latest]() {
        Outcome outcome;
        outcome.generation = generation;
        try {
            const Encoding input = model->tokenizer().encode(text, true);
            RunOptions options;
            options.progress = [this, generation, latest](int done, int total) {
                QMetaObject::invokeMethod(this, [this, done, total] {
                    emit progressChanged(done, total);
                }, Qt::QueuedConnection);
                // A newer request makes this one pointless; stop early.
                return latest->load() == generation;
            };
            RunResult result = model->run(input, options);
            outcome.trace = std::move(result.trace);
        } catch (const HeadmapError& error) {
            outcome.error = error.message();
        } catch (const std::bad_alloc&) {
            outcome.error = tr("Out of memory: try a shorter sentence or a smaller model.");
        }
        return outcome;
    }));
}

void AttentionDocument::deliver(const Outcome& outcome) {
    if (outcome.generation != m_generation)
        return;  // superseded by a newer sentence or model
    if (!outcome.error.isEmpty()) {
        emit errorOccurred(outcome.error);
        return;
    }
    m_trace = outcome.trace;
    m_layer = std::clamp(m_layer, 0, std::max(0, m_trace.layers() - 1));
    m_head = std::clamp(m_head, 0, std::max(0, m_trace.heads() - 1));
    emit traceChanged();
}

void AttentionDocument::setLayer(int layer) {
    if (layer == m_layer || layer < 0 || layer >= std::max(1, modelSummary().layers))
        return;
    m_layer = layer;
    emit selectionChanged();
}

void AttentionDocument::setHead(int head) {
    if (head == m_head || head < 0 || head >= std::max(1, modelSummary().heads))
        return;
    m_head = head;
    emit selectionChanged();
}

void AttentionDocument::waitForIdle() {
    while (m_pending > 0) {
        for (auto* watcher : QList<QFutureWatcher<Outcome>*>(m_watchers))
            watcher->waitForFinished();
        QCoreApplication::processEvents(QEventLoop::AllEvents, 50);
    }
}

}  // namespace headmap::ui
