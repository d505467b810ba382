#include "core/ColumnShare.h"

#include <atomic>
#include <condition_variable>
#include <cstdint>
#include <mutex>
#include <thread>
#include <vector>

#if defined(__x86_64__) || defined(__i386__)
#include <immintrin.h>
#endif

namespace headmap {
namespace {

inline void relax() {
#if defined(__x86_64__) || defined(__i386__)
    _mm_pause();
#endif
}

// How many times an idle helper looks for the next job before it sleeps (about 0.1 ms): while
// generating, the next product starts a few microseconds after the last (a norm, an
// activation), sooner than a sleeping thread wakes.
constexpr int kHelperSpins = 2000;
// How many times the caller looks for a helper's last chunk before it yields the core: on a busy
// machine the helper may be waiting for it.
constexpr int kCallerSpins = 200;

// One job at a time. m_state holds the job's generation (high 32 bits) and the next chunk to
// take (low 32 bits); a chunk is taken by a compare-and-swap that also checks the generation,
// so a helper that wakes after its job has ended takes nothing. The job's fields are written
// before its generation is published and changed only after every chunk has finished, so a
// thread that took a chunk read them for its own job.
class Pool {
public:
    static Pool& instance() {
        static Pool* const pool = new Pool;  // never destroyed: its helpers sleep through exit
        return *pool;
    }

    void run(int chunks, int threads, const std::function<void(int)>& work) {
        std::unique_lock<std::mutex> busy(m_busy, std::try_to_lock);
        if (!busy.owns_lock()) {  // another thread's job is running: this one alone
            for (int c = 0; c < chunks; ++c)
                work(c);
            return;
        }
        startHelpers(threads - 1);
        m_work.store(&work);
        m_chunks.store(chunks);
        m_wanted.store(threads - 1);
        m_finished.store(0);
        m_generation = m_generation == 0xffffffffu ? 1 : m_generation + 1;  // 0: no job yet
        const std::uint64_t generation = m_generation;
        m_state.store(generation << 32);  // publishes the job
        if (m_sleepers.load() > 0) {
            std::lock_guard<std::mutex> lock(m_sleep);
            m_wake.notify_all();
        }
        int done = 0;
        for (int c; (c = take(generation)) >= 0; ++done)
            work(c);
        // The chunks helpers took are running now; wait for those only.
        for (int spins = 0; m_finished.load(std::memory_order_acquire) + done < chunks; ++spins) {
            if (spins < kCallerSpins)
                relax();
            else
                std::this_thread::yield();
        }
    }

private:
    // The next chunk of this generation's job, or -1 when all are taken or the job has ended.
    int take(std::uint64_t generation) {
        std::uint64_t state = m_state.load();
        for (;;) {
            if (state >> 32 != generation)
                return -1;
            const int chunk = int(state & 0xffffffffu);
            if (chunk >= m_chunks.load(std::memory_order_relaxed))
                return -1;
            if (m_state.compare_exchange_weak(state, state + 1))
                return chunk;
        }
    }

    void startHelpers(int count) {
        while (int(m_helpers) < count) {
            std::thread([this, index = int(m_helpers)] { helperLoop(index); }).detach();
            ++m_helpers;
        }
    }

    void helperLoop(int index) {
        std::uint64_t seen = 0;
        for (;;) {
            seen = nextGeneration(seen);
            if (index >= m_wanted.load())
                continue;  // this job wants fewer threads
            const std::function<void(int)>* work = m_work.load();
            for (int c; (c = take(seen)) >= 0;) {
                (*work)(c);
                m_finished.fetch_add(1, std::memory_order_release);
            }
        }
    }

    std::uint64_t nextGeneration(std::uint64_t seen) {
        for (int spins = 0; spins < kHelperSpins; ++spins) {
            const std::uint64_t generation = m_state.load() >> 32;
            if (generation != seen)
                return generation;
            relax();
        }
        // Sleep. The caller reads m_sleepers after publishing a job and this thread reads the
        // state after counting itself: one of the two sees the other.
        ++m_sleepers;
        std::unique_lock<std::mutex> lock(m_sleep);
        m_wake.wait(lock, [&] { return m_state.load() >> 32 != seen; });
        --m_sleepers;
        return m_state.load() >> 32;
    }

    std::mutex m_busy;              // held by the thread whose job is running
    std::uint32_t m_generation = 0; // written under m_busy
    std::size_t m_helpers = 0;      // written under m_busy
    std::atomic<std::uint64_t> m_state{0};
    std::atomic<const std::function<void(int)>*> m_work{nullptr};
    std::atomic<int> m_chunks{0}, m_wanted{0}, m_finished{0}, m_sleepers{0};
    std::mutex m_sleep;
    std::condition_variable m_wake;
};

}  // namespace

void shareChunks(int chunks, int threads, const std::function<void(int)>& work) {
    if (threads <= 1 || chunks <= 1) {
        for (int c = 0; c < chunks; ++c)
            work(c);
        return;
    }
    Pool::instance().run(chunks, threads, work);
}

}  // namespace headmap
