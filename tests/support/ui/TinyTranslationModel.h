#pragma once
// A tiny encoder–decoder model for the desktop's tests of translation models, until (and
// besides) the real Marian fixtures: a word-level tokenizer over a fixed Danish/English
// vocabulary, random weights, an encoder of 2 layers × 4 heads, a decoder of 1 layer × 2 heads of
// causal self-attention and 1 layer × 2 heads of cross-attention. The stacks differ in layers
// and heads on purpose, so that a view that takes one stack's shape for another's shows it.
// The attention is the engine's own (ForwardContext::attention, cross-attention with the
// encoder's output as memory); the numbers mean nothing, the shapes are those of a real model.

#include <memory>
#include <vector>

#include "core/Linear.h"
#include "model/Model.h"

namespace testmodels {

class TinyTranslationTokenizer : public headmap::Tokenizer {
public:
    static constexpr int kEos = 0;
    static constexpr int kUnk = 1;
    static constexpr int kPad = 2;  // also the decoder's start token, as in Marian
    // Lower-cased words split at spaces, each a vocabulary entry or <unk>, then </s>.
    headmap::Encoding encode(const QString& text, bool addSpecialTokens) const override;
    headmap::Encoding fromIds(const std::vector<int>& ids) const override;
    std::optional<int> tokenToId(const QString& token) const override;
    int vocabSize() const override;
    static const QStringList& vocabulary();
};

class TinyTranslationModel : public headmap::Model {
public:
    static constexpr int kDModel = 16;
    TinyTranslationModel();

    const headmap::ModelSummary& summary() const override { return m_summary; }
    const headmap::Tokenizer& tokenizer() const override { return m_tokenizer; }
    bool hasOutputHead() const override { return true; }
    // hidden · Eᵀ: the embedding tied to the output, as Marian's shared vocabulary does. (vocab)
    headmap::RowVectorF outputLogits(const headmap::MatrixF& hidden, int position) const override;
    headmap::Encoding decoderInputForTarget(const QString& target,
                                            const headmap::LanguageChoice& languages = {}) const override;
    // Greedy, with this model's own logits; at most 5 tokens unless told otherwise.
    std::vector<int> generate(const headmap::Encoding& source, int maxNewTokens = -1,
                              const headmap::LanguageChoice& languages = {}) const override;
    headmap::Encoding decoderInputForGenerated(const std::vector<int>& generated,
                                               const headmap::LanguageChoice& languages = {}) const override;
    QString targetText(const std::vector<int>& ids) const override;

protected:
    headmap::MatrixF forward(const headmap::Encoding& input, headmap::ForwardContext& context) const override;

private:
    struct Block {
        std::vector<float> wQ, wK, wV, wO;  // (D, D) stored (out, in)
        headmap::AttentionWeights attention;
    };
    std::unique_ptr<Block> block(const QByteArray& name) const;
    headmap::MatrixF embed(const std::vector<int>& ids) const;  // (T, D) with positions

    headmap::ModelSummary m_summary;
    TinyTranslationTokenizer m_tokenizer;
    std::vector<float> m_embedding;  // (vocab, D)
    std::vector<std::unique_ptr<Block>> m_encoder;       // 2 layers
    std::unique_ptr<Block> m_decoderSelf, m_decoderCross;  // 1 layer
};

}  // namespace testmodels
