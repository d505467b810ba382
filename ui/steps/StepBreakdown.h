#pragma once
// The arithmetic behind one cell of a head's steps, written out for students: a score as the
// dot product q_i·k_j term by term, a row of weights as softmax (exp, sum, divide) and a row of
// the head's output as the weighted sum of value rows, and the rotation of a token's query by its
// position (RoPE). The numbers are computed in double from
// HeadSteps; the *Html functions turn them into the text the breakdown panel shows.

#include <vector>

#include <QCoreApplication>
#include <QString>
#include <QStringList>

#include "core/HeadSteps.h"

namespace headmap::ui {

// scores(query, key) = Σ_d q(query, d)·k(key, d)
struct DotProductBreakdown {
    int query = -1;
    int key = -1;
    std::vector<double> q, k;    // (d_head) the two rows multiplied
    std::vector<double> terms;   // (d_head) q[d]·k[d]
    double total = 0;            // Σ terms
};
DotProductBreakdown dotProductBreakdown(const HeadSteps& steps, int query, int key);

// weights(row, j) = exp(masked(row, j) − max) / Σ_k exp(masked(row, k) − max); with a sink, the
// sink's exp(sink − max) joins the sum (and the max) and its own weight is dropped.
struct SoftmaxBreakdown {
    int row = -1;
    std::vector<double> scores;   // (T) the masked, scaled scores; −inf where masked
    std::vector<bool> masked;     // (T) true where the mask forbids attending
    double max = 0;               // the largest unmasked score, subtracted for safety
    std::vector<double> exps;     // (T) exp(score − max); exactly 0 where masked
    double sum = 0;               // Σ exps
    std::vector<double> weights;  // (T) exps / sum
    // gpt-oss: the head's sink logit is one more score (in max and sum) whose weight is dropped.
    bool hasSink = false;
    double sink = 0, sinkExp = 0, sinkWeight = 0;
};
SoftmaxBreakdown softmaxBreakdown(const HeadSteps& steps, int row);

// headOutput(row, d) = Σ_j weights(row, j)·v(j, d)
struct WeightedSumBreakdown {
    int row = -1;
    std::vector<int> order;       // keys by weight, largest first
    std::vector<double> weights;  // (T) weights(row, j)
    std::vector<int> dims;        // the output dimensions written out
    std::vector<std::vector<double>> columns;  // per entry of dims: v(j, dim) for every j
    std::vector<double> values;   // per entry of dims: Σ_j weights(row, j)·v(j, dim)
};
// dims: which output dimensions to add up (those out of range are skipped); by default the
// first four.
WeightedSumBreakdown weightedSumBreakdown(const HeadSteps& steps, int row,
                                          std::vector<int> dims = {0, 1, 2, 3});

// The rotation of one token's query (RoPE), as transformers' rotate_half does it: pair i is the
// dimensions (i, i + rotaryDim/2), turned by θ_i with cos and sin multiplied by the scaling.
struct RotationBreakdown {
    struct Pair {
        int first = 0, second = 0;  // the two dimensions of the pair
        double angle = 0;           // θ in radians
        double before[2] = {0, 0};  // the query's two numbers before the rotation
        double after[2] = {0, 0};   // x·cos θ − y·sin θ, y·cos θ + x·sin θ (times the scaling)
    };
    int row = -1;
    int rotaryDim = 0;  // 2 · pairs; the dimensions from here to d_head are not rotated
    int dHead = 0;
    double scaling = 1;
    std::vector<Pair> pairs;
};
RotationBreakdown rotationBreakdown(const HeadSteps& steps, int row);

// The scale factor: true when q·kᵀ was multiplied by 1/√d_head (also when none was recorded).
bool isStandardScale(const HeadSteps& steps);
// n when the scale is 1/√n for a whole n (Gemma's query_pre_attn_scalar), else 0.
int scaleRootOf(const HeadSteps& steps);
// Whether a key is masked for a query, from the recorded scores (−∞ after the mask).
bool isMaskedCell(const HeadSteps& steps, int query, int key);

// How far a score's breakdown goes.
enum class ScoreStage { Scores, Scaled, Softcapped, Masked };

// A number as the breakdowns write it: three decimals, a true minus sign (−), "−∞" for -inf.
QString breakdownNumber(double value);
// "q₃": a letter with a subscript index, in Unicode subscript digits.
QString subscripted(const QString& letter, int index);

// Rich text for the breakdown panel. tokens name the rows; selected is the selected token,
// emphasised where it appears (-1: none).
class BreakdownText {
    Q_DECLARE_TR_FUNCTIONS(BreakdownText)
public:
    // Up to stage: QKᵀ, then the scale, the softcap (when the model has one) and the mask.
    // keyTokens: cross-attention's keys (the source's tokens); empty: the keys are `tokens`.
    static QString dotProduct(const HeadSteps& steps, const DotProductBreakdown& b,
                              const QStringList& tokens, ScoreStage stage, const QStringList& keyTokens = {});
    static QString softmax(const SoftmaxBreakdown& b, const QStringList& tokens, int clickedKey,
                           const QStringList& keyTokens = {});
    static QString weightedSum(const WeightedSumBreakdown& b, const QStringList& tokens,
                               const QStringList& keyTokens = {});
    static QString rotation(const RotationBreakdown& b, const QStringList& tokens);
    // What to click, before anything is selected.
    static QString scoreHint();
    static QString softmaxHint();
    static QString weightedSumHint();
    static QString rotationHint();
};

}  // namespace headmap::ui
