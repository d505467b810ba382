// multiHeadSelfAttention against torch.nn.MultiheadAttention (tests/golden/attention_golden.json),
// with the weights viewed in each storage layout a checkpoint may use, plus the invariants that
// hold whatever the weights are.

#include <algorithm>
#include <cmath>
#include <limits>
#include <memory>
#include <numeric>

#include <QtTest>

#include "FloatRounding.h"
#include "GoldenFile.h"
#include "core/HeadmapError.h"
#include "core/MultiHeadAttention.h"
#include "core/PrefixAttention.h"
#include "teaching/PortableRandom.h"

using headmap::MatrixF;
using headmap::RowVectorF;
using headmap::testing::gammaOf;
using headmap::testing::kUnitRoundoff;
using headmap::testing::softmaxRowSumBound;

namespace {

struct AttentionCase {
    QString name;
    int heads = 0, dModel = 0, dHead = 0, t = 0;
    bool causal = false;
    MatrixF x, wQ, wK, wV, wO;  // weights (in, out)
    RowVectorF bQ, bK, bV, bO;
    MatrixF q, k, v, concat, output;
    std::vector<MatrixF> scores, scaled, weights, headOutput;  // one per head
};

std::vector<MatrixF> perHead(const QJsonValue& value) {
    std::vector<MatrixF> heads;
    for (const QJsonValue& head : value.toArray())
        heads.push_back(golden::toMatrix(head));
    return heads;
}

AttentionCase parseCase(const QJsonObject& o) {
    AttentionCase c;
    c.name = o.value("name").toString();
    c.heads = o.value("heads").toInt();
    c.dModel = o.value("d_model").toInt();
    c.dHead = o.value("d_head").toInt();
    c.t = o.value("T").toInt();
    c.causal = o.value("causal").toBool();
    c.x = golden::toMatrix(o.value("x"));
    c.wQ = golden::toMatrix(o.value("w_q"));
    c.wK = golden::toMatrix(o.value("w_k"));
    c.wV = golden::toMatrix(o.value("w_v"));
    c.wO = golden::toMatrix(o.value("w_o"));
    c.bQ = golden::toRowVector(o.value("b_q"));
    c.bK = golden::toRowVector(o.value("b_k"));
    c.bV = golden::toRowVector(o.value("b_v"));
    c.bO = golden::toRowVector(o.value("b_o"));
    c.q = golden::toMatrix(o.value("q"));
    c.k = golden::toMatrix(o.value("k"));
    c.v = golden::toMatrix(o.value("v"));
    c.concat = golden::toMatrix(o.value("concat"));
    c.output = golden::toMatrix(o.value("output"));
    c.scores = perHead(o.value("scores"));
    c.scaled = perHead(o.value("scaled"));
    c.weights = perHead(o.value("weights"));
    c.headOutput = perHead(o.value("head_output"));
    return c;
}

// How the weights are stored behind the Linear views.
enum class Storage {
    InOut,       // as in the golden file, GPT-2 Conv1D style
    OutIn,       // transposed, torch.nn.Linear style
    FusedInOut,  // one (D, 3D) buffer q|k|v side by side, GPT-2's c_attn, viewed with a stride
};

// Owns the buffers the Linear views point into; never copied or moved, so the views stay valid.
class WeightBuffers {
public:
    WeightBuffers(const AttentionCase& c, Storage storage) {
        const int d = c.dModel;
        if (storage == Storage::FusedInOut) {
            m_fused.resize(size_t(d) * size_t(3 * d));
            m_fusedBias.resize(size_t(3 * d));
            const MatrixF* parts[] = {&c.wQ, &c.wK, &c.wV};
            const RowVectorF* biases[] = {&c.bQ, &c.bK, &c.bV};
            for (int p = 0; p < 3; ++p) {
                for (int r = 0; r < d; ++r)
                    for (int col = 0; col < d; ++col)
                        m_fused[size_t(r) * size_t(3 * d) + size_t(p * d + col)] = (*parts[p])(r, col);
                for (int col = 0; col < d; ++col)
                    m_fusedBias[size_t(p * d + col)] = (*biases[p])(col);
            }
            const float* w = m_fused.data();
            const float* b = m_fusedBias.data();
            using headmap::Linear;
            linears.query = Linear(w, b, d, d, headmap::WeightLayout::InOut, 3 * d);
            linears.key = Linear(w + d, b + d, d, d, headmap::WeightLayout::InOut, 3 * d);
            linears.value = Linear(w + 2 * d, b + 2 * d, d, d, headmap::WeightLayout::InOut, 3 * d);
        } else {
            linears.query = view(c.wQ, c.bQ, storage);
            linears.key = view(c.wK, c.bK, storage);
            linears.value = view(c.wV, c.bV, storage);
        }
        linears.output = view(c.wO, c.bO, storage == Storage::OutIn ? Storage::OutIn : Storage::InOut);
    }
    WeightBuffers(const WeightBuffers&) = delete;
    WeightBuffers& operator=(const WeightBuffers&) = delete;

    headmap::AttentionWeights linears;

private:
    headmap::Linear view(const MatrixF& inOut, const RowVectorF& bias, Storage storage) {
        m_matrices.push_back(std::make_unique<MatrixF>(storage == Storage::OutIn
                                                           ? MatrixF(inOut.transpose())
                                                           : inOut));
        m_biases.push_back(std::make_unique<RowVectorF>(bias));
        const auto layout = storage == Storage::OutIn ? headmap::WeightLayout::OutIn
                                                      : headmap::WeightLayout::InOut;
        return headmap::Linear(m_matrices.back()->data(), m_biases.back()->data(),
                               int(inOut.rows()), int(inOut.cols()), layout);
    }

    std::vector<std::unique_ptr<MatrixF>> m_matrices;
    std::vector<std::unique_ptr<RowVectorF>> m_biases;
    std::vector<float> m_fused, m_fusedBias;
};

const char* storageName(Storage s) {
    switch (s) {
    case Storage::InOut: return "in-out";
    case Storage::OutIn: return "out-in";
    case Storage::FusedInOut: return "fused";
    }
    return "?";
}

// The module's weights as (H, T, T), split per head.
std::vector<MatrixF> splitHeads(const std::vector<float>& buffer, int heads, int t) {
    std::vector<MatrixF> result;
    for (int h = 0; h < heads; ++h)
        result.push_back(headmap::ConstMatrixMap(buffer.data() + size_t(h) * size_t(t * t), t, t));
    return result;
}

#define CHECK_CLOSE(actual, expected, tol, what, ...)                                         \
    do {                                                                                    \
        const QString error_ = golden::compareMatrices(actual, expected, tol, what, ##__VA_ARGS__); \
        QVERIFY2(error_.isEmpty(), qPrintable(error_));                                     \
    } while (false)

// How far two float32 computations of a case's attention may be apart when they sum in different
// orders (ours and PyTorch's; ours with the tokens permuted), bounded from the case's own numbers
// (FloatRounding.h: two orders of an n-term sum differ by at most 2·γ(n)·Σ|terms|; the golden's
// q, k and v give the magnitudes for both computations, whose own differ from them by rounding,
// which moves a bound by a relative 1e-6 or so):
//   q, k, v   x·W + b, d + 1 terms: Δq = 2·γ(d + 1)·(|x|·|W| + |b|) per entry;
//   scores    scale·q·k over Dh: Δs = scale·(Δq·|k| + |q|·Δk + Δq·Δk + 2·γ(Dh)·|q|·|k|);
//   weights   scores moved by at most D (the row's largest Δs) scale each e^s by e^(±D), so a
//             weight w by a factor within e^(±2D): |Δw| <= w·(e^(2D) − 1), and as 1 − w is the
//             sum of the row's other weights, also <= (1 − w)·(e^(2D) − 1); the normaliser, T
//             terms in another order, and the division add (2·γ(T) + 2·u)·w; below float's
//             smallest normal number (1.2e-38) exp is not that accurate, so that much more;
//   output    concat = w·v over T, then concat·W_O + b over d + 1, the same way, with
//             |concat| <= |w|·|v|.
// Every bound is per entry. `weights` are the heads' weights the magnitudes are taken from.
struct OrderBounds {
    MatrixF q, k, v;              // (T, d)
    std::vector<MatrixF> scaled;  // per head (T, T): the scaled scores'
    std::vector<MatrixF> weights; // per head (T, T)
    MatrixF concat;               // (T, d)
    MatrixF output;               // (T, d)
};

OrderBounds orderBounds(const AttentionCase& c, const std::vector<MatrixF>& weights) {
    const double scale = 1.0 / std::sqrt(double(c.dHead));
    auto projectionError = [&](const MatrixF& in, const MatrixF& w, const RowVectorF& b) {
        MatrixF e = in.cwiseAbs() * w.cwiseAbs();
        e.rowwise() += b.cwiseAbs();
        return MatrixF(2 * gammaOf(int(in.cols()) + 1) * e);
    };
    OrderBounds bounds;
    const MatrixF dq = bounds.q = projectionError(c.x, c.wQ, c.bQ);
    const MatrixF dk = bounds.k = projectionError(c.x, c.wK, c.bK);
    const MatrixF dv = bounds.v = projectionError(c.x, c.wV, c.bV);
    MatrixF dConcat(c.t, c.dModel), concatAbs(c.t, c.dModel);
    for (int h = 0; h < c.heads; ++h) {
        const int first = h * c.dHead, dh = c.dHead;
        const MatrixF qa = c.q.middleCols(first, dh).cwiseAbs(), ka = c.k.middleCols(first, dh).cwiseAbs();
        const MatrixF va = c.v.middleCols(first, dh).cwiseAbs();
        const MatrixF dqh = dq.middleCols(first, dh), dkh = dk.middleCols(first, dh), dvh = dv.middleCols(first, dh);
        const MatrixF ds = scale * (dqh * ka.transpose() + qa * dkh.transpose() + dqh * dkh.transpose() +
                                    2 * gammaOf(dh) * qa * ka.transpose());  // (T, T)
        const MatrixF w = weights[size_t(h)].cwiseAbs();
        MatrixF dw(c.t, c.t);
        for (int i = 0; i < c.t; ++i) {
            const double factor = std::expm1(2.0 * double(ds.row(i).maxCoeff()));
            for (int j = 0; j < c.t; ++j) {
                const double wij = w(i, j);
                dw(i, j) = float(std::min(wij, 1.0 - wij) * factor + (2 * gammaOf(c.t) + 2 * kUnitRoundoff) * wij +
                                 double(std::numeric_limits<float>::min()));
            }
        }
        bounds.scaled.push_back(ds);
        bounds.weights.push_back(dw);
        dConcat.middleCols(first, dh) = dw * va + w * dvh + dw * dvh + 2 * gammaOf(c.t) * w * va;
        concatAbs.middleCols(first, dh) = w * va;
    }
    bounds.concat = dConcat;
    bounds.output = dConcat * c.wO.cwiseAbs() +
                    2 * gammaOf(c.dModel + 1) * ((concatAbs * c.wO.cwiseAbs()).rowwise() + c.bO.cwiseAbs());
    return bounds;
}

// Largest |actual − expected| / bound over the entries (bound > 0); an infinite entry (a masked
// score) must be the same infinity in both, else the share is infinite.
double shareOfBound(const MatrixF& actual, const MatrixF& expected, const MatrixF& bound) {
    if (actual.rows() != expected.rows() || actual.cols() != expected.cols())
        return std::numeric_limits<double>::infinity();
    double worst = 0;
    for (Eigen::Index i = 0; i < expected.size(); ++i) {
        const double a = actual.data()[i], e = expected.data()[i];
        if (std::isinf(a) || std::isinf(e)) {
            if (a != e)
                return std::numeric_limits<double>::infinity();
            continue;
        }
        const double share = std::abs(a - e) / double(bound.data()[i]);
        if (!(share <= worst))  // NaN too
            worst = std::isnan(share) ? std::numeric_limits<double>::infinity() : share;
    }
    return worst;
}

#define CHECK_WITHIN(actual, expected, bound, what)                                                   \
    do {                                                                                              \
        const double share_ = shareOfBound((actual), (expected), (bound));                            \
        QVERIFY2(share_ <= 1.0, qPrintable(QStringLiteral("%1: %2 of its bound").arg(what).arg(share_))); \
        worstShare = std::max(worstShare, share_);                                                    \
    } while (false)

}  // namespace

Q_DECLARE_METATYPE(Storage)

class MultiHeadAttentionTest : public QObject {
    Q_OBJECT

private slots:
    void initTestCase();
    void goldenWeightsAndOutput_data();
    void goldenWeightsAndOutput();
    void goldenSteps_data();
    void goldenSteps();
    void rowsSumToOne_data();
    void rowsSumToOne();
    void causalUpperTriangleIsZero_data();
    void causalUpperTriangleIsZero();
    void permutingTokensPermutesWeights_data();
    void permutingTokensPermutesWeights();
    void misfitsThrowTheEnginesErrors_data();
    void misfitsThrowTheEnginesErrors();

private:
    std::vector<AttentionCase> m_cases;
};

void MultiHeadAttentionTest::initTestCase() {
    QString error;
    const QJsonArray cases = golden::loadCases(QStringLiteral("attention_golden.json"), &error);
    QVERIFY2(error.isEmpty(), qPrintable(error));
    for (const QJsonValue& c : cases)
        m_cases.push_back(parseCase(c.toObject()));
    // README documents 9 cases; losing some would silently shrink every data table below.
    QCOMPARE(int(m_cases.size()), 9);
    for (const AttentionCase& c : m_cases) {
        QCOMPARE(c.x.rows(), Eigen::Index(c.t));
        QCOMPARE(int(c.weights.size()), c.heads);
        QCOMPARE(c.dModel, c.heads * c.dHead);
    }
}

void MultiHeadAttentionTest::goldenWeightsAndOutput_data() {
    QTest::addColumn<int>("index");
    QTest::addColumn<Storage>("storage");
    for (int i = 0; i < int(m_cases.size()); ++i)
        for (Storage s : {Storage::InOut, Storage::OutIn, Storage::FusedInOut})
            QTest::addRow("%s/%s", qPrintable(m_cases[size_t(i)].name), storageName(s)) << i << s;
}

void MultiHeadAttentionTest::goldenWeightsAndOutput() {
    QFETCH(int, index);
    QFETCH(Storage, storage);
    const AttentionCase& c = m_cases[size_t(index)];
    WeightBuffers buffers(c, storage);

    std::vector<float> weights(size_t(c.heads) * size_t(c.t) * size_t(c.t), -1.0f);
    headmap::AttentionCapture capture;
    capture.weights = weights.data();
    const MatrixF output = headmap::multiHeadSelfAttention(buffers.linears, c.x, c.heads, c.causal,
                                                           capture);

    // float32 against PyTorch's float32, summed in other orders: orderBounds.
    const std::vector<MatrixF> heads = splitHeads(weights, c.heads, c.t);
    const OrderBounds bounds = orderBounds(c, c.weights);
    double worstShare = 0;
    for (int h = 0; h < c.heads; ++h)
        CHECK_WITHIN(heads[size_t(h)], c.weights[size_t(h)], bounds.weights[size_t(h)], QStringLiteral("weights head %1").arg(h));
    CHECK_WITHIN(output, c.output, bounds.output, QStringLiteral("output"));
    qInfo("largest share of a bound: %.3g", worstShare);
}

void MultiHeadAttentionTest::goldenSteps_data() {
    QTest::addColumn<int>("index");
    QTest::addColumn<Storage>("storage");
    QTest::addColumn<int>("head");
    for (int i = 0; i < int(m_cases.size()); ++i)
        for (Storage s : {Storage::InOut, Storage::OutIn, Storage::FusedInOut})
            for (int h = 0; h < m_cases[size_t(i)].heads; ++h)
                QTest::addRow("%s/%s/head%d", qPrintable(m_cases[size_t(i)].name), storageName(s), h)
                    << i << s << h;
}

void MultiHeadAttentionTest::goldenSteps() {
    QFETCH(int, index);
    QFETCH(Storage, storage);
    QFETCH(int, head);
    const AttentionCase& c = m_cases[size_t(index)];
    WeightBuffers buffers(c, storage);

    std::vector<float> weights(size_t(c.heads) * size_t(c.t) * size_t(c.t));
    headmap::HeadSteps steps;
    headmap::AttentionCapture capture;
    capture.weights = weights.data();
    capture.steps = &steps;
    capture.stepsHead = head;
    const MatrixF output = headmap::multiHeadSelfAttention(buffers.linears, c.x, c.heads, c.causal,
                                                           capture);

    QCOMPARE(steps.head, head);
    QCOMPARE(steps.dModel, c.dModel);
    QCOMPARE(steps.dHead, c.dHead);
    QCOMPARE(steps.causal, c.causal);
    const int first = head * c.dHead;
    const int dh = c.dHead;

    // Weight and bias slices are copies of the stored floats, whatever the layout: exact.
    CHECK_CLOSE(steps.x, c.x, 0.0, QStringLiteral("x"));
    CHECK_CLOSE(steps.wQ, MatrixF(c.wQ.middleCols(first, dh)), 0.0, QStringLiteral("w_q slice"));
    CHECK_CLOSE(steps.wK, MatrixF(c.wK.middleCols(first, dh)), 0.0, QStringLiteral("w_k slice"));
    CHECK_CLOSE(steps.wV, MatrixF(c.wV.middleCols(first, dh)), 0.0, QStringLiteral("w_v slice"));
    CHECK_CLOSE(MatrixF(steps.bQ), MatrixF(c.bQ.middleCols(first, dh)), 0.0, QStringLiteral("b_q slice"));
    CHECK_CLOSE(MatrixF(steps.bK), MatrixF(c.bK.middleCols(first, dh)), 0.0, QStringLiteral("b_k slice"));
    CHECK_CLOSE(MatrixF(steps.bV), MatrixF(c.bV.middleCols(first, dh)), 0.0, QStringLiteral("b_v slice"));

    // float32 against PyTorch's float32, summed in other orders: each number within its own
    // bound (orderBounds); masked scores are -inf exactly where torch's masked_fill put them.
    const OrderBounds bounds = orderBounds(c, c.weights);
    const MatrixF& scaledBound = bounds.scaled[size_t(head)];
    double worstShare = 0;
    CHECK_WITHIN(steps.q, MatrixF(c.q.middleCols(first, dh)), MatrixF(bounds.q.middleCols(first, dh)), QStringLiteral("q"));
    CHECK_WITHIN(steps.k, MatrixF(c.k.middleCols(first, dh)), MatrixF(bounds.k.middleCols(first, dh)), QStringLiteral("k"));
    CHECK_WITHIN(steps.v, MatrixF(c.v.middleCols(first, dh)), MatrixF(bounds.v.middleCols(first, dh)), QStringLiteral("v"));
    CHECK_WITHIN(steps.scores, c.scores[size_t(head)], MatrixF(scaledBound * std::sqrt(float(dh))), QStringLiteral("scores"));
    CHECK_WITHIN(steps.scaled, c.scaled[size_t(head)], scaledBound, QStringLiteral("scaled"));
    MatrixF masked = c.scaled[size_t(head)];
    if (c.causal)
        for (int qi = 0; qi < c.t; ++qi)
            for (int ki = qi + 1; ki < c.t; ++ki)
                masked(qi, ki) = -std::numeric_limits<float>::infinity();
    CHECK_WITHIN(steps.masked, masked, scaledBound, QStringLiteral("masked"));

    CHECK_WITHIN(steps.weights, c.weights[size_t(head)], bounds.weights[size_t(head)], QStringLiteral("weights"));
    // The steps must show the very weights the trace gets, not a recomputation.
    CHECK_CLOSE(steps.weights, splitHeads(weights, c.heads, c.t)[size_t(head)], 0.0,
                QStringLiteral("steps vs captured weights"));
    CHECK_WITHIN(steps.headOutput, c.headOutput[size_t(head)], MatrixF(bounds.concat.middleCols(first, dh)),
                 QStringLiteral("head_output"));
    CHECK_WITHIN(steps.concat, c.concat, bounds.concat, QStringLiteral("concat"));
    CHECK_WITHIN(steps.output, c.output, bounds.output, QStringLiteral("steps output"));
    qInfo("largest share of a bound: %.3g", worstShare);
    CHECK_CLOSE(steps.output, output, 0.0, QStringLiteral("steps output vs returned output"));
}

void MultiHeadAttentionTest::rowsSumToOne_data() {
    QTest::addColumn<int>("index");
    for (int i = 0; i < int(m_cases.size()); ++i)
        QTest::newRow(qPrintable(m_cases[size_t(i)].name)) << i;
}

void MultiHeadAttentionTest::rowsSumToOne() {
    QFETCH(int, index);
    const AttentionCase& c = m_cases[size_t(index)];
    WeightBuffers buffers(c, Storage::InOut);
    std::vector<float> weights(size_t(c.heads) * size_t(c.t) * size_t(c.t));
    headmap::AttentionCapture capture;
    capture.weights = weights.data();
    headmap::multiHeadSelfAttention(buffers.linears, c.x, c.heads, c.causal, capture);

    for (int h = 0; h < c.heads; ++h) {
        const MatrixF w = splitHeads(weights, c.heads, c.t)[size_t(h)];
        for (int r = 0; r < c.t; ++r) {
            const double sum = double(w.row(r).sum());
            QVERIFY2(std::abs(sum - 1.0) <= softmaxRowSumBound(c.t),
                     qPrintable(QStringLiteral("head %1 row %2 sums to %3").arg(h).arg(r).arg(sum, 0, 'g', 9)));
            QVERIFY2(w.row(r).minCoeff() >= 0.0f, "negative attention weight");
        }
    }
}

void MultiHeadAttentionTest::causalUpperTriangleIsZero_data() {
    QTest::addColumn<int>("index");
    for (int i = 0; i < int(m_cases.size()); ++i)
        if (m_cases[size_t(i)].causal && m_cases[size_t(i)].t > 1)  // T = 1 has no upper triangle
            QTest::newRow(qPrintable(m_cases[size_t(i)].name)) << i;
}

void MultiHeadAttentionTest::causalUpperTriangleIsZero() {
    QFETCH(int, index);
    const AttentionCase& c = m_cases[size_t(index)];
    WeightBuffers buffers(c, Storage::InOut);
    std::vector<float> weights(size_t(c.heads) * size_t(c.t) * size_t(c.t), -1.0f);
    headmap::AttentionCapture capture;
    capture.weights = weights.data();
    headmap::multiHeadSelfAttention(buffers.linears, c.x, c.heads, c.causal, capture);

    for (int h = 0; h < c.heads; ++h) {
        const MatrixF w = splitHeads(weights, c.heads, c.t)[size_t(h)];
        for (int qi = 0; qi < c.t; ++qi) {
            // A token always sees itself, so the diagonal must stay positive.
            QVERIFY2(w(qi, qi) > 0.0f, qPrintable(QStringLiteral("head %1 diagonal %2 is 0").arg(h).arg(qi)));
            for (int ki = qi + 1; ki < c.t; ++ki)
                QVERIFY2(w(qi, ki) == 0.0f,
                         qPrintable(QStringLiteral("head %1 (%2, %3) = %4, expected exactly 0")
                                        .arg(h).arg(qi).arg(ki).arg(double(w(qi, ki)))));
        }
    }
}

void MultiHeadAttentionTest::permutingTokensPermutesWeights_data() {
    QTest::addColumn<int>("index");
    // A permutation needs at least three tokens to be more than a swap.
    for (int i = 0; i < int(m_cases.size()); ++i)
        if (m_cases[size_t(i)].t >= 3)
            QTest::newRow(qPrintable(m_cases[size_t(i)].name)) << i;
}

void MultiHeadAttentionTest::permutingTokensPermutesWeights() {
    QFETCH(int, index);
    const AttentionCase& c = m_cases[size_t(index)];
    WeightBuffers buffers(c, Storage::InOut);

    // Fisher-Yates with the portable generator, so the permutation is the same everywhere.
    std::vector<int> p(size_t(c.t));
    std::iota(p.begin(), p.end(), 0);
    headmap::PortableRandom random(0x5eed + uint64_t(index));
    for (int i = c.t - 1; i > 0; --i)
        std::swap(p[size_t(i)], p[size_t(random.next() % uint64_t(i + 1))]);
    std::vector<int> identity(p.size());
    std::iota(identity.begin(), identity.end(), 0);
    QVERIFY2(p != identity, "the permutation must move tokens");

    MatrixF permuted(c.t, c.dModel);
    for (int i = 0; i < c.t; ++i)
        permuted.row(i) = c.x.row(p[size_t(i)]);

    // No mask: a causal mask ties attention to positions and breaks the symmetry on purpose.
    const size_t size = size_t(c.heads) * size_t(c.t) * size_t(c.t);
    std::vector<float> original(size), shuffled(size);
    headmap::AttentionCapture capture;
    capture.weights = original.data();
    const MatrixF out = headmap::multiHeadSelfAttention(buffers.linears, c.x, c.heads, false, capture);
    capture.weights = shuffled.data();
    const MatrixF outPermuted = headmap::multiHeadSelfAttention(buffers.linears, permuted, c.heads,
                                                                false, capture);

    // A permuted row may be summed in another order (the matrix kernels take other paths at other
    // row positions, and they differ per processor): equal to rounding, orderBounds above.
    const std::vector<MatrixF> unpermuted = splitHeads(original, c.heads, c.t);
    const OrderBounds bounds = orderBounds(c, unpermuted);
    double worstShare = 0;
    for (int h = 0; h < c.heads; ++h) {
        const MatrixF& w = unpermuted[size_t(h)];
        const MatrixF& bound = bounds.weights[size_t(h)];
        const MatrixF wp = splitHeads(shuffled, c.heads, c.t)[size_t(h)];
        MatrixF expected(c.t, c.t), expectedBound(c.t, c.t);
        for (int i = 0; i < c.t; ++i)
            for (int j = 0; j < c.t; ++j) {
                expected(i, j) = w(p[size_t(i)], p[size_t(j)]);
                expectedBound(i, j) = bound(p[size_t(i)], p[size_t(j)]);
            }
        CHECK_WITHIN(wp, expected, expectedBound, QStringLiteral("permuted weights head %1").arg(h));
    }
    MatrixF expectedOut(c.t, c.dModel), expectedBound(c.t, c.dModel);
    for (int i = 0; i < c.t; ++i) {
        expectedOut.row(i) = out.row(p[size_t(i)]);
        expectedBound.row(i) = bounds.output.row(p[size_t(i)]);
    }
    CHECK_WITHIN(outPermuted, expectedOut, expectedBound, QStringLiteral("permuted output"));
    qInfo("largest share of a bound: %.3g", worstShare);
}

// Shapes that do not fit throw the engine's own errors, translated and caught by the front ends
// like every other (not std::invalid_argument): weights that do not fit the model's attention
// settings are a ModelError, what the caller passed (ablations, cache, positions) an InputError.
Q_DECLARE_METATYPE(headmap::HeadmapError::Kind)

void MultiHeadAttentionTest::misfitsThrowTheEnginesErrors_data() {
    QTest::addColumn<QString>("misfit");
    QTest::addColumn<headmap::HeadmapError::Kind>("kind");
    QTest::addColumn<QString>("expected");
    using Kind = headmap::HeadmapError::Kind;
    QTest::newRow("W_Q's output") << "wq" << Kind::Model << "attention: W_Q's output has 6 features; the model's attention settings need 4";
    QTest::newRow("hidden width") << "x" << Kind::Model << "attention: the input of W_Q (the hidden state) has 4 features; the model's attention settings need 3";
    QTest::newRow("heads do not share") << "heads" << Kind::Model << "attention: 2 query heads cannot share 3 key/value heads of width 2";
    QTest::newRow("ablated head") << "ablate" << Kind::Input << "attention: cannot ablate head 5 of 2 heads";
    QTest::newRow("rotary too short") << "rotary" << Kind::Input << "attention: the rotary table covers 2 positions, fewer than the input's 3";
    QTest::newRow("rotary too wide") << "rotary wide" << Kind::Model << "attention: the rotary table is 4 wide, more than the heads' width 2";
    QTest::newRow("prefix: not causal") << "prefix causal" << Kind::Input << "prefix attention: the mask is not causal";
    QTest::newRow("prefix: W_K's output") << "prefix wk" << Kind::Model << "prefix attention: W_K's output: 6 found, 4 expected";
    QTest::newRow("prefix: cached rows") << "prefix cache" << Kind::Input << "prefix attention: cached rows: 2 found, 1 expected";
    QTest::newRow("prefix: rotary") << "prefix rotary" << Kind::Input << "prefix attention: the rotary table covers 2 positions, fewer than the 4 of the cache and the new rows";
}

void MultiHeadAttentionTest::misfitsThrowTheEnginesErrors() {
    QFETCH(QString, misfit);
    QFETCH(headmap::HeadmapError::Kind, kind);
    QFETCH(QString, expected);
    using headmap::Linear;
    using headmap::WeightLayout;
    const int d = 4;
    const std::vector<float> w(size_t(d) * 6, 0.25f), b(6, 0.0f);
    headmap::AttentionWeights weights;
    weights.query = Linear(w.data(), b.data(), d, misfit == "wq" ? 6 : d, WeightLayout::InOut);
    weights.key = Linear(w.data(), b.data(), d, misfit == "prefix wk" ? 6 : d, WeightLayout::InOut);
    weights.value = Linear(w.data(), b.data(), d, d, WeightLayout::InOut);
    weights.output = Linear(w.data(), b.data(), d, d, WeightLayout::InOut);
    headmap::AttentionSpec spec = headmap::AttentionSpec::standard(2, d, misfit != "prefix causal");
    if (misfit == "heads")
        spec.kvHeads = 3;
    headmap::RotaryEmbedding::Table rotary;
    rotary.cos = rotary.sin = MatrixF::Zero(2, misfit == "rotary wide" ? 4 : 2);
    if (misfit.contains("rotary"))
        spec.rotary = &rotary;
    MatrixF x = MatrixF::Constant(3, misfit == "x" ? 3 : d, 0.5f);
    headmap::AttentionCapture capture;
    if (misfit == "ablate")
        capture.ablations.push_back(headmap::HeadAblation{0, 5, headmap::AblationMode::Zero});
    try {
        if (misfit.startsWith("prefix")) {
            MatrixF keys = MatrixF::Zero(misfit == "prefix cache" ? 2 : 1, d), values = keys;
            headmap::prefixSelfAttention(weights, spec, x, 1, keys, values);
        } else {
            headmap::multiHeadSelfAttention(weights, spec, x, capture);
        }
        QFAIL("the misfit was accepted");
    } catch (const headmap::HeadmapError& error) {
        QCOMPARE(error.kind(), kind);
        QVERIFY2(error.message().startsWith(expected), qPrintable(error.message()));
    }
}

QTEST_APPLESS_MAIN(MultiHeadAttentionTest)
#include "tst_multiheadattention.moc"
