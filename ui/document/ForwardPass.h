#pragma once
// The document's forward passes as plain functions of a request, run on a worker: the sentence
// (its trace as shown, hidden states for the predictions, what the next run may reuse and the
// derived data collected during the pass), the comparison's second sentence, and one head's
// step-by-step matrices. Each returns its own result; AttentionDocument adopts it on the GUI
// thread (AttentionDocument_Jobs.cpp).

#include <functional>
#include <memory>
#include <optional>
#include <vector>

#include <QString>

#include "analysis/AttentionMeasure.h"
#include "core/AttentionTrace.h"
#include "core/HeadSteps.h"
#include "derived/DerivedData.h"
#include "jobs/LatestJobs.h"
#include "model/Model.h"

namespace headmap::ui {

// What every pass needs from the document.
struct PassRequest {
    std::shared_ptr<const Model> model;
    QString text;
    QString pair;           // the second sentence of a pair model; empty: none
    bool truncate = false;  // cut a text longer than the model's positions instead of refusing it
    std::vector<HeadAblation> ablations;
    AttentionMeasure measure = AttentionMeasure::Weights;
    // Encoder–decoder models. The stack whose trace the pass shows; the decoder's rows: exactly
    // these ids (the shown run's, so that a rerun keeps its target), else a target text the user
    // typed (teacher forcing), else none: the model generates the target first.
    StackKind stack = StackKind::Cross;
    std::optional<Encoding> decoderInput;
    std::optional<QString> target;
    LanguageChoice languages;  // a multilingual model's choice (Model::resolveLanguages' codes)
};

// The sentence's pass needs more: words, the baseline of the ablations, prefix reuse and the
// derived data that may be collected while it runs.
struct SentenceRequest : PassRequest {
    bool words = false;
    // Hidden states of the same tokens without the ablations, kept from the last run: changing
    // the ablations then reruns only the ablated pass. Null: none kept.
    std::shared_ptr<const MatrixF> baseline;  // (T, D)
    std::vector<int> baselineIds;             // the tokens baseline is of
    bool keepState = false;                   // prefix reuse is on
    std::shared_ptr<const PrefixState> reuse;  // the last run's state
    DerivedNeeds collect;      // producers offered the pass's heads
    DerivedInput snapshot;     // style and hiding for them (no trace yet)
};

// A failed pass: the message, and > 0 when the text is too long and cutting it to this many
// tokens works.
struct PassFailure {
    QString error;
    int truncateTo = 0;
};

// A derived result the sentence's pass made, and what it was made from.
struct CollectedDerived {
    std::shared_ptr<const DerivedProducer> producer;
    DerivedInput input;
    std::shared_ptr<const void> value;
};

struct TraceResult : PassFailure {
    QString text;  // the text the trace was computed from
    std::shared_ptr<const AttentionTrace> trace;        // as shown; null: nothing to adopt
    std::shared_ptr<const AttentionTrace> pieceTrace;   // before the measure and words
    std::shared_ptr<const AttentionTrace> weightTrace;  // the shown tokens' plain weights
    std::shared_ptr<const MatrixF> hidden;          // final hidden states (T, D); null without an output head
    std::shared_ptr<const MatrixF> baselineHidden;  // the same without the ablations
    int defaultPosition = -1;                       // defaultPredictionPosition
    std::vector<HeadAblation> ablations;            // the heads switched off
    std::shared_ptr<const PrefixState> prefixState;  // what the next run may reuse
    int reusedTokens = 0;                            // tokens taken from the last state
    std::vector<CollectedDerived> collected;
    // Encoder–decoder models: every stack's trace before the measure and words (encoder,
    // decoder, cross; pieceTrace is one of them), the decoder's rows, and the target as text:
    // what the model generated, or what the user typed.
    std::vector<std::shared_ptr<const AttentionTrace>> stacks;
    std::optional<Encoding> decoderInput;
    QString targetText;
    bool generated = false;  // the model wrote the target (greedy), rather than the user
};

struct SecondTraceResult : PassFailure {
    std::shared_ptr<const AttentionTrace> trace;  // as shown (the measure, no words)
};

// The stack's trace of a run, as a shared trace (the run's only trace for one-stack models);
// *all, when given, receives every stack's (empty for one-stack models).
std::shared_ptr<const AttentionTrace> stackTrace(RunResult& run, StackKind stack,
                                                 std::vector<std::shared_ptr<const AttentionTrace>>* all = nullptr);

struct StepsResult : PassFailure {
    std::shared_ptr<const HeadSteps> steps;
    // The tokens only: the views label the step matrices with them, and a second copy of every
    // layer's queries and keys would double the sentence's memory.
    std::shared_ptr<const AttentionTrace> tokens;
};

// The trace as views show it, and the same tokens' plain weights (statistics, rollout): the
// measure first (value norms belong to pieces), then words.
void shownTraces(const std::shared_ptr<const AttentionTrace>& pieces, AttentionMeasure measure, bool words,
                 std::shared_ptr<const AttentionTrace>* shown, std::shared_ptr<const AttentionTrace>* weights);

// Called from the pass's thread after each layer.
using PassProgress = std::function<void(int done, int total)>;

// The passes; none throws (failures come back in the result). A pass whose stop token fires
// returns early with nothing to adopt.
TraceResult runSentencePass(const SentenceRequest& request, const StopToken& stop, PassProgress progress);
SecondTraceResult runSecondPass(const PassRequest& request, const StopToken& stop);
StepsResult runStepsPass(const PassRequest& request, HeadIndex head, const StopToken& stop);

}  // namespace headmap::ui
