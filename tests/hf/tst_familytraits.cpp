// The family traits table (hf/FamilyTraits.h), which every loader reads instead of comparing
// model_type strings: each row is complete for the class that builds it, names are unique and
// the GGUF names map back, the supported lists everywhere (config readers, the architecture
// registry, error messages, `headmap-cli help`) are the table's, and two rows that differ only
// in a trait a config does not use compute the same model.

#include <QDir>
#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>
#include <QSet>
#include <QTemporaryDir>
#include <QtTest>

#include "GgufBytes.h"
#include "TestFiles.h"
#include "TestPaths.h"
#include "core/HeadmapError.h"
#include "formats/GgufFile.h"
#include "gguf/GgufDecoderConfig.h"
#include "hf/ArchitectureRegistry.h"
#include "hf/ConfigFile.h"
#include "hf/ConfigReader.h"
#include "hf/DecoderConfig.h"
#include "hf/FamilyTraits.h"
#include "hf/HfConfig.h"
#include "model/ModelLoader.h"
#include "../cli/CliProcess.h"

using namespace headmap;

namespace {

// The families of one class, in table order.
QStringList rowsOf(ModelClass modelClass) {
    QStringList types;
    for (const FamilyTraits& row : familyTraitsTable())
        if (row.modelClass == modelClass)
            types << row.modelType;
    return types;
}

// The words of the help paragraph that starts with `start` and ends before `end`, with the
// line breaks and the continuation margin taken out.
QString paragraph(const QString& help, const QString& start, const QString& end) {
    const int from = help.indexOf(start);
    const int to = help.indexOf(end, from + 1);
    if (from < 0 || to < 0)
        return QString();
    return help.mid(from + start.size(), to - from - start.size()).simplified();
}

// What the loaders say about `json` as config.json; "" when it loads.
QString configError(const QByteArray& json, const std::function<void(const QString& folder)>& read) {
    QTemporaryDir dir;
    if (!testsupport::writeFile(dir.filePath(QStringLiteral("config.json")), json))
        return QStringLiteral("could not write config.json");
    try {
        read(dir.path());
    } catch (const HeadmapError& error) {
        return error.message();
    }
    return QString();
}

}  // namespace

class FamilyTraitsTest : public QObject {
    Q_OBJECT
private slots:
    void namesAreUnique();
    void rowIsCompleteForItsClass_data();
    void rowIsCompleteForItsClass();
    void ggufNamesMapBack_data();
    void ggufNamesMapBack();
    void supportedListsAreTheTables();
    void helpListsTheTable();
    void refusalsListTheTable_data();
    void refusalsListTheTable();
    void ggufRefusalListsTheTable();
    void rowsThatDifferInAnUnusedTraitComputeAlike();
};

void FamilyTraitsTest::namesAreUnique() {
    QSet<QString> types, displayNames, ggufNames;
    for (const FamilyTraits& row : familyTraitsTable()) {
        QVERIFY2(!row.modelType.isEmpty() && !row.displayName.isEmpty(), qPrintable(row.modelType));
        QVERIFY2(!types.contains(row.modelType), qPrintable(row.modelType + QStringLiteral(" twice")));
        QVERIFY2(!displayNames.contains(row.displayName), qPrintable(row.displayName + QStringLiteral(" twice")));
        types << row.modelType;
        displayNames << row.displayName;
        for (const QString& arch : row.gguf.architectures) {
            QVERIFY2(!arch.isEmpty() && !ggufNames.contains(arch), qPrintable(row.modelType + QStringLiteral(": ") + arch));
            ggufNames << arch;
        }
        // A GGUF architecture whose files may have experts (llama: Mixtral) names a row with them.
        if (row.gguf.expertTwin) {
            const FamilyTraits* twin = findFamily(QLatin1String(row.gguf.expertTwin));
            QVERIFY2(twin && twin->moe && !row.moe, qPrintable(row.modelType));
        }
    }
    QVERIFY(types.size() >= 13);  // the families before the table, none lost in the move
}

void FamilyTraitsTest::rowIsCompleteForItsClass_data() {
    QTest::addColumn<QString>("modelType");
    for (const FamilyTraits& row : familyTraitsTable())
        QTest::newRow(qPrintable(row.modelType)) << row.modelType;
}

// Each class computes only some of the parts the enums name; a row that asks for another would
// be computed as something else without a word, so the table must not hold one.
void FamilyTraitsTest::rowIsCompleteForItsClass() {
    QFETCH(QString, modelType);
    const FamilyTraits* row = findFamily(modelType);
    QVERIFY(row);
    QCOMPARE(row->modelType, modelType);

    // The loader builds every row (no class left without builder) and the GGUF reader knows
    // decoders, and encoder–decoders whose row names their GGUF tensors (llama.cpp's t5).
    const Architecture* architecture = findArchitecture(modelType);
    QVERIFY2(architecture && architecture->build && architecture->summarize, qPrintable(modelType));
    QCOMPARE(architecture->families, row->displayName);
    const bool ggufSeq2Seq = row->isEncoderDecoder() && row->gguf.seq2seqNames &&
                             row->positions == PositionKind::RelativeBuckets && row->gguf.relativeMaxDistance > 0;
    QVERIFY2(row->gguf.architectures.isEmpty() || row->modelClass == ModelClass::Decoder || ggufSeq2Seq,
             qPrintable(modelType));
    if (!row->gguf.architectures.isEmpty() && ggufSeq2Seq) {
        const GgufSeq2SeqTensorNames& g = *row->gguf.seq2seqNames;
        for (const QString& name : {g.embeddings, g.outputHead, g.encoderLayer, g.decoderLayer, g.selfAttention,
                                    g.crossAttention, g.query, g.key, g.value, g.output, g.relativeBias, g.selfNorm,
                                    g.crossNorm, g.ffnNorm, g.ffnIn, g.ffnGate, g.ffnUp, g.ffnOut,
                                    g.encoderFinalNorm, g.decoderFinalNorm})
            QVERIFY2(!name.isEmpty(), qPrintable(modelType + QStringLiteral(": an empty GGUF tensor name")));
        QVERIFY(g.encoderLayer.contains(QLatin1String("%1")) && g.decoderLayer.contains(QLatin1String("%1")));
    }
    QVERIFY2(activationNamed(row->defaultActivation).has_value(), qPrintable(row->defaultActivation));

    switch (row->modelClass) {
    case ModelClass::Encoder: {
        QVERIFY(row->spelling == ConfigSpelling::Bert || row->spelling == ConfigSpelling::DistilBert);
        QVERIFY(row->layout == BlockLayout::NormAfterResidual);
        QVERIFY(row->norm == NormKind::LayerNorm);
        QVERIFY(row->positions == PositionKind::Learned || row->positions == PositionKind::LearnedAfterPadding);
        QVERIFY(row->feedForward == FeedForwardKind::Plain);
        QVERIFY(row->projection == QkvProjection::Separate);
        QVERIFY(row->qkNorm == QkNormKind::None);
        QVERIFY(!row->causal());
        const EncoderTensorNames* names = row->encoderNames;
        QVERIFY(names);
        for (const QString& name : {names->prefix, names->embeddings, names->layer, names->query, names->key,
                                    names->value, names->attentionOut, names->attentionNorm, names->ffnIn,
                                    names->ffnOut, names->outputNorm, names->headDense, names->headNorm,
                                    names->headBias})
            QVERIFY2(!name.isEmpty(), qPrintable(modelType));
        QVERIFY(names->layer.contains(QLatin1String("%1")));
        break;
    }
    case ModelClass::Gpt2:
        QVERIFY(row->spelling == ConfigSpelling::Gpt2);
        QVERIFY(row->layout == BlockLayout::PreNorm);
        QVERIFY(row->norm == NormKind::LayerNorm);
        QVERIFY(row->positions == PositionKind::Learned);
        QVERIFY(row->feedForward == FeedForwardKind::Plain);
        QVERIFY(row->projection == QkvProjection::FusedColumns);
        QVERIFY(row->causal());
        break;
    case ModelClass::Decoder: {
        QVERIFY(row->spelling == ConfigSpelling::Decoder);
        QVERIFY(row->layout != BlockLayout::NormAfterResidual);
        QVERIFY(row->positions == PositionKind::Rope || row->positions == PositionKind::RopeWithLocalBase ||
                row->positions == PositionKind::RopeExceptNoPe);
        QVERIFY(row->projection != QkvProjection::FusedColumns);
        QVERIFY(row->biases != BiasRule::Always);
        QVERIFY(row->causal());
        QCOMPARE(blockNormNames(row->layout).size(), row->layout == BlockLayout::Sandwich ? 4 : 2);
        const DecoderTensorNames* names = row->decoderNames;
        QVERIFY(names);
        for (const QString& name : {names->prefix, names->embeddings, names->finalNorm, names->outputHead,
                                    names->attention, names->output, names->down})
            QVERIFY2(!name.isEmpty(), qPrintable(modelType));
        const bool separate = row->projection == QkvProjection::Separate;
        QVERIFY(separate ? !names->query.isEmpty() && !names->key.isEmpty() && !names->value.isEmpty()
                         : !names->fusedQkv.isEmpty());
        if (row->qkNorm != QkNormKind::None)
            QVERIFY(!names->queryNorm.isEmpty() && !names->keyNorm.isEmpty());
        if (row->feedForward == FeedForwardKind::Gated)
            QVERIFY(!names->gate.isEmpty() && !names->up.isEmpty());
        if (row->feedForward == FeedForwardKind::Plain)
            QVERIFY(!names->up.isEmpty());
        if (row->feedForward == FeedForwardKind::GatedFused)
            QVERIFY(!names->fusedGateUp.isEmpty());
        // A mixture of experts: its MoeTraits with every tensor name (the experts' numbered),
        // a gated MLP's names for its dense layers, separate projections (the only ones
        // DecoderModel combines with it).
        QCOMPARE(row->feedForward == FeedForwardKind::MixtureOfExperts, row->moe != nullptr);
        if (row->moe) {
            const MoeTraits& m = *row->moe;
            // Stacked experts (gpt-oss): one gate_up and one down tensor for all, not numbered.
            const bool stacked = m.storage == MoeTraits::Storage::Stacked;
            for (const QString& name : {m.router, m.expert, stacked ? m.expertUp : m.expertGate, m.expertUp, m.expertDown})
                QVERIFY2(!name.isEmpty(), qPrintable(modelType));
            QCOMPARE(m.expert.contains(QLatin1String("%1")), !stacked);
            QVERIFY(m.expertKind != MoeTraits::ExpertKind::ClampedSwiGlu || stacked);
            QVERIFY(!m.sharedExpert || (!m.shared.isEmpty() && !m.sharedGate.isEmpty()));
            QVERIFY(m.expertsField && m.expertSizeField);
            QVERIFY(!names->gate.isEmpty() && !names->up.isEmpty());
            QCOMPARE(row->projection, QkvProjection::Separate);
            QCOMPARE(row->layout, BlockLayout::PreNorm);
        }
        if (row->sliding.kind == SlidingLayers::Kind::AllButEveryNth)
            QVERIFY(row->sliding.period > 0);
        QCOMPARE(row->attentionSinks, !names->sinks.isEmpty());
        if (row->scale == AttentionScale::QueryPreAttnScalar && !row->gguf.architectures.isEmpty())
            QVERIFY(row->gguf.wideScalarBlockCount > 0);
        break;
    }
    case ModelClass::RotaryEncoder:
        // ModernBertModel computes exactly ModernBERT's parts: pre-norm LayerNorms, rotary with a
        // local base, GeGLU in one Wi, a fused Wqkv.
        QVERIFY(row->layout == BlockLayout::PreNorm);
        QVERIFY(row->norm == NormKind::LayerNorm);
        QVERIFY(row->positions == PositionKind::RopeWithLocalBase);
        QVERIFY(row->feedForward == FeedForwardKind::GatedFused);
        QVERIFY(row->projection == QkvProjection::Fused);
        QVERIFY(!row->causal());
        break;
    case ModelClass::EncoderDecoder: {
        // EncoderDecoderModel reads separate q/k/v/out projections, and either LayerNorms with
        // biases and absolute positions (BART's kin) or RMSNorm without biases and T5's bucketed
        // relative bias; nothing else.
        QCOMPARE(row->projection, QkvProjection::Separate);
        QVERIFY(row->layout == BlockLayout::PreNorm || row->layout == BlockLayout::NormAfterResidual);
        QVERIFY(row->seq2seqNames != nullptr);
        if (row->positions == PositionKind::RelativeBuckets) {
            QCOMPARE(row->norm, NormKind::RmsNorm);
            QCOMPARE(row->biases, BiasRule::None);
        } else {
            QCOMPARE(row->norm, NormKind::LayerNorm);
            QCOMPARE(row->biases, BiasRule::Always);
            QVERIFY(row->positions == PositionKind::SinusoidalHalves ||
                    row->positions == PositionKind::SinusoidalFairseq ||
                    row->positions == PositionKind::LearnedOffsetTwo);
        }
        // GGUF: only T5's layout (ggufSeq2SeqConfig), with its GGUF names (checked above).
        QVERIFY(row->gguf.architectures.isEmpty() || row->positions == PositionKind::RelativeBuckets);
        break;
    }
    }
}

void FamilyTraitsTest::ggufNamesMapBack_data() {
    QTest::addColumn<QString>("modelType");
    QTest::addColumn<QString>("arch");
    for (const FamilyTraits& row : familyTraitsTable())
        for (const QString& arch : row.gguf.architectures)
            QTest::addRow("%s", qPrintable(arch)) << row.modelType << arch;
}

void FamilyTraitsTest::ggufNamesMapBack() {
    QFETCH(QString, modelType);
    QFETCH(QString, arch);
    const FamilyTraits* row = findFamilyByGguf(arch);
    QVERIFY(row);
    QCOMPARE(row->modelType, modelType);
    QCOMPARE(row, findFamily(modelType));
    QVERIFY(supportedGgufArchitectures().contains(arch));
}

void FamilyTraitsTest::supportedListsAreTheTables() {
    QStringList inOrder;
    for (const FamilyTraits& row : familyTraitsTable())
        inOrder << row.modelType;
    QCOMPARE(supportedModelTypes(), inOrder);

    QStringList registered;
    for (const Architecture& architecture : architectures())
        registered << architecture.modelType;
    QCOMPARE(registered, inOrder);

    QCOMPARE(HfConfig::supportedModelTypes(), rowsOf(ModelClass::Encoder) + rowsOf(ModelClass::Gpt2));
    QCOMPARE(DecoderConfig::supportedModelTypes(), rowsOf(ModelClass::Decoder));
    QCOMPARE(HfConfig::supportedModelTypes().size() + DecoderConfig::supportedModelTypes().size() +
                 rowsOf(ModelClass::EncoderDecoder).size() + rowsOf(ModelClass::RotaryEncoder).size(),
             supportedModelTypes().size());

    QStringList gguf;
    for (const FamilyTraits& row : familyTraitsTable())
        gguf << row.gguf.architectures;
    QCOMPARE(supportedGgufArchitectures(), gguf);
    QVERIFY(findFamily(QStringLiteral("mamba")) == nullptr);
    QVERIFY(findFamilyByGguf(QStringLiteral("gemma3_text")) == nullptr);  // a model_type, not an arch
}

// `headmap-cli help` lists what the table holds, in its order, filled into the help's width.
void FamilyTraitsTest::helpListsTheTable() {
    const CliResult result = runCli({QStringLiteral("help")});
    CLI_CHECK(result, 0);
    const QString help = QString::fromUtf8(result.out);
    const QString folders = paragraph(help, QStringLiteral("tokenizer files): "), QStringLiteral("\n  --model ORG/NAME"));
    QCOMPARE(folders, supportedModelTypes().join(QStringLiteral(", ")));
    const QString gguf = paragraph(help, QStringLiteral("a GGUF file (llama.cpp): "), QStringLiteral(";"));  // wraps anywhere
    QCOMPARE(gguf, supportedGgufArchitectures().join(QStringLiteral(", ")));
    for (const QString& line : help.split(QLatin1Char('\n')))
        QVERIFY2(line.size() <= 94, qPrintable(line));
    // The continuation lines keep the options' margin.
    QVERIFY(help.contains(QStringLiteral("model.safetensors,\n") + QString(29, QLatin1Char(' ')) +
                          QStringLiteral("tokenizer files): ")));
}

void FamilyTraitsTest::refusalsListTheTable_data() {
    QTest::addColumn<QString>("reader");
    QTest::addColumn<QString>("modelType");
    QTest::addColumn<QStringList>("listed");
    QTest::newRow("config.json: unknown") << "ConfigFile" << "mamba" << supportedModelTypes();
    QTest::newRow("HfConfig: a decoder") << "HfConfig" << "llama" << HfConfig::supportedModelTypes();
    QTest::newRow("DecoderConfig: an encoder") << "DecoderConfig" << "bert" << DecoderConfig::supportedModelTypes();
    QTest::newRow("DecoderConfig: unknown") << "DecoderConfig" << "mamba" << DecoderConfig::supportedModelTypes();
}

// Every refusal names the file, the field and its value, and lists what is supported.
void FamilyTraitsTest::refusalsListTheTable() {
    QFETCH(QString, reader);
    QFETCH(QString, modelType);
    QFETCH(QStringList, listed);
    const QByteArray json = QJsonDocument(QJsonObject{{"model_type", modelType}, {"hidden_size", 64}}).toJson();
    const QString message = configError(json, [&](const QString& folder) {
        if (reader == QLatin1String("ConfigFile"))
            ConfigFile::read(folder);
        const QString path = QDir(folder).filePath(QStringLiteral("config.json"));
        const QJsonObject object = QJsonDocument::fromJson(json).object();
        if (reader == QLatin1String("HfConfig"))
            HfConfig::fromJson(path, object);
        if (reader == QLatin1String("DecoderConfig"))
            DecoderConfig::fromJson(path, object);
    });
    QVERIFY2(message.contains(QStringLiteral("config.json")), qPrintable(message));
    QVERIFY2(message.contains(QStringLiteral("model_type '%1'").arg(modelType)), qPrintable(message));
    QVERIFY2(message.contains(listed.join(QStringLiteral(", "))), qPrintable(message));
}

void FamilyTraitsTest::ggufRefusalListsTheTable() {
    fixture::GgufParts parts = fixture::validGgufParts();
    parts.kvs = {fixture::ggufStringKv("general.architecture", "mamba")};
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("mamba.gguf"));
    QVERIFY(testsupport::writeFile(path, fixture::gguf(parts)));
    try {
        ggufDecoderConfig(GgufFile(path));
        QFAIL("expected a ModelError");
    } catch (const ModelError& error) {
        QVERIFY2(error.message().contains(QStringLiteral("general.architecture is 'mamba'")), qPrintable(error.message()));
        QVERIFY2(error.message().contains(supportedGgufArchitectures().join(QStringLiteral(", "))),
                 qPrintable(error.message()));
    }
}

// Mistral's row differs from Llama's only in its sliding window, which a config without
// sliding_window does not use: the Llama fixture renamed to mistral must then be the same model
// to the bit. Nothing but the traits may tell two families apart (no model_type test left).
void FamilyTraitsTest::rowsThatDifferInAnUnusedTraitComputeAlike() {
    const FamilyTraits* llama = findFamily(QStringLiteral("llama"));
    const FamilyTraits* mistral = findFamily(QStringLiteral("mistral"));
    QVERIFY(llama && mistral);
    QVERIFY(mistral->sliding.kind == SlidingLayers::Kind::AllLayers);
    QVERIFY(llama->sliding.kind == SlidingLayers::Kind::None);

    const QString source = testsupport::modelFixture(QStringLiteral("llama_f32_tied"));
    QTemporaryDir dir;
    for (const QString& file : QDir(source).entryList(QDir::Files)) {
        QByteArray bytes = testsupport::readFile(QDir(source).filePath(file));
        if (file == QLatin1String("config.json")) {
            QJsonObject config = QJsonDocument::fromJson(bytes).object();
            QVERIFY(!config.contains(QLatin1String("sliding_window")));
            config.insert(QStringLiteral("model_type"), QStringLiteral("mistral"));
            bytes = QJsonDocument(config).toJson();
        }
        QVERIFY(testsupport::writeFile(dir.filePath(file), bytes));
    }

    const auto asLlama = loadModel(ModelSpec{source, {}});
    const auto asMistral = loadModel(ModelSpec{dir.path(), {}});
    QCOMPARE(asLlama->summary().architecture, QStringLiteral("llama"));
    QCOMPARE(asMistral->summary().architecture, QStringLiteral("mistral"));
    QCOMPARE(asMistral->summary().positions, asLlama->summary().positions);
    const Encoding input = asLlama->tokenize(QStringLiteral("the cat sat on the mat"));
    QVERIFY(input.size() > 3);
    const RunResult a = asLlama->run(input);
    const RunResult b = asMistral->run(input);
    QVERIFY(a.hidden.size() > 0);
    QCOMPARE(b.hidden.rows(), a.hidden.rows());
    QCOMPARE(b.hidden.cols(), a.hidden.cols());
    QVERIFY((a.hidden.array() == b.hidden.array()).all());
    for (int l = 0; l < asLlama->summary().layers; ++l)
        for (int h = 0; h < asLlama->summary().heads; ++h)
            for (int q = 0; q < input.size(); ++q)
                for (int k = 0; k <= q; ++k)
                    QCOMPARE(b.trace.weight(l, h, q, k), a.trace.weight(l, h, q, k));
}

QTEST_GUILESS_MAIN(FamilyTraitsTest)
#include "tst_familytraits.moc"
