#include "jobs/LatestJobs.h"

#include <QCoreApplication>

namespace headmap::ui {

LatestJobs::LatestJobs(int maxRunningPerKind, QObject* parent) : QObject(parent), m_maxRunning(maxRunningPerKind) {}

LatestJobs::~LatestJobs() {
    // Workers still running see their stop token and end early; their watchers die with this
    // object, so nothing is delivered.
    dropAll();
}

void LatestJobs::drop(const Kind& kind) {
    const auto it = m_kinds.find(kind);
    if (it == m_kinds.end())
        return;
    ++*it->latest;
    it->wanted = false;
    it->waiting = nullptr;
}

void LatestJobs::dropAll() {
    for (auto it = m_kinds.begin(); it != m_kinds.end(); ++it)
        drop(it.key());
}

bool LatestJobs::isWorking(const Kind& kind) const {
    const auto it = m_kinds.constFind(kind);
    return it != m_kinds.constEnd() && it->wanted;
}

bool LatestJobs::isWorking() const {
    for (const KindState& s : m_kinds)
        if (s.wanted)
            return true;
    return false;
}

int LatestJobs::runningCount(const Kind& kind) const {
    const auto it = m_kinds.constFind(kind);
    return it == m_kinds.constEnd() ? 0 : it->running;
}

void LatestJobs::jobStarted(KindState& state) {
    ++state.running;
    if (m_pending++ == 0)
        emit busyChanged(true);
    emit activityChanged();
}

void LatestJobs::jobFinished(const Kind& kind) {
    KindState& s = state(kind);
    --s.running;
    --m_pending;
    if (s.waiting) {  // a slot is free: the newest waiting request starts
        auto waiting = std::move(s.waiting);
        s.waiting = nullptr;
        waiting();
    }
    emit activityChanged();
    if (m_pending == 0)
        emit busyChanged(false);
}

void LatestJobs::waitForIdle() {
    while (m_pending > 0) {
        for (QFutureWatcherBase* watcher : QList<QFutureWatcherBase*>(m_watchers))
            watcher->waitForFinished();
        QCoreApplication::processEvents(QEventLoop::AllEvents, 50);
    }
}

void LatestJobs::waitForDone() {
    for (QFutureWatcherBase* watcher : QList<QFutureWatcherBase*>(m_watchers))
        watcher->waitForFinished();
}

}  // namespace headmap::ui
