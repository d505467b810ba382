# Tests of engine/gguf (headmap_add_test is defined in tests/CMakeLists.txt).
headmap_add_test(tst_ggufmodel SOURCES gguf/tst_ggufmodel.cpp)
# ggufDecoderConfig on synthetic files: the Gemma attention scale of every released size.
headmap_add_test(tst_ggufdecoderconfig SOURCES gguf/tst_ggufdecoderconfig.cpp
 )
# llama.cpp's t5 files as EncoderDecoderModel against transformers (make_gguf_t5.py).
headmap_add_test(tst_ggufseq2seq SOURCES gguf/tst_ggufseq2seq.cpp)
# Mixture-of-experts GGUF files (qwen3moe, Mixtral as llama, olmoe, gpt-oss with MXFP4) against
# their safetensors twins' goldens (make_gguf_moe.py, #39).
headmap_add_test(tst_ggufmoe SOURCES gguf/tst_ggufmoe.cpp)
