# Safetensors files and checkpoints.
target_sources(headmap_engine PRIVATE
)
