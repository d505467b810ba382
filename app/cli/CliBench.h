#pragma once
// headmap-cli bench: how long a forward pass with every head captured takes, and what opening
// the model costs in time and memory. tests/bench/bench_vs_pytorch.py runs it beside PyTorch.

#include <QIODevice>
#include <QList>

#include "model/ModelLoader.h"

namespace headmap::cli {

struct BenchOptions {
    QList<int> lengths{16, 128, 512};
    int repeat = 5;
    int warmup = 1;     // untimed runs per length first: page in the weights, size the buffers
    bool peak = false;  // also time a plain matrix product, the machine's GFLOP/s ceiling
    bool json = false;
};

void runBenchmark(const ModelSpec& spec, const BenchOptions& options, QIODevice* out);

}  // namespace headmap::cli
