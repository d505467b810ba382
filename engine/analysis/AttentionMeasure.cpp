#include "analysis/AttentionMeasure.h"

#include "core/HeadmapError.h"

namespace headmap {
namespace {

void requireValueNorms(const AttentionTrace& trace) {
    if (!trace.hasValueNorms() && trace.length() > 0)
        throw InputError(QStringLiteral("the value-norm measure needs a run with value norms "
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
    if (t == 0)
        return means;
    const bool causal = trace.model().causal;
    const double entries = causal ? 0.5 * double(t) * double(t + 1) : double(t) * double(t);
    for (int l = 0; l < trace.layers(); ++l)
        for (int h = 0; h < trace.heads(); ++h) {
            const HeadWeights weights = trace.head(l, h);  // (T, T)
            const ConstRowVectorMap norms = trace.valueNorms(l, h);  // (T)
            double sum = 0.0;
            for (int q = 0; q < t; ++q)
                for (int k = 0, end = causal ? q + 1 : t; k < end; ++k)
                    sum += double(weights(q, k)) * double(norms(k));
            means[size_t(l) * size_t(trace.heads()) + size_t(h)] = sum / entries;
        }
    return means;
}

}  // namespace headmap
