# The prediction panel, and the document's and the window's parts of predictions, the
# value-norm measure and head ablation (issue #12).
target_sources(headmap_ui PRIVATE
  AttentionDocument_Predictions.cpp
  predictions/PredictionBars.cpp
  predictions/PredictionPanel.cpp
)
