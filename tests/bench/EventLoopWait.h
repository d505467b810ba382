#pragma once
// Waiting inside the GUI benchmarks: the event loop keeps running (timers, queued results from
// the workers) while they wait for the window to show something.

#include <functional>

#include <QEventLoop>
#include <QObject>
#include <QTimer>

namespace headmap::bench {

// Runs the event loop until ready() holds (checked every millisecond) or timeoutMs passes;
// returns whether it held.
inline bool waitUntil(const std::function<bool()>& ready, int timeoutMs) {
    if (ready())
        return true;
    QEventLoop loop;
    QTimer poll, deadline;
    poll.setInterval(1);
    QObject::connect(&poll, &QTimer::timeout, &loop, [&] {
        if (ready())
            loop.quit();
    });
    deadline.setSingleShot(true);
    QObject::connect(&deadline, &QTimer::timeout, &loop, &QEventLoop::quit);
    poll.start();
    deadline.start(timeoutMs);
    loop.exec();
    return ready();
}

// Runs the event loop for ms milliseconds.
inline void runEvents(int ms) {
    waitUntil([] { return false; }, ms);
}

}  // namespace headmap::bench
