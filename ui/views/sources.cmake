# The views beside the main heatmap: all heads, comparison, statistics, rollout, lines, token pair.
target_sources(headmap_ui PRIVATE
  views/ViewSupport.cpp
  views/HeadGridImages.cpp
  views/HeadGridView.cpp
  views/HeadGridView_Selection.cpp
  views/ComparisonView.cpp
  views/HeadStatisticsModel.cpp
  views/StatisticsView.cpp
  views/RolloutView.cpp
  views/AttentionLines.cpp
  views/LinesView.cpp
  views/LinesView_Alignment.cpp
  views/LinesView_Paint.cpp
  views/TokenPairView.cpp
  views/InductionView.cpp
)
