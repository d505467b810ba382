#include "TinyTranslationModel.h"

#include <cmath>

#include "core/HeadmapError.h"
#include "core/Ops.h"
#include "teaching/PortableRandom.h"
#include "teaching/TeachingModel.h"

namespace testmodels {

using namespace headmap;

const QStringList& TinyTranslationTokenizer::vocabulary() {
    static const QStringList words = {
        QStringLiteral("</s>"), QStringLiteral("<unk>"), QStringLiteral("<pad>"),
        // Danish source words
        QStringLiteral("katten"), QStringLiteral("sidder"), QStringLiteral("på"), QStringLiteral("måtten"),
        QStringLiteral("hunden"), QStringLiteral("løber"), QStringLiteral("i"), QStringLiteral("haven"),
        // English target words
        QStringLiteral("the"), QStringLiteral("cat"), QStringLiteral("sits"), QStringLiteral("on"),
        QStringLiteral("mat"), QStringLiteral("dog"), QStringLiteral("runs"), QStringLiteral("in"),
        QStringLiteral("garden"), QStringLiteral(".")};
    return words;
}

int TinyTranslationTokenizer::vocabSize() const {
    return int(vocabulary().size());
}

std::optional<int> TinyTranslationTokenizer::tokenToId(const QString& token) const {
    const int id = int(vocabulary().indexOf(token));
    return id >= 0 ? std::optional<int>(id) : std::nullopt;
}

Encoding TinyTranslationTokenizer::encode(const QString& text, bool addSpecialTokens) const {
    std::vector<int> ids;
    for (const QString& word : text.toLower().split(QLatin1Char(' '), Qt::SkipEmptyParts))
        ids.push_back(tokenToId(word).value_or(kUnk));
    if (addSpecialTokens)
        ids.push_back(kEos);
    return fromIds(ids);
}

Encoding TinyTranslationTokenizer::fromIds(const std::vector<int>& ids) const {
    Encoding out;
    for (int id : ids) {
        if (id < 0 || id >= vocabSize())
            throw InputError(QStringLiteral("token id %1 is outside the vocabulary").arg(id));
        const QString& word = vocabulary()[id];
        out.append(id, word, word, id == kEos || id == kPad);
    }
    return out;
}

TinyTranslationModel::TinyTranslationModel() {
    const int vocab = m_tokenizer.vocabSize();
    m_summary.name = m_summary.shownName = QStringLiteral("test:tiny-translation");
    m_summary.architecture = QStringLiteral("marian");
    m_summary.dModel = kDModel;
    m_summary.positions = QStringLiteral("sinusoidal");
    m_summary.maxPositions = 64;
    m_summary.vocabSize = vocab;
    m_summary.stacks = {StackShape{StackKind::Encoder, 2, 4, 4, kDModel / 4, false},
                        StackShape{StackKind::Decoder, 1, 2, 2, kDModel / 2, true},
                        StackShape{StackKind::Cross, 1, 2, 2, kDModel / 2, false}};
    m_summary = m_summary.forStack(StackKind::Cross);  // the default stack's shape on top
    m_embedding = PortableRandom::stream(7, "embedding").uniformVector(size_t(vocab) * kDModel, std::sqrt(3.0));
    for (int l = 0; l < 2; ++l)
        m_encoder.push_back(block("encoder" + QByteArray::number(l)));
    m_decoderSelf = block("decoder.self");
    m_decoderCross = block("decoder.cross");
}

std::unique_ptr<TinyTranslationModel::Block> TinyTranslationModel::block(const QByteArray& name) const {
    auto b = std::make_unique<Block>();
    const size_t count = size_t(kDModel) * kDModel;
    const double bound = std::sqrt(6.0 / (2.0 * kDModel)) * 2.0;  // sharper heads than Xavier's
    b->wQ = PortableRandom::stream(7, name + ".q").uniformVector(count, bound);
    b->wK = PortableRandom::stream(7, name + ".k").uniformVector(count, bound);
    b->wV = PortableRandom::stream(7, name + ".v").uniformVector(count, bound);
    b->wO = PortableRandom::stream(7, name + ".o").uniformVector(count, bound);
    b->attention.query = Linear(b->wQ.data(), nullptr, kDModel, kDModel, WeightLayout::OutIn);
    b->attention.key = Linear(b->wK.data(), nullptr, kDModel, kDModel, WeightLayout::OutIn);
    b->attention.value = Linear(b->wV.data(), nullptr, kDModel, kDModel, WeightLayout::OutIn);
    b->attention.output = Linear(b->wO.data(), nullptr, kDModel, kDModel, WeightLayout::OutIn);
    return b;
}

MatrixF TinyTranslationModel::embed(const std::vector<int>& ids) const {
    const int t = int(ids.size());
    MatrixF x(t, kDModel);  // (T, D)
    for (int i = 0; i < t; ++i)
        x.row(i) = ConstRowVectorMap(m_embedding.data() + size_t(ids[size_t(i)]) * kDModel, kDModel);
    return x + TeachingModel::positionalEncoding(t, kDModel);
}

MatrixF TinyTranslationModel::forward(const Encoding& input, ForwardContext& context) const {
    context.useStack(StackKind::Encoder);
    MatrixF memory = embed(input.ids);  // (S, D)
    for (int l = 0; l < 2; ++l) {
        memory += context.attention(l, m_encoder[size_t(l)]->attention, AttentionSpec::standard(4, kDModel, false),
                                    memory);
        layerNormRows(memory, nullptr, nullptr, 1e-5f);
        if (!context.layerDone(l))
            return MatrixF();
    }
    MatrixF y = embed(context.decoderInput().ids);  // (T, D)
    context.useStack(StackKind::Decoder);
    y += context.attention(0, m_decoderSelf->attention, AttentionSpec::standard(2, kDModel, true), y);
    layerNormRows(y, nullptr, nullptr, 1e-5f);
    context.useStack(StackKind::Cross);
    y += context.attention(0, m_decoderCross->attention, AttentionSpec::standard(2, kDModel, false), y, &memory);
    layerNormRows(y, nullptr, nullptr, 1e-5f);
    if (!context.layerDone(0))
        return MatrixF();
    return y;
}

RowVectorF TinyTranslationModel::outputLogits(const MatrixF& hidden, int position) const {
    const int vocab = m_tokenizer.vocabSize();
    const ConstMatrixMap embedding(m_embedding.data(), vocab, kDModel);
    return hidden.row(position) * embedding.transpose();
}

Encoding TinyTranslationModel::decoderInputForTarget(const QString& target, const LanguageChoice&) const {
    const Encoding ids = m_tokenizer.encode(target, true);
    std::vector<int> shifted{TinyTranslationTokenizer::kPad};
    shifted.insert(shifted.end(), ids.ids.begin(), ids.ids.end() - 1);
    return m_tokenizer.fromIds(shifted);
}

std::vector<int> TinyTranslationModel::generate(const Encoding& source, int maxNewTokens, const LanguageChoice&) const {
    const int limit = maxNewTokens < 0 ? 5 : maxNewTokens;
    std::vector<int> generated;
    while (int(generated.size()) < limit) {
        RunOptions options;
        options.decoderInput = decoderInputForGenerated(generated);
        const RunResult run = this->run(source, options);
        const RowVectorF logits = outputLogits(run.hidden, int(run.hidden.rows()) - 1);
        Eigen::Index best = 0;
        logits.maxCoeff(&best);
        generated.push_back(int(best));
        if (best == TinyTranslationTokenizer::kEos)
            break;
    }
    return generated;
}

Encoding TinyTranslationModel::decoderInputForGenerated(const std::vector<int>& generated,
                                                       const LanguageChoice&) const {
    std::vector<int> ids{TinyTranslationTokenizer::kPad};
    ids.insert(ids.end(), generated.begin(), generated.end());
    if (ids.size() > 1 && ids.back() == TinyTranslationTokenizer::kEos)
        ids.pop_back();
    return m_tokenizer.fromIds(ids);
}

QString TinyTranslationModel::targetText(const std::vector<int>& ids) const {
    QStringList words;
    for (int id : ids)
        if (id != TinyTranslationTokenizer::kEos && id != TinyTranslationTokenizer::kPad)
            words << TinyTranslationTokenizer::vocabulary().value(id);
    return words.join(QLatin1Char(' '));
}

}  // namespace testmodels
