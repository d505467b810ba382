#pragma once
// The model interface. A front end loads a Model (see ModelLoader.h), tokenizes with its
// tokenizer and calls run():
//
//   auto model = headmap::loadModel(headmap::ModelSpec::parse("builtin:teaching"));
//   headmap::Encoding input = model->tokenizer().encode("The animal didn't cross", true);
//   headmap::RunOptions options;
//   options.steps = headmap::HeadIndex{0, 2};       // optional: matrices of layer 0, head 2
//   headmap::RunResult result = model->run(input, options);
//   result.trace.weight(layer, head, query, key);   // attention weights
//   result.steps->scores;                           // QKᵀ of the requested head

#include <functional>
#include <memory>
#include <optional>

#include "core/AttentionTrace.h"
#include "core/HeadAblation.h"
#include "core/HeadSteps.h"
#include "core/MultiHeadAttention.h"
#include "model/LanguageChoice.h"
#include "model/Tokenizer.h"

namespace headmap {

struct PrefixState;  // model/PrefixState.h

struct HeadIndex {
    int layer = 0;
    int head = 0;
    // Encoder–decoder models: the stack of the head; unset: the model's default (cross).
    std::optional<StackKind> stack;
};

struct TokenizeOptions {
    bool addSpecialTokens = true;
    std::optional<QString> pair;  // a second sentence, for models trained on pairs
    bool prependBos = false;      // GPT-2: start with <|endoftext|>, as some studies do
    // Text with more tokens than the model's max positions: false throws InputError, true keeps
    // the first max-positions tokens and sets Encoding::truncated. Either way tokenizing stops at
    // the limit, so a 50 MB line costs no more than a text of max-positions tokens.
    bool truncate = false;
    // Translation models whose tokenizer marks the source language (M2M100): the source language,
    // one of Model::sourceLanguages() (resolveLanguages gives it so); empty: the folder's default.
    LanguageChoice languages;
};

struct RunOptions {
    std::optional<HeadIndex> steps;
    // Heads whose output is switched off (zeroed, or replaced by its mean over positions) before
    // W_O; later layers see the change. The ablated heads' own weights are still recorded.
    std::vector<HeadAblation> ablations;
    // Also record ‖v_j·W_O,h‖ for every layer, head and key (AttentionTrace::valueNorm), the
    // norms of Kobayashi et al. 2020; costs about one more output projection per layer.
    bool valueNorms = false;
    // Called after each layer with (layers done, layers in all); returning false cancels.
    std::function<bool(int, int)> progress;
    // Prefix reuse (model/PrefixState.h), for decoders. keepState: also return RunResult::state,
    // what a later run needs to compute only the tokens after a shared prefix. reuse: a previous
    // run's state; the run takes the tokens both inputs start with from it when it can (see
    // PrefixState::reusableFor) and otherwise runs in full. Either way the numbers are a full
    // run's (to rounding).
    bool keepState = false;
    std::shared_ptr<const PrefixState> reuse;
    // Attention at scale (#10). The trace keeps each layer's queries and keys, and a head's
    // (T, T) weights are recomputed from them when asked for, with the same bits. storeHead says
    // which heads the trace keeps in full as well (e.g. the one a CLI call writes, or a reference
    // for a test); empty: none. headWeights receives every head's weights as the pass computes
    // them, before they are dropped (statistics, thumbnails); heads of a layer run in parallel,
    // so it may be called for different heads of one layer at the same time.
    HeadFilter storeHead;
    std::function<void(int layer, int head, const MatrixF& weights)> headWeights;
    // Encoder–decoder models: the decoder's input ids, as transformers feeds them under teacher
    // forcing (Model::decoderInputForTarget). Unset: the model first generates the target
    // greedily (Model::generate) and runs on what it wrote. storeHead and headWeights then
    // apply to the default stack (cross-attention) only.
    std::optional<Encoding> decoderInput;
    int maxNewTokens = -1;  // generation's limit; -1: the model's own (generation_config.json)
    // Generation's target language (Model::generate); see there.
    LanguageChoice languages;
};

struct RunResult {
    // The default stack's trace: the only one of a one-stack model, cross-attention for an
    // encoder–decoder model, whose three stacks are all in `stacks` as well.
    AttentionTrace trace;
    std::vector<AttentionTrace> stacks;  // encoder, decoder, cross; empty for one-stack models
    const AttentionTrace& stack(StackKind kind) const;  // `trace` for one-stack models
    // Encoder–decoder models: the decoder's rows (RunOptions::decoderInput, or what the model
    // generated) and, when it generated them, the generated ids after the start token, the end
    // token included, as transformers' generate() returns them.
    Encoding decoderInput;
    std::vector<int> generated;
    std::optional<HeadSteps> steps;
    MatrixF hidden;  // (T, D) the last layer's output (after the final norm where there is one)
    bool cancelled = false;
    std::shared_ptr<const PrefixState> state;  // when RunOptions::keepState and the model can reuse
    int reusedTokens = 0;                      // leading tokens taken from RunOptions::reuse
};

// Thrown inside a forward pass when values stop being finite; Model::run turns it into a
// ModelError that names the layer and the weights responsible.
struct NonFiniteValues {
    int layer = -1;   // -1: after the last layer
    QString where;    // "input of the attention block", "attention output", ...
};

// Handed to a model's forward pass so that every attention block goes through the one shared
// implementation and its capture.
class ForwardContext {
public:
    ForwardContext(AttentionTrace& trace, const RunOptions& options, HeadSteps* steps);

    // Runs layer `layer`'s attention block, recording its weights and, when asked, the steps.
    // Throws NonFiniteValues when the block's input or output holds NaN or Inf.
    // memory: the encoder's output for a cross-attention block, else null.
    MatrixF attention(int layer, const AttentionWeights& weights, const AttentionSpec& spec,
                      const MatrixF& x, const MatrixF* memory = nullptr);
    MatrixF attention(int layer, const AttentionWeights& weights, const MatrixF& x, int heads,
                      bool causal);
    // Reports a finished layer; false when the caller cancelled.
    bool layerDone(int layer);

    // Prefix reuse (model/PrefixState.h), for the models that support it: the options and trace
    // a model's own reuse path reads and fills, and the state the run returns. While a state is
    // set, attention() also stores each layer's keys and values in it (its layers must be sized).
    const RunOptions& options() const { return m_options; }
    AttentionTrace& trace() { return *m_trace; }
    // Encoder–decoder models: Model::run hands the three stacks' traces and the decoder's
    // input; the model's forward pass says which stack the following attention() calls record
    // into. Steps and ablations apply to the stack they name, storeHead and headWeights to the
    // default one (cross).
    void setStacks(std::vector<AttentionTrace>* stacks, const Encoding* decoderInput);
    void useStack(StackKind kind);
    const Encoding& decoderInput() const { return *m_decoderInput; }
    void setState(std::shared_ptr<PrefixState> state) { m_state = std::move(state); }
    std::shared_ptr<PrefixState> takeState() { return std::move(m_state); }
    void setReusedTokens(int tokens) { m_reusedTokens = tokens; }
    int reusedTokens() const { return m_reusedTokens; }

private:
    bool isChosenStack(StackKind kind) const;

    AttentionTrace* m_trace;
    const RunOptions& m_options;
    bool m_encoderDecoder = false;
    std::vector<AttentionTrace>* m_stacks = nullptr;
    const Encoding* m_decoderInput = nullptr;
    HeadSteps* m_steps;
    std::shared_ptr<PrefixState> m_state;  // prefix reuse: filled by attention(), or null
    int m_reusedTokens = 0;
};

class Model {
public:
    virtual ~Model() = default;

    virtual const ModelSummary& summary() const = 0;
    virtual const Tokenizer& tokenizer() const = 0;

    // Text to tokens as the model's own tokenizer does it. Throws InputError when the model has
    // no beginning-of-text token to prepend, does not take pairs, or the text has more tokens
    // than max positions (unless options.truncate).
    Encoding tokenize(const QString& text, const TokenizeOptions& options = {}) const;

    // Checks the input against the model's limits, then runs the forward pass.
    // Throws InputError for empty input, too many tokens, ids, a step head or an ablated head out
    // of range, or a head ablated twice.
    RunResult run(const Encoding& input, const RunOptions& options = {}) const;

    // Whether outputLogits() can turn hidden states into token scores: a decoder's lm_head (or
    // its tied embedding), GPT-2's, an encoder's masked-language-model head, builtin:patterns'
    // read-out.
    virtual bool hasOutputHead() const { return false; }
    // Why there is none, for messages ("the checkpoint has no cls.predictions.* weights").
    virtual QString outputHeadMissing() const;
    // Scores over the whole vocabulary for the token at `position` of run()'s hidden states,
    // with any final-logit softcapping applied. (vocab) Throws InputError (with
    // outputHeadMissing()) when the model has no output head. See model/Predictions.h.
    virtual RowVectorF outputLogits(const MatrixF& hidden, int position) const;

    // Encoder–decoder models (summary().isEncoderDecoder()); the defaults throw InputError.
    // The decoder's input for a target text under teacher forcing: shift_tokens_right of the
    // target's ids (the decoder start token, then the ids with the end token, less the last).
    // languages.target: the target's language where the tokenizer marks it (M2M100's labels start
    // with it); empty: tokenizer_config.json's tgt_lang.
    virtual Encoding decoderInputForTarget(const QString& target, const LanguageChoice& languages = {}) const;
    // Greedy generation as transformers' generate() does it with the model's generation
    // settings: the ids after the decoder start token, the end token included. maxNewTokens
    // < 0: the model's own limit. languages.target, a target language the tokenizer marks with
    // a token (M2M100's "__da__"), is forced first, as generate(forced_bos_token_id=
    // tokenizer.get_lang_id(...)) does; empty: generation_config.json's forced_bos_token_id.
    virtual std::vector<int> generate(const Encoding& source, int maxNewTokens = -1,
                                      const LanguageChoice& languages = {}) const;
    // The decoder's input for generated ids: the start token (for the languages generate() was
    // given: mBART-25 starts with the target language), then the ids less a final end token.
    virtual Encoding decoderInputForGenerated(const std::vector<int>& generated,
                                              const LanguageChoice& languages = {}) const;
    // Target ids as text, without special tokens.
    virtual QString targetText(const std::vector<int>& ids) const;
    // The languages the user may choose, as the family writes them (M2M100's "__da__", Marian's
    // ">>dan<<" target codes, ...); empty when the model takes no such code (one language pair,
    // or T5, which reads the task from the text).
    virtual QStringList sourceLanguages() const { return {}; }
    virtual QStringList targetLanguages() const { return {}; }
    // What the folder chooses when the user does not: tokenizer_config.json's src_lang and
    // tgt_lang as transformers applies them (empty where there is none).
    virtual LanguageChoice defaultLanguages() const { return {}; }
    // A user's choice with each code as the model lists it (a bare code accepted where it is
    // unambiguous: "da" for "__da__"). Throws InputError naming the side, the code and some of
    // the model's codes, or saying that the model takes none.
    LanguageChoice resolveLanguages(const LanguageChoice& asked) const;
    // The source text as the model reads it for `targetLanguage` (one of targetLanguages(), with
    // or without the >> << of Marian's codes; empty: the text as it is): Marian's multi-target
    // models read the code at the start of the source. Throws InputError naming the languages
    // there are when the model has no such target language. A model whose tokenizer marks the
    // languages with its own tokens (M2M100) takes the text as it is.
    virtual QString sourceTextFor(const QString& text, const QString& targetLanguage) const;

protected:
    // Encoder–decoder models: the checks and the run of Model::run (model/EncoderDecoderRun.cpp).
    RunResult runEncoderDecoder(const Encoding& input, const RunOptions& options) const;
    // Calls forward(), turning NonFiniteValues into a ModelError naming the culprits.
    MatrixF forwardChecked(const Encoding& input, ForwardContext& context) const;

    // Returns the final hidden states (T, D); stops early (returning an empty matrix) when
    // context.layerDone() says the run was cancelled.
    virtual MatrixF forward(const Encoding& input, ForwardContext& context) const = 0;

    // Names of weights holding NaN or Inf, for the message when a forward pass produced them;
    // looked for only then, so loading stays as fast as mapping the file.
    virtual QStringList nonFiniteWeights() const { return {}; }

public:
    // Lets a model whose weights convert on read (BF16, F16, GGUF) keep converted copies within
    // budgetBytes (formats/KeepingCheckpoint.h); loadModel calls it once, before the first run.
    // The default keeps nothing: the model has no such weights.
    virtual void keepConvertedWeights(qint64 budgetBytes) { Q_UNUSED(budgetBytes); }
};

}  // namespace headmap
