# Tests of engine/gguf (headmap_add_test is defined in tests/CMakeLists.txt).
headmap_add_test(tst_ggufmodel SOURCES gguf/tst_ggufmodel.cpp)
# ggufDecoderConfig on synthetic files: the Gemma attention scale of every released size.
headmap_add_test(tst_ggufdecoderconfig SOURCES gguf/tst_ggufdecoderconfig.cpp
 )
# llama.cpp's t5 files as EncoderDecoderModel against transformers (make_gguf_t5.py).
headmap_add_test(tst_ggufseq2seq SOURCES gguf/tst_ggufseq2seq.cpp)
