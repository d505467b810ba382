#include "core/RotaryEmbedding.h"

#include <algorithm>
#include <cmath>

namespace headmap {
namespace {

constexpr double kPi = 3.14159265358979323846;

// transformers computes base ** (arange(0, dim, 2) / dim) in float32; so do we, so that the
// frequencies are the same floats.
std::vector<float> defaultInverseFrequencies(double base, int dim) {
    std::vector<float> inv(size_t(dim / 2));
    for (int i = 0; i < dim / 2; ++i) {
        const float exponent = float(2 * i) / float(dim);
        inv[size_t(i)] = 1.0f / std::pow(float(base), exponent);
    }
    return inv;
}

double yarnMscale(double scale, double mscale) {
    return scale <= 1.0 ? 1.0 : 0.1 * mscale * std::log(scale) + 1.0;
}

std::vector<float> llama3Frequencies(const RopeParameters& p) {
    std::vector<float> inv = defaultInverseFrequencies(p.theta, p.rotaryDim);
    const double oldContext = p.originalMaxPositions;
    const double lowWavelength = oldContext / p.lowFreqFactor;
    const double highWavelength = oldContext / p.highFreqFactor;
    for (float& f : inv) {
        const float wavelength = float(2.0 * kPi) / f;
        if (wavelength > lowWavelength) {
            f = float(f / p.factor);
        } else if (wavelength >= highWavelength) {  // medium frequencies: smooth between both
            const float smooth = float((oldContext / wavelength - p.lowFreqFactor) /
                                       (p.highFreqFactor - p.lowFreqFactor));
            f = (1.0f - smooth) * float(f / p.factor) + smooth * f;
        }
    }
    return inv;
}

std::vector<float> yarnFrequencies(const RopeParameters& p, float* scaling) {
    const int dim = p.rotaryDim;
    double attention = p.attentionFactor;
    if (attention == 0.0)
        attention = (p.mscale != 0.0 && p.mscaleAllDim != 0.0)
                        ? yarnMscale(p.factor, p.mscale) / yarnMscale(p.factor, p.mscaleAllDim)
                        : yarnMscale(p.factor, 1.0);
    *scaling = float(attention);
    const int original = p.originalMaxPositions > 0 ? p.originalMaxPositions : p.maxPositions;
    auto correctionDim = [&](double rotations) {
        return (dim * std::log(original / (rotations * 2.0 * kPi))) / (2.0 * std::log(p.theta));
    };
    double low = correctionDim(p.betaFast);
    double high = correctionDim(p.betaSlow);
    if (p.truncate) {
        low = std::floor(low);
        high = std::ceil(high);
    }
    low = std::max(low, 0.0);
    high = std::min(high, double(dim - 1));
    if (low == high)
        high += 0.001;  // as transformers: avoid dividing by zero
    std::vector<float> inv(size_t(dim / 2));
    for (int i = 0; i < dim / 2; ++i) {
        const float posFreq = std::pow(float(p.theta), float(2 * i) / float(dim));
        const float extrapolation = 1.0f / posFreq;
        const float interpolation = 1.0f / (float(p.factor) * posFreq);
        const float ramp = std::clamp((float(i) - float(low)) / float(high - low), 0.0f, 1.0f);
        const float extrapolationFactor = 1.0f - ramp;
        inv[size_t(i)] = interpolation * (1.0f - extrapolationFactor) + extrapolation * extrapolationFactor;
    }
    return inv;
}

std::vector<float> longRopeFrequencies(const RopeParameters& p, int length, float* scaling) {
    const int original = p.originalMaxPositions > 0 ? p.originalMaxPositions : p.maxPositions;
    double attention = p.attentionFactor;
    if (attention == 0.0) {
        const double factor = p.originalMaxPositions > 0 ? double(p.maxPositions) / original : p.factor;
        attention = factor <= 1.0 ? 1.0 : std::sqrt(1.0 + std::log(factor) / std::log(double(original)));
    }
    *scaling = float(attention);
    const std::vector<double>& ext = length > original ? p.longFactor : p.shortFactor;
    std::vector<float> inv(size_t(p.rotaryDim / 2));
    for (int i = 0; i < p.rotaryDim / 2; ++i) {
        const float shape = float(2 * i) / float(p.rotaryDim);
        inv[size_t(i)] = 1.0f / (float(ext[size_t(i)]) * std::pow(float(p.theta), shape));
    }
    return inv;
}

}  // namespace

QString RopeParameters::typeName(Type type) {
    switch (type) {
    case Type::Default: return QStringLiteral("default");
    case Type::Linear: return QStringLiteral("linear");
    case Type::Dynamic: return QStringLiteral("dynamic");
    case Type::Llama3: return QStringLiteral("llama3");
    case Type::Yarn: return QStringLiteral("yarn");
    case Type::LongRope: return QStringLiteral("longrope");
    }
    return QString();
}

RotaryEmbedding::RotaryEmbedding(RopeParameters parameters) : m_parameters(std::move(parameters)) {}

std::vector<float> RotaryEmbedding::inverseFrequencies(int length, float* attentionScaling) const {
    const RopeParameters& p = m_parameters;
    float scaling = 1.0f;
    std::vector<float> inv;
    switch (p.type) {
    case RopeParameters::Type::Default:
        inv = defaultInverseFrequencies(p.theta, p.rotaryDim);
        break;
    case RopeParameters::Type::Linear:
        inv = defaultInverseFrequencies(p.theta, p.rotaryDim);
        for (float& f : inv)
            f = float(f / p.factor);
        break;
    case RopeParameters::Type::Dynamic: {
        // NTK-aware: the base grows with the length once it passes the trained context.
        const int original = p.originalMaxPositions > 0 ? p.originalMaxPositions : p.maxPositions;
        const double seqLen = std::max(length, original);
        const double dim = p.rotaryDim;
        const double base = p.theta * std::pow(p.factor * seqLen / original - (p.factor - 1.0), dim / (dim - 2.0));
        inv = defaultInverseFrequencies(base, p.rotaryDim);
        break;
    }
    case RopeParameters::Type::Llama3:
        inv = llama3Frequencies(p);
        break;
    case RopeParameters::Type::Yarn:
        inv = yarnFrequencies(p, &scaling);
        break;
    case RopeParameters::Type::LongRope:
        inv = longRopeFrequencies(p, length, &scaling);
        break;
    }
    if (attentionScaling)
        *attentionScaling = scaling;
    return inv;
}

RotaryEmbedding::Table RotaryEmbedding::table(int length) const {
    float scaling = 1.0f;
    const std::vector<float> inv = inverseFrequencies(length, &scaling);
    const int half = int(inv.size());
    Table table{MatrixF(length, 2 * half), MatrixF(length, 2 * half), MatrixF(length, half), scaling};
    for (int p = 0; p < length; ++p) {
        for (int i = 0; i < half; ++i) {
            const float angle = float(p) * inv[size_t(i)];  // float32, as inv_freq @ position_ids
            table.angles(p, i) = angle;
            const float c = std::cos(angle) * scaling;
            const float s = std::sin(angle) * scaling;
            table.cos(p, i) = table.cos(p, i + half) = c;
            table.sin(p, i) = table.sin(p, i + half) = s;
        }
    }
    return table;
}

void RotaryEmbedding::apply(MatrixF& x, int firstColumn, const Table& table) {
    const Eigen::Index half = table.cos.cols() / 2;
    for (Eigen::Index p = 0; p < x.rows(); ++p) {
        float* row = x.row(p).data() + firstColumn;
        for (Eigen::Index i = 0; i < half; ++i) {
            const float x1 = row[i];
            const float x2 = row[i + half];
            row[i] = x1 * table.cos(p, i) + (-x2) * table.sin(p, i);
            row[i + half] = x2 * table.cos(p, i + half) + x1 * table.sin(p, i + half);
        }
    }
}

}  // namespace headmap
