# Encoder–decoder (translation) models: Marian, BART, mBART, M2M100.
target_sources(headmap_engine PRIVATE
  seq2seq/EncoderDecoderModel.cpp
  seq2seq/GreedyGeneration.cpp
  seq2seq/Seq2SeqConfig.cpp
)
