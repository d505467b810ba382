#pragma once
// What a forward pass hands to views and exporters: the tokens and, per layer and head, the
// T×T attention weights; on request the value norms, and the heads that were ablated. A plain
// value; it knows nothing about the model that made it.

#include <vector>

#include <QString>
#include <QStringList>

#include "core/HeadAblation.h"
#include "core/PieceStyle.h"
#include "core/Tensor.h"

namespace headmap {

struct ModelSummary {
    QString name;          // what the user asked for: "builtin:teaching", a folder, a Hub id
    QString architecture;  // "teaching", "bert", "gpt2", ...
    int layers = 0;
    int heads = 0;         // query heads: the trace has this many per layer
    int kvHeads = 0;       // key/value heads (fewer than heads with grouped-query attention)
    int dModel = 0;
    int dHead = 0;         // head_dim, not always dModel / heads
    QString positions;     // "learned", "sinusoidal", "rope (llama3, theta 500000)", ...
    QString window;        // "" or e.g. "4096 tokens on layers 0, 2, 4" (sliding-window attention)
    int maxPositions = 0;
    int vocabSize = 0;
    bool causal = false;
    // How the weights are stored when it changes the numbers: a GGUF file's quantisation
    // ("Q4_K_M", "Q8_0"); empty for float weights (F32, F16, BF16), which are exact.
    QString quantization;
    QString bosToken;  // the token TokenizeOptions::prependBos adds; empty when there is none
    PieceStyle pieces = PieceStyle::Plain;  // how the tokenizer writes tokens()
    // For models whose heads have a known job (builtin:patterns), layer-major like the trace:
    // a short name ("previous token") and a one-sentence explanation per head. Empty otherwise.
    QStringList headNames;
    QStringList headExplanations;

    // How figures and titles name the model: a folder by its own name ("gemma-2-2b"), never the
    // local path (which says nothing to a paper's readers and may say too much); a Hub id or
    // builtin:… as it is.
    QString displayName() const;
};

class AttentionTrace {
public:
    AttentionTrace() = default;
    AttentionTrace(ModelSummary model, std::vector<int> tokenIds, QStringList tokens,
                   QStringList displayTokens, std::vector<bool> special = {});

    const ModelSummary& model() const { return m_model; }
    const std::vector<int>& tokenIds() const { return m_tokenIds; }
    const QStringList& tokens() const { return m_tokens; }          // vocabulary pieces
    const QStringList& displayTokens() const { return m_displayTokens; }  // readable forms
    // true for [CLS], [SEP], <s>, ... (all false when the tokenizer did not say)
    const std::vector<bool>& special() const { return m_special; }

    int layers() const { return m_model.layers; }
    int heads() const { return m_model.heads; }
    int length() const { return int(m_tokenIds.size()); }
    bool isEmpty() const { return m_weights.empty(); }

    float weight(int layer, int head, int query, int key) const;
    ConstMatrixMap head(int layer, int head) const;  // (T, T) rows are queries
    float* headData(int layer, int head);            // for the engine to fill

    // ‖(x_j·W_V,g + b_V,g)·W_O,h‖: how far key j's value moves the output through head h
    // (Kobayashi et al. 2020, without b_O). Present only when RunOptions::valueNorms asked.
    bool hasValueNorms() const { return !m_valueNorms.empty(); }
    void enableValueNorms();  // allocates zeros (L, H, T) for the engine to fill
    float valueNorm(int layer, int head, int key) const;
    ConstRowVectorMap valueNorms(int layer, int head) const;  // (T)
    float* valueNormData(int layer, int head);                // (T) for the engine to fill

    // The heads that were switched off in the run that made these weights (empty: none).
    const std::vector<HeadAblation>& ablations() const { return m_ablations; }
    void setAblations(std::vector<HeadAblation> ablations) { m_ablations = std::move(ablations); }

private:
    size_t offset(int layer, int head) const;
    size_t normOffset(int layer, int head) const;

    ModelSummary m_model;
    std::vector<int> m_tokenIds;
    QStringList m_tokens;
    QStringList m_displayTokens;
    std::vector<bool> m_special;
    std::vector<float> m_weights;  // (L, H, T, T)
    std::vector<float> m_valueNorms;  // (L, H, T) or empty
    std::vector<HeadAblation> m_ablations;
};

}  // namespace headmap
