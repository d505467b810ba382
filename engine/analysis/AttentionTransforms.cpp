#include "analysis/AttentionTransforms.h"

#include <QCoreApplication>

#include "core/HeadmapError.h"

namespace headmap {
namespace {

void checkLayer(const AttentionTrace& trace, int layer) {
    if (trace.layers() == 0)
        throw InputError(
            QCoreApplication::translate("Engine", "layer %1 does not exist; the trace has no layers").arg(layer));
    if (layer < 0 || layer >= trace.layers())
        throw InputError(QCoreApplication::translate("Engine",
                                                     "layer %1 does not exist; the model has %2 layers (0 to %3)")
                             .arg(layer).arg(trace.layers()).arg(trace.layers() - 1));
}

QString shapeText(const MatrixF& m) {
    return QStringLiteral("%1x%2").arg(m.rows()).arg(m.cols());
}

}  // namespace

MatrixF layerMean(const AttentionTrace& trace, int layer) {
    checkLayer(trace, layer);
    const int t = trace.length();
    MatrixF sum = MatrixF::Zero(t, trace.keyLength());  // (T, S)
    for (int h = 0; h < trace.heads(); ++h)
        sum += trace.head(layer, h);
    if (trace.heads() > 0)
        sum /= float(trace.heads());
    return sum;
}

MatrixF layerMax(const AttentionTrace& trace, int layer) {
    checkLayer(trace, layer);
    const int t = trace.length();
    if (trace.heads() == 0)
        return MatrixF::Zero(t, trace.keyLength());
    MatrixF largest = trace.head(layer, 0);  // (T, S)
    for (int h = 1; h < trace.heads(); ++h)
        largest = largest.cwiseMax(trace.head(layer, h));
    return largest;
}

std::vector<int> keptTokens(const std::vector<bool>& special) {
    std::vector<int> kept;
    for (size_t i = 0; i < special.size(); ++i)
        if (!special[i])
            kept.push_back(int(i));
    return kept;
}

MatrixF withoutTokens(const MatrixF& weights, const std::vector<int>& kept, bool renormaliseRows) {
    return withoutTokens(weights, kept, kept, renormaliseRows);
}

MatrixF withoutTokens(const MatrixF& weights, const std::vector<int>& keptRows, const std::vector<int>& keptColumns,
                      bool renormaliseRows) {
    for (const auto* kept : {&keptRows, &keptColumns})
        for (int index : *kept)
            if (index < 0 || index >= (kept == &keptRows ? weights.rows() : weights.cols()))
                throw InputError(QCoreApplication::translate("Engine", "token %1 is outside the %2 attention matrix")
                                     .arg(index).arg(shapeText(weights)));
    MatrixF out = weights(keptRows, keptColumns);  // (R, C)
    if (renormaliseRows) {
        for (Eigen::Index r = 0; r < out.rows(); ++r) {
            const float sum = out.row(r).sum();
            if (sum != 0.0f)
                out.row(r) /= sum;
        }
    }
    return out;
}

MatrixF normaliseRowsByMax(const Eigen::Ref<const MatrixF>& weights) {
    MatrixF out = weights;  // (T, T)
    for (Eigen::Index r = 0; r < out.rows(); ++r) {
        const float peak = out.cols() == 0 ? 0.0f : out.row(r).cwiseAbs().maxCoeff();
        if (peak != 0.0f)
            out.row(r) /= peak;
    }
    return out;
}

MatrixF difference(const MatrixF& a, const MatrixF& b) {
    if (a.rows() != b.rows() || a.cols() != b.cols())
        throw InputError(QCoreApplication::translate("Engine", "cannot subtract a %1 attention matrix from a %2 one")
                             .arg(shapeText(b), shapeText(a)));
    return a - b;
}

}  // namespace headmap
