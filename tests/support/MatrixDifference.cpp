#include "MatrixDifference.h"

#include <algorithm>
#include <cmath>

namespace testsupport {

using headmap::AttentionTrace;
using headmap::MatrixF;

double maxDifference(const Eigen::Ref<const MatrixF>& a, const Eigen::Ref<const MatrixF>& b) {
    if (a.rows() != b.rows() || a.cols() != b.cols())
        return -1;
    return a.size() == 0 ? 0.0 : double((a - b).cwiseAbs().maxCoeff());
}

double maxDifference(const QJsonArray& expected, const Eigen::Ref<const MatrixF>& actual) {
    return maxDifference(expected, [&](int r, int c) { return actual(r, c); }, int(actual.rows()), int(actual.cols()));
}

double maxDifference(const QJsonArray& expected, const std::function<float(int, int)>& actual, int rows, int cols) {
    if (expected.size() != rows)
        return -1;
    double worst = 0;
    for (int r = 0; r < rows; ++r) {
        const QJsonArray row = expected[r].toArray();
        if (row.size() != cols)
            return -1;
        for (int c = 0; c < cols; ++c)
            worst = std::max(worst, std::abs(row[c].toDouble() - double(actual(r, c))));
    }
    return worst;
}

double maxDifference(const AttentionTrace& a, const AttentionTrace& b) {
    if (a.layers() != b.layers() || a.heads() != b.heads() || a.length() != b.length())
        return -1;
    double worst = 0;
    for (int l = 0; l < a.layers(); ++l)
        for (int h = 0; h < a.heads(); ++h)
            worst = std::max(worst, maxDifference(a.head(l, h), b.head(l, h)));
    return worst;
}

double maxDifference(const QJsonArray& golden, const AttentionTrace& trace) {
    if (golden.size() != trace.layers())
        return -1;
    double worst = 0;
    for (int l = 0; l < trace.layers(); ++l) {
        const QJsonArray heads = golden[l].toArray();
        if (heads.size() != trace.heads())
            return -1;
        for (int h = 0; h < trace.heads(); ++h) {
            const double d = maxDifference(heads[h].toArray(), trace.head(l, h));
            if (d < 0)
                return -1;
            worst = std::max(worst, d);
        }
    }
    return worst;
}

}  // namespace testsupport
