# GGUF models (llama.cpp, Ollama, LM Studio) read into the decoder of engine/hf.
target_sources(headmap_engine PRIVATE
  gguf/GgufCheckpoint.cpp
  gguf/GgufDecoderConfig.cpp
  gguf/GgufExperts.cpp
  gguf/GgufFileType.cpp
  gguf/GgufModelLoader.cpp
  gguf/GgufSeq2SeqConfig.cpp
  gguf/GgufTensorMap.cpp
)
