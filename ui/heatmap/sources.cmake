# HeatmapView's parts: axis labels, token search, the long-input scale hint, masked cells,
# the level of detail. Paths are relative to ui/; the fuzz build's session harness, which has
# no headmap_ui, compiles the same list (tests/fuzz/CMakeLists.txt).
set(HEADMAP_HEATMAP_PART_SOURCES
  heatmap/HeatmapContent.cpp
  heatmap/HeatmapLabels.cpp
  heatmap/HeatmapToolbar.cpp
  heatmap/HeatmapView_Labels.cpp
  heatmap/HeatmapView_Search.cpp
  heatmap/HeatmapView_Tiles.cpp
  heatmap/MaskOverlay.cpp
  heatmap/PendingOverlay.cpp
  heatmap/SinkColumn.cpp
)
if(TARGET headmap_ui)
  # HeadLoader reads traces (views/ViewSupport): the application's, not one of the view's parts.
  target_sources(headmap_ui PRIVATE ${HEADMAP_HEATMAP_PART_SOURCES} heatmap/HeadLoader.cpp)
endif()
