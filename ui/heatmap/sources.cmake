# HeatmapView's parts: axis labels, token search, the long-input scale hint, masked cells,
# the level of detail.
target_sources(headmap_ui PRIVATE
  heatmap/HeatmapLabels.cpp
  heatmap/HeatmapToolbar.cpp
  heatmap/HeatmapView_Labels.cpp
  heatmap/HeatmapView_Search.cpp
  heatmap/HeatmapView_Tiles.cpp
  heatmap/MaskOverlay.cpp
)
