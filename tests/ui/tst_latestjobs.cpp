// LatestJobs (ui/jobs/LatestJobs.h), the one scheduler of "newest request wins" background
// jobs: of many requests of a kind only the newest is delivered, a superseded worker sees its
// stop token, dropped requests deliver nothing, other kinds are not disturbed, a limit keeps at
// most that many jobs of a kind on the pool, and waitForIdle returns once everything is
// delivered. Workers are held at a gate so that the requests overlap for certain.

#include <QElapsedTimer>
#include <QMutex>
#include <QSignalSpy>
#include <QThread>
#include <QtTest>

#include <atomic>
#include <memory>

#include "jobs/LatestJobs.h"

using namespace headmap::ui;

namespace {

// Workers wait here until open() (or until their stop token fires); records who ran.
struct Gate {
    std::atomic<bool> opened{false};
    QMutex mutex;
    QList<int> started;        // job numbers that entered their work
    QList<int> sawStop;        // job numbers that returned because their token fired
    void open() { opened.store(true); }
    // The work of job `number`: wait at the gate, then return the number (or -1 when stopped).
    int work(int number, const StopToken& stop) {
        {
            QMutexLocker lock(&mutex);
            started << number;
        }
        QElapsedTimer timer;
        timer.start();
        while (!opened.load() && timer.elapsed() < 10000) {
            if (stop.stopRequested()) {
                QMutexLocker lock(&mutex);
                sawStop << number;
                return -1;
            }
            QThread::msleep(1);
        }
        return number;
    }
    QList<int> startedJobs() {
        QMutexLocker lock(&mutex);
        return started;
    }
    QList<int> stoppedJobs() {
        QMutexLocker lock(&mutex);
        return sawStop;
    }
};

const QString kKind = QStringLiteral("head");
const QString kOtherKind = QStringLiteral("rollout");

}  // namespace

class TestLatestJobs : public QObject {
    Q_OBJECT
private slots:
    void newestWins_data();
    void newestWins();
    void dropDeliversNothing_data();
    void dropDeliversNothing();
    void supersededWorkerSeesStop();
    void limitKeepsOnlyNewestWaiting();
    void waitForIdleDeliversEverything();
    void destroyingStopsWorkers();
};

void TestLatestJobs::newestWins_data() {
    QTest::addColumn<int>("limit");     // maxRunningPerKind; 0: none
    QTest::addColumn<int>("requests");  // of one kind, one after another
    for (int limit : {0, 2})
        for (int requests : {1, 2, 6})
            QTest::newRow(qPrintable(QStringLiteral("limit %1, %2 requests").arg(limit).arg(requests)))
                << limit << requests;
}

void TestLatestJobs::newestWins() {
    QFETCH(int, limit);
    QFETCH(int, requests);
    Gate gate;
    LatestJobs jobs(limit);
    QSignalSpy busy(&jobs, &LatestJobs::busyChanged);
    QList<int> delivered;
    QList<StopToken> tokens;
    for (int i = 0; i < requests; ++i)
        tokens << jobs.start<int>(kKind, [&gate, i](const StopToken& stop) { return gate.work(i, stop); },
                                  [&delivered](int&& value) { delivered << value; });
    QVERIFY(jobs.isWorking(kKind));
    QVERIFY(jobs.isWorking());
    QVERIFY(!jobs.isWorking(kOtherKind));
    QVERIFY(jobs.isBusy());
    QCOMPARE(busy.count(), 1);
    QCOMPARE(busy.first().first().toBool(), true);
    // Every token but the newest reports stale at once.
    for (int i = 0; i < requests; ++i)
        QCOMPARE(tokens[i].stopRequested(), i != requests - 1);
    gate.open();
    jobs.waitForIdle();
    QCOMPARE(delivered, QList<int>{requests - 1});
    QVERIFY(!jobs.isWorking(kKind));
    QVERIFY(!jobs.isBusy());
    QCOMPARE(jobs.runningCount(kKind), 0);
    QCOMPARE(busy.count(), 2);
    QCOMPARE(busy.last().first().toBool(), false);
}

void TestLatestJobs::dropDeliversNothing_data() {
    QTest::addColumn<bool>("dropAll");  // dropAll() instead of drop(kind)
    QTest::addColumn<bool>("openFirst");  // the workers finish before the drop is seen
    QTest::newRow("drop, running") << false << false;
    QTest::newRow("drop, finished but not delivered") << false << true;
    QTest::newRow("dropAll, running") << true << false;
    QTest::newRow("dropAll, finished but not delivered") << true << true;
}

void TestLatestJobs::dropDeliversNothing() {
    QFETCH(bool, dropAll);
    QFETCH(bool, openFirst);
    Gate gate;
    LatestJobs jobs;
    QList<int> delivered, deliveredOther;
    const StopToken token = jobs.start<int>(kKind, [&gate](const StopToken& stop) { return gate.work(1, stop); },
                                            [&delivered](int&& value) { delivered << value; });
    jobs.start<int>(kOtherKind, [&gate](const StopToken& stop) { return gate.work(2, stop); },
                    [&deliveredOther](int&& value) { deliveredOther << value; });
    if (openFirst) {
        gate.open();
        // No event loop here: the workers' "finished" waits in the event queue.
        QElapsedTimer timer;
        timer.start();
        while (gate.startedJobs().size() < 2 && timer.elapsed() < 10000)
            QThread::msleep(1);
        QThread::msleep(50);  // both return
    }
    if (dropAll)
        jobs.dropAll();
    else
        jobs.drop(kKind);
    QVERIFY(!jobs.isWorking(kKind));
    QCOMPARE(jobs.isWorking(kOtherKind), !dropAll);
    QVERIFY(token.stopRequested());
    QVERIFY(jobs.isBusy());  // the workers have not been collected yet
    gate.open();
    jobs.waitForIdle();
    QVERIFY(delivered.isEmpty());
    // Another kind is not disturbed by drop(kind).
    QCOMPARE(deliveredOther, dropAll ? QList<int>() : QList<int>{2});
}

void TestLatestJobs::supersededWorkerSeesStop() {
    Gate gate;
    LatestJobs jobs;
    QList<int> delivered;
    jobs.start<int>(kKind, [&gate](const StopToken& stop) { return gate.work(0, stop); },
                    [&delivered](int&& value) { delivered << value; });
    QTRY_COMPARE(gate.startedJobs(), QList<int>{0});  // the first worker is inside its work
    // The newer request does not open the gate: only the stop token can end the first worker.
    jobs.start<int>(kKind, [](const StopToken&) { return 1; }, [&delivered](int&& value) { delivered << value; });
    QTRY_COMPARE(gate.stoppedJobs(), QList<int>{0});
    jobs.waitForIdle();
    QCOMPARE(delivered, QList<int>{1});
}

void TestLatestJobs::limitKeepsOnlyNewestWaiting() {
    // Limit 2: jobs 0 and 1 start; 2, 3 and 4 wait in turn in the one slot, 4 replacing the
    // others, and starts when a running one ends. Nothing but 4 is delivered.
    Gate gate;
    LatestJobs jobs(2);
    QList<int> delivered;
    int mostRunning = 0;
    for (int i = 0; i < 5; ++i) {
        jobs.start<int>(kKind, [&gate, i](const StopToken& stop) { return gate.work(i, stop); },
                        [&delivered](int&& value) { delivered << value; });
        mostRunning = std::max(mostRunning, jobs.runningCount(kKind));
    }
    QCOMPARE(mostRunning, 2);
    QVERIFY(jobs.isWorking(kKind));  // the waiting request counts as work
    gate.open();
    jobs.waitForIdle();
    QCOMPARE(delivered, QList<int>{4});
    QList<int> started = gate.startedJobs();
    std::sort(started.begin(), started.end());
    QCOMPARE(started, (QList<int>{0, 1, 4}));  // 2 and 3 never started
}

void TestLatestJobs::waitForIdleDeliversEverything() {
    LatestJobs jobs;
    QSignalSpy activity(&jobs, &LatestJobs::activityChanged);
    QStringList delivered;
    const QStringList kinds{QStringLiteral("a"), QStringLiteral("b"), QStringLiteral("c")};
    for (const QString& kind : kinds)
        jobs.start<QString>(kind, [kind](const StopToken&) {
            QThread::msleep(20);
            return kind;
        }, [&delivered](QString&& value) { delivered << value; });
    QCOMPARE(activity.count(), 3);  // one per start
    jobs.waitForIdle();
    QVERIFY(!jobs.isBusy());
    QVERIFY(!jobs.isWorking());
    std::sort(delivered.begin(), delivered.end());
    QCOMPARE(delivered, kinds);
    QCOMPARE(activity.count(), 6);  // and one per finished job
}

void TestLatestJobs::destroyingStopsWorkers() {
    Gate gate;
    StopToken token;
    bool delivered = false;
    {
        LatestJobs jobs;
        token = jobs.start<int>(kKind, [&gate](const StopToken& stop) { return gate.work(0, stop); },
                                [&delivered](int&&) { delivered = true; });
        QTRY_COMPARE(gate.startedJobs(), QList<int>{0});
        QVERIFY(!token.stopRequested());
    }
    QVERIFY(token.stopRequested());
    QTRY_COMPARE(gate.stoppedJobs(), QList<int>{0});
    QCoreApplication::processEvents();
    QVERIFY(!delivered);
}

QTEST_MAIN(TestLatestJobs)
#include "tst_latestjobs.moc"
