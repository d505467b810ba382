// HeadRoleScorer (analysis/HeadRoleScorer.h): per-document scores averaged over documents, the
// strongest (document, position) over the corpus, divergence means, a document abandoned half
// way leaving no trace, and addDocument reading a trace's heads.

#include <QtTest>

#include <cmath>
#include <numeric>

#include "analysis/HeadRoleScorer.h"
#include "core/HeadmapError.h"

using namespace headmap;

namespace {

RoleTokens plainTokens(const std::vector<int>& ids) {
    RoleTokens t;
    t.ids = ids;
    t.special.assign(ids.size(), false);
    t.punctuation.assign(ids.size(), false);
    return t;
}

// Row i attends to max(i − 1, 0): a previous-token head.
MatrixF previousHead(int t) {
    MatrixF a = MatrixF::Zero(t, t);
    for (int i = 0; i < t; ++i)
        a(i, std::max(i - 1, 0)) = 1.0f;
    return a;
}

MatrixF uniformHead(int t) { return MatrixF::Constant(t, t, 1.0f / float(t)); }

bool near(double a, double b) { return std::abs(a - b) < 1e-6; }

}  // namespace

class HeadRoleScorerTest : public QObject {
    Q_OBJECT
private slots:
    void meanOverDocuments_data();
    void meanOverDocuments();
    void strongestAcrossDocuments();
    void abandonedDocumentLeavesNoTrace();
    void divergenceMean();
    void rankingOrdersHeads();
    void addDocumentReadsTrace();
    void refusesMisuse();
};

void HeadRoleScorerTest::meanOverDocuments_data() {
    QTest::addColumn<int>("firstLength");
    QTest::addColumn<int>("secondLength");
    QTest::addColumn<double>("previousToken");
    // previous-token per document: (T − 1)/T. Mean of 1/2 and 3/4 is 0.625 (not the pooled 4/6).
    QTest::newRow("T 2 and 4") << 2 << 4 << 0.625;
    QTest::newRow("T 5 and 5") << 5 << 5 << 0.8;
    QTest::newRow("T 1 and 10") << 1 << 10 << 0.45;
}

void HeadRoleScorerTest::meanOverDocuments() {
    QFETCH(int, firstLength);
    QFETCH(int, secondLength);
    QFETCH(double, previousToken);
    HeadRoleScorer scorer(1, 2);
    for (int t : {firstLength, secondLength}) {
        std::vector<int> ids(static_cast<size_t>(t));
        std::iota(ids.begin(), ids.end(), 10);
        scorer.beginDocument(plainTokens(ids), t == 10);
        scorer.addHead(0, 0, previousHead(t));
        scorer.addHead(0, 1, uniformHead(t));
        scorer.endDocument();
    }
    const HeadRoleResult result = scorer.result();
    QCOMPARE(result.documents, 2);
    QCOMPARE(result.tokens, qint64(firstLength + secondLength));
    QCOMPARE(result.truncated, secondLength == 10 ? 1 : 0);
    QVERIFY(near(result.score(HeadRole::PreviousToken, 0, 0), previousToken));
    // A uniform head's entropy is ln T: the mean of the two documents' ln T.
    QVERIFY(near(result.score(HeadRole::Entropy, 0, 1), (std::log(firstLength) + std::log(secondLength)) / 2));
    QVERIFY(!result.hasDivergence());
}

void HeadRoleScorerTest::strongestAcrossDocuments() {
    HeadRoleScorer scorer(1, 1);
    // Document 0: a uniform head over 4 tokens (sink row values 0.25). Document 1: row 2 puts
    // 0.9 on position 0. Document 2: row 1 puts 0.9 there too; the earlier document wins ties.
    scorer.beginDocument(plainTokens({1, 2, 3, 4}));
    scorer.addHead(0, 0, uniformHead(4));
    scorer.endDocument();
    MatrixF second = uniformHead(3);
    second.row(2) << 0.9f, 0.05f, 0.05f;
    scorer.beginDocument(plainTokens({5, 6, 7}));
    scorer.addHead(0, 0, second);
    scorer.endDocument();
    MatrixF third = uniformHead(3);
    third.row(1) << 0.9f, 0.05f, 0.05f;
    scorer.beginDocument(plainTokens({5, 6, 7}));
    scorer.addHead(0, 0, third);
    scorer.endDocument();
    const StrongestPosition sink = scorer.result().strongestOf(HeadRole::Sink, 0, 0);
    QCOMPARE(sink.document, 1);
    QCOMPARE(sink.position, 2);
    QVERIFY(near(sink.value, 0.9));
    // A document numbered by the caller (the corpus reader's index) is named so.
    MatrixF fourth = uniformHead(3);
    fourth.row(0) << 0.95f, 0.05f, 0.0f;
    scorer.beginDocument(plainTokens({5, 6, 7}), false, 7);
    scorer.addHead(0, 0, fourth);
    scorer.endDocument();
    QCOMPARE(scorer.result().strongestOf(HeadRole::Sink, 0, 0).document, 7);
    QCOMPARE(scorer.result().documents, 4);
}

void HeadRoleScorerTest::abandonedDocumentLeavesNoTrace() {
    HeadRoleScorer scorer(1, 2);
    scorer.beginDocument(plainTokens({1, 2, 3}));
    scorer.addHead(0, 0, previousHead(3));
    scorer.addHead(0, 1, previousHead(3));
    scorer.endDocument();
    const HeadRoleResult before = scorer.result();
    scorer.beginDocument(plainTokens({1, 2, 3}), true);
    scorer.addHead(0, 0, uniformHead(3));  // head 1 never comes: the run was cancelled
    scorer.abandonDocument();
    const HeadRoleResult after = scorer.result();
    QCOMPARE(after.documents, 1);
    QCOMPARE(after.truncated, 0);
    QCOMPARE(after.scores, before.scores);
}

void HeadRoleScorerTest::divergenceMean() {
    HeadRoleScorer scorer(1, 2);
    MatrixF oneHot = MatrixF::Zero(2, 2), other = MatrixF::Zero(2, 2);
    oneHot.col(0).setOnes();
    other.col(1).setOnes();
    // Document 0: head 0 differs completely (ln 2), head 1 not at all. Document 1: both equal.
    scorer.beginDocument(plainTokens({1, 2}));
    scorer.addHead(0, 0, oneHot);
    scorer.addComparison(0, 0, oneHot, other);
    scorer.addHead(0, 1, oneHot);
    scorer.addComparison(0, 1, oneHot, oneHot);
    scorer.endDocument();
    scorer.beginDocument(plainTokens({1, 2}));
    for (int head : {0, 1}) {
        scorer.addHead(0, head, oneHot);
        scorer.addComparison(0, head, oneHot, oneHot);
    }
    scorer.endDocument();
    const HeadRoleResult result = scorer.result();
    QVERIFY(result.hasDivergence());
    QVERIFY(near(result.divergence[0], std::log(2.0) / 2));
    QCOMPARE(result.divergence[1], 0.0);
}

void HeadRoleScorerTest::rankingOrdersHeads() {
    HeadRoleScorer scorer(2, 2);
    scorer.beginDocument(plainTokens({1, 2, 3, 4}));
    scorer.addHead(0, 0, uniformHead(4));
    scorer.addHead(0, 1, uniformHead(4));
    scorer.addHead(1, 0, previousHead(4));
    scorer.addHead(1, 1, uniformHead(4));
    scorer.endDocument();
    const auto ranking = scorer.result().ranking(HeadRole::PreviousToken);
    QCOMPARE(ranking.front(), std::make_pair(1, 0));
    QCOMPARE(ranking[1], std::make_pair(0, 0));  // ties keep layer-major order
    QCOMPARE(ranking.size(), size_t(4));
}

void HeadRoleScorerTest::addDocumentReadsTrace() {
    ModelSummary model;
    model.name = QStringLiteral("builtin:test");
    model.layers = 1;
    model.heads = 2;
    // "[CLS] a , a": special position 0, punctuation position 2.
    AttentionTrace trace(model, {0, 7, 8, 7}, {"[CLS]", "a", ",", "a"}, {"[CLS]", "a", ",", "a"},
                         {true, false, false, false});
    MatrixMap(trace.headData(0, 0), 4, 4) = previousHead(4);
    MatrixMap(trace.headData(0, 1), 4, 4) = uniformHead(4);
    HeadRoleScorer scorer(1, 2);
    scorer.addDocument(trace, false, &trace);
    const HeadRoleResult result = scorer.result();
    QVERIFY(near(result.score(HeadRole::PreviousToken, 0, 0), 0.75));
    QVERIFY(near(result.score(HeadRole::Special, 0, 0), 0.5));  // rows 0 and 1
    QVERIFY(near(result.score(HeadRole::Punctuation, 0, 1), 0.25));
    QVERIFY(near(result.score(HeadRole::DuplicateToken, 0, 1), 0.0625));  // one cell (3, 1) of 16
    QCOMPARE(result.divergence, (std::vector<double>{0.0, 0.0}));
}

void HeadRoleScorerTest::refusesMisuse() {
    HeadRoleScorer scorer(1, 1);
    QVERIFY_THROWS_EXCEPTION(InputError, scorer.addHead(0, 0, uniformHead(2)));  // no document
    scorer.beginDocument(plainTokens({1, 2}));
    QVERIFY_THROWS_EXCEPTION(InputError, scorer.addHead(1, 0, uniformHead(2)));
    QVERIFY_THROWS_EXCEPTION(InputError, scorer.addHead(0, 0, uniformHead(3)));
    QVERIFY_THROWS_EXCEPTION(InputError, scorer.beginDocument(RoleTokens()));
    QVERIFY_THROWS_EXCEPTION(InputError, HeadRoleScorer(0, 1));
}

QTEST_GUILESS_MAIN(HeadRoleScorerTest)
#include "tst_headrolescorer.moc"
