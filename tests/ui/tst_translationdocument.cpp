// The document with an encoder–decoder model (issue #37): it runs the three stacks of attention,
// shows one of them in every view (the stack switch of the view controls), keeps the layer and
// head within that stack, generates the target or takes the one the user typed (teacher
// forcing), switches heads off per stack and predicts the next target token from the decoder's
// rows. The model is tests/support/ui/TinyTranslationModel (encoder 2×4, decoder 1×2, cross
// 1×2 heads), so a stack's shape taken for another's shows; end to end, the Marian fixture's
// stacks as the document shows them agree with transformers' own (its golden.json).

#include <QComboBox>
#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QHBoxLayout>
#include <QSpinBox>
#include <QtTest>

#include "AttentionDocument.h"
#include "TinyTranslationModel.h"
#include "parts/ViewControls.h"

using namespace headmap;
using namespace headmap::ui;

namespace {

const QString kSource = QStringLiteral("katten sidder på måtten");  // 4 words + </s>
const QString kTarget = QStringLiteral("the cat sits on the mat");  // decoder rows: <pad> + 6 words

std::unique_ptr<AttentionDocument> translationDocument() {
    auto document = std::make_unique<AttentionDocument>();
    document->setModel(std::make_shared<testmodels::TinyTranslationModel>(),
                       ModelSpec{QStringLiteral("test:tiny-translation"), {}});
    return document;
}

}  // namespace

class TestTranslationDocument : public QObject {
    Q_OBJECT
private slots:
    void eachStackIsShownWithItsOwnShape_data();
    void eachStackIsShownWithItsOwnShape();
    void theLayerAndHeadStayWithinTheStack();
    void targetRowsKeepTheirSelectionAcrossDecoderAndCross();
    void theModelGeneratesTheTargetUntilTheUserTypesOne();
    void headsAreSwitchedOffPerStack();
    void predictionsAreOfTheNextTargetToken();
    void stepsAreOfTheShownStacksHead();
    void wordsAndTheMeasureKeepTheKeyAxis();
    void theStackSwitchIsShownOnlyForTranslationModels();
    void marianStacksAgreeWithTransformers_data();
    void marianStacksAgreeWithTransformers();
    void marianGeneratesAsTransformers();
};

namespace {

QJsonObject marianCase(const QString& name) {
    QFile file(QDir(QStringLiteral(HEADMAP_FIXTURES_DIR)).filePath(QStringLiteral("seq2seq/marian_f32/golden.json")));
    if (!file.open(QIODevice::ReadOnly))
        return {};
    for (const QJsonValue& c : QJsonDocument::fromJson(file.readAll()).object().value("cases").toArray())
        if (c.toObject().value("name").toString() == name)
            return c.toObject();
    return {};
}

std::vector<int> idsOf(const QJsonValue& value) {
    std::vector<int> ids;
    for (const QJsonValue& id : value.toArray())
        ids.push_back(id.toInt());
    return ids;
}

QString marianFolder() {
    return QDir(QStringLiteral(HEADMAP_FIXTURES_DIR)).filePath(QStringLiteral("seq2seq/marian_f32"));
}

}  // namespace

void TestTranslationDocument::eachStackIsShownWithItsOwnShape_data() {
    QTest::addColumn<int>("stack");
    QTest::addColumn<int>("layers");
    QTest::addColumn<int>("heads");
    QTest::addColumn<QString>("firstQuery");
    QTest::addColumn<int>("queries");
    QTest::addColumn<QString>("firstKey");
    QTest::addColumn<int>("keys");
    QTest::addColumn<bool>("keyTokens");
    QTest::newRow("encoder") << int(StackKind::Encoder) << 2 << 4 << "katten" << 5 << "katten" << 5 << false;
    QTest::newRow("decoder") << int(StackKind::Decoder) << 1 << 2 << "<pad>" << 7 << "<pad>" << 7 << false;
    QTest::newRow("cross") << int(StackKind::Cross) << 1 << 2 << "<pad>" << 7 << "katten" << 5 << true;
}

void TestTranslationDocument::eachStackIsShownWithItsOwnShape() {
    QFETCH(int, stack);
    QFETCH(int, layers);
    QFETCH(int, heads);
    QFETCH(QString, firstQuery);
    QFETCH(int, queries);
    QFETCH(QString, firstKey);
    QFETCH(int, keys);
    QFETCH(bool, keyTokens);
    auto document = translationDocument();
    QCOMPARE(document->stack(), StackKind::Cross);  // a translation model opens on cross-attention
    document->setTargetText(kTarget);
    document->setText(kSource);
    document->waitForIdle();
    QVERIFY2(document->lastError().message.isEmpty(), qPrintable(document->lastError().message));
    document->setStack(StackKind(stack));
    document->waitForIdle();

    const AttentionTrace& trace = document->trace();
    QCOMPARE(document->stack(), StackKind(stack));
    QCOMPARE(trace.stack(), StackKind(stack));
    QCOMPARE(document->modelSummary().layers, layers);
    QCOMPARE(document->modelSummary().heads, heads);
    QCOMPARE(trace.layers(), layers);
    QCOMPARE(trace.heads(), heads);
    QCOMPARE(trace.length(), queries);
    QCOMPARE(trace.keyLength(), keys);
    QCOMPARE(trace.hasKeyTokens(), keyTokens);
    QCOMPARE(trace.displayTokens().first(), firstQuery);
    QCOMPARE(trace.keyDisplayTokens().first(), firstKey);
    const HeadWeights head = trace.head(layers - 1, heads - 1);
    QCOMPARE(int(head.rows()), queries);
    QCOMPARE(int(head.cols()), keys);
    for (int q = 0; q < queries; ++q)  // every row a distribution over the keys
        QVERIFY(std::abs(head.row(q).sum() - 1.0f) < 1e-4f);
    QCOMPARE(document->pieceTrace()->stack(), StackKind(stack));
    // The other stacks are kept from the same run: switching shows them without a new pass.
    for (StackKind other : {StackKind::Encoder, StackKind::Decoder, StackKind::Cross})
        QCOMPARE(document->stackPieceTrace(other)->stack(), other);
}

void TestTranslationDocument::theLayerAndHeadStayWithinTheStack() {
    auto document = translationDocument();
    document->setText(kSource);
    document->waitForIdle();
    document->setStack(StackKind::Encoder);
    document->setHeadIndex(1, 3);  // the encoder has 2 layers × 4 heads
    QCOMPARE(document->layer(), 1);
    QCOMPARE(document->head(), 3);
    document->setStack(StackKind::Cross);  // 1 layer × 2 heads
    QCOMPARE(document->layer(), 0);
    QCOMPARE(document->head(), 1);
    document->setHeadIndex(1, 0);  // outside the stack: refused
    QCOMPARE(document->layer(), 0);
    document->stepHead(+5);
    QCOMPARE(document->head(), 1);
    // The shown trace has the head the document points at.
    QCOMPARE(document->trace().heads(), 2);
}

void TestTranslationDocument::targetRowsKeepTheirSelectionAcrossDecoderAndCross() {
    auto document = translationDocument();
    document->setTargetText(kTarget);
    document->setText(kSource);
    document->waitForIdle();
    document->setSelectedToken(3);  // "sits", a target row
    document->setStack(StackKind::Decoder);
    QCOMPARE(document->view().selectedToken, 3);
    QCOMPARE(document->trace().displayTokens()[3], QStringLiteral("sits"));
    document->setStack(StackKind::Encoder);  // the source's tokens: "sits" is not among them
    QCOMPARE(document->view().selectedToken, -1);
}

void TestTranslationDocument::theModelGeneratesTheTargetUntilTheUserTypesOne() {
    auto document = translationDocument();
    QSignalSpy traced(document.get(), &AttentionDocument::traceChanged);
    document->setText(kSource);
    document->waitForIdle();
    QVERIFY(!document->isTeacherForced());
    // What the model wrote, as transformers' generate() returns it: its rows are the start token
    // and the generated ids less the end token.
    testmodels::TinyTranslationModel model;
    const Encoding source = model.tokenizer().encode(kSource, true);
    const std::vector<int> generated = model.generate(source);
    QCOMPARE(document->targetText(), model.targetText(generated));
    QVERIFY2(generated.size() >= 2, qPrintable(document->targetText()));  // more than a lone </s>
    QCOMPARE(document->trace().tokenIds(), model.decoderInputForGenerated(generated).ids);

    document->setTargetText(kTarget);
    document->waitForIdle();
    QVERIFY(document->isTeacherForced());
    QCOMPARE(document->targetText(), kTarget);
    QCOMPARE(document->trace().tokenIds(), model.decoderInputForTarget(kTarget).ids);
    QCOMPARE(document->trace().length(), 7);

    // Switching a head off reruns the sentence on the same target.
    document->setAblations({HeadAblation{0, 1, AblationMode::Zero, StackKind::Cross}});
    document->waitForIdle();
    QCOMPARE(document->targetText(), kTarget);
    QCOMPARE(document->trace().tokenIds(), model.decoderInputForTarget(kTarget).ids);

    document->generateTarget();  // the model's own again
    document->waitForIdle();
    QVERIFY(!document->isTeacherForced());
    document->setAblations({});
    document->waitForIdle();
    QCOMPARE(document->targetText(), model.targetText(generated));
    QCOMPARE(document->trace().tokenIds(), model.decoderInputForGenerated(generated).ids);
    document->setTargetText(QStringLiteral("  "));  // blank: generated, as before
    document->waitForIdle();
    QVERIFY(!document->isTeacherForced());
}

void TestTranslationDocument::headsAreSwitchedOffPerStack() {
    auto document = translationDocument();
    document->setTargetText(kTarget);
    document->setText(kSource);
    document->waitForIdle();
    // Head 3 exists in the encoder only; an unset stack is cross-attention, as the engine reads it.
    document->setAblations({HeadAblation{1, 3, AblationMode::Zero, StackKind::Encoder},
                            HeadAblation{0, 3, AblationMode::Zero, StackKind::Cross},
                            HeadAblation{0, 1, AblationMode::Mean, std::nullopt},
                            HeadAblation{0, 1, AblationMode::Zero, StackKind::Decoder}});
    document->waitForIdle();
    const std::vector<HeadAblation> expected = {HeadAblation{1, 3, AblationMode::Zero, StackKind::Encoder},
                                                HeadAblation{0, 1, AblationMode::Zero, StackKind::Decoder},
                                                HeadAblation{0, 1, AblationMode::Mean, StackKind::Cross}};
    QCOMPARE(document->ablations().size(), expected.size());
    for (size_t i = 0; i < expected.size(); ++i)
        QVERIFY(document->ablations()[i] == expected[i]);
    // Each stack's trace carries the heads of its own stack.
    QCOMPARE(document->stackPieceTrace(StackKind::Encoder)->ablations().size(), size_t(1));
    QCOMPARE(document->stackPieceTrace(StackKind::Encoder)->ablations()[0].head, 3);
    QCOMPARE(document->stackPieceTrace(StackKind::Decoder)->ablations().size(), size_t(1));
    QCOMPARE(document->stackPieceTrace(StackKind::Cross)->ablations()[0].mode, AblationMode::Mean);
}

void TestTranslationDocument::predictionsAreOfTheNextTargetToken() {
    auto document = translationDocument();
    document->setTargetText(kTarget);
    document->setText(kSource);
    document->waitForIdle();
    QVERIFY(document->hasOutputHead());
    QCOMPARE(document->predictionPosition(), 6);  // after "mat", the last decoder row
    document->setStack(StackKind::Encoder);
    document->setSelectedToken(1);  // a source token: the prediction stays at the target's end
    QCOMPARE(document->predictionPosition(), 6);
    document->setStack(StackKind::Cross);
    document->setSelectedToken(2);  // after "cat"
    QCOMPARE(document->predictionPosition(), 2);
    document->requestPredictions();
    document->waitForIdle();
    QVERIFY(document->predictions());
    QVERIFY2(document->predictions()->positionText.contains(QStringLiteral("cat")),
             qPrintable(document->predictions()->positionText));
    // The logits are the decoder's row 2 against the tied embedding.
    testmodels::TinyTranslationModel model;
    RunOptions options;
    options.decoderInput = model.decoderInputForTarget(kTarget);
    const RunResult run = model.run(model.tokenizer().encode(kSource, true), options);
    Eigen::Index best = 0;
    model.outputLogits(run.hidden, 2).maxCoeff(&best);
    QCOMPARE(document->predictions()->after.top.front().id, int(best));
}

void TestTranslationDocument::stepsAreOfTheShownStacksHead() {
    auto document = translationDocument();
    document->setTargetText(kTarget);
    document->setText(kSource);
    document->waitForIdle();
    document->requestSteps(0, 1);  // cross-attention: Q from the decoder, K and V from the encoder
    document->waitForIdle();
    QVERIFY(document->steps());
    QCOMPARE(int(document->steps()->x.rows()), 7);
    QCOMPARE(int(document->steps()->memory.rows()), 5);
    QCOMPARE(int(document->steps()->weights.rows()), 7);
    QCOMPARE(int(document->steps()->weights.cols()), 5);
    QCOMPARE(document->stepsTrace()->keyLength(), 5);
    QCOMPARE(document->stepsTrace()->keyDisplayTokens().first(), QStringLiteral("katten"));
    // The same weights the cross-attention trace shows.
    const HeadWeights shown = document->trace().head(0, 1);
    QVERIFY((document->steps()->weights - MatrixF(shown)).cwiseAbs().maxCoeff() < 1e-5f);

    document->setStack(StackKind::Encoder);
    QVERIFY(!document->steps());  // another stack's head
    document->requestSteps(1, 3);
    document->waitForIdle();
    QCOMPARE(int(document->steps()->weights.rows()), 5);
    QCOMPARE(document->steps()->memory.size(), 0);
}

void TestTranslationDocument::wordsAndTheMeasureKeepTheKeyAxis() {
    auto document = translationDocument();
    document->setTargetText(kTarget);
    document->setText(kSource);
    document->waitForIdle();
    document->setMeasure(AttentionMeasure::ValueNorm);
    document->setMergeWords(true);
    document->waitForIdle();
    const AttentionTrace& trace = document->trace();
    QCOMPARE(trace.length(), 7);
    QCOMPARE(trace.keyLength(), 5);
    QCOMPARE(trace.keyDisplayTokens().last(), QStringLiteral("</s>"));
    const HeadWeights head = trace.head(0, 0);
    QCOMPARE(int(head.cols()), 5);
    // Weight × ‖v‖ scales each key's column by that key's norm.
    const AttentionTrace& pieces = *document->pieceTrace();
    const HeadWeights plain = pieces.head(0, 0);
    for (int k = 0; k < 5; ++k)
        QVERIFY(std::abs(head(2, k) - plain(2, k) * pieces.valueNorm(0, 0, k)) < 1e-5f);
}

void TestTranslationDocument::theStackSwitchIsShownOnlyForTranslationModels() {
    auto document = translationDocument();
    QWidget host;
    ViewControls controls(document.get(), [](QWidget*) {}, nullptr);
    host.setLayout(controls.row());
    QVERIFY(!controls.stackBox()->isHidden());
    QCOMPARE(controls.stackBox()->count(), 3);
    QCOMPARE(controls.stackBox()->currentText(), stackTitle(StackKind::Cross));
    QCOMPARE(controls.headBox()->maximum(), 1);
    document->setText(kSource);
    document->waitForIdle();
    controls.stackBox()->setCurrentIndex(controls.stackBox()->findData(int(StackKind::Encoder)));
    QCOMPARE(document->stack(), StackKind::Encoder);
    QCOMPARE(document->trace().stack(), StackKind::Encoder);
    QCOMPARE(controls.layerBox()->maximum(), 1);
    QCOMPARE(controls.headBox()->maximum(), 3);
    document->setStack(StackKind::Decoder);  // the box follows the document
    QCOMPARE(controls.stackBox()->currentData().toInt(), int(StackKind::Decoder));

    QVERIFY(document->setModelSpec(ModelSpec{QStringLiteral("builtin:teaching"), {}}));
    QVERIFY(controls.stackBox()->isHidden());
    QVERIFY(!document->isEncoderDecoder());
}

void TestTranslationDocument::marianStacksAgreeWithTransformers_data() {
    QTest::addColumn<QString>("name");
    QTest::addColumn<int>("stack");
    QTest::addColumn<QString>("key");
    for (const char* name : {"danish", "chinese", "english"}) {
        QTest::addRow("%s encoder", name) << name << int(StackKind::Encoder) << "encoder_attentions";
        QTest::addRow("%s decoder", name) << name << int(StackKind::Decoder) << "decoder_attentions";
        QTest::addRow("%s cross", name) << name << int(StackKind::Cross) << "cross_attentions";
    }
}

void TestTranslationDocument::marianStacksAgreeWithTransformers() {
    QFETCH(QString, name);
    QFETCH(int, stack);
    QFETCH(QString, key);
    const QJsonObject golden = marianCase(name);
    QVERIFY(!golden.isEmpty());
    AttentionDocument document;
    QVERIFY(document.setModelSpec(ModelSpec{marianFolder(), {}}));
    QVERIFY(document.isEncoderDecoder());
    document.setTargetText(golden.value("target_text").toString());  // teacher forcing, as the golden
    document.setText(golden.value("source_text").toString());
    document.waitForIdle();
    QVERIFY2(document.lastError().message.isEmpty(), qPrintable(document.lastError().message));
    document.setStack(StackKind(stack));
    const AttentionTrace& trace = document.trace();
    QCOMPARE(trace.tokenIds(), idsOf(StackKind(stack) == StackKind::Encoder ? golden.value("source_ids")
                                                                              : golden.value("decoder_input_ids")));
    QCOMPARE(trace.keyTokenIds(), idsOf(StackKind(stack) == StackKind::Decoder ? golden.value("decoder_input_ids")
                                                                                 : golden.value("source_ids")));
    const QJsonArray layers = golden.value(key).toArray();  // (L, H, T, S)
    QCOMPARE(trace.layers(), int(layers.size()));
    double worst = 0.0;
    for (int l = 0; l < trace.layers(); ++l) {
        const QJsonArray heads = layers[l].toArray();
        QCOMPARE(trace.heads(), int(heads.size()));
        for (int h = 0; h < trace.heads(); ++h) {
            const HeadWeights head = trace.head(l, h);
            const QJsonArray rows = heads[h].toArray();
            QCOMPARE(int(head.rows()), int(rows.size()));
            for (int q = 0; q < int(rows.size()); ++q) {
                const QJsonArray row = rows[q].toArray();
                QCOMPARE(int(head.cols()), int(row.size()));
                for (int k = 0; k < int(row.size()); ++k)
                    worst = std::max(worst, std::abs(double(head(q, k)) - row[k].toDouble()));
            }
        }
    }
    QVERIFY2(worst < 1e-5, qPrintable(QString::number(worst)));
}

void TestTranslationDocument::marianGeneratesAsTransformers() {
    const QJsonObject golden = marianCase(QStringLiteral("danish"));
    AttentionDocument document;
    QVERIFY(document.setModelSpec(ModelSpec{marianFolder(), {}}));
    document.setText(golden.value("source_text").toString());
    document.waitForIdle();
    QVERIFY2(document.lastError().message.isEmpty(), qPrintable(document.lastError().message));
    // generate()'s ids are the start token, the generated ones and the end token; the decoder's
    // rows are all but the end token.
    std::vector<int> rows = idsOf(golden.value("generated_ids"));
    rows.pop_back();
    QCOMPARE(document.trace().tokenIds(), rows);
    QVERIFY(!document.isTeacherForced());
    QVERIFY(!document.targetText().isEmpty());
}

QTEST_MAIN(TestTranslationDocument)
#include "tst_translationdocument.moc"
