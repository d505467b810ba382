# Benchmarks: plain executables run by hand (timings are never asserted in ctest).

if(HEADMAP_BUILD_GUI)
  # The longest event-loop stall of the main window at T = 512 (issue #8); needs a model
  # folder, e.g. from tests/bench/make_bert_base_checkpoint.py.
  add_executable(bench_gui_stall bench/bench_gui_stall.cpp)
  target_link_libraries(bench_gui_stall PRIVATE Qt6::Test headmap_ui)
endif()

if(HEADMAP_BUILD_GUI)
  # Prefix reuse while typing (issue #10): one more token at the end of a 64-token input, the
  # reuse run against a fresh one, through the engine and the main window; needs a decoder,
  # e.g. from tests/bench/make_gguf_bench_model.py.
  add_executable(bench_typing bench/bench_typing.cpp)
  target_link_libraries(bench_typing PRIVATE Qt6::Test headmap_ui)
  # Heatmap redraw and level-of-detail pyramid build at T = 512 … 8,192 (issue #10: < 30 ms
  # at any zoom); --shots DIR keeps PNGs of the view.
  add_executable(bench_heatmap_redraw bench/bench_heatmap_redraw.cpp)
  target_link_libraries(bench_heatmap_redraw PRIVATE Qt6::Test headmap_ui)
endif()

if(HEADMAP_BUILD_GUI)
  # The GUI at T = 4,096 (issue #10): pass end to grid shown, heatmap redraw, stalls while
  # stepping heads and visiting tabs, peak resident memory; needs a model folder, e.g. from
  # tests/bench/make_large_checkpoint.py --shape qwen2.5-0.5b.
  add_executable(bench_grid bench/bench_grid.cpp)
  target_link_libraries(bench_grid PRIVATE Qt6::Test headmap_ui)
endif()

if(HEADMAP_BUILD_GUI)
  # The views' paint and hover times (heatmap at T = 512, a 512 × 768 step matrix, the head grid
  # at 12 × 12 heads, T = 128), moved out of tst_heatmapview, tst_matrixview and tst_headgridview.
  add_executable(bench_views bench/bench_views.cpp)
  target_link_libraries(bench_views PRIVATE Qt6::Test headmap_ui headmap_test_support_ui)
endif()

# Marian's tokenizer (issue #37): libsentencepiece's encode and the Marian steps around it, for
# about 2,000 tokens and for 1 MB of text; a real opus-mt folder as argument for real figures.
add_executable(bench_marian_tokenizer bench/bench_marian_tokenizer.cpp)
target_link_libraries(bench_marian_tokenizer PRIVATE headmap_engine)
target_compile_definitions(bench_marian_tokenizer PRIVATE HEADMAP_FIXTURES_DIR="${CMAKE_CURRENT_SOURCE_DIR}/fixtures")

# A translation with every stack's attention (issue #37's speed section): the model loaded once,
# then generate, the capturing run and reading every head, timed per pass; needs a Marian folder,
# e.g. from tests/bench/make_marian_bench_model.py. bench_translation_vs_pytorch.py runs it
# beside transformers' MarianMTModel.generate() on the same weights.
add_executable(bench_translation bench/bench_translation.cpp)
target_link_libraries(bench_translation PRIVATE headmap_engine)

# The Unigram tokenizer at XLM-RoBERTa's size (250,002 pieces, nmt_nfkc map): load, ~2,000
# tokens, 1 MB of text.
add_executable(bench_unigram_tokenizer bench/bench_unigram_tokenizer.cpp)
target_link_libraries(bench_unigram_tokenizer PRIVATE headmap_engine)
target_compile_definitions(bench_unigram_tokenizer PRIVATE HEADMAP_FIXTURES_DIR="${CMAKE_CURRENT_SOURCE_DIR}/fixtures")
