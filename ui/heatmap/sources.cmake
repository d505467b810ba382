# HeatmapView's parts: axis labels, token search, the long-input scale hint, masked cells.
target_sources(headmap_ui PRIVATE
  heatmap/HeatmapLabels.cpp
  heatmap/HeatmapToolbar.cpp
  heatmap/HeatmapView_Labels.cpp
  heatmap/HeatmapView_Search.cpp
  heatmap/MaskOverlay.cpp
)
