// The value-weighted attention measure (Kobayashi et al. 2020): names, α_ij·n_hj on a trace with
// known weights and norms, the per-head means of the statistics table, and traces without norms.
// The norms themselves are checked against PyTorch in tests/engine/tst_headablation.

#include <QtTest>

#include "analysis/AttentionMeasure.h"
#include "core/HeadmapError.h"

using namespace headmap;

Q_DECLARE_METATYPE(headmap::AttentionMeasure)

namespace {

// One layer, two heads, T = 3. Head 0 holds the weights of a causal head, head 1 uniform rows.
AttentionTrace smallTrace(bool causal, bool withNorms) {
    ModelSummary model;
    model.name = QStringLiteral("builtin:test");
    model.layers = 1;
    model.heads = 2;
    model.causal = causal;
    AttentionTrace trace(model, {5, 6, 7}, {"a", "b", "c"}, {"a", "b", "c"});
    MatrixMap(trace.headData(0, 0), 3, 3) << 1.0f, 0.0f, 0.0f,  //
        0.25f, 0.75f, 0.0f,                                      //
        0.5f, 0.25f, 0.25f;
    MatrixMap(trace.headData(0, 1), 3, 3).setConstant(1.0f / 3.0f);
    trace.setAblations({HeadAblation{0, 1, AblationMode::Mean}});
    if (withNorms) {
        trace.enableValueNorms();
        const float head0[] = {2.0f, 4.0f, 8.0f};
        const float head1[] = {3.0f, 0.0f, 6.0f};
        std::copy(head0, head0 + 3, trace.valueNormData(0, 0));
        std::copy(head1, head1 + 3, trace.valueNormData(0, 1));
    }
    return trace;
}

}  // namespace

class AttentionMeasureTest : public QObject {
    Q_OBJECT
private slots:
    void namesRoundTrip_data();
    void namesRoundTrip();
    void rejectsUnknownNames_data();
    void rejectsUnknownNames();
    void weightsScaleByKeyNorms();
    void meanPerHead_data();
    void meanPerHead();
    void needsValueNorms();
    void emptyTraceGivesZeros();
};

void AttentionMeasureTest::namesRoundTrip_data() {
    QTest::addColumn<QString>("text");
    QTest::addColumn<AttentionMeasure>("measure");
    QTest::addColumn<QString>("name");
    QTest::newRow("weights") << QStringLiteral("weights") << AttentionMeasure::Weights << QStringLiteral("weights");
    QTest::newRow("value-norm") << QStringLiteral("value-norm") << AttentionMeasure::ValueNorm << QStringLiteral("value-norm");
    QTest::newRow("capitals and spaces") << QStringLiteral(" Value-Norm ") << AttentionMeasure::ValueNorm
                                         << QStringLiteral("value-norm");
}

void AttentionMeasureTest::namesRoundTrip() {
    QFETCH(QString, text);
    QFETCH(AttentionMeasure, measure);
    QFETCH(QString, name);
    const std::optional<AttentionMeasure> parsed = parseMeasure(text);
    QVERIFY(parsed.has_value());
    QCOMPARE(*parsed, measure);
    QCOMPARE(measureName(measure), name);
}

void AttentionMeasureTest::rejectsUnknownNames_data() {
    QTest::addColumn<QString>("text");
    QTest::newRow("empty") << QString();
    QTest::newRow("underscore") << QStringLiteral("value_norm");
    QTest::newRow("other word") << QStringLiteral("norms");
}

void AttentionMeasureTest::rejectsUnknownNames() {
    QFETCH(QString, text);
    QVERIFY(!parseMeasure(text).has_value());
}

void AttentionMeasureTest::weightsScaleByKeyNorms() {
    const AttentionTrace trace = smallTrace(true, true);
    const AttentionTrace weighted = weightedByValueNorm(trace);
    MatrixF expected0(3, 3);
    expected0 << 2.0f, 0.0f, 0.0f,  //
        0.5f, 3.0f, 0.0f,           //
        1.0f, 1.0f, 2.0f;
    MatrixF expected1(3, 3);
    expected1.rowwise() = (RowVectorF(3) << 1.0f, 0.0f, 2.0f).finished();
    QVERIFY((weighted.head(0, 0) - expected0).cwiseAbs().maxCoeff() < 1e-6f);
    QVERIFY((weighted.head(0, 1) - expected1).cwiseAbs().maxCoeff() < 1e-6f);
    // Everything but the weights is the trace's own.
    QCOMPARE(weighted.tokens(), trace.tokens());
    QCOMPARE(weighted.tokenIds(), trace.tokenIds());
    QCOMPARE(weighted.model().name, trace.model().name);
    QVERIFY(weighted.ablations() == trace.ablations());
    QVERIFY(weighted.hasValueNorms());
    QCOMPARE(weighted.valueNorm(0, 1, 2), 6.0f);
    // The input is untouched.
    QCOMPARE(trace.weight(0, 0, 0, 0), 1.0f);
}

void AttentionMeasureTest::meanPerHead_data() {
    QTest::addColumn<bool>("causal");
    QTest::addColumn<double>("head0");
    QTest::addColumn<double>("head1");
    // Head 0's α·n sum to 2 + 3.5 + 4 = 9.5, all at key <= query. Head 1's rows are each
    // (1, 0, 2): 5 at key <= query, 9 in all.
    QTest::newRow("causal: 6 entries with key <= query") << true << 9.5 / 6.0 << 5.0 / 6.0;
    QTest::newRow("bidirectional: all 9 entries") << false << 9.5 / 9.0 << 1.0;
}

void AttentionMeasureTest::meanPerHead() {
    QFETCH(bool, causal);
    QFETCH(double, head0);
    QFETCH(double, head1);
    const std::vector<double> means = meanValueNormPerHead(smallTrace(causal, true));
    QCOMPARE(means.size(), size_t(2));
    QVERIFY2(std::abs(means[0] - head0) < 1e-6, qPrintable(QString::number(means[0])));
    QVERIFY2(std::abs(means[1] - head1) < 1e-6, qPrintable(QString::number(means[1])));
}

void AttentionMeasureTest::needsValueNorms() {
    const AttentionTrace trace = smallTrace(false, false);
    QVERIFY(!trace.hasValueNorms());
    QVERIFY_THROWS_EXCEPTION(InputError, weightedByValueNorm(trace));
    try {
        meanValueNormPerHead(trace);
        QFAIL("no InputError");
    } catch (const InputError& e) {
        QVERIFY2(e.message().contains(QLatin1String("value norms")), qPrintable(e.message()));
    }
}

void AttentionMeasureTest::emptyTraceGivesZeros() {
    ModelSummary model;
    model.layers = 2;
    model.heads = 3;
    const AttentionTrace empty(model, {}, {}, {});
    QCOMPARE(meanValueNormPerHead(empty), std::vector<double>(6, 0.0));
    QCOMPARE(weightedByValueNorm(empty).length(), 0);
}

QTEST_GUILESS_MAIN(AttentionMeasureTest)
#include "tst_attentionmeasure.moc"
