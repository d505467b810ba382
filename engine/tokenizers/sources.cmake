# Hugging Face tokenizers (WordPiece, byte-level BPE, tokenizer.json).
target_sources(headmap_engine PRIVATE
)
