#pragma once
// One kind of background work of a view whose newest request is the only one that matters:
// stepping through ten heads quickly starts ten jobs, and only the last one's result reaches
// the view; the others finish on the thread pool and are dropped. Results arrive on the
// context object's thread; a job still running when its context is destroyed is dropped too.
//
//   LatestJob<HeatmapContent> m_job{this};
//   m_job.start([trace] { return compute(*trace); }, [this](HeatmapContent&& c) { show(c); });

#include <memory>
#include <utility>

#include <QFutureWatcher>
#include <QObject>
#include <QtConcurrent>

namespace headmap::ui {

template <typename Result>
class LatestJob {
public:
    explicit LatestJob(QObject* context) : m_context(context), m_state(std::make_shared<State>()) {}

    // Runs work() on the global thread pool. deliver(Result&&) runs on the context's thread if
    // no start() or drop() came in between. work must not throw (it runs where nothing catches).
    template <typename Work, typename Deliver>
    void start(Work work, Deliver deliver) {
        const quint64 generation = ++m_state->generation;
        m_state->waiting = true;
        auto* watcher = new QFutureWatcher<Result>(m_context);
        std::weak_ptr<State> state = m_state;
        QObject::connect(watcher, &QFutureWatcherBase::finished, m_context, [watcher, generation, state, deliver] {
            watcher->deleteLater();
            const auto alive = state.lock();
            if (!alive || alive->generation != generation)
                return;  // superseded
            alive->waiting = false;
            deliver(watcher->future().takeResult());
        });
        watcher->setFuture(QtConcurrent::run(std::move(work)));
    }
    // Drops the result of any job running now.
    void drop() {
        ++m_state->generation;
        m_state->waiting = false;
    }
    // True from start() until its result is delivered or dropped.
    bool isWaiting() const { return m_state->waiting; }

private:
    struct State {
        quint64 generation = 0;
        bool waiting = false;
    };
    QObject* m_context;
    std::shared_ptr<State> m_state;
};

}  // namespace headmap::ui
