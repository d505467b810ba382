# Hugging Face tokenizers (WordPiece, byte-level BPE, tokenizer.json).
target_sources(headmap_engine PRIVATE
  tokenizers/AddedTokenMatcher.cpp
  tokenizers/BasicPreTokenizers.cpp
  tokenizers/BertNormalizer.cpp
  tokenizers/BpeModel.cpp
  tokenizers/ByteLevelAlphabet.cpp
  tokenizers/ByteLevelPreTokenizer.cpp
  tokenizers/GgufPreTokenizers.cpp
  tokenizers/GgufSentencePieceModel.cpp
  tokenizers/GgufTokenizer.cpp
  tokenizers/GgufVocabulary.cpp
  tokenizers/Gpt2Split.cpp
  tokenizers/HfTokenizer.cpp
  tokenizers/HfTokenizerLoader.cpp
  tokenizers/LegacyTokenizerFiles.cpp
  tokenizers/Normalizers.cpp
  tokenizers/PostProcessor.cpp
  tokenizers/SplitPreTokenizers.cpp
  tokenizers/TokenizerChars.cpp
  tokenizers/TokenizerFiles.cpp
  tokenizers/TokenizerJsonComponents.cpp
  tokenizers/TokenizerJsonLoader.cpp
  tokenizers/TokenizerJsonModel.cpp
  tokenizers/Vocabulary.cpp
  tokenizers/WordPieceModel.cpp
)
