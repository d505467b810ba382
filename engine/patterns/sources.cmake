# builtin:patterns, attention heads built by hand (see PatternsModel.cpp). Eigen + Qt Core only.
target_sources(headmap_engine PRIVATE
  patterns/PatternsModel.cpp
)
