#pragma once
// Helpers shared by the engine/analysis tests: traces built by hand or from the golden cases in
// tests/golden/analysis/analysis_golden.json (see make_analysis_golden.py beside it).

#include <vector>

#include <QJsonObject>
#include <QString>

#include "core/AttentionTrace.h"

namespace analysistest {

// A trace of layers × heads heads over T tokens "t0", "t1", ... with every weight 0.
headmap::AttentionTrace zeroTrace(int layers, int heads, int t, std::vector<bool> special = {});
// Copies a (T, T) matrix into one head of the trace.
void setHead(headmap::AttentionTrace& trace, int layer, int head, const headmap::MatrixF& weights);
// A trace whose every head is `weights`.
headmap::AttentionTrace uniformTrace(int layers, int heads, const headmap::MatrixF& weights,
                                     std::vector<bool> special = {});

// Hand-checkable heads, (T, T).
headmap::MatrixF previousTokenHead(int t);  // W[q][q−1] = 1, row 0 attends to itself
headmap::MatrixF uniformHead(int t);        // every weight 1/T
headmap::MatrixF causalUniformHead(int t);  // W[q][k] = 1/(q + 1) for k ≤ q

// The golden file's cases; on failure empty with *error set.
std::vector<QJsonObject> goldenCases(QString* error);
// The trace a golden case describes: its "weights" [layer][head][query][key] and "special".
headmap::AttentionTrace goldenTrace(const QJsonObject& goldenCase);
// In a _data() function: a "goldenCase" column and one row per golden case, named after it.
// Returns an error message when the golden file cannot be read.
QString addGoldenRows();

// |actual − expected| ≤ tolerance · max(1, |expected|): absolute near 0, relative beyond 1.
bool closeTo(double actual, double expected, double tolerance = 1e-6);

}  // namespace analysistest
