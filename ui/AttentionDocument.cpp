#include "AttentionDocument.h"

#include <QCoreApplication>
#include <QMetaObject>
#include <QtConcurrent>

#include "core/HeadmapError.h"
#include "text/TextDecoding.h"

namespace headmap::ui {

AttentionDocument::AttentionDocument(QObject* parent)
    : QObject(parent), m_trace(std::make_shared<AttentionTrace>()) {
    for (auto& latest : m_latest)
        latest = std::make_shared<std::atomic<quint64>>(0);
}

AttentionDocument::~AttentionDocument() {
    for (auto& latest : m_latest)
        latest->store(0);  // ask running workers to stop early
    for (auto* watcher : m_watchers)
        watcher->waitForFinished();
}

quint64 AttentionDocument::nextGeneration(Job job) {
    auto& latest = *m_latest[int(job)];
    const quint64 generation = latest.load() + 1;
    latest.store(generation);
    return generation;
}

bool AttentionDocument::setModelSpec(const ModelSpec& spec) {
    nextGeneration(Job::Model);  // a pending asynchronous load must not override this one
    try {
        adoptModel(loadModel(spec), spec);
    } catch (const HeadmapError& error) {
        emit errorOccurred(error.message());
        return false;
    }
    return true;
}

void AttentionDocument::openModel(const ModelSpec& spec) {
    const quint64 generation = nextGeneration(Job::Model);
    startJob([spec, generation] {
        Outcome outcome;
        outcome.job = Job::Model;
        outcome.generation = generation;
        outcome.spec = spec;
        try {
            outcome.model = loadModel(spec);
        } catch (const HeadmapError& error) {
            outcome.error = error.message();
        } catch (const std::bad_alloc&) {
            outcome.error = tr("Out of memory while opening %1.").arg(spec.source);
        } catch (const std::exception& error) {  // an exception reaching the GUI thread would abort
            outcome.error = tr("Cannot open %1: %2").arg(spec.source, QString::fromUtf8(error.what()));
        } catch (...) {
            outcome.error = tr("Cannot open %1: unexpected error").arg(spec.source);
        }
        return outcome;
    });
}

void AttentionDocument::adoptModel(std::shared_ptr<const Model> model, const ModelSpec& spec) {
    m_model = std::move(model);
    m_spec = spec;
    m_layer = std::min(m_layer, m_model->summary().layers - 1);
    m_head = std::min(m_head, m_model->summary().heads - 1);
    // Everything computed with the old model is stale, including jobs still running for it.
    nextGeneration(Job::SecondTrace);
    nextGeneration(Job::Steps);
    m_secondTrace.reset();
    m_steps.reset();
    m_stepsTrace.reset();
    m_trace = std::make_shared<AttentionTrace>();
    emit modelChanged();
    emit secondTraceChanged();
    emit stepsChanged();
    if (isBlank(m_text))
        emit traceChanged();  // otherwise the rerun below replaces the old trace
    else
        runTrace(Job::Trace, m_text, m_pair);
}

void AttentionDocument::clearText() {
    nextGeneration(Job::Trace);
    m_text.clear();
    m_pair.clear();
    m_trace = std::make_shared<AttentionTrace>();
    emit traceChanged();
}

ModelSummary AttentionDocument::modelSummary() const {
    return m_model ? m_model->summary() : ModelSummary();
}

void AttentionDocument::setText(const QString& text, const QString& pair) {
    m_text = text;
    m_pair = pair;
    if (isBlank(text)) {
        emit errorOccurred(tr("Type a sentence first: the text is empty."));
        return;
    }
    if (!m_model) {
        emit errorOccurred(tr("No model is loaded."));
        return;
    }
    runTrace(Job::Trace, text, pair);
}

void AttentionDocument::setComparisonText(const QString& text) {
    if (isBlank(text)) {
        emit errorOccurred(tr("Type a second sentence to compare with."));
        return;
    }
    if (m_model)
        runTrace(Job::SecondTrace, text, QString());
}

void AttentionDocument::requestSteps(int layer, int head) {
    if (!m_model || isBlank(m_text))
        return;
    runTrace(Job::Steps, m_text, m_pair, HeadIndex{layer, head});
}

void AttentionDocument::runTrace(Job job, const QString& text, const QString& pair,
                                 std::optional<HeadIndex> steps) {
    const quint64 generation = nextGeneration(job);
    std::shared_ptr<const Model> model = m_model;
    std::shared_ptr<std::atomic<quint64>> latest = m_latest[int(job)];
    // The destructor waits for every worker, so `this` outlives them.
    startJob([this, job, model, text, pair, steps, generation, latest] {
        Outcome outcome;
        outcome.job = job;
        outcome.generation = generation;
        try {
            TokenizeOptions tokenize;
            if (!isBlank(pair))
                tokenize.pair = pair;
            const Encoding input = model->tokenize(text, tokenize);
            RunOptions options;
            options.steps = steps;
            options.progress = [this, job, generation, latest](int done, int total) {
                if (job == Job::Trace)
                    QMetaObject::invokeMethod(this, [this, done, total] { emit progressChanged(done, total); },
                                              Qt::QueuedConnection);
                return latest->load() == generation;  // a newer request makes this one pointless
            };
            RunResult result = model->run(input, options);
            if (result.steps)
                outcome.steps = std::make_shared<const HeadSteps>(std::move(*result.steps));
            outcome.trace = std::make_shared<const AttentionTrace>(std::move(result.trace));
        } catch (const HeadmapError& error) {
            outcome.error = error.message();
        } catch (const std::bad_alloc&) {
            outcome.error = tr("Out of memory: try a shorter sentence or a smaller model.");
        } catch (const std::exception& error) {  // an exception reaching the GUI thread would abort
            outcome.error = tr("Computation failed: %1").arg(QString::fromUtf8(error.what()));
        } catch (...) {
            outcome.error = tr("Computation failed: unexpected error");
        }
        return outcome;
    });
}

template <typename Work>
void AttentionDocument::startJob(Work work) {
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
    watcher->setFuture(QtConcurrent::run(work));
}

void AttentionDocument::deliver(const Outcome& outcome) {
    if (outcome.generation != m_latest[int(outcome.job)]->load())
        return;  // superseded by a newer sentence or model
    if (!outcome.error.isEmpty()) {
        emit errorOccurred(outcome.error);
        if (outcome.job == Job::Trace && m_trace->isEmpty())
            emit traceChanged();  // the views drop what they still show of an older model
        return;
    }
    switch (outcome.job) {
    case Job::Model:
        adoptModel(outcome.model, outcome.spec);
        break;
    case Job::Trace:
        m_trace = outcome.trace;
        m_layer = std::clamp(m_layer, 0, std::max(0, m_trace->layers() - 1));
        m_head = std::clamp(m_head, 0, std::max(0, m_trace->heads() - 1));
        emit traceChanged();
        break;
    case Job::SecondTrace:
        m_secondTrace = outcome.trace;
        emit secondTraceChanged();
        break;
    case Job::Steps:
        m_steps = outcome.steps;
        m_stepsTrace = outcome.trace;
        emit stepsChanged();
        break;
    }
}

void AttentionDocument::setLayer(int layer) {
    setHeadIndex(layer, m_head);
}

void AttentionDocument::setHead(int head) {
    setHeadIndex(m_layer, head);
}

void AttentionDocument::setHeadIndex(int layer, int head) {
    const ModelSummary model = modelSummary();
    if (layer < 0 || layer >= std::max(1, model.layers) || head < 0 || head >= std::max(1, model.heads))
        return;
    if (layer == m_layer && head == m_head)
        return;
    m_layer = layer;
    m_head = head;
    emit selectionChanged();
}

void AttentionDocument::stepHead(int delta) {
    const ModelSummary model = modelSummary();
    if (model.heads <= 0)
        return;
    const int total = model.layers * model.heads;
    const int index = std::clamp(m_layer * model.heads + m_head + delta, 0, total - 1);
    setHeadIndex(index / model.heads, index % model.heads);
}

void AttentionDocument::stepLayer(int delta) {
    const ModelSummary model = modelSummary();
    if (model.layers <= 0)
        return;
    setHeadIndex(std::clamp(m_layer + delta, 0, model.layers - 1), m_head);
}

void AttentionDocument::waitForIdle() {
    while (m_pending > 0) {
        for (auto* watcher : QList<QFutureWatcher<Outcome>*>(m_watchers))
            watcher->waitForFinished();
        QCoreApplication::processEvents(QEventLoop::AllEvents, 50);
    }
}

}  // namespace headmap::ui
