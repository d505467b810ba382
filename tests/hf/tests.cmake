# Tests of engine/hf (headmap_add_test is defined in tests/CMakeLists.txt).
headmap_add_test(tst_hfconfig SOURCES hf/tst_hfconfig.cpp)
headmap_add_test(tst_hubcache SOURCES hf/tst_hubcache.cpp)
headmap_add_test(tst_hfmodelloader SOURCES hf/tst_hfmodelloader.cpp)
headmap_add_test(tst_decodermodel SOURCES hf/tst_decodermodel.cpp)
headmap_add_test(tst_predictions SOURCES hf/tst_predictions.cpp)
headmap_add_test(tst_predictionmath SOURCES hf/tst_predictionmath.cpp)
headmap_add_test(tst_layerstreaming SOURCES hf/tst_layerstreaming.cpp)
headmap_add_test(tst_prefixreuse SOURCES hf/tst_prefixreuse.cpp)
# The family traits table: rows complete for their class, names unique, GGUF names mapping back,
# the supported lists of the readers, the messages and `headmap-cli help` all the table's.
headmap_add_test(tst_familytraits SOURCES hf/tst_familytraits.cpp)
# XLM-RoBERTa: a Unigram tokenizer.json and RoBERTa blocks against transformers' own modeling_xlm_roberta.py.
headmap_add_test(tst_xlmroberta SOURCES hf/tst_xlmroberta.cpp)
# builtin:induction (#41): the shipped trained model copies random letters; its probed induction head carries it.
headmap_add_test(tst_inductionmodel SOURCES hf/tst_inductionmodel.cpp)
# SmolLM3 (NoPE layers) and ModernBERT (global and local rotary layers) against transformers' own
# modeling_smollm3.py / modeling_modernbert.py (#39).
headmap_add_test(tst_familygoldens SOURCES hf/tst_familygoldens.cpp)
# Mixture-of-experts families (qwen3_moe, mixtral, olmoe, qwen2_moe) against transformers' own classes (#39).
headmap_add_test(tst_moemodel SOURCES hf/tst_moemodel.cpp)
# gpt-oss (sinks, sliding and full layers, YaRN, clamped SwiGLU experts, MXFP4) against
# transformers' own modeling_gpt_oss.py (#39).
headmap_add_test(tst_gptossmodel SOURCES hf/tst_gptossmodel.cpp)
