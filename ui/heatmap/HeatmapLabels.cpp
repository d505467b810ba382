#include "heatmap/HeatmapLabels.h"

#include <algorithm>
#include <cmath>

namespace headmap::ui {
namespace {

// 1, 2, 5, 10, 20, 50, ...: the n-th of these.
int niceStep(int index) {
    static constexpr int kMantissas[] = {1, 2, 5};
    int step = kMantissas[index % 3];
    for (int i = 0; i < index / 3; ++i)
        step *= 10;
    return step;
}

}  // namespace

QString labelWithPosition(const QString& label, int index) {
    return QStringLiteral("%1 #%2").arg(label).arg(index);
}

QString shortLabel(const QString& label, int maxChars) {
    if (label.size() <= maxChars)
        return label;
    int cut = std::max(1, maxChars - 1);
    if (label.at(cut - 1).isHighSurrogate())
        --cut;
    return label.left(cut) + QChar(0x2026);
}

int labelStep(double visibleCells, double pixels, double extent, int minimum) {
    if (visibleCells <= 0)
        return 1;
    const double needed = visibleCells * extent / std::max(pixels, 1.0);
    int index = 0;
    while (niceStep(index) < needed && niceStep(index) < 1000000000 / 10)
        ++index;
    // Fewer than `minimum` labels: step back, even if they crowd.
    while (index > 0 && visibleCells / niceStep(index) < minimum)
        --index;
    return niceStep(index);
}

}  // namespace headmap::ui
