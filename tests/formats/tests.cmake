# Tests of engine/formats (headmap_add_test is defined in tests/CMakeLists.txt).
