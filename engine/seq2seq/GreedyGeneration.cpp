// EncoderDecoderModel::generate: greedy decoding as transformers' generate() does it with
// num_beams = 1, with a cache of the decoder's keys and values so each new token costs one
// row's work: the encoder runs once, each cross-attention layer projects the encoder's output
// to keys and values once, and each step's self-attention appends its row (prefixSelfAttention).
#include <algorithm>
#include <limits>

#include <QCoreApplication>

#include "core/HeadmapError.h"
#include "core/PrefixAttention.h"
#include "core/ScoringRule.h"
#include "model/TargetSideTokenizer.h"
#include "seq2seq/EncoderDecoderModel.h"

namespace headmap {
namespace {

constexpr float kMinusInf = -std::numeric_limits<float>::infinity();

// Cross-attention of new rows x (N, D) over keys and values projected once from the encoder's
// output, (S, H·Dh) each: softmax(q·kᵀ · scale)·v per head, then W_O.
MatrixF crossAttentionCached(const AttentionWeights& weights, const AttentionSpec& spec, const MatrixF& x,
                             const MatrixF& keys, const MatrixF& values) {
    const int dh = spec.headDim;
    const MatrixF q = weights.query.forward(x);  // (N, H·Dh)
    MatrixF concat(x.rows(), spec.heads * dh);    // (N, H·Dh)
    const ScoringRule rule = spec.scoringRule();
    for (int h = 0; h < spec.heads; ++h) {
        MatrixF scores = q.middleCols(h * dh, dh) * keys.middleCols(h * dh, dh).transpose();  // (N, S)
        applyScoringRule(scores, h, 0, rule);
        concat.middleCols(h * dh, dh).noalias() = scores * values.middleCols(h * dh, dh);
    }
    return weights.output.forward(concat);  // (N, D)
}

// The logits processors generate() builds from the settings, in its order, on one row of
// scores; `sequence` holds the decoder's tokens so far, the start token first.
void processLogits(RowVectorF& scores, const std::vector<int>& sequence, int maxLength, const GenerationSettings& g) {
    const int length = int(sequence.size());
    if (length < g.minLength && g.eosTokenId >= 0)  // MinLengthLogitsProcessor
        scores(g.eosTokenId) = kMinusInf;
    const int n = g.noRepeatNgramSize;  // NoRepeatNGramLogitsProcessor
    if (n > 0 && length + 1 >= n) {
        for (int start = 0; start + n <= length; ++start)
            if (std::equal(sequence.begin() + start, sequence.begin() + start + n - 1, sequence.end() - (n - 1)))
                scores(sequence[size_t(start + n - 1)]) = kMinusInf;
    }
    for (const std::vector<int>& bad : g.badWordsIds) {  // NoBadWordsLogitsProcessor
        const int prefix = int(bad.size()) - 1;
        if (prefix <= length && std::equal(bad.begin(), bad.end() - 1, sequence.end() - prefix))
            scores(bad.back()) = kMinusInf;
    }
    auto force = [&](int id) {
        scores.setConstant(kMinusInf);
        scores(id) = 0.0f;
    };
    if (g.forcedBosTokenId >= 0 && length == 1)  // ForcedBOSTokenLogitsProcessor
        force(g.forcedBosTokenId);
    if (g.forcedEosTokenId >= 0 && length == maxLength - 1)  // ForcedEOSTokenLogitsProcessor
        force(g.forcedEosTokenId);
}

}  // namespace

std::vector<int> EncoderDecoderModel::generate(const Encoding& source, int maxNewTokens,
                                               const LanguageChoice& languages) const {
    if (source.isEmpty())
        throw InputError(QCoreApplication::translate("Engine", "no tokens to translate: the source is empty"));
    GenerationSettings g = m_config.generation;
    // A chosen target language the tokenizer marks (M2M100's "__da__") is what translation
    // forces first (transformers: forced_bos_token_id=tokenizer.get_lang_id(tgt_lang)).
    // mBART-25 starts from the target language itself and forces nothing.
    const int start = decoderStartFor(languages);
    const bool languageStarts = targetSide() && targetSide()->decoderStartTokenId(languages) >= 0;
    if (const TargetSideTokenizer* side = targetSide(); side && !languages.target.isEmpty() && !languageStarts) {
        const int language = side->languageTokenId(languages.target);
        if (language >= 0) {
            if (language >= m_config.targetVocabSize())
                throw InputError(QCoreApplication::translate("Engine", "the target language %1 has id %2, outside the "
                                                                       "model's %3 target tokens (vocab_size in "
                                                                       "config.json)")
                                     .arg(languages.target).arg(language).arg(m_config.targetVocabSize()));
            g.forcedBosTokenId = language;
        }
    }
    // generate() counts the decoder start token on top of max_length (max_new_tokens likewise),
    // and the decoder's positions cap it.
    const int newTokens = maxNewTokens >= 0 ? maxNewTokens : g.maxLength;
    const int maxLength = std::min(1 + newTokens, m_config.maxPositions);

    const MatrixF memory = encode(source.ids, nullptr);  // (S, D)
    const AttentionSpec selfSpec = spec(true, m_decoder.bias);
    const AttentionSpec crossSpec = spec(false, nullptr);
    struct LayerCache {
        MatrixF selfKeys, selfValues;    // (t, D) grows a row per step
        MatrixF crossKeys, crossValues;  // (S, D)
    };
    std::vector<LayerCache> caches(m_decoderLayers.size());
    for (size_t l = 0; l < caches.size(); ++l) {
        caches[l].crossKeys = m_decoderLayers[l].cross.key.forward(memory);
        caches[l].crossValues = m_decoderLayers[l].cross.value.forward(memory);
    }

    std::vector<int> sequence{start};
    std::vector<int> generated;
    while (int(sequence.size()) < maxLength) {
        const int position = int(sequence.size()) - 1;
        MatrixF y = embed(m_decoder, {sequence.back()}, position);  // (1, D)
        for (size_t l = 0; l < m_decoderLayers.size(); ++l) {
            const DecoderLayer& layer = m_decoderLayers[l];
            LayerCache& cache = caches[l];
            block(y, layer.selfNorm, [&](const MatrixF& h) {
                return prefixSelfAttention(layer.self, selfSpec, h, position, cache.selfKeys, cache.selfValues);
            });
            block(y, layer.crossNorm, [&](const MatrixF& h) {
                return crossAttentionCached(layer.cross, crossSpec, h, cache.crossKeys, cache.crossValues);
            });
            block(y, layer.finalNorm, [&](const MatrixF& h) { return feedForward(layer.ffn, h); });
        }
        normalize(y, m_decoder.finalNorm);
        RowVectorF scores = logitsOf(y.row(0));
        processLogits(scores, sequence, maxLength, g);
        Eigen::Index next = 0;
        scores.maxCoeff(&next);  // the first of equal maxima, as torch.argmax
        sequence.push_back(int(next));
        generated.push_back(int(next));
        if (int(next) == g.eosTokenId)
            break;
    }
    return generated;
}

}  // namespace headmap
