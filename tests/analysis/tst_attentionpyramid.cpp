// AttentionPyramid: every tile of every level equals brute-force pooling of the ORIGINAL
// matrix over the tile's block (not of the level below), for square, ragged, rectangular and
// causal matrices, max, mean and largest-magnitude pooling, with and without a per-row scale.
//
// Tolerances. Max and largest-magnitude pooling pick one of the original floats: exact.
// Mean: the reference sums the block's floats in double and rounds the mean to float once
// (error ≤ u·|mean|, u = 2^-24). The pyramid rounds each level's means to float and builds the
// next level from those rounded means weighted by their cell counts, so level k carries at most
// k roundings of u·|mean| each (for non-negative weights a weighted mean of values each within
// ε of theirs is within ε too). Allowed: (k + 1)·u·|mean|, plus 1e-30 for means of exactly 0.

#include <cmath>
#include <limits>

#include <QtTest>

#include "analysis/AttentionPyramid.h"
#include "core/HeadmapError.h"
#include "teaching/PortableRandom.h"

using headmap::AttentionPyramid;
using headmap::ConstMatrixMap;
using headmap::MatrixF;
using headmap::Pooling;

Q_DECLARE_METATYPE(Pooling)

namespace {

enum class Shape { Random, Causal, Signed, Sharp };

// (rows, cols) weights of the given shape: rows normalised to sum to 1 except Signed (a
// difference of two heads, in [−1, 1]); Sharp puts nearly all of each row on one key, as
// positional heads do; Causal zeroes every key after the query.
MatrixF makeMatrix(int rows, int cols, Shape shape, quint64 seed) {
    headmap::PortableRandom random(seed);
    MatrixF m(rows, cols);
    for (int r = 0; r < rows; ++r) {
        for (int c = 0; c < cols; ++c) {
            const double u = random.uniform01();
            m(r, c) = shape == Shape::Signed ? float(2 * u - 1) : float(u);
            if (shape == Shape::Causal && c > r)
                m(r, c) = 0.0f;
            if (shape == Shape::Sharp)
                m(r, c) = float(u * 1e-4);
        }
        if (shape == Shape::Sharp)
            m(r, (r * 7 + 3) % cols) = 1.0f;
        if (shape != Shape::Signed && m.row(r).sum() > 0)
            m.row(r) /= m.row(r).sum();
    }
    return m;
}

// The larger under (|v|, v), written out independently of the pyramid's own helper.
bool largerMagnitude(float candidate, float best) {
    if (std::abs(candidate) != std::abs(best))
        return std::abs(candidate) > std::abs(best);
    return candidate > best;
}

// Pooling of the original cells of one block, straight from the definition.
float bruteForce(const MatrixF& m, Pooling pooling, int level, int tileRow, int tileCol) {
    const int block = 1 << level;
    const int r0 = tileRow * block, r1 = std::min<int>(int(m.rows()), r0 + block);
    const int c0 = tileCol * block, c1 = std::min<int>(int(m.cols()), c0 + block);
    double sum = 0;
    float best = m(r0, c0);
    for (int r = r0; r < r1; ++r) {
        for (int c = c0; c < c1; ++c) {
            const float v = m(r, c);
            sum += double(v);
            if (pooling == Pooling::Max && v > best)
                best = v;
            if (pooling == Pooling::MaxMagnitude && largerMagnitude(v, best))
                best = v;
        }
    }
    return pooling == Pooling::Mean ? float(sum / double((r1 - r0) * (c1 - c0))) : best;
}

int expectedLevels(int rows, int cols) {
    int levels = 1;
    while ((1 << (levels - 1)) < std::max(rows, cols))
        ++levels;
    return levels;
}

// Every tile of every level against bruteForce; the first mismatch is reported.
void checkAgainstBruteForce(const MatrixF& original, const AttentionPyramid& pyramid, Pooling pooling) {
    const int rows = int(original.rows()), cols = int(original.cols());
    QCOMPARE(pyramid.levelCount(), expectedLevels(rows, cols));
    const double u = std::ldexp(1.0, -24);
    for (int level = 1; level < pyramid.levelCount(); ++level) {
        const int block = AttentionPyramid::blockSize(level);
        const ConstMatrixMap tiles = pyramid.level(level);
        QCOMPARE(int(tiles.rows()), (rows + block - 1) / block);
        QCOMPARE(int(tiles.cols()), (cols + block - 1) / block);
        for (int i = 0; i < tiles.rows(); ++i) {
            for (int j = 0; j < tiles.cols(); ++j) {
                const float expected = bruteForce(original, pooling, level, i, j);
                const float got = tiles(i, j);
                const bool same = pooling == Pooling::Mean
                                      ? std::abs(double(got) - double(expected))
                                            <= (level + 1) * u * std::abs(double(expected)) + 1e-30
                                      : got == expected;
                if (!same)
                    QFAIL(qPrintable(QStringLiteral("level %1 tile (%2, %3): pyramid %4, brute force %5")
                                         .arg(level).arg(i).arg(j)
                                         .arg(double(got), 0, 'g', 9).arg(double(expected), 0, 'g', 9)));
            }
        }
    }
    // The last level is a single tile pooling the whole matrix.
    if (pyramid.levelCount() > 1) {
        const ConstMatrixMap top = pyramid.level(pyramid.levelCount() - 1);
        QCOMPARE(int(top.size()), 1);
    }
}

}  // namespace

class TestAttentionPyramid : public QObject {
    Q_OBJECT
private slots:
    void tilesEqualBruteForce_data();
    void tilesEqualBruteForce();
    void perRowScale_data();
    void perRowScale();
    void sharpWeightSurvivesMaxPooling();
    void levelFor_data();
    void levelFor();
    void badArguments();
};

void TestAttentionPyramid::tilesEqualBruteForce_data() {
    QTest::addColumn<int>("rows");
    QTest::addColumn<int>("cols");
    QTest::addColumn<int>("shape");
    QTest::addColumn<Pooling>("pooling");
    const struct {
        const char* name;
        Pooling pooling;
    } poolings[] = {{"max", Pooling::Max}, {"mean", Pooling::Mean}};
    for (const auto& p : poolings) {
        for (int t : {1, 2, 3, 7, 64, 100, 1000})
            QTest::addRow("T=%d %s", t, p.name) << t << t << int(Shape::Random) << p.pooling;
        QTest::addRow("causal T=100 %s", p.name) << 100 << 100 << int(Shape::Causal) << p.pooling;
        QTest::addRow("causal T=1000 %s", p.name) << 1000 << 1000 << int(Shape::Causal) << p.pooling;
        QTest::addRow("sharp T=257 %s", p.name) << 257 << 257 << int(Shape::Sharp) << p.pooling;
        QTest::addRow("rectangular 5x37 %s", p.name) << 5 << 37 << int(Shape::Random) << p.pooling;
        QTest::addRow("rectangular 130x3 %s", p.name) << 130 << 3 << int(Shape::Random) << p.pooling;
    }
    for (int t : {1, 3, 100, 1000})
        QTest::addRow("signed T=%d max magnitude", t) << t << t << int(Shape::Signed) << Pooling::MaxMagnitude;
    QTest::newRow("signed T=100 mean") << 100 << 100 << int(Shape::Signed) << Pooling::Mean;
}

void TestAttentionPyramid::tilesEqualBruteForce() {
    QFETCH(int, rows);
    QFETCH(int, cols);
    QFETCH(int, shape);
    QFETCH(Pooling, pooling);
    if (Shape(shape) == Shape::Signed && pooling == Pooling::Mean) {
        // Signed means can cancel to near 0, where a relative bound says nothing: compare
        // against the largest magnitude in the matrix instead (k + 1 roundings of it at most).
        const MatrixF m = makeMatrix(rows, cols, Shape::Signed, 77);
        const AttentionPyramid pyramid(ConstMatrixMap(m.data(), rows, cols), pooling);
        const double scale = m.cwiseAbs().maxCoeff();
        for (int level = 1; level < pyramid.levelCount(); ++level) {
            const ConstMatrixMap tiles = pyramid.level(level);
            for (int i = 0; i < tiles.rows(); ++i)
                for (int j = 0; j < tiles.cols(); ++j)
                    QVERIFY(std::abs(double(tiles(i, j)) - double(bruteForce(m, pooling, level, i, j)))
                            <= (level + 1) * std::ldexp(1.0, -24) * scale);
        }
        return;
    }
    const MatrixF m = makeMatrix(rows, cols, Shape(shape), quint64(rows * 131 + cols));
    const AttentionPyramid pyramid(ConstMatrixMap(m.data(), rows, cols), pooling);
    QCOMPARE(pyramid.rows(), rows);
    QCOMPARE(pyramid.cols(), cols);
    QCOMPARE(pyramid.pooling(), pooling);
    checkAgainstBruteForce(m, pyramid, pooling);
}

void TestAttentionPyramid::perRowScale_data() {
    QTest::addColumn<Pooling>("pooling");
    QTest::newRow("max") << Pooling::Max;
    QTest::newRow("mean") << Pooling::Mean;
}

// A per-row colour scale pools what it shows: each row divided by its divisor first.
void TestAttentionPyramid::perRowScale() {
    QFETCH(Pooling, pooling);
    const int t = 300;
    const MatrixF m = makeMatrix(t, t, Shape::Causal, 5);
    std::vector<float> divisors(static_cast<size_t>(t));
    MatrixF shown(t, t);  // (T, T): what the per-row scale draws, in float as the view does
    for (int r = 0; r < t; ++r) {
        divisors[size_t(r)] = m.row(r).maxCoeff();
        shown.row(r) = m.row(r) / divisors[size_t(r)];
    }
    const AttentionPyramid pyramid(ConstMatrixMap(m.data(), t, t), pooling, divisors);
    checkAgainstBruteForce(shown, pyramid, pooling);
}

// The point of max pooling: one weight of 1 in a sea of 1e-6 is still 1 eight levels up,
// where mean pooling dilutes it to about 1/256².
void TestAttentionPyramid::sharpWeightSurvivesMaxPooling() {
    const int t = 256;
    MatrixF m = MatrixF::Constant(t, t, 1e-6f);
    m(200, 13) = 1.0f;
    const AttentionPyramid max(ConstMatrixMap(m.data(), t, t), Pooling::Max);
    const AttentionPyramid mean(ConstMatrixMap(m.data(), t, t), Pooling::Mean);
    QCOMPARE(max.levelCount(), 9);
    QCOMPARE(max.level(3)(200 / 8, 13 / 8), 1.0f);
    QCOMPARE(max.level(8)(0, 0), 1.0f);
    QVERIFY(mean.level(8)(0, 0) < 2e-5f);
}

void TestAttentionPyramid::levelFor_data() {
    QTest::addColumn<int>("tokens");
    QTest::addColumn<double>("cellsPerPixel");
    QTest::addColumn<int>("level");
    QTest::newRow("cells larger than pixels") << 100 << 0.2 << 0;
    QTest::newRow("one cell a pixel") << 1000 << 1.0 << 0;
    QTest::newRow("a little over one") << 1000 << 1.01 << 1;
    QTest::newRow("8192 on 1000 pixels") << 8192 << 8.192 << 4;
    QTest::newRow("exactly 8") << 8192 << 8.0 << 3;
    QTest::newRow("past the last level") << 100 << 1000.0 << 7;
    QTest::newRow("one token") << 1 << 5.0 << 0;
}

void TestAttentionPyramid::levelFor() {
    QFETCH(int, tokens);
    QFETCH(double, cellsPerPixel);
    QFETCH(int, level);
    const MatrixF m = MatrixF::Zero(tokens, tokens);
    const AttentionPyramid pyramid(ConstMatrixMap(m.data(), tokens, tokens), Pooling::Max);
    QCOMPARE(pyramid.levelFor(cellsPerPixel), level);
}

void TestAttentionPyramid::badArguments() {
    const MatrixF m = MatrixF::Zero(4, 4);
    QVERIFY_THROWS_EXCEPTION(headmap::InputError,
                             AttentionPyramid(ConstMatrixMap(m.data(), 4, 4), Pooling::Max, std::vector<float>(3, 1.0f)));
    const AttentionPyramid pyramid(ConstMatrixMap(m.data(), 4, 4), Pooling::Max);
    QCOMPARE(pyramid.levelCount(), 3);
    QVERIFY_THROWS_EXCEPTION(headmap::InputError, pyramid.level(0));  // the matrix itself
    QVERIFY_THROWS_EXCEPTION(headmap::InputError, pyramid.level(3));
    const AttentionPyramid empty(ConstMatrixMap(nullptr, 0, 0), Pooling::Mean);
    QCOMPARE(empty.levelCount(), 1);
}

QTEST_GUILESS_MAIN(TestAttentionPyramid)
#include "tst_attentionpyramid.moc"
