// llama.cpp's `t5` GGUF files (T5, Flan-T5, mT5) as EncoderDecoderModel, against transformers'
// own T5/MT5ForConditionalGeneration. The files of tests/fixtures/gguf/models/*t5*.gguf are the
// safetensors T5 fixtures of tests/fixtures/seq2seq converted as convert_hf_to_gguf.py's T5Model
// does (F32 and BF16, tied and untied, relu and gated-gelu), by make_gguf_t5.py, whose
// gguf_t5_golden.json holds transformers' numbers on the file's weights with llama.cpp's
// semantics where a GGUF file keeps less than config.json (max distance 128, unscaled head).
//   - every head of the encoder, decoder and cross stacks equal to the golden (1e-5, as
//     tst_encoderdecodermodel), the top logits, the greedily generated ids;
//   - every head equal to the safetensors twin's, run by Headmap from its folder with the
//     config.json llama.cpp assumes (relative_attention_max_distance 128);
//   - the summary and the ids-only tokenizer (text refused with what to do instead);
//   - broken files: a ModelError naming the file, the key or tensor, expected vs found.

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QtTest>

#include "GgufPatch.h"
#include "GoldenFile.h"
#include "ModelFixtures.h"
#include "TestPaths.h"
#include "core/HeadmapError.h"
#include "formats/Checkpoint.h"
#include "gguf/GgufModelLoader.h"
#include "hf/ConfigFile.h"
#include "hf/FamilyTraits.h"
#include "seq2seq/EncoderDecoderModel.h"
#include "tokenizers/GgufUnigramTokenizer.h"

using namespace headmap;
using testsupport::ggufKeyBytes;
using testsupport::replaceBytes;
using testsupport::setDim;

namespace {

constexpr float kGoldenTolerance = 1e-5f;  // float32 against float32, as tst_encoderdecodermodel
constexpr double kTwinTolerance = 1e-6;    // the same weights through the same code

QJsonArray goldenFiles() {
    QFile file(testsupport::ggufModelFixture(QStringLiteral("gguf_t5_golden.json")));
    if (!file.open(QIODevice::ReadOnly))
        return {};
    return QJsonDocument::fromJson(file.readAll()).object().value(QStringLiteral("files")).toArray();
}

std::unique_ptr<Model> openGguf(const QString& file) {
    return loadGgufModel(testsupport::ggufModelFixture(file), file);
}

// The safetensors twin, with ids for names (its folder has no tokenizer files).
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

std::unique_ptr<Model> openTwin(const QString& folder) {
    const ConfigFile config = ConfigFile::read(folder);
    Seq2SeqConfig seq2seq = Seq2SeqConfig::read(folder, config.path, config.json, *findFamily(config.modelType));
    const int vocab = seq2seq.vocabSize;
    return std::make_unique<EncoderDecoderModel>(std::move(seq2seq), Checkpoint::openFolder(folder),
                                                 std::make_unique<IdTokenizer>(vocab), folder);
}

RunResult runCase(const Model& model, const QJsonObject& c) {
    RunOptions options;
    options.decoderInput = model.tokenizer().fromIds(golden::toIntVector(c.value(QStringLiteral("decoder_input_ids"))));
    return model.run(model.tokenizer().fromIds(golden::toIntVector(c.value(QStringLiteral("source_ids")))), options);
}

QString compareStack(const AttentionTrace& trace, const QJsonValue& expected, const QString& what) {
    const QJsonArray layers = expected.toArray();
    if (layers.size() != trace.layers())
        return QStringLiteral("%1: %2 layers, expected %3").arg(what).arg(trace.layers()).arg(layers.size());
    for (int l = 0; l < trace.layers(); ++l) {
        const QJsonArray heads = layers[l].toArray();
        if (heads.size() != trace.heads())
            return QStringLiteral("%1: %2 heads, expected %3").arg(what).arg(trace.heads()).arg(heads.size());
        for (int h = 0; h < trace.heads(); ++h) {
            const QString error = golden::compareMatrices(trace.head(l, h), golden::toMatrix(heads[h]), kGoldenTolerance,
                                                          QStringLiteral("%1 %2.%3").arg(what).arg(l).arg(h));
            if (!error.isEmpty())
                return error;
        }
    }
    return QString();
}

double maxStackDifference(const AttentionTrace& a, const AttentionTrace& b) {
    double worst = a.layers() == b.layers() && a.heads() == b.heads() ? 0.0 : 1e9;
    for (int l = 0; l < std::min(a.layers(), b.layers()); ++l)
        for (int h = 0; h < std::min(a.heads(), b.heads()); ++h)
            worst = std::max(worst, double((a.head(l, h) - b.head(l, h)).cwiseAbs().maxCoeff()));
    return worst;
}

constexpr std::pair<StackKind, const char*> kStacks[] = {{StackKind::Encoder, "encoder_attentions"},
                                                         {StackKind::Decoder, "decoder_attentions"},
                                                         {StackKind::Cross, "cross_attentions"}};

}  // namespace

class GgufSeq2SeqTest : public QObject {
    Q_OBJECT

private slots:
    void matchesTransformers_data() {
        QTest::addColumn<QJsonObject>("file");
        QTest::addColumn<int>("index");
        const QJsonArray files = goldenFiles();
        QVERIFY2(files.size() >= 3, "gguf_t5_golden.json is missing or lost files");
        for (const QJsonValue& f : files) {
            const QJsonArray cases = f.toObject().value(QStringLiteral("cases")).toArray();
            QVERIFY(!cases.isEmpty());
            for (int i = 0; i < cases.size(); ++i)
                QTest::addRow("%s/%s", qPrintable(f.toObject().value(QStringLiteral("file")).toString()),
                              qPrintable(cases[i].toObject().value(QStringLiteral("name")).toString()))
                    << f.toObject() << i;
        }
    }

    void matchesTransformers() {
        QFETCH(QJsonObject, file);
        QFETCH(int, index);
        const QJsonObject c = file.value(QStringLiteral("cases")).toArray()[index].toObject();
        const std::unique_ptr<Model> model = openGguf(file.value(QStringLiteral("file")).toString());
        const RunResult result = runCase(*model, c);
        QCOMPARE(int(result.stacks.size()), 3);
        for (const auto& [kind, key] : kStacks) {
            const QString error = compareStack(result.stack(kind), c.value(QLatin1String(key)), stackName(kind));
            QVERIFY2(error.isEmpty(), qPrintable(error));
        }
        const int last = c.value(QStringLiteral("decoder_input_ids")).toArray().size() - 1;
        const RowVectorF logits = model->outputLogits(result.hidden, last);
        const QJsonObject top = c.value(QStringLiteral("logits_last")).toObject();
        const std::vector<int> topIds = golden::toIntVector(top.value(QStringLiteral("top_ids")));
        const RowVectorF topValues = golden::toRowVector(top.value(QStringLiteral("top_values")));
        for (size_t i = 0; i < topIds.size(); ++i)
            QVERIFY2(std::abs(logits(topIds[i]) - topValues(Eigen::Index(i))) <=
                         1e-4f * std::max(1.0f, std::abs(topValues(0))),
                     qPrintable(QStringLiteral("logit of %1: %2, expected %3")
                                    .arg(topIds[i]).arg(logits(topIds[i])).arg(topValues(Eigen::Index(i)))));
        std::vector<int> generated = golden::toIntVector(c.value(QStringLiteral("generated_ids")));
        generated.erase(generated.begin());  // generate() returns the start token first
        const Encoding source = model->tokenizer().fromIds(golden::toIntVector(c.value(QStringLiteral("source_ids"))));
        QCOMPARE(model->generate(source), generated);
    }

    // The GGUF file and its safetensors twin are one model once the twin's config.json says
    // what llama.cpp assumes (relative_attention_max_distance 128; t5_relu_f32's already does):
    // same attention in every stack, and the same generated ids (T5 v1.0's tied head is scaled
    // by d_model^-0.5 in the twin and not in llama.cpp, which moves no winner).
    void equalsItsSafetensorsTwin_data() { matchesTransformers_data(); }
    void equalsItsSafetensorsTwin() {
        QFETCH(QJsonObject, file);
        QFETCH(int, index);
        const QJsonObject c = file.value(QStringLiteral("cases")).toArray()[index].toObject();
        QTemporaryDir dir;
        const QString twin = testsupport::fixturePath(QStringLiteral("seq2seq/") + file.value(QStringLiteral("twin")).toString());
        QVERIFY(modelfixtures::copyFolder(twin, dir.path()));
        QVERIFY(modelfixtures::editJson(QDir(dir.path()).filePath(QStringLiteral("config.json")), [](QJsonObject& config) {
            config.insert(QStringLiteral("relative_attention_max_distance"), 128);
        }));
        const std::unique_ptr<Model> model = openGguf(file.value(QStringLiteral("file")).toString());
        const std::unique_ptr<Model> folder = openTwin(dir.path());
        const RunResult ours = runCase(*model, c), theirs = runCase(*folder, c);
        for (const auto& [kind, key] : kStacks) {
            const double difference = maxStackDifference(ours.stack(kind), theirs.stack(kind));
            QVERIFY2(difference <= kTwinTolerance,
                     qPrintable(QStringLiteral("%1: max difference %2").arg(stackName(kind)).arg(difference)));
        }
        const Encoding source = model->tokenizer().fromIds(golden::toIntVector(c.value(QStringLiteral("source_ids"))));
        QCOMPARE(model->generate(source), folder->generate(source));
    }

    void summaryAndTokenizer_data() {
        QTest::addColumn<QJsonObject>("file");
        for (const QJsonValue& f : goldenFiles())
            QTest::newRow(qPrintable(f.toObject().value(QStringLiteral("file")).toString())) << f.toObject();
    }

    void summaryAndTokenizer() {
        QFETCH(QJsonObject, file);
        const QString name = file.value(QStringLiteral("file")).toString();
        const std::unique_ptr<Model> model = openGguf(name);
        const ModelSummary& s = model->summary();
        QCOMPARE(s.architecture, QStringLiteral("t5"));
        QCOMPARE(s.name, name);
        QCOMPARE(s.quantization, QString());  // F32 and BF16 files are not quantised
        QCOMPARE(s.vocabSize, file.value(QStringLiteral("vocab_size")).toInt());
        QCOMPARE(int(s.stacks.size()), 3);
        QCOMPARE(s.stacks[0].layers, file.value(QStringLiteral("encoder_layers")).toInt());
        QCOMPARE(s.stacks[1].layers, file.value(QStringLiteral("decoder_layers")).toInt());
        QCOMPARE(s.stacks[2].heads, file.value(QStringLiteral("heads")).toInt());
        const auto* seq2seq = dynamic_cast<const EncoderDecoderModel*>(model.get());
        QVERIFY(seq2seq);
        QCOMPARE(seq2seq->config().relativeMaxDistance, 128);
        QCOMPARE(seq2seq->config().gatedFfn, file.value(QStringLiteral("gated")).toBool());
        QCOMPARE(seq2seq->config().tieWordEmbeddings, file.value(QStringLiteral("tied")).toBool());
        QCOMPARE(seq2seq->config().outputScale, 1.0f);

        // Ids are named by tokenizer.ggml.tokens (eos is "</s>", ids past the trained pieces
        // "[PADi]" as the converter pads them); text runs through llama.cpp's UGM tokenizer
        // (tst_ggufunigramtokenizer checks it against transformers), ending with "</s>".
        const Encoding named = model->tokenizer().fromIds({1, 5, 127});
        QCOMPARE(named.tokens.at(0), QStringLiteral("</s>"));
        QVERIFY(named.special.at(0));
        QCOMPARE(named.tokens.at(2), QStringLiteral("[PAD127]"));
        QVERIFY_THROWS_EXCEPTION(InputError, model->tokenizer().fromIds({128}));
        QVERIFY(dynamic_cast<const GgufUnigramTokenizer*>(&model->tokenizer()));
        const Encoding text = model->tokenize(QStringLiteral("the model reads the text"));
        QCOMPARE(text.ids.back(), 1);
        QVERIFY(text.size() > 2);
        const GgufTokenizerFile tokenizerOnly = loadGgufTokenizerFile(testsupport::ggufModelFixture(name), name);
        QCOMPARE(tokenizerOnly.summary.architecture, QStringLiteral("t5"));
        QCOMPARE(int(tokenizerOnly.summary.stacks.size()), 3);
    }

    void brokenFilesAreNamed_data() {
        QTest::addColumn<QString>("file");
        QTest::addColumn<testsupport::GgufEdit>("edit");
        QTest::addColumn<QStringList>("expected");
        const QString gated = QStringLiteral("t5_gated_bf16.gguf"), relu = QStringLiteral("t5_relu_f32.gguf");
        QTest::newRow("missing relative_buckets_count")
            << gated << replaceBytes(ggufKeyBytes("t5.attention.relative_buckets_count"),
                                     ggufKeyBytes("t5.attention.relative_buckets_cOunt"))
            << QStringList{gated, "t5.attention.relative_buckets_count"};
        QTest::newRow("missing rms epsilon")
            << relu << replaceBytes(ggufKeyBytes("t5.attention.layer_norm_rms_epsilon"),
                                    ggufKeyBytes("t5.attention.layer_norm_rms_epsilOn"))
            << QStringList{relu, "t5.attention.layer_norm_rms_epsilon"};
        QTest::newRow("missing key_length")
            << relu << replaceBytes(ggufKeyBytes("t5.attention.key_length"), ggufKeyBytes("t5.attention.key_lEngth"))
            << QStringList{relu, "t5.attention.key_length"};
        QTest::newRow("wrong cross-attention shape")
            << gated << setDim("dec.blk.2.cross_attn_k.weight", 1, 20)
            << QStringList{gated, "dec.blk.2.cross_attn_k.weight", "[16, 20]", "expected [16, 24]"};
        QTest::newRow("wrong relative bias shape")
            << relu << setDim("enc.blk.0.attn_rel_b.weight", 1, 16)
            << QStringList{relu, "enc.blk.0.attn_rel_b.weight", "[4, 16]", "expected [4, 32]"};
        QTest::newRow("missing decoder tensor")
            << relu << replaceBytes(ggufKeyBytes("dec.blk.1.ffn_up.weight"), ggufKeyBytes("dec.blk.1.ffn_UP.weight"))
            << QStringList{relu, "dec.blk.1.ffn_up.weight", "[16, 32]"};
        QTest::newRow("a later block's own relative bias (umT5)")
            << relu << replaceBytes(ggufKeyBytes("enc.blk.0.attn_rel_b.weight"), ggufKeyBytes("enc.blk.1.attn_rel_b.weight"))
            << QStringList{relu, "enc.blk.1.attn_rel_b.weight", "umT5"};
        QTest::newRow("embeddings of another width")
            << relu << setDim("token_embd.weight", 0, 8)
            << QStringList{relu, "token_embd.weight", "[8, 128]", "[16, vocabulary]"};
    }

    void brokenFilesAreNamed() {
        QFETCH(QString, file);
        QFETCH(testsupport::GgufEdit, edit);
        QFETCH(QStringList, expected);
        QTemporaryDir dir;
        const QString path = testsupport::patchedGgufCopy(dir, file, edit);
        QVERIFY2(!path.isEmpty(), "the fixture could not be patched: did make_gguf_t5.py change it?");
        try {
            loadGgufModel(path, file);
            QFAIL("no ModelError");
        } catch (const ModelError& error) {
            const QString message = QString::fromUtf8(error.what());
            for (const QString& part : expected)
                QVERIFY2(message.contains(part), qPrintable(QStringLiteral("'%1' not in: %2").arg(part, message)));
        }
    }
};

QTEST_GUILESS_MAIN(GgufSeq2SeqTest)
#include "tst_ggufseq2seq.moc"
