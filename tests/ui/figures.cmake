# Tests of ui/figures (headmap_add_test is defined in tests/CMakeLists.txt).
headmap_add_test(tst_figures SOURCES ui/tst_figures.cpp LIBRARIES headmap_ui)
