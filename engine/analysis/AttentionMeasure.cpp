#include "analysis/AttentionMeasure.h"

#include <algorithm>

#include <QCoreApplication>

#include "core/HeadmapError.h"

namespace headmap {
namespace {

void requireValueNorms(const AttentionTrace& trace) {
    if (!trace.hasValueNorms() && trace.length() > 0)
        throw InputError(QCoreApplication::translate("Engine",
                                                     "the value-norm measure needs a run with value norms "
                                                     "(RunOptions::valueNorms); this trace of %1 has only the weights")
                             .arg(trace.model().displayName()));
}

}  // namespace

QString measureName(AttentionMeasure measure) {
    switch (measure) {
    case AttentionMeasure::Weights:
        return QStringLiteral("weights");
    case AttentionMeasure::ValueNorm:
        return QStringLiteral("value-norm");
    }
    return {};
}

std::optional<AttentionMeasure> parseMeasure(const QString& name) {
    const QString key = name.trimmed().toLower();
    for (AttentionMeasure m : {AttentionMeasure::Weights, AttentionMeasure::ValueNorm})
        if (key == measureName(m))
            return m;
    return std::nullopt;
}

MatrixF weightedHead(const AttentionTrace& trace, int layer, int head) {
    MatrixF weights = trace.headUncached(layer, head);  // (T, T)
    if (weights.size() > 0)  // column j (key j) scales by that key's norm
        weights.array().rowwise() *= trace.valueNorms(layer, head).array();
    return weights;
}

AttentionTrace weightedByValueNorm(const AttentionTrace& trace, const HeadFilter& heads) {
    requireValueNorms(trace);
    AttentionTrace out = trace;
    if (trace.length() == 0)
        return out;
    // Held by the derived trace's source: copies share the heads, queries and keys.
    auto source = std::make_shared<const AttentionTrace>(trace);
    out.deriveHeads([source, heads](int layer, int head) {
        if (heads && !heads(layer, head))
            return MatrixF(source->headUncached(layer, head));
        return weightedHead(*source, layer, head);
    });
    return out;
}

std::vector<double> meanValueNormPerHead(const AttentionTrace& trace) {
    requireValueNorms(trace);
    const int t = trace.length();
    std::vector<double> means(size_t(trace.layers()) * size_t(trace.heads()), 0.0);
    if (t == 0 || trace.keyLength() == 0)
        return means;
    for (int l = 0; l < trace.layers(); ++l)
        for (int h = 0; h < trace.heads(); ++h) {
            const HeadWeights weights = trace.head(l, h);  // (T, T)
            means[size_t(l) * size_t(trace.heads()) + size_t(h)] = meanValueNormFromColumnSums(
                attendedColumnSums(weights, trace.model().causal), trace.valueNorms(l, h), trace.model().causal, t);
        }
    return means;
}

std::vector<double> attendedColumnSums(const ConstMatrixMap& weights, bool causal) {
    const Eigen::Index t = weights.rows();
    std::vector<double> sums(static_cast<size_t>(weights.cols()), 0.0);  // (S) one per key
    for (Eigen::Index q = 0; q < t; ++q) {
        const float* row = weights.data() + q * weights.cols();
        for (Eigen::Index k = 0, end = causal ? q + 1 : weights.cols(); k < end; ++k)
            sums[size_t(k)] += double(row[k]);
    }
    return sums;
}

double meanValueNormFromColumnSums(const std::vector<double>& columnSums, const ConstRowVectorMap& norms,
                                   bool causal, int queries) {
    const double s = double(columnSums.size());
    if (columnSums.empty() || queries == 0)
        return 0.0;
    const double t = queries < 0 ? s : double(queries);
    const double entries = causal ? 0.5 * t * (t + 1.0) : t * s;
    double sum = 0.0;
    for (size_t k = 0; k < columnSums.size(); ++k)
        sum += columnSums[k] * double(norms(Eigen::Index(k)));
    return sum / entries;
}

}  // namespace headmap
