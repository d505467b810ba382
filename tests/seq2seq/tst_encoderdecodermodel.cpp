// EncoderDecoderModel against transformers' own classes (tests/fixtures/seq2seq: the folders and
// their golden.json come from make_seq2seq_fixtures.py, which runs modeling_<family>.py and
// generate()'s logits processors). Per fixture and case: every head of the encoder, decoder and
// cross stacks, the top logits at the last target row, and the greedily generated ids.
//
// Tolerance: attention weights lie in [0, 1]; the reference and Headmap both compute in float32
// and differ only in the order of additions inside the products (d_model 16, ffn 32), a few
// float32 ulps per layer, so 1e-5 holds with a wide margin; the bound is 1e-4. Logits
// (|x| < 5) are checked to 1e-4 of their scale. Generated ids must be identical: a flip would
// need two top logits within the same rounding, which the fixtures' seeds do not give.
#include <QDir>
#include <QFile>
#include <QJsonDocument>
#include <QtTest>

#include "core/HeadmapError.h"
#include "formats/Checkpoint.h"
#include "hf/ConfigFile.h"
#include "hf/FamilyTraits.h"
#include "model/ModelLoader.h"
#include "model/TargetSideTokenizer.h"
#include "seq2seq/EncoderDecoderModel.h"
#include "tokenizers/HfTokenizerLoader.h"
#include "GoldenFile.h"
#include "TestPaths.h"

using namespace headmap;

namespace {

QString fixtureFolder(const QString& name) { return testsupport::fixturePath(QStringLiteral("seq2seq/") + name); }

QJsonObject readGolden(const QString& fixture) {
    QFile file(QDir(fixtureFolder(fixture)).filePath(QStringLiteral("golden.json")));
    if (!file.open(QIODevice::ReadOnly))
        return {};
    return QJsonDocument::fromJson(file.readAll()).object();
}

// Names ids without a vocabulary, for the fixtures whose goldens were made from id lists (no
// tokenizer files): the numbers under test do not depend on the names.
class IdTokenizer : public Tokenizer {
public:
    explicit IdTokenizer(int vocab) : m_vocab(vocab) {}
    Encoding encode(const QString&, bool) const override { return {}; }
    Encoding fromIds(const std::vector<int>& ids) const override {
        Encoding e;
        for (int id : ids)
            e.append(id, QString::number(id), QString::number(id), false);
        return e;
    }
    int vocabSize() const override { return m_vocab; }

private:
    int m_vocab;
};

std::unique_ptr<Model> openFixture(const QString& fixture) {
    const QString folder = fixtureFolder(fixture);
    if (QFile::exists(QDir(folder).filePath(QStringLiteral("source.spm"))))
        return loadModel(ModelSpec{folder, {}});
    const ConfigFile config = ConfigFile::read(folder);
    Seq2SeqConfig seq2seq = Seq2SeqConfig::read(folder, config.path, config.json, *findFamily(config.modelType));
    const int vocab = seq2seq.vocabSize;
    return std::make_unique<EncoderDecoderModel>(std::move(seq2seq), Checkpoint::openFolder(folder),
                                                 std::make_unique<IdTokenizer>(vocab), folder);
}

const QStringList kFixtures = {QStringLiteral("marian_f32"), QStringLiteral("marian_sep_vocab_bf16"),
                               QStringLiteral("marian_f16"), QStringLiteral("bart_f32"),
                               QStringLiteral("mbart_f16"), QStringLiteral("m2m_100_f32"),
                               QStringLiteral("t5_relu_f32"), QStringLiteral("t5_gated_untied_bf16"),
                               QStringLiteral("mt5_gated_f32")};

QString compareStack(const AttentionTrace& trace, const QJsonValue& expected, const QString& what) {
    const QJsonArray layers = expected.toArray();
    if (layers.size() != trace.layers())
        return QStringLiteral("%1: %2 layers, expected %3").arg(what).arg(trace.layers()).arg(layers.size());
    for (int l = 0; l < trace.layers(); ++l) {
        const QJsonArray heads = layers[l].toArray();
        if (heads.size() != trace.heads())
            return QStringLiteral("%1: %2 heads, expected %3").arg(what).arg(trace.heads()).arg(heads.size());
        for (int h = 0; h < trace.heads(); ++h) {
            const MatrixF actual = trace.head(l, h);
            const QString error = golden::compareMatrices(actual, golden::toMatrix(heads[h]), 1e-5f,
                                                          QStringLiteral("%1 %2.%3").arg(what).arg(l).arg(h));
            if (!error.isEmpty())
                return error;
        }
    }
    return QString();
}

// A model that only names target languages, for Model::sourceTextFor.
class LanguagesModel : public Model {
public:
    LanguagesModel() {
        m_summary.name = QStringLiteral("multi");
        m_summary.stacks = {StackShape{StackKind::Cross, 1, 1, 1, 1, false}};
    }
    const ModelSummary& summary() const override { return m_summary; }
    const Tokenizer& tokenizer() const override { return m_tokenizer; }
    QStringList targetLanguages() const override {
        return {QStringLiteral(">>dan<<"), QStringLiteral(">>zho<<")};
    }

protected:
    MatrixF forward(const Encoding&, ForwardContext&) const override { return {}; }

private:
    ModelSummary m_summary;
    IdTokenizer m_tokenizer{10};
};

}  // namespace

class TestEncoderDecoderModel : public QObject {
    Q_OBJECT

private slots:
    void attentionLogitsAndGeneration_data() {
        QTest::addColumn<QString>("fixture");
        QTest::addColumn<int>("index");
        for (const QString& fixture : kFixtures) {
            const QJsonArray cases = readGolden(fixture).value(QStringLiteral("cases")).toArray();
            QVERIFY2(!cases.isEmpty(), qPrintable(fixture + QStringLiteral(": no golden cases")));
            for (int i = 0; i < cases.size(); ++i)
                QTest::addRow("%s/%s", qPrintable(fixture),
                              qPrintable(cases[i].toObject().value(QStringLiteral("name")).toString()))
                    << fixture << i;
        }
    }

    void attentionLogitsAndGeneration() {
        QFETCH(QString, fixture);
        QFETCH(int, index);
        const QJsonObject c = readGolden(fixture).value(QStringLiteral("cases")).toArray()[index].toObject();
        const std::unique_ptr<Model> model = openFixture(fixture);
        const std::vector<int> sourceIds = golden::toIntVector(c.value(QStringLiteral("source_ids")));
        const std::vector<int> decoderIds = golden::toIntVector(c.value(QStringLiteral("decoder_input_ids")));

        Encoding source = model->tokenizer().fromIds(sourceIds);
        if (c.value(QStringLiteral("source_text")).isString()) {
            // The folder's own tokenizer reads the texts as MarianTokenizer did.
            source = model->tokenize(c.value(QStringLiteral("source_text")).toString());
            QCOMPARE(source.ids, sourceIds);
            const Encoding target = model->decoderInputForTarget(c.value(QStringLiteral("target_text")).toString());
            QCOMPARE(target.ids, decoderIds);
        }
        RunOptions options;
        const auto* targetSide = dynamic_cast<const TargetSideTokenizer*>(&model->tokenizer());
        options.decoderInput = targetSide ? targetSide->targetFromIds(decoderIds) : model->tokenizer().fromIds(decoderIds);
        const RunResult result = model->run(source, options);
        QCOMPARE(int(result.stacks.size()), 3);
        QCOMPARE(result.trace.stack(), StackKind::Cross);
        QCOMPARE(result.trace.keyLength(), int(sourceIds.size()));
        QCOMPARE(result.trace.length(), int(decoderIds.size()));
        for (const auto& [kind, key] : {std::pair{StackKind::Encoder, "encoder_attentions"},
                                        std::pair{StackKind::Decoder, "decoder_attentions"},
                                        std::pair{StackKind::Cross, "cross_attentions"}}) {
            const QString error = compareStack(result.stack(kind), c.value(QLatin1String(key)), stackName(kind));
            QVERIFY2(error.isEmpty(), qPrintable(error));
        }

        const RowVectorF logits = model->outputLogits(result.hidden, int(decoderIds.size()) - 1);
        const QJsonObject top = c.value(QStringLiteral("logits_last")).toObject();
        const std::vector<int> topIds = golden::toIntVector(top.value(QStringLiteral("top_ids")));
        const RowVectorF topValues = golden::toRowVector(top.value(QStringLiteral("top_values")));
        for (size_t i = 0; i < topIds.size(); ++i)
            QVERIFY2(std::abs(logits(topIds[i]) - topValues(Eigen::Index(i))) <= 1e-4f * std::max(1.0f, std::abs(topValues(0))),
                     qPrintable(QStringLiteral("logit of %1: %2, expected %3").arg(topIds[i]).arg(logits(topIds[i])).arg(topValues(Eigen::Index(i)))));
        Eigen::Index best = 0;
        logits.maxCoeff(&best);
        QCOMPARE(int(best), topIds.front());

        std::vector<int> generated = golden::toIntVector(c.value(QStringLiteral("generated_ids")));
        generated.erase(generated.begin());  // generate() returns the start token first
        QCOMPARE(model->generate(source), generated);
    }

    // Without a decoder input the run generates first and shows the rows generate() computed.
    void runGeneratesWhenNoTargetIsGiven() {
        const std::unique_ptr<Model> model = openFixture(QStringLiteral("marian_f32"));
        const Encoding source = model->tokenize(QStringLiteral("Opmærksomhed over alle andre elementer."));
        const RunResult result = model->run(source);
        const std::vector<int> generated = model->generate(source);
        QCOMPARE(result.generated, generated);
        QCOMPARE(result.decoderInput.size(), int(generated.size()));
        QCOMPARE(result.decoderInput.ids.front(), model->decoderInputForGenerated({}).ids.front());
        QCOMPARE(result.trace.length(), int(generated.size()));
        QCOMPARE(result.stack(StackKind::Encoder).length(), source.size());
        // Row i of the run predicts generated token i.
        for (int i = 0; i < int(generated.size()) - 1; ++i) {
            Eigen::Index best = 0;
            model->outputLogits(result.hidden, i).maxCoeff(&best);
            if (i + 1 < int(generated.size()) - 1)  // the last one may be forced (eos)
                QCOMPARE(int(best), generated[size_t(i)]);
        }
    }

    void oneStackModelsHaveNoStacks() {
        const std::unique_ptr<Model> model = loadModel(ModelSpec{QStringLiteral("builtin:teaching"), {}});
        const RunResult result = model->run(model->tokenize(QStringLiteral("The animal")));
        QVERIFY(result.stacks.empty());
        QVERIFY(!result.trace.hasKeyTokens());
        QVERIFY_THROWS_EXCEPTION(InputError, model->generate(model->tokenize(QStringLiteral("x"))));
    }

    void targetLanguagesPrefixTheSource() {
        const LanguagesModel multi;
        QCOMPARE(multi.sourceTextFor(QStringLiteral("hello"), QStringLiteral("dan")), QStringLiteral(">>dan<< hello"));
        QCOMPARE(multi.sourceTextFor(QStringLiteral("hello"), QStringLiteral(">>zho<<")), QStringLiteral(">>zho<< hello"));
        QCOMPARE(multi.sourceTextFor(QStringLiteral("hello"), QString()), QStringLiteral("hello"));
        try {
            multi.sourceTextFor(QStringLiteral("hello"), QStringLiteral("fra"));
            QFAIL("no error for a language the model lacks");
        } catch (const InputError& e) {
            QVERIFY2(e.message().contains(QStringLiteral(">>dan<<, >>zho<<")), qPrintable(e.message()));
        }
        // A one-pair model (the fixture's vocabulary has no >>xxx<< codes) refuses any language.
        const std::unique_ptr<Model> pair = openFixture(QStringLiteral("marian_f32"));
        QVERIFY(pair->targetLanguages().isEmpty());
        QVERIFY_THROWS_EXCEPTION(InputError, pair->sourceTextFor(QStringLiteral("hej"), QStringLiteral("eng")));
        // The multi-target tokenizer fixture lists its codes for a chooser.
        const std::unique_ptr<Tokenizer> tokenizer =
            loadHfTokenizer(testsupport::fixturePath(QStringLiteral("tokenizers/marian/en-mul")), {});
        const auto* targetSide = dynamic_cast<const TargetSideTokenizer*>(tokenizer.get());
        QVERIFY(targetSide);
        QCOMPARE(targetSide->sourceTextLanguageCodes(),
                 QStringList({QStringLiteral(">>dan<<"), QStringLiteral(">>zho<<"), QStringLiteral(">>cmn_Hans<<"),
                              QStringLiteral(">>eng<<")}));
    }

    void targetIdsOutsideTheVocabularyAreRefused() {
        const std::unique_ptr<Model> model = openFixture(QStringLiteral("marian_f32"));
        RunOptions options;
        options.decoderInput = model->tokenizer().fromIds({276});
        options.decoderInput->ids.push_back(100000);
        QVERIFY_THROWS_EXCEPTION(InputError, model->run(model->tokenize(QStringLiteral("hej")), options));
        options.decoderInput = Encoding();
        QVERIFY_THROWS_EXCEPTION(InputError, model->run(model->tokenize(QStringLiteral("hej")), options));
    }
};

QTEST_GUILESS_MAIN(TestEncoderDecoderModel)
#include "tst_encoderdecodermodel.moc"
