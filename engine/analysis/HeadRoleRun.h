#pragma once
// Scores a whole corpus, or the induction probe, with a model (issue #38): what headmap-cli heads
// and the desktop's Head roles worker both call. Each document is tokenized as `attention`
// tokenizes it (special tokens added), cut to the model's positions (counted as truncated),
// run, and its heads handed to a HeadRoleScorer as the forward pass computes them; only the
// scorer's per-head accumulators and one document's trace live at a time.
//
// With a second model (compare) the same tokens run through both and the scorer adds each
// head's divergence (HeadRoles.h, meanRowDivergence). The models must tokenize every document
// the same way and have the same layers and heads; otherwise an InputError says which.
//
// Progress and cancellation, for a GUI worker: `progress` is called after every document with
// the counts so far and the scorer (its result() is the partial result to draw); returning false
// stops. `cancel`, when set, is also checked between the layers of a forward pass, so a long
// document stops within a layer. A stopped run returns the documents finished so far.

#include <atomic>
#include <functional>
#include <optional>
#include <vector>

#include "analysis/CorpusReader.h"
#include "analysis/HeadRoleScorer.h"
#include "model/Model.h"

namespace headmap {

struct HeadRoleProgress {
    int documents = 0;      // documents scored so far
    qint64 tokens = 0;      // their tokens
    qint64 bytesRead = 0;   // of the corpus file (0 for the probe)
    qint64 totalBytes = 0;  // the corpus file's size (0 for the probe)
};

struct HeadRoleOptions {
    // Encoder–decoder models: the stack to score, encoder (the document as source) or decoder (the
    // model's greedy translation of it). Cross-attention is refused: its keys are other tokens.
    // Unset: the encoder; one-stack models have only their own.
    std::optional<StackKind> stack;
    const Model* compare = nullptr;  // a second model, for the divergence
    std::function<bool(const HeadRoleProgress&, const HeadRoleScorer&)> progress;
    const std::atomic<bool>* cancel = nullptr;
};

struct HeadRoleRun {
    HeadRoleResult result;
    bool cancelled = false;
    int invalidUtf8Documents = 0;  // documents whose invalid UTF-8 was replaced by U+FFFD
};

// How much of one document a CorpusReader should keep for `model`: 64 bytes per position (at
// least 1,024 positions' worth), far more than tokens take on average, so that only a document
// longer than the model's positions loses text, and a 10 MB line costs no more than this.
qint64 corpusDocumentBytes(const ModelSummary& model);

// Strongest positions name documents by CorpusDocument::index, the reader's numbering (a
// document the tokenizer makes no tokens of is skipped but still counted there).
// Throws InputError for an empty corpus (no document), a stack that cannot be scored, and models
// that cannot be compared; the corpus reader's errors pass through.
HeadRoleRun scoreCorpus(const Model& model, CorpusReader& corpus, const HeadRoleOptions& options);

// Random token ids repeated twice, the induction probe (Olsson et al. 2022): sequence k is
// r_0..r_{length−1} r_0..r_{length−1}, each r drawn uniformly from the model's vocabulary with
// PortableRandom stream (seed, "induction-probe"), skipping ids the tokenizer calls special.
struct InductionProbe {
    int length = 50;
    int count = 10;
    quint64 seed = 0;
    std::vector<std::vector<int>> sequences;  // count × (2 · length) ids
};
InductionProbe makeInductionProbe(const Model& model, int length, int count, quint64 seed);

// Each head's mean weight on the induction stripe over the probe's sequences: the mean over
// sequences of the mean over queries i in [length, 2·length) of A[i, i − length + 1]. (L·H)
double inductionStripe(const Eigen::Ref<const MatrixF>& weights, int length);

// The probe's sequences scored like a corpus (no special tokens), with the stripe per head in
// `stripe` (layer-major). Throws InputError when 2 · length exceeds the model's positions.
struct InductionProbeRun {
    HeadRoleRun run;
    std::vector<double> stripe;
};
InductionProbeRun scoreInductionProbe(const Model& model, const InductionProbe& probe, const HeadRoleOptions& options);

}  // namespace headmap
