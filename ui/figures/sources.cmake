# Figures: what every export draws (GUI and CLI alike), laid out in points.
target_sources(headmap_ui PRIVATE
)
