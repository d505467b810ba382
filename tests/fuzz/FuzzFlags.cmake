# -DHEADMAP_FUZZ=ON: everything this build compiles (the engine included) carries libFuzzer's
# coverage instrumentation and AddressSanitizer + UndefinedBehaviorSanitizer, so that the
# harnesses of tests/fuzz see the parsers' branches and any read out of bounds. Included by the
# top-level CMakeLists.txt before the engine is added. Needs clang with its runtime libraries
# (Debian: clang-14 and libclang-rt-14-dev). With HEADMAP_SANITIZE=ON as well, one build serves
# the sanitized test suite and the fuzzers (.ci/sanitize.sh): only the harnesses link libFuzzer.
if(NOT CMAKE_CXX_COMPILER_ID MATCHES "Clang")
  message(FATAL_ERROR
    "HEADMAP_FUZZ=ON needs clang (libFuzzer is part of clang), but the compiler is "
    "${CMAKE_CXX_COMPILER_ID} (${CMAKE_CXX_COMPILER}). Configure a separate build folder: "
    "cmake -S . -B build-fuzz -DCMAKE_CXX_COMPILER=clang++ -DHEADMAP_FUZZ=ON -DHEADMAP_BUILD_GUI=OFF")
endif()

include(CheckCXXSourceCompiles)
set(CMAKE_REQUIRED_FLAGS "-fsanitize=fuzzer,address,undefined")
set(CMAKE_REQUIRED_LINK_OPTIONS "-fsanitize=fuzzer,address,undefined")
check_cxx_source_compiles([[
#include <cstddef>
#include <cstdint>
extern "C" int LLVMFuzzerTestOneInput(const uint8_t*, size_t) { return 0; }
]] HEADMAP_HAVE_LIBFUZZER)
unset(CMAKE_REQUIRED_FLAGS)
unset(CMAKE_REQUIRED_LINK_OPTIONS)
if(NOT HEADMAP_HAVE_LIBFUZZER)
  message(FATAL_ERROR
    "HEADMAP_FUZZ=ON: ${CMAKE_CXX_COMPILER} cannot link -fsanitize=fuzzer,address,undefined; "
    "install clang's runtime libraries (Debian 12: apt-get install libclang-rt-14-dev)")
endif()

# The flags of the harnesses and of the code their input reaches. Recovering from UB would let a
# finding scroll by: every sanitizer report aborts. Assertions stay on (-UNDEBUG after the build
# type's -DNDEBUG): a failed assert is a finding too. -O1 and line tables only, as libFuzzer's
# documentation builds: they compile in far less time than -O2 -g and fuzz nearly as fast.
set(HEADMAP_FUZZ_FLAGS -fsanitize=fuzzer-no-link,address,undefined -fno-sanitize-recover=all
    -fno-omit-frame-pointer -gline-tables-only -O1 -UNDEBUG)
add_link_options(-fsanitize=address,undefined)

# The engine's numeric code (attention, the models' forward passes, analysis, model stores) is
# never reached by fuzz input, only linked because the parsers' registries name it; it compiles
# at -O0 without instrumentation, which keeps the sanitized build of the whole engine short.
# Every other engine source (formats, tokenizers, config readers, text) is instrumented.
set(HEADMAP_FUZZ_UNREACHED_SOURCES
  core/AttentionTrace.cpp core/HeadAblation.cpp core/Linear.cpp core/MultiHeadAttention.cpp
  core/Ops.cpp io/JsonWriter.cpp io/NpyWriter.cpp io/TraceExport.cpp
  model/Model.cpp model/ModelLoader.cpp model/Predictions.cpp
  analysis/AttentionMeasure.cpp analysis/AttentionRollout.cpp analysis/AttentionTransforms.cpp
  analysis/HeadStatistics.cpp analysis/WordAggregation.cpp patterns/PatternsModel.cpp
  hf/CheckpointModel.cpp hf/DecoderModel.cpp hf/EncoderModel.cpp hf/Gpt2Model.cpp hf/HfModel.cpp
  hf/HfModelLoader.cpp hf/HubCache.cpp hf/WeightLookup.cpp
  gguf/GgufCheckpoint.cpp gguf/GgufModelLoader.cpp gguf/GgufTensorMap.cpp
  local/LmStudioStore.cpp local/LocalModel.cpp local/LocalModels.cpp local/OllamaName.cpp
  local/OllamaStore.cpp)

# Called from tests/fuzz once the engine target exists: per-source options in the engine's
# directory, appended to what the engine sets itself (GgmlQuants.cpp's -ffp-contract=off).
function(headmap_fuzz_instrument_engine)
  get_target_property(sources headmap_engine SOURCES)
  foreach(source IN LISTS sources)
    if(NOT source MATCHES "[.]cpp$")
      continue()
    endif()
    if(IS_ABSOLUTE "${source}")
      file(RELATIVE_PATH source ${PROJECT_SOURCE_DIR}/engine "${source}")
    endif()
    if(source IN_LIST HEADMAP_FUZZ_UNREACHED_SOURCES)
      if(HEADMAP_SANITIZE)
        # One build for the fuzzers and the sanitized test suite: the tests do run the numeric
        # code, which keeps the suite's -O1 with ASan+UBSan (no -O0 that would slow it down).
        continue()
      endif()
      set(options -O0 -g0)
    else()
      set(options ${HEADMAP_FUZZ_FLAGS})
    endif()
    set_property(SOURCE ${PROJECT_SOURCE_DIR}/engine/${source} DIRECTORY ${PROJECT_SOURCE_DIR}/engine APPEND PROPERTY COMPILE_OPTIONS ${options})
  endforeach()
endfunction()
