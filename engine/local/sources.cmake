# GGUF models other programs have downloaded: Ollama's and LM Studio's stores.
target_sources(headmap_engine PRIVATE
  local/LmStudioStore.cpp
  local/LocalModel.cpp
  local/LocalModels.cpp
  local/OllamaName.cpp
  local/OllamaStore.cpp
)
