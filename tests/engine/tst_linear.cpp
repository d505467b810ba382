// Linear::forward against a plain double-precision sum, for every weight layout and the row
// strides of fused matrices: the product goes to OpenBLAS or to Eigen depending on the build
// (HEADMAP_BLAS, Linear::backend()), and both must give y = x·W + b; also the single-threaded
// product that multiplies a head's weights by its values.
#include <QTest>
#ifdef _OPENMP
#include <omp.h>
#endif

#include <cmath>
#include <cstring>
#include <random>

#include "FloatRounding.h"
#include "core/Linear.h"

using headmap::Linear;
using headmap::MatrixF;
using headmap::WeightLayout;
using headmap::testing::gammaOf;

class LinearTest : public QObject {
    Q_OBJECT
private slots:
    void forwardEqualsTheSum_data();
    void forwardEqualsTheSum();
    void singleThreadedProductEqualsTheSum_data();
    void singleThreadedProductEqualsTheSum();
    void backendIsNamed();
    void fewTokensSameBitsOnAnyThreads();
    void aRowDoesNotDependOnTheOtherRows_data();
    void aRowDoesNotDependOnTheOtherRows();
    void storedBf16GivesTheBitsOfItsF32Copy_data();
    void storedBf16GivesTheBitsOfItsF32Copy();
};

void LinearTest::forwardEqualsTheSum_data() {
    QTest::addColumn<int>("tokens");
    QTest::addColumn<int>("in");
    QTest::addColumn<int>("out");
    QTest::addColumn<bool>("outIn");
    QTest::addColumn<int>("stride");  // 0: dense; else the stored row length (a block of a fused matrix)
    QTest::addColumn<int>("offset");  // the block's first column (InOut) or row (OutIn) in the fused matrix
    QTest::addColumn<bool>("bias");
    QTest::newRow("out-in, torch.nn.Linear") << 5 << 7 << 3 << true << 0 << 0 << true;
    QTest::newRow("in-out, GPT-2 Conv1D") << 5 << 7 << 3 << false << 0 << 0 << true;
    QTest::newRow("in-out, middle block of a fused c_attn") << 4 << 6 << 6 << false << 18 << 6 << true;
    QTest::newRow("out-in, rows of a fused qkv") << 4 << 6 << 2 << true << 0 << 2 << false;
    // One token reads each weight once (SkinnyProduct for out-in, sgemv for in-out), split over
    // the threads once the weights pass 250K entries.
    QTest::newRow("one token") << 1 << 64 << 96 << true << 0 << 0 << true;
    QTest::newRow("one token, in-out, strided block") << 1 << 64 << 96 << false << 288 << 96 << true;
    QTest::newRow("one token, split, out-in") << 1 << 512 << 600 << true << 0 << 0 << false;
    QTest::newRow("one token, split, in-out, strided") << 1 << 520 << 500 << false << 1500 << 500 << true;
    QTest::newRow("no bias, long") << 130 << 33 << 17 << true << 0 << 0 << false;
    QTest::newRow("no tokens") << 0 << 8 << 4 << true << 0 << 0 << true;
    // Past 4e6 multiply-adds the output columns are split over the threads in blocks of 64:
    // a ragged last block, a split that leaves a thread without a block, both layouts, strided.
    QTest::newRow("split, out-in, ragged last block") << 64 << 200 << 330 << true << 0 << 0 << true;
    QTest::newRow("split, in-out, strided block") << 48 << 300 << 300 << false << 900 << 300 << true;
    QTest::newRow("split, out-in, rows of a fused qkv") << 96 << 256 << 192 << true << 0 << 64 << false;
    QTest::newRow("split, fewer columns than a block") << 2048 << 64 << 40 << true << 0 << 0 << true;
    // 2 to 32 tokens, out-in: the weights are read once (SkinnyProduct): rows of x and of W in
    // blocks with remainders, in not a multiple of a register, split or not, strided.
    QTest::newRow("few tokens, in shorter than a register") << 2 << 5 << 9 << true << 0 << 0 << true;
    QTest::newRow("few tokens, ragged in and out") << 3 << 901 << 67 << true << 0 << 0 << false;
    QTest::newRow("few tokens, split, ragged") << 17 << 896 << 1030 << true << 0 << 0 << true;
    QTest::newRow("32 tokens, rows of a fused qkv, strided") << 32 << 200 << 130 << true << 260 << 64 << true;
    QTest::newRow("33 tokens, past the weights-once path") << 33 << 300 << 70 << true << 0 << 0 << true;
    QTest::newRow("few tokens, in-out, fewer outputs than a register") << 3 << 40 << 7 << false << 0 << 0 << true;
    QTest::newRow("few tokens, in-out, ragged outputs") << 5 << 130 << 205 << false << 0 << 0 << false;
    QTest::newRow("few tokens, in-out, split, strided c_attn block") << 17 << 768 << 768 << false << 2304 << 768 << true;
    QTest::newRow("32 tokens, in-out") << 32 << 64 << 300 << false << 0 << 0 << true;
}

void LinearTest::forwardEqualsTheSum() {
    QFETCH(int, tokens);
    QFETCH(int, in);
    QFETCH(int, out);
    QFETCH(bool, outIn);
    QFETCH(int, stride);
    QFETCH(int, offset);
    QFETCH(bool, bias);
    std::mt19937 random(7);
    std::uniform_real_distribution<float> uniform(-1.0f, 1.0f);
    // Stored rows: (out, in) or (in, out), each `rowLength` floats long; the block starts at offset.
    const int rows = outIn ? out + offset : in;
    const int rowLength = stride > 0 ? stride : (outIn ? in : out);
    std::vector<float> stored(size_t(rows) * size_t(rowLength));
    for (float& v : stored)
        v = uniform(random);
    std::vector<float> b(static_cast<size_t>(out));
    for (float& v : b)
        v = uniform(random);
    MatrixF x(tokens, in);  // (T, in)
    for (int i = 0; i < x.size(); ++i)
        x.data()[i] = uniform(random);

    const float* block = outIn ? stored.data() + size_t(offset) * size_t(rowLength) : stored.data() + offset;
    const Linear linear(block, bias ? b.data() : nullptr, in, out, outIn ? WeightLayout::OutIn : WeightLayout::InOut,
                        stride);
    const MatrixF y = linear.forward(x);  // (T, out)
    QCOMPARE(int(y.rows()), tokens);
    QCOMPARE(int(y.cols()), out);
    for (int t = 0; t < tokens; ++t)
        for (int o = 0; o < out; ++o) {
            double sum = bias ? double(b[size_t(o)]) : 0.0;
            double magnitude = std::abs(sum);  // Σ|terms|: float rounding grows with it, not with |sum|
            for (int i = 0; i < in; ++i) {
                const float w = outIn ? block[size_t(o) * size_t(rowLength) + size_t(i)]
                                      : block[size_t(i) * size_t(rowLength) + size_t(o)];
                sum += double(x(t, i)) * double(w);
                magnitude += std::abs(double(x(t, i)) * double(w));
            }
            // float32 against the exact sum (double's own error, (in + 1)·2⁻⁵³ relative, is 2⁻²⁹ of
            // this): in products and the bias, γ(in + 1)·Σ|terms| in any order (FloatRounding.h).
            if (std::abs(double(y(t, o)) - sum) > gammaOf(in + 1) * (1 + 1e-6) * magnitude)
                QFAIL(qPrintable(QStringLiteral("y(%1, %2) = %3, expected %4").arg(t).arg(o).arg(y(t, o)).arg(sum)));
        }
}

void LinearTest::singleThreadedProductEqualsTheSum_data() {
    QTest::addColumn<int>("rows");
    QTest::addColumn<int>("depth");
    QTest::addColumn<int>("cols");
    QTest::addColumn<int>("bStride");    // b is a block of a matrix this wide (a head's values)
    QTest::addColumn<int>("outStride");  // out is a block of a matrix this wide (the concat)
    QTest::newRow("a head's weights times its values") << 33 << 33 << 8 << 24 << 32;
    QTest::newRow("dense blocks") << 5 << 7 << 3 << 3 << 3;
    QTest::newRow("one row") << 1 << 17 << 4 << 12 << 4;
    QTest::newRow("empty") << 0 << 4 << 4 << 4 << 4;
}

void LinearTest::singleThreadedProductEqualsTheSum() {
    QFETCH(int, rows);
    QFETCH(int, depth);
    QFETCH(int, cols);
    QFETCH(int, bStride);
    QFETCH(int, outStride);
    std::mt19937 random(11);
    std::uniform_real_distribution<float> uniform(-1.0f, 1.0f);
    MatrixF a(rows, depth), b(depth, bStride);  // (rows, depth), (depth, bStride)
    for (int i = 0; i < a.size(); ++i)
        a.data()[i] = uniform(random);
    for (int i = 0; i < b.size(); ++i)
        b.data()[i] = uniform(random);
    MatrixF out = MatrixF::Constant(rows, outStride, 42.0f);  // the columns outside the block must stay 42
    const int bFirst = bStride - cols, outFirst = outStride - cols;
    headmap::multiplySingleThreaded(
        headmap::ConstStridedMatrixMap(a.data(), rows, depth, Eigen::OuterStride<>(depth)),
        headmap::ConstStridedMatrixMap(b.data() + bFirst, depth, cols, Eigen::OuterStride<>(bStride)),
        out.middleCols(outFirst, cols));
    for (int r = 0; r < rows; ++r) {
        for (int c = 0; c < outFirst; ++c)
            QCOMPARE(out(r, c), 42.0f);
        for (int c = 0; c < cols; ++c) {
            double sum = 0.0, magnitude = 0.0;  // Σ|terms|, as forwardEqualsTheSum
            for (int i = 0; i < depth; ++i) {
                sum += double(a(r, i)) * double(b(i, bFirst + c));
                magnitude += std::abs(double(a(r, i)) * double(b(i, bFirst + c)));
            }
            if (std::abs(double(out(r, outFirst + c)) - sum) > gammaOf(depth) * (1 + 1e-6) * magnitude)
                QFAIL(qPrintable(QStringLiteral("out(%1, %2) = %3, expected %4").arg(r).arg(c).arg(out(r, outFirst + c)).arg(sum)));
        }
    }
}

void LinearTest::backendIsNamed() {
    const QString backend = QString::fromLatin1(Linear::backend());
    QVERIFY2(QStringList({"oneDNN", "OpenBLAS", "Eigen", "Eigen through openblas", "Eigen through blis"}).contains(backend),
             qPrintable(backend));
}

void LinearTest::fewTokensSameBitsOnAnyThreads() {
    // Each output is one dot product, whichever thread computes its block of columns.
    std::mt19937 random(11);
    std::uniform_real_distribution<float> uniform(-1.0f, 1.0f);
    std::vector<float> w(size_t(1030) * 896);
    for (float& v : w)
        v = uniform(random);
    MatrixF x(16, 896);
    for (int i = 0; i < x.size(); ++i)
        x.data()[i] = uniform(random);
    const Linear linear(w.data(), nullptr, 896, 1030, WeightLayout::OutIn);
    const MatrixF many = linear.forward(x);
#ifdef _OPENMP
    const int threads = omp_get_max_threads();
    const auto restore = qScopeGuard([threads] { omp_set_num_threads(threads); });
    for (int n : {1, 2, 3}) {
        omp_set_num_threads(n);
        const MatrixF y = linear.forward(x);
        QVERIFY2(std::memcmp(y.data(), many.data(), size_t(y.size()) * sizeof(float)) == 0,
                 qPrintable(QStringLiteral("%1 threads against %2").arg(n).arg(threads)));
    }
#else
    QSKIP("built without OpenMP: one thread only");
#endif
    QCOMPARE(many.rows(), Eigen::Index(16));
}

void LinearTest::aRowDoesNotDependOnTheOtherRows_data() {
    QTest::addColumn<bool>("outIn");
    QTest::addColumn<int>("in");
    QTest::addColumn<int>("out");
    QTest::newRow("out-in") << true << 301 << 530;
}

void LinearTest::aRowDoesNotDependOnTheOtherRows() {
    // Up to 32 rows (torch.nn.Linear's layout), each row's outputs have the same bits alone as
    // among 31 others: what prefix reuse needs for one token typed at the end of a text to get
    // the full run's numbers.
    QFETCH(bool, outIn);
    QFETCH(int, in);
    QFETCH(int, out);
    std::mt19937 random(5);
    std::uniform_real_distribution<float> uniform(-1.0f, 1.0f);
    std::vector<float> w(size_t(in) * size_t(out));
    for (float& v : w)
        v = uniform(random);
    MatrixF x(32, in);
    for (int i = 0; i < x.size(); ++i)
        x.data()[i] = uniform(random);
    const Linear linear(w.data(), nullptr, in, out, outIn ? WeightLayout::OutIn : WeightLayout::InOut);
    const MatrixF all = linear.forward(x);  // (32, out)
    for (int rows : {1, 2, 7, 31}) {
        const MatrixF some = linear.forward(x.bottomRows(rows));  // (rows, out)
        QVERIFY2(std::memcmp(some.data(), all.bottomRows(rows).eval().data(), size_t(some.size()) * sizeof(float)) == 0,
                 qPrintable(QStringLiteral("the last %1 rows alone").arg(rows)));
    }
}

void LinearTest::storedBf16GivesTheBitsOfItsF32Copy_data() {
    QTest::addColumn<int>("rows");
    QTest::addColumn<int>("in");
    QTest::addColumn<int>("out");
    QTest::addColumn<int>("rowStride");
    QTest::newRow("one token, split over the threads") << 1 << 896 << 4864 << 0;
    QTest::newRow("few tokens, ragged in and out") << 3 << 901 << 67 << 0;
    QTest::newRow("in shorter than a register") << 2 << 5 << 9 << 0;
    QTest::newRow("16 tokens, rows of a fused qkv, strided") << 16 << 200 << 130 << 260;
    QTest::newRow("32 tokens: the F32 copy, read once") << 32 << 200 << 130 << 260;
    QTest::newRow("33 tokens: the F32 copy's path (oneDNN or BLAS)") << 33 << 300 << 70 << 0;
}

void LinearTest::storedBf16GivesTheBitsOfItsF32Copy() {
    // A layer whose checkpoint stores BF16 (Linear::setStoredBf16): products of up to 16 rows read
    // the BF16 weights, widened exactly, and must give the bits the F32 copy gives; beyond that
    // the F32 copy is used. Weights drawn as BF16 bit patterns of every sign and a wide range of
    // exponents, their F32 copy made by shifting each into the top half of a float.
    QFETCH(int, rows);
    QFETCH(int, in);
    QFETCH(int, out);
    QFETCH(int, rowStride);
    const int stride = rowStride > 0 ? rowStride : in;
    std::mt19937 random(17);
    std::uniform_int_distribution<int> exponent(0x70, 0x8c);   // about 2^-15 .. 2^13
    std::uniform_int_distribution<int> mantissa(0, 127), sign(0, 1);
    std::vector<quint16> stored(size_t(out) * size_t(stride));
    std::vector<float> copy(stored.size());
    for (size_t i = 0; i < stored.size(); ++i) {
        stored[i] = quint16(sign(random) << 15 | exponent(random) << 7 | mantissa(random));
        const quint32 bits = quint32(stored[i]) << 16;
        std::memcpy(&copy[i], &bits, sizeof bits);
    }
    std::uniform_real_distribution<float> uniform(-1.0f, 1.0f);
    MatrixF x(rows, in);
    for (int i = 0; i < x.size(); ++i)
        x.data()[i] = uniform(random);
    const Linear fromCopy(copy.data(), nullptr, in, out, WeightLayout::OutIn, rowStride);
    Linear fromStored(copy.data(), nullptr, in, out, WeightLayout::OutIn, rowStride);
    fromStored.setStoredBf16(stored.data());
    const MatrixF expected = fromCopy.forward(x);
    const MatrixF y = fromStored.forward(x);
    QCOMPARE(y.rows(), Eigen::Index(rows));
    QVERIFY(std::memcmp(y.data(), expected.data(), size_t(y.size()) * sizeof(float)) == 0);
    // And the copy's result is the product itself, within the float sum's bound.
    for (int r = 0; r < rows; ++r)
        for (int c = 0; c < out; ++c) {
            double sum = 0, magnitude = 0;
            for (int i = 0; i < in; ++i) {
                sum += double(x(r, i)) * double(copy[size_t(c) * size_t(stride) + size_t(i)]);
                magnitude += std::abs(double(x(r, i)) * double(copy[size_t(c) * size_t(stride) + size_t(i)]));
            }
            QVERIFY(std::abs(double(y(r, c)) - sum) <= gammaOf(in) * magnitude + 1e-30);
        }
}

QTEST_APPLESS_MAIN(LinearTest)
#include "tst_linear.moc"
