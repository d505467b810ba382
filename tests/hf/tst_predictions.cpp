// Output heads and predictions against PyTorch: every decoder family's logits after the last
// token (decoders_golden.json, from make_decoder_fixtures.py), the masked-LM heads of BERT,
// RoBERTa and DistilBERT and GPT-2's tied head (predictions_golden.json, from
// tests/golden/make_prediction_golden.py); then softmax with temperature, KL divergence, top-k
// order and ties, and the errors a front end shows.

#include <cmath>
#include <limits>

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QtTest>

#include "ModelFixtures.h"
#include "core/HeadmapError.h"
#include "hf/HfModelLoader.h"
#include "model/ModelLoader.h"
#include "model/Predictions.h"
#include "teaching/TeachingTokenizer.h"

using namespace headmap;
using namespace modelfixtures;

Q_DECLARE_METATYPE(headmap::RowVectorF)

namespace {

constexpr double kTolerance = 1e-4;  // the bound on probabilities
constexpr float kInf = std::numeric_limits<float>::infinity();

QJsonObject readGolden(const char* name) {
    QFile file(QDir(QStringLiteral(HEADMAP_GOLDEN_DIR)).filePath(QString::fromLatin1(name)));
    if (!file.open(QIODevice::ReadOnly))
        return {};
    return QJsonDocument::fromJson(file.readAll()).object();
}

RowVectorF row(std::initializer_list<float> values) {
    RowVectorF r(Eigen::Index(values.size()));
    Eigen::Index i = 0;
    for (float v : values)
        r[i++] = v;
    return r;
}

// Largest |expected - actual|, scaled by the largest expected magnitude when that exceeds 1
// (logits of about 5: "relative-ish"); -1 when the sizes differ.
double difference(const QJsonArray& expected, const std::function<float(int)>& actual, int size, bool relative) {
    if (expected.size() != size)
        return -1;
    double worst = 0, scale = 1;
    for (int i = 0; i < size; ++i) {
        worst = std::max(worst, std::abs(expected[i].toDouble() - double(actual(i))));
        scale = std::max(scale, std::abs(expected[i].toDouble()));
    }
    return relative ? worst / scale : worst;
}

std::vector<double> softmax(const QJsonArray& logits) {
    double top = -1e300;
    for (const QJsonValue& v : logits)
        top = std::max(top, v.toDouble());
    std::vector<double> p;
    double sum = 0;
    for (const QJsonValue& v : logits) {
        p.push_back(std::exp(v.toDouble() - top));
        sum += p.back();
    }
    for (double& x : p)
        x /= sum;
    return p;
}

#define CHECK_CLOSE(diff, what) \
    QVERIFY2((diff) >= 0 && (diff) <= kTolerance, qPrintable(QStringLiteral("%1: max difference %2").arg(what).arg(diff)))

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

class PredictionsTest : public QObject {
    Q_OBJECT
private slots:
    void decoderLogitsMatchPyTorch_data();
    void decoderLogitsMatchPyTorch();
    void headsMatchPyTorch_data();
    void headsMatchPyTorch();
    void maskIsTheDefaultPosition_data();
    void maskIsTheDefaultPosition();
    void missingHeadIsExplained_data();
    void missingHeadIsExplained();
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

void PredictionsTest::decoderLogitsMatchPyTorch_data() {
    QTest::addColumn<QJsonObject>("golden");
    const QJsonArray cases = readGolden("decoders_golden.json").value("cases").toArray();
    QVERIFY2(cases.size() >= 28, "decoders_golden.json is missing or lost cases");
    for (const QJsonValue& c : cases)
        QTest::newRow(qPrintable(c.toObject().value("name").toString())) << c.toObject();
}

// The golden logits_last are after the final norm, the (tied or own) head and Gemma 2's final
// softcapping; the probabilities are their softmax over all config.vocab_size entries.
void PredictionsTest::decoderLogitsMatchPyTorch() {
    QFETCH(QJsonObject, golden);
    const auto model = loadHfModelFolder(fixture(golden.value("fixture").toString()), "fixture");
    QVERIFY(model->hasOutputHead());
    QVERIFY(model->outputHeadMissing().isEmpty());
    const Encoding input = model->tokenizer().fromIds(toInts(golden.value("ids")));
    const RunResult result = model->run(input);
    const int last = input.size() - 1;
    const QJsonArray expected = golden.value("logits_last").toArray();
    const RowVectorF logits = model->outputLogits(result.hidden, last);
    QCOMPARE(int(logits.size()), model->summary().vocabSize);
    CHECK_CLOSE(difference(expected, [&](int i) { return logits[i]; }, int(logits.size()), true), QStringLiteral("logits"));

    QCOMPARE(defaultPredictionPosition(*model, input), last);
    const Prediction prediction = predictTokens(*model, result, last, 5);
    const std::vector<double> p = softmax(expected);
    double worst = 0;
    for (size_t i = 0; i < p.size(); ++i)
        worst = std::max(worst, std::abs(p[i] - double(prediction.probabilities[i])));
    CHECK_CLOSE(worst, QStringLiteral("probabilities"));
    QVERIFY(prediction.ids.empty());
    QCOMPARE(prediction.top.size(), size_t(5));
    const int best = int(std::max_element(p.begin(), p.end()) - p.begin());
    QCOMPARE(prediction.top[0].id, best);
    QVERIFY(!prediction.top[0].token.isEmpty());
}

void PredictionsTest::headsMatchPyTorch_data() {
    QTest::addColumn<QJsonObject>("golden");
    QTest::addColumn<QJsonObject>("expected");
    const QJsonArray cases = readGolden("predictions_golden.json").value("cases").toArray();
    QVERIFY2(cases.size() >= 5, "predictions_golden.json is missing or lost cases");
    for (const QJsonValue& c : cases)
        for (const QJsonValue& p : c.toObject().value("predictions").toArray())
            QTest::newRow(qPrintable(QStringLiteral("%1@%2").arg(c.toObject().value("name").toString())
                                         .arg(p.toObject().value("position").toInt())))
                << c.toObject() << p.toObject();
}

void PredictionsTest::headsMatchPyTorch() {
    QFETCH(QJsonObject, golden);
    QFETCH(QJsonObject, expected);
    const auto model = loadHfModelFolder(fixture(golden.value("fixture").toString()), "fixture");
    QVERIFY2(model->hasOutputHead(), qPrintable(model->outputHeadMissing()));
    const Encoding input = model->tokenizer().fromIds(toInts(golden.value("ids")));
    const RunResult result = model->run(input);
    const int position = expected.value("position").toInt();

    const RowVectorF logits = model->outputLogits(result.hidden, position);
    const QJsonArray expectedLogits = expected.value("logits").toArray();
    CHECK_CLOSE(difference(expectedLogits, [&](int i) { return logits[i]; }, int(logits.size()), true), QStringLiteral("logits"));

    const Prediction prediction = predictTokens(*model, result, position, 5);
    QCOMPARE(prediction.position, position);
    CHECK_CLOSE(difference(expected.value("probabilities").toArray(),
                           [&](int i) { return prediction.probabilities[size_t(i)]; },
                           int(prediction.probabilities.size()), false),
                QStringLiteral("probabilities"));
    const std::vector<int> top5 = toInts(expected.value("top5"));
    for (size_t i = 0; i < top5.size(); ++i) {
        QCOMPARE(prediction.top[i].id, top5[i]);
        QCOMPARE(prediction.top[i].probability, prediction.probabilities[size_t(top5[i])]);
        QCOMPARE(prediction.top[i].logit, logits[top5[i]]);
        QCOMPARE(prediction.top[i].token, model->tokenizer().fromIds({top5[i]}).tokens.value(0));
    }

    if (expected.contains("temperature")) {
        const float temperature = float(expected.value("temperature").toDouble());
        const Prediction warm = predictTokens(*model, result, position, 1, temperature);
        QCOMPARE(warm.temperature, temperature);
        CHECK_CLOSE(difference(expected.value("probabilities_at_temperature").toArray(),
                               [&](int i) { return warm.probabilities[size_t(i)]; },
                               int(warm.probabilities.size()), false),
                    QStringLiteral("probabilities at temperature %1").arg(double(temperature)));
        QCOMPARE(warm.top[0].id, top5[0]);
    }
}

void PredictionsTest::maskIsTheDefaultPosition_data() {
    QTest::addColumn<QString>("fixtureName");
    QTest::addColumn<QString>("text");
    QTest::addColumn<QString>("maskToken");
    QTest::newRow("bert_[MASK]") << "bert_f32_prefixed" << "The cat [MASK] on the mat." << "[MASK]";
    QTest::newRow("distilbert_[MASK]") << "distilbert_f32" << "The dog [MASK] to the bank." << "[MASK]";
    QTest::newRow("roberta_<mask>") << "roberta_bf16" << "The cat<mask> on the mat." << "<mask>";
    QTest::newRow("bert_no_mask_is_last") << "bert_f32_prefixed" << "The cat sat on the mat." << "";
    QTest::newRow("gpt2_is_last") << "gpt2_f32" << "The cat sat on the mat." << "";
}

// A [MASK] typed in the text is one token, and the prediction goes there by default.
void PredictionsTest::maskIsTheDefaultPosition() {
    QFETCH(QString, fixtureName);
    QFETCH(QString, text);
    QFETCH(QString, maskToken);
    const auto model = loadHfModelFolder(fixture(fixtureName), "fixture");
    const Encoding input = model->tokenize(text);
    const int position = defaultPredictionPosition(*model, input);
    if (maskToken.isEmpty()) {
        QCOMPARE(position, input.size() - 1);
        return;
    }
    QCOMPARE(input.tokens.value(position), maskToken);
    QCOMPARE(input.tokens.count(maskToken), 1);
    const Prediction prediction = predictTokens(*model, model->run(input), position, 3);
    QCOMPARE(prediction.top.size(), size_t(3));
    QVERIFY(prediction.top[0].probability >= prediction.top[1].probability);
}

void PredictionsTest::missingHeadIsExplained_data() {
    QTest::addColumn<QString>("spec");        // a fixture folder, or a builtin model
    QTest::addColumn<QString>("renameHead");  // a tensor renamed away in a copy, or ""
    QTest::addColumn<QString>("mentions");
    QTest::newRow("bert_model_without_cls") << "bert_f16_gamma" << "" << "cls.predictions.transform.dense.weight";
    QTest::newRow("untied_llama_without_lm_head") << "olmo2_f32" << "lm_head.weight" << "lm_head.weight";
    QTest::newRow("untied_neox_without_embed_out") << "gpt_neox_f16" << "embed_out.weight" << "embed_out.weight";
    QTest::newRow("builtin_teaching") << "builtin:teaching" << "" << "no output head";
}

void PredictionsTest::missingHeadIsExplained() {
    QFETCH(QString, spec);
    QFETCH(QString, renameHead);
    QFETCH(QString, mentions);
    QTemporaryDir dir;
    std::unique_ptr<Model> model;
    if (spec.startsWith(QLatin1String("builtin:"))) {
        model = loadModel(ModelSpec{spec, {}});
    } else if (renameHead.isEmpty()) {
        model = loadHfModelFolder(fixture(spec), "fixture");
    } else {
        // Same-length rename inside the safetensors header: the file stays valid, the head is gone.
        QVERIFY(copyFolder(fixture(spec), dir.path()));
        QFile file(QDir(dir.path()).filePath(QStringLiteral("model.safetensors")));
        QVERIFY(file.open(QIODevice::ReadWrite));
        QByteArray bytes = file.readAll();
        const QByteArray from = '"' + renameHead.toLatin1() + '"';
        QByteArray to = from;
        to.replace("weight", "unused");
        QVERIFY(bytes.contains(from));
        bytes.replace(from, to);
        QVERIFY(file.seek(0) && file.write(bytes) == bytes.size());
        file.close();
        model = loadHfModelFolder(dir.path(), "fixture");
    }
    QVERIFY(!model->hasOutputHead());
    QVERIFY2(model->outputHeadMissing().contains(mentions), qPrintable(model->outputHeadMissing()));
    const Encoding input = model->tokenize(QStringLiteral("Hello world"));
    const RunResult result = model->run(input);
    const QString message = thrownMessage<InputError>([&] { predictTokens(*model, result, 0, 5); });
    QCOMPARE(message, model->outputHeadMissing());
    QCOMPARE(thrownMessage<InputError>([&] { model->outputLogits(result.hidden, 0); }), message);
    QCOMPARE(defaultPredictionPosition(*model, input), input.size() - 1);
}

void PredictionsTest::softmaxWithTemperature_data() {
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

void PredictionsTest::softmaxWithTemperature() {
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

void PredictionsTest::refusesTemperature_data() {
    QTest::addColumn<RowVectorF>("logits");
    QTest::addColumn<float>("temperature");
    QTest::addColumn<QString>("mentions");
    QTest::newRow("negative") << row({0, 1}) << -0.5f << "temperature";
    QTest::newRow("nan") << row({0, 1}) << std::numeric_limits<float>::quiet_NaN() << "temperature";
    QTest::newRow("infinite") << row({0, 1}) << kInf << "temperature";
    QTest::newRow("empty_logits") << RowVectorF() << 1.0f << "no scores";
    QTest::newRow("no_finite_logit") << row({-kInf, -kInf}) << 1.0f << "no finite score";
}

void PredictionsTest::refusesTemperature() {
    QFETCH(RowVectorF, logits);
    QFETCH(float, temperature);
    QFETCH(QString, mentions);
    const QString message = thrownMessage<InputError>([&] { headmap::softmaxWithTemperature(logits, temperature); });
    QVERIFY2(message.contains(mentions), qPrintable(message));
}

void PredictionsTest::klDivergence_data() {
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

void PredictionsTest::klDivergence() {
    QFETCH(std::vector<float>, p);
    QFETCH(std::vector<float>, q);
    QFETCH(double, expected);
    const double kl = headmap::klDivergence(p, q);
    if (std::isinf(expected))
        QVERIFY(std::isinf(kl) && kl > 0);
    else
        QVERIFY2(std::abs(kl - expected) < 1e-7, qPrintable(QStringLiteral("%1, expected %2").arg(kl).arg(expected)));
}

void PredictionsTest::topKOrderAndTies_data() {
    QTest::addColumn<RowVectorF>("logits");
    QTest::addColumn<int>("topK");
    QTest::addColumn<float>("temperature");
    QTest::addColumn<std::vector<int>>("expectedIds");
    QTest::newRow("descending") << row({1, 4, 2, 3}) << 3 << 1.0f << std::vector<int>{1, 3, 2};
    QTest::newRow("ties_smaller_id_first") << row({1, 3, 3, -kInf, 2, 3}) << 6 << 1.0f << std::vector<int>{1, 2, 5, 4, 0, 3};
    QTest::newRow("k_beyond_vocab_clamped") << row({0, 1}) << 10 << 1.0f << std::vector<int>{1, 0};
    QTest::newRow("temperature_0_keeps_order") << row({0.5f, 3, -1, 2}) << 4 << 0.0f << std::vector<int>{1, 3, 0, 2};
}

void PredictionsTest::topKOrderAndTies() {
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

void PredictionsTest::refusesBadRequests_data() {
    QTest::addColumn<int>("position");
    QTest::addColumn<int>("topK");
    QTest::addColumn<bool>("cancelled");
    QTest::addColumn<QString>("mentions");
    QTest::newRow("position_negative") << -1 << 5 << false << "position -1 is outside the 2 tokens";
    QTest::newRow("position_past_end") << 2 << 5 << false << "position 2 is outside the 2 tokens (expected 0..1)";
    QTest::newRow("top_k_zero") << 1 << 0 << false << "top-k must be at least 1";
    QTest::newRow("cancelled_run") << 1 << 5 << true << "did not finish";
}

void PredictionsTest::refusesBadRequests() {
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

QTEST_GUILESS_MAIN(PredictionsTest)
#include "tst_predictions.moc"
