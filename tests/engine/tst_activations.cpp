// core/Ops.h's activations (applyActivation) and the gated MLP's hidden layer
// (applyGatedActivation), against the formulas of torch.nn.functional evaluated in double: relu,
// gelu (erf), gelu (tanh, "gelu_new"), silu. Large matrices are spread over the threads in pieces;
// they must give bit for bit what one thread gives (the pieces keep the whole's alignment).

#include <cmath>
#include <random>

#ifdef _OPENMP
#include <omp.h>
#endif

#include <QtTest>

#include "core/Ops.h"

using namespace headmap;

Q_DECLARE_METATYPE(headmap::Activation)

namespace {

double reference(double x, Activation activation) {
    switch (activation) {
    case Activation::Relu: return std::max(x, 0.0);
    case Activation::GeluErf: return 0.5 * x * (1.0 + std::erf(x / std::sqrt(2.0)));
    case Activation::GeluTanh:
        return 0.5 * x * (1.0 + std::tanh(std::sqrt(2.0 / M_PI) * (x + 0.044715 * x * x * x)));
    case Activation::Silu: return x / (1.0 + std::exp(-x));
    }
    return 0.0;
}

MatrixF randomMatrix(int rows, int cols, unsigned seed) {
    std::mt19937 random(seed);
    std::uniform_real_distribution<float> value(-9.0f, 9.0f);
    MatrixF m(rows, cols);
    for (Eigen::Index i = 0; i < m.size(); ++i)
        m.data()[i] = value(random);
    return m;
}

// Runs f with OpenMP limited to one thread (the unsplit path).
template <typename F>
void onOneThread(F f) {
#ifdef _OPENMP
    const int before = omp_get_max_threads();
    omp_set_num_threads(1);
    f();
    omp_set_num_threads(before);
#else
    f();
#endif
}

}  // namespace

class ActivationsTest : public QObject {
    Q_OBJECT
private slots:
    void matchesTheFormulas_data() {
        QTest::addColumn<Activation>("activation");
        QTest::addColumn<int>("rows");
        QTest::addColumn<int>("cols");
        QTest::addColumn<bool>("gated");
        const struct { const char* name; Activation a; } kinds[] = {
            {"relu", Activation::Relu}, {"gelu", Activation::GeluErf},
            {"gelu_new", Activation::GeluTanh}, {"silu", Activation::Silu}};
        for (const auto& k : kinds)
            for (bool gated : {false, true}) {
                // Below the split's threshold; above it with rows of 4864 (Qwen's MLP); above it
                // with an odd width, so pieces end inside rows and the last is short.
                QTest::addRow("%s %s 3x7", k.name, gated ? "gated" : "plain") << k.a << 3 << 7 << gated;
                QTest::addRow("%s %s 16x4864", k.name, gated ? "gated" : "plain") << k.a << 16 << 4864 << gated;
                QTest::addRow("%s %s 129x1001", k.name, gated ? "gated" : "plain") << k.a << 129 << 1001 << gated;
            }
    }

    void matchesTheFormulas() {
        QFETCH(Activation, activation);
        QFETCH(int, rows);
        QFETCH(int, cols);
        QFETCH(bool, gated);
        const MatrixF x = randomMatrix(rows, cols, 7);
        const MatrixF up = randomMatrix(rows, cols, 8);
        MatrixF split = x;
        if (gated)
            applyGatedActivation(split, up, activation);
        else
            applyActivation(split, activation);

        // Float32 evaluation as torch does it: a few units in the last place of the result,
        // except where 1 + erf(.) or 1 + tanh(.) cancels (the GELUs far below zero): there the
        // sum is only known to one epsilon, and the factor 0.5·x carries that as 0.5·ε·|x|.
        // Bound: 4 ε · max(|f(x)|, |x|), times |up| when gated (one more rounding).
        const double epsilon = std::numeric_limits<float>::epsilon();
        for (Eigen::Index i = 0; i < x.size(); ++i) {
            const double u = gated ? double(up.data()[i]) : 1.0;
            const double f = reference(double(x.data()[i]), activation);
            const double expected = f * u;
            const double bound = 4.0 * epsilon * std::max(std::abs(f), std::abs(double(x.data()[i]))) * std::abs(u);
            if (std::abs(double(split.data()[i]) - expected) > bound)
                QFAIL(qPrintable(QStringLiteral("element %1 of %2: x = %3, got %4, expected %5 (bound %6)")
                                     .arg(i).arg(x.size()).arg(double(x.data()[i]))
                                     .arg(double(split.data()[i]), 0, 'g', 9).arg(expected, 0, 'g', 9).arg(bound)));
        }

        // The pieces give what one thread gives, bit for bit.
        MatrixF whole = x;
        onOneThread([&] {
            if (gated)
                applyGatedActivation(whole, up, activation);
            else
                applyActivation(whole, activation);
        });
        QVERIFY(whole.cwiseEqual(split).all());
    }
};

QTEST_GUILESS_MAIN(ActivationsTest)
#include "tst_activations.moc"
