#pragma once
// The arithmetic behind one cell of a head's steps, written out for students: a score as the
// dot product q_i·k_j term by term, a row of weights as softmax (exp, sum, divide) and a row of
// the head's output as the weighted sum of value rows. The numbers are computed in double from
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

// weights(row, j) = exp(masked(row, j) − max) / Σ_k exp(masked(row, k) − max)
struct SoftmaxBreakdown {
    int row = -1;
    std::vector<double> scores;   // (T) the masked, scaled scores; −inf where masked
    std::vector<bool> masked;     // (T) true where the mask forbids attending
    double max = 0;               // the largest unmasked score, subtracted for safety
    std::vector<double> exps;     // (T) exp(score − max); exactly 0 where masked
    double sum = 0;               // Σ exps
    std::vector<double> weights;  // (T) exps / sum
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

// A number as the breakdowns write it: three decimals, a true minus sign (−), "−∞" for -inf.
QString breakdownNumber(double value);
// "q₃": a letter with a subscript index, in Unicode subscript digits.
QString subscripted(const QString& letter, int index);

// Rich text for the breakdown panel. tokens name the rows; selected is the selected token,
// emphasised where it appears (-1: none).
class BreakdownText {
    Q_DECLARE_TR_FUNCTIONS(BreakdownText)
public:
    // stage 2: QKᵀ; 3: also ÷ √d_head; 4: also the mask.
    static QString dotProduct(const HeadSteps& steps, const DotProductBreakdown& b,
                              const QStringList& tokens, int stage);
    static QString softmax(const SoftmaxBreakdown& b, const QStringList& tokens, int clickedKey);
    static QString weightedSum(const WeightedSumBreakdown& b, const QStringList& tokens);
    static QString hint(int stage);  // what to click, before anything is selected
};

}  // namespace headmap::ui
