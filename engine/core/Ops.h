#pragma once
// Small stateless operations of a transformer block.

#include "core/Tensor.h"

namespace headmap {

// Numerically stable softmax of each row, in place. -inf entries become exactly 0.
void softmaxRows(MatrixF& m);
// Softmax of each row with one more column of value `sink`, which is then dropped: the row sums
// to less than 1 (gpt-oss's attention sinks). The maximum includes the sink, so a fully masked
// row is all zeros and its whole mass goes to the sink.
void softmaxRowsWithSink(MatrixF& m, float sink);

// LayerNorm over each row: (x - mean) / sqrt(var + eps) * gamma + beta, biased variance as
// torch.nn.LayerNorm. gamma/beta may be null for 1 and 0. (T, d) in place.
void layerNormRows(MatrixF& x, const float* gamma, const float* beta, float eps);

// RMSNorm: x / sqrt(mean(x²) + eps) · w over each run of `segment` consecutive columns of each
// row (segment = cols: the usual norm over the hidden size; segment = head_dim: per head).
// addOne: Gemma's x̂·(1 + w). weight (segment) may be null for 1. In place.
void rmsNormRowSegments(MatrixF& x, int segment, const float* weight, float eps, bool addOne = false);
inline void rmsNormRows(MatrixF& x, const float* weight, float eps, bool addOne = false) {
    rmsNormRowSegments(x, int(x.cols()), weight, eps, addOne);
}

void reluInPlace(MatrixF& x);
// Relu: max(x, 0); GeluErf: GELU with the exact erf form (BERT's "gelu",
// torch.nn.functional.gelu); GeluTanh: its tanh approximation (GPT-2's "gelu_new",
// "gelu_pytorch_tanh"); Silu (swish): x·sigmoid(x), the gate of Llama-style MLPs.
enum class Activation { Relu, GeluErf, GeluTanh, Silu };
void applyActivation(MatrixF& x, Activation activation);
// gate = activation(gate) ∘ up: a gated MLP's hidden layer (SwiGLU, GeGLU), in one pass over
// the (T, FF) blocks. (T, FF), (T, FF)
void applyGatedActivation(MatrixF& gate, const MatrixF& up, Activation activation);

}  // namespace headmap
