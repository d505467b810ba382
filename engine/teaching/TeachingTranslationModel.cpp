#include "teaching/TeachingTranslationModel.h"

#include <algorithm>
#include <cmath>

#include <QCoreApplication>

#include "core/HeadmapError.h"
#include "core/Ops.h"
#include "teaching/PortableRandom.h"
#include "teaching/TeachingTokenizer.h"

namespace headmap {
namespace {

constexpr float kTranslationNormEps = 1e-5f;  // torch.nn.LayerNorm's default, as builtin:teaching

// The LayerNorm after each residual sum (post-LN), without weight or bias: as builtin:teaching.
void translationNorm(MatrixF& x) {
    layerNormRows(x, nullptr, nullptr, kTranslationNormEps);
}

// One word's score from the decoder's hidden state h: h·e / √d_model. The scale keeps the
// scores of unit-variance vectors near unit variance (T5 scales its tied head alike), so the
// predictions of an untrained model look spread out instead of all on one word. Summed one
// way only, so generate() and predictTokens agree to the bit.
float translationScore(const Eigen::Ref<const RowVectorF>& h, const Eigen::Ref<const RowVectorF>& e, float scale) {
    double sum = 0.0;
    for (Eigen::Index i = 0; i < h.size(); ++i)
        sum += double(h[i]) * double(e[i]);
    return float(sum) * scale;
}

}  // namespace

TeachingTranslationModel::TeachingTranslationModel(const TeachingOptions& options) : m_options(options) {
    options.validate(QStringLiteral("builtin:translation"));
    const int d = options.dModel;
    const int dHead = d / options.heads;
    ModelSummary s;
    s.name = QStringLiteral("builtin:translation");
    s.shownName = s.name;
    s.architecture = QStringLiteral("teaching-translation");
    s.dModel = d;
    s.positions = options.positional ? QStringLiteral("sinusoidal") : QStringLiteral("none");
    s.maxPositions = options.maxPositions;
    s.vocabSize = TeachingTokenizer::kVocabSize;
    s.stacks = {StackShape{StackKind::Encoder, options.layers, options.heads, options.heads, dHead, false},
                StackShape{StackKind::Decoder, options.layers, options.heads, options.heads, dHead, true},
                StackShape{StackKind::Cross, options.layers, options.heads, options.heads, dHead, false}};
    // The summary's own layers and heads are the default stack's, cross-attention.
    m_summary = s.forStack(StackKind::Cross);

    for (int l = 0; l < options.layers; ++l) {
        const QByteArray encoder = "encoder.layer" + QByteArray::number(l) + "/";
        auto encoderLayer = std::make_unique<EncoderLayer>();
        drawAttention(encoderLayer->self, encoder + "self.");
        drawFeedForward(encoderLayer->ffn, encoder + "ffn.");
        m_encoderLayers.push_back(std::move(encoderLayer));

        const QByteArray decoder = "decoder.layer" + QByteArray::number(l) + "/";
        auto decoderLayer = std::make_unique<DecoderLayer>();
        drawAttention(decoderLayer->self, decoder + "self.");
        drawAttention(decoderLayer->cross, decoder + "cross.");
        drawFeedForward(decoderLayer->ffn, decoder + "ffn.");
        m_decoderLayers.push_back(std::move(decoderLayer));
    }

    m_writable = m_tokenizer.writableIds();
    m_writable.push_back(TeachingTranslationTokenizer::kEndId);
    m_writableEmbeddings.resize(Eigen::Index(m_writable.size()), d);
    for (size_t i = 0; i < m_writable.size(); ++i)
        m_writableEmbeddings.row(Eigen::Index(i)) = embedding(m_writable[i]);
}

void TeachingTranslationModel::drawAttention(Attention& a, const QByteArray& prefix) const {
    const int d = m_options.dModel;
    // Xavier-uniform as the seeds' _reset_parameters: bound √(6 / (fan_in + fan_out)).
    const double xavier = std::sqrt(6.0 / double(d + d));
    auto draw = [&](const char* tensor) {
        return PortableRandom::stream(m_options.seed, prefix + tensor).uniformVector(size_t(d) * size_t(d), xavier);
    };
    a.wQ = draw("w_q");
    a.wK = draw("w_k");
    a.wV = draw("w_v");
    a.wO = draw("w_o");
    // Attention biases are zero (the seeds' _reset_parameters), so none are stored.
    a.weights.query = Linear(a.wQ.data(), nullptr, d, d, WeightLayout::OutIn);
    a.weights.key = Linear(a.wK.data(), nullptr, d, d, WeightLayout::OutIn);
    a.weights.value = Linear(a.wV.data(), nullptr, d, d, WeightLayout::OutIn);
    a.weights.output = Linear(a.wO.data(), nullptr, d, d, WeightLayout::OutIn);
}

void TeachingTranslationModel::drawFeedForward(FeedForward& ffn, const QByteArray& prefix) const {
    const int d = m_options.dModel;
    const int dFf = 4 * d;
    // torch.nn.Linear's default bounds, 1/√fan_in, as builtin:teaching.
    auto draw = [&](const char* tensor, size_t count, int fanIn) {
        return PortableRandom::stream(m_options.seed, prefix + tensor)
            .uniformVector(count, 1.0 / std::sqrt(double(fanIn)));
    };
    ffn.w1 = draw("w1", size_t(dFf) * size_t(d), d);
    ffn.b1 = draw("b1", size_t(dFf), d);
    ffn.w2 = draw("w2", size_t(d) * size_t(dFf), dFf);
    ffn.b2 = draw("b2", size_t(d), dFf);
    ffn.in = Linear(ffn.w1.data(), ffn.b1.data(), d, dFf, WeightLayout::OutIn);
    ffn.out = Linear(ffn.w2.data(), ffn.b2.data(), dFf, d, WeightLayout::OutIn);
}

RowVectorF TeachingTranslationModel::embedding(int tokenId) const {
    // builtin:teaching's streams: a word has the same vector in both built-in models.
    const QByteArray name = "embedding/" + QByteArray::number(tokenId);
    const std::vector<float> values =
        PortableRandom::stream(m_options.seed, name).uniformVector(size_t(m_options.dModel), std::sqrt(3.0));
    return ConstRowVectorMap(values.data(), m_options.dModel);
}

MatrixF TeachingTranslationModel::embed(const std::vector<int>& ids) const {
    const int t = int(ids.size());
    MatrixF x(t, m_options.dModel);  // (T, D)
    for (int i = 0; i < t; ++i)
        x.row(i) = embedding(ids[size_t(i)]);
    if (m_options.positional)
        x += TeachingModel::positionalEncoding(t, m_options.dModel);
    return x;
}

MatrixF TeachingTranslationModel::feedForward(const FeedForward& ffn, const MatrixF& x) const {
    MatrixF hidden = ffn.in.forward(x);  // (T, 4D)
    reluInPlace(hidden);
    return ffn.out.forward(hidden);  // (T, D)
}

MatrixF TeachingTranslationModel::encode(const std::vector<int>& ids, ForwardContext* context) const {
    MatrixF x = embed(ids);  // (S, D)
    const AttentionSpec spec = AttentionSpec::standard(m_options.heads, m_options.dModel, false);
    if (context)
        context->useStack(StackKind::Encoder);
    for (int l = 0; l < m_options.layers; ++l) {
        const EncoderLayer& layer = *m_encoderLayers[size_t(l)];
        x += context ? context->attention(l, layer.self.weights, spec, x)
                     : multiHeadSelfAttention(layer.self.weights, spec, x);
        translationNorm(x);
        x += feedForward(layer.ffn, x);
        translationNorm(x);
    }
    return x;
}

MatrixF TeachingTranslationModel::decode(const std::vector<int>& ids, const MatrixF& memory,
                                         ForwardContext* context) const {
    MatrixF y = embed(ids);  // (T, D)
    const AttentionSpec selfSpec = AttentionSpec::standard(m_options.heads, m_options.dModel, true);
    const AttentionSpec crossSpec = AttentionSpec::standard(m_options.heads, m_options.dModel, false);
    for (int l = 0; l < m_options.layers; ++l) {
        const DecoderLayer& layer = *m_decoderLayers[size_t(l)];
        if (context)
            context->useStack(StackKind::Decoder);
        y += context ? context->attention(l, layer.self.weights, selfSpec, y)
                     : multiHeadSelfAttention(layer.self.weights, selfSpec, y);
        translationNorm(y);
        // Queries from the target rows, keys and values from the encoder's output: heads (T, S).
        if (context)
            context->useStack(StackKind::Cross);
        y += context ? context->attention(l, layer.cross.weights, crossSpec, y, &memory)
                     : multiHeadAttention(layer.cross.weights, crossSpec, y, &memory);
        translationNorm(y);
        y += feedForward(layer.ffn, y);
        translationNorm(y);
        if (context && !context->layerDone(l))
            return MatrixF();
    }
    return y;
}

MatrixF TeachingTranslationModel::forward(const Encoding& input, ForwardContext& context) const {
    const MatrixF memory = encode(input.ids, &context);  // (S, D)
    if (!context.layerDone(m_options.layers - 1))
        return MatrixF();
    return decode(context.decoderInput().ids, memory, &context);  // (T, D)
}

RowVectorF TeachingTranslationModel::outputLogits(const MatrixF&, int) const {
    throw InputError(QCoreApplication::translate("Engine", "builtin:translation scores only the words it can write "
                                                           "and the target's words; its predictions come from "
                                                           "predictTokens"));
}

std::vector<int> TeachingTranslationModel::scoredTokens(const std::vector<int>& inputIds) const {
    std::vector<int> ids = m_writable;
    // The target's own words too, so a typed translation's next word has a probability.
    for (int id : inputIds)
        if (id >= TeachingTokenizer::kFirstWordId && std::find(ids.begin(), ids.end(), id) == ids.end())
            ids.push_back(id);
    return ids;
}

RowVectorF TeachingTranslationModel::scoreTokens(const MatrixF& hidden, int position,
                                                 const std::vector<int>& ids) const {
    const int d = m_options.dModel;
    if (position < 0 || position >= hidden.rows() || hidden.cols() != d)
        throw InputError(QCoreApplication::translate("Engine", "no hidden state for position %1 (%2 × %3 given, %4 "
                                                               "wide expected)")
                             .arg(position).arg(hidden.rows()).arg(hidden.cols()).arg(d));
    const float scale = float(1.0 / std::sqrt(double(d)));
    RowVectorF logits(Eigen::Index(ids.size()));  // (ids)
    for (size_t k = 0; k < ids.size(); ++k)
        logits[Eigen::Index(k)] = translationScore(hidden.row(position), embedding(ids[k]), scale);
    return logits;
}

Encoding TeachingTranslationModel::decoderInputForTarget(const QString& target, const LanguageChoice&) const {
    // shift_tokens_right of the labels (the target's words, then </s>): <s>, then the labels
    // less the last. The words keep the spelling the user typed.
    const Encoding labels = m_tokenizer.encodeTarget(target, true);
    Encoding input;
    const QString start = TeachingTranslationTokenizer::specialName(TeachingTranslationTokenizer::kStartId);
    input.append(TeachingTranslationTokenizer::kStartId, start, start, true);
    for (int i = 0; i + 1 < labels.size(); ++i)
        input.append(labels.ids[size_t(i)], labels.tokens.value(i), labels.displayTokens.value(i),
                     labels.special[size_t(i)]);
    return input;
}

std::vector<int> TeachingTranslationModel::generate(const Encoding& source, int maxNewTokens,
                                                   const LanguageChoice&) const {
    if (source.isEmpty())
        throw InputError(QCoreApplication::translate("Engine", "no tokens to translate: the source is empty"));
    const int newTokens = maxNewTokens >= 0 ? maxNewTokens : 2 * source.size() + 8;
    const int maxLength = std::min(1 + newTokens, m_options.maxPositions);
    const float scale = float(1.0 / std::sqrt(double(m_options.dModel)));

    const MatrixF memory = encode(source.ids, nullptr);  // (S, D)
    std::vector<int> sequence{TeachingTranslationTokenizer::kStartId};
    std::vector<int> generated;
    // Each step reruns the decoder over the whole prefix: a tiny model, a short limit, and one
    // code path with the forward pass (the causal mask keeps earlier rows as they were).
    while (int(sequence.size()) < maxLength) {
        const MatrixF y = decode(sequence, memory, nullptr);  // (t, D)
        int best = 0;
        float bestScore = 0.0f;
        for (size_t k = 0; k < m_writable.size(); ++k) {
            const float score = translationScore(y.row(y.rows() - 1), m_writableEmbeddings.row(Eigen::Index(k)), scale);
            if (k == 0 || score > bestScore) {  // the first of equal maxima, as torch.argmax
                best = int(k);
                bestScore = score;
            }
        }
        const int next = m_writable[size_t(best)];
        sequence.push_back(next);
        generated.push_back(next);
        if (next == TeachingTranslationTokenizer::kEndId)
            break;
    }
    return generated;
}

Encoding TeachingTranslationModel::decoderInputForGenerated(const std::vector<int>& generated,
                                                           const LanguageChoice&) const {
    // The rows generate() computed: step i read the token before it, the start token first;
    // the last generated token (</s>, or the one at the limit) was never read.
    std::vector<int> ids{TeachingTranslationTokenizer::kStartId};
    for (size_t i = 0; i + 1 < generated.size(); ++i)
        ids.push_back(generated[i]);
    return m_tokenizer.targetFromIds(ids);
}

QString TeachingTranslationModel::targetText(const std::vector<int>& ids) const {
    return m_tokenizer.decodeTarget(ids, true);
}

}  // namespace headmap
