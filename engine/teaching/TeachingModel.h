#pragma once
// builtin:teaching, the model the seed texts describe: token embeddings plus sinusoidal positional
// encoding (Vaswani et al., 2017), then post-LN encoder blocks of multi-head self-attention with
// Xavier-uniform W_Q, W_K, W_V, W_O and zero biases, residual connections, LayerNorm and a ReLU
// feed-forward network. Weights come from PortableRandom, so every machine sees the same numbers.

#include <memory>
#include <vector>

#include "model/Model.h"
#include "teaching/TeachingTokenizer.h"

namespace headmap {

struct TeachingOptions {
    int dModel = 64;
    int heads = 4;
    int layers = 2;
    quint64 seed = 0;
    bool causal = false;
    bool positional = true;  // off: attention is blind to word order (a classroom experiment)
    int maxPositions = 2048;

    // Throws ModelError naming the model ("builtin:teaching"), the option and what it must be.
    void validate(const QString& model = QStringLiteral("builtin:teaching")) const;
};

class TeachingModel : public Model {
public:
    explicit TeachingModel(const TeachingOptions& options);

    const ModelSummary& summary() const override { return m_summary; }
    const Tokenizer& tokenizer() const override { return m_tokenizer; }
    const TeachingOptions& options() const { return m_options; }

    RowVectorF embedding(int tokenId) const;           // (D)
    static MatrixF positionalEncoding(int t, int dModel);  // (T, D)

protected:
    MatrixF forward(const Encoding& input, ForwardContext& context) const override;

private:
    struct Layer {
        std::vector<float> wQ, wK, wV, wO;  // (D, D) stored (out, in)
        std::vector<float> w1, b1;          // (4D, D), (4D)
        std::vector<float> w2, b2;          // (D, 4D), (D)
        AttentionWeights attention;
        Linear ffnIn, ffnOut;
    };

    TeachingOptions m_options;
    ModelSummary m_summary;
    TeachingTokenizer m_tokenizer;
    std::vector<std::unique_ptr<Layer>> m_layers;  // pointers: Linear views must not move
};

}  // namespace headmap
