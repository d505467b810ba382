// OpenBLAS's sgemm against oneDNN's matmul (Debian's libdnnl-dev) on the products a forward pass
// makes, y = x · Wᵀ with W stored (out, in) as torch.nn.Linear stores it, for choosing the dense
// layers' backend by measurement (#40). oneDNN runs twice: on W as stored (the weights' layout
// `ba`), and on W reordered once into the layout its kernel prefers (format_tag::any, the
// "pre-packed" weights that PyTorch's and ONNX Runtime's CPU inference keep). f32 inputs,
// products and accumulation throughout. The three take turns within each round so that load from
// other programs hits all alike; each line is the best of the rounds.
//   g++ -O3 -march=native -fopenmp tests/bench/gemm_onednn.cpp -o /tmp/gemm_onednn -ldnnl -lopenblas
//   /tmp/gemm_onednn [rounds] [repeat]
// Prints also what creating oneDNN's primitive costs (once per shape; a model would keep it).

#include <algorithm>
#include <array>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <functional>
#include <random>
#include <vector>

#include <cblas.h>
#include <dnnl.hpp>

namespace {

using Clock = std::chrono::steady_clock;

double msSince(Clock::time_point start) {
    return std::chrono::duration<double, std::milli>(Clock::now() - start).count();
}

double bestOf(int repeat, const std::function<void()>& run) {
    double best = 1e300;
    for (int r = 0; r < repeat; ++r) {
        const auto start = Clock::now();
        run();
        best = std::min(best, msSince(start));
    }
    return best;
}

struct OneDnnProduct {
    dnnl::matmul primitive;
    dnnl::memory source, weights, destination;
    double createMs = 0;
};

// x (m, k) row-major · W (n, k) row-major transposed → y (m, n); `prepacked` reorders W once into
// the layout the primitive asks for.
OneDnnProduct makeOneDnn(dnnl::engine& engine, dnnl::stream& stream, int m, int k, int n, float* x, float* w,
                         float* y, bool prepacked) {
    using tag = dnnl::memory::format_tag;
    using dt = dnnl::memory::data_type;
    const auto start = Clock::now();
    const dnnl::memory::desc sourceDesc({m, k}, dt::f32, tag::ab);
    const dnnl::memory::desc storedWeights({k, n}, dt::f32, tag::ba);  // W (n, k) row-major is Wᵀ column-major
    const dnnl::memory::desc weightsDesc = prepacked ? dnnl::memory::desc({k, n}, dt::f32, tag::any) : storedWeights;
    const dnnl::memory::desc destinationDesc({m, n}, dt::f32, tag::ab);
    const dnnl::matmul::primitive_desc pd(dnnl::matmul::desc(sourceDesc, weightsDesc, destinationDesc), engine);
    OneDnnProduct p;
    p.primitive = dnnl::matmul(pd);
    p.source = dnnl::memory(sourceDesc, engine, x);
    p.destination = dnnl::memory(destinationDesc, engine, y);
    dnnl::memory stored(storedWeights, engine, w);
    if (prepacked && pd.weights_desc() != storedWeights) {
        p.weights = dnnl::memory(pd.weights_desc(), engine);
        dnnl::reorder(stored, p.weights).execute(stream, stored, p.weights);
        stream.wait();
    } else {
        p.weights = stored;
    }
    p.createMs = msSince(start);
    return p;
}

}  // namespace

int main(int argc, char** argv) {
    const int rounds = argc > 1 ? std::atoi(argv[1]) : 3;
    const int repeat = argc > 2 ? std::atoi(argv[2]) : 5;
    // {M, K, N}: Qwen2.5-0.5B (D 896, q 896, kv 128, FF 4864) and BERT-base (D 768, FF 3072).
    const std::vector<std::array<int, 3>> shapes = {
        {16, 896, 896},    {16, 896, 128},    {16, 896, 4864},   {16, 4864, 896},   {128, 896, 896},
        {128, 896, 128},   {128, 896, 4864},  {128, 4864, 896},  {512, 896, 4864},  {512, 4864, 896},
        {2048, 896, 4864}, {2048, 4864, 896}, {128, 768, 768},   {128, 768, 3072},  {128, 3072, 768},
        {512, 768, 3072},  {512, 3072, 768},  {2048, 768, 3072}, {2048, 3072, 768}};
    dnnl::engine engine(dnnl::engine::kind::cpu, 0);
    dnnl::stream stream(engine);
    std::mt19937 random(7);
    std::uniform_real_distribution<float> uniform(-1.0f, 1.0f);
    std::printf("%-5s %-5s %-5s %10s %10s %10s %10s   (ms, best of %d rounds x %d)\n", "M", "K", "N", "openblas",
                "dnnl-ba", "dnnl-any", "create", rounds, repeat);
    for (const auto& [m, k, n] : shapes) {
        std::vector<float> x(size_t(m) * k), w(size_t(n) * k), y(size_t(m) * n);
        for (float& v : x) v = uniform(random);
        for (float& v : w) v = uniform(random);
        OneDnnProduct plain = makeOneDnn(engine, stream, m, k, n, x.data(), w.data(), y.data(), false);
        OneDnnProduct packed = makeOneDnn(engine, stream, m, k, n, x.data(), w.data(), y.data(), true);
        double blas = 1e300, dnnlPlain = 1e300, dnnlPacked = 1e300;
        const auto runDnnl = [&](OneDnnProduct& p) {
            p.primitive.execute(stream, {{DNNL_ARG_SRC, p.source}, {DNNL_ARG_WEIGHTS, p.weights},
                                         {DNNL_ARG_DST, p.destination}});
            stream.wait();
        };
        for (int r = 0; r < rounds; ++r) {
            blas = std::min(blas, bestOf(repeat, [&] {
                cblas_sgemm(CblasRowMajor, CblasNoTrans, CblasTrans, m, n, k, 1.0f, x.data(), k, w.data(), k, 0.0f,
                            y.data(), n);
            }));
            dnnlPlain = std::min(dnnlPlain, bestOf(repeat, [&] { runDnnl(plain); }));
            dnnlPacked = std::min(dnnlPacked, bestOf(repeat, [&] { runDnnl(packed); }));
        }
        std::printf("%-5d %-5d %-5d %10.3f %10.3f %10.3f %10.1f\n", m, k, n, blas, dnnlPlain, dnnlPacked,
                    packed.createMs);
    }
    return 0;
}
