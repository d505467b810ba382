#pragma once
// What the Head roles view colours its map by: one of the role scores of analysis/HeadRoles.h,
// or the divergence from a second model. Their translated names, what a cell's number means,
// and the colour scale, shared by the map on screen, its figure and the table.

#include <vector>

#include <QString>

#include "analysis/HeadRoleScorer.h"
#include "figures/ColourScale.h"
#include "heatmap/HeatmapStyle.h"

namespace headmap::ui {

// 0..kHeadRoleCount−1: int(HeadRole); kHeadRoleCount: the divergence.
constexpr int kDivergenceMeasure = kHeadRoleCount;

QString headRoleTitle(int measure);  // "Previous token", …, "Divergence" (translated)
QString headRoleHint(int measure);   // one line: what the number is
// The measure's value per head (layer-major); empty for the divergence without a second model.
const std::vector<double>& measureValues(const HeadRoleResult& result, int measure);
// Shares (weights, 0..1) on 0..1; entropy, distance and divergence from 0 to their largest value.
ColourScale headRolesScale(const std::vector<double>& values, int measure, Colormap colormap);
// A value as the map's tooltip and the table show it.
QString measureText(double value);

}  // namespace headmap::ui
