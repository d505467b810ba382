# HeatmapView's parts: axis labels, token search, the long-input scale hint, masked cells,
# the level of detail. Paths are relative to ui/; the fuzz build's session harness, which has
# no headmap_ui, compiles the same list (tests/fuzz/CMakeLists.txt).
set(HEADMAP_HEATMAP_PART_SOURCES
  heatmap/HeatmapLabels.cpp
  heatmap/HeatmapToolbar.cpp
  heatmap/HeatmapView_Labels.cpp
  heatmap/HeatmapView_Search.cpp
  heatmap/HeatmapView_Tiles.cpp
  heatmap/MaskOverlay.cpp
)
if(TARGET headmap_ui)
  target_sources(headmap_ui PRIVATE ${HEADMAP_HEATMAP_PART_SOURCES})
endif()
