#pragma once
// The threads Headmap's own background work runs on: forward passes, heads and their pyramids,
// model scans. Not Qt's global pool, because Qt's raster painter splits large fills and image
// conversions over the global pool and waits for them: with a forward pass or two heads of
// 4,096 tokens queued there, painting the dimmed "Computing…" veil over the heatmap waited
// 190 ms for a head job to finish (the event loop stalled 300 ms while PageDown was held).

class QThreadPool;

namespace headmap::ui {

// As many threads as QThread::idealThreadCount(), like the global pool; created on first use.
QThreadPool* workerPool();

}  // namespace headmap::ui
