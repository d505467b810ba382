#pragma once
// Rotary position embedding (RoPE) as Hugging Face transformers applies it: the first
// rotaryDim features of each query/key head are split into two halves (x1, x2) and rotated,
//   x' = x·cos(θ) + rotate_half(x)·sin(θ),  rotate_half(x) = (-x2, x1),
// with θ_{p,i} = p · invFreq_i repeated for both halves and cos/sin multiplied by an attention
// factor (YaRN, LongRoPE). The remaining features pass unchanged (partial rotary).
// The inverse frequencies follow transformers' modeling_rope_utils.py, one formula per rope type.

#include <vector>

#include <QString>

#include "core/Tensor.h"

namespace headmap {

struct RopeParameters {
    enum class Type { Default, Linear, Dynamic, Llama3, Yarn, LongRope };
    Type type = Type::Default;
    double theta = 10000.0;
    int rotaryDim = 0;                 // even, ≤ head_dim
    double factor = 1.0;               // linear, dynamic, llama3, yarn
    int maxPositions = 0;              // the model's max_position_embeddings
    int originalMaxPositions = 0;      // llama3, yarn, longrope, dynamic: the pre-training context
    double lowFreqFactor = 1.0;        // llama3
    double highFreqFactor = 4.0;       // llama3
    double betaFast = 32.0;            // yarn
    double betaSlow = 1.0;             // yarn
    bool truncate = true;              // yarn: round the correction range to whole dimensions
    double attentionFactor = 0.0;      // yarn, longrope: 0 means "derive it as transformers does"
    double mscale = 0.0;               // yarn (DeepSeek style); 0 means absent
    double mscaleAllDim = 0.0;         // yarn
    std::vector<double> shortFactor;   // longrope, rotaryDim / 2 entries each
    std::vector<double> longFactor;

    static QString typeName(Type type);  // "default", "linear", "llama3", ...
};

class RotaryEmbedding {
public:
    RotaryEmbedding() = default;
    explicit RotaryEmbedding(RopeParameters parameters);

    const RopeParameters& parameters() const { return m_parameters; }
    int rotaryDim() const { return m_parameters.rotaryDim; }

    // Inverse frequencies (rotaryDim / 2) and the cos/sin scaling for a sequence of `length`
    // tokens; only dynamic NTK and LongRoPE depend on the length.
    std::vector<float> inverseFrequencies(int length, float* attentionScaling) const;

    // cos and sin of every position's angles, (T, rotaryDim) each, both halves alike, already
    // multiplied by the attention scaling.
    struct Table {
        MatrixF cos, sin;  // (T, rotaryDim)
        MatrixF angles;    // (T, rotaryDim / 2) θ of each rotated pair, in radians, for views
        float scaling = 1.0f;
    };
    Table table(int length) const;

    // Rotates columns [firstColumn, firstColumn + rotaryDim) of x in place: one head of a
    // (T, heads·head_dim) projection.
    static void apply(MatrixF& x, int firstColumn, const Table& table);

private:
    RopeParameters m_parameters;
};

}  // namespace headmap
