# Tests of ui/figures (headmap_add_test is defined in tests/CMakeLists.txt).
