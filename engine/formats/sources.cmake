# Safetensors and GGUF files and checkpoints.
target_sources(headmap_engine PRIVATE
  formats/Checkpoint.cpp
  formats/GgmlQuants.cpp
  formats/GgufFile.cpp
  formats/GgufHeader.cpp
  formats/GgufMetadata.cpp
  formats/KeepingCheckpoint.cpp
  formats/Mxfp4.cpp
  formats/RegularFile.cpp
  formats/SafetensorsFile.cpp
  formats/SafetensorsHeader.cpp
)
# Dequantisation must round each product before the following add, like ggml's scalar
# reference, to give bit-identical floats: no fused multiply-add (Clang contracts by default).
if(CMAKE_CXX_COMPILER_ID MATCHES "GNU|Clang")
  set_source_files_properties(formats/GgmlQuants.cpp
    PROPERTIES COMPILE_OPTIONS -ffp-contract=off)
endif()
