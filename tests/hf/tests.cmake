# Tests of engine/hf (headmap_add_test is defined in tests/CMakeLists.txt).
