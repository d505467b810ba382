# Tests of engine/tokenizers (headmap_add_test is defined in tests/CMakeLists.txt).
