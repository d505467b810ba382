#include "teaching/TeachingModel.h"

#include <cmath>

#include <QCoreApplication>

#include "core/HeadmapError.h"
#include "core/Ops.h"
#include "teaching/PortableRandom.h"

namespace headmap {
namespace {

constexpr float kLayerNormEps = 1e-5f;

void requireRange(const QString& model, const char* option, long long value, long long low, long long high) {
    if (value < low || value > high)
        throw ModelError(QCoreApplication::translate("Engine", "%1: %2 must be between %3 and %4, got %5")
                             .arg(model, QLatin1String(option)).arg(low).arg(high).arg(value));
}

}  // namespace

void TeachingOptions::validate(const QString& model) const {
    requireRange(model, "d_model", dModel, 1, 4096);
    requireRange(model, "heads", heads, 1, 256);
    requireRange(model, "layers", layers, 1, 64);
    requireRange(model, "max positions", maxPositions, 1, 65536);
    if (dModel % heads != 0)
        throw ModelError(QCoreApplication::translate("Engine", "%1: d_model %2 is not divisible by heads %3 "
                                                               "(d_model must be a multiple of heads)")
                             .arg(model).arg(dModel).arg(heads));
}

TeachingModel::TeachingModel(const TeachingOptions& options) : m_options(options) {
    options.validate(QStringLiteral("builtin:teaching"));
    m_summary.name = QStringLiteral("builtin:teaching");
    m_summary.shownName = m_summary.name;
    m_summary.architecture = QStringLiteral("teaching");
    m_summary.layers = options.layers;
    m_summary.heads = options.heads;
    m_summary.kvHeads = options.heads;
    m_summary.positions = QStringLiteral("sinusoidal");
    m_summary.dModel = options.dModel;
    m_summary.dHead = options.dModel / options.heads;
    m_summary.maxPositions = options.maxPositions;
    m_summary.vocabSize = TeachingTokenizer::kVocabSize;
    m_summary.causal = options.causal;

    const int d = options.dModel;
    const int dFf = 4 * d;
    const double xavier = std::sqrt(6.0 / double(d + d));
    auto draw = [&](int layer, const char* tensor, size_t count, double bound) {
        const QByteArray name = "layer" + QByteArray::number(layer) + "/" + tensor;
        return PortableRandom::stream(options.seed, name).uniformVector(count, bound);
    };
    for (int l = 0; l < options.layers; ++l) {
        auto layer = std::make_unique<Layer>();
        layer->wQ = draw(l, "attn.w_q", size_t(d) * d, xavier);
        layer->wK = draw(l, "attn.w_k", size_t(d) * d, xavier);
        layer->wV = draw(l, "attn.w_v", size_t(d) * d, xavier);
        layer->wO = draw(l, "attn.w_o", size_t(d) * d, xavier);
        layer->w1 = draw(l, "ffn.w1", size_t(dFf) * d, 1.0 / std::sqrt(double(d)));
        layer->b1 = draw(l, "ffn.b1", size_t(dFf), 1.0 / std::sqrt(double(d)));
        layer->w2 = draw(l, "ffn.w2", size_t(d) * dFf, 1.0 / std::sqrt(double(dFf)));
        layer->b2 = draw(l, "ffn.b2", size_t(d), 1.0 / std::sqrt(double(dFf)));
        // The tutorial's _reset_parameters: attention biases are zero, so none are stored.
        layer->attention.query = Linear(layer->wQ.data(), nullptr, d, d, WeightLayout::OutIn);
        layer->attention.key = Linear(layer->wK.data(), nullptr, d, d, WeightLayout::OutIn);
        layer->attention.value = Linear(layer->wV.data(), nullptr, d, d, WeightLayout::OutIn);
        layer->attention.output = Linear(layer->wO.data(), nullptr, d, d, WeightLayout::OutIn);
        layer->ffnIn = Linear(layer->w1.data(), layer->b1.data(), d, dFf, WeightLayout::OutIn);
        layer->ffnOut = Linear(layer->w2.data(), layer->b2.data(), dFf, d, WeightLayout::OutIn);
        m_layers.push_back(std::move(layer));
    }
}

RowVectorF TeachingModel::embedding(int tokenId) const {
    // Unit variance, like nn.Embedding's N(0, 1), without a platform-dependent normal sampler.
    const QByteArray name = "embedding/" + QByteArray::number(tokenId);
    const std::vector<float> values = PortableRandom::stream(m_options.seed, name)
                                          .uniformVector(size_t(m_options.dModel), std::sqrt(3.0));
    return ConstRowVectorMap(values.data(), m_options.dModel);
}

MatrixF TeachingModel::positionalEncoding(int t, int dModel) {
    MatrixF pe(t, dModel);  // (T, D)
    for (int pos = 0; pos < t; ++pos) {
        for (int i = 0; i < dModel; ++i) {
            const double angle =
                double(pos) / std::pow(10000.0, double(2 * (i / 2)) / double(dModel));
            pe(pos, i) = float(i % 2 == 0 ? std::sin(angle) : std::cos(angle));
        }
    }
    return pe;
}

MatrixF TeachingModel::forward(const Encoding& input, ForwardContext& context) const {
    const int t = input.size();
    MatrixF x(t, m_options.dModel);  // (T, D)
    for (int i = 0; i < t; ++i)
        x.row(i) = embedding(input.ids[size_t(i)]);
    if (m_options.positional)
        x += positionalEncoding(t, m_options.dModel);

    for (int l = 0; l < m_options.layers; ++l) {
        const Layer& layer = *m_layers[size_t(l)];
        x += context.attention(l, layer.attention, x, m_options.heads, m_options.causal);
        layerNormRows(x, nullptr, nullptr, kLayerNormEps);
        MatrixF hidden = layer.ffnIn.forward(x);  // (T, 4D)
        reluInPlace(hidden);
        x += layer.ffnOut.forward(hidden);
        layerNormRows(x, nullptr, nullptr, kLayerNormEps);
        if (!context.layerDone(l))
            return MatrixF();
    }
    return x;
}

}  // namespace headmap
