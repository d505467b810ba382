#pragma once
// The step-by-step matrices of one attention head, captured on request during a forward pass.
// Orientation matches the textbook formula: q = x·w_q + b_q.

#include "core/Tensor.h"

namespace headmap {

struct HeadSteps {
    int layer = -1;
    int head = -1;
    int dModel = 0;
    int dHead = 0;
    bool causal = false;

    MatrixF x;           // (T, d_model) input to the attention block, after any pre-norm
    MatrixF wQ, wK, wV;  // (d_model, d_head) this head's slices of W_Q, W_K, W_V
    RowVectorF bQ, bK, bV;  // (d_head) zeros where the model has no bias
    MatrixF q, k, v;     // (T, d_head)
    MatrixF scores;      // (T, T) q·kᵀ
    MatrixF scaled;      // (T, T) scores / √d_head
    MatrixF masked;      // (T, T) scaled, -inf where the mask forbids attending
    MatrixF weights;     // (T, T) softmax of each row of masked
    MatrixF headOutput;  // (T, d_head) weights·v
    MatrixF concat;      // (T, d_model) every head's output side by side
    MatrixF output;      // (T, d_model) concat·W_O + b_O
};

}  // namespace headmap
