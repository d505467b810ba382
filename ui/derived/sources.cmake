# Data derived from a trace as producers views name in DocumentView::needs(). Paths are relative to ui/.
target_sources(headmap_ui PRIVATE
  derived/GridThumbnails.cpp
  derived/TraceAnalyses.cpp
)
