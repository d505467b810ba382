#include "core/PrefixAttention.h"

#include <QCoreApplication>

#include "core/HeadmapError.h"
#include "core/Ops.h"

namespace headmap {
namespace {

// As in MultiHeadAttention.cpp: the weights and the spec's heads come from the model, a
// mismatch is a ModelError; the cache, the positions and a non-causal spec are what the caller
// passed, an InputError. Both translated.
QString counts(long long found, long long expected) {
    return QCoreApplication::translate("Engine", "%1 found, %2 expected").arg(found).arg(expected);
}

void requireWeights(bool ok, const QString& what) {
    if (!ok)
        throw ModelError(QCoreApplication::translate("Engine", "prefix attention: %1").arg(what));
}

void requireInput(bool ok, const QString& what) {
    if (!ok)
        throw InputError(QCoreApplication::translate("Engine", "prefix attention: %1").arg(what));
}

void checkShapes(const AttentionWeights& weights, const AttentionSpec& spec, const MatrixF& x, int first,
                 const MatrixF& keys, const MatrixF& values) {
    requireInput(spec.isCausal(),
                 QCoreApplication::translate("Engine", "the mask is not causal, so the cached rows would change"));
    requireWeights(spec.heads > 0 && spec.kvHeads > 0 && spec.heads % spec.kvHeads == 0 && spec.headDim > 0,
                   QCoreApplication::translate("Engine", "%1 query heads cannot share %2 key/value heads")
                       .arg(spec.heads).arg(spec.kvHeads));
    const int kvWidth = spec.kvHeads * spec.headDim;
    const auto shape = [](const char* what, long long found, long long expected) {
        return QStringLiteral("%1: %2").arg(QLatin1String(what), counts(found, expected));
    };
    requireWeights(weights.query.inFeatures() == int(x.cols()), shape("W_Q's input", weights.query.inFeatures(), x.cols()));
    requireWeights(weights.query.outFeatures() == spec.heads * spec.headDim,
                   shape("W_Q's output", weights.query.outFeatures(), spec.heads * spec.headDim));
    requireWeights(weights.key.outFeatures() == kvWidth, shape("W_K's output", weights.key.outFeatures(), kvWidth));
    requireWeights(weights.value.outFeatures() == kvWidth, shape("W_V's output", weights.value.outFeatures(), kvWidth));
    requireWeights(weights.output.inFeatures() == spec.heads * spec.headDim,
                   shape("W_O's input", weights.output.inFeatures(), spec.heads * spec.headDim));
    requireInput(first >= 0 && keys.rows() == first && values.rows() == first,
                 QCoreApplication::translate("Engine", "cached rows: %1").arg(counts(keys.rows(), first)));
    requireInput(first == 0 || (keys.cols() == kvWidth && values.cols() == kvWidth),
                 QCoreApplication::translate("Engine", "cached key width: %1").arg(counts(keys.cols(), kvWidth)));
    const long long t = first + x.rows();
    requireWeights(!spec.rotary || spec.rotary->cos.cols() <= spec.headDim,
                   QCoreApplication::translate("Engine", "the rotary table is %1 wide, more than the heads' width %2")
                       .arg(spec.rotary ? spec.rotary->cos.cols() : 0).arg(spec.headDim));
    requireInput(!spec.rotary || spec.rotary->cos.rows() >= t,
                 QCoreApplication::translate("Engine", "the rotary table covers %1 positions, fewer than the %2 "
                                                       "of the cache and the new rows")
                     .arg(spec.rotary ? spec.rotary->cos.rows() : 0).arg(t));
}

// Rows first.. of a rotary table: RotaryEmbedding::apply rotates row p of its input by row p of
// the table, and the new tokens' row 0 is position `first`.
RotaryEmbedding::Table tableFrom(const RotaryEmbedding::Table& table, int first, int rows) {
    RotaryEmbedding::Table part;
    part.cos = table.cos.middleRows(first, rows);
    part.sin = table.sin.middleRows(first, rows);
    part.scaling = table.scaling;
    return part;
}

void appendRows(MatrixF& cache, const MatrixF& rows) {
    const Eigen::Index old = cache.rows();
    cache.conservativeResize(old + rows.rows(), rows.cols());
    cache.bottomRows(rows.rows()) = rows;
}

}  // namespace

MatrixF prefixSelfAttention(const AttentionWeights& weights, const AttentionSpec& spec, const MatrixF& x,
                            int first, MatrixF& keys, MatrixF& values, const PrefixCapture& capture) {
    checkShapes(weights, spec, x, first, keys, values);
    const int n = int(x.rows());
    const int t = first + n;
    const int dh = spec.headDim;
    const int heads = spec.heads;

    MatrixF q = weights.query.forward(x);        // (N, H·Dh)
    MatrixF k = weights.key.forward(x);          // (N, KV·Dh)
    const MatrixF v = weights.value.forward(x);  // (N, KV·Dh)
    if (spec.qkNorm.enabled()) {
        const QkNormWeights& norm = spec.qkNorm;
        rmsNormRowSegments(q, norm.wholeProjection ? heads * dh : dh, norm.query, norm.eps, norm.addOne);
        rmsNormRowSegments(k, norm.wholeProjection ? spec.kvHeads * dh : dh, norm.key, norm.eps, norm.addOne);
    }
    if (spec.rotary) {
        const RotaryEmbedding::Table part = tableFrom(*spec.rotary, first, n);
        for (int h = 0; h < heads; ++h)
            RotaryEmbedding::apply(q, h * dh, part);
        for (int g = 0; g < spec.kvHeads; ++g)
            RotaryEmbedding::apply(k, g * dh, part);
    }
    appendRows(keys, k);
    appendRows(values, v);

    const ScoringRule rule = spec.scoringRule();
    MatrixF concat(n, heads * dh);  // (N, H·Dh)
#pragma omp parallel for schedule(static) if (heads > 1 && n * t >= 1024)
    for (int h = 0; h < heads; ++h) {
        const int g = spec.kvHeadOf(h);
        const auto qh = q.middleCols(h * dh, dh);       // (N, Dh)
        const auto kh = keys.middleCols(g * dh, dh);    // (T, Dh)
        const auto vh = values.middleCols(g * dh, dh);  // (T, Dh)
        MatrixF scores(n, t);                           // (N, T) rows are the new queries
        scores.noalias() = qh * kh.transpose();
        applyScoringRule(scores, h, first, rule);
        concat.middleCols(h * dh, dh).noalias() = scores * vh;
        if (capture.valueNorms) {
            // The new keys' ‖v_j·W_O,h‖; the cached keys' norms do not change.
            const MatrixF projected = weights.output.timesInputRows(vh.bottomRows(n), h * dh, dh);  // (N, D)
            Eigen::Map<RowVectorF>(capture.valueNorms + size_t(h) * size_t(t) + size_t(first), n) =
                projected.rowwise().norm().transpose();
        }
    }
    if (capture.queries)
        *capture.queries = std::move(q);
    return weights.output.forward(concat);  // (N, D)
}

}  // namespace headmap
