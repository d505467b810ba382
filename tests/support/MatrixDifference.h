#pragma once
// The largest absolute difference between two computations of the same numbers: matrices,
// matrices against golden JSON rows, and whole attention traces. Every variant returns -1 when
// the shapes differ, so a check of the form `difference <= tolerance` fails on a wrong shape
// instead of comparing what happens to overlap.

#include <functional>

#include <QJsonArray>

#include "core/AttentionTrace.h"
#include "core/Tensor.h"

namespace testsupport {

// max |a − b|; 0 for two empty matrices of one shape.
double maxDifference(const Eigen::Ref<const headmap::MatrixF>& a, const Eigen::Ref<const headmap::MatrixF>& b);
// Against a matrix given as JSON rows (the golden files' layout).
double maxDifference(const QJsonArray& expected, const Eigen::Ref<const headmap::MatrixF>& actual);
// Against rows × cols values given by a function (for data that is not a MatrixF).
double maxDifference(const QJsonArray& expected, const std::function<float(int, int)>& actual, int rows, int cols);
// Over every weight of two traces: same layers, heads and length, else -1.
double maxDifference(const headmap::AttentionTrace& a, const headmap::AttentionTrace& b);
// A trace against golden weights [layer][head][query][key].
double maxDifference(const QJsonArray& golden, const headmap::AttentionTrace& trace);

}  // namespace testsupport
