# AttentionDocument's forward passes as functions of a request. Paths are relative to ui/.
target_sources(headmap_ui PRIVATE
  document/ForwardPass.cpp
)
