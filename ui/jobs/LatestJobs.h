#pragma once
// Background jobs where only the newest request of each kind matters: the document's forward
// passes and derived data, a view's next head or rollout layer. One scheduler for all of them,
// so that "a newer request supersedes an older one" means the same everywhere:
//
//   - start(kind, …) makes every earlier job of that kind stale. A stale job's result is never
//     delivered; its worker sees StopToken::stopRequested() and stops between layers.
//   - drop(kind) / dropAll() make jobs stale without starting another (cancel, a new model).
//   - Jobs run on workerPool(). With a limit (maxRunningPerKind > 0), at most that many jobs of
//     a kind run at once and further requests wait in one slot, each newer one replacing the
//     last. Holding PageDown at 4,096 tokens asks for a head every 30 ms, each costing a few
//     hundred milliseconds and about 100 MB: started all at once they filled both cores and the
//     memory for heads nobody would see. Two lets a superseded job finish its layer while the
//     newest one already runs.
//   - Results are delivered on the thread the scheduler lives on, through the event loop.
//
//   LatestJobs m_jobs{2};
//   m_jobs.start<Content>(QString(), [trace](const StopToken& stop) { ... return content; },
//                         [this](Content&& content) { show(content); });
//
// Destroying the scheduler makes every job stale and delivers nothing; workers it started may
// still be running (waitForDone() waits for them, for owners whose workers reach back to them).

#include <atomic>
#include <functional>
#include <memory>
#include <type_traits>
#include <utility>

#include <QFutureWatcher>
#include <QHash>
#include <QObject>
#include <QtConcurrent>

#include "WorkerPool.h"

namespace headmap::ui {

// A worker's view of whether its result is still wanted. Cheap to copy, safe on any thread.
class StopToken {
public:
    StopToken() = default;  // never stops
    StopToken(std::shared_ptr<const std::atomic<quint64>> latest, quint64 generation)
        : m_latest(std::move(latest)), m_generation(generation) {}
    // True once a newer request of the same kind, a drop or the scheduler's end made it stale.
    bool stopRequested() const { return m_latest && m_latest->load() != m_generation; }
    bool operator()() const { return stopRequested(); }  // fits a std::function<bool()> "cancelled"

private:
    std::shared_ptr<const std::atomic<quint64>> m_latest;
    quint64 m_generation = 0;
};

class LatestJobs : public QObject {
    Q_OBJECT
public:
    using Kind = QString;

    // maxRunningPerKind: 0 starts every request at once (superseded ones stop between layers).
    explicit LatestJobs(int maxRunningPerKind = 0, QObject* parent = nullptr);
    ~LatestJobs() override;

    // Runs work(const StopToken&) on workerPool(); deliver(Result&&) follows on this object's
    // thread unless a newer start() or a drop() of the kind came in between. work must not throw
    // (nothing catches on the worker; WorkFailure::of turns exceptions into messages).
    template <typename Result, typename Work, typename Deliver>
    StopToken start(const Kind& kind, Work work, Deliver deliver);

    // The kind's running and waiting jobs become stale; nothing of theirs is delivered.
    void drop(const Kind& kind);
    void dropAll();

    // A request of the kind is wanted and not yet delivered (running or waiting to start).
    bool isWorking(const Kind& kind) const;
    bool isWorking() const;
    // Some worker has not finished yet, stale ones included.
    bool isBusy() const { return m_pending > 0; }
    // The kind's jobs on the thread pool now, stale ones still finishing included.
    int runningCount(const Kind& kind) const;
    // Blocks until every started job has finished and been delivered (or dropped), processing
    // events so that deliveries happen; for tests, scripts and the document's waitForIdle.
    void waitForIdle();
    // Blocks until no worker runs, without delivering anything (destructors).
    void waitForDone();

signals:
    // After every start and every finished job (once its result, if wanted, was delivered).
    void activityChanged();
    // isBusy() became true or false.
    void busyChanged(bool busy);

private:
    struct KindState {
        std::shared_ptr<std::atomic<quint64>> latest = std::make_shared<std::atomic<quint64>>(0);
        int running = 0;
        bool wanted = false;
        std::function<void()> waiting;  // the newest request, while the limit holds it back
    };
    KindState& state(const Kind& kind) { return m_kinds[kind]; }
    template <typename Result, typename Work, typename Deliver>
    void launch(const Kind& kind, quint64 generation, Work work, Deliver deliver);
    void jobStarted(KindState& state);
    void jobFinished(const Kind& kind);

    int m_maxRunning;
    int m_pending = 0;
    QHash<Kind, KindState> m_kinds;
    QList<QFutureWatcherBase*> m_watchers;
};

template <typename Result, typename Work, typename Deliver>
StopToken LatestJobs::start(const Kind& kind, Work work, Deliver deliver) {
    KindState& s = state(kind);
    const quint64 generation = ++*s.latest;
    const StopToken token(s.latest, generation);
    s.wanted = true;
    if (m_maxRunning <= 0 || s.running < m_maxRunning) {
        s.waiting = nullptr;
        // May reach back into start() for another kind (a view reacting to activityChanged):
        // s is not used after it.
        launch<Result>(kind, generation, std::move(work), std::move(deliver));
    } else {
        // Replaces an older waiting request; jobFinished() starts it when a running job ends.
        s.waiting = [this, kind, generation, work = std::move(work), deliver = std::move(deliver)]() mutable {
            launch<Result>(kind, generation, std::move(work), std::move(deliver));
        };
    }
    return token;
}

template <typename Result, typename Work, typename Deliver>
void LatestJobs::launch(const Kind& kind, quint64 generation, Work work, Deliver deliver) {
    KindState& s = state(kind);
    auto* watcher = new QFutureWatcher<Result>(this);
    m_watchers << watcher;
    const std::shared_ptr<const std::atomic<quint64>> latest = s.latest;
    connect(watcher, &QFutureWatcherBase::finished, this,
            [this, watcher, kind, generation, latest, deliver = std::move(deliver)]() mutable {
                m_watchers.removeOne(watcher);
                watcher->deleteLater();
                const bool current = latest->load() == generation;
                if (current) {
                    state(kind).wanted = false;
                    deliver(watcher->future().takeResult());
                }
                jobFinished(kind);
            });
    jobStarted(s);
    const StopToken stop(latest, generation);
    watcher->setFuture(QtConcurrent::run(workerPool(), [work = std::move(work), stop]() mutable -> Result {
        return work(stop);
    }));
}

}  // namespace headmap::ui
