// On-demand attention heads (#10): a trace keeps each layer's queries and keys and recomputes a
// head's weights when asked for. The reference is the forward pass's own full capture
// (RunOptions::storeHead), and the two must agree bit for bit, for every architecture family the
// fixtures cover (safetensors folders and GGUF files), at a length below and above the one where
// the forward pass starts running heads in parallel (32 tokens), with sliding windows (gemma2,
// gemma3, mistral, phi3), softcapping (gemma2), grouped-query attention (llama, qwen, gemma, phi3,
// olmo2) and QK-norm (qwen3, gemma3, olmo2). Then the cache's bounds, heads computed from several
// threads and from inside an OpenMP region, the per-head callback, and ablated runs.

#include <cstring>
#include <map>
#include <mutex>
#include <thread>

#include <QDir>
#include <QtTest>

#include "FamilyCases.h"
#include "analysis/HeadStatistics.h"
#include "gguf/GgufModelLoader.h"
#include "hf/HfModelLoader.h"
#include "model/Model.h"
#include "model/ModelLoader.h"

using namespace headmap;
using headmap::testing::fixturesDir;
using headmap::testing::inputOf;
using headmap::testing::loadCase;

namespace {

RunOptions storingEveryHead() {
    RunOptions options;
    options.storeHead = [](int, int) { return true; };
    return options;
}

// Empty when every float of both heads is the same bits; else the first difference.
QString bitDifference(const MatrixF& expected, const ConstMatrixMap& actual) {
    if (expected.rows() != actual.rows() || expected.cols() != actual.cols())
        return QStringLiteral("shape %1x%2, expected %3x%4")
            .arg(actual.rows()).arg(actual.cols()).arg(expected.rows()).arg(expected.cols());
    if (std::memcmp(expected.data(), actual.data(), size_t(expected.size()) * sizeof(float)) == 0)
        return {};
    for (Eigen::Index r = 0; r < expected.rows(); ++r)
        for (Eigen::Index c = 0; c < expected.cols(); ++c)
            if (std::memcmp(expected.data() + r * expected.cols() + c, actual.data() + r * actual.cols() + c, sizeof(float)) != 0)
                return QStringLiteral("(%1, %2): %3, expected %4")
                    .arg(r).arg(c).arg(double(actual(r, c)), 0, 'g', 9).arg(double(expected(r, c)), 0, 'g', 9);
    return {};
}

#define COMPARE_BITS(expected, actual, what)                                                      \
    do {                                                                                          \
        const QString difference = bitDifference(expected, actual);                               \
        QVERIFY2(difference.isEmpty(), qPrintable(QStringLiteral("%1: %2").arg(what, difference))); \
    } while (false)

QString headName(int layer, int head) {
    return QStringLiteral("layer %1, head %2").arg(layer).arg(head);
}

}  // namespace

class TestOnDemandHeads : public QObject {
    Q_OBJECT

private slots:
    void equalsFullCapture_data();
    void equalsFullCapture();
    void cacheStaysBounded();
    void headOutlivesItsCacheEntry();
    void sameBitsFromThreads();
    void callbackSeesEveryHead();
    void statisticsDuringThePass();
    void ablatedRunEqualsFullCapture();
    void storesOnlyTheHeadsAsked();
    void derivedTracesCopyOnWrite();
};

void TestOnDemandHeads::equalsFullCapture_data() {
    QTest::addColumn<QString>("source");
    QTest::addColumn<int>("length");
    const QStringList sources{
        "builtin:teaching", "builtin:patterns",
        "models/bert_f32_prefixed", "models/bert_f16_gamma", "models/roberta_bf16", "models/distilbert_f32",
        "models/gpt2_f32", "models/gpt2_bf16_sharded",
        "models/llama_f32_tied", "models/llama_bf16_sharded", "models/llama_f16_linear", "models/llama_f32_yarn",
        "models/llama_f32_dynamic", "models/mistral_f16", "models/qwen2_bf16", "models/qwen3_f32",
        "models/gemma2_f32", "models/gemma3_text_bf16", "models/phi3_f32", "models/phi3_longrope",
        "models/olmo2_f32", "models/gpt_neox_f16",
        "gguf/llama_f32.gguf|llama_f32_tied", "gguf/qwen3_q8_0.gguf|qwen3_f32", "gguf/gemma2_f32.gguf|gemma2_f32",
        "gguf/gemma3_f32.gguf|gemma3_text_bf16", "gguf/phi3_f32.gguf|phi3_f32",
        "gguf/gpt_neox_f16.gguf|gpt_neox_f16", "gguf/llama256_q4_k_m.gguf|llama_f32_tied"};
    for (const QString& source : sources) {
        const QString name = source.section(QLatin1Char('|'), 0, 0);
        // 9 tokens: heads one after another; 48: heads in parallel (where the model allows).
        for (int length : {9, 48})
            QTest::newRow(qPrintable(QStringLiteral("%1 T=%2").arg(name).arg(length))) << source << length;
    }
}

void TestOnDemandHeads::equalsFullCapture() {
    QFETCH(QString, source);
    QFETCH(int, length);
    const auto model = loadCase(source);
    const int t = std::min(length, model->summary().maxPositions);
    if (length > 9 && t <= 9)
        QSKIP("the model's max positions leave no longer input");
    const Encoding input = inputOf(*model, t);
    const RunResult full = model->run(input, storingEveryHead());
    const RunResult onDemand = model->run(input);
    QCOMPARE(onDemand.trace.length(), t);
    QCOMPARE(onDemand.trace.layers(), model->summary().layers);
    for (int l = 0; l < full.trace.layers(); ++l) {
        QVERIFY(onDemand.trace.queriesKeys(l) != nullptr);
        for (int h = 0; h < full.trace.heads(); ++h) {
            QVERIFY(full.trace.isStored(l, h));
            QVERIFY(!onDemand.trace.isStored(l, h));
            const MatrixF expected = full.trace.head(l, h);
            COMPARE_BITS(expected, onDemand.trace.head(l, h), headName(l, h));
            // The full capture's own trace recomputes the same bits too, and weight() agrees.
            const LayerQueriesKeys& qk = *full.trace.queriesKeys(l);
            const MatrixF recomputed = attentionWeightsOfHead(qk.queries, qk.keys, h, qk.scoring);
            COMPARE_BITS(expected, ConstMatrixMap(recomputed.data(), t, t), headName(l, h) + " recomputed");
            const int q = (l * 5 + h) % t, k = (h * 3) % (q + 1);
            QCOMPARE(onDemand.trace.weight(l, h, q, k), expected(q, k));
        }
    }
}

void TestOnDemandHeads::cacheStaysBounded() {
    const auto model = loadCase(QStringLiteral("models/gemma2_f32"));
    const RunResult result = model->run(inputOf(*model, 40));
    const AttentionTrace& trace = result.trace;
    const size_t headBytes = size_t(40) * 40 * sizeof(float);
    QCOMPARE(trace.headCache().heads(), 0);  // nothing is computed before it is asked for
    trace.headCache().setLimits(3, size_t(1) << 30);
    for (int l = 0; l < trace.layers(); ++l)
        for (int h = 0; h < trace.heads(); ++h) {
            (void)trace.head(l, h);
            QVERIFY(trace.headCache().heads() <= 3);
        }
    QCOMPARE(trace.headCache().heads(), 3);
    QCOMPARE(trace.headCache().bytes(), 3 * headBytes);
    // By bytes: room for two and a half heads keeps two.
    trace.headCache().setLimits(8, headBytes * 5 / 2);
    QCOMPARE(trace.headCache().heads(), 2);
    for (int h = 0; h < trace.heads(); ++h)
        (void)trace.weight(0, h, 5, 1);
    QCOMPARE(trace.headCache().heads(), 2);
    QVERIFY(trace.headCache().bytes() <= headBytes * 5 / 2);
    // A limit below one head still keeps the head just computed, and a copy shares the cache.
    trace.headCache().setLimits(1, 1);
    const AttentionTrace copy = trace;
    (void)copy.head(1, 1);
    QCOMPARE(trace.headCache().heads(), 1);
    QCOMPARE(trace.headCache().find(1, 1) != nullptr, true);
}

void TestOnDemandHeads::headOutlivesItsCacheEntry() {
    const auto model = loadCase(QStringLiteral("models/qwen3_f32"));
    const RunResult full = model->run(inputOf(*model, 33), storingEveryHead());
    const RunResult result = model->run(inputOf(*model, 33));
    result.trace.headCache().setLimits(1, 0);
    const HeadWeights held = result.trace.head(0, 1);
    for (int h = 0; h < result.trace.heads(); ++h)
        (void)result.trace.head(1, h);  // evicts (0, 1)
    QVERIFY(result.trace.headCache().find(0, 1) == nullptr);
    COMPARE_BITS(MatrixF(full.trace.head(0, 1)), held, QStringLiteral("held head"));
}

void TestOnDemandHeads::sameBitsFromThreads() {
    const auto model = loadCase(QStringLiteral("models/llama_f32_yarn"));
    const RunResult full = model->run(inputOf(*model, 96), storingEveryHead());
    const RunResult result = model->run(inputOf(*model, 96));
    const AttentionTrace& trace = result.trace;
    const int count = trace.layers() * trace.heads();
    std::vector<MatrixF> fromThreads(static_cast<size_t>(count));
    std::vector<MatrixF> fromOpenMp(static_cast<size_t>(count));
    // Plain threads asking one trace (and its cache) at once.
    std::vector<std::thread> threads;
    for (int worker = 0; worker < 3; ++worker)
        threads.emplace_back([&, worker] {
            for (int i = worker; i < count; i += 3)
                fromThreads[size_t(i)] = trace.head(i / trace.heads(), i % trace.heads());
        });
    for (std::thread& thread : threads)
        thread.join();
    // Inside an OpenMP region (as the forward pass's heads are) and outside it must agree.
    trace.headCache().clear();
#pragma omp parallel for schedule(static)
    for (int i = 0; i < count; ++i)
        fromOpenMp[size_t(i)] = trace.head(i / trace.heads(), i % trace.heads());
    for (int i = 0; i < count; ++i) {
        const int l = i / trace.heads(), h = i % trace.heads();
        const MatrixF expected = full.trace.head(l, h);
        COMPARE_BITS(expected, ConstMatrixMap(fromThreads[size_t(i)].data(), 96, 96), headName(l, h) + " threads");
        COMPARE_BITS(expected, ConstMatrixMap(fromOpenMp[size_t(i)].data(), 96, 96), headName(l, h) + " OpenMP");
    }
}

void TestOnDemandHeads::callbackSeesEveryHead() {
    const auto model = loadCase(QStringLiteral("models/phi3_f32"));
    std::mutex mutex;
    std::map<std::pair<int, int>, MatrixF> seen;
    RunOptions options = storingEveryHead();
    options.headWeights = [&](int layer, int head, const MatrixF& weights) {
        const std::lock_guard<std::mutex> lock(mutex);
        QVERIFY(seen.emplace(std::make_pair(layer, head), weights).second);  // once per head
    };
    const RunResult result = model->run(inputOf(*model, 40), options);
    QCOMPARE(int(seen.size()), result.trace.layers() * result.trace.heads());
    for (const auto& [index, weights] : seen)
        COMPARE_BITS(weights, result.trace.head(index.first, index.second), headName(index.first, index.second));
}

void TestOnDemandHeads::statisticsDuringThePass() {
    // What a view needs per head, computed as the pass goes: no head is stored or cached.
    const auto model = loadCase(QStringLiteral("models/mistral_f16"));
    const Encoding input = inputOf(*model, 44);
    std::mutex mutex;
    std::vector<HeadStatistics> during(size_t(model->summary().layers * model->summary().heads));
    RunOptions options;
    options.headWeights = [&](int layer, int head, const MatrixF& weights) {
        HeadStatistics s = computeHeadStatistics(weights, input.special);
        s.layer = layer;
        s.head = head;
        const std::lock_guard<std::mutex> lock(mutex);
        during[size_t(layer * model->summary().heads + head)] = s;
    };
    const RunResult result = model->run(input, options);
    QCOMPARE(result.trace.headCache().heads(), 0);
    const std::vector<HeadStatistics> after = computeHeadStatistics(result.trace);
    QCOMPARE(after.size(), during.size());
    for (size_t i = 0; i < after.size(); ++i) {
        QCOMPARE(during[i].layer, after[i].layer);
        QCOMPARE(during[i].head, after[i].head);
        QCOMPARE(during[i].entropy, after[i].entropy);
        QCOMPARE(during[i].maxWeight, after[i].maxWeight);
        QCOMPARE(during[i].firstToken, after[i].firstToken);
        QCOMPARE(during[i].meanDistance, after[i].meanDistance);
        QCOMPARE(during[i].previousToken, after[i].previousToken);
        QCOMPARE(during[i].selfAttention, after[i].selfAttention);
    }
}

void TestOnDemandHeads::ablatedRunEqualsFullCapture() {
    // Ablation changes later layers' inputs; value norms come out of the pass as before.
    const auto model = loadCase(QStringLiteral("models/gemma2_f32"));
    RunOptions plain;
    plain.ablations = {HeadAblation{0, 1, AblationMode::Mean, std::nullopt}};
    plain.valueNorms = true;
    RunOptions stored = storingEveryHead();
    stored.ablations = plain.ablations;
    stored.valueNorms = true;
    const Encoding input = inputOf(*model, 40);
    const RunResult full = model->run(input, stored);
    const RunResult onDemand = model->run(input, plain);
    const RunResult unablated = model->run(input);
    QVERIFY(onDemand.trace.hasValueNorms());
    QCOMPARE(int(onDemand.trace.ablations().size()), 1);
    for (int l = 0; l < full.trace.layers(); ++l)
        for (int h = 0; h < full.trace.heads(); ++h) {
            COMPARE_BITS(MatrixF(full.trace.head(l, h)), onDemand.trace.head(l, h), headName(l, h));
            QCOMPARE(MatrixF(onDemand.trace.valueNorms(l, h)), MatrixF(full.trace.valueNorms(l, h)));
        }
    QVERIFY(!bitDifference(MatrixF(unablated.trace.head(1, 0)), onDemand.trace.head(1, 0)).isEmpty());
}

void TestOnDemandHeads::storesOnlyTheHeadsAsked() {
    const auto model = loadCase(QStringLiteral("models/llama_f32_tied"));
    RunOptions options;
    options.storeHead = [](int layer, int head) { return layer == 1 && head == 2; };
    const RunResult result = model->run(inputOf(*model, 20), options);
    const RunResult full = model->run(inputOf(*model, 20), storingEveryHead());
    for (int l = 0; l < result.trace.layers(); ++l)
        for (int h = 0; h < result.trace.heads(); ++h) {
            QCOMPARE(result.trace.isStored(l, h), l == 1 && h == 2);
            COMPARE_BITS(MatrixF(full.trace.head(l, h)), result.trace.head(l, h), headName(l, h));
        }
    // The heads read above that were not stored went through the cache; the stored one did not.
    QCOMPARE(result.trace.headCache().heads(), result.trace.layers() * result.trace.heads() - 1);
    QVERIFY(result.trace.headCache().find(1, 2) == nullptr);
}

void TestOnDemandHeads::derivedTracesCopyOnWrite() {
    // headData() starts from the head's weights and leaves other copies alone.
    const auto model = loadCase(QStringLiteral("builtin:teaching"));
    const RunResult result = model->run(inputOf(*model, 6));
    const MatrixF before = result.trace.head(0, 1);
    AttentionTrace copy = result.trace;
    float* data = copy.headData(0, 1);
    COMPARE_BITS(before, ConstMatrixMap(data, 6, 6), QStringLiteral("headData starts from the weights"));
    data[0] = 42.0f;
    QCOMPARE(copy.weight(0, 1, 0, 0), 42.0f);
    COMPARE_BITS(before, result.trace.head(0, 1), QStringLiteral("the original"));
    AttentionTrace second = copy;
    second.headData(0, 1)[1] = 7.0f;
    QCOMPARE(copy.weight(0, 1, 0, 1), before(0, 1));
    QCOMPARE(second.weight(0, 1, 0, 0), 42.0f);
    // A trace built to be filled reads zeros until it is.
    AttentionTrace empty(result.trace.model(), {1, 2, 3}, {"a", "b", "c"}, {"a", "b", "c"});
    QCOMPARE(MatrixF(empty.head(1, 0)), MatrixF(MatrixF::Zero(3, 3)));
}

QTEST_GUILESS_MAIN(TestOnDemandHeads)
#include "tst_ondemandheads.moc"
