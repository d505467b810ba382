#include "seq2seq/EncoderDecoderModel.h"

#include <cmath>

#include <QCoreApplication>

#include "core/HeadmapError.h"
#include "core/Linear.h"
#include "core/MultiHeadAttention.h"
#include "core/Ops.h"
#include "hf/FamilyTraits.h"
#include "hf/WeightLookup.h"
#include "model/TargetSideTokenizer.h"

namespace headmap {
namespace {

// Marian's table (MarianSinusoidalPositionalEmbedding.create_weight): in float64 with numpy,
// then float32; sin of every position over the first half of the features, cos the second.
MatrixF marianSinusoid(int rows, int dim) {
    MatrixF table(rows, dim);
    const int sinCount = dim % 2 == 0 ? dim / 2 : dim / 2 + 1;
    for (int pos = 0; pos < rows; ++pos)
        for (int j = 0; j < dim; ++j) {
            const double angle = double(pos) / std::pow(10000.0, 2.0 * double(j / 2) / double(dim));
            if (j % 2 == 0)
                table(pos, j / 2) = float(std::sin(angle));
            else
                table(pos, sinCount + j / 2) = float(std::cos(angle));
        }
    return table;
}

// M2M100's (tensor2tensor's) table, in float32 step by step as get_embedding computes it; the
// padding row is zero.
MatrixF fairseqSinusoid(int rows, int dim, int paddingRow) {
    const int half = dim / 2;
    const float step = float(std::log(10000.0) / double(half - 1));
    MatrixF table = MatrixF::Zero(rows, dim);
    for (int pos = 0; pos < rows; ++pos)
        for (int k = 0; k < half; ++k) {
            const float frequency = std::exp(float(k) * -step);
            const float angle = float(pos) * frequency;
            table(pos, k) = std::sin(angle);
            table(pos, half + k) = std::cos(angle);
        }
    if (paddingRow >= 0 && paddingRow < rows)
        table.row(paddingRow).setZero();
    return table;
}

}  // namespace

EncoderDecoderModel::EncoderDecoderModel(Seq2SeqConfig config, std::unique_ptr<Checkpoint> checkpoint,
                                         std::unique_ptr<Tokenizer> tokenizer, const QString& name)
    : CheckpointModel(std::move(checkpoint), std::move(tokenizer)), m_config(std::move(config)) {
    mutableSummary() = summaryOf(m_config, this->tokenizer(), name);
    load();
}

ModelSummary EncoderDecoderModel::summaryOf(const Seq2SeqConfig& c, const Tokenizer& tokenizer, const QString& name) {
    ModelSummary s;
    s.name = name;
    s.shownName = ModelSummary::displayNameOf(name);
    s.architecture = c.modelType;
    s.dModel = c.dModel;
    s.maxPositions = c.maxPositions;
    s.vocabSize = c.vocabSize;
    s.targetVocabSize = c.targetVocabSize() != c.vocabSize ? c.targetVocabSize() : 0;
    s.positions = c.positions == Seq2SeqPositions::LearnedOffsetTwo ? QStringLiteral("learned")
                  : c.positions == Seq2SeqPositions::RelativeBuckets
                      ? QStringLiteral("relative buckets (%1, max distance %2)").arg(c.relativeBuckets).arg(c.relativeMaxDistance)
                      : QStringLiteral("sinusoidal");
    s.pieces = tokenizer.pieceStyle();
    const int encoderHead = c.headDim, decoderHead = c.headDim;
    s.stacks = {StackShape{StackKind::Encoder, c.encoderLayers, c.encoderHeads, c.encoderHeads, encoderHead, false},
                StackShape{StackKind::Decoder, c.decoderLayers, c.decoderHeads, c.decoderHeads, decoderHead, true},
                StackShape{StackKind::Cross, c.decoderLayers, c.decoderHeads, c.decoderHeads, decoderHead, false}};
    // The summary's own layers and heads are the default stack's, cross-attention.
    return s.forStack(StackKind::Cross);
}

AttentionWeights EncoderDecoderModel::loadAttention(const WeightLookup& weights, const QString& base) const {
    const int d = m_config.dModel;
    const int inner = m_config.encoderHeads * m_config.headDim;  // H·Dh
    const Seq2SeqTensorNames& names = *m_config.names;
    auto linear = [&](const QString& name, int in, int out) {
        const QString prefix = base + name;
        return Linear(weights.require(prefix + QStringLiteral(".weight"), {out, in}),
                      m_config.biases ? weights.require(prefix + QStringLiteral(".bias"), {out}) : nullptr, in, out,
                      WeightLayout::OutIn);
    };
    return AttentionWeights{linear(names.query, d, inner), linear(names.key, d, inner), linear(names.value, d, inner),
                            linear(names.output, inner, d)};
}

LayerNormWeights EncoderDecoderModel::loadNorm(const WeightLookup& weights, const QString& base) const {
    const int d = m_config.dModel;
    return LayerNormWeights{weights.require(base + QStringLiteral(".weight"), {d}),
                            m_config.rmsNorm ? nullptr : weights.require(base + QStringLiteral(".bias"), {d})};
}

EncoderDecoderModel::FeedForward EncoderDecoderModel::loadFeedForward(const WeightLookup& weights, const QString& base,
                                                                      int width) const {
    const int d = m_config.dModel;
    const Seq2SeqTensorNames& names = *m_config.names;
    auto linear = [&](const QString& name, int in, int out) {
        const QString prefix = base + name;
        return Linear(weights.require(prefix + QStringLiteral(".weight"), {out, in}),
                      m_config.biases ? weights.require(prefix + QStringLiteral(".bias"), {out}) : nullptr, in, out,
                      WeightLayout::OutIn);
    };
    FeedForward ffn;
    ffn.in = linear(m_config.gatedFfn ? names.ffnGate : names.ffnIn, d, width);
    if (m_config.gatedFfn)
        ffn.up = linear(names.ffnUp, d, width);
    ffn.out = linear(names.ffnOut, width, d);
    return ffn;
}

std::shared_ptr<const PositionBias> EncoderDecoderModel::loadBias(const WeightLookup& weights, const QString& stack,
                                                                  bool bidirectional) const {
    if (m_config.positions != Seq2SeqPositions::RelativeBuckets)
        return nullptr;
    // T5: block 0 of each stack computes the bias and every later block reuses it.
    const Seq2SeqTensorNames& names = *m_config.names;
    const QString name = stack + QStringLiteral("block.0.") + names.relativeBias + QStringLiteral(".weight");
    auto bias = std::make_shared<PositionBias>();
    bias->table = ConstMatrixMap(weights.require(name, {m_config.relativeBuckets, m_config.encoderHeads}),
                                 m_config.relativeBuckets, m_config.encoderHeads);
    bias->buckets = m_config.relativeBuckets;
    bias->maxDistance = m_config.relativeMaxDistance;
    bias->bidirectional = bidirectional;
    return bias;
}

const float* EncoderDecoderModel::positionTable(const WeightLookup& weights, const QString& stored) {
    const int d = m_config.dModel;
    switch (m_config.positions) {
    case Seq2SeqPositions::LearnedOffsetTwo:
        return weights.require(stored, {m_config.maxPositions + 2, d});
    case Seq2SeqPositions::SinusoidalHalves:
        // Older opus-mt checkpoints store the table; transformers then uses the stored values.
        if (weights.contains(stored))
            return weights.require(stored, {m_config.maxPositions, d});
        if (m_sinusoid.size() == 0)
            m_sinusoid = marianSinusoid(m_config.maxPositions, d);
        return m_sinusoid.data();
    case Seq2SeqPositions::SinusoidalFairseq:
        if (m_sinusoid.size() == 0)
            m_sinusoid = fairseqSinusoid(m_config.maxPositions + m_config.padTokenId + 2, d, m_config.padTokenId);
        return m_sinusoid.data();
    case Seq2SeqPositions::RelativeBuckets:
        return nullptr;
    }
    return nullptr;
}

void EncoderDecoderModel::load() {
    const Seq2SeqConfig& c = m_config;
    const Seq2SeqTensorNames& names = *c.names;
    const int d = c.dModel;
    // Converted weights land in m_owned and stay: translation models are small.
    ArenaReader converting(checkpoint(), m_owned);
    const Checkpoint& source = checkpoint().convertsOnRead() ? static_cast<const Checkpoint&>(converting) : checkpoint();
    const WeightLookup weights(source, {names.prefix, QString()}, names.probe);

    const QString shared = weights.contains(QStringLiteral("shared.weight")) ? QStringLiteral("shared.weight")
                                                                             : QStringLiteral("encoder.embed_tokens.weight");
    m_encoder.tokens = weights.require(shared, {c.vocabSize, d});
    m_decoder.tokens = c.sharedEmbeddings ? m_encoder.tokens
                                          : weights.require(QStringLiteral("decoder.embed_tokens.weight"),
                                                            {c.targetVocabSize(), d});
    m_encoder.positions = positionTable(weights, QStringLiteral("encoder.embed_positions.weight"));
    m_decoder.positions = positionTable(weights, QStringLiteral("decoder.embed_positions.weight"));
    m_encoder.bias = loadBias(weights, QStringLiteral("encoder."), true);
    m_decoder.bias = loadBias(weights, QStringLiteral("decoder."), false);
    if (c.embeddingNorm) {
        m_encoder.norm = loadNorm(weights, QStringLiteral("encoder.") + names.embeddingNorm);
        m_decoder.norm = loadNorm(weights, QStringLiteral("decoder.") + names.embeddingNorm);
    }
    if (c.finalStackNorms) {
        m_encoder.finalNorm = loadNorm(weights, QStringLiteral("encoder.") + names.finalNorm);
        m_decoder.finalNorm = loadNorm(weights, QStringLiteral("decoder.") + names.finalNorm);
    }
    m_encoderLayers.resize(size_t(c.encoderLayers));
    for (int l = 0; l < c.encoderLayers; ++l) {
        const QString base = names.encoderLayer.arg(l);
        EncoderLayer& layer = m_encoderLayers[size_t(l)];
        layer.self = loadAttention(weights, base + names.selfAttention);
        layer.selfNorm = loadNorm(weights, base + names.selfNorm);
        layer.ffn = loadFeedForward(weights, base + names.encoderFfn, c.encoderFfn);
        layer.finalNorm = loadNorm(weights, base + names.encoderFfnNorm);
    }
    m_decoderLayers.resize(size_t(c.decoderLayers));
    for (int l = 0; l < c.decoderLayers; ++l) {
        const QString base = names.decoderLayer.arg(l);
        DecoderLayer& layer = m_decoderLayers[size_t(l)];
        layer.self = loadAttention(weights, base + names.selfAttention);
        layer.selfNorm = loadNorm(weights, base + names.selfNorm);
        layer.cross = loadAttention(weights, base + names.crossAttention);
        layer.crossNorm = loadNorm(weights, base + names.crossNorm);
        layer.ffn = loadFeedForward(weights, base + names.decoderFfn, c.decoderFfn);
        layer.finalNorm = loadNorm(weights, base + names.decoderFfnNorm);
    }
    const int vocab = c.targetVocabSize();
    // lm_head and final_logits_bias live outside the model prefix.
    const QString head = QStringLiteral("lm_head.weight"), bias = QStringLiteral("final_logits_bias");
    const bool storedHead = c.preferStoredHead && source.info(head);
    m_head = c.tieWordEmbeddings && !storedHead ? m_decoder.tokens
                                                : WeightLookup(source, {QString()}, head).require(head, {vocab, d});
    if (c.finalLogitsBias && source.info(bias))
        m_logitsBias = WeightLookup(source, {QString()}, bias).require(bias, {1, vocab});
}

int EncoderDecoderModel::positionRow(const std::vector<int>& ids, int index, int first) const {
    switch (m_config.positions) {
    case Seq2SeqPositions::LearnedOffsetTwo: return first + index + 2;
    case Seq2SeqPositions::SinusoidalHalves:
    case Seq2SeqPositions::RelativeBuckets: return first + index;
    case Seq2SeqPositions::SinusoidalFairseq: {
        // create_position_ids_from_input_ids: padding keeps the padding row, other tokens count
        // from padding_idx + 1 (after the cached ones).
        if (ids[size_t(index)] == m_config.padTokenId)
            return m_config.padTokenId;
        int count = 0;
        for (int i = 0; i <= index; ++i)
            count += ids[size_t(i)] != m_config.padTokenId ? 1 : 0;
        return m_config.padTokenId + first + count;
    }
    }
    return first + index;
}

MatrixF EncoderDecoderModel::embed(const Embedding& embedding, const std::vector<int>& ids, int first) const {
    const int d = m_config.dModel;
    const int rows = m_config.positions == Seq2SeqPositions::LearnedOffsetTwo ? m_config.maxPositions + 2
                     : m_config.positions == Seq2SeqPositions::SinusoidalHalves
                         ? m_config.maxPositions
                         : m_config.maxPositions + m_config.padTokenId + 2;
    // torch multiplies the float32 rows by the Python float √d_model, rounded to float32.
    const float scale = m_config.scaleEmbedding ? float(std::sqrt(double(d))) : 1.0f;
    MatrixF x(int(ids.size()), d);  // (T, D)
    for (int i = 0; i < int(ids.size()); ++i) {
        const int row = positionRow(ids, i, first);
        if (row >= rows)
            throw InputError(QCoreApplication::translate("Engine", "position %1 is beyond the model's %2 positions")
                                 .arg(first + i).arg(m_config.maxPositions));
        x.row(i) = ConstRowVectorMap(embedding.tokens + size_t(ids[size_t(i)]) * size_t(d), d) * scale;
        if (embedding.positions)
            x.row(i) += ConstRowVectorMap(embedding.positions + size_t(row) * size_t(d), d);
    }
    normalize(x, embedding.norm);
    return x;
}

void EncoderDecoderModel::normalize(MatrixF& x, const LayerNormWeights& norm) const {
    if (!norm.gamma)
        return;
    if (m_config.rmsNorm)
        rmsNormRows(x, norm.gamma, m_config.layerNormEps);
    else
        layerNormRows(x, norm.gamma, norm.beta, m_config.layerNormEps);
}

MatrixF EncoderDecoderModel::feedForward(const FeedForward& ffn, const MatrixF& x) const {
    MatrixF hidden = ffn.in.forward(x);  // (T, FFN)
    applyActivation(hidden, m_config.activation);
    if (!ffn.up.isNull())
        hidden.array() *= ffn.up.forward(x).array();
    return ffn.out.forward(hidden);  // (T, D)
}

AttentionSpec EncoderDecoderModel::spec(bool causal, const std::shared_ptr<const PositionBias>& bias) const {
    AttentionSpec s;
    s.heads = s.kvHeads = m_config.encoderHeads;
    s.headDim = m_config.headDim;
    // transformers: head_dim ** -0.5 in Python, applied to float32 scores as a float32.
    s.scale = m_config.scaledScores ? float(std::pow(double(s.headDim), -0.5)) : 1.0f;
    s.mask = causal ? AttentionMask::Causal : AttentionMask::None;
    s.positionBias = bias;
    return s;
}

MatrixF EncoderDecoderModel::encode(const std::vector<int>& ids, ForwardContext* context) const {
    MatrixF x = embed(m_encoder, ids, 0);  // (S, D)
    const AttentionSpec selfSpec = spec(false, m_encoder.bias);
    if (context)
        context->useStack(StackKind::Encoder);
    for (int l = 0; l < m_config.encoderLayers; ++l) {
        const EncoderLayer& layer = m_encoderLayers[size_t(l)];
        block(x, layer.selfNorm, [&](const MatrixF& h) {
            return context ? context->attention(l, layer.self, selfSpec, h)
                           : multiHeadSelfAttention(layer.self, selfSpec, h);
        });
        block(x, layer.finalNorm, [&](const MatrixF& h) { return feedForward(layer.ffn, h); });
    }
    normalize(x, m_encoder.finalNorm);
    return x;
}

MatrixF EncoderDecoderModel::forward(const Encoding& input, ForwardContext& context) const {
    const MatrixF memory = encode(input.ids, &context);  // (S, D)
    if (!context.layerDone(m_config.encoderLayers - 1))
        return MatrixF();
    MatrixF y = embed(m_decoder, context.decoderInput().ids, 0);  // (T, D)
    const AttentionSpec selfSpec = spec(true, m_decoder.bias);
    const AttentionSpec crossSpec = spec(false, nullptr);
    for (int l = 0; l < m_config.decoderLayers; ++l) {
        const DecoderLayer& layer = m_decoderLayers[size_t(l)];
        block(y, layer.selfNorm, [&](const MatrixF& h) {
            context.useStack(StackKind::Decoder);
            return context.attention(l, layer.self, selfSpec, h);
        });
        block(y, layer.crossNorm, [&](const MatrixF& h) {
            context.useStack(StackKind::Cross);
            return context.attention(l, layer.cross, crossSpec, h, &memory);
        });
        block(y, layer.finalNorm, [&](const MatrixF& h) { return feedForward(layer.ffn, h); });
        if (!context.layerDone(l))
            return MatrixF();
    }
    normalize(y, m_decoder.finalNorm);
    return y;
}

RowVectorF EncoderDecoderModel::logitsOf(const Eigen::Ref<const RowVectorF>& hidden) const {
    const int vocab = m_config.targetVocabSize();
    // Through Linear: one row over the (V, D) head is bound by reading it (119 MB for opus-mt's
    // 58k × 512 at every generated token), and Linear reads it once, split over the threads;
    // Eigen's matrix-vector product ran on one thread and was half of generate()'s time
    // (README, "Speed").
    const Linear head(m_head, nullptr, m_config.dModel, vocab, WeightLayout::OutIn);  // (V, D) stored
    const MatrixF x = hidden * m_config.outputScale;                                  // (1, D)
    RowVectorF logits = head.forward(x);                                                // (V)
    if (m_logitsBias)
        logits += ConstRowVectorMap(m_logitsBias, vocab);
    return logits;
}

RowVectorF EncoderDecoderModel::outputLogits(const MatrixF& hidden, int position) const {
    if (position < 0 || position >= hidden.rows())
        throw InputError(QCoreApplication::translate("Engine", "position %1 is outside the %2 target rows")
                             .arg(position).arg(hidden.rows()));
    return logitsOf(hidden.row(position));
}

const TargetSideTokenizer* EncoderDecoderModel::targetSide() const {
    return dynamic_cast<const TargetSideTokenizer*>(&tokenizer());
}

Encoding EncoderDecoderModel::decoderInputForTarget(const QString& target, const LanguageChoice& languages) const {
    const TargetSideTokenizer* side = targetSide();
    const Encoding labels = side ? side->encodeTargetIn(target, true, languages) : tokenizer().encode(target, true);
    // shift_tokens_right: the start token, then the labels less the last (mBART-25's start is
    // the labels' last token, the target language, as its own shift_tokens_right wraps it).
    std::vector<int> ids{decoderStartFor(languages)};
    for (int i = 0; i + 1 < labels.size(); ++i)
        ids.push_back(labels.ids[size_t(i)]);
    return side ? side->targetFromIds(ids) : tokenizer().fromIds(ids);
}

int EncoderDecoderModel::decoderStartFor(const LanguageChoice& languages) const {
    const TargetSideTokenizer* side = targetSide();
    const int language = side ? side->decoderStartTokenId(languages) : -1;
    if (language >= m_config.targetVocabSize())
        throw InputError(QCoreApplication::translate("Engine", "the target language's token has id %1, outside the "
                                                               "model's %2 target tokens (vocab_size in config.json)")
                             .arg(language).arg(m_config.targetVocabSize()));
    return language >= 0 ? language : m_config.generation.decoderStartTokenId;
}

Encoding EncoderDecoderModel::decoderInputForGenerated(const std::vector<int>& generated,
                                                       const LanguageChoice& languages) const {
    // The rows generate() computed: step i read the token before it, the start token first;
    // the last generated token (the end token, or the one at the length limit) was never read.
    std::vector<int> ids{decoderStartFor(languages)};
    for (size_t i = 0; i + 1 < generated.size(); ++i)
        ids.push_back(generated[i]);
    const TargetSideTokenizer* side = targetSide();
    return side ? side->targetFromIds(ids) : tokenizer().fromIds(ids);
}

QStringList EncoderDecoderModel::sourceLanguages() const {
    const TargetSideTokenizer* side = targetSide();
    return side ? side->sourceLanguageCodes() : QStringList();
}

QStringList EncoderDecoderModel::targetLanguages() const {
    const TargetSideTokenizer* side = targetSide();
    if (!side)
        return {};
    const QStringList marked = side->targetLanguageCodes();
    return marked.isEmpty() ? side->sourceTextLanguageCodes() : marked;
}

LanguageChoice EncoderDecoderModel::defaultLanguages() const {
    const TargetSideTokenizer* side = targetSide();
    return side ? side->defaultLanguages() : LanguageChoice();
}

QString EncoderDecoderModel::sourceTextFor(const QString& text, const QString& targetLanguage) const {
    // A target language the tokenizer marks with its own token is not part of the source text.
    const TargetSideTokenizer* side = targetSide();
    if (!targetLanguage.isEmpty() && side && !side->targetLanguageCodes().isEmpty()) {
        resolveLanguageCode(side->targetLanguageCodes(), targetLanguage,
                            QCoreApplication::translate("Engine", "target language"));
        return text;
    }
    return Model::sourceTextFor(text, targetLanguage);
}

QString EncoderDecoderModel::targetText(const std::vector<int>& ids) const {
    if (const TargetSideTokenizer* side = targetSide())
        return side->decodeTarget(ids, true);
    const Encoding tokens = tokenizer().fromIds(ids);
    QStringList words;
    for (int i = 0; i < tokens.size(); ++i)
        if (!tokens.special[size_t(i)])
            words << tokens.displayTokens.value(i);
    return words.join(QString());
}

}  // namespace headmap
