#include "core/MultiHeadAttention.h"

#include <cmath>
#include <limits>

#include <QCoreApplication>

#include "core/HeadmapError.h"
#include "core/Ops.h"

#ifdef _OPENMP
#include <omp.h>
#endif

namespace headmap {
namespace {

// The weights and the spec come from the model (its config and checkpoint): a mismatch is the
// model's fault, a ModelError. The ablations and the length of the input are the caller's
// request: an InputError. Both translated, as every engine message that reaches a person.
void requireShape(const QString& what, int found, int expected) {
    if (found != expected)
        throw ModelError(QCoreApplication::translate("Engine", "attention: %1 has %2 features; the model's "
                                                               "attention settings need %3")
                             .arg(what).arg(found).arg(expected));
}

void checkShapes(const AttentionWeights& weights, const AttentionSpec& spec, const MatrixF& x,
                 const AttentionCapture& capture) {
    if (spec.heads <= 0 || spec.kvHeads <= 0 || spec.heads % spec.kvHeads != 0 || spec.headDim <= 0)
        throw ModelError(QCoreApplication::translate("Engine", "attention: %1 query heads cannot share %2 "
                                                               "key/value heads of width %3")
                             .arg(spec.heads).arg(spec.kvHeads).arg(spec.headDim));
    requireShape(QCoreApplication::translate("Engine", "the input of W_Q (the hidden state)"),
                 weights.query.inFeatures(), int(x.cols()));
    requireShape(QCoreApplication::translate("Engine", "W_Q's output"), weights.query.outFeatures(),
                 spec.heads * spec.headDim);
    requireShape(QCoreApplication::translate("Engine", "W_K's output"), weights.key.outFeatures(),
                 spec.kvHeads * spec.headDim);
    requireShape(QCoreApplication::translate("Engine", "W_V's output"), weights.value.outFeatures(),
                 spec.kvHeads * spec.headDim);
    requireShape(QCoreApplication::translate("Engine", "W_O's input"), weights.output.inFeatures(),
                 spec.heads * spec.headDim);
    for (const HeadAblation& a : capture.ablations)
        if (a.head < 0 || a.head >= spec.heads)
            throw InputError(QCoreApplication::translate("Engine", "attention: cannot ablate head %1 of %2 heads")
                                 .arg(a.head).arg(spec.heads));
    if (spec.rotary && spec.rotary->cos.cols() > spec.headDim)
        throw ModelError(QCoreApplication::translate("Engine", "attention: the rotary table is %1 wide, more than "
                                                               "the heads' width %2")
                             .arg(spec.rotary->cos.cols()).arg(spec.headDim));
    if (spec.rotary && spec.rotary->cos.rows() < x.rows())
        throw InputError(QCoreApplication::translate("Engine", "attention: the rotary table covers %1 positions, "
                                                               "fewer than the input's %2")
                             .arg(spec.rotary->cos.rows()).arg(x.rows()));
}

// RMSNorm of a projection (T, heads·Dh), per head or over all heads at once, in place.
void normHeads(MatrixF& m, int heads, int dh, const float* weight, const QkNormWeights& norm) {
    rmsNormRowSegments(m, norm.wholeProjection ? heads * dh : dh, weight, norm.eps, norm.addOne);
}

// The ablation asked for head h, if any (the last one wins; Model::run refuses duplicates).
const HeadAblation* ablationOf(const AttentionCapture& capture, int h) {
    const HeadAblation* found = nullptr;
    for (const HeadAblation& a : capture.ablations)
        if (a.head == h)
            found = &a;
    return found;
}

// Replaces a head's output (T, Dh) by zeros or by each column's mean over the positions.
template <typename Block>
void ablate(Block&& headOutput, AblationMode mode) {
    if (mode == AblationMode::Zero) {
        headOutput.setZero();
        return;
    }
    const RowVectorF mean = headOutput.colwise().mean();  // (Dh)
    headOutput.rowwise() = mean;
}

// Eigen's product reads the thread count from OpenMP's per-thread setting; one thread for the
// lifetime of this guard, on the calling thread only.
class SingleThreadedProducts {
public:
#ifdef _OPENMP
    SingleThreadedProducts() : m_threads(omp_get_max_threads()) { omp_set_num_threads(1); }
    ~SingleThreadedProducts() { omp_set_num_threads(m_threads); }

private:
    int m_threads;
#endif
};

void rotateHeads(MatrixF& m, int heads, int dh, const RotaryEmbedding::Table& table) {
    for (int h = 0; h < heads; ++h)
        RotaryEmbedding::apply(m, h * dh, table);
}

}  // namespace

AttentionSpec AttentionSpec::standard(int heads, int dModel, bool causal) {
    AttentionSpec spec;
    spec.heads = heads;
    spec.kvHeads = heads;
    spec.headDim = dModel / heads;
    spec.scale = 1.0f / std::sqrt(float(spec.headDim));
    spec.mask = causal ? AttentionMask::Causal : AttentionMask::None;
    return spec;
}

MatrixF attentionWeightsOfHead(const MatrixF& queries, const MatrixF& keys, int head,
                               const AttentionSpec& spec, HeadSteps* record) {
    const int dh = spec.headDim;
    const auto qh = queries.middleCols(head * dh, dh);             // (T, Dh)
    const auto kh = keys.middleCols(spec.kvHeadOf(head) * dh, dh);  // (S, Dh)
    MatrixF scores(queries.rows(), keys.rows());  // (T, S)
    {
        const SingleThreadedProducts oneThread;
        scores.noalias() = qh * kh.transpose();
    }
    applyScoringRule(scores, head, 0, spec.scoringRule(), record);
    return scores;
}

MatrixF multiHeadSelfAttention(const AttentionWeights& weights, const MatrixF& x, int heads,
                               bool causal, const AttentionCapture& capture) {
    return multiHeadSelfAttention(weights, AttentionSpec::standard(heads, weights.query.outFeatures(), causal),
                                  x, capture);
}

MatrixF multiHeadSelfAttention(const AttentionWeights& weights, const AttentionSpec& spec,
                               const MatrixF& x, const AttentionCapture& capture) {
    return multiHeadAttention(weights, spec, x, nullptr, capture);
}

MatrixF multiHeadAttention(const AttentionWeights& weights, const AttentionSpec& spec, const MatrixF& x,
                           const MatrixF* memory, const AttentionCapture& capture) {
    checkShapes(weights, spec, x, capture);
    // Self-attention: keys and values from x itself; cross-attention: from the encoder's output.
    const MatrixF& source = memory ? *memory : x;  // (S, D)
    if (memory) {
        requireShape(QCoreApplication::translate("Engine", "the input of W_K (the encoder's output)"),
                     weights.key.inFeatures(), int(memory->cols()));
        if (spec.rotary || spec.mask != AttentionMask::None)
            throw ModelError(QCoreApplication::translate("Engine", "cross-attention takes neither rotary "
                                                                   "positions nor a causal mask"));
    }
    const int t = int(x.rows());
    const int s = int(source.rows());
    const int dh = spec.headDim;
    const int heads = spec.heads;
    HeadSteps* const steps = (capture.steps && capture.stepsHead >= 0 && capture.stepsHead < heads)
                                 ? capture.steps : nullptr;
    const int stepsHead = steps ? capture.stepsHead : -1;
    const int stepsKv = steps ? spec.kvHeadOf(stepsHead) : -1;

    MatrixF q = weights.query.forward(x);  // (T, H·Dh)
    MatrixF k = weights.key.forward(source);    // (S, KV·Dh)
    const MatrixF v = weights.value.forward(source);  // (S, KV·Dh)
    if (steps) {
        steps->qProjected = q.middleCols(stepsHead * dh, dh);
        steps->kProjected = k.middleCols(stepsKv * dh, dh);
    }
    if (spec.qkNorm.enabled()) {
        normHeads(q, heads, dh, spec.qkNorm.query, spec.qkNorm);
        normHeads(k, spec.kvHeads, dh, spec.qkNorm.key, spec.qkNorm);
        if (steps) {
            steps->qNormed = q.middleCols(stepsHead * dh, dh);
            steps->kNormed = k.middleCols(stepsKv * dh, dh);
        }
    }
    if (spec.rotary) {
        rotateHeads(q, heads, dh, *spec.rotary);
        rotateHeads(k, spec.kvHeads, dh, *spec.rotary);
    }
    if (capture.stateKeys)  // prefix reuse
        *capture.stateKeys = k;
    if (capture.stateValues)
        *capture.stateValues = v;
    MatrixF concat(t, heads * dh);  // (T, H·Dh)

    // Heads are independent; short inputs are not worth waking threads for.
#pragma omp parallel for schedule(static) if (heads > 1 && t >= 32)
    for (int h = 0; h < heads; ++h) {
        const int g = spec.kvHeadOf(h);
        const auto qh = q.middleCols(h * dh, dh);  // (T, Dh)
        const auto kh = k.middleCols(g * dh, dh);  // (S, Dh)
        const auto vh = v.middleCols(g * dh, dh);  // (S, Dh)
        const bool record = steps && h == stepsHead;
        const MatrixF scores = attentionWeightsOfHead(q, k, h, spec, record ? steps : nullptr);  // (T, S)
        multiplySingleThreaded(ConstStridedMatrixMap(scores.data(), t, s, Eigen::OuterStride<>(s)),
                               ConstStridedMatrixMap(vh.data(), s, dh, Eigen::OuterStride<>(v.cols())),
                               concat.middleCols(h * dh, dh));
        if (const HeadAblation* ablation = ablationOf(capture, h))
            ablate(concat.middleCols(h * dh, dh), ablation->mode);
        if (capture.valueNorms) {
            // What each key's value becomes after this head's block of W_O. (S, D)
            const MatrixF projected = weights.output.timesInputRows(vh, h * dh, dh);
            Eigen::Map<RowVectorF>(capture.valueNorms + size_t(h) * size_t(s), s) =
                projected.rowwise().norm().transpose();
        }

        if (capture.weights)
            MatrixMap(capture.weights + size_t(h) * size_t(t) * size_t(s), t, s) = scores;
        if (capture.headWeights)
            capture.headWeights(h, scores);
        if (record) {
            steps->weights = scores;
            steps->q = qh;
            steps->k = kh;
            steps->v = vh;
            steps->headOutput = concat.middleCols(h * dh, dh);
        }
    }

    MatrixF output = weights.output.forward(concat);  // (T, D)
    if (capture.queries)
        *capture.queries = std::move(q);
    if (capture.keys)
        *capture.keys = std::move(k);
    if (steps) {
        steps->x = x;
        if (memory)
            steps->memory = *memory;
        steps->wQ = weights.query.columns(stepsHead * dh, dh);
        steps->wK = weights.key.columns(stepsKv * dh, dh);
        steps->wV = weights.value.columns(stepsKv * dh, dh);
        steps->bQ = weights.query.biasSlice(stepsHead * dh, dh);
        steps->bK = weights.key.biasSlice(stepsKv * dh, dh);
        steps->bV = weights.value.biasSlice(stepsKv * dh, dh);
        steps->head = stepsHead;
        steps->dModel = int(x.cols());
        steps->dHead = dh;
        steps->causal = spec.isCausal();
        steps->heads = heads;
        steps->kvHead = stepsKv;
        steps->kvHeads = spec.kvHeads;
        steps->scale = spec.scale;
        steps->softcap = spec.softcap;
        steps->mask = spec.mask;
        steps->window = spec.window;
        steps->qkNormWholeProjection = spec.qkNorm.wholeProjection;
        if (spec.rotary) {
            steps->rotaryAngles = spec.rotary->angles.topRows(t);
            steps->rotaryScaling = spec.rotary->scaling;
        }
        steps->concat = concat;
        steps->output = output;
    }
    return output;
}

}  // namespace headmap
