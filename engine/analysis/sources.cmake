# Head statistics, attention rollout and matrix transforms for the views and exports, plus the
# .npy writer they export with. Eigen + Qt Core only.
target_sources(headmap_engine PRIVATE
  analysis/AttentionMeasure.cpp
  analysis/AttentionPyramid.cpp
  analysis/AttentionRollout.cpp
  analysis/AttentionTransforms.cpp
  analysis/RolloutSeries.cpp
  analysis/HeadStatistics.cpp
  analysis/HeadRoles.cpp
  analysis/HeadRoleScorer.cpp
  analysis/HeadRoleReport.cpp
  analysis/HeadRoleRun.cpp
  analysis/RepeatCopying.cpp
  analysis/CorpusReader.cpp
  analysis/WordAggregation.cpp
  analysis/NumberAlignment.cpp
  io/NpyWriter.cpp
)
