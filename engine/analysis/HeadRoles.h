#pragma once
// What a head *is*, measured on one document: the scores of issue #38, each a number per head
// that says how much the head plays one role. HeadRoleScorer (analysis/HeadRoleScorer.h) adds
// them up over a corpus; this file holds the definitions, for one (T, T) weight matrix A of one
// document whose rows are queries.
//
// Pattern scores (TransformerLens' head_detector.detect_head, error measure "mul", no
// exclusions): score = Σ(A ∘ P) / ΣA with the 0/1 pattern P
//   previous-token   P[i, j] = 1 iff j = i − 1
//   duplicate-token  P[i, j] = 1 iff ids[j] = ids[i] and j < i
//   induction        P[i, j] = Dup[i, j − 1] for 1 ≤ j ≤ i: the token after an earlier copy of i
// Row scores, each the mean over the T query rows i of a row value:
//   sink             A[i, 0]
//   entropy          −Σ_j A[i, j]·ln A[i, j], in nats (0·ln 0 = 0)
//   distance         Σ_j A[i, j]·|i − j|, in tokens
//   special          Σ_{j special} A[i, j]: weight on [CLS], [SEP], <s>, ... (Clark et al. 2019)
//   punctuation      Σ_{j punctuation} A[i, j] (isPunctuationToken)
//
// Each score also has a value per query row, so that a view can jump to where a head shows its
// role most strongly: for the pattern scores Σ_j A[i, j]·P[i, j] (the row's weight on the
// pattern), for the row scores the row value above. The row with the highest value is the
// document's strongest position (the first such row on ties).

#include <array>
#include <optional>
#include <vector>

#include <QList>
#include <QString>
#include <QStringList>

#include "core/Tensor.h"

namespace headmap {

enum class HeadRole { PreviousToken, DuplicateToken, Induction, Sink, Entropy, Distance, Special, Punctuation };
constexpr int kHeadRoleCount = 8;

// Every role, in enum order (the order of the CLI's JSON and CSV).
QList<HeadRole> allHeadRoles();
// "previous-token", "duplicate-token", "induction", "sink", "entropy", "distance", "special",
// "punctuation": the names of the CLI and of the JSON keys.
QString headRoleName(HeadRole role);
std::optional<HeadRole> headRoleFromName(const QString& name);
// Whether a role's score is Σ(A ∘ P)/ΣA of a 0/1 pattern (previous-token, duplicate-token,
// induction), rather than a mean of row values.
bool isPatternRole(HeadRole role);

// Punctuation, precisely: a token that is not special and whose display label (text/
// TokenLabels: what the token stands for, "␣" for a space) with every "␣" (U+2423) and every
// white-space character removed is non-empty and consists of Unicode punctuation only (general
// category P: Pc, Pd, Ps, Pe, Pi, Pf, Po). So ".", "␣,", "。", "“" and "..." are punctuation;
// "$" (a symbol, Sc), "\n" (shown as backslash-n), a part of a character ("，¹⁄₃") and "a." are not.
bool isPunctuationLabel(const QString& displayLabel);

// The facts about one document's tokens that the scores read, one entry per position.
struct RoleTokens {
    std::vector<int> ids;
    std::vector<bool> special;
    std::vector<bool> punctuation;

    // From an encoding's ids, special flags and display labels (isPunctuationLabel).
    static RoleTokens fromLabels(const std::vector<int>& ids, const std::vector<bool>& special,
                                 const QStringList& displayLabels);
    int size() const { return int(ids.size()); }
};

// One head's scores on one document, and the row with the highest row value per score.
struct DocumentRoleScores {
    std::array<double, kHeadRoleCount> score{};     // indexed by int(HeadRole)
    std::array<int, kHeadRoleCount> strongestRow{};  // the query row of strongestValue
    std::array<double, kHeadRoleCount> strongestValue{};
};

// The scores of one head's (T, T) weights. Throws InputError when A is not T × T for the T of
// `tokens`, or T = 0. A pattern score whose ΣA is 0 (a head of zeros) is 0.
DocumentRoleScores scoreDocument(const Eigen::Ref<const MatrixF>& weights, const RoleTokens& tokens);

// The per-row Jensen–Shannon divergence of two heads' (T, S) weights, in nats, averaged over the
// rows: mean_i JSD(A[i, :], B[i, :]) with JSD(p, q) = ½ KL(p ‖ m) + ½ KL(q ‖ m), m = ½(p + q),
// 0·ln 0 = 0. Between 0 and ln 2. Throws InputError when the shapes differ.
double meanRowDivergence(const Eigen::Ref<const MatrixF>& a, const Eigen::Ref<const MatrixF>& b);

}  // namespace headmap
