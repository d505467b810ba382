# Safetensors files and checkpoints.
target_sources(headmap_engine PRIVATE
  formats/Checkpoint.cpp
  formats/SafetensorsFile.cpp
  formats/SafetensorsHeader.cpp
)
