#pragma once
// Token labels on a heatmap's axes: the position that tells repeated words apart ("it #10"),
// a length that keeps the plot from being squeezed, and how many labels fit an axis.

#include <QString>

namespace headmap::ui {

// "it #10": the token and its position in the sentence (counted from 0, as everywhere else).
// A local stand-in until engine/text has the shared helper.
QString labelWithPosition(const QString& label, int index);

// At most maxChars characters, "…" marking a cut; never splits a surrogate pair.
QString shortLabel(const QString& label, int maxChars);

// Which labels an axis shows when not all fit: every n-th, with n from 1, 2, 5, 10, 20, 50, …
// so that the positions shown are round numbers. visibleCells cells are drawn over `pixels`;
// one label needs `extent` pixels along the axis. At least `minimum` labels stay on a visible
// axis, even when they crowd: an axis without labels says nothing.
int labelStep(double visibleCells, double pixels, double extent, int minimum = 3);

}  // namespace headmap::ui
