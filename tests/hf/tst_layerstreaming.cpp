// F16/BF16 safetensors are read a layer at a time (SafetensorsCheckpoint converts on read, and
// DecoderModel, Gpt2Model and EncoderModel stream each layer into reused buffers). The numbers
// must not change: for every half-precision fixture, decoders, GPT-2 and encoders, the attention
// of every head, the final hidden state and the output head's logits are bit-identical to a run
// over the whole-file conversion (the loading Headmap did before, which the PyTorch goldens
// check in tst_decodermodel and tst_hfmodelloader). The same with the converted weights kept
// (#40, formats/KeepingCheckpoint.h) within no budget, half of what they take, or all of it, on
// the first pass (which keeps them) and the second (which reads the kept copies).

#include <cstring>

#include <QtTest>

#include "ModelFixtures.h"
#include "hf/ArchitectureRegistry.h"
#include "hf/HfModelLoader.h"
#include "tokenizers/HfTokenizerLoader.h"

using namespace headmap;
using namespace modelfixtures;

namespace {

// The same checkpoint, seen as one that does not convert on read: a model then takes floats()
// of every tensor, which converts each whole once and keeps it.
class WholeConversion final : public Checkpoint {
public:
    explicit WholeConversion(std::unique_ptr<Checkpoint> source) : m_source(std::move(source)) {}
    QStringList tensorNames() const override { return m_source->tensorNames(); }
    const TensorInfo* info(const QString& name) const override { return m_source->info(name); }
    const float* floats(const QString& name) const override { return m_source->floats(name); }
    QString fileOf(const QString& name) const override { return m_source->fileOf(name); }
    QString description() const override { return m_source->description(); }

private:
    std::unique_ptr<Checkpoint> m_source;
};

std::unique_ptr<Model> loadWholeConverted(const QString& folder) {
    const ConfigFile config = ConfigFile::read(folder);
    TokenizerLoadOptions options;
    options.modelType = config.modelType;
    auto checkpoint = std::make_unique<WholeConversion>(Checkpoint::openFolder(folder));
    return findArchitecture(config.modelType)->build(config, std::move(checkpoint), loadHfTokenizer(folder, options),
                                                     QStringLiteral("whole"));
}

bool sameBits(float a, float b) {
    return std::memcmp(&a, &b, sizeof a) == 0;
}

}  // namespace

class LayerStreamingTest : public QObject {
    Q_OBJECT
private slots:
    void sameAttentionAsWholeConversion_data() {
        QTest::addColumn<QString>("fixtureName");
        QTest::addColumn<double>("budgetShare");  // of the converted weights' F32 size; < 0: not kept
        for (const char* name : {"qwen2_bf16", "llama_bf16_sharded", "gemma3_text_bf16", "mistral_f16",
                                 "llama_f16_linear", "gpt_neox_f16", "gpt2_bf16_sharded",
                                 "bert_f16_gamma", "roberta_bf16"})
            for (double share : {-1.0, 0.0, 0.5, 1.0})
                QTest::newRow(qPrintable(share < 0 ? QString::fromLatin1(name)
                                                   : QStringLiteral("%1, kept within %2 of it").arg(name).arg(share)))
                    << QString::fromLatin1(name) << share;
    }

    void sameAttentionAsWholeConversion() {
        QFETCH(QString, fixtureName);
        QFETCH(double, budgetShare);
        const QString folder = modelFixture(fixtureName);
        QVERIFY(Checkpoint::openFolder(folder)->convertsOnRead());
        const auto streamed = loadHfModelFolder(folder, QStringLiteral("streamed"));
        if (budgetShare >= 0) {
            streamed->keepConvertedWeights(0);  // first only to learn the size
            const qint64 all = streamed->summary().convertedWeightBytes;
            QVERIFY(all > 0);
            QCOMPARE(streamed->summary().convertedWeightBudget, qint64(0));
        }
        const auto keeping = budgetShare >= 0 ? loadHfModelFolder(folder, QStringLiteral("streamed")) : nullptr;
        if (keeping) {
            const qint64 budget = qint64(double(streamed->summary().convertedWeightBytes) * budgetShare);
            keeping->keepConvertedWeights(budget);
            QCOMPARE(keeping->summary().convertedWeightBudget, budget);
        }
        const auto whole = loadWholeConverted(folder);
        const Encoding input = streamed->tokenizer().fromIds({1, 5, 9, 14, 3, 27, 8, 2, 11});
        const RunResult b = whole->run(input);
        // Kept: the pass that keeps the copies, then the one that reads them.
        for (int pass = 0; pass < (keeping ? 2 : 1) && !QTest::currentTestFailed(); ++pass)
            compareRuns(keeping ? *keeping : *streamed, *whole, input, b);
    }

private:
    static void compareRuns(const Model& streamed, const Model& whole, const Encoding& input, const RunResult& b) {
        const RunResult a = streamed.run(input);
        const int t = input.size();
        QCOMPARE(a.trace.layers(), b.trace.layers());
        QCOMPARE(a.trace.heads(), b.trace.heads());
        for (int l = 0; l < a.trace.layers(); ++l)
            for (int h = 0; h < a.trace.heads(); ++h)
                for (int q = 0; q < t; ++q)
                    for (int k = 0; k < t; ++k)
                        QVERIFY2(sameBits(a.trace.weight(l, h, q, k), b.trace.weight(l, h, q, k)),
                                 qPrintable(QStringLiteral("layer %1 head %2 cell (%3, %4)").arg(l).arg(h).arg(q).arg(k)));
        QCOMPARE(a.hidden.rows(), b.hidden.rows());
        QCOMPARE(a.hidden.cols(), b.hidden.cols());
        QCOMPARE(std::memcmp(a.hidden.data(), b.hidden.data(), size_t(a.hidden.size()) * sizeof(float)), 0);
        // The head read in slices of rows gives the logits of the whole matrix.
        QCOMPARE(streamed.hasOutputHead(), whole.hasOutputHead());
        if (streamed.hasOutputHead()) {
            const RowVectorF logitsA = streamed.outputLogits(a.hidden, t - 1);
            const RowVectorF logitsB = whole.outputLogits(b.hidden, t - 1);
            QCOMPARE(logitsA.size(), logitsB.size());
            for (int i = 0; i < logitsA.size(); ++i)
                QVERIFY2(sameBits(logitsA[i], logitsB[i]), qPrintable(QStringLiteral("logit %1").arg(i)));
        }
    }
};

QTEST_GUILESS_MAIN(LayerStreamingTest)
#include "tst_layerstreaming.moc"
