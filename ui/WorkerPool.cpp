#include "WorkerPool.h"

#include <QThreadPool>

namespace headmap::ui {

namespace {
Q_GLOBAL_STATIC(QThreadPool, g_workerPool)
}  // namespace

QThreadPool* workerPool() { return g_workerPool(); }

}  // namespace headmap::ui
