#pragma once
// Runs chunk 0..chunks-1 of one job on the calling thread and on helper threads that join when
// they are awake, without ever waiting for a helper that has not started.
//
// Generating a token multiplies one row by each of a layer's weights: some fifty products of
// 0.1–10 ms a token. Split over OpenMP's threads, every product ends at a barrier that waits
// for each thread of the team; on a machine busy with other programs one of them has often been
// descheduled for a whole time slice, and the translation benchmark on 2 cores under a load of
// 1–8 took 1.7–14 s a pass with 2 threads against 1.1–2.3 s with one (README, "Speed"; its
// generation alone, paired runs at load 8: 4.2–18 s before, 1.9–3.1 s with this). Here the caller
// and the helpers take chunks from one counter: a helper that wakes late finds the chunks taken
// and goes back to sleep; the caller waits only for chunks a helper has already begun.
//
// Which thread computes a chunk never changes its numbers: callers make each chunk's result
// depend on the chunk alone.

#include <functional>

namespace headmap {

// Calls work(c) once for every c in [0, chunks), on up to `threads` threads, the caller one of
// them; returns when all calls have returned. threads <= 1, a single chunk, or a job already
// running on another thread: every chunk on the caller, in order.
void shareChunks(int chunks, int threads, const std::function<void(int)>& work);

}  // namespace headmap
