#pragma once
// What a forward pass hands to views and exporters: the tokens and, per layer and head, the
// T×T attention weights; on request the value norms, and the heads that were ablated. A value
// that knows nothing about the model that made it, and cheap to copy.
//
// The weights of L·H heads would take L·H·T² floats (5.6 GB at 2,048 tokens for a
// Qwen2.5-0.5B shape), so a forward pass keeps per layer the queries and keys the weights come
// from (LayerQueriesKeys, shared between copies) and a head is recomputed when asked for, with
// the forward pass's own code and so with the same bits, through a small cache (HeadCache).
// Heads can also be stored in full: those RunOptions::storeHead asked for, and those a caller
// fills with headData() (tests). A derived trace (hidden special tokens, value-norm weighting,
// words) computes its heads from another trace's with a HeadSource, also on demand through its
// own cache, so it never holds L·H matrices either.

#include <functional>
#include <memory>
#include <vector>

#include <QString>
#include <QStringList>

#include "core/AttentionStack.h"
#include "core/HeadAblation.h"
#include "core/HeadCache.h"
#include "core/LayerQueriesKeys.h"
#include "core/MaskRule.h"
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
    // Each layer's mask rule (causal, or a sliding window of so many tokens), as the forward
    // pass applied it. Empty: every layer causal when `causal`, else none (encoders, the
    // teaching models). Views and figures draw the masked cells from this, never from zeros.
    std::vector<MaskRule> layerMasks;
    // The widest sliding window of any layer, in tokens; 0 without one.
    int widestWindow() const;
    // For people: "" without a window, else e.g. "4096 tokens on layers 0, 2, 4" or
    // "4096 tokens on every layer" (from layerMasks).
    QString windowDescription() const;
    int maxPositions = 0;
    int vocabSize = 0;
    bool causal = false;
    // How the weights are stored when it changes the numbers: a GGUF file's quantisation
    // ("Q4_K_M", "Q8_0"); empty for float weights (F32, F16, BF16), which are exact.
    QString quantization;
    // Weights that convert on read (#40): what they take as F32, and the budget within which
    // converted copies are kept (formats/KeepingCheckpoint.h); -1 when the model does not
    // stream such weights (F32 in place, or everything converted when it opens).
    qint64 convertedWeightBytes = -1;
    qint64 convertedWeightBudget = -1;
    QString bosToken;  // the token TokenizeOptions::prependBos adds; empty when there is none
    PieceStyle pieces = PieceStyle::Plain;  // how the tokenizer writes tokens()
    // For models whose heads have a known job (builtin:patterns), layer-major like the trace:
    // a short name ("previous token") and a one-sentence explanation per head. Empty otherwise.
    QStringList headNames;
    QStringList headExplanations;
    // Mixture-of-experts decoders (#39): experts per layer, the router's top-k, shared experts
    // (Qwen2-MoE: 1), and per layer whether its feed-forward is the mixture. 0 / empty: dense.
    int experts = 0;
    int expertsPerToken = 0;
    int sharedExperts = 0;
    std::vector<bool> expertLayers;
    // gpt-oss (#39): each head has a learned sink logit in its softmax, so a row's weights sum
    // to less than one and 1 − the sum is the row's sink mass (core/ScoringRule.h).
    bool attentionSinks = false;

    // Encoder–decoder models: their three stacks (encoder, decoder, cross), each with its own
    // layers and heads; empty for a model with one stack of self-attention. A summary made for
    // one stack (forStack) has that stack's layers, heads and masks, and `stack` says which.
    std::vector<StackShape> stacks;
    StackKind stack = StackKind::Encoder;
    bool isEncoderDecoder() const { return !stacks.empty(); }
    // The stack this summary's layers and heads describe: `stack` in an encoder–decoder model,
    // else the decoder's (causal) or the encoder's self-attention.
    StackKind stackKind() const;
    // This summary with the layers, heads and masks of `kind` (itself for a one-stack model).
    ModelSummary forStack(StackKind kind) const;
    const StackShape* stackShape(StackKind kind) const;
    // The target language model's vocabulary, where it differs from the source's (Marian with
    // separate vocabularies); 0: the same as vocabSize.
    int targetVocabSize = 0;

    // How figures and titles name the model: a folder by its own name ("gemma-2-2b"), never the
    // local path (which says nothing to a paper's readers and may say too much); a Hub id or
    // builtin:… as it is. Telling a relative folder from a Hub id looks at the disk, so it is
    // worked out once, when the summary is made: the loaders set shownName = displayNameOf(name).
    QString shownName;
    // shownName; for a summary made by hand without it, displayNameOf(name).
    QString displayName() const;
    static QString displayNameOf(const QString& name);
    MaskRule maskOfLayer(int layer) const;
};

// Picks heads by (layer, head), e.g. which to store in full or to compute; empty: all (or none,
// where the user says so).
using HeadFilter = std::function<bool(int layer, int head)>;

class AttentionTrace;
// A derived trace's (T, T) weights of (layer, head), made from another trace's head; it holds
// that trace alive (capture it by shared_ptr or by value) and may be called from several
// threads at once. Read the other trace with AttentionTrace::headUncached, so that its cache
// does not fill with heads only the derived trace shows.
using HeadSource = std::function<MatrixF(int layer, int head)>;

namespace detail {
struct HeadOwner {
    std::shared_ptr<const MatrixF> owner;
};
}  // namespace detail

// One head's (T, T) weights, rows are queries: a ConstMatrixMap that keeps the matrix it shows
// alive, so it stays valid after the trace's cache has moved on. Hold it as HeadWeights (or
// auto); copied into a plain ConstMatrixMap it lives only as long as the cache keeps the head.
class HeadWeights : private detail::HeadOwner, public ConstMatrixMap {
public:
    explicit HeadWeights(std::shared_ptr<const MatrixF> weights)
        : detail::HeadOwner{std::move(weights)}, ConstMatrixMap(owner->data(), owner->rows(), owner->cols()) {}
    const std::shared_ptr<const MatrixF>& matrix() const { return owner; }
};

class AttentionTrace {
public:
    AttentionTrace() = default;
    AttentionTrace(ModelSummary model, std::vector<int> tokenIds, QStringList tokens,
                   QStringList displayTokens, std::vector<bool> special = {});
    // Cross-attention: the keys are other tokens than the queries (the source sentence under
    // target rows), so heads are (T, S). Call before any head is stored or computed.
    void setKeyTokens(std::vector<int> tokenIds, QStringList tokens, QStringList displayTokens,
                      std::vector<bool> special = {});
    // Whether the keys are tokens of their own (cross-attention) rather than the queries'.
    bool hasKeyTokens() const { return bool(m_keys); }
    StackKind stack() const { return m_model.stackKind(); }

    const ModelSummary& model() const { return m_model; }
    const std::vector<int>& tokenIds() const { return m_tokenIds; }
    const QStringList& tokens() const { return m_tokens; }          // vocabulary pieces
    const QStringList& displayTokens() const { return m_displayTokens; }  // readable forms
    // true for [CLS], [SEP], <s>, ... (all false when the tokenizer did not say)
    const std::vector<bool>& special() const { return m_special; }

    int layers() const { return m_model.layers; }
    int heads() const { return m_model.heads; }
    int length() const { return int(m_tokenIds.size()); }  // queries: T
    // The key axis: S tokens of their own for cross-attention, else the queries themselves.
    int keyLength() const { return m_keys ? int(m_keys->ids.size()) : length(); }
    const std::vector<int>& keyTokenIds() const { return m_keys ? m_keys->ids : m_tokenIds; }
    const QStringList& keyTokens() const { return m_keys ? m_keys->tokens : m_tokens; }
    const QStringList& keyDisplayTokens() const { return m_keys ? m_keys->displayTokens : m_displayTokens; }
    const std::vector<bool>& keySpecial() const { return m_keys ? m_keys->special : m_special; }
    bool isEmpty() const { return layers() == 0 || heads() == 0 || length() == 0; }

    // The head's stored weights, else recomputed from its layer's queries and keys (bit for bit
    // what the forward pass computed) through the cache, else zeros (a trace built to be filled).
    HeadWeights head(int layer, int head) const;  // (T, S) rows are queries
    // The same weights, but a head that is not stored nor cached is computed without entering
    // the cache: for derived traces reading their source, and one-pass readers of every head.
    HeadWeights headUncached(int layer, int head) const;
    // One weight; a head that is not stored is computed whole (through the cache, so a hover over
    // the head on show costs a look-up): a single row's product would round differently.
    float weight(int layer, int head, int query, int key) const;
    // (1, S) one query's weights: from the stored or cached head when there is one (its bits),
    // else from the layer's queries and keys alone (attentionRowOfHead: equal to the head's row to
    // about 1e-7, not bit for bit), else (derived traces) from the head, computed whole.
    MatrixF row(int layer, int head, int query) const;
    // Stores the head (from its current weights) and returns its (T, S) floats to change in
    // place; copies of the trace keep their own.
    float* headData(int layer, int head);
    bool isStored(int layer, int head) const;

    // Makes this a derived trace: drops its stored heads, queries, keys and cached heads, and from
    // now on computes every head that is not stored with source (through the cache). Tokens,
    // value norms and ablations stay.
    void deriveHeads(HeadSource source);
    bool isDerived() const { return bool(m_source); }

    // For the engine: the layer's queries and keys, from which heads not stored are computed.
    void setQueriesKeys(int layer, std::shared_ptr<const LayerQueriesKeys> queriesKeys);
    // Null when the layer has none (its heads are stored, or zeros).
    const std::shared_ptr<const LayerQueriesKeys>& queriesKeys(int layer) const;
    // The recently computed heads; shared by copies of the trace (they compute the same heads).
    HeadCache& headCache() const { return *m_cache; }

    // ‖(x_j·W_V,g + b_V,g)·W_O,h‖: how far key j's value moves the output through head h
    // (Kobayashi et al. 2020, without b_O). Present only when RunOptions::valueNorms asked.
    bool hasValueNorms() const { return !m_valueNorms.empty(); }
    void enableValueNorms();  // allocates zeros (L, H, T) for the engine to fill
    float valueNorm(int layer, int head, int key) const;
    ConstRowVectorMap valueNorms(int layer, int head) const;  // (S) one per key
    float* valueNormData(int layer, int head);                // (S) for the engine to fill

    // The cells of `layer` that the model's mask rule (ModelSummary::maskOfLayer) never lets a
    // query attend to, in this trace's tokens. A derived trace whose tokens stand for other
    // positions of the run (special tokens hidden, pieces merged into words) maps the rule
    // through modelPositions(): a cell is masked iff every cell of the run under it is.
    bool isMasked(int layer, int query, int key) const;
    CellMask cellMask(int layer) const;  // (T, T); empty when nothing is masked
    // The same among the tokens `kept` (ascending indices of this trace; empty: all).
    CellMask cellMask(int layer, const std::vector<int>& kept) const;
    // For each token, the positions of the model's run it stands for (ascending); empty: token i
    // is position i. setModelPositions takes, per token of this trace, the tokens of `source`
    // it stands for and composes them with source's own positions.
    const std::vector<std::vector<int>>& modelPositions() const { return *m_positions; }
    void setModelPositions(const AttentionTrace& source, const std::vector<std::vector<int>>& sourceTokens);

    // Mixture-of-experts models (#39): per layer and token of the run, the experts the router
    // chose, in its order (torch.topk's); a dense layer's list is empty. Empty for models without
    // experts. The run's tokens, not those of a derived trace.
    using ExpertChoices = std::vector<std::vector<std::vector<int>>>;  // [layer][token][k]
    const ExpertChoices& experts() const { return m_experts; }
    bool hasExperts() const { return !m_experts.empty(); }
    void setExperts(int layer, std::vector<std::vector<int>> chosen) {
        if (m_experts.empty())
            m_experts.resize(size_t(layers()));
        m_experts[size_t(layer)] = std::move(chosen);
    }

    // The heads that were switched off in the run that made these weights (empty: none).
    const std::vector<HeadAblation>& ablations() const { return m_ablations; }
    void setAblations(std::vector<HeadAblation> ablations) { m_ablations = std::move(ablations); }

private:
    size_t index(int layer, int head) const;
    size_t normOffset(int layer, int head) const;
    std::shared_ptr<const MatrixF> computed(int layer, int head) const;
    std::shared_ptr<const MatrixF> compute(int layer, int head) const;  // not cached

    struct KeyTokens {
        std::vector<int> ids;
        QStringList tokens, displayTokens;
        std::vector<bool> special;
    };

    ModelSummary m_model;
    std::shared_ptr<const KeyTokens> m_keys;  // null: the keys are the queries
    std::vector<int> m_tokenIds;
    QStringList m_tokens;
    QStringList m_displayTokens;
    std::vector<bool> m_special;
    std::vector<std::shared_ptr<MatrixF>> m_stored;  // (L·H) (T, T) or null: not stored
    std::vector<std::shared_ptr<const LayerQueriesKeys>> m_queriesKeys;  // (L) or null
    std::shared_ptr<HeadCache> m_cache = std::make_shared<HeadCache>();
    HeadSource m_source;  // derived traces: heads that are neither stored nor have queries/keys
    std::vector<float> m_valueNorms;  // (L, H, S) or empty
    std::vector<HeadAblation> m_ablations;
    ExpertChoices m_experts;
    // (T) or empty: identity; shared between copies
    std::shared_ptr<const std::vector<std::vector<int>>> m_positions = std::make_shared<const std::vector<std::vector<int>>>();
};

}  // namespace headmap
