#pragma once
// The analyses of a trace that several views share, as derived data (derived/DerivedData.h):
// the statistics of every head (analysis/HeadStatistics.h) with each head's mean value norm, for
// the Statistics tab and the grid's metric frames, and attention rollout (analysis/
// RolloutSeries.h) for the Rollout tab and its export. Both read the shown tokens' plain weights
// whatever the measure; the statistics are also collected during a long forward pass of plain
// weights over pieces.

#include <memory>
#include <vector>

#include "analysis/HeadStatistics.h"
#include "analysis/RolloutSeries.h"
#include "derived/DerivedData.h"

namespace headmap::ui {

struct HeadStatisticsData {
    std::vector<HeadStatistics> heads;  // layer-major
    // Mean α·‖v·W_O‖ per head over the pieces, layer-major; empty when the trace has no value norms.
    std::vector<double> meanValueNorms;
};

// The one producer of HeadStatisticsData; every view that needs statistics names this one.
std::shared_ptr<const DerivedProducer> headStatisticsProducer();

// The one producer of RolloutSeries.
std::shared_ptr<const DerivedProducer> rolloutProducer();

}  // namespace headmap::ui
