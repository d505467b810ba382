// shareChunks: every chunk runs exactly once and all have finished when the call returns, on any
// number of threads, over many jobs in a row (helpers that wake late must take nothing of a job
// that has ended), and when two threads call it at once (the second runs its job alone).
#include <QTest>

#include <atomic>
#include <thread>
#include <vector>

#include "core/ColumnShare.h"

using headmap::shareChunks;

class ColumnShareTest : public QObject {
    Q_OBJECT
private slots:
    void everyChunkOnce_data();
    void everyChunkOnce();
    void manyJobsInARow_data();
    void manyJobsInARow();
    void twoCallersAtOnce();
};

void ColumnShareTest::everyChunkOnce_data() {
    QTest::addColumn<int>("chunks");
    QTest::addColumn<int>("threads");
    QTest::newRow("no chunks") << 0 << 2;
    QTest::newRow("one chunk, two threads") << 1 << 2;
    QTest::newRow("one thread") << 17 << 1;
    QTest::newRow("two threads") << 8 << 2;
    QTest::newRow("more threads than cores") << 100 << 6;
    QTest::newRow("908 chunks (a 58k vocabulary's head)") << 908 << 2;
}

void ColumnShareTest::everyChunkOnce() {
    QFETCH(int, chunks);
    QFETCH(int, threads);
    std::vector<std::atomic<int>> calls(static_cast<size_t>(chunks));
    std::atomic<int> outside{0};  // counted, not QVERIFY'd: helpers are not the test's thread
    shareChunks(chunks, threads, [&](int c) {
        if (c >= 0 && c < chunks)
            calls[size_t(c)].fetch_add(1);
        else
            outside.fetch_add(1);
    });
    QCOMPARE(outside.load(), 0);
    for (int c = 0; c < chunks; ++c)
        QVERIFY2(calls[size_t(c)].load() == 1, qPrintable(QStringLiteral("chunk %1 ran %2 times").arg(c).arg(calls[size_t(c)].load())));
}

void ColumnShareTest::manyJobsInARow_data() {
    QTest::addColumn<int>("threads");
    QTest::newRow("2 threads") << 2;
    QTest::newRow("3 threads") << 3;
}

void ColumnShareTest::manyJobsInARow() {
    // Each job writes its own number into its chunks' slots: a helper running a chunk of an
    // earlier job after that job returned would leave a stale number or a count of 2.
    QFETCH(int, threads);
    constexpr int kJobs = 3000, kChunks = 7;
    std::vector<int> owner(kChunks);
    std::vector<std::atomic<int>> calls(kChunks);
    for (int job = 1; job <= kJobs; ++job) {
        for (auto& c : calls)
            c.store(0);
        shareChunks(kChunks, threads, [&](int c) {
            owner[size_t(c)] = job;
            calls[size_t(c)].fetch_add(1);
        });
        for (int c = 0; c < kChunks; ++c) {
            QCOMPARE(calls[size_t(c)].load(), 1);
            QCOMPARE(owner[size_t(c)], job);
        }
    }
}

void ColumnShareTest::twoCallersAtOnce() {
    constexpr int kChunks = 64, kJobs = 500;
    std::atomic<int> wrong{0};
    auto caller = [&](int salt) {
        std::vector<int> out(kChunks);
        for (int job = 0; job < kJobs; ++job) {
            shareChunks(kChunks, 2, [&](int c) { out[size_t(c)] = salt * 100000 + job * 100 + c; });
            for (int c = 0; c < kChunks; ++c)
                if (out[size_t(c)] != salt * 100000 + job * 100 + c)
                    wrong.fetch_add(1);
        }
    };
    std::thread first(caller, 1), second(caller, 2);
    first.join();
    second.join();
    QCOMPARE(wrong.load(), 0);
}

QTEST_GUILESS_MAIN(ColumnShareTest)
#include "tst_columnshare.moc"
