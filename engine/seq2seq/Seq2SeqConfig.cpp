#include "seq2seq/Seq2SeqConfig.h"

#include <cmath>

#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>
#include <QJsonArray>

#include "hf/ConfigFile.h"
#include "hf/ConfigReader.h"
#include "hf/FamilyTraits.h"

namespace headmap {
namespace {

Seq2SeqPositions positionsOf(const FamilyTraits& family) {
    switch (family.positions) {
    case PositionKind::SinusoidalHalves: return Seq2SeqPositions::SinusoidalHalves;
    case PositionKind::SinusoidalFairseq: return Seq2SeqPositions::SinusoidalFairseq;
    case PositionKind::RelativeBuckets: return Seq2SeqPositions::RelativeBuckets;
    default: return Seq2SeqPositions::LearnedOffsetTwo;
    }
}

// A token id field: -1 when absent or null (forced_bos_token_id is usually null).
int tokenIdOr(const ConfigReader& reader, const char* key, int fallback, int vocab) {
    return reader.has(key) ? reader.integer(key, 0, vocab - 1) : fallback;
}

// generate() reads generation_config.json, and config.json's own generation fields where a
// folder has none; both are read the same way.
GenerationSettings generationOf(const ConfigReader& reader, const GenerationSettings& base, int vocab) {
    GenerationSettings g = base;
    g.decoderStartTokenId = tokenIdOr(reader, "decoder_start_token_id", g.decoderStartTokenId, vocab);
    g.eosTokenId = tokenIdOr(reader, "eos_token_id", g.eosTokenId, vocab);
    g.padTokenId = tokenIdOr(reader, "pad_token_id", g.padTokenId, vocab);
    g.forcedBosTokenId = tokenIdOr(reader, "forced_bos_token_id", g.forcedBosTokenId, vocab);
    g.forcedEosTokenId = tokenIdOr(reader, "forced_eos_token_id", g.forcedEosTokenId, vocab);
    g.maxLength = reader.integerOr("max_length", g.maxLength, 1, kMaxPositionsLimit);
    g.minLength = reader.integerOr("min_length", g.minLength, 0, kMaxPositionsLimit);
    g.noRepeatNgramSize = reader.integerOr("no_repeat_ngram_size", g.noRepeatNgramSize, 0, 1024);
    g.numBeams = reader.integerOr("num_beams", g.numBeams, 1, 1024);
    if (reader.has("bad_words_ids")) {
        g.badWordsIds.clear();
        const QJsonValue value = reader.json().value(QLatin1String("bad_words_ids"));
        bool ok = value.isArray();
        for (const QJsonValue& sequence : value.toArray()) {
            ok = ok && sequence.isArray() && !sequence.toArray().isEmpty();
            std::vector<int> ids;
            for (const QJsonValue& id : sequence.toArray()) {
                ok = ok && id.isDouble() && id.toDouble() >= 0 && id.toDouble() < vocab;
                ids.push_back(id.toInt());
            }
            g.badWordsIds.push_back(std::move(ids));
        }
        if (!ok)
            reader.fail(QCoreApplication::translate("Engine", "field '%1' must be a list of lists of token ids "
                                                              "below %2")
                            .arg(reader.name("bad_words_ids")).arg(vocab));
    }
    return g;
}

// config.json's generation fields, then generation_config.json's over them.
void readGeneration(Seq2SeqConfig& c, const ConfigReader& reader, const QJsonObject& generationConfig, int eos) {
    GenerationSettings base;
    base.padTokenId = c.padTokenId;
    base.decoderStartTokenId = c.padTokenId;
    base.eosTokenId = eos;
    c.generation = generationOf(reader, base, c.targetVocabSize());
    if (!generationConfig.isEmpty()) {
        const QString generationPath = QFileInfo(reader.path()).dir().filePath(QStringLiteral("generation_config.json"));
        c.generation = generationOf(ConfigReader(generationPath, generationConfig), c.generation,
                                    c.targetVocabSize());
    }
}

// T5 spells its sizes its own way (configuration_t5.py) and says its feed-forward in one field,
// "relu", "gated-gelu" or "{gated-}ACT".
Seq2SeqConfig t5FromJson(const ConfigReader& reader, const FamilyTraits& family, const QJsonObject& generationConfig) {
    Seq2SeqConfig c;
    c.path = reader.path();
    c.modelType = family.modelType;
    c.names = family.seq2seqNames;
    c.positions = Seq2SeqPositions::RelativeBuckets;
    c.preNorm = true;
    c.rmsNorm = true;
    c.biases = false;
    c.preferStoredHead = true;
    c.finalStackNorms = true;
    c.scaledScores = false;
    c.dModel = reader.integer("d_model", 1, kMaxDim);
    c.headDim = reader.integer("d_kv", 1, kMaxDim);
    c.encoderLayers = reader.integer("num_layers", 1, kMaxLayers);
    c.decoderLayers = reader.integerOr("num_decoder_layers", c.encoderLayers, 1, kMaxLayers);
    c.encoderHeads = c.decoderHeads = reader.integer("num_heads", 1, kMaxDim);
    c.encoderFfn = c.decoderFfn = reader.integer("d_ff", 1, kMaxDim * 16);
    c.vocabSize = c.decoderVocabSize = reader.integer("vocab_size", 1, kMaxVocab);
    c.maxPositions = reader.integerOr("n_positions", 512, 1, kMaxPositionsLimit);
    c.padTokenId = reader.integerOr("pad_token_id", 0, 0, c.vocabSize - 1);
    c.layerNormEps = float(reader.numberOr("layer_norm_epsilon", 1e-6));
    c.relativeBuckets = reader.integerOr("relative_attention_num_buckets", 32, 2, 1 << 16);
    c.relativeMaxDistance = reader.integerOr("relative_attention_max_distance", 128, 1, kMaxPositionsLimit);
    if (c.relativeMaxDistance <= c.relativeBuckets / 4)
        reader.fail(QCoreApplication::translate("Engine", "relative_attention_max_distance %1 must exceed a quarter "
                                                          "of relative_attention_num_buckets %2")
                        .arg(c.relativeMaxDistance).arg(c.relativeBuckets));
    const QString projection = reader.stringOr("feed_forward_proj", QStringLiteral("relu"));
    const QStringList parts = projection.split(QLatin1Char('-'));
    c.gatedFfn = parts.first() == QLatin1String("gated");
    const bool shapeOk = parts.size() == 1 || (parts.size() == 2 && c.gatedFfn);
    // configuration_t5.py: "gated-gelu" means gelu_new, for backward compatibility.
    const QString activation = projection == QLatin1String("gated-gelu") ? QStringLiteral("gelu_new") : parts.last();
    const std::optional<Activation> known = activationNamed(activation);
    if (!shapeOk || !known)
        reader.fail(QCoreApplication::translate("Engine", "feed_forward_proj '%1' is not supported (supported: relu, "
                                                          "gelu, gated-gelu, gated-silu, gelu_new, gated-gelu_new)")
                        .arg(projection));
    c.activation = *known;
    // T5Config: the decoder output is scaled by d_model^-0.5 unless config.json says
    // tie_word_embeddings: false; mT5 never scales it. Both force the tie on, and from_pretrained
    // leaves lm_head untied when the file holds one (preferStoredHead).
    const bool tiedField = reader.boolOr("tie_word_embeddings", true);
    c.outputScale = family.scaledTiedOutput && tiedField ? float(std::pow(double(c.dModel), -0.5)) : 1.0f;
    c.tieWordEmbeddings = family.scaledTiedOutput ? tiedField : true;
    readGeneration(c, reader, generationConfig, 1);
    return c;
}

}  // namespace

Seq2SeqConfig Seq2SeqConfig::fromJson(const QString& path, const QJsonObject& json, const FamilyTraits& family,
                                      const QJsonObject& generationConfig) {
    const ConfigReader reader(path, json);
    if (family.positions == PositionKind::RelativeBuckets)
        return t5FromJson(reader, family, generationConfig);
    Seq2SeqConfig c;
    c.path = path;
    c.modelType = family.modelType;
    c.names = family.seq2seqNames;
    c.scaledScores = family.scaledScores;
    c.dModel = reader.integer("d_model", 1, kMaxDim);
    c.encoderLayers = reader.integer("encoder_layers", 1, kMaxLayers);
    c.decoderLayers = reader.integer("decoder_layers", 1, kMaxLayers);
    c.encoderHeads = reader.integer("encoder_attention_heads", 1, kMaxDim);
    c.decoderHeads = reader.integer("decoder_attention_heads", 1, kMaxDim);
    c.encoderFfn = reader.integer("encoder_ffn_dim", 1, kMaxDim * 16);
    c.decoderFfn = reader.integer("decoder_ffn_dim", 1, kMaxDim * 16);
    c.vocabSize = reader.integer("vocab_size", 1, kMaxVocab);
    c.maxPositions = reader.integer("max_position_embeddings", 1, kMaxPositionsLimit);
    c.padTokenId = reader.integerOr("pad_token_id", 1, 0, c.vocabSize - 1);
    c.activation = reader.activation("activation_function", family.defaultActivation);
    c.scaleEmbedding = reader.boolOr("scale_embedding", false);
    c.preNorm = family.layout == BlockLayout::PreNorm;
    c.embeddingNorm = family.embeddingNorm;
    c.finalStackNorms = family.finalStackNorms;
    c.finalLogitsBias = family.finalLogitsBias;
    c.positions = positionsOf(family);
    c.sharedEmbeddings = reader.boolOr("share_encoder_decoder_embeddings", true);
    // MarianConfig ties exactly when the vocabularies are shared, whatever config.json says.
    c.tieWordEmbeddings = c.sharedEmbeddings && reader.boolOr("tie_word_embeddings", family.tiedByDefault);
    c.decoderVocabSize = c.sharedEmbeddings ? c.vocabSize
                                            : reader.integerOr("decoder_vocab_size", c.vocabSize, 1, kMaxVocab);
    for (const auto& [heads, what] : {std::pair{c.encoderHeads, "encoder_attention_heads"},
                                      std::pair{c.decoderHeads, "decoder_attention_heads"}})
        if (c.dModel % heads != 0)
            reader.fail(QCoreApplication::translate("Engine", "d_model %1 is not divisible by %2 %3")
                            .arg(c.dModel).arg(QLatin1String(what)).arg(heads));
    c.headDim = c.dModel / c.encoderHeads;
    if (c.encoderHeads != c.decoderHeads)
        reader.fail(QCoreApplication::translate("Engine", "encoder_attention_heads %1 and decoder_attention_heads %2 "
                                                          "differ; Headmap reads models whose stacks have heads of one width")
                        .arg(c.encoderHeads).arg(c.decoderHeads));
    if (c.positions == Seq2SeqPositions::SinusoidalFairseq && c.dModel / 2 < 2)
        reader.fail(QCoreApplication::translate("Engine", "d_model %1 is too small for sinusoidal positions")
                        .arg(c.dModel));

    readGeneration(c, reader, generationConfig, 2);
    return c;
}

Seq2SeqConfig Seq2SeqConfig::read(const QString& folder, const QString& path, const QJsonObject& json,
                                  const FamilyTraits& family) {
    const QString generationPath = QDir(folder).filePath(QStringLiteral("generation_config.json"));
    const QJsonObject generation =
        QFileInfo::exists(generationPath) ? ConfigFile::readJsonObject(generationPath) : QJsonObject();
    return fromJson(path, json, family, generation);
}

}  // namespace headmap
