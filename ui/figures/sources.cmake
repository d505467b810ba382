# Figures: what every export draws (GUI and CLI alike), laid out in points.
target_sources(headmap_ui PRIVATE
  figures/AlignmentGeometry.cpp
  figures/ColourScale.cpp
  figures/ComparisonFigure.cpp
  figures/FigureLayout.cpp
  figures/FigureLayout_Paint.cpp
  figures/FigureStyle.cpp
  figures/FigureWriter.cpp
  figures/HeadGridFigure.cpp
  figures/HeatmapFigure.cpp
  figures/LinesFigure.cpp
  figures/MatrixFigure.cpp
)
