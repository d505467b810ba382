// XLM-RoBERTa (model_type "xlm-roberta"): a tiny XLMRobertaForMaskedLM in the Hub layout
// (tests/fixtures/models/xlmr_f16: F16 weights under "roberta." and "lm_head.", a SentencePiece
// Unigram tokenizer.json with a Precompiled normalizer) against transformers' own
// modeling_xlm_roberta.py (golden.json, made by xlmr_make_fixture.py): the folder's tokenizer
// gives the Rust tokenizers library's ids, single texts and a pair, and the attention of every
// layer and head, the last hidden state and the masked-LM head's best five tokens agree.

#include <algorithm>

#include <QtTest>

#include "ModelFixtures.h"
#include "core/HeadmapError.h"
#include "hf/HfModelLoader.h"
#include "model/ModelLoader.h"
#include "model/ModelTokenizer.h"

using namespace headmap;
using namespace modelfixtures;

namespace {

// The bound against PyTorch (float32 both sides, summed in other orders), as in
// tst_hfmodelloader.
constexpr double kTolerance = 1e-4;

QJsonObject golden() {
    QFile file(modelFixture(QStringLiteral("xlmr_f16")) + QStringLiteral("/golden.json"));
    if (!file.open(QIODevice::ReadOnly))
        return {};
    return QJsonDocument::fromJson(file.readAll()).object();
}

}  // namespace

class XlmRobertaTest : public QObject {
    Q_OBJECT

private slots:
    void initTestCase();
    void matchesTransformers_data();
    void matchesTransformers();

private:
    std::unique_ptr<Model> m_model;
};

void XlmRobertaTest::initTestCase() {
    try {
        m_model = loadHfModelFolder(modelFixture(QStringLiteral("xlmr_f16")), QStringLiteral("fixture"));
    } catch (const HeadmapError& error) {
        QFAIL(error.what());
    }
    QCOMPARE(m_model->summary().architecture, QStringLiteral("xlm-roberta"));
}

void XlmRobertaTest::matchesTransformers_data() {
    QTest::addColumn<QJsonObject>("golden");
    const QJsonObject root = golden();
    QCOMPARE(root.value(QStringLiteral("model_class")).toString(), QStringLiteral("XLMRobertaForMaskedLM"));
    const QJsonArray cases = root.value(QStringLiteral("cases")).toArray();
    QVERIFY2(cases.size() == 5, "golden.json is missing or lost cases");
    for (const QJsonValue& c : cases)
        QTest::newRow(qPrintable(c.toObject().value(QStringLiteral("name")).toString())) << c.toObject();
}

void XlmRobertaTest::matchesTransformers() {
    QFETCH(QJsonObject, golden);
    TokenizeOptions options;
    if (golden.value(QStringLiteral("text_pair")).isString())
        options.pair = golden.value(QStringLiteral("text_pair")).toString();
    const Encoding input = m_model->tokenize(golden.value(QStringLiteral("text")).toString(), options);
    QCOMPARE(input.ids, toInts(golden.value(QStringLiteral("ids"))));
    for (int i = 0; i < input.size(); ++i)
        QCOMPARE(input.typeId(i), 0);  // XLM-R's template: every token type 0

    const ModelSummary& summary = m_model->summary();
    const RunResult result = m_model->run(input, RunOptions{});
    const int t = input.size();
    const QJsonArray attention = golden.value(QStringLiteral("attention")).toArray();
    QCOMPARE(attention.size(), summary.layers);
    double worst = 0.0;
    for (int l = 0; l < summary.layers; ++l) {
        QCOMPARE(attention[l].toArray().size(), summary.heads);
        for (int h = 0; h < summary.heads; ++h) {
            const double diff = maxDifference(attention[l].toArray()[h].toArray(),
                                              [&](int q, int k) { return result.trace.weight(l, h, q, k); }, t, t);
            QVERIFY2(diff >= 0 && diff <= kTolerance,
                     qPrintable(QStringLiteral("layer %1 head %2: max difference %3").arg(l).arg(h).arg(diff)));
            worst = std::max(worst, diff);
        }
    }
    const double hiddenDiff = maxDifference(golden.value(QStringLiteral("hidden")).toArray(),
                                            [&](int r, int c) { return result.hidden(r, c); }, t, summary.dModel);
    QVERIFY2(hiddenDiff >= 0 && hiddenDiff <= kTolerance, qPrintable(QString::number(hiddenDiff)));
    qInfo("%d tokens: attention within %.2g, hidden states within %.2g", t, worst, hiddenDiff);

    // The masked-LM head (lm_head.dense, gelu, layer_norm, the tied decoder and lm_head.bias).
    QVERIFY(m_model->hasOutputHead());
    const QJsonArray top5 = golden.value(QStringLiteral("top5")).toArray();
    for (int position = 0; position < t; ++position) {
        const RowVectorF logits = m_model->outputLogits(result.hidden, position);
        std::vector<int> order(size_t(logits.size()));
        for (int i = 0; i < int(order.size()); ++i)
            order[size_t(i)] = i;
        std::partial_sort(order.begin(), order.begin() + 5, order.end(),
                          [&](int a, int b) { return logits[a] > logits[b]; });
        QCOMPARE(std::vector<int>(order.begin(), order.begin() + 5), toInts(top5[position]));
    }
}

QTEST_GUILESS_MAIN(XlmRobertaTest)
#include "tst_xlmroberta.moc"
