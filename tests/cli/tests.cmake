# headmap-cli run as a real process (headmap_add_test is defined in tests/CMakeLists.txt).
headmap_add_test(tst_cli SOURCES cli/tst_cli.cpp)
add_dependencies(tst_cli headmap-cli)
headmap_add_test(tst_climodels SOURCES cli/tst_climodels.cpp)
add_dependencies(tst_climodels headmap-cli)
if(HEADMAP_BUILD_GUI)
  headmap_add_test(tst_clirender SOURCES cli/tst_clirender.cpp LIBRARIES headmap_ui)
  add_dependencies(tst_clirender headmap-cli)
endif()
# Writing to a full disk (a small tmpfs; those rows skip without root) and to /dev/full. With the
# GUI libraries it also checks the images that render and export-all write.
if(HEADMAP_BUILD_GUI)
  headmap_add_test(tst_clidiskfull SOURCES cli/tst_clidiskfull.cpp LIBRARIES headmap_ui)
  target_compile_definitions(tst_clidiskfull PRIVATE HEADMAP_CLI_CAN_RENDER)
else()
  headmap_add_test(tst_clidiskfull SOURCES cli/tst_clidiskfull.cpp)
endif()
add_dependencies(tst_clidiskfull headmap-cli)
# Hostile and unlucky input, one row per reproducer: exit code, message, no file left behind.
headmap_add_test(tst_cliabuse SOURCES cli/tst_cliabuse.cpp)
add_dependencies(tst_cliabuse headmap-cli)
if(HEADMAP_BUILD_GUI)
  target_compile_definitions(tst_cliabuse PRIVATE HEADMAP_CLI_CAN_RENDER)
endif()
# predict, attention --measure / --ablate against the PyTorch golden files.
headmap_add_test(tst_clipredict SOURCES cli/tst_clipredict.cpp)
add_dependencies(tst_clipredict headmap-cli)
# models with fake Ollama and LM Studio stores.
headmap_add_test(tst_clilocalmodels SOURCES cli/tst_clilocalmodels.cpp)
add_dependencies(tst_clilocalmodels headmap-cli)
# GGUF files: info, tokenize and attention against the safetensors folders they were made from.
headmap_add_test(tst_cligguf SOURCES cli/tst_cligguf.cpp)
add_dependencies(tst_cligguf headmap-cli)
# Mixture-of-experts GGUF files (qwen3moe, Mixtral, olmoe, gpt-oss MXFP4) against their twins' goldens (#39).
headmap_add_test(tst_cliggufmoe SOURCES cli/tst_cliggufmoe.cpp)
add_dependencies(tst_cliggufmoe headmap-cli)
# download against tests/download/fake_hub.py, a local imitation of the Hub.
headmap_add_test(tst_clidownload SOURCES cli/tst_clidownload.cpp)
add_dependencies(tst_clidownload headmap-cli)
target_include_directories(tst_clidownload PRIVATE ${CMAKE_CURRENT_SOURCE_DIR}/download)
target_compile_definitions(tst_clidownload PRIVATE HEADMAP_DOWNLOAD_TESTS_DIR="${CMAKE_CURRENT_SOURCE_DIR}/download")
# headmap-cli links no Qt GUI library; render and export-all load the rendering module, and say
# what to install when it is missing.
headmap_add_test(tst_clirendermodule SOURCES cli/tst_clirendermodule.cpp)
add_dependencies(tst_clirendermodule headmap-cli)
target_include_directories(tst_clirendermodule PRIVATE ${CMAKE_CURRENT_SOURCE_DIR}/download)
target_compile_definitions(tst_clirendermodule PRIVATE HEADMAP_DOWNLOAD_TESTS_DIR="${CMAKE_CURRENT_SOURCE_DIR}/download")
if(HEADMAP_BUILD_GUI)
  target_compile_definitions(tst_clirendermodule PRIVATE HEADMAP_CLI_CAN_RENDER)
endif()
# attention --layer/--head (json, npy) against the same slice of the full output (#10).
headmap_add_test(tst_cliattentionhead SOURCES cli/tst_cliattentionhead.cpp)
add_dependencies(tst_cliattentionhead headmap-cli)
# Translation models (#37): translate, --stack, --target and stack-prefixed --ablate against the
# Marian fixtures' transformers goldens; one-stack models' output unchanged.
headmap_add_test(tst_clitranslate SOURCES cli/tst_clitranslate.cpp)
add_dependencies(tst_clitranslate headmap-cli)
if(HEADMAP_BUILD_GUI)
  target_compile_definitions(tst_clitranslate PRIVATE HEADMAP_CLI_CAN_RENDER)
endif()
# --source-lang / --target-lang (#37) against transformers' M2M100 goldens (m2m_100_lang_f32).
headmap_add_test(tst_clilanguages SOURCES cli/tst_clilanguages.cpp)
add_dependencies(tst_clilanguages headmap-cli)
# heads (#38): head roles over a corpus against numpy (tests/golden/heads/make_heads_golden.py),
# the probe, --compare, builtin:patterns' roles, and bad corpora.
headmap_add_test(tst_cliheads SOURCES cli/tst_cliheads.cpp)
add_dependencies(tst_cliheads headmap-cli)
# builtin:induction (#41): found beside the program, and the probe finds its induction head.
headmap_add_test(tst_cliinduction SOURCES cli/tst_cliinduction.cpp)
add_dependencies(tst_cliinduction headmap-cli)
# builtin:numbers from the command line: translate's text and JSON (issue #41).
headmap_add_test(tst_clinumbers SOURCES cli/tst_clinumbers.cpp)
add_dependencies(tst_clinumbers headmap-cli)
# SmolLM3 and ModernBERT (#39): info, attention and predict against their fixtures' golden.json.
headmap_add_test(tst_clifamilies39 SOURCES cli/tst_clifamilies39.cpp)
add_dependencies(tst_clifamilies39 headmap-cli)
# Mixture-of-experts models: the experts in attention's JSON/CSV/npy, info and predict (#39).
headmap_add_test(tst_climoe SOURCES cli/tst_climoe.cpp)
add_dependencies(tst_climoe headmap-cli)
# --weight-memory and info's converted line (#40).
headmap_add_test(tst_cliweightmemory SOURCES cli/tst_cliweightmemory.cpp)
add_dependencies(tst_cliweightmemory headmap-cli)
# gpt-oss: sink mass in attention's JSON/CSV/npy, info's sinks and sliding layers, predict (#39).
headmap_add_test(tst_cligptoss SOURCES cli/tst_cligptoss.cpp)
add_dependencies(tst_cligptoss headmap-cli)
# steps on sinks and experts: sink, sink_mass and experts against the gpt-oss and MoE goldens (#39).
headmap_add_test(tst_clistepssinkexperts SOURCES cli/tst_clistepssinkexperts.cpp)
add_dependencies(tst_clistepssinkexperts headmap-cli)
