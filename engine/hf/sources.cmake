# Hugging Face model folders: config, architectures, the Hub cache.
target_sources(headmap_engine PRIVATE
)
