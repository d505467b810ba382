# Safetensors files and checkpoints.
target_sources(headmap_engine PRIVATE
  formats/Checkpoint.cpp
  formats/RegularFile.cpp
  formats/SafetensorsFile.cpp
  formats/SafetensorsHeader.cpp
)
