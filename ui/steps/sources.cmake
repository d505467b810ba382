# The step-by-step walk-through of one head (StepView) and its matrix grids.
target_sources(headmap_ui PRIVATE
  steps/MatrixGrid.cpp
  steps/MatrixGrid_Paint.cpp
  steps/MatrixView.cpp
  steps/StepBreakdown.cpp
  steps/StepBreakdown_Rotation.cpp
  steps/StepView.cpp
  steps/StepView_DecoderPages.cpp
  steps/StepView_Pages.cpp
  steps/StepView_PredictionPages.cpp
  steps/StepView_SinkExperts.cpp
)
