// model/Predictions' arithmetic, without a checkpoint: softmax with temperature (0 = greedy),
// KL divergence in nats, top-k order and ties, and the InputErrors a front end shows for a bad
// position, top-k or a cancelled run. A model whose head echoes its hidden row stands in.

#include <cmath>
#include <functional>
#include <limits>

#include <QtTest>

#include "core/HeadmapError.h"
#include "model/Predictions.h"
#include "teaching/TeachingTokenizer.h"

using namespace headmap;

Q_DECLARE_METATYPE(headmap::RowVectorF)

namespace {

constexpr float kInf = std::numeric_limits<float>::infinity();

RowVectorF row(std::initializer_list<float> values) {
    RowVectorF r(Eigen::Index(values.size()));
    Eigen::Index i = 0;
    for (float v : values)
        r[i++] = v;
    return r;
}

// A model whose head returns the hidden row itself: top-k and errors without a checkpoint.
class EchoModel : public Model {
public:
    EchoModel() {
        m_summary.name = QStringLiteral("echo");
        m_summary.causal = true;
    }
    const ModelSummary& summary() const override { return m_summary; }
    const Tokenizer& tokenizer() const override { return m_tokenizer; }
    bool hasOutputHead() const override { return true; }
    RowVectorF outputLogits(const MatrixF& hidden, int position) const override { return hidden.row(position); }

protected:
    MatrixF forward(const Encoding&, ForwardContext&) const override { return {}; }

private:
    ModelSummary m_summary;
    TeachingTokenizer m_tokenizer;
};

RunResult echoResult(const RowVectorF& logits) {
    RunResult result;
    result.hidden = MatrixF(2, logits.size());
    result.hidden.row(0).setZero();
    result.hidden.row(1) = logits;
    return result;
}

template <typename Error>
QString thrownMessage(const std::function<void()>& f) {
    try {
        f();
    } catch (const Error& e) {
        return e.message();
    }
    return QString();
}

}  // namespace

class PredictionMathTest : public QObject {
    Q_OBJECT
private slots:
    void softmaxWithTemperature_data();
    void softmaxWithTemperature();
    void refusesTemperature_data();
    void refusesTemperature();
    void klDivergence_data();
    void klDivergence();
    void topKOrderAndTies_data();
    void topKOrderAndTies();
    void refusesBadRequests_data();
    void refusesBadRequests();
};

void PredictionMathTest::softmaxWithTemperature_data() {
    QTest::addColumn<RowVectorF>("logits");
    QTest::addColumn<float>("temperature");
    QTest::addColumn<std::vector<float>>("expected");
    const float e1 = float(1 / (1 + std::exp(-1.0))), e2 = float(1 / (1 + std::exp(-2.0)));
    QTest::newRow("plain") << row({0, 1}) << 1.0f << std::vector<float>{1 - e1, e1};
    QTest::newRow("colder_sharpens") << row({0, 1}) << 0.5f << std::vector<float>{1 - e2, e2};
    QTest::newRow("hotter_flattens") << row({0, 2}) << 2.0f << std::vector<float>{1 - e1, e1};
    QTest::newRow("huge_logits_stable") << row({1000, 1001}) << 1.0f << std::vector<float>{1 - e1, e1};
    QTest::newRow("minus_inf_gets_zero") << row({-kInf, 0, 0}) << 1.0f << std::vector<float>{0, 0.5f, 0.5f};
    QTest::newRow("temperature_0_argmax") << row({0.5f, 3, -1}) << 0.0f << std::vector<float>{0, 1, 0};
    QTest::newRow("temperature_0_tie_first") << row({2, 1, 2}) << 0.0f << std::vector<float>{1, 0, 0};
    QTest::newRow("uniform") << row({7, 7, 7, 7}) << 1.0f << std::vector<float>{0.25f, 0.25f, 0.25f, 0.25f};
}

void PredictionMathTest::softmaxWithTemperature() {
    QFETCH(RowVectorF, logits);
    QFETCH(float, temperature);
    QFETCH(std::vector<float>, expected);
    const std::vector<float> p = headmap::softmaxWithTemperature(logits, temperature);
    QCOMPARE(p.size(), expected.size());
    double sum = 0;
    for (size_t i = 0; i < p.size(); ++i) {
        QVERIFY2(std::abs(p[i] - expected[i]) < 1e-6f, qPrintable(QStringLiteral("entry %1: %2, expected %3").arg(i).arg(double(p[i])).arg(double(expected[i]))));
        sum += p[i];
    }
    QVERIFY(std::abs(sum - 1.0) < 1e-6);
}

void PredictionMathTest::refusesTemperature_data() {
    QTest::addColumn<RowVectorF>("logits");
    QTest::addColumn<float>("temperature");
    QTest::addColumn<QString>("mentions");
    QTest::newRow("negative") << row({0, 1}) << -0.5f << "temperature";
    QTest::newRow("nan") << row({0, 1}) << std::numeric_limits<float>::quiet_NaN() << "temperature";
    QTest::newRow("infinite") << row({0, 1}) << kInf << "temperature";
    QTest::newRow("empty_logits") << RowVectorF() << 1.0f << "no scores";
    QTest::newRow("no_finite_logit") << row({-kInf, -kInf}) << 1.0f << "no finite score";
}

void PredictionMathTest::refusesTemperature() {
    QFETCH(RowVectorF, logits);
    QFETCH(float, temperature);
    QFETCH(QString, mentions);
    const QString message = thrownMessage<InputError>([&] { headmap::softmaxWithTemperature(logits, temperature); });
    QVERIFY2(message.contains(mentions), qPrintable(message));
}

void PredictionMathTest::klDivergence_data() {
    QTest::addColumn<std::vector<float>>("p");
    QTest::addColumn<std::vector<float>>("q");
    QTest::addColumn<double>("expected");
    QTest::newRow("identical") << std::vector<float>{0.2f, 0.3f, 0.5f} << std::vector<float>{0.2f, 0.3f, 0.5f} << 0.0;
    QTest::newRow("halves_vs_quarters") << std::vector<float>{0.5f, 0.5f} << std::vector<float>{0.25f, 0.75f}
                                        << 0.5 * std::log(2.0) + 0.5 * std::log(0.5 / 0.75);
    QTest::newRow("zero_in_p_adds_nothing") << std::vector<float>{0.0f, 1.0f} << std::vector<float>{0.5f, 0.5f} << std::log(2.0);
    QTest::newRow("zero_in_q_is_infinite") << std::vector<float>{0.5f, 0.5f} << std::vector<float>{1.0f, 0.0f}
                                           << std::numeric_limits<double>::infinity();
    QTest::newRow("one_hot_same") << std::vector<float>{0, 1, 0} << std::vector<float>{0, 1, 0} << 0.0;
}

void PredictionMathTest::klDivergence() {
    QFETCH(std::vector<float>, p);
    QFETCH(std::vector<float>, q);
    QFETCH(double, expected);
    const double kl = headmap::klDivergence(p, q);
    if (std::isinf(expected))
        QVERIFY(std::isinf(kl) && kl > 0);
    else
        QVERIFY2(std::abs(kl - expected) < 1e-7, qPrintable(QStringLiteral("%1, expected %2").arg(kl).arg(expected)));
}

void PredictionMathTest::topKOrderAndTies_data() {
    QTest::addColumn<RowVectorF>("logits");
    QTest::addColumn<int>("topK");
    QTest::addColumn<float>("temperature");
    QTest::addColumn<std::vector<int>>("expectedIds");
    QTest::newRow("descending") << row({1, 4, 2, 3}) << 3 << 1.0f << std::vector<int>{1, 3, 2};
    QTest::newRow("ties_smaller_id_first") << row({1, 3, 3, -kInf, 2, 3}) << 6 << 1.0f << std::vector<int>{1, 2, 5, 4, 0, 3};
    QTest::newRow("k_beyond_vocab_clamped") << row({0, 1}) << 10 << 1.0f << std::vector<int>{1, 0};
    QTest::newRow("temperature_0_keeps_order") << row({0.5f, 3, -1, 2}) << 4 << 0.0f << std::vector<int>{1, 3, 0, 2};
}

void PredictionMathTest::topKOrderAndTies() {
    QFETCH(RowVectorF, logits);
    QFETCH(int, topK);
    QFETCH(float, temperature);
    QFETCH(std::vector<int>, expectedIds);
    const EchoModel model;
    const Prediction prediction = predictTokens(model, echoResult(logits), 1, topK, temperature);
    QCOMPARE(int(prediction.top.size()), int(expectedIds.size()));
    for (size_t i = 0; i < expectedIds.size(); ++i) {
        QCOMPARE(prediction.top[i].id, expectedIds[i]);
        QCOMPARE(prediction.top[i].logit, logits[expectedIds[i]]);
        QCOMPARE(prediction.top[i].probability, prediction.probabilityOf(expectedIds[i]));
        QVERIFY(!prediction.top[i].token.isEmpty());
        if (i > 0)
            QVERIFY(prediction.top[i].probability <= prediction.top[i - 1].probability);
    }
    QCOMPARE(prediction.probabilityOf(-1), 0.0f);
    QCOMPARE(prediction.probabilityOf(int(logits.size())), 0.0f);
}

void PredictionMathTest::refusesBadRequests_data() {
    QTest::addColumn<int>("position");
    QTest::addColumn<int>("topK");
    QTest::addColumn<bool>("cancelled");
    QTest::addColumn<QString>("mentions");
    QTest::newRow("position_negative") << -1 << 5 << false << "position -1 is outside the 2 tokens";
    QTest::newRow("position_past_end") << 2 << 5 << false << "position 2 is outside the 2 tokens (expected 0..1)";
    QTest::newRow("top_k_zero") << 1 << 0 << false << "top-k must be at least 1";
    QTest::newRow("cancelled_run") << 1 << 5 << true << "did not finish";
}

void PredictionMathTest::refusesBadRequests() {
    QFETCH(int, position);
    QFETCH(int, topK);
    QFETCH(bool, cancelled);
    QFETCH(QString, mentions);
    const EchoModel model;
    RunResult result = echoResult(row({0, 1, 2}));
    if (cancelled) {
        result.cancelled = true;
        result.hidden = MatrixF();
    }
    const QString message = thrownMessage<InputError>([&] { predictTokens(model, result, position, topK); });
    QVERIFY2(message.contains(mentions), qPrintable(message));
    QCOMPARE(thrownMessage<InputError>([&] { defaultPredictionPosition(model, Encoding()); }),
             QStringLiteral("no tokens to predict at"));
}

QTEST_GUILESS_MAIN(PredictionMathTest)
#include "tst_predictionmath.moc"
