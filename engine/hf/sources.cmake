# Hugging Face model folders: config, architectures, the Hub cache.
target_sources(headmap_engine PRIVATE
  hf/ArchitectureRegistry.cpp
  hf/CheckpointModel.cpp
  hf/ConfigFile.cpp
  hf/DecoderConfig.cpp
  hf/DecoderIncremental.cpp
  hf/DecoderModel.cpp
  hf/EncoderModel.cpp
  hf/FamilyTraits.cpp
  hf/Gpt2Incremental.cpp
  hf/Gpt2Model.cpp
  hf/RopeConfig.cpp
  hf/HfConfig.cpp
  hf/HfModel.cpp
  hf/HfModelLoader.cpp
  hf/HubCache.cpp
  hf/LayerArena.cpp
  hf/ModernBertConfig.cpp
  hf/ModernBertModel.cpp
  hf/MixtureOfExperts.cpp
  hf/StackedExperts.cpp
  hf/WeightLookup.cpp
)
