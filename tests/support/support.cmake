# The test-support library (issue #36): what several tests share, in one place, compiled once.
# headmap_add_test (tests/CMakeLists.txt) links every test to headmap_test_support, and the
# tests that link headmap_ui to headmap_test_support_ui as well.
#
#   support/     engine only (Qt Core): fixture and golden paths, files, matrix differences,
#                golden files, family cases, float rounding bounds, byte builders of
#                safetensors and GGUF files, model-folder fixtures, a small disk, local stores,
#                decoder goldens (logits, experts).
#   support/ui/  the widgets' (built only with HEADMAP_BUILD_GUI): showing a widget, image
#                comparison and PDF/SVG rasters, figures, MainWindow and heatmap drivers.
add_library(headmap_test_support STATIC
  support/TestPaths.cpp support/TestFiles.cpp support/MatrixDifference.cpp
  support/GoldenFile.cpp support/FamilyCases.cpp support/AnalysisTestData.cpp
  support/GgufBytes.cpp support/GgufPatch.cpp support/SafetensorsWriter.cpp support/NumberWords.cpp
  support/DecoderGolden.cpp)
target_include_directories(headmap_test_support PUBLIC ${CMAKE_CURRENT_SOURCE_DIR}/support)
target_link_libraries(headmap_test_support PUBLIC headmap_engine Qt6::Core Qt6::Test)
target_compile_definitions(headmap_test_support PUBLIC
  HEADMAP_GOLDEN_DIR="${CMAKE_CURRENT_SOURCE_DIR}/golden"
  HEADMAP_FIXTURES_DIR="${CMAKE_CURRENT_SOURCE_DIR}/fixtures")
set_target_properties(headmap_test_support PROPERTIES AUTOMOC OFF)

if(HEADMAP_BUILD_GUI)
  add_library(headmap_test_support_ui STATIC
    support/ui/WidgetTestSupport.cpp support/ui/ImageChecks.cpp
    support/ui/TinyTranslationModel.cpp)
  target_include_directories(headmap_test_support_ui PUBLIC ${CMAKE_CURRENT_SOURCE_DIR}/support/ui)
  target_link_libraries(headmap_test_support_ui PUBLIC headmap_test_support headmap_ui Qt6::Test)
  set_target_properties(headmap_test_support_ui PROPERTIES AUTOMOC OFF)
endif()
