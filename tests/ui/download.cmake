# The Hub download dialog against tests/download/fake_hub.py (headmap_add_test: tests/CMakeLists.txt).
headmap_add_test(tst_downloaddialog SOURCES ui/tst_downloaddialog.cpp LIBRARIES headmap_ui)
target_include_directories(tst_downloaddialog PRIVATE ${CMAKE_CURRENT_SOURCE_DIR}/download)
target_compile_definitions(tst_downloaddialog PRIVATE HEADMAP_DOWNLOAD_TESTS_DIR="${CMAKE_CURRENT_SOURCE_DIR}/download")
