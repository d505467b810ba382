#include "core/OneDnnProduct.h"

#include <dnnl.hpp>

namespace headmap {
namespace {

struct OneDnn {
    dnnl::engine engine{dnnl::engine::kind::cpu, 0};
};

// One CPU engine for the process; streams are per call (cheap) so threads never share one.
const OneDnn& oneDnn() {
    static const OneDnn instance;
    return instance;
}

}  // namespace

void oneDnnProduct(const float* x, int m, int k, int ldx, const float* w, int n, int ldw, bool transposed, float* y,
                   int ldy) {
    using dims = dnnl::memory::dims;
    using dt = dnnl::memory::data_type;
    const dnnl::engine& engine = oneDnn().engine;
    const dnnl::memory::desc source(dims{m, k}, dt::f32, dims{ldx, 1});  // (m, k)
    // Element (i, j) of the (k, n) right-hand side: W[j][i] when W is stored (n, k), else W[i][j].
    const dnnl::memory::desc weights(dims{k, n}, dt::f32, transposed ? dims{1, ldw} : dims{ldw, 1});
    const dnnl::memory::desc destination(dims{m, n}, dt::f32, dims{ldy, 1});  // (m, n)
    const dnnl::matmul::primitive_desc descriptor(dnnl::matmul::desc(source, weights, destination), engine);
    const dnnl::matmul product(descriptor);
    dnnl::stream stream(engine);
    product.execute(stream, {{DNNL_ARG_SRC, dnnl::memory(source, engine, const_cast<float*>(x))},
                             {DNNL_ARG_WEIGHTS, dnnl::memory(weights, engine, const_cast<float*>(w))},
                             {DNNL_ARG_DST, dnnl::memory(destination, engine, y)}});
    stream.wait();
}

}  // namespace headmap
