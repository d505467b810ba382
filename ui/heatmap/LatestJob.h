#pragma once
// One kind of background work of a view whose newest request is the only one that matters.
// Holding PageDown at 4,096 tokens asks for a head every 30 ms, and each head costs a few hundred
// milliseconds and about 100 MB: started all at once, the jobs filled both cores and the memory
// for heads nobody would see (the last one arrived after 850 ms, the window stalled 600 ms). So at
// most two jobs run at a time (one may be a superseded job finishing, so a job blocked in a slow
// head never holds up the newest request), further requests wait in a single slot where each
// newer one replaces the last, and a running job can ask whether it is superseded and stop early.
// Results arrive on the context object's thread; a job still running when its context is
// destroyed is dropped, and what waits in the slot never starts.
//
//   LatestJob<HeatmapContent> m_job{this};
//   m_job.start([trace](const LatestJob<HeatmapContent>::Superseded& superseded) { ... },
//               [this](HeatmapContent&& c) { show(c); });

#include <atomic>
#include <functional>
#include <memory>
#include <type_traits>
#include <utility>

#include <QFutureWatcher>
#include <QObject>
#include <QtConcurrent>

#include "WorkerPool.h"

namespace headmap::ui {

template <typename Result>
class LatestJob {
    struct State {
        QObject* context = nullptr;
        std::atomic<quint64> generation{0};  // read by workers through Superseded
        bool waiting = false;
        int running = 0;
        std::function<void()> next;  // the newest request, when it could not start yet
    };

public:
    // Jobs running at once: the newest request's and at most one superseded one still finishing.
    static constexpr int kMaxRunning = 2;

    // Callable from the job's thread: true once a newer start() or drop() made its result useless.
    class Superseded {
    public:
        Superseded(std::weak_ptr<const State> state, quint64 generation)
            : m_state(std::move(state)), m_generation(generation) {}
        bool operator()() const {
            const auto state = m_state.lock();
            return !state || state->generation.load() != m_generation;
        }

    private:
        std::weak_ptr<const State> m_state;
        quint64 m_generation;
    };

    explicit LatestJob(QObject* context) : m_state(std::make_shared<State>()) { m_state->context = context; }

    // Runs work() or work(const Superseded&) on workerPool(), at once or when a running
    // job ends. deliver(Result&&) runs on the context's thread if no start() or drop() came in
    // between. work must not throw (it runs where nothing catches).
    template <typename Work, typename Deliver>
    void start(Work work, Deliver deliver) {
        const quint64 generation = ++m_state->generation;
        m_state->waiting = true;
        std::weak_ptr<State> weak = m_state;
        auto launch = [weak, generation, work = std::move(work), deliver = std::move(deliver)]() mutable {
            if (const auto state = weak.lock())
                launchNow(state, generation, std::move(work), std::move(deliver));
        };
        if (m_state->running < kMaxRunning) {
            m_state->next = nullptr;
            launch();
        } else {
            m_state->next = std::move(launch);  // replaces an older waiting request
        }
    }
    // Drops the result of any job running now and the request waiting, if any.
    void drop() {
        ++m_state->generation;
        m_state->waiting = false;
        m_state->next = nullptr;
    }
    // True from start() until its result is delivered or dropped.
    bool isWaiting() const { return m_state->waiting; }
    // Jobs on the thread pool now, superseded ones included (for tests and benchmarks).
    int runningCount() const { return m_state->running; }

private:
    template <typename Work, typename Deliver>
    static void launchNow(const std::shared_ptr<State>& state, quint64 generation, Work work, Deliver deliver) {
        ++state->running;
        auto* watcher = new QFutureWatcher<Result>(state->context);
        std::weak_ptr<State> weak = state;
        QObject::connect(watcher, &QFutureWatcherBase::finished, state->context, [watcher, generation, weak, deliver] {
            watcher->deleteLater();
            const auto alive = weak.lock();
            if (!alive)
                return;
            --alive->running;
            if (alive->next) {
                auto next = std::move(alive->next);
                alive->next = nullptr;
                next();
            }
            if (alive->generation.load() != generation)
                return;  // superseded
            alive->waiting = false;
            deliver(watcher->future().takeResult());
        });
        Superseded superseded(std::weak_ptr<const State>(state), generation);
        watcher->setFuture(QtConcurrent::run(workerPool(), [work = std::move(work), superseded]() mutable -> Result {
            if constexpr (std::is_invocable_v<Work&, const Superseded&>)
                return work(superseded);
            else
                return work();
        }));
    }

    std::shared_ptr<State> m_state;
};

}  // namespace headmap::ui
