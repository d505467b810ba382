# Hugging Face model folders: config, architectures, the Hub cache.
target_sources(headmap_engine PRIVATE
  hf/EncoderModel.cpp
  hf/Gpt2Model.cpp
  hf/HfConfig.cpp
  hf/HfModel.cpp
  hf/HfModelLoader.cpp
  hf/HubCache.cpp
  hf/WeightLookup.cpp
)
