// The head role scores of one document (analysis/HeadRoles.h) on hand-made (T, T) weights with
// answers worked out by hand: a head that is exactly one role, a uniform head (every pattern
// gets its share), an unnormalised head (the "mul" measure divides by ΣA), the strongest row,
// punctuation labels and the Jensen–Shannon divergence.

#include <QtTest>

#include <cmath>

#include "analysis/HeadRoles.h"
#include "core/HeadmapError.h"

using namespace headmap;

Q_DECLARE_METATYPE(headmap::MatrixF)
Q_DECLARE_METATYPE(headmap::HeadRole)

namespace {

// ids 1 2 3 1 2: position 3 repeats 0, position 4 repeats 1. The duplicate-token pattern is
// (3, 0), (4, 1); the induction pattern (the token after the earlier copy) is (3, 1), (4, 2).
const std::vector<int> kIds{1, 2, 3, 1, 2};
constexpr int kT = 5;

RoleTokens tokens() {
    RoleTokens t;
    t.ids = kIds;
    t.special = {true, false, false, false, false};       // position 0 is [CLS]
    t.punctuation = {false, false, true, false, false};  // position 2 is a comma
    return t;
}

// One-hot rows: row i attends to targets[i] only.
MatrixF oneHot(const std::vector<int>& targets) {
    MatrixF a = MatrixF::Zero(kT, kT);
    for (int i = 0; i < kT; ++i)
        a(i, targets[size_t(i)]) = 1.0f;
    return a;
}

MatrixF uniform() { return MatrixF::Constant(kT, kT, 1.0f / kT); }

}  // namespace

class HeadRolesTest : public QObject {
    Q_OBJECT
private slots:
    void scores_data();
    void scores();
    void strongestRow_data();
    void strongestRow();
    void namesRoundTrip();
    void punctuation_data();
    void punctuation();
    void divergence_data();
    void divergence();
    void refusesWrongShapes();
};

void HeadRolesTest::scores_data() {
    QTest::addColumn<MatrixF>("weights");
    QTest::addColumn<HeadRole>("role");
    QTest::addColumn<double>("expected");
    const MatrixF previous = oneHot({0, 0, 1, 2, 3});
    const MatrixF duplicate = oneHot({0, 1, 2, 0, 1});
    const MatrixF induction = oneHot({0, 1, 2, 1, 2});
    const MatrixF sink = oneHot({0, 0, 0, 0, 0});
    // previous-token head: rows 1..4 on i − 1 (4 of ΣA = 5); row 0 on itself.
    QTest::newRow("previous head: previous-token") << previous << HeadRole::PreviousToken << 0.8;
    QTest::newRow("previous head: duplicate-token") << previous << HeadRole::DuplicateToken << 0.0;
    QTest::newRow("previous head: induction") << previous << HeadRole::Induction << 0.0;
    QTest::newRow("previous head: sink") << previous << HeadRole::Sink << 0.4;  // rows 0 and 1
    QTest::newRow("previous head: entropy") << previous << HeadRole::Entropy << 0.0;
    QTest::newRow("previous head: distance") << previous << HeadRole::Distance << 0.8;
    QTest::newRow("previous head: special") << previous << HeadRole::Special << 0.4;
    QTest::newRow("previous head: punctuation") << previous << HeadRole::Punctuation << 0.2;  // row 3 → 2
    // duplicate-token head: rows 3, 4 on the earlier copy; the others on themselves.
    QTest::newRow("duplicate head: duplicate-token") << duplicate << HeadRole::DuplicateToken << 0.4;
    QTest::newRow("duplicate head: previous-token") << duplicate << HeadRole::PreviousToken << 0.0;
    QTest::newRow("duplicate head: induction") << duplicate << HeadRole::Induction << 0.0;
    QTest::newRow("duplicate head: distance") << duplicate << HeadRole::Distance << 1.2;
    QTest::newRow("duplicate head: sink") << duplicate << HeadRole::Sink << 0.4;
    // induction head: rows 3, 4 on the token after the earlier copy.
    QTest::newRow("induction head: induction") << induction << HeadRole::Induction << 0.4;
    QTest::newRow("induction head: duplicate-token") << induction << HeadRole::DuplicateToken << 0.0;
    QTest::newRow("induction head: previous-token") << induction << HeadRole::PreviousToken << 0.0;
    QTest::newRow("induction head: distance") << induction << HeadRole::Distance << 0.8;
    QTest::newRow("induction head: punctuation") << induction << HeadRole::Punctuation << 0.4;  // rows 2, 4
    // sink head: every row on position 0, which is also i − 1 for row 1 and the copy for row 3.
    QTest::newRow("sink head: sink") << sink << HeadRole::Sink << 1.0;
    QTest::newRow("sink head: special") << sink << HeadRole::Special << 1.0;
    QTest::newRow("sink head: previous-token") << sink << HeadRole::PreviousToken << 0.2;
    QTest::newRow("sink head: duplicate-token") << sink << HeadRole::DuplicateToken << 0.2;
    QTest::newRow("sink head: distance") << sink << HeadRole::Distance << 2.0;
    // uniform head: every cell 1/5 of ΣA = 5, so a pattern of n cells scores n · 0.2 / 5.
    QTest::newRow("uniform: previous-token") << uniform() << HeadRole::PreviousToken << 0.16;  // 4 cells
    QTest::newRow("uniform: duplicate-token") << uniform() << HeadRole::DuplicateToken << 0.08;  // 2 cells
    QTest::newRow("uniform: induction") << uniform() << HeadRole::Induction << 0.08;  // 2 cells
    QTest::newRow("uniform: sink") << uniform() << HeadRole::Sink << 0.2;
    QTest::newRow("uniform: entropy") << uniform() << HeadRole::Entropy << std::log(5.0);
    // Σ_j |i − j| / 5 per row: 2, 1.4, 1.2, 1.4, 2; mean 1.6.
    QTest::newRow("uniform: distance") << uniform() << HeadRole::Distance << 1.6;
    QTest::newRow("uniform: special") << uniform() << HeadRole::Special << 0.2;
    QTest::newRow("uniform: punctuation") << uniform() << HeadRole::Punctuation << 0.2;
    // "mul" divides by ΣA: twice the previous-token head scores the same.
    QTest::newRow("unnormalised: previous-token") << MatrixF(2.0f * previous) << HeadRole::PreviousToken << 0.8;
    QTest::newRow("unnormalised: induction") << MatrixF(2.0f * induction) << HeadRole::Induction << 0.4;
    // Half on the previous token, half on itself: row entropy ln 2 for rows 1..4, 0 for row 0.
    MatrixF half = MatrixF::Zero(kT, kT);
    half(0, 0) = 1.0f;
    for (int i = 1; i < kT; ++i)
        half(i, i - 1) = half(i, i) = 0.5f;
    QTest::newRow("half previous: entropy") << half << HeadRole::Entropy << 0.8 * std::log(2.0);
    QTest::newRow("half previous: previous-token") << half << HeadRole::PreviousToken << 0.4;
    QTest::newRow("half previous: distance") << half << HeadRole::Distance << 0.4;
}

void HeadRolesTest::scores() {
    QFETCH(MatrixF, weights);
    QFETCH(HeadRole, role);
    QFETCH(double, expected);
    const DocumentRoleScores scores = scoreDocument(weights, tokens());
    QVERIFY2(std::abs(scores.score[size_t(role)] - expected) < 1e-6,
             qPrintable(QStringLiteral("%1: %2, expected %3").arg(headRoleName(role))
                            .arg(scores.score[size_t(role)], 0, 'g', 9).arg(expected, 0, 'g', 9)));
}

void HeadRolesTest::strongestRow_data() {
    QTest::addColumn<MatrixF>("weights");
    QTest::addColumn<HeadRole>("role");
    QTest::addColumn<int>("row");
    QTest::addColumn<double>("value");
    // Ties go to the first row.
    QTest::newRow("previous head: first row with weight 1 on i - 1") << oneHot({0, 0, 1, 2, 3}) << HeadRole::PreviousToken << 1 << 1.0;
    QTest::newRow("induction head: row 3") << oneHot({0, 1, 2, 1, 2}) << HeadRole::Induction << 3 << 1.0;
    QTest::newRow("duplicate head: row 3") << oneHot({0, 1, 2, 0, 1}) << HeadRole::DuplicateToken << 3 << 1.0;
    QTest::newRow("sink head: row 0") << oneHot({0, 0, 0, 0, 0}) << HeadRole::Sink << 0 << 1.0;
    QTest::newRow("sink head: farthest row for distance") << oneHot({0, 0, 0, 0, 0}) << HeadRole::Distance << 4 << 4.0;
    QTest::newRow("uniform: entropy ties at row 0") << uniform() << HeadRole::Entropy << 0 << std::log(5.0);
    QTest::newRow("no pattern anywhere: row 0, value 0") << oneHot({0, 1, 2, 3, 4}) << HeadRole::Induction << 0 << 0.0;
}

void HeadRolesTest::strongestRow() {
    QFETCH(MatrixF, weights);
    QFETCH(HeadRole, role);
    QFETCH(int, row);
    QFETCH(double, value);
    const DocumentRoleScores scores = scoreDocument(weights, tokens());
    QCOMPARE(scores.strongestRow[size_t(role)], row);
    QVERIFY(std::abs(scores.strongestValue[size_t(role)] - value) < 1e-6);
}

void HeadRolesTest::namesRoundTrip() {
    const QStringList expected{"previous-token", "duplicate-token", "induction", "sink",
                               "entropy", "distance", "special", "punctuation"};
    QCOMPARE(allHeadRoles().size(), kHeadRoleCount);
    for (HeadRole role : allHeadRoles()) {
        QCOMPARE(headRoleName(role), expected[int(role)]);
        QCOMPARE(headRoleFromName(headRoleName(role)), std::optional<HeadRole>(role));
    }
    QVERIFY(!headRoleFromName(QStringLiteral("previous")).has_value());
}

void HeadRolesTest::punctuation_data() {
    QTest::addColumn<QString>("label");
    QTest::addColumn<bool>("punctuation");
    QTest::newRow("full stop") << QStringLiteral(".") << true;
    QTest::newRow("comma after a space mark") << QStringLiteral("\u2423,") << true;
    QTest::newRow("ideographic full stop") << QStringLiteral("\u3002") << true;
    QTest::newRow("fullwidth comma") << QStringLiteral("\uFF0C") << true;
    QTest::newRow("left double quote") << QStringLiteral("\u201C") << true;
    QTest::newRow("ellipsis of dots") << QStringLiteral("...") << true;
    QTest::newRow("hyphen (Pd)") << QStringLiteral("-") << true;
    QTest::newRow("inverted question mark") << QStringLiteral("\u00BF") << true;
    QTest::newRow("dollar is a symbol") << QStringLiteral("$") << false;
    QTest::newRow("plus is a math symbol") << QStringLiteral("+") << false;
    QTest::newRow("newline label") << QStringLiteral("\\n") << false;
    QTest::newRow("part of a fullwidth comma") << QStringLiteral("\uFF0C\u00B9\u2044\u2083") << false;
    QTest::newRow("word with a full stop") << QStringLiteral("a.") << false;
    QTest::newRow("space mark alone") << QStringLiteral("\u2423") << false;
    QTest::newRow("empty") << QString() << false;
    QTest::newRow("Danish letter") << QStringLiteral("\u00E6") << false;
}

void HeadRolesTest::punctuation() {
    QFETCH(QString, label);
    QFETCH(bool, punctuation);
    QCOMPARE(isPunctuationLabel(label), punctuation);
    // Special tokens are never punctuation, whatever their label.
    const RoleTokens t = RoleTokens::fromLabels({1, 2}, {true, false}, {label, label});
    QCOMPARE(bool(t.punctuation[0]), false);
    QCOMPARE(bool(t.punctuation[1]), punctuation);
}

void HeadRolesTest::divergence_data() {
    QTest::addColumn<MatrixF>("a");
    QTest::addColumn<MatrixF>("b");
    QTest::addColumn<double>("expected");
    MatrixF first(1, 2), second(1, 2), even(1, 2);
    first << 1.0f, 0.0f;
    second << 0.0f, 1.0f;
    even << 0.5f, 0.5f;
    QTest::newRow("same rows") << uniform() << uniform() << 0.0;
    QTest::newRow("disjoint rows: ln 2") << first << second << std::log(2.0);
    // m = (0.75, 0.25): ½ ln(4/3) + ½ (½ ln(2/3) + ½ ln 2).
    QTest::newRow("one-hot against even") << first << even << 0.21576155433883565;
    MatrixF two(2, 2), twoOther(2, 2);
    two << 1.0f, 0.0f, 0.5f, 0.5f;
    twoOther << 0.0f, 1.0f, 0.5f, 0.5f;
    QTest::newRow("mean over rows") << two << twoOther << std::log(2.0) / 2;
}

void HeadRolesTest::divergence() {
    QFETCH(MatrixF, a);
    QFETCH(MatrixF, b);
    QFETCH(double, expected);
    QVERIFY(std::abs(meanRowDivergence(a, b) - expected) < 1e-7);
    QVERIFY(std::abs(meanRowDivergence(b, a) - expected) < 1e-7);  // symmetric
}

void HeadRolesTest::refusesWrongShapes() {
    QVERIFY_THROWS_EXCEPTION(InputError, scoreDocument(MatrixF::Zero(4, 4), tokens()));
    QVERIFY_THROWS_EXCEPTION(InputError, scoreDocument(MatrixF::Zero(0, 0), RoleTokens()));
    QVERIFY_THROWS_EXCEPTION(InputError, meanRowDivergence(MatrixF::Zero(2, 2), MatrixF::Zero(2, 3)));
    // A head of zeros: ΣA = 0 gives pattern scores of 0, not NaN.
    const DocumentRoleScores zeros = scoreDocument(MatrixF::Zero(kT, kT), tokens());
    QCOMPARE(zeros.score[size_t(HeadRole::PreviousToken)], 0.0);
}

QTEST_GUILESS_MAIN(HeadRolesTest)
#include "tst_headroles.moc"
